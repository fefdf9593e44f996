/**
 * Bot levels (issue #26): one scale for every game, from 1 (near random) to 5 (the strongest bot), written once
 * here for every host (the worker's `botMove` `level`, the elements' `level` attribute, the CLI's `level1`…`level5`
 * bots and `--level`, the online server's `setupData.level`).
 *
 * A level is one of the game's bots (or the uniformly random player, {@link RANDOM_BOT}) with its work, and a
 * `noise`: the chance, each move, that the level plays a uniformly random legal action instead. Both draws come
 * from the position seed (web/games/types.ts `positionSeed`), so a level's move in a position is the same in every
 * host, and an arena run is repeatable. Each game's ladder is its {@link GameModule.levels}; docs/bots.md measures
 * each level against the next with `rail arena`.
 */
import { InputError } from "../engine/common/errors.ts";
import { Rng, seedRng } from "../engine/common/rng.ts";
import type { BotFn, BotWork, EngineOf, GameModule, GameTypes } from "./types.ts";

/** The levels, weakest first: 1 to {@link MAX_LEVEL}. */
export const MIN_LEVEL = 1;
export const MAX_LEVEL = 5;

/** The bot every game has: a uniformly random legal action. */
export const RANDOM_BOT = "random";

/** One level of a game's ladder. */
export interface LevelSpec {
  /** One of the module's bots, or {@link RANDOM_BOT}. */
  readonly bot: string;
  /** The bot's work at this level (capped like any caller's: the module's `readBot`). */
  readonly work?: BotWork;
  /** The chance in [0, 1] that a move is a uniformly random legal action instead of the bot's. */
  readonly noise: number;
}

/** A game's five levels, weakest first. */
export type Levels = readonly [LevelSpec, LevelSpec, LevelSpec, LevelSpec, LevelSpec];

/** Whether `x` is a level: an integer 1 to 5. */
export function isLevel(x: unknown): x is number {
  return typeof x === "number" && Number.isInteger(x) && x >= MIN_LEVEL && x <= MAX_LEVEL;
}

/** Reads a level: an integer 1 to 5 (InputError at `path`). */
export function readLevel(x: unknown, path: string): number {
  if (!isLevel(x)) throw new InputError(`a level is an integer ${MIN_LEVEL} to ${MAX_LEVEL}`, path);
  return x;
}

/**
 * The ladder of a module: its own `levels`, else the uniformly random player at 1 and the module's first
 * (strongest) bot at 2 to 5 with less noise at each level.
 */
export function levelsOf(module: GameModule): Levels {
  if (module.levels) return module.levels;
  const best = Object.keys(module.bots)[0] ?? RANDOM_BOT;
  return [
    { bot: RANDOM_BOT, noise: 1 },
    { bot: best, noise: 0.6 },
    { bot: best, noise: 0.3 },
    { bot: best, noise: 0.1 },
    { bot: best, noise: 0 },
  ];
}

/** A uniformly random legal action of the seat to move, drawn from `seed`. */
export function randomAction<T extends GameTypes>(
  engine: EngineOf<T>,
  state: T["state"],
  seed: string,
): T["action"] {
  const actions = engine.legalActions(state as Parameters<EngineOf<T>["legalActions"]>[0]);
  if (actions.length === 0) throw new InputError("no legal action for the seat to move", "/state");
  return actions[new Rng(seedRng(seed)).int(actions.length)]!;
}

/**
 * The bot of `level` (1–5) of `module`: its bot loaded with the level's work, with the level's noise. `engine()` is
 * the host's engine (its legal actions and the bots' rules); `work` is what the host adds (the server's `quick`).
 */
export async function loadLevel<T extends GameTypes, Solver>(
  module: GameModule<T, Solver>,
  level: number,
  solver: () => Promise<Solver>,
  engine: () => EngineOf<T>,
  work: BotWork = {},
): Promise<BotFn<T>> {
  const spec = levelsOf(module as unknown as GameModule)[readLevel(level, "/options/level") - 1]!;
  const random: BotFn<T> = (state, seed) => randomAction(engine(), state, `${seed}/random`);
  if (spec.bot === RANDOM_BOT) return random;
  const bot = module.bots[spec.bot];
  if (!bot) throw new Error(`${module.id} level ${level} names no bot ${JSON.stringify(spec.bot)}`); // a module bug
  const choose = await bot.load(solver, { ...spec.work, ...work }, engine);
  if (spec.noise <= 0) return choose;
  return (state, seed) =>
    new Rng(seedRng(`${seed}/noise`)).float() < spec.noise ? random(state, seed) : choose(state, seed);
}

/**
 * The levels a shared server plays (its one thread serves every match): those whose bot is the random player or a
 * `cheap` one (web/games/types.ts BotSpec).
 */
export function cheapLevels(module: GameModule): number[] {
  return levelsOf(module).flatMap((l, i) =>
    l.bot === RANDOM_BOT || module.bots[l.bot]?.cheap ? [MIN_LEVEL + i] : [],
  );
}
