/**
 * The game contract every railkit engine follows (after boardgame.io's `G` + `ctx`): pure functions over
 * plain JSON states that all begin with the same {@link GameHeader}. The random generator's state lives in
 * the game state, so a game is its options, its seed and its action log, and `replay` rebuilds it exactly.
 *
 * Written once here, generic over the game:
 * - {@link replay}: setup plus the log;
 * - {@link loadGame}, the load policy: a save is accepted only when replaying its options, seed and log
 *   reproduces it exactly; otherwise an `InputError` names the JSON pointer of the first difference (an
 *   unknown field is a difference). Every loaded state is reachable by play. A save of a retired version
 *   (played under earlier rules) is refused at `/version` with the engine's message naming the rule change.
 * - {@link undoAction}: a seat takes back its own last action of the current turn, back to the last random
 *   reveal; undo is replay minus the undone action.
 * - {@link defineEngine}: an engine's rules plus those three, with `apply` guarded so that no state or
 *   action, however malformed, makes it throw; the rules' `parseAction` reads the action once into a fresh
 *   normalised copy before their `apply` sees it.
 *
 * Positions built by hand (hints, tools, tests) go through each engine's own constructor, never `load`.
 */
import { InputError, type Result, RuleError } from "./errors.ts";
import {
  arr,
  describe,
  firstDifference,
  int,
  isObject,
  listLength,
  obj,
  reading,
  readJson,
  seed as readSeed,
  why,
} from "./input.ts";

/** A game's id: its key in the registry (web/games/registry.ts), the `game` of its states. */
export type GameId = string;

/** Most actions in a log that `load` and `replay` accept. */
export const MAX_LOG = 100_000;

/** The fields every state of every game carries, with the same names and meaning. */
export interface GameHeader<O = unknown, A = unknown> {
  game: GameId;
  /** State format version of that game. */
  version: number;
  /** The options of `setup`, normalised (every field present). */
  options: O;
  /** The seed `setup` was given. */
  seed: number | string;
  /** The seeded generator's state (common/rng.ts). */
  rng: number;
  /** Every accepted action, normalised, in order. */
  log: A[];
  /** The seat to move, or null when the game is over. */
  current: number | null;
  over: boolean;
  /** The winning seats (several on a shared win); empty until the game is over. */
  winners: number[];
}

/** An action of any game: every action names the seat that plays it. */
export interface SeatAction {
  type: string;
  player: number;
}

/** What each game writes: its rules. */
export interface GameRules<S extends GameHeader<O, A>, A extends SeatAction, O> {
  readonly id: GameId;
  /** The state format version (`state.version`). */
  readonly version: number;
  /**
   * Earlier state format versions whose saves were played under other rules, each with the message `load` (and a
   * hand-built position that checks its version) refuses them with, naming the rule change: such a save cannot be
   * replayed under today's rules. Versions not listed are simply unsupported.
   */
  readonly retired?: Readonly<Record<number, string>>;
  /**
   * A new game. Throws InputError for bad options (path `/options/<field>`) or a bad seed (`/seed`).
   * Accepts the normalised options a state holds.
   */
  setup(options: O, seed: number | string): S;
  /**
   * Reads an action, any value a caller passes (a hostile one included: getters, Proxies, cycles, huge lists),
   * into a fresh normalised action; InputError at `/action/<field>` for a malformed one. The read contract, what
   * makes the one read safe without a copy first: each field the action type has is read once (a getter or Proxy
   * cannot answer one check and fool the next), fields it does not have are never read, a list's `length` is read
   * once and its items by index (no method of the value is called), every list and string is bounded before it
   * is walked, and the result shares no object with the value. Anything else it throws, the guard turns into an
   * InputError at `/action`.
   */
  parseAction(state: S, action: unknown): A;
  /** A new state, or a typed refusal; never mutates `state`. `action` is what `parseAction` returned. */
  apply(state: S, action: A): Result<S>;
  /** The legal actions now (the move generator of bots and fuzzers); every one is accepted by `apply`. */
  legalActions(state: S): A[];
  /**
   * Whether `action`, accepted in `before` and giving `after`, revealed something random (a roll, a cube
   * drawn from the bag, a card or tile drawn): undo never goes back past it.
   */
  reveals(before: S, action: A, after: S): boolean;
  /**
   * Whether `action` ended the turn of the seat that played it. Default: the seat to move changed (or the game
   * ended). A game where the same seat can move again after its turn ends (a solo Train Game) says so here.
   */
  endsTurn?(before: S, action: A, after: S): boolean;
}

/** The rules with the guarded `apply` of {@link defineEngine}: any value as the action. */
export interface GuardedRules<S extends GameHeader<O, A>, A extends SeatAction, O>
  extends GameRules<S, A, O> {
  /** A new state, or a typed refusal (InputError for a malformed action or state); never throws, never mutates. */
  apply(state: S, action: unknown): Result<S>;
}

