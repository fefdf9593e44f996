// Long-distance route: fewest hops (1 AP each) carrying a white cube from a station of the row's first colour,
// through the row's remaining colours in order, to the goal (the player's new station). Breadth-first search
// over states (station v, colours matched k); a hop to w advances k when w's route colour is the next one
// (greedy matching is exact for "visits the colours in order": an earlier match never hurts). All valid
// starts are sources at once (state (s, 1)), in station order; the goal is tested when a hop reaches it, so a route has at least one hop
// (the engine's action lists at least two stations).
// Same as the engine's checkLongDistance / longDistanceCandidates reading (docs/rules/string-railway.md).
//
// Output `out`: the path of station indices (hops + 1 entries). Returns the hop count, or -1 if none within
// maxHops.
import { adj, adjStart, colour, MAX_ST, out, white } from "./mem";

const prev = new StaticArray<i32>(4 * MAX_ST);
const queue = new StaticArray<i32>(4 * MAX_ST);
const depth = new StaticArray<i32>(4 * MAX_ST);

export function ldRoute(n: i32, goal: i32, c0: i32, c1: i32, c2: i32, len: i32, maxHops: i32): i32 {
  for (let i = 0; i < 4 * n; i++) unchecked((prev[i] = -2));
  let head = 0;
  let tail = 0;
  for (let s = 0; s < n; s++) {
    if (unchecked(colour[s]) != c0 || unchecked(white[s]) == 0) continue;
    const st = 4 * s + 1;
    unchecked((prev[st] = -1));
    unchecked((depth[st] = 0));
    unchecked((queue[tail++] = st));
  }
  let found = -1;
  let goalState = -1;
  while (head < tail && found < 0) {
    const cur = unchecked(queue[head++]);
    const v = cur >> 2;
    const k = cur & 3;
    const d = unchecked(depth[cur]);
    if (d >= maxHops) continue;
    for (let e = unchecked(adjStart[v]); e < unchecked(adjStart[v + 1]); e++) {
      const w = unchecked(adj[e]);
      const want = k == 1 ? c1 : c2;
      const k2 = k < len && unchecked(colour[w]) == want ? k + 1 : k;
      const nk = 4 * w + k2;
      if (w == goal && k2 == len) {
        // Checked before `visited`: the goal state may itself be a source (row C from the new station).
        found = cur;
        goalState = nk;
        break;
      }
      if (unchecked(prev[nk]) != -2) continue;
      unchecked((prev[nk] = cur));
      unchecked((depth[nk] = d + 1));
      unchecked((queue[tail++] = nk));
    }
  }
  if (found < 0) return -1;
  const hops = unchecked(depth[found]) + 1;
  unchecked((out[hops] = goalState >> 2));
  let c = found;
  for (let i = hops - 1; i >= 0; i--) {
    unchecked((out[i] = c >> 2));
    c = unchecked(prev[c]);
  }
  return hops;
}
