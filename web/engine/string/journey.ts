/**
 * Long-distance journeys (docs/rules/string-railway.md § Long-distance tiles, § No hop twice):
 * the hop multigraph of a player's strings, the no-hop-twice check, and the exact fewest-hop search.
 *
 * A *hop* is two stations next to each other in the station list of one of the player's strings, that string
 * named: the same two stations along another string are another hop, the same two stations twice along one string
 * (a string that goes A, B, A) are one hop. A journey never uses a hop twice, in either direction. The action
 * lists only stations, so the engine assigns the strings: the hops between two stations are interchangeable, so a
 * journey can be assigned strings with no hop twice exactly when each pair of stations is travelled (either way)
 * at most as often as the player's strings join them. That count is the whole check; no search is needed.
 *
 * Stations are the engine's `state.stations` indices. `hopGraph(strings, n)[v]` lists each neighbour w of v once
 * per string along which v and w are neighbours (a multigraph; the planning kernel reads the same lists,
 * assembly/plan/ld.ts).
 */

/** Station lists of the player's strings (`PlacedString.stations`). */
export type StationLists = readonly (readonly number[])[];

/** For each station, its neighbours along the strings: each neighbour once per string that joins them. */
export function hopGraph(strings: StationLists, n: number): number[][] {
  const out: number[][] = Array.from({ length: n }, () => []);
  for (const st of strings) {
    const seen = new Set<number>();
    for (let i = 0; i + 1 < st.length; i++) {
      const a = st[i]!;
      const b = st[i + 1]!;
      if (a === b) continue;
      const key = a < b ? a * n + b : b * n + a;
      if (seen.has(key)) continue; // the same two stations twice along one string: one hop
      seen.add(key);
      out[a]!.push(b);
      out[b]!.push(a);
    }
  }
  return out;
}

/**
 * The first pair of consecutive stations of `path` travelled more often than the strings join them, as
 * `[a, b]`, or null when strings can be assigned to the hops with no hop twice. Assumes every consecutive pair is
 * joined by at least one string (checked before).
 */
export function hopUsedTwice(
  graph: readonly (readonly number[])[],
  path: readonly number[],
): [number, number] | null {
  const n = graph.length;
  const used = new Map<number, number>();
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const key = a < b ? a * n + b : b * n + a;
    const u = (used.get(key) ?? 0) + 1;
    used.set(key, u);
    let cap = 0;
    for (const w of graph[a]!) if (w === b) cap++;
    if (u > cap) return [a, b];
  }
  return null;
}

/**
 * The search's bound for `shortestJourney` from any start to `goal` through `colours[1..]`: `h[v * 4 + k]` is the
 * fewest hops from station v with k colours matched to the goal with every colour, hops allowed to repeat
 * (breadth-first relaxation, at most `maxHops` rounds; `Number.MAX_SAFE_INTEGER` where none). It depends on the
 * goal and the colours only: compute it once for every start of one tile row.
 */
export function journeyBounds(
  graph: readonly (readonly number[])[],
  colourOf: readonly number[],
  colours: readonly number[],
  goal: number,
  maxHops: number,
): number[] {
  const n = graph.length;
  const len = colours.length;
  const next = (k: number, w: number): number => (k < len && colourOf[w] === colours[k] ? k + 1 : k);
  const INF = Number.MAX_SAFE_INTEGER;
  const h = new Array<number>(4 * n).fill(INF);
  for (let changed = true, round = 0; changed && round <= maxHops; round++) {
    changed = false;
    for (let v = 0; v < n; v++) {
      for (let k = 1; k <= len; k++) {
        let best = h[4 * v + k]!;
        for (const w of graph[v]!) {
          const k2 = next(k, w);
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
  return h;
}

/**
 * The fewest-hop journey (at most `maxHops` hops, at least one) from `start` through the colours
 * `colours[1..]` in order to `goal`, using no hop twice; `colourOf[v]` is station v's route colour (a code, or -1).
 * The start counts as `colours[0]` (the caller checks it). Exact: iterative deepening over journeys, pruned by the
 * fewest hops left when hops may repeat (`journeyBounds`, an admissible bound; pass `h` when several starts share
 * one goal and row). Neighbours in list order, so the answer is deterministic. Null when there is none.
 */
export function shortestJourney(
  graph: readonly (readonly number[])[],
  colourOf: readonly number[],
  colours: readonly number[],
  start: number,
  goal: number,
  maxHops: number,
  h: readonly number[] = journeyBounds(graph, colourOf, colours, goal, maxHops),
): number[] | null {
  const n = graph.length;
  const len = colours.length;
  const next = (k: number, w: number): number => (k < len && colourOf[w] === colours[k] ? k + 1 : k);
  const INF = Number.MAX_SAFE_INTEGER;
  // Pairs in use: key a·n + b with a < b. Capacity: how often w appears in graph[v].
  const used = new Map<number, number>();
  const path = [start];
  let bound = h[4 * start + 1]!;
  let over = INF;
  const dfs = (v: number, k: number, d: number): boolean => {
    const nb = graph[v]!;
    for (let i = 0; i < nb.length; i++) {
      const w = nb[i]!;
      if (nb.indexOf(w) !== i) continue; // parallel hops are interchangeable: try w once
      const key = v < w ? v * n + w : w * n + v;
      const u = used.get(key) ?? 0;
      let cap = 0;
      for (const x of nb) if (x === w) cap++;
      if (u >= cap) continue;
      const k2 = next(k, w);
      if (w === goal && k2 === len) {
        path.push(w);
        return true;
      }
      const hw = h[4 * w + k2]!;
      if (hw === INF) continue;
      const f = d + 1 + hw;
      if (f > bound) {
        if (f < over) over = f;
        continue;
      }
      used.set(key, u + 1);
      path.push(w);
      if (dfs(w, k2, d + 1)) return true;
      path.pop();
      used.set(key, u);
    }
    return false;
  };
  while (bound <= maxHops) {
    over = INF;
    if (dfs(start, 1, 0)) return path;
    bound = over;
  }
  return null;
}
