/**
 * `review` for `railkit/engine` (docs/review.md): a finished or saved game of any registered game with a review,
 * every move graded by the game's own analysis (the Train Game exactly; web/games/review.ts), in Node, a worker or a
 * page. The analysis runs on the host's Kit: by default the TypeScript twins with no shipped data (a race to 100 is
 * then solved once, seconds); Node hosts pass `nodeKit()` (web/wasm/node.ts) for Wasm and the shipped race table.
 *
 * ```js
 * import { review } from "railkit/engine";
 * const r = await review(save);            // a state or its JSON text
 * console.log(r.seats[0].decisions, r.seats[0].mistakes);
 * ```
 */
import { InputError } from "../engine/common/errors.ts";
import { isObject } from "../engine/common/input.ts";
import { MODULES } from "../games/registry.ts";
import { type GameReview, type ReviewHooks, reviewGame } from "../games/review.ts";
import type { GameModule, Kit } from "../games/types.ts";

export type { GameReview, GradedMove, ReviewSeat, ReviewTurn } from "../games/review.ts";
export { REVIEW_MAX_MOVES } from "../games/review.ts";

export interface ReviewOptions extends ReviewHooks {
  /** Where Wasm and shipped data come from (default: the TypeScript twins, no data). */
  kit?: Kit;
  /** The game's review options (Light Rail: `playouts`, `ms`), checked and capped by the game. */
  options?: Record<string, unknown>;
  /** The games it may be (default the registry). */
  games?: readonly GameModule[];
}

const TWINS: Kit = { wasm: () => null, data: async () => null };

/**
 * The review of `save` (a game state, or its JSON text; read through the game's `load`, so only a game its rules
 * replay is reviewed). InputError for anything else: not a game (`/game`), a game without a review, a refused save.
 */
export async function review(save: unknown, options: ReviewOptions = {}): Promise<GameReview> {
  const value = typeof save === "string" ? parseSave(save) : save;
  let id: unknown;
  try {
    id = isObject(value) ? value.game : undefined;
  } catch {
    id = undefined; // a hostile value (a throwing getter, a revoked Proxy): not a save
  }
  const module = (options.games ?? MODULES).find((g) => g.id === id);
  if (!module) throw new InputError("not a save of a registered game", "/game");
  if (!module.review) throw new InputError(`${module.title} has no review`, "/game");
  const state = module.engine.load(value);
  const o = options.options ?? {};
  if (!isObject(o)) throw new InputError("review options are an object", "/options");
  for (const k of Object.keys(o))
    if (!module.review.keys.includes(k))
      throw new InputError(`${module.title}'s review takes no such option`, `/options/${k}`);
  const checked = module.review.readOptions(o);
  const kit = options.kit ?? TWINS;
  let solver: Promise<unknown> | undefined;
  const reviewer = await module.review.load(() => (solver ??= module.loadSolver(kit)), checked);
  return reviewGame(module, module.engine, reviewer, state, options);
}

function parseSave(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError("a save is JSON text", "");
  }
}