/** A whole engine: the rules plus the shared load policy, save and undo. */
export interface GameEngine<S extends GameHeader<O, A>, A extends SeatAction, O>
  extends GuardedRules<S, A, O> {
  /**
   * A saved game (JSON text or a value); InputError unless replaying its options, seed and log reproduces it. Throws
   * nothing else, whatever the value (a revoked Proxy, throwing getters, cycles, 10⁵ levels of nesting).
   */
  load(json: unknown): S;
  /**
   * JSON text of a state; `load(save(s))` equals `s` (number for number: states hold no `-0`). Anything that is
   * not a state of this game or cannot be written as JSON: InputError at `/state`, never another error.
   */
  save(state: S): string;
  /** `player` takes back their last action of the current turn (see {@link undoAction}); never throws. */
  undo(state: S, player: number): Result<S>;
}

/** A game's rules with the shared `load`, `save` and `undo`, and an `apply` that never throws. */
export function defineEngine<S extends GameHeader<O, A>, A extends SeatAction, O>(
  rules: GameRules<S, A, O>,
): GameEngine<S, A, O> {
  /**
   * `rules.apply` of the action `rules.parseAction` read, with the state checked and anything thrown turned into
   * a refusal. The action is read once, by the rules' parser, into its own copy: no generic copy of the whole
   * value first (a string's 128-number path was copied, then checked and copied again).
   */
  const apply = (state: S, action: unknown): Result<S> => {
    // Every read of the caller's values sits inside a try: a revoked Proxy or a throwing trap or getter as the
    // state (reading `game`) is a refusal at /state like any other malformed state, never a throw.
    try {
      if (!isState(state, rules.id))
        return {
          ok: false,
          error: new InputError(`not a ${rules.id} game state: ${describe(state)}`, "/state"),
        };
    } catch (e) {
      return refusal(e, "the state cannot be read", "/state");
    }
    let a: A;
    try {
      a = rules.parseAction(state, action);
    } catch (e) {
      return refusal(e, "the action cannot be read", "/action");
    }
    try {
      return rules.apply(state, a);
    } catch (e) {
      // Not reachable for a state the engine made; a malformed state object must still not make apply throw.
      return refusal(e, "cannot apply to this state", "/state");
    }
  };
  const guarded: GuardedRules<S, A, O> = { ...rules, apply };
  return {
    ...guarded,
    load: (json: unknown) => loadGame(guarded, json),
    save: (state: S) => saveState(rules.id, state),
    undo: (state: S, player: number) => undoAction(guarded, state, player),
  };
}

/** Whether `x` is an object whose `game` is `id` (may throw on a hostile value: callers catch). */
function isState(x: unknown, id: GameId): x is GameHeader {
  return isObject(x) && x.game === id;
}

/**
 * JSON text of a state the engine made. `save` is typed to take one, but a caller can still pass anything: a value
 * that is not a state of this game, or one that cannot be written as JSON (a cycle, a BigInt, a revoked Proxy, a
 * throwing getter or `toJSON`, 10⁵ levels of nesting), is an InputError at `/state`, never another error. A state
 * holds no `-0` (every number is read in through common/input.ts, which turns `-0` into `0`), and JSON writes none.
 */
function saveState(id: GameId, state: unknown): string {
  const text: unknown = reading(
    "/state",
    () => {
      if (!isState(state, id)) throw new InputError(`not a ${id} game state: ${describe(state)}`, "/state");
      return JSON.stringify(state);
    },
    "cannot be saved",
  );
  if (typeof text !== "string") throw new InputError("cannot be saved: not JSON", "/state");
  return text;
}

/** A refusal for what `apply` caught: a RuleError or InputError as it is, anything else an InputError. */
function refusal<S>(e: unknown, what: string, path?: string): Result<S> {
  try {
    if (e instanceof RuleError || e instanceof InputError) return { ok: false, error: e };
  } catch {
    // thrown by a caller's value (a revoked Proxy has no prototype to test): a refusal like any other
  }
  return { ok: false, error: new InputError(`${what}: ${why(e)}`, path) };
}

/** Replays a log from a fresh setup; throws the first refusal's error (its message names the entry). */
export function replay<S extends GameHeader<O, A>, A extends SeatAction, O>(
  rules: Pick<GuardedRules<S, A, O>, "setup" | "apply">,
  options: O,
  seed: number | string,
  log: readonly unknown[],
): S {
  let state = rules.setup(options, seed);
  for (const [i, action] of log.entries()) {
    const r = rules.apply(state, action);
    if (!r.ok) {
      r.error.message = `log entry ${i}: ${r.error.message}`;
      throw r.error;
    }
    state = r.state;
  }
  return state;
}

