/**
 * `rail string pairs FILE` end to end (issue #24): the built CLI (node bin/rail.mjs → dist/cli/rail.js, on its
 * main thread: bin/direct.ts reads the file straight into the Wasm module's memory, the module's reader parses it
 * there and the kernel counts) against bench/isect-pairs.mjs (JSON.parse + isect bush, the fastest peer on these
 * inputs) and `node -e 0` (Node's own start), each spawned as its own process on the same file, in turn (rail, isect,
 * node, rail, …) so that all see the same load; wall time of each process, best and median of `rounds`. "Beyond
 * Node's start" subtracts `node -e 0`'s time from both before dividing.
 *
 * Then the CLI's steps: cold, each in a fresh process (bench/string-cli-cold.ts: compile and instantiate, read and
 * scan in chunks through the module's `text`, kernel; and, in the other process of each pair, the whole file read
 * into `text`, then scanned; wall and CPU ms, median of the rounds), and warm in this process (chunked read+scan,
 * whole read, scan and kernel alternating, best of 7), with the JavaScript path it replaced (read as text, the
 * one-pass JS scan).
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
import { readFileInto, readText, withFileReads } from "../bin/files.ts";
import { scanSegmentsText } from "../web/games/string/pairs.ts";
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

const median = (t: number[]): number => stats(t).median;

async function timed(fn: () => unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function run(sizes = [10_000, 100_000], rounds = 9): Promise<void> {
  if (!existsSync(join(root, "dist/cli/rail.js")))
    execFileSync(process.execPath, ["scripts/build-cli.mjs"], { cwd: root });
  const dir = mkdtempSync(join(os.tmpdir(), "rail-pairs-bench-"));
  const wasm = await createStringGeometryWasm(await compileWasmNode("string", "release"));
  const load0 = os.loadavg()[0]!;
  console.log(
    `rail string pairs end to end: node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, ` +
      `load average ${load0.toFixed(1)} at the start; wall ms per process, ${rounds} rounds in turn`,
  );
  const ends: Record<string, string | number>[] = [];
  const steps: Record<string, string | number>[] = [];
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
        const name = `${n} segments, ${kind}`;
        const rail = ["bin/rail.mjs", "string", "pairs", file];
        const peer = ["bench/isect-pairs.mjs", file];
        const a = spawnMs(rail).out;
        const b = spawnMs(peer).out;
        if (a !== b) throw new Error(`counts differ on ${file}: rail ${a}, isect ${b}`);
        const tr: number[] = [];
        const ti: number[] = [];
        const tn: number[] = [];
        const cold: Record<string, { wall: number; cpu: number }>[] = [];
        const coldWhole: Record<string, { wall: number; cpu: number }>[] = [];
        for (let r = 0; r < rounds; r++) {
          tr.push(spawnMs(rail).ms);
          ti.push(spawnMs(peer).ms);
          tn.push(spawnMs(["-e", "0"]).ms);
          if (r < 5) {
            const c = JSON.parse(spawnMs(["--import", "tsx", "bench/string-cli-cold.ts", file]).out);
            if (c.pairs !== JSON.parse(a).pairs) throw new Error(`cold run: ${c.pairs} pairs, rail ${a}`);
            const w = JSON.parse(spawnMs(["--import", "tsx", "bench/string-cli-cold.ts", file, "whole"]).out);
            if (w.pairs !== c.pairs) throw new Error(`cold run (whole): ${w.pairs} pairs, rail ${a}`);
            coldWhole.push(w.steps);
            cold.push(c.steps);
          }
        }
        const [sr, si, sn] = [stats(tr), stats(ti), stats(tn)];
        const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
        ends.push({
          file: `${name} (${pairsOf(a)} pairs)`,
          "rail best/median": `${sr.best.toFixed(0)} / ${sr.median.toFixed(0)}`,
          "isect best/median": `${si.best.toFixed(0)} / ${si.median.toFixed(0)}`,
          "node -e 0 best/median": `${sn.best.toFixed(0)} / ${sn.median.toFixed(0)}`,
          "isect/rail best, median": `${ratio(si.best, sr.best)}, ${ratio(si.median, sr.median)}`,
          "beyond Node start best, median": `${ratio(si.best - sn.best, sr.best - sn.best)}, ${ratio(si.median - sn.median, sr.median - sn.median)}`,
        });
        // Warm, in this process: read into the module's text, scan, kernel alternating (best of 7); then the JS path.
        let length = 0;
        const warm = {
          chunks: Infinity,
          read: Infinity,
          scan: Infinity,
          kernel: Infinity,
          jsRead: Infinity,
          jsScan: Infinity,
        };
        let count = 0;
        for (let k = 0; k < 7; k++) {
          warm.chunks = Math.min(
            warm.chunks,
            await timed(async () => {
              count = await withFileReads(file, "", (size, read) => wasm.scanFile(size, read));
            }),
          );
          warm.read = Math.min(
            warm.read,
            await timed(async () => {
              length = await readFileInto(file, "", (bytes) => wasm.textBuffer(bytes));
            }),
          );
          warm.scan = Math.min(
            warm.scan,
            await timed(() => {
              count = wasm.scanSegments(length);
            }),
          );
          warm.kernel = Math.min(warm.kernel, await timed(() => wasm.countScannedPairs(count, 5e7)));
          let text = "";
          warm.jsRead = Math.min(
            warm.jsRead,
            await timed(() => {
              text = readText(file, "");
            }),
          );
          warm.jsScan = Math.min(warm.jsScan, await timed(() => scanSegmentsText(text)));
        }
        const c = (step: string, what: "wall" | "cpu", runs = cold) =>
          median(runs.map((x) => x[step]![what])).toFixed(1);
        steps.push({
          file: `${name} (${(length / 1e6).toFixed(1)} MB)`,
          "cold wasm (compile+instantiate)": `${c("wasm", "wall")} / ${c("wasm", "cpu")}`,
          "cold read+scan in chunks": `${c("readscan", "wall")} / ${c("readscan", "cpu")}`,
          "cold whole: read / scan / read+scan": `${c("read", "wall", coldWhole)} / ${c("read", "cpu", coldWhole)}, ${c("scan", "wall", coldWhole)} / ${c("scan", "cpu", coldWhole)}, ${c("readscan", "wall", coldWhole)} / ${c("readscan", "cpu", coldWhole)}`,
          "cold kernel": `${c("kernel", "wall")} / ${c("kernel", "cpu")}`,
          "warm chunks / whole read / scan / kernel": `${warm.chunks.toFixed(1)} / ${warm.read.toFixed(1)} / ${warm.scan.toFixed(1)} / ${warm.kernel.toFixed(1)}`,
          "warm JS path: read as text / JS scan": `${warm.jsRead.toFixed(1)} / ${warm.jsScan.toFixed(1)}`,
        });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.table(ends);
  console.log(
    "steps: cold = median of 5 fresh processes, wall / CPU ms (CPU: all threads); warm = best of 7 in this process",
  );
  console.table(steps);
  const empty = join(os.tmpdir(), `rail-pairs-empty-${process.pid}.json`);
  writeFileSync(empty, '{"segments":[]}');
  try {
    const t: number[] = [];
    const plain: number[] = [];
    for (let r = 0; r < rounds; r++) {
      t.push(spawnMs(["bin/rail.mjs", "string", "pairs", empty]).ms);
      plain.push(spawnMs(["-e", "0"]).ms);
    }
    console.log(
      `fixed cost: rail on an empty file best ${stats(t).best.toFixed(0)} ms (median ${stats(t).median.toFixed(0)}), ` +
        `node -e 0 best ${stats(plain).best.toFixed(0)} ms (median ${stats(plain).median.toFixed(0)}); ` +
        `load average ${load0.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`,
    );
  } finally {
    rmSync(empty, { force: true });
  }
}

const pairsOf = (out: string): number => (JSON.parse(out) as { pairs: number }).pairs;
