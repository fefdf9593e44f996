/**
 * TypeScript twin of assembly/plan/hint.ts: evaluates candidate strings exactly as the engine's `checkRoute` does
 * and values the legal ones (docs/string-solvers.md), with the kernel's signature over module-level tables of its
 * sizes (layouts: kernel.ts). The geometry is the engine's (web/engine/string/geometry/polyline.ts), of which
 * assembly/geometry/polyline.ts is the Wasm twin; the candidate is copied into polyline.ts's `path` as the
 * kernel copies it.
 */
import { boundsOf } from "../../../engine/string/geometry/placed.ts";
import {
  pointInDisc,
  pointLocation,
  polylineInsidePolygon,
  polylineLength,
  polylineTouchesPolygon,
  stationsTouched,
} from "../../../engine/string/geometry/polyline.ts";
import { MAX_BOARD, MAX_CAND } from "../kernel.ts";
import { gridBuild, gridCrossings } from "./grid.ts";
import { colour, cubes, MAX_ST } from "./mem.ts";
import { discs, path } from "./polyline.ts";

export { MAX_BOARD, MAX_CAND };
export const cand = new Float64Array(6 * MAX_CAND);
export const candNv = new Int32Array(MAX_CAND);
export const candKind = new Int32Array(MAX_CAND);
export const board = new Float64Array(2 * MAX_BOARD);
export const mount = new Float64Array(2 * MAX_BOARD);
export const net = new Int32Array(MAX_ST);
export const outsk = new Int32Array(MAX_ST);
export const resI = new Int32Array(5 * MAX_CAND);
export const resF = new Float64Array(2 * MAX_CAND);
const mark = new Int32Array(MAX_ST);
const uniq = new Int32Array(MAX_ST);
let stamp = 0;

function stationAt(x: number, y: number, nd: number, r: number): boolean {
  for (let k = 0; k < nd; k++) if (pointInDisc(x, y, discs[2 * k]!, discs[2 * k + 1]!, r)) return true;
  return false;
}

/** Value of a legal string touching the `nu` distinct stations in `uniq`. */
function value(nu: number, ap: number, apLeft: number, netEmpty: boolean): number {
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
    for (let v = 0; v < nStations; v++) {
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

let nStations = 0;

/**
 * Evaluates candidates 0..nc-1. nd discs (stations), ns other-player segments, nb board and nm mountain
 * vertices, radius, the AP left this turn. Returns the number of legal candidates.
 */
export function evaluate(
  nc: number,
  nd: number,
  ns: number,
  nb: number,
  nm: number,
  radius: number,
  apLeft: number,
): number {
  nStations = nd;
  let netEmpty = true;
  for (let v = 0; v < nd; v++) if (net[v] !== 0) netEmpty = false;
  const d = discs.subarray(0, 2 * nd);
  const bpoly = board.subarray(0, 2 * nb);
  const mpoly = mount.subarray(0, 2 * nm);
  let legal = 0;
  // The other players' segments in a grid over the board's box (grid.ts): each candidate's crossings are counted
  // along its cells instead of against every segment.
  const [bx0, by0, bx1, by1] = boundsOf(bpoly);
  gridBuild(ns, bx0, by0, bx1, by1);
  for (let i = 0; i < nc; i++) {
    const nv = candNv[i]!;
    for (let k = 0; k < 2 * nv; k++) path[k] = cand[6 * i + k]!;
    const p = path.subarray(0, 2 * nv);
    const length = polylineLength(p);
    const visits = stationsTouched(p, d, radius);
    const crossings = gridCrossings(nv, nd, radius);
    const mountain = polylineTouchesPolygon(p, mpoly);
    const ap = crossings + (mountain ? 1 : 0);
    let err = 0;
    if (length > (candKind[i] === 0 ? 30 : 60)) err = 1;
    else if (!polylineInsidePolygon(p, bpoly)) {
      let outside = false;
      for (let k = 0; k < nv; k++)
        if (pointLocation(path[2 * k]!, path[2 * k + 1]!, bpoly) < 0) outside = true;
      err = outside ? 2 : 3;
    } else if (
      !stationAt(path[0]!, path[1]!, nd, radius) ||
      !stationAt(path[2 * nv - 2]!, path[2 * nv - 1]!, nd, radius)
    )
      err = 4;
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
    resF[2 * i + 1] = value(nu, ap, apLeft, netEmpty);
  }
  return legal;
}
