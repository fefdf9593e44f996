/**
 * TypeScript twin of assembly/plan/ld.ts: the long-distance route, IDA* over journeys with no hop twice, with the
 * kernel's signature over the tables of mem.ts (docs/string-solvers.md).
 */
import { adj, adjStart, colour, MAX_ADJ, MAX_OUT, MAX_ST, out, white } from "./mem.ts";

const INF = 0x3fffffff;
/** h[4 v + k]: fewest hops from v with k colours of the route met to the goal (INF: none). */
const h = new Int32Array(4 * MAX_ST);
/** Times each station pair (its first adjacency slot) is used by the journey being searched. */
const used = new Int32Array(MAX_ADJ);
let gGoal = 0;
let gLen = 0;
let gC1 = 0;
let gC2 = 0;
let gBound = 0;
let gOver = 0;
let gHops = 0;
function step(k: number, w: number): number {
  const want = k === 1 ? gC1 : gC2;
  return k < gLen && colour[w] === want ? k + 1 : k;
}
function firstEntry(v: number, w: number): number {
  let e = adjStart[v]!;
  while (adj[e] !== w) e++;
  return e;
}
function pairSlot(v: number, w: number): number {
  const a = Math.min(v, w);
  const b = Math.max(v, w);
  const e1 = adjStart[a + 1]!;
  for (let e = adjStart[a]!; e < e1; e++) if (adj[e] === b) return e;
  return firstEntry(v, w);
}
function dfs(v: number, k: number, d: number): boolean {
  const e0 = adjStart[v]!;
  const e1 = adjStart[v + 1]!;
  for (let e = e0; e < e1; e++) {
    const w = adj[e]!;
    if (firstEntry(v, w) !== e) continue;
    let cap = 0;
    for (let x = e; x < e1; x++) if (adj[x] === w) cap++;
    const slot = pairSlot(v, w);
    const u = used[slot]!;
    if (u >= cap) continue;
    const k2 = step(k, w);
    if (w === gGoal && k2 === gLen) {
      out[d + 1] = w;
      gHops = d + 1;
      return true;
    }
    const hw = h[4 * w + k2]!;
    if (hw === INF) continue;
    const f = d + 1 + hw;
    if (f > gBound) {
      if (f < gOver) gOver = f;
      continue;
    }
    used[slot] = u + 1;
    out[d + 1] = w;
    if (dfs(w, k2, d + 1)) return true;
    used[slot] = u;
  }
  return false;
}
/**
 * Fewest hops of a long-distance route over n stations from a white cube on a station of colour c0, via c1 then c2
 * (the first `len` of c0, c1, c2), to `goal`, at most maxHops, no hop twice; the path goes into `out`. −1 if none.
 */
export function ldRoute(
  n: number,
  goal: number,
  c0: number,
  c1: number,
  c2: number,
  len: number,
  maxHops: number,
): number {
  if (maxHops > MAX_OUT - 1) maxHops = MAX_OUT - 1;
  gGoal = goal;
  gLen = len;
  gC1 = c1;
  gC2 = c2;
  h.fill(INF, 0, 4 * n);
  used.fill(0, 0, adjStart[n]!);
  let changed = true;
  for (let round = 0; changed && round <= maxHops; round++) {
    changed = false;
    for (let v = 0; v < n; v++) {
      for (let k = 1; k <= len; k++) {
        let best = h[4 * v + k]!;
        for (let e = adjStart[v]!; e < adjStart[v + 1]!; e++) {
          const w = adj[e]!;
          const k2 = step(k, w);
          const hw = h[4 * w + k2]!;
          const d = w === goal && k2 === len ? 1 : hw === INF ? INF : hw + 1;
          if (d < best) best = d;
        }
        if (best < h[4 * v + k]!) {
          h[4 * v + k] = best;
          changed = true;
        }
      }
    }
  }
  let bound = INF;
  for (let s = 0; s < n; s++) {
    if (colour[s] !== c0 || white[s] === 0) continue;
    bound = Math.min(bound, h[4 * s + 1]!);
  }
  while (bound <= maxHops) {
    gBound = bound;
    gOver = INF;
    for (let s = 0; s < n; s++) {
      if (colour[s] !== c0 || white[s] === 0) continue;
      const hs = h[4 * s + 1]!;
      if (hs > bound) {
        if (hs < gOver) gOver = hs;
        continue;
      }
      out[0] = s;
      if (dfs(s, 1, 0)) return gHops;
    }
    bound = gOver;
  }
  return -1;
}
