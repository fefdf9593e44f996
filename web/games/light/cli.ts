/** Light Rail in a terminal: its text picture and scores (the `rail` CLI, docs/cli.md). */

import type { GameCli } from "../types.ts";
import type { LightGameTypes } from "./index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the picture reads the state as plain JSON, field by field
type Json = any;
const COLOUR_LETTER = ["B", "Y", "P", "G"];

export const lightCli: GameCli<LightGameTypes> = {
  scores: (s) => s.routeCredit.map((v, i) => v + s.objectiveCredit[i]!),
  picture(state) {
    const s = state as unknown as Json;
    const cards = s.cards as { q: number; r: number; player: number; design: number; orientation: number }[];
    const lines: string[] = [];
    lines.push(
      `Light Rail — ${s.options.players} seats${s.options.wrap ? ", wrap" : ""}, seed ${JSON.stringify(s.seed)}, ${cards.length} cards placed${s.over ? ", game over" : ""}`,
    );
    if (cards.length > 0) {
      let qa = Infinity,
        qb = -Infinity,
        ra = Infinity,
        rb = -Infinity;
      for (const c of cards) {
        qa = Math.min(qa, c.q);
        qb = Math.max(qb, c.q);
        ra = Math.min(ra, c.r);
        rb = Math.max(rb, c.r);
      }
      const at = new Map(cards.map((c) => [`${c.q},${c.r}`, c]));
      // axial (q, r) hexes: row r, shifted half a cell per row so neighbours touch
      for (let r = ra; r <= rb; r++) {
        let row = " ".repeat(2 * (r - ra));
        for (let q = qa; q <= qb; q++) {
          const c = at.get(`${q},${r}`);
          row += c
            ? ` ${COLOUR_LETTER[c.player]}${String(c.design).padStart(2, "0")}${c.orientation ? "'" : " "}`
            : "  ·  ";
        }
        lines.push(`  ${row.trimEnd()}`);
      }
      lines.push(
        `  cells q ${qa}..${qb} (left to right), r ${ra}..${rb} (top to bottom); a card is colour + design, ' = turned`,
      );
    } else lines.push("  (no card yet: the first card goes anywhere)");
    for (let i = 0; i < s.options.players; i++) {
      const mark = s.current === i ? "▶" : " ";
      const won = s.winners.includes(i) ? " ★ winner" : "";
      lines.push(
        `${mark} seat ${i} (${COLOUR_LETTER[i]}): route credit ${s.routeCredit[i]}, objective credit ${s.objectiveCredit[i]}, hand ${s.hands[i] ?? "-"}, deck ${s.decks[i].length}${won}`,
      );
    }
    return lines.join("\n");
  },
};
