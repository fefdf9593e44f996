/**
 * The board of `<string-railway>` as SVG fragments, from the state alone: the black string (the field), the
 * mountain, every seat's strings, the stations as tiles in their colour with their cubes on them, the live check's
 * meeting places. Units are the engine's centimetres (the SVG's viewBox is the board's box plus a margin). Nothing
 * here decides a rule: what is charged, and where, is the engine's answer.
 */
import { html, nothing, svg, type TemplateResult } from "lit";
import { boxOf } from "../../engine/string/geometry/box.ts";
import type { Counts, CubeColour, Station, StringState } from "../../engine/string/types.ts";

export const CUBE_ORDER: readonly CubeColour[] = ["red", "blue", "purple", "yellow", "green", "white"];

/** The viewBox `[x, y, w, h]` of a board: its polygon's box and a margin of 3 cm. */
export function viewBoxOf(s: StringState): [number, number, number, number] {
  const [minX, minY, maxX, maxY] = boxOf(s.board.polygon);
  const m = 3;
  return [minX - m, minY - m, maxX - minX + 2 * m, maxY - minY + 2 * m];
}

export const points = (flat: readonly number[]): string => {
  let out = "";
  for (let i = 0; i + 1 < flat.length; i += 2) out += `${i ? " " : ""}${flat[i]},${flat[i + 1]}`;
  return out;
};

/** The point a fraction `f` (0–1) of the way along a polyline `[x0, y0, x1, y1, …]`, by length. */
export function along(path: readonly number[], f: number): [number, number] {
  let total = 0;
  for (let i = 2; i + 1 < path.length; i += 2)
    total += Math.hypot(path[i]! - path[i - 2]!, path[i + 1]! - path[i - 1]!);
  let left = total * f;
  for (let i = 2; i + 1 < path.length; i += 2) {
    const len = Math.hypot(path[i]! - path[i - 2]!, path[i + 1]! - path[i - 1]!);
    if (len >= left && len > 0) {
      const t = left / len;
      return [path[i - 2]! + t * (path[i]! - path[i - 2]!), path[i - 1]! + t * (path[i + 1]! - path[i - 1]!)];
    }
    left -= len;
  }
  return [path.at(-2) ?? 0, path.at(-1) ?? 0];
}

/** Where along its string a ghost's label may go, in the order tried. */
const LABEL_STOPS = [0.5, 0.38, 0.62, 0.27, 0.73, 0.17, 0.83];
/** A label's room (cm): this far from a station's edge and from another label. */
export const LABEL_ROOM_CM = 2.2;

/**
 * Where the hints' ghost strings are labelled (their numbers), in order: on each string, the first of a few points
 * along it (halfway first) clear of every station disc and of the labels placed before, by {@link LABEL_ROOM_CM};
 * halfway when none is. Two ghosts between the same stations that bend differently are labelled apart (the
 * chord's midpoint, used before, put their numbers on top of each other, under the station between them).
 */
export function ghostLabels(
  paths: readonly (readonly number[])[],
  stations: readonly { x: number; y: number }[],
  radius: number,
): [number, number][] {
  const placed: [number, number][] = [];
  for (const path of paths) {
    const clear = ([x, y]: [number, number]) =>
      stations.every((st) => Math.hypot(st.x - x, st.y - y) > radius + LABEL_ROOM_CM) &&
      placed.every(([px, py]) => Math.hypot(px - x, py - y) > LABEL_ROOM_CM);
    const at = LABEL_STOPS.map((f) => along(path, f)).find(clear) ?? along(path, 0.5);
    placed.push(at);
  }
  return placed;
}

/** The field and the mountain (with a few peaks drawn at its centre). */
export function fieldSvg(s: StringState): TemplateResult {
  const m = s.board.mountain;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < m.length; i += 2) {
    cx += m[i]!;
    cy += m[i + 1]!;
  }
  cx /= m.length / 2;
  cy /= m.length / 2;
  const peak = (x: number, y: number, h: number) =>
    svg`<path class="peak" d="M${x - h * 0.8},${y + h * 0.5} L${x},${y - h * 0.6} L${x + h * 0.8},${y + h * 0.5} Z" />`;
  return svg`<polygon class="field" points=${points(s.board.polygon)} />
    <polygon class="mountain" points=${points(m)} />
    ${peak(cx - 4, cy + 3, 2.2)}${peak(cx + 3.5, cy + 3.5, 1.8)}`;
}

/**
 * How far (cm) seat `seat`'s strings are drawn to the side of their line, so that strings sharing a stretch lie
 * side by side as real strings would, none hidden under another: seat 0 on its line, each later seat one step
 * further (0.6 cm, less with four or five seats: 1.6 cm at most, well inside a station disc of 2.5 cm, so a string
 * still ends in its stations). The steps grow with the seat, never ± around the line:
 * two strings run a shared stretch in either direction, and a seat's side is fixed by its string's direction.
 */
