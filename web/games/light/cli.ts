/**
 * Light Rail in a terminal (the `rail` CLI, docs/cli.md): its text picture and scores, the hint report, and the
 * game's own tools (`rail light score|hint|bot …`, tools.ts, loaded on first use).
 */

import type { LightKernel } from "../../solvers/light/kernel.ts";
import type { CliTool, GameCli } from "../types.ts";
import type { LightGameTypes } from "./index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the picture reads the state as plain JSON, field by field
type Json = any;
const COLOUR_LETTER = ["B", "Y", "P", "G"];

const tool = (name: string, takesFile = false): CliTool => ({
  run: async (args, host) => (await import("./tools.ts")).lightCommand([name, ...args], host),
  takesFile,
});

export const lightCli: GameCli<LightGameTypes, LightKernel> = {
  scores: (s) => s.routeCredit.map((v, i) => v + s.objectiveCredit[i]!),
  // Every placement with its credit now and the module's search value (`--playouts 0`: no search).
  hint: async (state, { options, hints }) =>
    (await import("./tools.ts")).hintReport(state, options.playouts === 0 ? null : hints),
  // A search bot move at 400 playouts (the module's default is 2000): a terminal waits for every seat's move.
  botWork: { playouts: 400 },
  // `light hint STATE.json` takes an engine save (a game file goes to the game-file `hint`).
  commands: { score: tool("score"), hint: tool("hint", true), bot: tool("bot") },
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
