// Transport plan: the transports (and cube-for-AP trades) this turn that raise the final cube score most.
//
// Exactness. Transports of different cubes never interact (the network does not change and a cube only
// waits on intermediate stations), so a plan is a choice of cubes to score, each at its own cheapest cost:
// d_c(v) = fewest transports that score a colour-c cube now on v, where a transport u→w scores when w's
// scoring colour is c and u's is not (docs/rules/string-railway.md § Transport phase) — Bellman–Ford on the connection graph. For a fixed number
// of colour-c cubes the cheapest ones are best (exchange), so the search is over counts x_c per colour plus
// the trades: up to `tradesLeft` pile cubes returned for +1 AP each (trading a cube scored this turn never
// helps: it cost ≥ 1 AP and gives back 1). Depth-first over colours with the bound "one more cube adds at most
// 5 points" (removing a cube from a set of s loses f(s) − f(s−1) ≤ 5). Ties: fewer trades, then fewer AP.
//
// Inputs (mem.ts): connection graph in adjStart/adj, scoring colours in `colour` (0..4, -1 none), station
// cubes in `cubes`, pile in `pile`. Output `out`: [score, trades, tradeColour0, tradeColour1, apSpent, moves,
// (from, to, colour) × moves]. Returns the score.
import { adj, adjStart, colour, cubes, MAX_ST, out, pile } from "./mem";
import { scoreCubes } from "./score";
import { fresh } from "../glue/fresh";

export const MAX_BUDGET: i32 = 16;
const INF: i32 = 1 << 20;

const dist = fresh<i32>(5 * MAX_ST);
const nxt = fresh<i32>(5 * MAX_ST);
const itemSt = fresh<i32>(5 * MAX_BUDGET);
const cum = fresh<i32>(5 * (MAX_BUDGET + 1));
const nItems = fresh<i32>(5);
const x = fresh<i32>(5);
const bestX = fresh<i32>(5);
const base = fresh<i32>(6);

let best: i32 = 0;
let bestNt: i32 = 0;
let bestSpent: i32 = 0;
let bestT0: i32 = -1;
let bestT1: i32 = -1;
let curNt: i32 = 0;
let curT0: i32 = -1;
let curT1: i32 = -1;

// @ts-ignore: decorator
@inline function hopCost(n: i32, c: i32, v: i32, u: i32): i32 {
  const cv = unchecked(colour[v]);
  const cu = unchecked(colour[u]);
  if (cu == c && cv != c) return 1;
  const du = unchecked(dist[c * n + u]);
  return du >= INF ? INF : 1 + du;
}

/** Cheapest scoring cost d_c(v) and first hop for each colour and station (capped at `budget`). */
function distances(n: i32, budget: i32): void {
  for (let c = 0; c < 5; c++) {
    for (let v = 0; v < n; v++) unchecked((dist[c * n + v] = INF));
    let changed = true;
    while (changed) {
      changed = false;
      for (let v = 0; v < n; v++) {
        let m = unchecked(dist[c * n + v]);
        for (let e = unchecked(adjStart[v]); e < unchecked(adjStart[v + 1]); e++) {
          const h = hopCost(n, c, v, unchecked(adj[e]));
          if (h < m && h <= budget) {
            m = h;
            changed = true;
          }
        }
        unchecked((dist[c * n + v] = m));
      }
    }
    for (let v = 0; v < n; v++) {
      const m = unchecked(dist[c * n + v]);
      let h = -1;
      if (m < INF) {
        for (let e = unchecked(adjStart[v]); e < unchecked(adjStart[v + 1]); e++) {
          if (hopCost(n, c, v, unchecked(adj[e])) == m) {
            h = unchecked(adj[e]);
            break;
          }
        }
      }
      unchecked((nxt[c * n + v] = h));
    }
  }
}

/** Per colour, the cheapest `budget` cubes (by cost, then station index) and their cumulative costs. */
function items(n: i32, budget: i32): void {
  for (let c = 0; c < 5; c++) {
    let m = 0;
    unchecked((cum[c * (MAX_BUDGET + 1)] = 0));
    for (let cost = 1; cost <= budget && m < budget; cost++) {
      for (let v = 0; v < n && m < budget; v++) {
        if (unchecked(dist[c * n + v]) != cost) continue;
        const k = unchecked(cubes[6 * v + c]);
        for (let j = 0; j < k && m < budget; j++) {
          unchecked((itemSt[c * MAX_BUDGET + m] = v));
          unchecked((cum[c * (MAX_BUDGET + 1) + m + 1] = cum[c * (MAX_BUDGET + 1) + m] + cost));
          m++;
        }
      }
    }
    unchecked((nItems[c] = m));
  }
}

