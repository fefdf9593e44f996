import { css } from "lit";
import { baseStyles } from "../common/base-styles.ts";

/**
 * Styles of `<light-rail>`: the shared frame (web/elements/common/base-styles.ts) and its own. Colours are custom
 * properties so a page can theme the widget; light and dark defaults follow `prefers-color-scheme` (the cards keep
 * their paper colours in both).
 */
export const lightRailStyles = [
  baseStyles("light-rail"),
  css`
  :host {
    --light-rail-board-bg: #e9e4d6;
    --light-rail-blue: #2f6fd6;
    --light-rail-yellow: #d99a00;
    --light-rail-pink: #d6408a;
    --light-rail-green: #2e9b57;
    --light-rail-card-size: 72px;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --light-rail-board-bg: #2b2a26;
    }
  }
  .base {
    grid-template-columns: minmax(0, 1fr) 20rem;
  }
  .play {
    gap: 0.6rem;
  }
  .side {
    gap: 0.8rem;
  }
  .status {
    justify-content: space-between;
    gap: 0.5rem;
  }
  .turn-meta,
  .tip,
  .note {
    color: var(--light-rail-muted);
    font-size: 0.85rem;
  }
  .note {
    margin: 0.4rem 0 0;
  }
  .board-wrap {
    background: var(--light-rail-board-bg);
    border: 1px solid var(--light-rail-border);
    border-radius: 10px;
    padding: 0.5rem;
    /* A city wider than the element pans inside this box (the page itself never scrolls sideways). */
    overflow-x: auto;
  }
  svg.board {
    display: block;
    /* However narrow the element, a card at least 49 px wide, so a cell (drawn 54 of 60 units wide) is a 44 px touch
       target (WCAG 2.5.5); the city then pans. */
    width: max(min(100%, calc(var(--cells-w) * var(--light-rail-card-size))), calc(var(--cells-w) * 49px));
    height: auto;
    margin: 0 auto;
    touch-action: manipulation;
    user-select: none;
    -webkit-user-select: none;
  }
  svg.board:focus {
    outline: none;
  }
  svg.board:focus-visible {
    outline: 3px solid #2f6fdf;
    outline-offset: 2px;
    border-radius: 6px;
  }
  .cell-info {
    /* Stays in sight under a city that pans sideways (as wide as the box, not the city). */
    position: sticky;
    left: 0;
    min-height: 1.4em;
    margin: 0.35rem 0.25rem 0;
    font-size: 0.88rem;
    color: var(--light-rail-muted);
  }
  .slot {
    fill: color-mix(in srgb, var(--light-rail-surface) 70%, var(--light-rail-board-bg));
    stroke: color-mix(in srgb, var(--light-rail-muted) 40%, var(--light-rail-board-bg));
    stroke-width: 1;
  }
  .frame {
    fill: none;
    stroke: #8a7f63;
    stroke-width: 1.2;
    stroke-dasharray: 4 4;
    opacity: 0.35;
  }
  .frame.fixed {
    stroke: #5b523c;
    stroke-width: 3;
    stroke-dasharray: none;
    opacity: 0.9;
  }
  .cell {
    cursor: pointer;
  }
  .cell.blocked {
    fill: transparent;
    stroke: transparent;
    cursor: not-allowed;
  }
  .cell.blocked.outside {
    stroke: rgba(120, 110, 90, 0.25);
    stroke-dasharray: 2 4;
  }
  .cell.blocked:hover {
    fill: rgba(180, 35, 24, 0.08);
    stroke: rgba(180, 35, 24, 0.5);
    stroke-dasharray: 3 3;
  }
  .cell.legal {
    fill: color-mix(in srgb, var(--light-rail-accent) 16%, transparent);
    stroke: var(--light-rail-accent);
    stroke-width: 2;
    stroke-dasharray: 6 4;
  }
  .cell.legal.hinted {
    fill: color-mix(in srgb, var(--light-rail-accent) calc(var(--shade) * 100%), transparent);
  }
  .cell.legal:hover {
    stroke-dasharray: none;
    stroke-width: 3;
  }
  .card .card-bg {
    stroke-width: 1.5;
  }
  .c0 {
    --c: var(--light-rail-blue);
  }
  .c1 {
    --c: var(--light-rail-yellow);
  }
  .c2 {
    --c: var(--light-rail-pink);
  }
  .c3 {
    --c: var(--light-rail-green);
  }
  .card .card-bg {
    fill: color-mix(in srgb, var(--c) 14%, #fffdf8);
    stroke: color-mix(in srgb, var(--c) 70%, #333);
  }
  .card.back .card-bg {
    fill: color-mix(in srgb, var(--c) 55%, #fff);
  }
  .card .bed {
    fill: none;
    stroke: #3b3a36;
    stroke-width: 11;
    stroke-linecap: butt;
  }
  .card .rail {
    fill: none;
    stroke: var(--c);
    stroke-width: 7;
    stroke-linecap: butt;
  }
  .card .ties {
    fill: none;
    stroke: #fffdf8;
    stroke-width: 7;
    stroke-dasharray: 1.5 5;
    opacity: 0.55;
  }
  .card .terminus {
    fill: #fffdf8;
    stroke: #3b3a36;
    stroke-width: 3;
  }
  .card .bld-halo {
    fill: #fffdf8;
    stroke: var(--c);
    stroke-width: 1.5;
  }
  .card .bld {
    fill: var(--c);
    stroke: #2a2a2a;
    stroke-width: 0.8;
  }
  .card .bld-in {
    fill: #fffdf8;
  }
  .card .bld-line {
    fill: none;
    stroke: #2a2a2a;
    stroke-width: 1;
  }
  .card .bld-cross {
    fill: #fffdf8;
  }
  .card.preview {
    opacity: 0.72;
  }
  .ghost .card-bg {
    stroke-dasharray: 5 3;
    stroke-width: 2.5;
  }
  .placed.last .card-bg {
    stroke-width: 3;
  }
  .route-glow {
    fill: none;
    stroke: #ffd54a;
    stroke-width: 10;
    stroke-linecap: round;
    stroke-linejoin: round;
    opacity: 0.8;
  }
  .route.wrapped .route-glow {
    stroke: #ff9f43;
    stroke-dasharray: 10 8;
  }
  .route-tag {
    fill: #1f2328;
    opacity: 0.88;
  }
  .route-text {
    fill: #fff;
    font: 700 16px system-ui, sans-serif;
    text-anchor: middle;
  }
  .best circle {
    fill: #fff;
    stroke: #b8860b;
    stroke-width: 2;
  }
  .best text {
    font: 700 16px system-ui, sans-serif;
    text-anchor: middle;
    fill: #b8860b;
  }
  .best text.turn {
    fill: #1f2328;
  }
  .cursor {
    fill: none;
    stroke: #2f6fdf;
    stroke-width: 4;
  }
  .hand-row {
    display: flex;
    gap: 0.75rem;
    align-items: center;
  }
  .hand-card {
    width: 72px;
    height: auto;
    flex: none;
  }
  .hand-text {
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
    align-items: flex-start;
  }
  .hand-text strong {
    text-transform: capitalize;
  }
  .controls {
    align-items: center;
  }
  .controls label {
    display: inline-flex;
    gap: 0.35rem;
    align-items: center;
    color: var(--light-rail-muted);
  }
  select {
    min-height: 2.2rem;
    border-radius: 6px;
  }
  button {
    font-weight: 600;
    min-height: 2.4rem;
    padding: 0.35rem 0.9rem;
  }
  th,
  td {
    padding: 0.25rem 0.3rem;
  }
  .num {
    text-align: right;
  }
  tr.current td {
    font-weight: 650;
  }
  tr.best td {
    background: color-mix(in srgb, #f2b705 22%, transparent);
    font-weight: 650;
  }
  .star {
    color: #b8860b;
    margin-right: 0.25rem;
  }
  .swatch {
    display: inline-block;
    width: 0.8rem;
    height: 0.8rem;
    border-radius: 3px;
    margin-right: 0.4rem;
    vertical-align: -1px;
    background: var(--c);
  }
  .tag {
    display: inline-block;
    margin-left: 0.35rem;
    padding: 0 0.4rem;
    border-radius: 999px;
    font-size: 0.75rem;
    background: color-mix(in srgb, var(--light-rail-accent) 14%, transparent);
    color: var(--light-rail-accent);
  }
  .tag.win {
    background: #fff1c2;
    color: #7a5a00;
  }
  .objectives ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.35rem;
  }
  .objectives li {
    display: block;
  }
  .obj-text {
    display: block;
  }
  .scoreboard .who {
    white-space: nowrap;
  }
  abbr {
    text-decoration: none;
  }
  .objectives li.missed {
    opacity: 0.6;
  }
  .obj-text {
    font-size: 0.85rem;
    color: var(--light-rail-muted);
  }
  .obj-who {
    margin: 0.4rem 0 0.2rem;
    font-weight: 600;
  }
  .progress-row {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    margin-bottom: 0.4rem;
  }
  .progress-row progress {
    flex: 1;
  }
  .log ol {
    max-height: 10rem;
  }
  @container (max-width: 760px) {
    /* One column: the city, then the card in hand, then the rest. */
    .base {
      display: flex;
      flex-direction: column;
      align-items: stretch;
    }
    .play,
    .side {
      display: contents;
    }
    .status {
      order: 0;
    }
    .board-wrap {
      order: 1;
    }
    .hand {
      order: 2;
    }
    .message {
      order: 3;
    }
    .scoreboard {
      order: 4;
    }
    .hints {
      order: 5;
    }
    .objectives {
      order: 6;
    }
    .controls {
      order: 7;
    }
    .log {
      order: 8;
    }
  }
`,
];
