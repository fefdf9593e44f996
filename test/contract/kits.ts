/**
 * The worker service's inputs for Node tests: Kits (web/games/types.ts) and the registry with a game's solver
 * replaced by a stand-in (`createRailkitService({ games: withSolvers(…) })`): the hosts take a list of modules, so a
 * test swaps a solver the way it would register a fourth game.
 */
import { MODULES } from "../../web/games/registry.ts";
import type { GameModule, Kit } from "../../web/games/types.ts";
import { nodeKit } from "../../web/wasm/node.ts";

/** The registry's modules, untyped as hosts take them. */
export { MODULES };

/** The registry with the solver loaders of `loaders` (by game id) in place of the modules' own. */
export function withSolvers(loaders: Record<string, () => Promise<unknown>>): GameModule[] {
  return MODULES.map((m) => (loaders[m.id] ? { ...m, loadSolver: loaders[m.id]! } : m));
}

/** Node's Kit with the real files: Wasm compiled from build/, the shipped data read from web/data/ (web/wasm/node.ts). */
export const NODE_KIT: Kit = nodeKit();
