/**
 * One cold run of `rail string pairs FILE`'s steps, for bench/string-cli.bench.ts: spawned as a fresh process
 * (`node --import tsx bench/string-cli-cold.ts FILE`) so that the Wasm code is as cold as in one `rail` run; prints
 * one JSON line of wall and CPU ms per step (CPU: process.cpuUsage, every thread of the process: the compiler's
 * background threads too). The steps are bin/direct.ts's: compile and instantiate the String module, read the file
 * in 256 KiB chunks through its `text` buffer and parse each there (`readscan`: bin/files.ts withFileReads,
 * scanFile), count (the kernel). With `whole` after FILE: the way before, read the whole file into `text`
 * (readFileInto, `read`), then parse it (scanSegments, `scan`).
 */
import { readFileInto, withFileReads } from "../bin/files.ts";
import { createStringGeometryWasm } from "../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";

const file = process.argv[2]!;
const steps: Record<string, { wall: number; cpu: number }> = {};
let wall = performance.now();
let cpu = process.cpuUsage();
const mark = (name: string): void => {
  const w = performance.now();
  const c = process.cpuUsage();
  steps[name] = { wall: w - wall, cpu: (c.user + c.system - cpu.user - cpu.system) / 1000 };
  wall = w;
  cpu = c;
};
const wasm = await createStringGeometryWasm(await compileWasmNode("string", "release"));
mark("wasm");
let n: number;
if (process.argv[3] === "whole") {
  const length = await readFileInto(file, "usage", (bytes) => wasm.textBuffer(bytes));
  mark("read");
  n = wasm.scanSegments(length);
  mark("scan");
  steps.readscan = { wall: steps.read!.wall + steps.scan!.wall, cpu: steps.read!.cpu + steps.scan!.cpu };
} else {
  n = await withFileReads(file, "usage", (size, read) => wasm.scanFile(size, read));
  mark("readscan");
}
const pairs = wasm.countScannedPairs(n, 5e7);
mark("kernel");
console.log(JSON.stringify({ n, pairs, steps }));
