/**
 * The review's chart (docs/review.md): every seat's win chance (or expected score) over the game, as hand-written
 * SVG (no chart library). x: the move index 0..total; y: 0..1 for win chances, 0..the highest value for points.
 * One polyline per seat (colours from the element's palette, a dash pattern per seat so they differ without
 * colour), a marker at the step shown, and the biggest mistakes as dots.
 */
import { svg, type TemplateResult } from "lit";
import type { GameReview } from "../../games/review.ts";

const W = 320;
const H = 120;
const PAD = 4;
/** The dash pattern of each seat's line (by seat, cycling), so lines differ without colour too. */
export const CHART_DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "4 4"];

/** The chart of `review` with a marker at log index `step`; an empty frame before the first point. */
export function reviewChart(
  review: Pick<GameReview, "chart" | "unit" | "total" | "seats" | "moves">,
  step: number,
  seatName: (seat: number) => string,
): TemplateResult {
  const pts = review.chart;
  const n = Math.max(1, review.total);
  const chance = review.unit !== "points";
  const top = chance ? 1 : Math.max(1, ...pts.flatMap((p) => p.values));
  const x = (i: number) => PAD + ((W - 2 * PAD) * i) / n;
  const y = (v: number) => H - PAD - ((H - 2 * PAD) * Math.max(0, Math.min(top, v))) / top;
  const seats = pts.reduce((m, p) => Math.max(m, p.values.length), 0);
  const lines = Array.from({ length: seats }, (_, seat) =>
    pts.map((p) => `${x(p.index).toFixed(1)},${y(p.values[seat] ?? 0).toFixed(1)}`).join(" "),
  );
  const mistakes = review.seats.flatMap((s) =>
    s.mistakes.map((i) => ({ seat: s.seat, i, v: pts.find((p) => p.index === i)?.values[s.seat] })),
  );
  const label =
    review.unit === "win"
      ? "Each seat's chance to win over the game"
      : review.unit === "beat"
        ? "Each seat's chance to stay in over the game"
        : "Each seat's expected score over the game";
  return svg`<svg class="review-chart" part="review-chart" viewBox="0 0 ${W} ${H}" role="img" aria-label=${label}>
    <rect class="frame" x="0.5" y="0.5" width=${W - 1} height=${H - 1}></rect>
    ${chance ? svg`<line class="half" x1=${PAD} x2=${W - PAD} y1=${y(0.5)} y2=${y(0.5)}></line>` : ""}
    ${lines.map(
      (
        points,
        seat,
      ) => svg`<polyline class=${`seat seat-${seat}`} points=${points} stroke-dasharray=${CHART_DASHES[seat % CHART_DASHES.length]!}>
        <title>${seatName(seat)}</title></polyline>`,
    )}
    ${mistakes.map((m) =>
      m.v === undefined
        ? ""
        : svg`<circle class=${`mistake seat-${m.seat}`} cx=${x(m.i)} cy=${y(m.v)} r="3"><title>${seatName(m.seat)}: mistake at move ${m.i + 1}</title></circle>`,
    )}
    <line class="step" x1=${x(step)} x2=${x(step)} y1=${PAD} y2=${H - PAD}></line>
  </svg>`;
}
