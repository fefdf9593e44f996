// String hint: evaluates candidate strings exactly as the engine's `checkRoute` (web/engine/string/route.ts)
// does, with the same polyline kernels (assembly/geometry/polyline.ts, twins of the TypeScript ones), and
// values the legal ones (docs/string-solvers.md "String hint").
//
// Inputs: `cand` (f64) 3 vertex slots per candidate `[x0, y0, x1, y1, x2, y2]`, `candNv` 2 or 3 vertices,
// `candKind` 0 short / 1 long; the board polygon `board` and mountain `mount` (f64 `[x0, y0, …]`); discs and
// the other players' segments in polyline.ts's `discs` / `placed`; per station (mem.ts) the scoring colour,
// cubes, and `net[v]` = 1 when v is touched by one of the player's strings, `outsk[v]` = 1 for outskirts.
// Outputs per candidate i: `resI[5 i ..]` = error (0 none, 1 too-long, 2 leaves-board, 3 touches-board-edge,
// 4 endpoint-not-in-station, 5 same-station-twice), stations visited, crossings, mountain (0/1), AP;
// `resF[2 i ..]` = length, value (−1e9 when illegal).
import * as poly from "../geometry/polyline";
import { gridBuild, gridCrossings } from "./grid";
import { colour, cubes, MAX_ST } from "./mem";
import { fresh } from "../glue/fresh";

export const MAX_CAND: i32 = 16384;
export const MAX_BOARD: i32 = 512;

export const cand = fresh<f64>(6 * MAX_CAND);
export const candNv = fresh<i32>(MAX_CAND);
export const candKind = fresh<i32>(MAX_CAND);
export const board = fresh<f64>(2 * MAX_BOARD);
export const mount = fresh<f64>(2 * MAX_BOARD);
export const net = fresh<i32>(MAX_ST);
export const outsk = fresh<i32>(MAX_ST);
export const resI = fresh<i32>(5 * MAX_CAND);
export const resF = fresh<f64>(2 * MAX_CAND);
const mark = fresh<i32>(MAX_ST);
const uniq = fresh<i32>(MAX_ST);
let stamp: i32 = 0;

function loadPolygon(src: StaticArray<f64>, np: i32): void {
  for (let i = 0; i < 2 * np; i++) unchecked((poly.polygon[i] = src[i]));
}

function stationAt(x: f64, y: f64, nd: i32, r: f64): bool {
  for (let d = 0; d < nd; d++) if (poly.pointInDisc(x, y, unchecked(poly.discs[2 * d]), unchecked(poly.discs[2 * d + 1]), r)) return true;
  return false;
}

/** Value of a legal string touching the `nu` distinct stations in `uniq` (same formula in web/solvers/string/twin/hint.ts). */
function value(nu: i32, ap: i32, apLeft: i32, netEmpty: bool): f64 {
  let now = 0;
  let reach = 0;
  let whites = 0;
  let outs = 0;
  let join = netEmpty;
  let newCols = 0;
  let seen = 0;
  for (let i = 0; i < nu; i++) {
    const a = unchecked(uniq[i]);
    const ca = unchecked(colour[a]);
    if (unchecked(outsk[a]) != 0) outs++;
    if (unchecked(net[a]) != 0) join = true;
    whites += unchecked(cubes[6 * a + 5]);
    for (let c = 0; c < 5; c++) {
      const k = unchecked(cubes[6 * a + c]);
      if (k == 0) continue;
      reach += k;
      if (ca == c) continue;
      for (let j = 0; j < nu; j++) {
        if (unchecked(colour[uniq[j]]) == c) {
          now += k;
          break;
        }
      }
    }
    if (ca >= 0 && (seen & (1 << ca)) == 0) {
      seen |= 1 << ca;
      newCols++;
    }
  }
  // Colours the network already reaches are not new.
  for (let c = 0; c < 5; c++) {
    if ((seen & (1 << c)) == 0) continue;
    for (let v = 0; v < nStations; v++) {
      if (unchecked(net[v]) != 0 && unchecked(colour[v]) == c) {
        newCols--;
        break;
      }
    }
  }
  const left = apLeft - ap;
  const scoreNow = now < left ? now : left;
  return (
    2.0 * <f64>(scoreNow > 0 ? scoreNow : 0) +
    <f64>newCols +
    0.75 * <f64>outs +
    0.1 * <f64>reach +
    0.2 * <f64>whites +
    (join ? 0.5 : 0.0) -
    1.5 * <f64>ap
  );
}

