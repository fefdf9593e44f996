/**
 * The String Railway planning kernels: one interface, two engines over the same flat tables: the plain
 * TypeScript twin (reference.ts over twin/<file>.ts, one file per assembly/plan/<file>.ts) and the Wasm module (wasm.ts, assembly/stringplan.ts). The caller fills the
 * input views, then calls a kernel with counts. Layouts (docs/string-solvers.md, assembly/plan/mem.ts):
 *
 * - `adjStart[0..n]`, `adj`: CSR adjacency (Int32). Long distance: the hop multigraph (w in v's list once per own
 *   string that joins them); transports: the connection graph.
 * - `colour[v]` (Int32): long distance: route colour 0 red, 1 blue, 2 purple, 3 yellow, −1 none; transports and
 *   hints: scoring colour 0..4 (4 green), −1 none.
 * - `white[v]`: 1 when station v holds a white cube (long distance). `cubes[6 v + c]`: cubes of colour c on v
 *   (colour order of CUBE_COLOURS, 5 = white). `pile[0..5]`: the score pile.
 * - `out`: kernel outputs (ldRoute: the station path; planTransports: see `planTransports`).
 * - Hints: `cand` (Float64) 6 slots per candidate `[x0, y0, x1, y1, x2, y2]`, `candNv` 2 or 3, `candKind` 0 short,
 *   1 long; `board`, `mount` polygons `[x0, y0, …]`; `discs` station centres; `placed` other players' segments
 *   `[x1, y1, x2, y2, …]` and `placedString` their string ids; `net[v]` 1 when v is on the player's network; `outsk[v]` 1 for outskirts.
 *   Results: `resI[5 i ..]` = error code, stations visited, crossings, mountain 0/1, AP; `resF[2 i ..]` = length,
 *   value (−1e9 when illegal).
 */
export const MAX_ST = 256;
export const MAX_ADJ = 16384;
export const MAX_OUT = 4096;
export const MAX_CAND = 16384;
export const MAX_BOARD = 512;
export const MAX_PLACED = 8192;
/** AP + trades the transport search takes (the game's range is 0..6 + 2). */
export const MAX_BUDGET = 16;
/**
 * Most hops a long-distance search takes: the most AP a turn can have (a 6 AP locomotive and two cube-for-AP
 * trades). A journey is paid in one action, so a longer one can never be resolved; and the exact search over
 * journeys with no hop twice grows exponentially with the bound on dense networks (docs/string-solvers.md).
 */
export const MAX_HOPS = 8;

/** Route error codes of `evaluate`, index = code (0 = legal), as the engine's `checkRoute` rule ids. */
export const ROUTE_ERRORS = [
  null,
  "string.too-long",
  "string.leaves-board",
  "string.touches-board-edge",
  "string.endpoint-not-in-station",
  "string.same-station-twice",
] as const;

export interface PlanKernel {
  readonly kind: "reference" | "wasm";
  readonly adjStart: Int32Array;
  readonly adj: Int32Array;
  readonly colour: Int32Array;
  readonly white: Int32Array;
  readonly cubes: Int32Array;
  readonly pile: Int32Array;
  readonly out: Int32Array;
  readonly cand: Float64Array;
  readonly candNv: Int32Array;
  readonly candKind: Int32Array;
  readonly board: Float64Array;
  readonly mount: Float64Array;
  readonly net: Int32Array;
  readonly outsk: Int32Array;
  readonly resI: Int32Array;
  readonly resF: Float64Array;
  readonly discs: Float64Array;
  readonly placed: Float64Array;
  /** The string id of each of `placed`'s segments (one id per rival string: meeting places count per string). */
  readonly placedString: Int32Array;
  /** Exact maximum score of a pile (red, blue, purple, yellow, green, white counts). */
  scoreCubes(r: number, b: number, p: number, y: number, g: number, w: number): number;
  /**
   * Fewest hops of a long-distance route over n stations from a white cube on a station of colour c0, via c1
   * then c2 (the first `len` of c0, c1, c2), to `goal`, at most maxHops (0..MAX_HOPS), no hop twice; the path
   * goes into `out`. −1 if none.
   */
  ldRoute(n: number, goal: number, c0: number, c1: number, c2: number, len: number, maxHops: number): number;
  /**
   * Best transport plan with `ap` AP and `tradesLeft` cube-for-AP trades. `out` = [score, trades, tradeColour0,
   * tradeColour1 (−1 none), apSpent, moves, (from, to, colour) × moves]. Returns the score.
   */
  planTransports(n: number, ap: number, tradesLeft: number): number;
  /** Evaluates nc candidate strings (see the layouts); returns how many are legal. */
  evaluate(
    nc: number,
    nd: number,
    ns: number,
    nb: number,
    nm: number,
    radius: number,
    apLeft: number,
  ): number;
}

function intIn(v: number, name: string, min: number, max: number): number {
  if (!Number.isInteger(v) || v < min || v > max)
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${v}`);
  return v;
}

/** Checks of the kernel arguments, before they reach Wasm (RangeError). */
export const check = {
  stations: (n: number) => intIn(n, "stations", 0, MAX_ST),
  adjacency: (e: number) => intIn(e, "adjacency entries", 0, MAX_ADJ),
  hops: (maxHops: number) => intIn(maxHops, "maxHops", 0, MAX_HOPS),
  budget: (ap: number, trades: number) => {
    intIn(trades, "tradesLeft", 0, 2);
    intIn(ap, "ap", 0, MAX_BUDGET - trades);
  },
  candidates: (nc: number) => intIn(nc, "candidates", 0, MAX_CAND),
  polygon: (np: number) => intIn(np, "polygon vertices", 3, MAX_BOARD),
  placed: (ns: number) => intIn(ns, "placed segments", 0, MAX_PLACED),
  pileCount: (v: number, name: string) => intIn(v, name, 0, 94),
};