export function seatOffset(seat: number, players: number): number {
  return seat * Math.min(0.6, 1.6 / Math.max(1, players - 1));
}

/** A miter never reaches further than this many offsets from its vertex (sharp bends are flattened). */
const MITER_LIMIT = 3;

/**
 * A polyline `[x0, y0, …]` drawn `d` cm to its side: each segment moved along its normal, vertices joined by
 * miters (at most MITER_LIMIT × d from the vertex). The side does not depend on which end the path starts from:
 * the path is read from its lesser end (by x, then y), and moved to the left of that direction (y pointing down:
 * left on screen is `(dy, -dx)`). Same vertices, same order as the input.
 */
export function offsetPath(flat: readonly number[], d: number): number[] {
  const n = flat.length >> 1;
  if (d === 0 || n < 2) return flat.slice();
  const flip = flat[2 * n - 2]! < flat[0]! || (flat[2 * n - 2]! === flat[0]! && flat[2 * n - 1]! < flat[1]!);
  const side = flip ? -d : d;
  // Unit normals of the segments; a zero-length segment takes its neighbour's.
  const nx = new Float64Array(n - 1);
  const ny = new Float64Array(n - 1);
  let any = false;
  for (let i = 0; i + 1 < n; i++) {
    const dx = flat[2 * i + 2]! - flat[2 * i]!;
    const dy = flat[2 * i + 3]! - flat[2 * i + 1]!;
    const len = Math.hypot(dx, dy);
    nx[i] = len > 0 ? dy / len : Number.NaN;
    ny[i] = len > 0 ? -dx / len : Number.NaN;
    if (len > 0) any = true;
  }
  if (!any) return flat.slice();
  for (let i = 1; i < n - 1; i++)
    if (Number.isNaN(nx[i]!)) {
      nx[i] = nx[i - 1]!;
      ny[i] = ny[i - 1]!;
    }
  for (let i = n - 3; i >= 0; i--)
    if (Number.isNaN(nx[i]!)) {
      nx[i] = nx[i + 1]!;
      ny[i] = ny[i + 1]!;
    }
  const out = new Array<number>(2 * n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - 1);
    const b = Math.min(n - 2, i);
    let mx = nx[a]! + nx[b]!;
    let my = ny[a]! + ny[b]!;
    const m = Math.hypot(mx, my);
    if (m < 1e-9) {
      // The path turns straight back: move along the outgoing segment's normal.
      mx = nx[b]!;
      my = ny[b]!;
    } else {
      mx /= m;
      my /= m;
    }
    // The miter's length: 1 / cos(half the turn), capped.
    const scale = Math.min(MITER_LIMIT, 1 / Math.max(1e-9, mx * nx[b]! + my * ny[b]!));
    out[2 * i] = flat[2 * i]! + mx * side * scale;
    out[2 * i + 1] = flat[2 * i + 1]! + my * side * scale;
  }
  return out;
}

/**
 * Every seat's placed strings, in seat order: each under a soft shadow and a paper-coloured casing (so a string
 * drawn over another keeps an edge), moved to its seat's side (`seatOffset`), with its seat's pattern along its
 * middle (none, dots, dashes, long dashes, dash-dot: the seat reads without its colour).
 */
export function stringsSvg(s: StringState): TemplateResult[] {
  const out: TemplateResult[] = [];
  const n = s.seats.length;
  s.seats.forEach((seat, i) => {
    for (const str of seat.strings) out.push(stringSvg(str.path, i, n));
  });
  return out;
}

/** One string of seat `seat` (of `players`), drawn as `stringsSvg` draws placed strings. */
export function stringSvg(path: readonly number[], seat: number, players: number): TemplateResult {
  const pts = points(offsetPath(path, seatOffset(seat, players)));
  return svg`<polyline class="string-shadow" points=${pts} />
    <polyline class="string-casing" points=${pts} />
    <polyline class="string seat-${seat}" data-seat=${seat} points=${pts} />
    <polyline class="string-mark m-${seat}" points=${pts} />`;
}

/** A short sample of seat `seat`'s string (colour and pattern), for the seat tables: a legend of the board. */
export function seatSample(seat: number): TemplateResult {
  return html`<svg class="seat-sample" viewBox="0 0 5.4 1.4" aria-hidden="true">
    <line class="string-casing" x1="0.7" y1="0.7" x2="4.7" y2="0.7" />
    <line class="string seat-${seat}" x1="0.7" y1="0.7" x2="4.7" y2="0.7" />
    <line class="string-mark m-${seat}" x1="0.7" y1="0.7" x2="4.7" y2="0.7" />
  </svg>`;
}

/** Points of the preview closer than this (cm) are one meeting place on the board. */
export const MARK_MERGE_CM = 0.2;

/** A meeting place marked on the board: where, and how many rival strings are charged there (AP). */
export interface MeetingMark {
  x: number;
  y: number;
  count: number;
}

