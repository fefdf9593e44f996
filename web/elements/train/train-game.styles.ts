import { css } from "lit";
import { baseStyles } from "../common/base-styles.ts";

/**
 * Styles of `<train-game>`: the shared frame (web/elements/common/base-styles.ts) and its own. Colours are custom
 * properties so a page can theme the widget; light and dark defaults follow `prefers-color-scheme`.
 */
export const trainGameStyles = [
  baseStyles("train-game"),
  css`
  :host {
    --train-game-selected: #f2b705;
    --train-game-die-size: 64px;
  }
  .base {
    grid-template-columns: minmax(0, 1fr) 20rem;
  }
  @container (max-width: 720px) {
    /* One column on a phone: the scores and hints right under the buttons, the log last. */
    .base {
      display: flex;
      flex-direction: column;
      align-items: stretch;
    }
    .base > .play {
      display: contents;
    }
    .base > .side {
      order: 1;
    }
    .play > .log {
      order: 2;
    }
  }
  .play {
    gap: 0.75rem;
  }
  .side {
    gap: 1rem;
  }
  .status {
    justify-content: space-between;
    gap: 0.5rem;
  }
  .zone-head {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
  }
  .turn-score {
    font-variant-numeric: tabular-nums;
    font-weight: 650;
  }
  .turn-score strong {
    font-size: 1.4rem;
    color: var(--train-game-accent);
  }
  .dice {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    min-height: calc(var(--train-game-die-size) + 4px);
    align-items: center;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .train .dice {
    gap: 2px;
  }
  p.finished {
    margin: 0 0 0.4rem;
    color: var(--train-game-muted);
  }
  .die {
    position: relative;
    width: var(--train-game-die-size);
    height: var(--train-game-die-size);
    padding: 3px;
    border: 2px solid #c9c2b1;
    border-radius: 12px;
    background: linear-gradient(#ffffff, #f1ede4);
    box-shadow: 0 2px 0 #c9c2b1;
    flex: none;
  }
  .table .die {
    cursor: pointer;
    transition:
      transform 80ms ease,
      box-shadow 80ms ease;
  }
  .table .die:hover:not([aria-disabled="true"]) {
    transform: translateY(-2px);
  }
  .table .die[aria-disabled="true"] {
    cursor: not-allowed;
    opacity: 0.55;
  }
  .die[aria-selected="true"] {
    border-color: var(--train-game-selected);
    box-shadow:
      0 0 0 3px color-mix(in srgb, var(--train-game-selected) 45%, transparent),
      0 2px 0 #c9c2b1;
    transform: translateY(-3px);
  }
  .die:focus-visible {
    outline: 3px solid #2f6fdf;
    outline-offset: 2px;
  }
  .die:focus {
    outline: none;
  }
  .die:focus-visible {
    outline: 3px solid #2f6fdf;
  }
  .train .die {
    --train-game-die-size: 52px;
    border-radius: 8px;
  }
  .banked {
    font-size: 0.9rem;
    color: var(--train-game-muted);
  }
  .face {
    width: 100%;
    height: 100%;
    display: block;
  }
  .face .rail {
    stroke: #8a8170;
    stroke-width: 2;
  }
  .face .wheel {
    fill: #2b2b2b;
  }
  .face .hub {
    fill: #bdbdbd;
  }
  .face .chassis,
  .face .metal {
    fill: #3b3f45;
  }
  .face .engine {
    fill: #1d6b4f;
  }
  .face .window {
    fill: #fff4c2;
  }
  .face .tender {
    fill: #4a4f57;
  }
  .face .coal {
    fill: #111;
  }
  .face .stripe {
    fill: #d9b44a;
  }
  .face .tanker {
    fill: #3f7cc4;
  }
  .face .ore {
    fill: #8a5a2b;
  }
  .face .rock {
    fill: #6e6e73;
  }
  .face .boxcar {
    fill: #c8641e;
  }
  .face .door {
    fill: #a64f12;
    stroke: #6f3408;
    stroke-width: 1;
  }
  .face .door-line {
    stroke: #6f3408;
    stroke-width: 1;
  }
  .face .caboose {
    fill: #c62828;
  }
  .face .badge {
    fill: #fff;
    stroke: #1f2328;
    stroke-width: 1.5;
  }
  /* Badge and double marks at least 11 CSS px as drawn (a 64 px die draws its 64 units in 54 px; issue #23). */
  .face .badge-text {
    font: 700 13.5px system-ui, sans-serif;
    text-anchor: middle;
    fill: #1f2328;
  }
  .face .double-text {
    font: 700 13.5px system-ui, sans-serif;
    text-anchor: middle;
    fill: #fff;
  }
  button {
    font-weight: 600;
    min-height: 2.5rem;
    padding: 0.4rem 1rem;
  }
  th,
  td {
    padding: 0.3rem 0.4rem;
  }
  th {
    font-size: 0.8rem;
    font-weight: 600;
    color: var(--train-game-muted);
  }
  td.num,
  th.num {
    white-space: nowrap;
  }
  tr.current td {
    background: color-mix(in srgb, var(--train-game-accent) 10%, transparent);
    font-weight: 650;
  }
  tr.out td {
    color: var(--train-game-muted);
    text-decoration: line-through;
  }
  .tag {
    display: inline-block;
    margin-left: 0.3rem;
    padding: 0 0.35rem;
    border-radius: 999px;
    font-size: 0.72rem;
    font-weight: 600;
    background: color-mix(in srgb, var(--train-game-muted) 16%, transparent);
    color: var(--train-game-muted);
    vertical-align: 1px;
  }
  .tag.win {
    background: var(--train-game-selected);
    color: #3b2a00;
  }
  tr.best td {
    background: color-mix(in srgb, var(--train-game-selected) 22%, transparent);
    font-weight: 650;
  }
  .hints p {
    margin: 0.25rem 0 0;
    color: var(--train-game-muted);
    font-size: 0.85rem;
  }
  .log {
    margin-top: 0.25rem;
  }
  .solving progress {
    display: block;
    width: 100%;
    height: 0.75rem;
    margin: 0.4rem 0 0.2rem;
    accent-color: var(--train-game-accent);
  }
  .hints .solving p:first-child {
    color: var(--train-game-fg);
  }
  .hints .note {
    margin-top: 0.5rem;
    color: var(--train-game-fg);
  }
  .star {
    color: #c99700;
    margin-right: 0.25rem;
  }
  .mini-dice {
    white-space: nowrap;
  }
  .hints table {
    font-size: 0.9rem;
  }
  .mini {
    display: inline-block;
    width: 21px;
    height: 21px;
    margin-left: 2px;
    vertical-align: middle;
    border: 1px solid #c9c2b1;
    border-radius: 5px;
    background: #fff;
  }
  .mini .badge,
  .mini .badge-text,
  .mini .double-text {
    display: none;
  }
  .log ol {
    max-height: 9rem;
    color: var(--train-game-muted);
  }
  .log li:first-child {
    color: var(--train-game-fg);
  }
  /*
   * The font primer, drawn (hidden) while the first game is on its way: one sample of each type style of the view
   * below (weight and size; the family is the host's). A browser resolves each new weight and size of a font once
   * per page, on Linux through the browser process (20–50 ms for the first view on a busy 2-core machine); done
   * while the page waits for the worker, the first view and its hints are laid out without it. Keep in step with
   * the rules above (a style missing here costs only that wait, later).
   */
  .primer {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    visibility: hidden;
    white-space: nowrap;
    pointer-events: none;
  }
  .primer .t1 {
    font-weight: 650;
    font-size: 1.1rem;
  }
  .primer .t2 {
    font-weight: 600;
    font-size: 0.8rem;
  }
  .primer .t3 {
    font-weight: 650;
  }
  .primer .t4 {
    font-weight: 900;
    font-size: 1.4rem;
  }
  .primer .t5 {
    font-style: italic;
  }
  .primer .t6 {
    font-weight: 600;
  }
  .primer .t7 {
    font-size: 0.8rem;
  }
  .primer .t8 {
    font-weight: 600;
    font-size: 0.72rem;
  }
  .primer .t9 {
    font-weight: 650;
    font-size: 0.9rem;
  }
  .primer .t10 {
    font-size: 0.85rem;
  }
  .primer .t11 {
    font-size: 0.88rem;
  }
  @media (prefers-reduced-motion: reduce) {
    /* No lift on hover or pick either (the shared styles already stop every transition). */
    .table .die:hover:not([aria-disabled="true"]),
    .die[aria-selected="true"] {
      transform: none;
    }
  }
`,
  // A roll that left nothing to choose (its dice stay on the table, not pickable) and the end-of-game table.
  css`
    .spent .dice {
      margin-bottom: 0.4rem;
    }
    .table .spent .die {
      cursor: default;
      opacity: 0.7;
    }
    .table .spent .die:hover {
      transform: none;
    }
    .spent p {
      margin: 0;
    }
    .summary-scroll {
      overflow-x: auto;
    }
    .summary table {
      font-size: 0.85rem;
    }
    .summary th,
    .summary td {
      white-space: nowrap;
      padding-inline: 0.3rem;
    }
    .summary .note {
      color: var(--train-game-muted);
      font-size: 0.85rem;
    }
    /* The train's dice are smaller (52 px: 64 units in 42 px): bigger marks keep them at least 11 CSS px. */
    .train .face .badge {
      r: 11px;
    }
    .train .face .badge-text,
    .train .face .double-text {
      font-size: 17px;
    }
    .zone.train:focus-visible {
      outline: 2px solid var(--train-game-accent);
      outline-offset: 2px;
    }
  `,
];
