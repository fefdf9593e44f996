/**
 * Builds the Train Game's shipped solver assets: the race table (web/data/train/race-<goal>.bin, format:
 * web/solvers/train/race-table.ts) from the Wasm solver, and the turn graph (web/data/train/turn-graph.bin, format:
 * web/solvers/train/turn-graph.ts) from model.ts. Run after changing the solver or the turn model:
 *
 *   npx tsx scripts/build-race-table.ts [--goal N] [--out FILE] [--check]
 *
 * `--out` names the race table's file (the turn graph always goes to its own). `--check` builds both and compares
 * them with the files on disk instead of writing (exit 1 if either differs).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { RACE_TOLERANCE } from "../web/solvers/train/index.ts";
import { buildTrainTables } from "../web/solvers/train/model.ts";
import { encodeRaceTable } from "../web/solvers/train/race-table.ts";
import { raceTablePath, turnGraphPath } from "../web/solvers/train/race-table-node.ts";
import { encodeTurnGraph } from "../web/solvers/train/turn-graph.ts";
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
const graph = encodeTurnGraph(buildTrainTables());
const graphOut = turnGraphPath();

if (values.check) {
  let ok = true;
  for (const [file, built, what] of [
    [out, bytes, `solved in ${ms.toFixed(0)} ms`],
    [graphOut, graph, "the turn graph"],
  ] as const) {
    const disk = new Uint8Array(await readFile(file));
    const same = disk.length === built.length && disk.every((b, i) => b === built[i]);
    ok &&= same;
    console.log(
      `${file}: ${same ? "up to date" : "DIFFERS from the build"} (${built.length} bytes, ${what})`,
    );
  }
  process.exit(ok ? 0 : 1);
}
await mkdir(dirname(out), { recursive: true });
await writeFile(out, bytes);
console.log(`wrote ${out}: ${bytes.length} bytes, X(0, 0) = ${race.x[0]}, solved in ${ms.toFixed(0)} ms`);
await writeFile(graphOut, graph);
console.log(`wrote ${graphOut}: ${graph.length} bytes`);
