/**
 * The solver page: the two-player race policy of The Train Game as a picture. The table is computed in
 * the worker (`train.raceTable`), with its stages shown on a progress bar; the page never blocks.
 *
 * Heat map: x = first player's score (0..goal-1, left to right), y = opponent's score (0..goal-1, bottom
 * to top), colour = P(first player wins) + P(tie)/2 at the start of the first player's turn.
 * Stop line: where the table carries `stopThreshold`, each cell's smallest turn total at which the race
 * policy stops, drawn as iso-lines.
 */
import { sharedRailkitClient } from "../worker/client.ts";
import type { RaceTableView } from "../worker/protocol.ts";

const canvas = document.querySelector<HTMLCanvasElement>("#race-canvas")!;
const status = document.querySelector<HTMLElement>("#race-status")!;
const progress = document.querySelector<HTMLProgressElement>("#race-progress")!;
const readout = document.querySelector<HTMLElement>("#race-readout")!;
const legend = document.querySelector<HTMLElement>("#race-legend")!;

/** Plot geometry in canvas pixels: margins for the axes, one square cell per score pair. */
const M = { left: 48, bottom: 40, top: 10, right: 12 };

/** Viridis, 6 stops: 0 → dark purple, 1 → yellow. */
const STOPS: [number, number, number][] = [
  [68, 1, 84],
  [65, 68, 135],
  [42, 120, 142],
  [34, 168, 132],
  [122, 209, 81],
  [253, 231, 37],
];
function colour(p: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, p)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = STOPS[i]!;
  const b = STOPS[i + 1]!;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as [number, number, number];
}

function draw(t: RaceTableView): void {
  const n = t.goal;
  const cell = Math.floor((canvas.width - M.left - M.right) / n);
  const size = cell * n;
  canvas.height = M.top + size + M.bottom;
  const ctx = canvas.getContext("2d")!;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const img = ctx.createImageData(size, size);
  for (let me = 0; me < n; me++) {
    for (let opp = 0; opp < n; opp++) {
      const [r, g, b] = colour(t.winFirst[me * n + opp]!);
      const y0 = (n - 1 - opp) * cell;
      for (let dy = 0; dy < cell; dy++) {
        for (let dx = 0; dx < cell; dx++) {
          const o = ((y0 + dy) * size + me * cell + dx) * 4;
          img.data[o] = r;
          img.data[o + 1] = g;
          img.data[o + 2] = b;
          img.data[o + 3] = 255;
        }
      }
    }
  }
  ctx.putImageData(img, M.left, M.top);

  if (t.stopThreshold) drawStopLines(ctx, t, cell);

  // Axes and ticks every 10 points.
  ctx.fillStyle = "#1f2328";
  ctx.strokeStyle = "#1f2328";
  ctx.font = "12px system-ui, sans-serif";
  ctx.textAlign = "center";
  for (let v = 0; v <= n; v += 10) {
    const x = M.left + v * cell;
    const y = M.top + size - v * cell;
    ctx.fillText(String(v), x, M.top + size + 16);
    ctx.textAlign = "right";
    ctx.fillText(String(v), M.left - 6, y + 4);
    ctx.textAlign = "center";
  }
  ctx.fillText("first player's score", M.left + size / 2, M.top + size + 34);
  ctx.save();
  ctx.translate(14, M.top + size / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.fillText("opponent's score", 0, 0);
  ctx.restore();

  canvas.onmousemove = (e) => {
    const r = canvas.getBoundingClientRect();
    const px = ((e.clientX - r.left) * canvas.width) / r.width - M.left;
    const py = ((e.clientY - r.top) * canvas.height) / r.height - M.top;
    const me = Math.floor(px / cell);
    const opp = n - 1 - Math.floor(py / cell);
    if (me < 0 || me >= n || opp < 0 || opp >= n) {
      readout.textContent = "";
      return;
    }
    const p = t.winFirst[me * n + opp]!;
    const stop = t.stopThreshold?.[me * n + opp];
    const stopText =
      stop === undefined ? "" : stop < 0 ? "; never stops early" : `; stops at a turn total of ${stop}`;
    readout.textContent = `First player ${me}, opponent ${opp}: ${(p * 100).toFixed(1)}% to win${stopText}.`;
  };
}

/** Iso-lines of the stop threshold (every 5 points) along cell edges where it crosses a level. */
function drawStopLines(ctx: CanvasRenderingContext2D, t: RaceTableView, cell: number): void {
  const n = t.goal;
  const s = t.stopThreshold!;
  const level = (me: number, opp: number) => {
    const v = s[me * n + opp]!;
    return v < 0 ? 99 : Math.floor(v / 5);
  };
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

function drawLegend(t: RaceTableView): void {
  const ramp = STOPS.map((c, i) => `rgb(${c.join(",")}) ${(i * 100) / (STOPS.length - 1)}%`).join(", ");
  const first = t.firstPlayerWins;
  legend.innerHTML = `
    <p><strong>P(first player wins)</strong></p>
    <div class="ramp" style="background: linear-gradient(to right, ${ramp})"></div>
    <div class="ticks"><span>0%</span><span>25%</span><span>50%</span><span>75%</span><span>100%</span></div>
    <p>At 0–0 the first player wins <strong>${(first.value * 100).toFixed(2)}%</strong> of races
      (value iteration to ${first.tolerance.toExponential(0)}).</p>
    ${
      t.stopThreshold
        ? "<p>White lines: the turn total at which the optimal first player stops changes by a step of 5 points.</p>"
        : "<p>The stop boundary appears here once the solver reports its stop thresholds.</p>"
    }
    <p>Move the pointer over the map to read a cell.</p>`;
}

async function main(): Promise<void> {
  const client = sharedRailkitClient();
  try {
    const table = await client.train.raceTable((p) => {
      progress.value = p.fraction;
      status.textContent = `${p.stage[0]!.toUpperCase()}${p.stage.slice(1)}…`;
    });
    progress.value = 1;
    status.textContent = `Solved: ${table.goal} × ${table.goal} positions.`;
    // TODO(solver): draw the stop boundary once raceTable() returns stopThreshold (drawn when present).
    draw(table);
    drawLegend(table);
  } catch (e) {
    status.textContent = `The solver failed: ${e instanceof Error ? e.message : String(e)}`;
    progress.hidden = true;
  }
}

void main();
