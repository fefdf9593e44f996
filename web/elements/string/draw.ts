/**
 * Drawing helpers of `<string-railway>`: the pointer's trail as a string path (sampled, stopped at the string's
 * length, simplified to at most 64 vertices) and the keyboard path's candidates between two stations. Geometry
 * of a gesture only: whether a path is legal, and what it costs, is the engine's answer (`previewString`).
 */

/** A vertex every this many cm of pointer travel at most (finer moves are dropped). */
export const SAMPLE_CM = 0.35;
/** Simplification tolerance (cm): vertices closer than this to the simplified line are dropped. */
export const SIMPLIFY_CM = 0.25;
/** Most vertices a string has (the engine's MAX_VERTICES). */
export const MAX_PATH_VERTICES = 64;

export type Point = readonly [number, number];

export function pathLength(points: readonly Point[]): number {
  let d = 0;
  for (let i = 1; i < points.length; i++)
    d += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return d;
}

/**
 * A pointer trail that stops at `max` cm: `add` appends a point (dropped when closer than SAMPLE_CM to the last),
 * cut exactly at the length limit; after that the trail is full and ignores further points.
 */
export class Trail {
  readonly points: Point[] = [];
  length = 0;
  full = false;
  constructor(
    start: Point,
    readonly max: number,
  ) {
    this.points.push(start);
  }

  add(p: Point): boolean {
    if (this.full) return false;
    const last = this.points[this.points.length - 1]!;
    const d = Math.hypot(p[0] - last[0], p[1] - last[1]);
    if (d < SAMPLE_CM) return false;
    if (this.length + d > this.max) {
      const t = (this.max - this.length) / d;
      this.points.push([last[0] + (p[0] - last[0]) * t, last[1] + (p[1] - last[1]) * t]);
      this.length = this.max;
      this.full = true;
      return true;
    }
    this.points.push(p);
    this.length += d;
    return true;
  }
}

/** Ramer–Douglas–Peucker: a subset of the vertices (ends kept), so never longer than the input. */
export function simplify(points: readonly Point[], tolerance = SIMPLIFY_CM): Point[] {
  if (points.length <= 2) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const [ax, ay] = points[i]!;
    const [bx, by] = points[j]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const [px, py] = points[k]!;
      const d =
        len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > worst) {
        worst = d;
        at = k;
      }
    }
    if (at >= 0 && worst > tolerance) {
      keep[at] = 1;
      stack.push([i, at], [at, j]);
    }
  }
  return points.filter((_, k) => keep[k] === 1);
}

/** The trail as a string path: simplified until it has at most 64 vertices; flat `[x0, y0, …]`. */
export function toPath(points: readonly Point[]): number[] {
  let tol = SIMPLIFY_CM;
  let out = simplify(points, tol);
  while (out.length > MAX_PATH_VERTICES) {
    tol *= 1.6;
    out = simplify(points, tol);
  }
  return out.flatMap(([x, y]) => [round(x), round(y)]);
}

/** Coordinates to 1/1000 cm: shorter messages and logs, far below what a hand can draw. */
export const round = (v: number) => Math.round(v * 1000) / 1000 + 0;

/**
 * The keyboard path's candidates from a to b: straight, and one bend at the middle pushed left or right. The ends
 * are the two stations' centres exactly (not rounded like a drawn point): the straight path between two stations
 * is then the very line of any other string laid between their centres (the bots' and hints' strings are), so the
 * engine sees the shared stretch and charges it (docs/rules/string-railway.md § Meeting places) instead of a line 1/1000 cm beside it.
 */
export function keyboardPaths(a: Point, b: Point, bend = 6): { label: string; path: number[] }[] {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const d = Math.hypot(dx, dy) || 1;
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const bent = (o: number) => [a[0], a[1], round(mx - (o * dy) / d), round(my + (o * dx) / d), b[0], b[1]];
  return [
    { label: "straight", path: [a[0], a[1], b[0], b[1]] },
    { label: "bent left", path: bent(-bend) },
    { label: "bent right", path: bent(bend) },
  ];
}
