import { instantiate } from "../../../build/stringplan.release.js";
import { bindWasm, checkRange } from "../../wasm/glue.ts";
import {
  check,
  MAX_ADJ,
  MAX_BOARD,
  MAX_BUDGET,
  MAX_CAND,
  MAX_HOPS,
  MAX_OUT,
  MAX_PLACED,
  MAX_ST,
  type PlanKernel,
} from "./kernel.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;

/**
 * What this wrapper expects of the module's descriptor (assembly/stringplan.ts): the tables by their PlanKernel
 * names, and the limits. The twin (twin/*.ts) sizes its tables with kernel.ts's constants, so the module must
 * have the same ones (the discs buffer is the geometry's, sized by its own limit).
 */
export const STRING_PLAN_SPEC = {
  module: "stringplan",
  version: 3,
  buffers: {
    adjStart: "i32",
    adj: "i32",
    colour: "i32",
    white: "i32",
    cubes: "i32",
    pile: "i32",
    out: "i32",
    cand: "f64",
    candNv: "i32",
    candKind: "i32",
    board: "f64",
    mount: "f64",
    net: "i32",
    outsk: "i32",
    resI: "i32",
    resF: "f64",
    discs: "f64",
    placed: "f64",
    placedString: "i32",
  },
  limits: {
    stations: MAX_ST,
    adjacency: MAX_ADJ,
    out: MAX_OUT,
    candidates: MAX_CAND,
    boardVertices: MAX_BOARD,
    placedSegments: MAX_PLACED,
    discs: null,
    budget: MAX_BUDGET,
  },
} as const;

/**
 * The Wasm twin of reference.ts (assembly/stringplan.ts). Its buffers are static arrays allocated when the module
 * starts (stub runtime, nothing allocated per call), so the views, made once from the module's descriptor, stay
 * valid. Every kernel call is checked here first against the descriptor's limits (RangeError): counts, the
 * adjacency the graph kernels walk, the candidates' vertex counts; the kernels themselves do not check.
 */
export async function createWasmKernel(module: WebAssembly.Module): Promise<PlanKernel> {
  const ex: Exports = await instantiate(module, { env: {} });
  const glue = bindWasm(ex, STRING_PLAN_SPEC);
  const lim = glue.limits;
  const v = glue.views();
  const mem = ex.memory.buffer;

  /** n stations and the CSR graph in adjStart/adj: every entry a station below n, every index in `adj`. */
  const graph = (n: number): number => {
    checkRange("stations", n, 0, lim.stations);
    checkRange("adjacency entries", v.adjStart[n]!, 0, lim.adjacency);
    for (let s = 0; s < n; s++)
      if (!(v.adjStart[s]! >= 0 && v.adjStart[s]! <= v.adjStart[s + 1]!))
        throw new RangeError(`adjStart[${s}] = ${v.adjStart[s]} is not between 0 and adjStart[${s + 1}]`);
    for (let e = n > 0 ? v.adjStart[0]! : 0; e < v.adjStart[n]!; e++)
      checkRange(`adj[${e}]`, v.adj[e]!, 0, n - 1);
    return n;
  };

  const k: PlanKernel = {
    kind: "wasm",
    ...v,
    scoreCubes: (r, b, p, y, g, w) =>
      ex.scoreCubes(
        check.pileCount(r, "red"),
        check.pileCount(b, "blue"),
        check.pileCount(p, "purple"),
        check.pileCount(y, "yellow"),
        check.pileCount(g, "green"),
        check.pileCount(w, "white"),
      ),
    ldRoute(n, goal, c0, c1, c2, len, maxHops) {
      graph(n);
      checkRange("route colours", len, 1, 3); // the search's states are (station, colours matched 0..3)
      checkRange("maxHops", maxHops, 0, MAX_HOPS); // the search is exponential in it on dense networks
      return ex.ldRoute(n, goal, c0, c1, c2, len, maxHops);
    },
    planTransports(n, ap, tradesLeft) {
      graph(n);
      checkRange("tradesLeft", tradesLeft, 0, 2);
      checkRange("ap", ap, 0, lim.budget - tradesLeft);
      return ex.planTransports(n, ap, tradesLeft);
    },
    evaluate(nc, nd, ns, nb, nm, radius, apLeft) {
      checkRange("candidates", nc, 0, lim.candidates);
      checkRange("stations", nd, 0, Math.min(lim.stations, lim.discs));
      checkRange("placed segments", ns, 0, lim.placedSegments);
      checkRange("board vertices", nb, 3, lim.boardVertices);
      checkRange("mountain vertices", nm, 3, lim.boardVertices);
      if (!Number.isFinite(radius)) throw new RangeError(`radius ${radius} is not a finite number`);
      for (let i = 0; i < nc; i++) checkRange(`candNv[${i}]`, v.candNv[i]!, 2, 3);
      return ex.evaluate(nc, nd, ns, nb, nm, radius, apLeft);
    },
  };
  if (ex.memory.buffer !== mem) throw new Error("stringplan memory grew after start-up");
  return k;
}
