/**
 * Pure drawing helpers of `<light-rail>`: where a cell, an edge, a track segment or a building lies in the
 * SVG, the outline of a set of cells, and the keyboard cursor's moves. No rule here: the cells come from
 * the view (cards, legal placements, blocked cells, frames).
 *
 * The brick-wall look (docs/rules/light-rail.md § Grid): a card is a W × H rectangle; column `q` lies at x = q·W and is
 * offset by half a card from its neighbours, so cell (q, r) has its top-left corner at (q·W, (r + q/2)·H).
 * Edge 0 is the top side, 3 the bottom; 1 and 2 the upper and lower halves of the right side, 5 and 4 of
 * the left side: the six neighbours of the flat-top hex grid.
 */

/** Card width and height in SVG units. */
export const CARD_W = 60;
export const CARD_H = 84;

const CAP = 6;

export type Cell = readonly [number, number];

/** A segment as placed: edges 0..5, `b` may be the terminus 6; building 0 none, 1..5. */
export interface DrawSegment {
  a: number;
  b: number;
  building: number;
}

/** Top-left corner of a cell. */
export function cellOrigin(q: number, r: number): { x: number; y: number } {
  return { x: q * CARD_W, y: (r + q / 2) * CARD_H };
}

/** Centre of a cell. */
export function cellCentre(q: number, r: number): { x: number; y: number } {
  const o = cellOrigin(q, r);
  return { x: o.x + CARD_W / 2, y: o.y + CARD_H / 2 };
}

/** Midpoint of edge e of a card, relative to the card's top-left corner. */
export function edgePoint(e: number): [number, number] {
  const W = CARD_W;
  const H = CARD_H;
  const pts: [number, number][] = [
    [W / 2, 0],
    [W, H / 4],
    [W, (3 * H) / 4],
    [W / 2, H],
    [0, (3 * H) / 4],
    [0, H / 4],
  ];
  return pts[((e % 6) + 6) % 6]!;
}

const CENTRE: [number, number] = [CARD_W / 2, CARD_H / 2];
const lerp = (p: readonly number[], q: readonly number[], t: number): [number, number] => [
  p[0]! + (q[0]! - p[0]!) * t,
  p[1]! + (q[1]! - p[1]!) * t,
];
const fmt = (n: number) => String(Math.round(n * 100) / 100);

/** Where a segment's terminus sits (on the card, short of the centre). */
export function terminusPoint(seg: DrawSegment): [number, number] {
  return lerp(edgePoint(seg.a), CENTRE, 0.78);
}

/**
 * The SVG path of a segment, relative to the card: a curve through the card's middle between two edges,
 * or a straight run from the edge to the terminus.
 */
export function segmentPath(seg: DrawSegment): string {
  const a = edgePoint(seg.a);
  if (seg.b === CAP) {
    const t = terminusPoint(seg);
    return `M${fmt(a[0])} ${fmt(a[1])}L${fmt(t[0])} ${fmt(t[1])}`;
  }
  const b = edgePoint(seg.b);
  const c1 = lerp(a, CENTRE, 0.55);
  const c2 = lerp(b, CENTRE, 0.55);
  return `M${fmt(a[0])} ${fmt(a[1])}C${fmt(c1[0])} ${fmt(c1[1])} ${fmt(c2[0])} ${fmt(c2[1])} ${fmt(b[0])} ${fmt(b[1])}`;
}

/** Where a segment's building is drawn: the curve's middle, or halfway to the terminus. */
export function buildingPoint(seg: DrawSegment): [number, number] {
  const a = edgePoint(seg.a);
  if (seg.b === CAP) return lerp(a, terminusPoint(seg), 0.45);
  const b = edgePoint(seg.b);
  const c1 = lerp(a, CENTRE, 0.55);
  const c2 = lerp(b, CENTRE, 0.55);
  // cubic Bézier at t = 0.5
  return [(a[0] + 3 * c1[0] + 3 * c2[0] + b[0]) / 8, (a[1] + 3 * c1[1] + 3 * c2[1] + b[1]) / 8];
}

/**
 * The outline of a set of cells: every side of a cell that does not border another cell of the set, as one
 * SVG path of line runs (a frame of the city limit, or the union of several).
 */
export function outlinePath(cells: readonly Cell[]): string {
  const key = (q: number, r: number) => `${q},${r}`;
  const set = new Set(cells.map(([q, r]) => key(q, r)));
  const W = CARD_W;
  const H = CARD_H;
  const parts: string[] = [];
  const run = (x1: number, y1: number, x2: number, y2: number) =>
    parts.push(`M${fmt(x1)} ${fmt(y1)}L${fmt(x2)} ${fmt(y2)}`);
  for (const [q, r] of cells) {
    const { x, y } = cellOrigin(q, r);
    if (!set.has(key(q, r - 1))) run(x, y, x + W, y);
    if (!set.has(key(q, r + 1))) run(x, y + H, x + W, y + H);
    if (!set.has(key(q + 1, r - 1))) run(x + W, y, x + W, y + H / 2);
    if (!set.has(key(q + 1, r))) run(x + W, y + H / 2, x + W, y + H);
    if (!set.has(key(q - 1, r + 1))) run(x, y + H / 2, x, y + H);
    if (!set.has(key(q - 1, r))) run(x, y, x, y + H / 2);
  }
  return parts.join("");
}

