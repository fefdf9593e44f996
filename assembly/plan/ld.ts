// Long-distance route: fewest hops (1 AP each) carrying a white cube from a station of the row's first colour,
// through the row's remaining colours in order, to the goal (the player's new station), never using a hop twice
// (the same two stations along the same string, either direction: docs/rules/string-railway.md).
// Same reading as the engine's checkLongDistance / shortestJourney (web/engine/string/journey.ts).
//
// Input: the hop multigraph in adjStart/adj: w appears in v's list once per own string along which v and w are
// neighbours (so the hops between v and w are interchangeable: a journey may travel between them, either way, at
// most that many times). The colours are matched greedily (exact for "visits the colours in order").
//
// Search: iterative deepening over journeys (IDA*), pruned by h(v, k), the fewest hops from (station v, colours
// matched k) to the goal when hops may repeat, found by rounds of relaxation (an admissible bound). Sources in
// station order, neighbours in list order, each distinct neighbour once: the first journey found at the smallest
// bound is the answer, the same in the TypeScript twin (web/solvers/string/twin/ld.ts). The goal is tested when a
// hop reaches it, so a route has at least one hop (the engine's action lists at least two stations).
//
// Output `out`: the path of station indices (hops + 1 entries). Returns the hop count, or -1 if none within
// maxHops (taken as at most MAX_OUT - 1).
import { adj, adjStart, colour, MAX_ADJ, MAX_OUT, MAX_ST, out, white } from "./mem";
import { fresh } from "../glue/fresh";

const INF: i32 = 0x3fffffff;
/** h[4 v + k]: fewest hops from (v, k) to the goal with every colour, hops allowed to repeat; INF if none. */
const h = fresh<i32>(4 * MAX_ST);
/** used[slot]: times the pair whose slot this is has been travelled on the current journey (pairSlot). */
const used = fresh<i32>(MAX_ADJ);

let gGoal: i32 = 0;
let gLen: i32 = 0;
let gC1: i32 = 0;
let gC2: i32 = 0;
let gBound: i32 = 0;
let gOver: i32 = 0;
let gHops: i32 = 0;

@inline function step(k: i32, w: i32): i32 {
  const want = k == 1 ? gC1 : gC2;
  return k < gLen && unchecked(colour[w]) == want ? k + 1 : k;
}

/** The first entry of v's list that holds w (v's list holds w). */
@inline function firstEntry(v: i32, w: i32): i32 {
  let e = unchecked(adjStart[v]);
  while (unchecked(adj[e]) != w) e++;
  return e;
}

/**
 * The counter of the pair {v, w}: the first entry holding the larger station in the smaller station's list, or,
 * if that list lacks it (a one-sided list), the first entry of w in v's list (no other pair has that entry).
 */
function pairSlot(v: i32, w: i32): i32 {
  const a = min(v, w);
  const b = max(v, w);
  const e1 = unchecked(adjStart[a + 1]);
  for (let e = unchecked(adjStart[a]); e < e1; e++) if (unchecked(adj[e]) == b) return e;
  return firstEntry(v, w);
}

function dfs(v: i32, k: i32, d: i32): bool {
  const e0 = unchecked(adjStart[v]);
  const e1 = unchecked(adjStart[v + 1]);
  for (let e = e0; e < e1; e++) {
    const w = unchecked(adj[e]);
    if (firstEntry(v, w) != e) continue; // parallel hops are interchangeable: try w once
    let cap = 0;
    for (let x = e; x < e1; x++) if (unchecked(adj[x]) == w) cap++;
    const slot = pairSlot(v, w);
    const u = unchecked(used[slot]);
    if (u >= cap) continue;
    const k2 = step(k, w);
    if (w == gGoal && k2 == gLen) {
      unchecked((out[d + 1] = w));
      gHops = d + 1;
      return true;
    }
    const hw = unchecked(h[4 * w + k2]);
    if (hw == INF) continue;
    const f = d + 1 + hw;
    if (f > gBound) {
      if (f < gOver) gOver = f;
      continue;
    }
    unchecked((used[slot] = u + 1));
    unchecked((out[d + 1] = w));
    if (dfs(w, k2, d + 1)) return true;
    unchecked((used[slot] = u));
  }
  return false;
}

export function ldRoute(n: i32, goal: i32, c0: i32, c1: i32, c2: i32, len: i32, maxHops: i32): i32 {
  // The path fits `out`, and the search's depth stays bounded.
  if (maxHops > MAX_OUT - 1) maxHops = MAX_OUT - 1;
  gGoal = goal;
  gLen = len;
  gC1 = c1;
  gC2 = c2;
  for (let i = 0; i < 4 * n; i++) unchecked((h[i] = INF));
  const eEnd = unchecked(adjStart[n]);
  for (let e = 0; e < eEnd; e++) unchecked((used[e] = 0));
  let changed = true;
  for (let round = 0; changed && round <= maxHops; round++) {
    changed = false;
    for (let v = 0; v < n; v++) {
      for (let k = 1; k <= len; k++) {
        let best = unchecked(h[4 * v + k]);
        for (let e = unchecked(adjStart[v]); e < unchecked(adjStart[v + 1]); e++) {
          const w = unchecked(adj[e]);
          const k2 = step(k, w);
          const hw = unchecked(h[4 * w + k2]);
          const d = w == goal && k2 == len ? 1 : hw == INF ? INF : hw + 1;
          if (d < best) best = d;
        }
        if (best < unchecked(h[4 * v + k])) {
          unchecked((h[4 * v + k] = best));
          changed = true;
        }
      }
    }
  }
  let bound = INF;
  for (let s = 0; s < n; s++) {
    if (unchecked(colour[s]) != c0 || unchecked(white[s]) == 0) continue;
    bound = min(bound, unchecked(h[4 * s + 1]));
  }
  while (bound <= maxHops) {
    gBound = bound;
    gOver = INF;
    for (let s = 0; s < n; s++) {
      if (unchecked(colour[s]) != c0 || unchecked(white[s]) == 0) continue;
      const hs = unchecked(h[4 * s + 1]);
      if (hs > bound) {
        if (hs < gOver) gOver = hs;
        continue;
      }
      unchecked((out[0] = s));
      if (dfs(s, 1, 0)) return gHops;
    }
    bound = gOver;
  }
  return -1;
}
