/**
 * The crossing count of a hint candidate through a grid over the other players' segments: the TypeScript twin of
 * assembly/plan/grid.ts (same grid, same cells walked, same count; see there for why the walk finds every
 * crossing). Used by the twin of the hint kernel (reference.ts `evaluate`).
 */
import { countMeetings, resetContacts } from "../../engine/string/geometry/meet.ts";
import { pairCrossing } from "../../engine/string/geometry/polyline.ts";

export const GRID_AXIS = 64;
export const GRID_SPAN = 16;
/** Cell side (cm): candidate chords are 5–60 cm, placed segments about 1 cm. */
export const GRID_CELL = 3;

function axisCells(w: number): number {
  if (!(w > 0)) return 1;
  const n = Math.ceil(w / GRID_CELL);
  return n >= GRID_AXIS ? GRID_AXIS : Math.max(1, n);
}

function cellOf(v: number, origin: number, scale: number, n: number): number {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  return t >= n ? n - 1 : Math.trunc(t);
}

export class CandidateGrid {
  private head = new Int32Array(GRID_AXIS * GRID_AXIS);
  private entryNext: number[] = [];
  private entryId: number[] = [];
  private large: number[] = [];
  private seen = new Int32Array(0);
  private nx = 1;
  private ny = 1;
  private gx0 = 0;
  private gy0 = 0;
  private sx = 0;
  private sy = 0;
  private tick = 0;
  private segs: Float64Array = new Float64Array(0);
  private sids: Int32Array = new Int32Array(0);

  /**
   * Lists `segs` (`[x1, y1, x2, y2, …]`, string ids `sids`) over a grid on the box `[minX, minY, maxX, maxY]`
   * (the board's).
   */
  build(segs: Float64Array, sids: Int32Array, minX: number, minY: number, maxX: number, maxY: number): void {
    const ns = segs.length >> 2;
    this.segs = segs;
    this.sids = sids;
    this.nx = axisCells(maxX - minX);
    this.ny = axisCells(maxY - minY);
    this.gx0 = minX;
    this.gy0 = minY;
    this.sx = maxX > minX ? this.nx / (maxX - minX) : 0;
    this.sy = maxY > minY ? this.ny / (maxY - minY) : 0;
    this.head.fill(-1);
    this.entryNext.length = 0;
    this.entryId.length = 0;
    this.large.length = 0;
    this.seen = new Int32Array(ns);
    this.tick = 0;
    for (let j = 0; j < ns; j++) {
      const ax = segs[4 * j]!;
      const ay = segs[4 * j + 1]!;
      const bx = segs[4 * j + 2]!;
      const by = segs[4 * j + 3]!;
      const c0 = cellOf(Math.min(ax, bx), this.gx0, this.sx, this.nx);
      const c1 = cellOf(Math.max(ax, bx), this.gx0, this.sx, this.nx);
      const r0 = cellOf(Math.min(ay, by), this.gy0, this.sy, this.ny);
      const r1 = cellOf(Math.max(ay, by), this.gy0, this.sy, this.ny);
      if ((c1 - c0 + 1) * (r1 - r0 + 1) > GRID_SPAN) {
        this.large.push(j);
        continue;
      }
      for (let c = c0; c <= c1; c++) {
        for (let r = r0; r <= r1; r++) {
          const cell = r * this.nx + c;
          this.entryNext.push(this.head[cell]!);
          this.entryId.push(j);
          this.head[cell] = this.entryId.length - 1;
        }
      }
    }
  }

  /** `crossingPoints(path, segs, discs, radius, sids)`' count (meeting places), walking the path's cells. */
  crossings(path: Float64Array, discs: Float64Array, radius: number): number {
    const nv = path.length >> 1;
    if (nv === 0) return 0;
    const nseg = nv > 1 ? nv - 1 : 1;
    const { segs, sids, seen, nx, ny, gx0, gy0, sx, sy } = this;
    resetContacts();
    for (let k = 0; k < nseg; k++) {
      const ax = path[2 * k]!;
      const ay = path[2 * k + 1]!;
      const bx = nv > 1 ? path[2 * k + 2]! : ax;
      const by = nv > 1 ? path[2 * k + 3]! : ay;
      const minx = Math.min(ax, bx);
      const maxx = Math.max(ax, bx);
      const miny = Math.min(ay, by);
      const maxy = Math.max(ay, by);
      const box = [minx, maxx, miny, maxy] as const;
      const tick = ++this.tick;
      for (const j of this.large) {
        seen[j] = tick;
        pairCrossing(ax, ay, bx, by, box, segs, j, sids[j]!, discs, radius);
      }
      const c0 = cellOf(minx, gx0, sx, nx);
      const c1 = cellOf(maxx, gx0, sx, nx);
      const dx = bx - ax;
      const slope = dx !== 0 ? (by - ay) / dx : 0;
      const margin = 1e-9 * (1 + Math.abs(minx) + Math.abs(maxx));
      for (let c = c0; c <= c1; c++) {
        let lo = minx;
        let hi = maxx;
        let ylo = miny;
        let yhi = maxy;
        if (dx !== 0 && sx > 0) {
          lo = c === c0 ? minx : Math.max(minx, gx0 + c / sx - margin);
          hi = c === c1 ? maxx : Math.min(maxx, gx0 + (c + 1) / sx + margin);
          const y1 = ay + (lo - ax) * slope;
          const y2 = ay + (hi - ax) * slope;
          ylo = Math.max(miny, Math.min(y1, y2));
          yhi = Math.min(maxy, Math.max(y1, y2));
        }
        const r0 = Math.max(0, cellOf(ylo, gy0, sy, ny) - 1);
        const r1 = Math.min(ny - 1, cellOf(yhi, gy0, sy, ny) + 1);
        for (let r = r0; r <= r1; r++) {
          for (let e = this.head[r * nx + c]!; e >= 0; e = this.entryNext[e]!) {
            const j = this.entryId[e]!;
            if (seen[j] === tick) continue;
            seen[j] = tick;
            pairCrossing(ax, ay, bx, by, box, segs, j, sids[j]!, discs, radius);
          }
        }
      }
    }
    // the contacts come in cell order, not id order: the components (and so their count) are the same
    return countMeetings(discs, radius);
  }
}