/** The SVG box `[x, y, width, height]` around some cells, with a margin. */
export function boundsOf(cells: readonly Cell[], margin = 12): [number, number, number, number] {
  if (cells.length === 0) return [-margin, -margin, CARD_W + 2 * margin, CARD_H + 2 * margin];
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [q, r] of cells) {
    const { x, y } = cellOrigin(q, r);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + CARD_W);
    y1 = Math.max(y1, y + CARD_H);
  }
  return [x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin];
}

export type Direction = "up" | "down" | "left" | "right";

/**
 * The keyboard cursor's next cell from `from` in a direction, among `cells` (the cells drawn); `from` itself when
 * nothing lies that way. In the brick wall (docs/rules/light-rail.md § Grid):
 * - Up / Down: the card directly above / below, `(q, r ∓ 1)`, else the next drawn card of the column that way, else
 *   the nearest centre ahead in any column (sideways distance counted double), so the top of a column still leads on.
 * - Left / Right: a card of the neighbouring column, which lies half a card up or down. An even column steps to its
 *   upper neighbour and an odd column to its lower one (the other when that one is not drawn), so repeated presses
 *   run along one row and, where both neighbours are drawn, Left takes back Right. With neither neighbour drawn, the nearest drawn column that way
 *   holding a card level with `from` (overlapping it vertically), its card closest in height.
 */
export function moveCursor(cells: readonly Cell[], from: Cell, dir: Direction): Cell {
  const [q, r] = from;
  const has = new Set(cells.map(([cq, cr]) => `${cq},${cr}`));
  const drawn = (c: Cell) => has.has(`${c[0]},${c[1]}`);
  if (dir === "up" || dir === "down") {
    const dr = dir === "up" ? -1 : 1;
    let column: Cell | null = null;
    for (const c of cells)
      if (c[0] === q && (c[1] - r) * dr > 0 && (!column || Math.abs(c[1] - r) < Math.abs(column[1] - r)))
        column = c;
    return column ?? nearestAhead(cells, from, 0, dr);
  }
  const dq = dir === "right" ? 1 : -1;
  const even = ((q % 2) + 2) % 2 === 0;
  // (q ± 1, r + k): for the column on the right k = -1 is the upper neighbour, for the left k = 0 is.
  const upper: Cell = [q + dq, dq === 1 ? r - 1 : r];
  const lower: Cell = [q + dq, dq === 1 ? r : r + 1];
  for (const c of even ? [upper, lower] : [lower, upper]) if (drawn(c)) return c;
  const y0 = cellCentre(q, r).y;
  let best: Cell = from;
  let bestCost = Infinity;
  for (const c of cells) {
    const k = (c[0] - q) * dq;
    if (k <= 0) continue;
    const dy = Math.abs(cellCentre(c[0], c[1]).y - y0);
    if (dy >= CARD_H) continue;
    // Nearer columns first, then the card closest in height, then the upper one.
    const cost = k * 4 * CARD_H + 2 * dy + (cellCentre(c[0], c[1]).y < y0 ? 0 : 1);
    if (cost < bestCost) {
      bestCost = cost;
      best = c;
    }
  }
  return best;
}

/** The nearest centre ahead of `from` in direction (dx, dy), sideways distance counted double; `from` when none. */
function nearestAhead(cells: readonly Cell[], from: Cell, dx: number, dy: number): Cell {
  const c0 = cellCentre(from[0], from[1]);
  let best: Cell = from;
  let bestCost = Infinity;
  for (const cell of cells) {
    const c = cellCentre(cell[0], cell[1]);
    const vx = c.x - c0.x;
    const vy = c.y - c0.y;
    const ahead = vx * dx + vy * dy;
    if (ahead <= 1) continue;
    const side = Math.abs(vx * dy - vy * dx);
    const cost = ahead + 2 * side;
    if (cost < bestCost) {
      bestCost = cost;
      best = cell;
    }
  }
  return best;
}

/**
 * Home / End: the first / last card of the cursor's row, where Left / Right stop when pressed again and again.
 * With `city` (Ctrl+Home / Ctrl+End) the first / last card of the whole city in reading order instead: the
 * leftmost column's top card, the rightmost column's bottom card.
 */
export function rowEnd(cells: readonly Cell[], from: Cell, end: "home" | "end", city = false): Cell {
  if (city) {
    let best: Cell = from;
    const sign = end === "home" ? 1 : -1;
    for (const c of [from, ...cells]) {
      const d = (c[0] - best[0]) * sign;
      if (d < 0 || (d === 0 && (c[1] - best[1]) * sign < 0)) best = c;
    }
    return best;
  }
  const dir: Direction = end === "home" ? "left" : "right";
  let at = from;
  // Each step moves to another column that way, so at most one step per drawn cell.
  for (let i = 0; i < cells.length; i++) {
    const next = moveCursor(cells, at, dir);
    if (next[0] === at[0] && next[1] === at[1]) break;
    at = next;
  }
  return at;
}

/** A shading of 0..1 for a hint value between the worst and the best value of the position. */
export function shade(value: number, lo: number, hi: number): number {
  if (!(hi > lo)) return 1;
  return Math.max(0, Math.min(1, (value - lo) / (hi - lo)));
}
