/**
 * Builds the race table asset (web/data/train/race-<goal>.bin, format: web/solvers/train/race-table.ts) from the
 * Wasm solver. Run after changing the solver:
 *
 *   npx tsx scripts/build-race-table.ts [--goal N] [--out FILE] [--check]
 *
 * `--check` solves and compares with the file on disk instead of writing (exit 1 if they differ).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { RACE_TOLERANCE } from "../web/solvers/train/index.ts";
import { encodeRaceTable } from "../web/solvers/train/race-table.ts";
import { raceTablePath } from "../web/solvers/train/race-table-node.ts";
import { createWasmKernel } from "../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";

const { values } = parseArgs({
  options: { goal: { type: "string", default: "100" }, out: { type: "string" }, check: { type: "boolean" } },
});
const goal = Number(values.goal);
const out = values.out ?? raceTablePath(goal);

const kernel = await createWasmKernel(await compileWasmNode("train"));
const t0 = performance.now();
let shown = 0;
const race = kernel.race((done) => {
  if (done - shown >= 0.25 || done === 1) {
    shown = done;
    process.stderr.write(`solving the race to ${goal}: ${Math.round(done * 100)}%\n`);
  }
}, goal);
const bytes = encodeRaceTable(race, RACE_TOLERANCE);
const ms = performance.now() - t0;

if (values.check) {
  const disk = new Uint8Array(await readFile(out));
  const same = disk.length === bytes.length && disk.every((b, i) => b === bytes[i]);
  console.log(
    `${out}: ${same ? "up to date" : "DIFFERS from the solver"} (${bytes.length} bytes, ${ms.toFixed(0)} ms)`,
  );
  process.exit(same ? 0 : 1);
}
await mkdir(dirname(out), { recursive: true });
await writeFile(out, bytes);
console.log(`wrote ${out}: ${bytes.length} bytes, X(0, 0) = ${race.x[0]}, solved in ${ms.toFixed(0)} ms`);
