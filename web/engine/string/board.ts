/**
 * Boards (docs/rules/string-railway.md § Geometry): the seeded generator and the JSON loader (format in
 * docs/string-board-format.md). Both produce a `Board` that satisfies every placement rule:
 * - the board and the mountain are simple polygons, the mountain strictly inside the board;
 * - stations are discs of radius `radius` (2.5); no two overlap or touch; none touches the board or the
 *   mountain boundary; city and outskirts stations stand in the plains, the mountain station in the mountain.
 */
import { InputError } from "../common/errors.ts";
import { arr, num, obj, readJson, snapshot } from "../common/input.ts";
import { Rng, seedRng } from "../common/rng.ts";
import { pointInPolygon } from "./geometry/polyline.ts";
import { segmentsIntersect } from "./geometry/predicates.ts";
import { type Board, CITY_COLOURS, type CityColour, type Station, type StationKind } from "./types.ts";

export const STATION_RADIUS = 2.5;
export const DEFAULT_BOARD_SIZE = 90;

/** Station counts by player count (rulebook, Game Preparation 5): city stations per colour, outskirts stations. */
export const STATION_COUNTS: Readonly<Record<number, { cityPerColour: number; outskirts: number }>> = {
  2: { cityPerColour: 1, outskirts: 8 },
  3: { cityPerColour: 2, outskirts: 8 },
  4: { cityPerColour: 2, outskirts: 12 },
  5: { cityPerColour: 3, outskirts: 12 },
};

// ---------------------------------------------------------------------------------------------------
// Small helpers over flat polygons

const fa = (a: ArrayLike<number>): Float64Array => (a instanceof Float64Array ? a : Float64Array.from(a));

/** Euclidean distance from (px, py) to the closed segment (ax, ay)–(bx, by). */
export function pointSegmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
  t = Math.min(1, Math.max(0, t));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** Smallest distance from a point to the boundary of a flat polygon. */
export function distanceToBoundary(px: number, py: number, poly: ArrayLike<number>): number {
  const n = poly.length / 2;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const d = pointSegmentDistance(px, py, poly[2 * i]!, poly[2 * i + 1]!, poly[2 * j]!, poly[2 * j + 1]!);
    if (d < best) best = d;
  }
  return best;
}

/** The disc lies strictly inside the polygon (not touching its boundary). */
export function discInside(cx: number, cy: number, r: number, poly: ArrayLike<number>): boolean {
  return pointInPolygon(cx, cy, fa(poly)) && distanceToBoundary(cx, cy, poly) > r;
}

/** The disc lies strictly outside the polygon (not touching its boundary). */
export function discOutside(cx: number, cy: number, r: number, poly: ArrayLike<number>): boolean {
  return !pointInPolygon(cx, cy, fa(poly)) && distanceToBoundary(cx, cy, poly) > r;
}

/** A polygon is simple: at least 3 vertices, no zero-length edge, non-adjacent edges never meet. */
export function isSimplePolygon(poly: readonly number[]): boolean {
  const n = poly.length / 2;
  if (n < 3) return false;
  const e = (i: number): [number, number, number, number] => {
    const j = (i + 1) % n;
    return [poly[2 * i]!, poly[2 * i + 1]!, poly[2 * j]!, poly[2 * j + 1]!];
  };
  for (let i = 0; i < n; i++) {
    const [ax, ay, bx, by] = e(i);
    if (ax === bx && ay === by) return false;
    for (let k = i + 1; k < n; k++) {
      const [cx, cy, dx, dy] = e(k);
      const adjacent = k === i + 1 || (i === 0 && k === n - 1);
      if (adjacent) {
        // Adjacent edges share one vertex; they must not fold back onto each other.
        const shared = k === i + 1 ? [bx, by] : [ax, ay];
        const a2 = k === i + 1 ? [ax, ay] : [bx, by];
        const d2 = k === i + 1 ? [dx, dy] : [cx, cy];
        const cross =
          (a2[0]! - shared[0]!) * (d2[1]! - shared[1]!) - (a2[1]! - shared[1]!) * (d2[0]! - shared[0]!);
        const dot =
          (a2[0]! - shared[0]!) * (d2[0]! - shared[0]!) + (a2[1]! - shared[1]!) * (d2[1]! - shared[1]!);
        if (cross === 0 && dot > 0) return false;
        continue;
      }
      if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return false;
    }
  }
  return true;
}

