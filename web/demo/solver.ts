/**
 * The solver page: the two-player race policy of The Train Game as pictures, for a goal chosen from 50 to 200
 * (`?goal=150`, or the form). The table comes from the solver worker (web/worker/race-client.ts): the race to 100
 * is the shipped table, read at once; any other goal is solved there, its stages shown on a progress bar; the page
 * never blocks.
 *
 * Both maps: x = first player's score (0..goal-1, left to right), y = opponent's score (0..goal-1, bottom to
 * top), one cell per pair, at the start of the first player's turn.
 * - Win map: P(first player wins) + P(tie)/2, with the stop boundary drawn over it as white lines: steps of 10 in
 *   the points at stake at which a full freight train stops. (In the regular rolls the optimal player never stops
 *   early with a valid train: a roll costs nothing, since adding nothing is allowed. The push-your-luck stop is the
 *   freight one.)
 * - Freight map: the smallest points at stake at which a full freight train stops rather than banks (`freightStopAt`).
 *
 * The canvases are drawn in CSS pixels at the device's pixel ratio (sharp on a phone), as wide as their box (at
 * most 560 px, page.css), redrawn when it changes; the axis labels stay at least {@link FONT_PX} CSS px and the
 * ticks thin out (every 10, 20, 25, 50 points…) so that labels never overlap, down to a phone's 390 px.
 */

import { HINT_MAX_GOAL, HINT_MIN_GOAL, hintableGoal, SHIPPED_GOAL } from "../solvers/train/race-context.ts";
import type { RaceTableView } from "../worker/protocol.ts";
import { sharedRaceSolver } from "../worker/race-client.ts";

const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const status = $<HTMLElement>("#race-status");
const progress = $<HTMLProgressElement>("#race-progress");
const form = $<HTMLFormElement>("#goal-form");
const goalInput = $<HTMLInputElement>("#race-goal");
const solveButton = $<HTMLButtonElement>("#goal-solve");

type RGB = [number, number, number];

/** Plot geometry in CSS pixels: margins for the axes, one square cell per score pair. */
const M = { left: 48, bottom: 40, top: 10, right: 12 };
/** Axis text size in CSS pixels (never smaller, whatever the canvas's width). */
const FONT_PX = 12;
/** Tick steps tried, in points, smallest first: the first whose labels do not touch is drawn. */
const TICK_STEPS = [10, 20, 25, 50, 100];

/** Viridis, 6 stops: 0 → dark purple, 1 → yellow. */
const VIRIDIS: RGB[] = [
  [68, 1, 84],
  [65, 68, 135],
  [42, 120, 142],
  [34, 168, 132],
  [122, 209, 81],
  [253, 231, 37],
];
/** Magma-like, for the freight map (so the two pictures are not read on one scale). */
const MAGMA: RGB[] = [
  [0, 0, 4],
  [81, 18, 124],
  [183, 55, 121],
  [252, 137, 97],
  [252, 253, 191],
];

function ramp(stops: RGB[], t: number): RGB {
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as RGB;
}

// The legend ramps are the same stops as CSS classes in page.css (.ramp-viridis, .ramp-magma): a strict CSP
// (style-src 'self') refuses style="" attributes.

interface Map2D {
  canvas: HTMLCanvasElement;
  readout: HTMLElement;
  n: number;
  colour(me: number, opp: number): RGB;
  describe(me: number, opp: number): string;
  /** Extra drawing over the cells (cell size in pixels, plot origin at the top left). */
  overlay?(ctx: CanvasRenderingContext2D, cell: number): void;
}

