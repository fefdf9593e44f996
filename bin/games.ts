/**
 * The registered games (web/games/registry.ts) as the `rail` game-file commands and the arena run them: each
 * through its module (web/games/types.ts) — the engine's public API, the seats and `new` options, the bots (plus
 * `random`, written here once for every game), the hints, and the CLI view (`picture`, `scores`, the hint report)
 * — with the solver loaded once through the Node Kit (bin/host.ts). Nothing here names a game.
 */
import { intArg, type ParsedArgs, quote, UsageError } from "../web/cli/args.ts";
import { InputError } from "../web/engine/common/errors.ts";
import type { GameEngine, GameHeader, SeatAction } from "../web/engine/common/game.ts";
import { loadLevel, MAX_LEVEL, MIN_LEVEL, RANDOM_BOT, randomAction } from "../web/games/levels.ts";
import type { BotFn, BotWork, GameCli, GameModule, GameTypes } from "../web/games/types.ts";
import { nodeKit } from "./host.ts";

// biome-ignore lint/suspicious/noExplicitAny: the games' state, action and option types differ; the CLI handles them as JSON
export type AnyState = GameHeader<any, SeatAction> & Record<string, any>;
export type AnyAction = SeatAction & Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: as above
export type AnyEngine = GameEngine<any, any, any>;
/** A bot: the action for the seat to move (the state is not over); `seed` makes its random choices repeatable. */
export type Bot = BotFn<GameTypes>;

/** Most actions a bot plays in one `bot` command or one arena game. */
export const MAX_BOT_ACTIONS = 20_000;

/** The work options (keys of {@link BotWork}) the CLI offers as `--<name> N` where a game's hints or bots take them. */
const WORK_KEYS = ["playouts"] as const satisfies readonly (keyof BotWork)[];

/** A registered game as the CLI runs it. */
export interface CliGame {
  module: GameModule;
  engine: AnyEngine;
  cli: GameCli<GameTypes, unknown>;
  /** The game's solver, loaded on first need (once) through the Node Kit. */
  solver: () => Promise<unknown>;
  /** The bot names: the module's, strongest first, then {@link RANDOM_BOT}, then `level1`…`level5`. */
  bots: readonly string[];
}

/** The module of game `id` among `games`, or a UsageError naming the registered ones. */
export function findGame(id: string | undefined, games: readonly GameModule[]): GameModule {
  const found = games.find((g) => g.id === id);
  if (!found)
    throw new UsageError(`unknown game ${quote(String(id))} (games: ${games.map((g) => g.id).join(", ")})`);
  return found;
}

/** The CLI's name of bot level `n` (web/games/levels.ts): `level1` … `level5`. */
export const levelName = (n: number) => `level${n}`;

/** The bot names of a game: the module's, strongest first, then {@link RANDOM_BOT}, then its levels weakest first. */
export function botNames(module: GameModule): string[] {
  const bots = Object.keys(module.bots);
  const levels = Array.from({ length: MAX_LEVEL - MIN_LEVEL + 1 }, (_, i) => levelName(MIN_LEVEL + i));
  return [...(bots.includes(RANDOM_BOT) ? bots : [...bots, RANDOM_BOT]), ...levels];
}

/** The game as the CLI runs it: its CLI view loaded, its solver behind a loader. */
export async function cliGame(module: GameModule): Promise<CliGame> {
  let solver: Promise<unknown> | undefined;
  return {
    module,
    engine: module.engine as unknown as AnyEngine,
    cli: await module.cli(),
    solver: () => {
      solver ??= module.loadSolver(nodeKit);
      return solver;
    },
    bots: botNames(module),
  };
}

// ---- new ------------------------------------------------------------------------------------------------------

/** The `new` options of a game: `--<name> VALUE` for its int and choice options, a bare `--<name>` for its flags. */
export function newOptionNames(module: GameModule): { valued: string[]; flags: string[] } {
  return {
    valued: module.options.filter((o) => o.kind !== "flag").map((o) => o.name),
    flags: module.options.filter((o) => o.kind === "flag").map((o) => o.name),
  };
}

/** The options of `engine.setup`: `players` and each option given (one not given is the engine's default). */
export function setupOptions(module: GameModule, p: ParsedArgs, players: number): Record<string, unknown> {
  const out: Record<string, unknown> = { players };
  for (const o of module.options) {
    const flag = `--${o.name}`;
    if (o.kind === "flag") {
      if (p.flags.has(o.name)) out[o.name] = true;
      continue;
    }
    const v = p.options.get(o.name);
    if (v === undefined) continue;
    if (o.kind === "int") out[o.name] = intArg(v, flag, o.min, o.max);
    else if (!o.choices.includes(v))
      throw new UsageError(`${flag} must be ${o.choices.join(" or ")}, got ${quote(v)}`);
    else out[o.name] = v;
  }
  return out;
}

// ---- hints and bots -------------------------------------------------------------------------------------------

/** The work options a game's hints take (`--playouts`: Monte Carlo hints). */
export const hintWorkOptions = (g: CliGame): string[] =>
  WORK_KEYS.filter((k) => g.module.hintKeys.includes(k));

/** The work options a game's bots take. */
export const botWorkOptions = (g: CliGame): string[] => WORK_KEYS.filter((k) => g.module.botKeys.includes(k));

/** The given work options as numbers (decimal integers; the game caps each). */
function workValues(options: ReadonlyMap<string, string>, keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) {
    const v = intArg(options.get(k), `--${k}`, 0, Number.MAX_SAFE_INTEGER);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** `f()`, with a module's option error (`/options/<key>: …`) said as the CLI's option `--<key> …`. */
function asFlag<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    const m = /^\/options\/([a-z-]+)$/i.exec(e.path);
    if (!m) throw e;
    throw new UsageError(`--${m[1]} ${e.message.slice(e.path.length + 2)}`);
  }
}

/** The hints call's options from the command's work options, checked and capped by the game. */
export function hintOptions(g: CliGame, options: ReadonlyMap<string, string>): object {
  return asFlag(() => g.module.readHintOptions(workValues(options, hintWorkOptions(g))));
}

/** The bots' work from the command's work options (else the CLI's defaults), checked and capped by the game. */
export function botWork(g: CliGame, options: ReadonlyMap<string, string>): BotWork {
  const given = { ...g.cli.botWork, ...workValues(options, botWorkOptions(g)) };
  return asFlag(() => g.module.readBot(given).work);
}

/**
 * The bot `name` (one of `g.bots`) with this work; a level (`level3`) plays its own bot and work (web/games/levels.ts)
 * and ignores `work`.
 */
export async function loadBot(g: CliGame, name: string, work: BotWork): Promise<Bot> {
  const spec = Object.hasOwn(g.module.bots, name) ? g.module.bots[name] : undefined;
  if (spec) return spec.load(g.solver, work);
  const engine = () => g.module.engine;
  if (name === RANDOM_BOT) return (state, seed) => randomAction(engine(), state, seed);
  const level = /^level([1-9])$/.exec(name);
  if (level && g.bots.includes(name)) return loadLevel(g.module, Number(level[1]), g.solver, engine);
  throw new UsageError(`unknown bot ${quote(name)} (${g.bots.join(", ")})`);
}
