/**
 * The board of `<string-railway>` as SVG fragments, from the state alone: the black string (the field), the
 * mountain, every seat's strings, the stations as tiles in their colour with their cubes on them. Units are the
 * engine's centimetres (the SVG's viewBox is the board's box plus a margin). Nothing here decides a rule.
 */
import { svg, type TemplateResult } from "lit";
import type { Counts, CubeColour, Station, StringState } from "../../engine/string/types.ts";

export const CUBE_ORDER: readonly CubeColour[] = ["red", "blue", "purple", "yellow", "green", "white"];

/** The viewBox `[x, y, w, h]` of a board: its polygon's box and a margin of 3 cm. */
export function viewBoxOf(s: StringState): [number, number, number, number] {
  const p = s.board.polygon;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < p.length; i += 2) {
    minX = Math.min(minX, p[i]!);
    maxX = Math.max(maxX, p[i]!);
    minY = Math.min(minY, p[i + 1]!);
    maxY = Math.max(maxY, p[i + 1]!);
  }
  const m = 3;
  return [minX - m, minY - m, maxX - minX + 2 * m, maxY - minY + 2 * m];
}

export const points = (flat: readonly number[]): string => {
  let out = "";
  for (let i = 0; i + 1 < flat.length; i += 2) out += `${i ? " " : ""}${flat[i]},${flat[i + 1]}`;
  return out;
};

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

/** Every seat's placed strings, under a soft shadow. */
export function stringsSvg(s: StringState): TemplateResult[] {
  const out: TemplateResult[] = [];
  s.seats.forEach((seat, i) => {
    for (const str of seat.strings) {
      const pts = points(str.path);
      out.push(svg`<polyline class="string-shadow" points=${pts} />
        <polyline class="string seat-${i}" data-seat=${i} points=${pts} />`);
    }
  });
  return out;
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
