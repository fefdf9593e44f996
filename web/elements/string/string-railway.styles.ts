import { css } from "lit";
import { baseStyles } from "../common/base-styles.ts";

/**
 * Styles of `<string-railway>`: the shared frame (web/elements/common/base-styles.ts) and its own. Colours are
 * custom properties so a page can theme the widget; light and dark defaults follow `prefers-color-scheme` (the
 * board itself keeps its paper colours in both, as a printed board would).
 */
export const stringRailwayStyles = [
  baseStyles("string-railway"),
  css`
  :host {
    --string-railway-table: #cbb89a;
    --string-railway-board: #f3ecd9;
    --string-railway-board-edge: #1b1b1b;
    --string-railway-mountain: #b7ab97;
    --string-railway-mountain-edge: #6f6a62;
    --string-railway-outskirts: #eef3e6;
    --string-railway-red: #d1342f;
    --string-railway-blue: #2c63c9;
    --string-railway-purple: #7b3fb0;
    --string-railway-yellow: #e8b500;
    --string-railway-green: #2f9a4c;
    --string-railway-white: #ffffff;
    --string-railway-seat-0: #f07f1e;
    --string-railway-seat-1: #e5609f;
    --string-railway-seat-2: #a58fd6;
    --string-railway-seat-3: #7a4a26;
    --string-railway-seat-4: #7d8b2a;
    --string-railway-crossing: #d4182b;
    --string-railway-highlight: #12a4b8;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --string-railway-table: #4a4034;
      --string-railway-highlight: #2cc3d6;
    }
  }
  .base {
    grid-template-columns: minmax(0, 1fr) 22rem;
  }
  @container (max-width: 760px) {
    .base {
      grid-template-columns: minmax(0, 1fr);
      grid-template-areas: "play" "side";
    }
    .board-wrap > .live-check {
      display: flex;
    }
  }
  .play,
  .side {
    gap: 0.75rem;
  }
  .turn-title {
    font-size: 1.2rem;
  }
  .ap {
    display: inline-flex;
    gap: 3px;
    vertical-align: middle;
  }
  .ap i {
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: var(--string-railway-accent);
    display: inline-block;
  }
  .ap i.spent {
    background: transparent;
    border: 2px solid var(--string-railway-border);
  }
  .board-wrap {
    position: relative;
    background: var(--string-railway-table);
    border-radius: 10px;
    padding: 6px;
    box-shadow: inset 0 0 0 1px rgb(0 0 0 / 0.08);
  }
  svg.board {
    display: block;
    width: 100%;
    height: auto;
    touch-action: none;
    user-select: none;
    -webkit-user-select: none;
  }
  svg.board.drawing,
  svg.board.mode-string {
    cursor: crosshair;
  }
  svg.board.mode-station {
    cursor: copy;
  }
  .field {
    fill: var(--string-railway-board);
    stroke: var(--string-railway-board-edge);
    stroke-width: 0.45;
    stroke-linejoin: round;
  }
  .mountain {
    fill: var(--string-railway-mountain);
    stroke: var(--string-railway-mountain-edge);
    stroke-width: 0.4;
    stroke-linejoin: round;
    stroke-dasharray: 1.2 0.5;
  }
  .peak {
    fill: #8e8371;
    stroke: none;
  }
  .string {
    fill: none;
    stroke-width: 0.75;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .string-shadow {
    fill: none;
    stroke: rgb(0 0 0 / 0.28);
    stroke-width: 1.15;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  /* Under each string: a paper edge, so a string laid over another (side by side, board-view.ts) keeps its outline. */
  .string-casing {
    fill: none;
    stroke: var(--string-railway-board);
    stroke-width: 0.91;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  /* Each seat's pattern along its strings' middle: the seat reads without its colour (seat 0 plain). */
  .string-mark {
    fill: none;
    stroke: rgb(255 255 255 / 0.9);
    stroke-width: 0.24;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .string-mark.m-0 {
    display: none;
  }
  .string-mark.m-1 {
    stroke-width: 0.3;
    stroke-dasharray: 0 0.9;
  }
  .string-mark.m-2 {
    stroke-dasharray: 0.7 0.7;
  }
  .string-mark.m-3 {
    stroke-dasharray: 1.8 0.8;
  }
  .string-mark.m-4 {
    stroke-dasharray: 1.3 0.55 0 0.55;
  }
  .seat-0 {
    stroke: var(--string-railway-seat-0);
    --seat: var(--string-railway-seat-0);
  }
  .seat-1 {
    stroke: var(--string-railway-seat-1);
    --seat: var(--string-railway-seat-1);
  }
  .seat-2 {
    stroke: var(--string-railway-seat-2);
    --seat: var(--string-railway-seat-2);
  }
  .seat-3 {
    stroke: var(--string-railway-seat-3);
    --seat: var(--string-railway-seat-3);
  }
  .seat-4 {
    stroke: var(--string-railway-seat-4);
    --seat: var(--string-railway-seat-4);
  }
  /* Thinner than a placed string: a rival string the draft runs along shows on both sides of it. */
  .draft {
    fill: none;
    stroke-width: 0.45;
    stroke-linecap: round;
    stroke-linejoin: round;
    stroke-dasharray: 1.4 0.7;
  }
  .draft.illegal {
    stroke: var(--string-railway-danger);
  }
  .ghost {
    fill: none;
    stroke: var(--string-railway-highlight);
    stroke-width: 0.6;
    stroke-dasharray: 0.9 0.9;
    stroke-linecap: round;
    opacity: 0.75;
  }
  .ghost.focus {
    stroke-width: 1;
    opacity: 1;
  }
  /* Board text in cm (the viewBox's unit), and never under 11.5 CSS px however small the board is drawn: --upx is
     cm per CSS px (set by the element from the board's drawn width). */
  .ghost-label {
    font-size: max(2.2px, calc(var(--upx, 0) * 11.5px));
    font-weight: 700;
    fill: #0b5e6a;
    paint-order: stroke;
    stroke: #fff;
    stroke-width: 0.5;
  }
  .bot-move {
    fill: none;
    stroke-width: 1.2;
    stroke-linecap: round;
    stroke-dasharray: 2 1;
    animation: march 0.6s linear infinite;
  }
  @keyframes march {
    to {
      stroke-dashoffset: -3;
    }
  }
  .route-plan {
    fill: none;
    stroke: var(--string-railway-highlight);
    stroke-width: 1.1;
    stroke-dasharray: 2 1;
    stroke-linecap: round;
    marker-end: url(#arrow);
  }
  .crossing circle {
    fill: #fff;
    stroke: var(--string-railway-crossing);
    stroke-width: 0.45;
  }
  .crossing path {
    stroke: var(--string-railway-crossing);
    stroke-width: 0.45;
    stroke-linecap: round;
  }
  .crossing-count {
    font-size: max(1.9px, calc(var(--upx, 0) * 11.5px));
    font-weight: 700;
    fill: var(--string-railway-crossing);
    paint-order: stroke;
    stroke: #fff;
    stroke-width: 0.45;
  }
  /* A stretch the new string shares with a rival string: one meeting place however long. */
  .meeting-stretch {
    stroke: var(--string-railway-crossing);
    stroke-width: 2.6;
    stroke-linecap: round;
    opacity: 0.4;
  }
  .station {
    cursor: pointer;
    outline: none;
  }
  .station .disc {
    stroke: #2b2b2b;
    stroke-width: 0.3;
  }
  .station.kind-outskirts .disc {
    fill: var(--string-railway-outskirts);
    stroke: var(--string-railway-green);
    stroke-width: 0.45;
  }
  .station.kind-mountain .disc {
    fill: #d8d1c4;
  }
  .station.kind-new .disc {
    stroke: var(--seat);
    stroke-width: 0.8;
  }
  .station .ring {
    fill: none;
    stroke: transparent;
    stroke-width: 0.6;
  }
  .station.reachable .ring {
    stroke: var(--string-railway-highlight);
    stroke-dasharray: 1 0.5;
  }
  .station.selected .ring,
  .station.endpoint .ring {
    stroke: var(--string-railway-fg);
  }
  .station.touched .ring {
    stroke: var(--string-railway-accent);
  }
  .station:focus-visible .ring {
    stroke: var(--string-railway-highlight);
    stroke-width: 0.8;
  }
  .station-name {
    font-size: max(1.7px, calc(var(--upx, 0) * 11.5px));
    fill: #3b3b3b;
    text-anchor: middle;
    dominant-baseline: hanging;
    pointer-events: none;
    paint-order: stroke;
    stroke: var(--string-railway-board);
    stroke-width: 0.3;
  }
  /* A station's touch target (46 CSS px across; the nearest station wins where two overlap): drawn, not hit, since
     the board's pointer handlers pick the nearest station and a later station's circle must not take an earlier
     station's focus. */
  .station .hit {
    fill: transparent;
    pointer-events: none;
  }
  .cube {
    stroke: #222;
    stroke-width: 0.12;
  }
  .cube.picked {
    stroke: var(--string-railway-highlight);
    stroke-width: 0.35;
  }
  .c-red {
    fill: var(--string-railway-red);
    background: var(--string-railway-red);
  }
  .c-blue {
    fill: var(--string-railway-blue);
    background: var(--string-railway-blue);
  }
  .c-purple {
    fill: var(--string-railway-purple);
    background: var(--string-railway-purple);
  }
  .c-yellow {
    fill: var(--string-railway-yellow);
    background: var(--string-railway-yellow);
  }
  .c-green {
    fill: var(--string-railway-green);
    background: var(--string-railway-green);
  }
  .c-white {
    fill: var(--string-railway-white);
    background: var(--string-railway-white);
  }
  .c-none {
    fill: #ddd;
    background: #ddd;
  }
  .more {
    font-size: max(1.5px, calc(var(--upx, 0) * 11.5px));
    font-weight: 700;
    fill: #222;
  }
  .spot {
    fill: var(--string-railway-highlight);
    opacity: 0.35;
  }
  /* The live check over the board while drawing; only where the check's panel is not beside the board. */
  .live-check {
    position: absolute;
    top: 10px;
    left: 10px;
    right: 10px;
    display: none;
    flex-wrap: wrap;
    gap: 0.1rem 0.8rem;
    padding: 0.3rem 0.6rem;
    border-radius: 8px;
    background: color-mix(in srgb, var(--string-railway-surface) 92%, transparent);
    box-shadow: 0 1px 4px rgb(0 0 0 / 0.25);
    font-size: 0.9rem;
    font-variant-numeric: tabular-nums;
    pointer-events: none;
  }
  .live-check.low {
    top: auto;
    bottom: 10px;
  }
  .zone {
    padding: 0.6rem 0.75rem;
  }
  .controls {
    align-items: center;
  }
  .tools {
    display: inline-flex;
    border: 1px solid var(--string-railway-border);
    border-radius: 8px;
    overflow: hidden;
  }
  .tools button {
    border: 0;
    border-radius: 0;
  }
  .tools button[aria-pressed="true"] {
    background: var(--string-railway-accent);
    color: var(--string-railway-accent-fg);
  }
  button {
    padding: 0.35rem 0.7rem;
  }
  /* The focus ring in the element's highlight colour (a custom property: reachable stations, hints, focus). */
  button:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--string-railway-highlight);
    outline-offset: 1px;
  }
  .preview {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.1rem 0.75rem;
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
  .preview dt {
    color: var(--string-railway-muted);
  }
  .preview dd {
    margin: 0;
  }
  .verdict.ok {
    color: var(--string-railway-accent);
    font-weight: 600;
  }
  .verdict.bad {
    color: var(--string-railway-danger);
    font-weight: 600;
  }
  th,
  td {
    padding: 0.2rem 0.3rem;
    vertical-align: middle;
  }
  tr.current {
    background: color-mix(in srgb, var(--string-railway-accent) 10%, transparent);
  }
  .swatch {
    display: inline-block;
    width: 1.6rem;
    height: 0.8rem;
    border-radius: 3px;
    background: var(--string-railway-board);
    box-shadow: inset 0 0 0 1px var(--string-railway-border);
    vertical-align: -1px;
    margin-right: 0.3rem;
  }
  .seat-sample {
    display: block;
    width: 100%;
    height: 100%;
  }
  .sq {
    display: inline-block;
    width: 0.7rem;
    height: 0.7rem;
    border: 1px solid #333;
    border-radius: 2px;
    vertical-align: -1px;
    margin-right: 1px;
  }
  .tag {
    font-size: 0.72rem;
    padding: 0 0.35rem;
    border-radius: 999px;
    background: color-mix(in srgb, var(--string-railway-muted) 16%, transparent);
    margin-left: 0.25rem;
    white-space: nowrap;
  }
  .tag.win {
    background: #fdf0c2;
    color: #3b2a00;
  }
  .tiles {
    display: flex;
    flex-direction: column;
    gap: 0.4rem;
  }
  .tile {
    border: 1px solid var(--string-railway-border);
    border-radius: 8px;
    padding: 0.3rem 0.5rem;
    background: color-mix(in srgb, #f2b705 6%, var(--string-railway-surface));
  }
  .tile.flipped {
    background: color-mix(in srgb, var(--string-railway-accent) 10%, var(--string-railway-surface));
  }
  .tile-row {
    display: flex;
    align-items: center;
    gap: 0.35rem;
    flex-wrap: wrap;
  }
  .dot {
    display: inline-block;
    width: 0.75rem;
    height: 0.75rem;
    border-radius: 50%;
    border: 1px solid #333;
    vertical-align: -1px;
  }
  .hints ul {
    margin: 0;
    padding-left: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
  }
  .hints li button {
    padding: 0.1rem 0.45rem;
    font-size: 0.85rem;
  }
  .note {
    color: var(--string-railway-muted);
    font-size: 0.85rem;
    margin: 0.2rem 0 0;
  }
  .log ol {
    max-height: 11rem;
  }
  .sets {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem;
  }
  .set {
    display: inline-flex;
    align-items: center;
    gap: 1px;
    padding: 1px 3px;
    border: 1px solid var(--string-railway-border);
    border-radius: 5px;
    font-size: 0.75rem;
  }
`,
];
