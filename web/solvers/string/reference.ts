/**
 * The plain TypeScript twin of assembly/plan/*.ts: the same loops over the same flat tables (kernel.ts), so the
 * tests can compare the two on seeded inputs. The hint evaluation calls the engine's own geometry
 * (web/engine/string/geometry/polyline.ts), of which assembly/geometry/polyline.ts is the Wasm twin.
 */
import { boundsOf } from "../../engine/string/geometry/placed.ts";
import {
  pointInDisc,
  pointLocation,
  polylineInsidePolygon,
  polylineLength,
  polylineTouchesPolygon,
  stationsTouched,
} from "../../engine/string/geometry/polyline.ts";
import { CandidateGrid } from "./grid.ts";
import {
  MAX_ADJ,
  MAX_BOARD,
  MAX_BUDGET,
  MAX_CAND,
  MAX_OUT,
  MAX_PLACED,
  MAX_ST,
  type PlanKernel,
} from "./kernel.ts";

/** Layered score of plain counts: N + Σ_{i<k} min(cᵢ, cₖ) (scoring.ts). */
function layered(c0: number, c1: number, c2: number, c3: number, c4: number): number {
  const m = Math.min;
  return (
    c0 +
    c1 +
    c2 +
    c3 +
    c4 +
    m(c0, c1) +
    m(c0, c2) +
    m(c0, c3) +
    m(c0, c4) +
    m(c1, c2) +
    m(c1, c3) +
    m(c1, c4) +
    m(c2, c3) +
    m(c2, c4) +
    m(c3, c4)
  );
}

/** Exact maximum over every spread of the whites (assembly/plan/score.ts). */
export function scoreCounts(r: number, b: number, p: number, y: number, g: number, w: number): number {
  let best = 0;
  for (let w0 = 0; w0 <= w; w0++)
    for (let w1 = 0; w1 <= w - w0; w1++)
      for (let w2 = 0; w2 <= w - w0 - w1; w2++)
        for (let w3 = 0; w3 <= w - w0 - w1 - w2; w3++) {
          const w4 = w - w0 - w1 - w2 - w3;
          const s = layered(r + w0, b + w1, p + w2, y + w3, g + w4);
          if (s > best) best = s;
        }
  return best;
}

const INF = 1 << 20;

