/**
 * A Wasm module's start (assembly/glue/fresh.ts): instantiating each release module, as every String engine, hint
 * solver and `rail` run does, side by side with the same instantiation followed by a zero fill of the memory its
 * start allocated (from the first buffer to the end of memory), about what each start did while its buffers were
 * made with `new StaticArray` (the fill touched every page of them; their module-level buffers fill nearly all of
 * that memory). benchmark.js, in this process (memory pages freed by earlier instances may be reused here, so a
 * fresh process pays more: docs/benchmarks.md "Wasm module start" has the cold CLI, A/B).
 *
 * Run: npm run bench -- wasm-start, or npx tsx -e 'import("./bench/wasm-start.bench.ts").then(m=>m.run())'
 */
import Benchmark from "benchmark";
import { elementBytes, readDescriptor } from "../web/wasm/glue.ts";
import { compileWasmNode, type WasmName } from "../web/wasm/node.ts";

/** Mean ms per call of `fn` (benchmark.js). */
function meanMs(name: string, fn: () => void): number {
  const b = new Benchmark(name, fn, { maxTime: 1.5, minSamples: 5, initCount: 1 });
  b.run();
  if (b.error) throw b.error;
  return 1000 / b.hz;
}

export async function run(): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  for (const name of ["string", "stringplan", "light", "train"] as WasmName[]) {
    const module = await compileWasmNode(name, "release");
    const imports = { env: { abort: () => {}, seed: () => 1 } };
    const start = () =>
      new WebAssembly.Instance(module, imports).exports as unknown as {
        memory: WebAssembly.Memory;
        descriptor(): number;
      };
    const first = start();
    const d = readDescriptor(first.memory, first.descriptor());
    const bytes = Object.values(d.buffers).reduce((n, b) => n + b.length * elementBytes(b.type), 0);
    const now = meanMs(`${name} start`, () => void start());
    // The heap starts at or below the first buffer (the descriptor block is the first allocation).
    const heap = Math.min(first.descriptor(), ...Object.values(d.buffers).map((b) => b.offset));
    const filled = meanMs(`${name} start + fill`, () => {
      const ex = start();
      new Uint8Array(ex.memory.buffer).fill(0, heap);
    });
    rows.push({
      module: name,
      "memory KiB": first.memory.buffer.byteLength >> 10,
      "listed buffers KiB": Math.round(bytes / 1024),
      "start ms": now.toFixed(2),
      "start + fill of the heap ms (as before)": filled.toFixed(2),
      "fill / start": `${(filled / now).toFixed(1)}×`,
    });
  }
  console.log("Wasm module start: instantiate, and instantiate + zero fill of its heap (mean ms)");
  console.table(rows);
}
