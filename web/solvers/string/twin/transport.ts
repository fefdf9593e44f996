/**
 * TypeScript twin of assembly/plan/transport.ts: the best transport plan, a branch-and-bound over how many cubes of
 * each colour to bring home, with the kernel's signature over the tables of mem.ts (docs/string-solvers.md).
 */
import { MAX_BUDGET } from "../kernel.ts";
import { adj, adjStart, colour, cubes, MAX_ST, out, pile } from "./mem.ts";
import { scoreCubes } from "./score.ts";

export { MAX_BUDGET };

const INF = 1 << 20;

const dist = new Int32Array(5 * MAX_ST);
const nxt = new Int32Array(5 * MAX_ST);
const itemSt = new Int32Array(5 * MAX_BUDGET);
const cum = new Int32Array(5 * (MAX_BUDGET + 1));
const nItems = new Int32Array(5);
const x = new Int32Array(5);
const bestX = new Int32Array(5);
const base = new Int32Array(6);
let best = 0;
let bestNt = 0;
let bestSpent = 0;
let bestT0 = -1;
let bestT1 = -1;
let curNt = 0;
let curT0 = -1;
let curT1 = -1;

function hopCost(n: number, c: number, v: number, u: number): number {
  const cv = colour[v];
  const cu = colour[u];
  if (cu === c && cv !== c) return 1;
  const du = dist[c * n + u]!;
  return du >= INF ? INF : 1 + du;
}
function distances(n: number, budget: number): void {
  for (let c = 0; c < 5; c++) {
    dist.fill(INF, c * n, c * n + n);
    let changed = true;
    while (changed) {
      changed = false;
      for (let v = 0; v < n; v++) {
        let m = dist[c * n + v]!;
        for (let e = adjStart[v]!; e < adjStart[v + 1]!; e++) {
          const h = hopCost(n, c, v, adj[e]!);
          if (h < m && h <= budget) {
            m = h;
            changed = true;
          }
        }
        dist[c * n + v] = m;
      }
    }
    for (let v = 0; v < n; v++) {
      const m = dist[c * n + v]!;
      let h = -1;
      if (m < INF) {
        for (let e = adjStart[v]!; e < adjStart[v + 1]!; e++) {
          if (hopCost(n, c, v, adj[e]!) === m) {
            h = adj[e]!;
            break;
          }
        }
      }
      nxt[c * n + v] = h;
    }
  }
}
function items(n: number, budget: number): void {
  const W = MAX_BUDGET + 1;
  for (let c = 0; c < 5; c++) {
    let m = 0;
    cum[c * W] = 0;
    for (let cost = 1; cost <= budget && m < budget; cost++) {
      for (let v = 0; v < n && m < budget; v++) {
        if (dist[c * n + v] !== cost) continue;
        const k = cubes[6 * v + c]!;
        for (let j = 0; j < k && m < budget; j++) {
          itemSt[c * MAX_BUDGET + m] = v;
          cum[c * W + m + 1] = cum[c * W + m]! + cost;
          m++;
        }
      }
    }
    nItems[c] = m;
  }
}
function current(): number {
  return scoreCubes(
    base[0]! + x[0]!,
    base[1]! + x[1]!,
    base[2]! + x[2]!,
    base[3]! + x[3]!,
    base[4]! + x[4]!,
    base[5]!,
  );
}
function dfs(c: number, left: number, spent: number): void {
  const s = current();
  if (s > best || (s === best && (curNt < bestNt || (curNt === bestNt && spent < bestSpent)))) {
    best = s;
    bestNt = curNt;
    bestSpent = spent;
    bestT0 = curT0;
    bestT1 = curT1;
    bestX.set(x);
  }
  if (c >= 5 || left <= 0) return;
  let avail = 0;
  for (let i = c; i < 5; i++) avail += nItems[i]!;
  if (s + 5 * Math.min(avail, left) < best) return;
  const row = c * (MAX_BUDGET + 1);
  const m = nItems[c]!;
  dfs(c + 1, left, spent);
  for (let k = 1; k <= m; k++) {
    const cost = cum[row + k]!;
    if (cost > left) break;
    x[c] = k;
    dfs(c + 1, left - cost, spent + cost);
  }
  x[c] = 0;
}
function search(ap: number, nt: number, t0: number, t1: number): void {
  base.set(pile);
  if (t0 >= 0) base[t0]!--;
  if (t1 >= 0) base[t1]!--;
  if ((t0 >= 0 && base[t0]! < 0) || (t1 >= 0 && base[t1]! < 0)) return;
  x.fill(0);
  curNt = nt;
  curT0 = t0;
  curT1 = t1;
  dfs(0, ap + nt, 0);
}
/**
 * Best transport plan with `ap` AP and `tradesLeft` cube-for-AP trades over n stations. `out` = [score, trades,
 * tradeColour0, tradeColour1 (−1 none), apSpent, moves, (from, to, colour) × moves]. Returns the score.
 */
export function planTransports(n: number, ap: number, tradesLeft: number): number {
  const budget = ap + tradesLeft;
  distances(n, budget);
  items(n, budget);
  best = -1;
  bestNt = 0;
  bestSpent = 0;
  bestT0 = -1;
  bestT1 = -1;
  bestX.fill(0);
  search(ap, 0, -1, -1);
  if (tradesLeft >= 1) for (let a = 0; a < 6; a++) search(ap, 1, a, -1);
  if (tradesLeft >= 2) for (let a = 0; a < 6; a++) for (let b = a; b < 6; b++) search(ap, 2, a, b);
  out[0] = best;
  out[1] = bestNt;
  out[2] = bestT0;
  out[3] = bestT1;
  out[4] = bestSpent;
  let moves = 0;
  for (let c = 0; c < 5; c++) {
    for (let i = 0; i < bestX[c]!; i++) {
      let v = itemSt[c * MAX_BUDGET + i]!;
      while (true) {
        const u = nxt[c * n + v]!;
        out[6 + 3 * moves] = v;
        out[7 + 3 * moves] = u;
        out[8 + 3 * moves] = c;
        moves++;
        if (colour[u] === c && colour[v] !== c) break;
        v = u;
      }
    }
  }
  out[5] = moves;
  return best;
}
