import { instantiate } from "../../../build/stringplan.release.js";
import { MAX_ADJ, MAX_BOARD, MAX_CAND, MAX_OUT, MAX_PLACED, MAX_ST, type PlanKernel } from "./kernel.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;

/**
 * The Wasm twin of reference.ts (assembly/stringplan.ts). Its buffers are static arrays allocated when the module
 * starts (stub runtime, nothing allocated per call), so the views below, made once, stay valid. Limits are
 * checked by the callers (model.ts) before a kernel runs; here they are checked once against the module's own.
 */
export async function createWasmKernel(module: WebAssembly.Module): Promise<PlanKernel> {
  const ex: Exports = await instantiate(module, { env: {} });
  const limits = [MAX_ST, MAX_ADJ, MAX_OUT, MAX_CAND, MAX_BOARD, MAX_PLACED];
  limits.forEach((v, i) => {
    if (ex.limit(i) !== v) throw new Error(`stringplan limit ${i} is ${ex.limit(i)}, expected ${v}`);
  });
  const mem = ex.memory.buffer;
  const i32 = (which: number, n: number) => new Int32Array(mem, ex.ptr(which), n);
  const f64 = (which: number, n: number) => new Float64Array(mem, ex.ptr(which), n);
  const k: PlanKernel = {
    kind: "wasm",
    adjStart: i32(0, MAX_ST + 1),
    adj: i32(1, MAX_ADJ),
    colour: i32(2, MAX_ST),
    white: i32(3, MAX_ST),
    cubes: i32(4, 6 * MAX_ST),
    pile: i32(5, 6),
    out: i32(6, MAX_OUT),
    cand: f64(7, 6 * MAX_CAND),
    candNv: i32(8, MAX_CAND),
    candKind: i32(9, MAX_CAND),
    board: f64(10, 2 * MAX_BOARD),
    mount: f64(11, 2 * MAX_BOARD),
    net: i32(12, MAX_ST),
    outsk: i32(13, MAX_ST),
    resI: i32(14, 5 * MAX_CAND),
    resF: f64(15, 2 * MAX_CAND),
    discs: f64(16, 2 * 1024),
    placed: f64(17, 4 * MAX_PLACED),
    scoreCubes: (r, b, p, y, g, w) => ex.scoreCubes(r, b, p, y, g, w),
    ldRoute: (n, goal, c0, c1, c2, len, maxHops) => ex.ldRoute(n, goal, c0, c1, c2, len, maxHops),
    planTransports: (n, ap, tradesLeft) => ex.planTransports(n, ap, tradesLeft),
    evaluate: (nc, nd, ns, nb, nm, radius, apLeft) => ex.evaluate(nc, nd, ns, nb, nm, radius, apLeft),
  };
  if (ex.memory.buffer !== mem) throw new Error("stringplan memory grew after start-up");
  return k;
}