/**
 * The engine's charged points (`StringPreview.points`: one `[x, y]` per meeting place and rival string met
 * there) as marks: points within MARK_MERGE_CM of a mark's first point join it and add to its count. In order of
 * first appearance.
 */
export function meetingMarks(flat: readonly number[], merge = MARK_MERGE_CM): MeetingMark[] {
  const marks: MeetingMark[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const x = flat[i]!;
    const y = flat[i + 1]!;
    const same = marks.find((m) => Math.hypot(m.x - x, m.y - y) <= merge);
    if (same) same.count++;
    else marks.push({ x, y, count: 1 });
  }
  return marks;
}

/** The marks' words: "1 AP" or "2 rival strings: 2 AP" (a mark's title, read by pointer and screen reader). */
export const markTitle = (count: number): string =>
  count === 1 ? "Meeting place: 1 AP" : `Meeting place of ${count} rival strings: ${count} AP`;

/**
 * The live check's meeting places in words: "none", "1 (1 AP)", "2 (3 AP: one place on 2 rival strings)". A place
 * costs 1 AP per rival string met there; the count of charged points is the engine's `crossings`.
 */
export function meetingText(p: { points: readonly number[]; crossings: number }): string {
  if (p.crossings === 0) return "none";
  const marks = meetingMarks(p.points);
  const many = new Map<number, number>();
  for (const m of marks) if (m.count > 1) many.set(m.count, (many.get(m.count) ?? 0) + 1);
  const notes = [...many].map(([n, k]) => `${k === 1 ? "one place" : `${k} places`} on ${n} rival strings`);
  return `${marks.length} (${p.crossings} AP${notes.length ? `: ${notes.join(", ")}` : ""})`;
}

/**
 * The live check's shared stretches (`[x0, y0, x1, y1, …]`, segments) as wide bands, drawn under the strings (so
 * both strings along a stretch stay in sight over it).
 */
export function stretchesSvg(stretches: readonly number[]): TemplateResult[] {
  const out: TemplateResult[] = [];
  for (let i = 0; i + 3 < stretches.length; i += 4)
    out.push(
      svg`<line class="meeting-stretch" data-stretch=${i / 4} x1=${stretches[i]} y1=${stretches[i + 1]} x2=${stretches[i + 2]} y2=${stretches[i + 3]} />`,
    );
  return out;
}

/** The live check's meeting places as marks (a × in a ring) over everything, "×n" where n rival strings are charged. */
export function marksSvg(flat: readonly number[]): TemplateResult[] {
  return meetingMarks(flat).map(
    ({ x, y, count }, k) => svg`<g class="crossing" data-crossing=${k} data-count=${count}>
      <title>${markTitle(count)}</title>
      <circle cx=${x} cy=${y} r="1.1" />
      <path d="M${x - 0.55},${y - 0.55} L${x + 0.55},${y + 0.55} M${x + 0.55},${y - 0.55} L${x - 0.55},${y + 0.55}" />
      ${count > 1 ? svg`<text class="crossing-count" x=${x + 1.3} y=${y - 0.9}>×${count}</text>` : nothing}
    </g>`,
  );
}

/** Cubes on a station, as small squares in a 3 × 3 grid on its tile (a "+n" beyond nine). */
export function cubesSvg(counts: Counts, x: number, y: number, picked: CubeColour | null): TemplateResult[] {
  const list: CubeColour[] = [];
  for (const c of CUBE_ORDER) for (let k = 0; k < counts[c]; k++) list.push(c);
  const size = 1.15;
  const gap = 0.3;
  const shown = list.slice(0, list.length > 9 ? 8 : 9);
  const cols = Math.min(3, Math.max(1, Math.ceil(Math.sqrt(shown.length))));
  const rows = Math.ceil(shown.length / cols);
  const w = cols * size + (cols - 1) * gap;
  const h = rows * size + (rows - 1) * gap;
  let pickedDone = false;
  const out = shown.map((c, k) => {
    const cx = x - w / 2 + (k % cols) * (size + gap);
    const cy = y - h / 2 + Math.floor(k / cols) * (size + gap);
    const isPicked = !pickedDone && c === picked;
    if (isPicked) pickedDone = true;
    return svg`<rect class="cube c-${c}${isPicked ? " picked" : ""}" x=${cx} y=${cy} width=${size} height=${size} rx="0.15" />`;
  });
  if (list.length > shown.length)
    out.push(
      svg`<text class="more" x=${x + w / 2 - 0.6} y=${y + h / 2 - 0.1}>+${list.length - shown.length}</text>`,
    );
  return out;
}

/** The fill class of a station's tile: its city colour or chip; outskirts, mountain and chipless are styled apart. */
export function stationFill(st: Station): string {
  if (st.kind === "city" || st.kind === "new") return st.colour ? `c-${st.colour}` : "c-none";
  return "";
}