/**
 * InputError at `/version` unless `version` is the rules' own: a retired version's message names the rule change
 * (`rules.retired`), any other value is unsupported.
 */
export function checkVersion(
  rules: Pick<GameRules<never, never, never>, "version" | "retired">,
  version: unknown,
): void {
  if (version === rules.version) return;
  const retired =
    typeof version === "number" && rules.retired && Object.hasOwn(rules.retired, version)
      ? rules.retired[version]
      : undefined;
  if (retired !== undefined) throw new InputError(retired, "/version");
  throw new InputError(
    `unsupported version ${describe(version)} (this engine reads ${rules.version})`,
    "/version",
  );
}

/**
 * The load policy: reads the save once (JSON text or a value; a hostile object is an InputError), checks
 * `game` and `version`, replays `options`, `seed` and `log`, and returns the replayed state if the save
 * equals it as JSON. Otherwise InputError with the JSON pointer of the first difference.
 */
export function loadGame<S extends GameHeader<O, A>, A extends SeatAction, O>(
  rules: GuardedRules<S, A, O>,
  json: unknown,
): S {
  const saved = readJson(json);
  if (!isObject(saved)) throw new InputError(`a saved game is an object, got ${describe(saved)}`, "");
  if (saved.game !== rules.id)
    throw new InputError(`not a ${rules.id} game (game is ${describe(saved.game)})`, "/game");
  checkVersion(rules, saved.version);
  if (!isObject(saved.options))
    throw new InputError(`must be an object, got ${describe(saved.options)}`, "/options");
  const seed = readSeed(saved.seed, "/seed");
  const log = arr(saved.log, "/log", MAX_LOG);
  // Options come back normalised from setup; the comparison below catches any extra or missing field.
  let state = rules.setup(saved.options as O, seed);
  for (const [i, action] of log.entries()) {
    const r = rules.apply(state, action);
    if (!r.ok) throw new InputError(`refused by the rules on replay: ${r.error.message}`, `/log/${i}`);
    state = r.state;
  }
  const diff = firstDifference(state, saved);
  if (diff !== null)
    throw new InputError(
      `${diff.why} (a save must equal the replay of its options, seed and log)`,
      diff.path,
    );
  return state;
}

/**
 * `player` takes back the last action of the log. Refused (state unchanged) with a rule id when there is
 * nothing to undo (`<game>.undo-nothing`), the last action is another seat's (`<game>.undo-not-yours`),
 * it ended the turn or the game (`<game>.undo-turn-over`), or it revealed something random
 * (`<game>.undo-reveal`). Undo is replay minus that action, so undo then the same action again gives the
 * same state back.
 */
export function undoAction<S extends GameHeader<O, A>, A extends SeatAction, O>(
  rules: GuardedRules<S, A, O>,
  state: S,
  player: number,
): Result<S> {
  const id = rules.id;
  const no = (rule: string, message: string): Result<S> => ({
    ok: false,
    error: new RuleError(`${id}.${rule}`, message),
  });
  try {
    if (!isState(state, id))
      return { ok: false, error: new InputError(`not a ${id} game state: ${describe(state)}`, "/state") };
    const seats = isObject(state.options) ? state.options.players : undefined;
    int(player, "/player", 0, typeof seats === "number" ? seats - 1 : 0);
    // The header read as a caller's value (the state may be hand-made): a malformed log is an InputError at /state.
    const n = listLength(state.log, "/state/log", MAX_LOG);
    const log = state.log;
    if (n === 0) return no("undo-nothing", "there is nothing to undo");
    const last = obj(log[n - 1], `/state/log/${n - 1}`) as unknown as A;
    int(last.player, `/state/log/${n - 1}/player`, 0, typeof seats === "number" ? seats - 1 : 0);
    if (last.player !== player)
      return no("undo-not-yours", `the last action was seat ${last.player}'s, not seat ${player}'s`);
    if (state.over || state.current !== player)
      return no("undo-turn-over", "that action ended the turn: it cannot be taken back");
    const before = replay(rules, state.options, state.seed, log.slice(0, -1));
    const again = rules.apply(before, last);
    if (!again.ok || JSON.stringify(again.state) !== JSON.stringify(state))
      return {
        ok: false,
        error: new InputError("this state is not the replay of its own log: nothing to undo to"),
      };
    const ended = rules.endsTurn ? rules.endsTurn(before, last, state) : before.current !== state.current;
    if (ended || before.current !== player)
      return no("undo-turn-over", "that action ended the turn: it cannot be taken back");
    if (rules.reveals(before, last, state))
      return no("undo-reveal", "that action revealed something random: it cannot be taken back");
    return { ok: true, state: before };
  } catch (e) {
    return refusal(e, "cannot undo in this state", "/state");
  }
}
