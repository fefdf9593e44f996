/**
 * Light Rail as a boardgame.io `Game` over the railkit engine (web/engine/light), for comparing
 * boardgame.io's `MCTSBot` with our search on the same rules. G is the engine's `LightState`; the one move
 * `place(q, r, orientation)` is `applyPlacement` after the engine's own legality check; one move per turn;
 * the game ends when the city is full (winner: highest total, a tie is a draw).
 */
import type { Ctx, Game } from "boardgame.io";
import { MCTSBot } from "boardgame.io/ai";
import { INVALID_MOVE } from "boardgame.io/core";
import { InitializeGame } from "boardgame.io/internal";
import {
  applyPlacement,
  type LightState,
  legalPlacements,
  refusal,
  setup,
  totals,
} from "../web/engine/light/index.ts";

export function lightGame(seed: number | string): Game<LightState> {
  return {
    name: "light-rail",
    minPlayers: 2,
    maxPlayers: 4,
    setup: ({ ctx }) => setup({ players: ctx.numPlayers }, seed),
    moves: {
      place: ({ G }, q: number, r: number, orientation: 0 | 1) => {
        const p = { q, r, orientation };
        if (refusal(G, p)) return INVALID_MOVE;
        return applyPlacement(G, p);
      },
    },
    turn: { minMoves: 1, maxMoves: 1 },
    endIf: ({ G }) => {
      if (!G.over) return undefined;
      const t = totals(G);
      const best = Math.max(...t);
      const winners = t.flatMap((v, i) => (v === best ? [String(i)] : []));
      return winners.length === 1 ? { winner: winners[0] } : { draw: true };
    },
    ai: {
      enumerate: (G: LightState, _ctx: Ctx) =>
        legalPlacements(G).map((p) => ({ move: "place", args: [p.q, p.r, p.orientation] })),
    },
  };
}

/** The initial boardgame.io state of a game, and an MCTSBot with boardgame.io's defaults (1000 iterations, depth 50). */
export function lightMcts(seed: number | string, players = 2, botSeed: number | string = 1) {
  const game = lightGame(seed);
  const state = InitializeGame({ game, numPlayers: players });
  const enumerate = game.ai!.enumerate;
  const bot = new MCTSBot({ game, enumerate, seed: botSeed });
  return { game, state, bot };
}
