/**
 * The registry: every game railkit runs, one line each. The hosts (web/worker/, server/, bin/, web/demo/lobby.ts)
 * loop over it and name no game; a new game is its folder `web/games/<id>/` and one line here (docs/architecture.md).
 * Hosts that tests drive with another game take a list of modules (default {@link MODULES}).
 */
import { InputError } from "../engine/common/errors.ts";
import { light } from "./light/index.ts";
import { string } from "./string/index.ts";
import { train } from "./train/index.ts";
import type { GameModule } from "./types.ts";

/** The games, in the order hosts list them. */
export const GAMES = [train, string, light] as const;

/**
 * The same list as hosts take it: modules of any game, whatever their types. The one cast of the registry (each
 * module is a `GameModule` of its own types; a host handles them alike, through the module's own readers).
 */
export const MODULES: readonly GameModule[] = GAMES as unknown as readonly GameModule[];

/** The ids of the registered games. */
export type RegisteredId = (typeof GAMES)[number]["id"];

/**
 * The module of game `id` among `games`; InputError at `path` naming the known ids when there is none (the id comes
 * from outside: a handle, a command line, a URL).
 */
export function gameModule(id: unknown, games: readonly GameModule[] = MODULES, path = "/game"): GameModule {
  const found = games.find((g) => g.id === id);
  if (!found)
    throw new InputError(
      `unknown game ${JSON.stringify(String(id).slice(0, 40))} (games: ${games.map((g) => g.id).join(", ")})`,
      path,
    );
  return found;
}
