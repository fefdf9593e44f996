/**
 * `rail string pairs FILE` end to end (issue #24): the built CLI (node bin/rail.mjs → dist/cli/rail.js, on its
 * main thread since bin/direct.ts, the Wasm kernel) against bench/isect-pairs.mjs (JSON.parse + isect bush, the
 * fastest peer on these inputs), each spawned as its own process on the same file, alternating rail, isect, rail,
 * isect… so that both see the same load; wall time of each process, best and median of `rounds`. Then the CLI's
 * phases in this process on the same text: read, the one-pass scan into the Float64Array (its first, cold call
 * and its best), the Wasm kernel (read, scan and kernel alternating, best of 7), and the path it replaced
 * (JSON.parse, the depth walk that built a JSON pointer per value, the field checks), once.
 *
 * Files: `randomSparse(n, 3)` (bench/string.bench.ts: n segments of length ≤ 10 in a square of side 10·√n,
 * about 0.08 crossings each) written with JSON.stringify (16–17 significant digits, the slow case for number
 * reading) and the same segments rounded to 3 decimals (≤ 15 digits). The counts are checked equal (general
 * position: isect bush reports our count) before timing.
 *
 * Run: npx tsx -e 'import("./bench/string-cli.bench.ts").then(m=>m.run())'   (builds dist/cli if missing)
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { readText } from "../bin/files.ts";
import { parseJsonText } from "../web/cli/args.ts";
import { parseSegmentsFile, scanSegmentsText } from "../web/games/string/pairs.ts";
import { createStringGeometryWasm } from "../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";
import { randomSparse } from "./string.bench.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

function spawnMs(args: string[]): { ms: number; out: string } {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 20 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout.trim() };
}

function stats(t: number[]): { best: number; median: number } {
  const s = [...t].sort((a, b) => a - b);
  return { best: s[0]!, median: s[Math.floor(s.length / 2)]! };
}

function bestOf(k: number, fn: () => void): number {
  let best = Infinity;
  for (let i = 0; i < k; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

export async function run(sizes = [10_000, 100_000], rounds = 7): Promise<void> {
  if (!existsSync(join(root, "dist/cli/rail.js")))
    execFileSync(process.execPath, ["scripts/build-cli.mjs"], { cwd: root });
  const dir = mkdtempSync(join(os.tmpdir(), "rail-pairs-bench-"));
  const wasm = await createStringGeometryWasm(await compileWasmNode("string", "release"));
  console.log(
    `rail string pairs end to end: node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)}; wall ms per process, ${rounds} alternating rounds`,
  );
  const rows: Record<string, string | number>[] = [];
  try {
    for (const n of sizes) {
      const flat = randomSparse(n, 3);
      const seg = (round: boolean) => {
        const out: number[][] = [];
        for (let i = 0; i < flat.length; i += 4) {
          const s = flat.slice(i, i + 4);
          out.push(round ? s.map((v) => Math.round(v * 1000) / 1000) : s);
        }
        return out;
      };
      for (const [kind, round] of [
        ["17 digits", false],
        ["3 decimals", true],
      ] as const) {
        const file = join(dir, `n${n}-${round ? "r" : "f"}.json`);
        writeFileSync(file, JSON.stringify({ segments: seg(round) }));
        const rail = ["bin/rail.mjs", "string", "pairs", file];
        const peer = ["bench/isect-pairs.mjs", file];
        const a = spawnMs(rail).out;
        const b = spawnMs(peer).out;
        if (a !== b) throw new Error(`counts differ on ${file}: rail ${a}, isect ${b}`);
        const tr: number[] = [];
        const ti: number[] = [];
        for (let r = 0; r < rounds; r++) {
          tr.push(spawnMs(rail).ms);
          ti.push(spawnMs(peer).ms);
        }
        const sr = stats(tr);
        const si = stats(ti);
        // The CLI's phases in this process, on the same text: the first scan (what one `rail` run does, before the
        // code is optimized), then read, scan and kernel alternating (best of 7), and once the path `pairs` took
        // before (JSON.parse, the depth walk building a pointer per value, the field checks).
        const text = readText(file, "");
        const t0 = performance.now();
        const segments = scanSegmentsText(text)!;
        const firstScan = performance.now() - t0;
        const phases = { read: Infinity, scan: Infinity, kernel: Infinity };
        for (let k = 0; k < 7; k++) {
          phases.read = Math.min(
            phases.read,
            bestOf(1, () => readText(file, "")),
          );
          phases.scan = Math.min(
            phases.scan,
            bestOf(1, () => scanSegmentsText(text)),
          );
          phases.kernel = Math.min(
            phases.kernel,
            bestOf(1, () => wasm.countIntersectingPairs(segments, undefined, 5e7)),
          );
        }
        const before = bestOf(1, () => parseSegmentsFile(parseJsonText(text, "f", Number.POSITIVE_INFINITY)));
        rows.push({
          file: `${n} segments, ${kind} (${(text.length / 1e6).toFixed(1)} MB)`,
          pairs: JSON.parse(a).pairs,
          railBest: sr.best.toFixed(0),
          railMedian: sr.median.toFixed(0),
          isectBest: si.best.toFixed(0),
          isectMedian: si.median.toFixed(0),
          "isect/rail (best)": `${(si.best / sr.best).toFixed(2)}×`,
          "isect/rail (median)": `${(si.median / sr.median).toFixed(2)}×`,
          readMs: phases.read.toFixed(1),
          firstScanMs: firstScan.toFixed(1),
          scanMs: phases.scan.toFixed(1),
          beforeMs: before.toFixed(1),
          kernelMs: phases.kernel.toFixed(1),
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.table(rows);
  const empty = join(os.tmpdir(), `rail-pairs-empty-${process.pid}.json`);
  writeFileSync(empty, '{"segments":[]}');
  try {
    const t: number[] = [];
    for (let r = 0; r < rounds; r++) t.push(spawnMs(["bin/rail.mjs", "string", "pairs", empty]).ms);
    const plain: number[] = [];
    for (let r = 0; r < rounds; r++) plain.push(spawnMs(["-e", "0"]).ms);
    console.log(
      `fixed cost: rail on an empty file best ${stats(t).best.toFixed(0)} ms (median ${stats(t).median.toFixed(0)}), ` +
        `node -e 0 best ${stats(plain).best.toFixed(0)} ms (median ${stats(plain).median.toFixed(0)})`,
    );
  } finally {
    rmSync(empty, { force: true });
  }
}
