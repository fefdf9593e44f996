import type { Result } from "./errors.ts";

/**
 * The shape every railkit game engine has (after boardgame.io): pure functions over plain JSON
 * state. The random generator's state lives in the game state, so a game is its options, its
 * seed and its action log, and `replay` rebuilds it exactly.
 */
export interface GameEngine<S, A, O> {
  readonly id: "train" | "string" | "light";
  /** A new game. Throws InputError for bad options. */
  setup(options: O, seed: number | string): S;
  /** A new state, or a typed refusal; never mutates `state`, never throws for bad actions. */
  apply(state: S, action: unknown): Result<S>;
  /** The legal actions now (the move generator used by bots and fuzzers). */
  legalActions(state: S): A[];
  /** Parses a saved state (a JSON string or a parsed value); throws InputError when malformed. */
  load(json: unknown): S;
  /** JSON text of a state; `load(save(s))` equals `s`. */
  save(state: S): string;
}

/** Replays a log from a fresh setup; throws the first refusal's error if the log is not legal. */
export function replay<S, A, O>(
  engine: GameEngine<S, A, O>,
  options: O,
  seed: number | string,
  log: readonly unknown[],
): S {
  let state = engine.setup(options, seed);
  for (const [i, action] of log.entries()) {
    const r = engine.apply(state, action);
    if (!r.ok) {
      r.error.message = `log entry ${i}: ${r.error.message}`;
      throw r.error;
    }
    state = r.state;
  }
  return state;
}