let nStations: i32 = 0;

/**
 * Evaluates candidates 0..nc-1. nd discs (stations), ns other-player segments, nb board and nm mountain
 * vertices, radius, the AP left this turn. Returns the number of legal candidates.
 */
export function evaluate(nc: i32, nd: i32, ns: i32, nb: i32, nm: i32, radius: f64, apLeft: i32): i32 {
  nStations = nd;
  let netEmpty = true;
  for (let v = 0; v < nd; v++) if (unchecked(net[v]) != 0) netEmpty = false;
  let legal = 0;
  // The other players' segments in a grid over the board's box (grid.ts): each candidate's crossings are counted
  // along its cells instead of against every segment.
  let bx0 = unchecked(board[0]);
  let by0 = unchecked(board[1]);
  let bx1 = bx0;
  let by1 = by0;
  for (let v = 1; v < nb; v++) {
    bx0 = Math.min(bx0, unchecked(board[2 * v]));
    bx1 = Math.max(bx1, unchecked(board[2 * v]));
    by0 = Math.min(by0, unchecked(board[2 * v + 1]));
    by1 = Math.max(by1, unchecked(board[2 * v + 1]));
  }
  gridBuild(ns, bx0, by0, bx1, by1);
  for (let i = 0; i < nc; i++) {
    const nv = unchecked(candNv[i]);
    for (let k = 0; k < 2 * nv; k++) unchecked((poly.path[k] = cand[6 * i + k]));
    const length = poly.polylineLength(nv);
    const nvis = poly.stationsTouched(nv, nd, radius);
    const crossings = gridCrossings(nv, nd, radius);
    loadPolygon(mount, nm);
    const mountain = poly.polylineTouchesPolygon(nv, nm);
    const ap = crossings + (mountain ? 1 : 0);
    let err = 0;
    const max: f64 = unchecked(candKind[i]) == 0 ? 30 : 60;
    if (length > max) err = 1;
    else {
      loadPolygon(board, nb);
      if (!poly.polylineInsidePolygon(nv, nb)) {
        let outside = false;
        for (let k = 0; k < nv; k++) if (poly.pointLocation(unchecked(poly.path[2 * k]), unchecked(poly.path[2 * k + 1]), nb) < 0) outside = true;
        err = outside ? 2 : 3;
      } else if (
        !stationAt(unchecked(poly.path[0]), unchecked(poly.path[1]), nd, radius) ||
        !stationAt(unchecked(poly.path[2 * nv - 2]), unchecked(poly.path[2 * nv - 1]), nd, radius)
      ) {
        err = 4;
      } else {
        if (nvis < 2) err = 5;
        for (let k = 1; k < nvis; k++) if (unchecked(poly.visits[k]) == unchecked(poly.visits[k - 1])) err = 5;
      }
    }
    unchecked((resI[5 * i] = err));
    unchecked((resI[5 * i + 1] = nvis));
    unchecked((resI[5 * i + 2] = crossings));
    unchecked((resI[5 * i + 3] = mountain ? 1 : 0));
    unchecked((resI[5 * i + 4] = ap));
    unchecked((resF[2 * i] = length));
    if (err != 0) {
      unchecked((resF[2 * i + 1] = -1e9));
      continue;
    }
    legal++;
    stamp++;
    let nu = 0;
    for (let k = 0; k < nvis; k++) {
      const s = unchecked(poly.visits[k]);
      if (unchecked(mark[s]) == stamp) continue;
      unchecked((mark[s] = stamp));
      unchecked((uniq[nu++] = s));
    }
    unchecked((resF[2 * i + 1] = value(nu, ap, apLeft, netEmpty)));
  }
  return legal;
}