function current(): i32 {
  return scoreCubes(
    unchecked(base[0]) + unchecked(x[0]),
    unchecked(base[1]) + unchecked(x[1]),
    unchecked(base[2]) + unchecked(x[2]),
    unchecked(base[3]) + unchecked(x[3]),
    unchecked(base[4]) + unchecked(x[4]),
    unchecked(base[5]),
  );
}

function dfs(c: i32, left: i32, spent: i32): void {
  const s = current();
  if (s > best || (s == best && (curNt < bestNt || (curNt == bestNt && spent < bestSpent)))) {
    best = s;
    bestNt = curNt;
    bestSpent = spent;
    bestT0 = curT0;
    bestT1 = curT1;
    for (let i = 0; i < 5; i++) unchecked((bestX[i] = x[i]));
  }
  if (c >= 5 || left <= 0) return;
  let avail = 0;
  for (let i = c; i < 5; i++) avail += unchecked(nItems[i]);
  if (s + 5 * (avail < left ? avail : left) < best) return;
  const row = c * (MAX_BUDGET + 1);
  const m = unchecked(nItems[c]);
  // x_c = 0 is the current node itself: go on to the next colour first, then take 1, 2, … cubes of c.
  dfs(c + 1, left, spent);
  for (let k = 1; k <= m; k++) {
    const cost = unchecked(cum[row + k]);
    if (cost > left) break;
    unchecked((x[c] = k));
    dfs(c + 1, left - cost, spent + cost);
  }
  unchecked((x[c] = 0));
}

function search(ap: i32, nt: i32, t0: i32, t1: i32): void {
  for (let i = 0; i < 6; i++) unchecked((base[i] = pile[i]));
  if (t0 >= 0) unchecked((base[t0] = base[t0] - 1));
  if (t1 >= 0) unchecked((base[t1] = base[t1] - 1));
  if ((t0 >= 0 && unchecked(base[t0]) < 0) || (t1 >= 0 && unchecked(base[t1]) < 0)) return;
  for (let i = 0; i < 5; i++) unchecked((x[i] = 0));
  curNt = nt;
  curT0 = t0;
  curT1 = t1;
  dfs(0, ap + nt, 0);
}

/** The best plan for `ap` AP and `tradesLeft` (0..2) cube-for-AP trades; writes `out`, returns the score. */
export function planTransports(n: i32, ap: i32, tradesLeft: i32): i32 {
  const budget = ap + tradesLeft;
  distances(n, budget);
  items(n, budget);
  best = -1;
  bestNt = 0;
  bestSpent = 0;
  bestT0 = -1;
  bestT1 = -1;
  for (let i = 0; i < 5; i++) unchecked((bestX[i] = 0));
  search(ap, 0, -1, -1);
  if (tradesLeft >= 1) for (let a = 0; a < 6; a++) search(ap, 1, a, -1);
  if (tradesLeft >= 2) for (let a = 0; a < 6; a++) for (let b = a; b < 6; b++) search(ap, 2, a, b);
  unchecked((out[0] = best));
  unchecked((out[1] = bestNt));
  unchecked((out[2] = bestT0));
  unchecked((out[3] = bestT1));
  unchecked((out[4] = bestSpent));
  let moves = 0;
  for (let c = 0; c < 5; c++) {
    for (let i = 0; i < unchecked(bestX[c]); i++) {
      let v = unchecked(itemSt[c * MAX_BUDGET + i]);
      while (true) {
        const u = unchecked(nxt[c * n + v]);
        unchecked((out[6 + 3 * moves] = v));
        unchecked((out[7 + 3 * moves] = u));
        unchecked((out[8 + 3 * moves] = c));
        moves++;
        if (unchecked(colour[u]) == c && unchecked(colour[v]) != c) break;
        v = u;
      }
    }
  }
  unchecked((out[5] = moves));
  return best;
}