/** Every vertex of `inner` strictly inside `outer` and no edges meeting: `inner` lies strictly inside `outer`. */
export function polygonInside(inner: readonly number[], outer: readonly number[]): boolean {
  const o = fa(outer);
  const n = inner.length / 2;
  const m = outer.length / 2;
  for (let i = 0; i < n; i++) {
    if (!pointInPolygon(inner[2 * i]!, inner[2 * i + 1]!, o)) return false;
    const i2 = (i + 1) % n;
    for (let k = 0; k < m; k++) {
      const k2 = (k + 1) % m;
      if (
        segmentsIntersect(
          inner[2 * i]!,
          inner[2 * i + 1]!,
          inner[2 * i2]!,
          inner[2 * i2 + 1]!,
          outer[2 * k]!,
          outer[2 * k + 1]!,
          outer[2 * k2]!,
          outer[2 * k2 + 1]!,
        )
      ) {
        return false;
      }
    }
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Generator

export interface GenerateOptions {
  /** Side of the near-square board, cm (default 90). */
  size?: number;
}

/**
 * A seeded board for `players` (2…5): a near-square board polygon (corners and three points per side,
 * jittered by up to 2 cm), a star-shaped mountain of nine vertices in the middle third, the mountain station at
 * the mountain's centre, and the city and outskirts stations (docs/rules/string-railway.md § Setup) spread over the plains by Poisson-disc
 * (dart-throwing) sampling: each new centre keeps a minimum spacing from the others, shrunk by 10% whenever 4000
 * darts in a row miss. Station ids: `red-1`, `blue-2`, …, `out-1`, …, `mountain`.
 */
export function generateBoard(players: number, seed: number | string, options: GenerateOptions = {}): Board {
  const counts = STATION_COUNTS[players];
  if (!counts) throw new InputError(`players must be 2 to 5, got ${players}`, "players");
  const S = options.size ?? DEFAULT_BOARD_SIZE;
  if (!(Number.isFinite(S) && S >= 40 && S <= 1000)) throw new InputError("size must be 40…1000 cm", "size");
  const rng = new Rng((seedRng(seed) ^ 0x9e3779b9) >>> 0);
  const r = STATION_RADIUS;
  const jitter = (a: number): number => (rng.float() * 2 - 1) * a;

  // Board: counter-clockwise around the square, 4 points per side.
  const polygon: number[] = [];
  const corners = [
    [0, 0],
    [S, 0],
    [S, S],
    [0, S],
  ];
  for (let side = 0; side < 4; side++) {
    const [ax, ay] = corners[side]!;
    const [bx, by] = corners[(side + 1) % 4]!;
    // Outward normal of a counter-clockwise square side.
    const nx = by! - ay! === 0 ? 0 : Math.sign(by! - ay!);
    const ny = bx! - ax! === 0 ? 0 : -Math.sign(bx! - ax!);
    for (let k = 0; k < 4; k++) {
      const t = k / 4;
      const off = k === 0 ? 0 : jitter(2);
      const cj = k === 0 ? 1.5 : 0;
      polygon.push(
        ax! + t * (bx! - ax!) + nx * off + jitter(cj),
        ay! + t * (by! - ay!) + ny * off + jitter(cj),
      );
    }
  }

  // Mountain: star-shaped around a centre in the middle third.
  const mx = S / 3 + rng.float() * (S / 3);
  const my = S / 3 + rng.float() * (S / 3);
  const base = S * (0.12 + 0.035 * rng.float());
  const mountain: number[] = [];
  for (let k = 0; k < 9; k++) {
    const ang = ((k + jitter(0.2)) * 2 * Math.PI) / 9;
    const rad = base * (0.75 + 0.5 * rng.float());
    mountain.push(mx + rad * Math.cos(ang), my + rad * Math.sin(ang));
  }

  const kinds: Array<{ kind: StationKind; colour: CityColour | null }> = [];
  for (const c of CITY_COLOURS)
    for (let i = 0; i < counts.cityPerColour; i++) kinds.push({ kind: "city", colour: c });
  for (let i = 0; i < counts.outskirts; i++) kinds.push({ kind: "outskirts", colour: null });
  const n = kinds.length;

  const plainsArea = S * S - Math.PI * base * base;
  let spacing = Math.sqrt(plainsArea / n) * 0.85;
  const margin = 0.75; // keep discs visibly clear of the strings, not just untouched
  const pts: number[] = [];
  // The polygons as typed arrays once (the disc tests would convert them per dart).
  const polygonF = Float64Array.from(polygon);
  const mountainF = Float64Array.from(mountain);
  while (pts.length < 2 * n) {
    pts.length = 0;
    let misses = 0;
    // `near(x, y, px, py)` is `Math.hypot(x - px, y - py) < spacing`, decided by the squared distance when it is
    // clearly below or above spacing² (a relative margin of 1e-9, far above both roundings), by hypot otherwise.
    const lo = spacing * spacing * (1 - 1e-9);
    const hi = spacing * spacing * (1 + 1e-9);
    const near = (x: number, y: number, px: number, py: number): boolean => {
      const dx = x - px;
      const dy = y - py;
      const d2 = dx * dx + dy * dy;
      return d2 < lo || (d2 <= hi && Math.hypot(dx, dy) < spacing);
    };
    while (pts.length < 2 * n && misses < 4000) {
      const x = rng.float() * S;
      const y = rng.float() * S;
      // The same tests as ever (the same darts kept, so the same board for a seed), the cheapest first.
      let okPt = !near(x, y, mx, my);
      for (let i = 0; okPt && i < pts.length; i += 2) if (near(x, y, pts[i]!, pts[i + 1]!)) okPt = false;
      okPt = okPt && discInside(x, y, r + margin, polygonF) && discOutside(x, y, r + margin, mountainF);
      if (okPt) {
        pts.push(x, y);
        misses = 0;
      } else misses++;
    }
    if (pts.length < 2 * n) spacing *= 0.9;
    if (spacing < 2 * r + 2 * margin) throw new Error("board generator: cannot fit the stations");
  }

  const order = rng.shuffle(kinds);
  const perColour: Record<string, number> = {};
  const stations: Station[] = order.map((k, i) => {
    const name = k.kind === "city" ? k.colour! : "out";
    perColour[name] = (perColour[name] ?? 0) + 1;
    return {
      id: `${name}-${perColour[name]}`,
      kind: k.kind,
      colour: k.colour,
      x: pts[2 * i]!,
      y: pts[2 * i + 1]!,
    };
  });
  stations.push({ id: "mountain", kind: "mountain", colour: null, x: mx, y: my });
  const board: Board = { polygon, mountain, radius: r, stations };
  validateBoard(board); // the generator's own output must pass the loader's rules
  return board;
}

// ---------------------------------------------------------------------------------------------------
// Loader

function flatPolygon(v: unknown, path: string): number[] {
  const list = arr(v, path, 2048);
  if (list.length % 2 !== 0 || list.length < 6)
    throw new InputError("a polygon is a flat array [x0, y0, x1, y1, …] of 3 to 1024 vertices", path);
  return list.map((x, i) => num(x, `${path}/${i}`, -1e6, 1e6) + 0); // + 0: -0 becomes 0
}

/**
 * Parses and validates a board document (a JSON string or a value, read once; docs/string-board-format.md).
 * Throws `InputError` naming the offending field by its JSON pointer below `base` (`/options/board` in setup).
 */
export function parseBoard(json: unknown, base = ""): Board {
  const o = obj(typeof json === "string" ? readJson(json) : snapshot(json, base), base);
  const polygon = flatPolygon(o.polygon, `${base}/polygon`);
  const mountain = flatPolygon(o.mountain, `${base}/mountain`);
  const radius = o.radius === undefined ? STATION_RADIUS : o.radius;
  if (typeof radius !== "number" || !(radius > 0 && radius < 100)) {
    throw new InputError("radius must be a positive number below 100", `${base}/radius`);
  }
  const list = arr(o.stations, `${base}/stations`, 256);
  const stations: Station[] = list.map((x: unknown, i: number): Station => {
    const p = `${base}/stations/${i}`;
    const st = obj(x, p);
    if (typeof st.id !== "string" || st.id.length === 0 || st.id.length > 64) {
      throw new InputError("id must be a non-empty string (at most 64 characters)", `${p}/id`);
    }
    if (st.kind !== "city" && st.kind !== "outskirts" && st.kind !== "mountain") {
      throw new InputError('kind must be "city", "outskirts" or "mountain"', `${p}/kind`);
    }
    let colour: CityColour | null = null;
    if (st.kind === "city") {
      if (!(CITY_COLOURS as readonly unknown[]).includes(st.colour)) {
        throw new InputError("a city station needs colour red, blue, purple or yellow", `${p}/colour`);
      }
      colour = st.colour as CityColour;
    } else if (st.colour !== undefined && st.colour !== null) {
      throw new InputError(`a ${st.kind} station has no colour`, `${p}/colour`);
    }
    const x0 = num(st.x, `${p}/x`, -1e6, 1e6) + 0;
    const y0 = num(st.y, `${p}/y`, -1e6, 1e6) + 0;
    return { id: st.id, kind: st.kind, colour, x: x0, y: y0 };
  });
  const board: Board = { polygon, mountain, radius, stations };
  validateBoard(board, base);
  return board;
}

/**
 * Checks the placement rules of a board; throws `InputError` naming the first broken one (JSON pointer below
 * `base`).
 */
export function validateBoard(board: Board, base = ""): void {
  const { polygon, mountain, radius: r, stations } = board;
  if (!isSimplePolygon(polygon)) throw new InputError("the board polygon is not simple", `${base}/polygon`);
  if (!isSimplePolygon(mountain))
    throw new InputError("the mountain polygon is not simple", `${base}/mountain`);
  if (!polygonInside(mountain, polygon)) {
    throw new InputError("the mountain must lie strictly inside the board", `${base}/mountain`);
  }
  const ids = new Set<string>();
  let mountains = 0;
  for (const [i, s] of stations.entries()) {
    const p = `${base}/stations/${i}`;
    if (ids.has(s.id)) throw new InputError(`duplicate station id "${s.id}"`, `${p}/id`);
    if (s.id.startsWith("new-"))
      throw new InputError('ids starting "new-" are kept for new stations', `${p}/id`);
    ids.add(s.id);
    if (!discInside(s.x, s.y, r, polygon)) {
      throw new InputError(`station "${s.id}" must lie inside the board without touching its edge`, p);
    }
    if (s.kind === "mountain") {
      mountains++;
      if (!discInside(s.x, s.y, r, mountain)) {
        throw new InputError(
          `the mountain station "${s.id}" must lie inside the mountain without touching it`,
          p,
        );
      }
    } else if (!discOutside(s.x, s.y, r, mountain)) {
      throw new InputError(`station "${s.id}" must stand in the plains without touching the mountain`, p);
    }
    for (let k = 0; k < i; k++) {
      const t = stations[k]!;
      if (Math.hypot(s.x - t.x, s.y - t.y) <= 2 * r) {
        throw new InputError(`stations "${t.id}" and "${s.id}" overlap or touch`, p);
      }
    }
  }
  if (mountains !== 1)
    throw new InputError(`a board has exactly one mountain station, found ${mountains}`, `${base}/stations`);
}
