import { type CSSResult, css, unsafeCSS } from "lit";

/**
 * The styles every railkit element shares, over its own custom properties (`prefix` is the tag name:
 * `--train-game-bg`, `--light-rail-fg`…): the host box, the widget's frame (`.base`, its columns are the
 * element's own), section headings, the status line and its error form, buttons and selects on the surface
 * colour, the screen-reader-only text, the colour scheme, and `prefers-reduced-motion` (no animation, no
 * transition). Each element keeps its palette, light and dark (`prefers-color-scheme`), in its own styles, as
 * defaults a page overrides by setting the custom properties on the element.
 */
export function baseStyles(prefix: string): CSSResult {
  const v = (name: string) => unsafeCSS(`var(--${prefix}-${name})`);
  return css`
    :host {
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
    @media (prefers-color-scheme: dark) {
      :host {
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
