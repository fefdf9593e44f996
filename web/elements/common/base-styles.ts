import { type CSSResult, css, unsafeCSS } from "lit";

/**
 * The styles every railkit element shares, over its own custom properties (`prefix` is the tag name:
 * `--train-game-bg`, `--light-rail-fg`…): the eight colours every element has (`bg`, `fg`, `muted`, `border`,
 * `surface`, `accent`, `accent-fg`, `danger`), light and dark (`prefers-color-scheme`), as defaults a page
 * overrides by setting the custom properties on the element; the host box, the widget's frame (`.base` with its
 * `play` and `side` columns: their widths and gaps are the element's own), section headings, the status line and
 * its error form, the row of controls, buttons and selects on the surface colour (hover, focus ring, disabled),
 * tables, the empty-state text, the game log's list, the screen-reader-only text, the colour scheme,
 * `prefers-reduced-motion` (no animation, no transition), and touch targets of at least 44 × 44 CSS px under a coarse
 * pointer or in an element narrower than 600 px. Each element adds its own colours (dice, cubes, seats…)
 * and layout in its own styles, after these.
 */
/** The touch-target rules of `baseStyles`, under a coarse pointer or a narrow element. */
const touchTargets = css`
  /* :host raises the specificity over an element's own button and select sizes, which come later. */
  :host button,
  :host select {
    min-height: 44px;
    min-width: 44px;
  }
  /* A disclosure's button (the "How to play" panel): a row at least 44 px tall (it keeps its marker). */
  :host details > summary {
    min-height: 44px;
    box-sizing: border-box;
    padding-block: 0.65rem;
  }
  :host label:has(> input[type="checkbox"], > input[type="radio"]) {
    display: inline-flex;
    align-items: center;
    gap: 0.4rem;
    min-height: 44px;
    min-width: 44px;
  }
  :host input[type="checkbox"],
  :host input[type="radio"] {
    width: 22px;
    height: 22px;
    margin: 0;
  }
`;

export function baseStyles(prefix: string): CSSResult {
  /** The custom property `--<prefix>-<name>`: its value, or (`declare`) its name. */
  const v = (name: string, declare = false) =>
    unsafeCSS(declare ? `--${prefix}-${name}` : `var(--${prefix}-${name})`);
  return css`
    :host {
      ${v("bg", true)}: #fbfaf7;
      ${v("fg", true)}: #1f2328;
      ${v("muted", true)}: #5b636d;
      ${v("border", true)}: #d9d4c7;
      ${v("surface", true)}: #ffffff;
      ${v("accent", true)}: #1d6b4f;
      ${v("accent-fg", true)}: #ffffff;
      ${v("danger", true)}: #b42318;
      display: block;
      color: ${v("fg")};
      font: 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
      container-type: inline-size;
      color-scheme: light;
    }
    :host([hidden]) {
      display: none;
    }
    * {
      box-sizing: border-box;
    }
    .base {
      display: grid;
      align-items: start;
      gap: 1rem;
      padding: 1rem;
      background: ${v("bg")};
      border: 1px solid ${v("border")};
      border-radius: 12px;
      grid-template-areas: "play side";
    }
    .play,
    .side {
      display: flex;
      flex-direction: column;
      min-width: 0;
    }
    .play {
      grid-area: play;
    }
    .side {
      grid-area: side;
    }
    h3 {
      margin: 0 0 0.35rem;
      font-size: 0.8rem;
      font-weight: 600;
      letter-spacing: 0.06em;
      text-transform: uppercase;
      color: ${v("muted")};
    }
    .status {
      display: flex;
      align-items: baseline;
      gap: 0.25rem 1rem;
      flex-wrap: wrap;
    }
    .turn-title {
      font-size: 1.1rem;
      font-weight: 650;
    }
    .turn-meta {
      color: ${v("muted")};
    }
    .zone {
      border: 1px solid ${v("border")};
      border-radius: 10px;
      padding: 0.6rem 0.75rem 0.75rem;
      background: ${v("surface")};
    }
    button,
    select {
      font: inherit;
      color: ${v("fg")};
      background: ${v("surface")};
      border: 1px solid ${v("border")};
    }
    button {
      cursor: pointer;
      border-radius: 8px;
    }
    button:hover:not(:disabled) {
      filter: brightness(0.95);
    }
    button:focus-visible {
      outline: 3px solid #2f6fdf;
      outline-offset: 2px;
    }
    button:disabled {
      cursor: not-allowed;
      opacity: 0.45;
    }
    .controls {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
    table {
      width: 100%;
      border-collapse: collapse;
      font-variant-numeric: tabular-nums;
    }
    th,
    td {
      text-align: left;
      border-bottom: 1px solid ${v("border")};
    }
    th.num,
    td.num {
      text-align: right;
    }
    .empty {
      color: ${v("muted")};
      font-style: italic;
    }
    h3 .sub {
      text-transform: none;
      letter-spacing: 0;
      font-weight: 400;
    }
    .log ol {
      margin: 0;
      padding: 0 0 0 2.2rem;
      overflow-y: auto;
      font-size: 0.88rem;
    }
    button.primary {
      background: ${v("accent")};
      border-color: ${v("accent")};
      color: ${v("accent-fg")};
    }
    .message {
      min-height: 1.4em;
      margin: 0;
      color: ${v("muted")};
    }
    .message.error {
      color: ${v("danger")};
      font-weight: 600;
    }
    .sr-only {
      position: absolute;
      width: 1px;
      height: 1px;
      padding: 0;
      margin: -1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
      border: 0;
    }
    /* Phones (a coarse pointer, or an element under 600 px wide): every control at least 44 × 44 CSS px
       (WCAG 2.5.5); a checkbox's label is its target, so the label row is the tall one. */
    @media (pointer: coarse) {
      ${touchTargets}
    }
    @container (max-width: 600px) {
      ${touchTargets}
    }
    @media (prefers-color-scheme: dark) {
      :host {
        ${v("bg", true)}: #16191d;
        ${v("fg", true)}: #e8e6e1;
        ${v("muted", true)}: #a3abb5;
        ${v("border", true)}: #3a3f46;
        ${v("surface", true)}: #20242a;
        ${v("accent", true)}: #3fa37c;
        ${v("accent-fg", true)}: #0c1a14;
        ${v("danger", true)}: #ff8a7a;
        color-scheme: dark;
      }
    }
    @media (prefers-reduced-motion: reduce) {
      *,
      *::before,
      *::after {
        animation: none !important;
        transition: none !important;
      }
    }
  `;
}
