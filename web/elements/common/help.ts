/**
 * The "How to play" panel every railkit element shows (issue #23): a native disclosure (`<details>` with a
 * `<summary>` button: Enter and Space open and close it, and screen readers announce it as expanded or collapsed)
 * over a short summary of the game's rules. The text of each game is kept in one place, web/games/<game>/help.ts,
 * drawn from docs/rules/<game>.md (test/help.test.ts checks that every rule id a help cites is in that page).
 */
import { css, html, type TemplateResult } from "lit";

/** A game's rules help: a one-line summary and a few short sections. */
export interface HelpText {
  /** One sentence: what the game is about. */
  summary: string;
  /** Short sections, each a heading and its points (plain text; rule ids in parentheses, e.g. `train.roll-first`). */
  sections: readonly { heading: string; points: readonly string[] }[];
  /** Where the full rules are (a path in the repository). */
  source: string;
}

/** A rule id in a help text: `train.roll-first`, `string.ld-hop-twice`. */
const RULE_ID = /\b(?:train|string|light)\.[a-z]+(?:-[a-z]+)*/g;

/** A help sentence with its rule ids set apart (small, never broken across lines). */
function withRuleIds(text: string): unknown[] {
  const out: unknown[] = [];
  let at = 0;
  for (const m of text.matchAll(RULE_ID)) {
    out.push(text.slice(at, m.index), html`<code class="rule">${m[0]}</code>`);
    at = m.index + m[0].length;
  }
  out.push(text.slice(at));
  return out;
}

/** The panel (part `help`; its button is part `help-button`). Closed until the player opens it. */
export function renderHelp(help: HelpText): TemplateResult {
  return html`<details class="help" part="help">
    <summary part="help-button">How to play</summary>
    <div class="help-body">
      <p>${help.summary}</p>
      ${help.sections.map(
        (s) => html`<h4>${s.heading}</h4>
          <ul>
            ${s.points.map((p) => html`<li>${withRuleIds(p)}</li>`)}
          </ul>`,
      )}
    </div>
  </details>`;
}

/** The panel's layout (colours are the element's: text and borders inherit). */
export const helpStyles = css`
  .help {
    margin: 0.5rem 0;
    border: 1px solid currentColor;
    border-color: color-mix(in srgb, currentColor 25%, transparent);
    border-radius: 6px;
    padding: 0.25rem 0.75rem;
    font-size: 0.9em;
  }
  .help summary {
    cursor: pointer;
    font-weight: 600;
    padding: 0.25rem 0;
    min-height: 24px;
  }
  .help summary:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
  .help h4 {
    margin: 0.5rem 0 0.25rem;
    font-size: 1em;
  }
  .help ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  .help li {
    margin: 0.15rem 0;
  }
  .help code.rule {
    font-size: 0.85em;
    white-space: nowrap;
    opacity: 0.75;
  }
`;