export function createReferenceKernel(): PlanKernel {
  const adjStart = new Int32Array(MAX_ST + 1);
  const adj = new Int32Array(MAX_ADJ);
  const colour = new Int32Array(MAX_ST);
  const white = new Int32Array(MAX_ST);
  const cubes = new Int32Array(6 * MAX_ST);
  const pile = new Int32Array(6);
  const out = new Int32Array(MAX_OUT);
  const cand = new Float64Array(6 * MAX_CAND);
  const candNv = new Int32Array(MAX_CAND);
  const candKind = new Int32Array(MAX_CAND);
  const board = new Float64Array(2 * MAX_BOARD);
  const mount = new Float64Array(2 * MAX_BOARD);
  const net = new Int32Array(MAX_ST);
  const outsk = new Int32Array(MAX_ST);
  const resI = new Int32Array(5 * MAX_CAND);
  const resF = new Float64Array(2 * MAX_CAND);
  const discs = new Float64Array(2 * 1024);
  const placed = new Float64Array(4 * MAX_PLACED);
  const placedString = new Int32Array(MAX_PLACED);

  // --- long distance (assembly/plan/ld.ts): IDA* over journeys with no hop twice
  const LD_INF = 0x3fffffff;
  const ldH = new Int32Array(4 * MAX_ST);
  const ldUsed = new Int32Array(MAX_ADJ);
  let gGoal = 0;
  let gLen = 0;
  let gC1 = 0;
  let gC2 = 0;
  let gBound = 0;
  let gOver = 0;
  let gHops = 0;
  const ldStep = (k: number, w: number): number => {
    const want = k === 1 ? gC1 : gC2;
    return k < gLen && colour[w] === want ? k + 1 : k;
  };
  const firstEntry = (v: number, w: number): number => {
    let e = adjStart[v]!;
    while (adj[e] !== w) e++;
    return e;
  };
  const pairSlot = (v: number, w: number): number => {
    const a = Math.min(v, w);
    const b = Math.max(v, w);
    const e1 = adjStart[a + 1]!;
    for (let e = adjStart[a]!; e < e1; e++) if (adj[e] === b) return e;
    return firstEntry(v, w);
  };
  const ldDfs = (v: number, k: number, d: number): boolean => {
    const e0 = adjStart[v]!;
    const e1 = adjStart[v + 1]!;
    for (let e = e0; e < e1; e++) {
      const w = adj[e]!;
      if (firstEntry(v, w) !== e) continue;
      let cap = 0;
      for (let x = e; x < e1; x++) if (adj[x] === w) cap++;
      const slot = pairSlot(v, w);
      const u = ldUsed[slot]!;
      if (u >= cap) continue;
      const k2 = ldStep(k, w);
      if (w === gGoal && k2 === gLen) {
        out[d + 1] = w;
        gHops = d + 1;
        return true;
      }
      const hw = ldH[4 * w + k2]!;
      if (hw === LD_INF) continue;
      const f = d + 1 + hw;
      if (f > gBound) {
        if (f < gOver) gOver = f;
        continue;
      }
      ldUsed[slot] = u + 1;
      out[d + 1] = w;
      if (ldDfs(w, k2, d + 1)) return true;
      ldUsed[slot] = u;
    }
    return false;
  };
  function ldRoute(
    n: number,
    goal: number,
    c0: number,
    c1: number,
    c2: number,
    len: number,
    maxHops: number,
  ) {
    if (maxHops > MAX_OUT - 1) maxHops = MAX_OUT - 1;
    gGoal = goal;
    gLen = len;
    gC1 = c1;
    gC2 = c2;
    ldH.fill(LD_INF, 0, 4 * n);
    ldUsed.fill(0, 0, adjStart[n]!);
    let changed = true;
    for (let round = 0; changed && round <= maxHops; round++) {
      changed = false;
      for (let v = 0; v < n; v++) {
        for (let k = 1; k <= len; k++) {
          let best = ldH[4 * v + k]!;
          for (let e = adjStart[v]!; e < adjStart[v + 1]!; e++) {
            const w = adj[e]!;
            const k2 = ldStep(k, w);
            const hw = ldH[4 * w + k2]!;
            const d = w === goal && k2 === len ? 1 : hw === LD_INF ? LD_INF : hw + 1;
            if (d < best) best = d;
          }
          if (best < ldH[4 * v + k]!) {
            ldH[4 * v + k] = best;
            changed = true;
          }
        }
      }
    }
    let bound = LD_INF;
    for (let s = 0; s < n; s++) {
      if (colour[s] !== c0 || white[s] === 0) continue;
      bound = Math.min(bound, ldH[4 * s + 1]!);
    }
    while (bound <= maxHops) {
      gBound = bound;
      gOver = LD_INF;
      for (let s = 0; s < n; s++) {
        if (colour[s] !== c0 || white[s] === 0) continue;
        const hs = ldH[4 * s + 1]!;
        if (hs > bound) {
          if (hs < gOver) gOver = hs;
          continue;
        }
        out[0] = s;
        if (ldDfs(s, 1, 0)) return gHops;
      }
      bound = gOver;
    }
    return -1;
  }

  // --- transport plan (assembly/plan/transport.ts)
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

  const hopCost = (n: number, c: number, v: number, u: number): number => {
    const cv = colour[v];
    const cu = colour[u];
    if (cu === c && cv !== c) return 1;
    const du = dist[c * n + u]!;
    return du >= INF ? INF : 1 + du;
  };
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
  const current = (): number =>
    scoreCounts(
      base[0]! + x[0]!,
      base[1]! + x[1]!,
      base[2]! + x[2]!,
      base[3]! + x[3]!,
      base[4]! + x[4]!,
      base[5]!,
    );
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
  function planTransports(n: number, ap: number, tradesLeft: number): number {
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

  // --- hints (assembly/plan/hint.ts)
  const mark = new Int32Array(MAX_ST);
  const uniq = new Int32Array(MAX_ST);
  let stamp = 0;
  function value(nu: number, ap: number, apLeft: number, netEmpty: boolean, nd: number): number {
    let now = 0;
    let reach = 0;
    let whites = 0;
    let outs = 0;
    let join = netEmpty;
    let newCols = 0;
    let seen = 0;
    for (let i = 0; i < nu; i++) {
      const a = uniq[i]!;
      const ca = colour[a]!;
      if (outsk[a] !== 0) outs++;
      if (net[a] !== 0) join = true;
      whites += cubes[6 * a + 5]!;
      for (let c = 0; c < 5; c++) {
        const k = cubes[6 * a + c]!;
        if (k === 0) continue;
        reach += k;
        if (ca === c) continue;
        for (let j = 0; j < nu; j++) {
          if (colour[uniq[j]!] === c) {
            now += k;
            break;
          }
        }
      }
      if (ca >= 0 && (seen & (1 << ca)) === 0) {
        seen |= 1 << ca;
        newCols++;
      }
    }
    for (let c = 0; c < 5; c++) {
      if ((seen & (1 << c)) === 0) continue;
      for (let v = 0; v < nd; v++) {
        if (net[v] !== 0 && colour[v] === c) {
          newCols--;
          break;
        }
      }
    }
    const left = apLeft - ap;
    const scoreNow = Math.min(now, left);
    return (
      2.0 * Math.max(scoreNow, 0) +
      newCols +
      0.75 * outs +
      0.1 * reach +
      0.2 * whites +
      (join ? 0.5 : 0.0) -
      1.5 * ap
    );
  }
  const grid = new CandidateGrid();
  function evaluate(
    nc: number,
    nd: number,
    ns: number,
    nb: number,
    nm: number,
    radius: number,
    apLeft: number,
  ) {
    let netEmpty = true;
    for (let v = 0; v < nd; v++) if (net[v] !== 0) netEmpty = false;
    const d = discs.subarray(0, 2 * nd);
    const segs = placed.subarray(0, 4 * ns);
    const bpoly = board.subarray(0, 2 * nb);
    const mpoly = mount.subarray(0, 2 * nm);
    let legal = 0;
    // The other players' segments in a grid over the board's box (grid.ts, twin of assembly/plan/grid.ts).
    const [bx0, by0, bx1, by1] = boundsOf(bpoly);
    grid.build(segs, placedString.subarray(0, ns), bx0, by0, bx1, by1);
    for (let i = 0; i < nc; i++) {
      const nv = candNv[i]!;
      const path = cand.subarray(6 * i, 6 * i + 2 * nv);
      const length = polylineLength(path);
      const visits = stationsTouched(path, d, radius);
      const crossings = grid.crossings(path, d, radius);
      const mountain = polylineTouchesPolygon(path, mpoly);
      const ap = crossings + (mountain ? 1 : 0);
      let err = 0;
      const inStation = (x: number, y: number): boolean => {
        for (let k = 0; k < nd; k++) if (pointInDisc(x, y, d[2 * k]!, d[2 * k + 1]!, radius)) return true;
        return false;
      };
      if (length > (candKind[i] === 0 ? 30 : 60)) err = 1;
      else if (!polylineInsidePolygon(path, bpoly)) {
        let outside = false;
        for (let k = 0; k < nv; k++)
          if (pointLocation(path[2 * k]!, path[2 * k + 1]!, bpoly) < 0) outside = true;
        err = outside ? 2 : 3;
      } else if (!inStation(path[0]!, path[1]!) || !inStation(path[2 * nv - 2]!, path[2 * nv - 1]!)) err = 4;
      else {
        if (visits.length < 2) err = 5;
        for (let k = 1; k < visits.length; k++) if (visits[k] === visits[k - 1]) err = 5;
      }
      resI[5 * i] = err;
      resI[5 * i + 1] = visits.length;
      resI[5 * i + 2] = crossings;
      resI[5 * i + 3] = mountain ? 1 : 0;
      resI[5 * i + 4] = ap;
      resF[2 * i] = length;
      if (err !== 0) {
        resF[2 * i + 1] = -1e9;
        continue;
      }
      legal++;
      stamp++;
      let nu = 0;
      for (const s of visits) {
        if (mark[s] === stamp) continue;
        mark[s] = stamp;
        uniq[nu++] = s;
      }
      resF[2 * i + 1] = value(nu, ap, apLeft, netEmpty, nd);
    }
    return legal;
  }

  return {
    kind: "reference",
    adjStart,
    adj,
    colour,
    white,
    cubes,
    pile,
    out,
    cand,
    candNv,
    candKind,
    board,
    mount,
    net,
    outsk,
    resI,
    resF,
    discs,
    placed,
    placedString,
    scoreCubes: scoreCounts,
    ldRoute,
    planTransports,
    evaluate,
  };
}