function drawMap(m: Map2D): void {
  const { canvas, n } = m;
  // The canvas's width in CSS px (page.css: the width of its box, border included), the backing store at the
  // pixel ratio.
  const width = Math.max(200, Math.round(canvas.clientWidth || 560));
  const dpr = Math.max(1, window.devicePixelRatio || 1);
  const cell = (width - M.left - M.right) / n;
  const size = cell * n;
  const height = Math.round(M.top + size + M.bottom);
  canvas.width = Math.round(width * dpr);
  canvas.height = Math.round(height * dpr);
  const ctx = canvas.getContext("2d")!;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  // One pixel per score pair, scaled up without smoothing: square cells at any size.
  const cells = document.createElement("canvas");
  cells.width = n;
  cells.height = n;
  const cctx = cells.getContext("2d")!;
  const img = cctx.createImageData(n, n);
  for (let me = 0; me < n; me++) {
    for (let opp = 0; opp < n; opp++) {
      const [r, g, b] = m.colour(me, opp);
      const o = ((n - 1 - opp) * n + me) * 4;
      img.data[o] = r;
      img.data[o + 1] = g;
      img.data[o + 2] = b;
      img.data[o + 3] = 255;
    }
  }
  cctx.putImageData(img, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(cells, M.left, M.top, size, size);
  m.overlay?.(ctx, cell);

  // Axes: ticks every `step` points, the smallest step whose labels keep apart.
  ctx.fillStyle = "#1f2328";
  ctx.font = `${FONT_PX}px system-ui, sans-serif`;
  const labelW = ctx.measureText(String(n)).width;
  const step = TICK_STEPS.find((s) => s * cell >= labelW + FONT_PX / 2 && s * cell >= FONT_PX * 1.5) ?? n;
  // For the e2e test: what was drawn, in CSS px.
  canvas.dataset.fontPx = String(FONT_PX);
  canvas.dataset.tickGap = (step * cell).toFixed(1);
  canvas.dataset.labelWidth = labelW.toFixed(1);
  for (let v = 0; v <= n; v += step) {
    ctx.textAlign = "center";
    ctx.fillText(String(v), M.left + v * cell, M.top + size + FONT_PX + 4);
    ctx.textAlign = "right";
    ctx.fillText(String(v), M.left - 6, M.top + size - v * cell + FONT_PX / 3);
  }
  ctx.textAlign = "center";
  ctx.fillText("first player's score", M.left + size / 2, M.top + size + 2 * FONT_PX + 10);
  ctx.save();
  ctx.translate(FONT_PX + 2, M.top + size / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText("opponent's score", 0, 0);
  ctx.restore();

  canvas.onmousemove = (e) => {
    const r = canvas.getBoundingClientRect();
    const me = Math.floor(((e.clientX - r.left) * (width / r.width) - M.left) / cell);
    const opp = n - 1 - Math.floor(((e.clientY - r.top) * (height / r.height) - M.top) / cell);
    m.readout.textContent = me >= 0 && me < n && opp >= 0 && opp < n ? m.describe(me, opp) : "";
  };
  canvas.onmouseleave = () => {
    m.readout.textContent = "";
  };
}

/** Lines along cell edges where `level` changes between neighbours. */
function edgeLines(
  ctx: CanvasRenderingContext2D,
  n: number,
  cell: number,
  level: (me: number, opp: number) => number,
) {
  const size = cell * n;
  ctx.save();
  ctx.strokeStyle = "rgba(255,255,255,0.9)";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  for (let me = 0; me < n; me++) {
    for (let opp = 0; opp < n; opp++) {
      const x = M.left + me * cell;
      const y = M.top + size - (opp + 1) * cell;
      if (me + 1 < n && level(me, opp) !== level(me + 1, opp)) {
        ctx.moveTo(x + cell, y);
        ctx.lineTo(x + cell, y + cell);
      }
      if (opp + 1 < n && level(me, opp) !== level(me, opp + 1)) {
        ctx.moveTo(x, y);
        ctx.lineTo(x + cell, y);
      }
    }
  }
  ctx.stroke();
  ctx.restore();
}

function drawWinMap(t: RaceTableView): void {
  const n = t.goal;
  const at = (me: number, opp: number) => me * n + opp;
  const stop = t.freightStopAt;
  drawMap({
    canvas: $<HTMLCanvasElement>("#race-canvas"),
    readout: $<HTMLElement>("#race-readout"),
    n,
    colour: (me, opp) => ramp(VIRIDIS, t.winFirst[at(me, opp)]!),
    describe: (me, opp) => {
      const p = `${(t.winFirst[at(me, opp)]! * 100).toFixed(1)}% to win`;
      return `First player ${me}, opponent ${opp}: ${p}; a full freight train stops at ${stop[at(me, opp)]} points at stake.`;
    },
    overlay: (ctx, cell) => edgeLines(ctx, n, cell, (me, opp) => Math.floor(stop[at(me, opp)]! / 10)),
  });
  const first = t.firstPlayerWins;
  $<HTMLElement>("#race-legend").innerHTML = `
    <p><strong>P(first player wins)</strong></p>
    <div class="ramp ramp-viridis"></div>
    <div class="ticks"><span>0%</span><span>25%</span><span>50%</span><span>75%</span><span>100%</span></div>
    <p>In the race to ${n}, at 0–0 the first player wins <strong>${(first.value * 100).toFixed(2)}%</strong> of races
      (value iteration to ${first.tolerance.toExponential(0)}).</p>
    <p>White lines: the stop boundary. Each line is a step of 10 in the points at stake at which the optimal first
      player, holding a full freight train, stops rather than banks (the map below shows the value). In the regular
      rolls a valid train never stops early: a roll costs nothing, since adding nothing is allowed.</p>
    <p>Move the pointer over the map to read a cell.</p>`;
}

function drawFreightMap(t: RaceTableView): void {
  const n = t.goal;
  const v = t.freightStopAt;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const x of v) {
    lo = Math.min(lo, x);
    hi = Math.max(hi, x);
  }
  const span = Math.max(1, hi - lo);
  $<HTMLElement>("#freight").hidden = false; // before drawing: the canvas takes its box's width
  drawMap({
    canvas: $<HTMLCanvasElement>("#freight-canvas"),
    readout: $<HTMLElement>("#freight-readout"),
    n,
    colour: (me, opp) => ramp(MAGMA, (v[me * n + opp]! - lo) / span),
    describe: (me, opp) =>
      `First player ${me}, opponent ${opp}: a full freight train stops at ${v[me * n + opp]} points at stake or more.`,
  });
  const mid = Math.round((lo + hi) / 2);
  $<HTMLElement>("#freight-legend").innerHTML = `
    <p><strong>Points at stake at which a full freight train stops</strong></p>
    <div class="ramp ramp-magma"></div>
    <div class="ticks"><span>${lo}</span><span>${mid}</span><span>${hi}</span></div>
    <p>Below the value it banks and rolls on.</p>`;
}

/** Draws the policy of the race to `goal`: read from the shipped table (100) or solved in the solver worker. */
async function show(goal: number): Promise<void> {
  solveButton.disabled = true;
  progress.hidden = false;
  progress.value = 0;
  status.textContent = goal === SHIPPED_GOAL ? "Reading the shipped table…" : `Solving the race to ${goal}…`;
  const t0 = performance.now();
  try {
    const table = await sharedRaceSolver().raceTable(goal, (p) => {
      progress.value = p.fraction;
      status.textContent = `${p.stage[0]!.toUpperCase()}${p.stage.slice(1)}…`;
    });
    const ms = Math.round(performance.now() - t0);
    status.textContent = `Solved: ${table.goal} × ${table.goal} positions (race to ${table.goal}, ${ms} ms).`;
    shown = table;
    drawWinMap(table);
    drawFreightMap(table);
    document.title = `railkit: the Train Game race to ${table.goal}`;
  } catch (e) {
    status.textContent = `The solver failed: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    progress.hidden = true;
    solveButton.disabled = false;
  }
}

/** The table drawn, redrawn when the canvases' boxes change size (a phone turned, a window resized). */
let shown: RaceTableView | null = null;
let lastWidth = 0;
new ResizeObserver(() => {
  const w = $<HTMLElement>("#race-canvas").parentElement?.clientWidth ?? 0;
  if (!shown || w === lastWidth) return;
  lastWidth = w;
  drawWinMap(shown);
  drawFreightMap(shown);
}).observe($<HTMLElement>("#race-canvas").parentElement!);

form.addEventListener("submit", (e) => {
  e.preventDefault();
  const goal = goalInput.valueAsNumber;
  if (!hintableGoal(goal)) {
    status.textContent = `Choose a goal from ${HINT_MIN_GOAL} to ${HINT_MAX_GOAL} points.`;
    return;
  }
  const url = new URL(location.href);
  url.searchParams.set("goal", String(goal));
  history.replaceState(null, "", url);
  void show(goal);
});

const asked = Number(new URL(location.href).searchParams.get("goal") ?? SHIPPED_GOAL);
goalInput.value = String(hintableGoal(asked) ? asked : SHIPPED_GOAL);
void show(hintableGoal(asked) ? asked : SHIPPED_GOAL);
