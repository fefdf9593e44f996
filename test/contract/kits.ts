/**
 * The worker service's inputs for Node tests: Kits (web/games/types.ts) and the registry with a game's solver
 * replaced by a stand-in (`createRailkitService({ games: withSolvers(…) })`): the hosts take a list of modules, so a
 * test swaps a solver the way it would register a fourth game.
 */
import { readFile } from "node:fs/promises";
import { GAMES } from "../../web/games/registry.ts";
import type { GameModule, Kit } from "../../web/games/types.ts";
import { compileWasmNode, type WasmName } from "../../web/wasm/node.ts";

/** The registry's modules, untyped as hosts take them. */
export const MODULES = GAMES as unknown as readonly GameModule[];

/** The registry with the solver loaders of `loaders` (by game id) in place of the modules' own. */
export function withSolvers(loaders: Record<string, () => Promise<unknown>>): GameModule[] {
  return MODULES.map((m) => (loaders[m.id] ? { ...m, loadSolver: loaders[m.id]! } : m));
}

/** Node's Kit with the real files: Wasm compiled from build/, the shipped data read from web/data/. */
export const NODE_KIT: Kit = {
  wasm: (name) => compileWasmNode(name as WasmName),
  data: async (path) => {
    const bytes = await readFile(new URL(`../../web/data/${path}`, import.meta.url)).catch(() => null);
    return bytes ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : null;
  },
};
