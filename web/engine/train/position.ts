/**
 * The Train Game: hand-built game positions (hints, tools, tests), the explicit constructor that `load`
 * is not. Every field is checked to be one play can reach; InputError with the field's JSON pointer
 * (`/scores/1`, `/turn/train`, `/out`) otherwise.
 *
 * A position was not reached by play from `setup`: its `log` is empty, so `load` refuses its save (the
 * replay of an empty log is a fresh game) and `undo` only takes back actions in a game played from setup.
 */
import { InputError } from "../common/errors.ts";
import { arr, int, obj, seed as readSeed, snapshot } from "../common/input.ts";
import { seedRng } from "../common/rng.ts";
import { MAX_POINTS, makeTurn, parseOptions, type TurnSpec } from "./parse.ts";
import { newTurn } from "./turn.ts";
import { TRAIN_VERSION, type TrainGameState, type TrainOptions } from "./types.ts";

export interface PositionSpec {
  options: TrainOptions;
  /** Default 0; the generator starts from it as in `setup`. */
  seed?: number | string;
  /** The seat to move. Default 0. */
  current?: number;
  /** Total of each seat. Default all 0. */
  scores?: readonly number[];
  /** Finished turns of each seat. Default 1 for the seats before `current`, 0 from it on. */
  turnsTaken?: readonly number[];
  /** The turn in progress (`makeTurn`'s spec; a `TurnState` is one). Default a fresh turn. */
  turn?: TurnSpec;
  /** Elimination: the score to beat and the seat that set it (both or neither). Default null. */
  target?: number | null;
  targetSetter?: number | null;
  /** Elimination: seats out, in the order they went out. Default []. */
  out?: readonly number[];
}

function perSeat(x: unknown, path: string, players: number): number[] {
  const a = arr(x, path, players);
  if (a.length !== players) throw new InputError(`must have one entry per seat (${players})`, path);
  return a.map((v, i) => int(v, `${path}/${i}`, 0, MAX_POINTS));
}

/**
 * A running game at a hand-built position: no history, no last roll, an empty log. Refused (InputError)
 * when play cannot reach it: a race with a target or seats out, turns taken out of seat order, a race
 * that would already be over; an elimination game with the seat to move or the target's setter out, fewer
 * than two seats left, or seats out before any target was set.
 */
export function position(spec: PositionSpec): TrainGameState {
  // Read once into a plain copy: a hostile object is an InputError, and no getter answers twice.
  const s = obj(snapshot(spec), "");
  const options = parseOptions(s.options);
  const n = options.players;
  const seed = s.seed === undefined ? 0 : readSeed(s.seed, "/seed");
  const current = s.current === undefined ? 0 : int(s.current, "/current", 0, n - 1);
  const scores = s.scores === undefined ? new Array<number>(n).fill(0) : perSeat(s.scores, "/scores", n);
  const turnsTaken =
    s.turnsTaken === undefined
      ? [...Array(n).keys()].map((seat) => (seat < current ? 1 : 0))
      : perSeat(s.turnsTaken, "/turnsTaken", n);
  // makeTurn checks every field of the spec; the cast only names what it is about to check.
  const turn = s.turn === undefined ? newTurn() : makeTurn(s.turn as unknown as TurnSpec);
  const target = s.target == null ? null : int(s.target, "/target", 1, MAX_POINTS);
  const targetSetter = s.targetSetter == null ? null : int(s.targetSetter, "/targetSetter", 0, n - 1);
  if ((target === null) !== (targetSetter === null))
    throw new InputError("target and targetSetter are set together", "/targetSetter");
  const out = s.out === undefined ? [] : arr(s.out, "/out", n).map((v, i) => int(v, `/out/${i}`, 0, n - 1));
  if (new Set(out).size !== out.length) throw new InputError("a seat appears twice", "/out");

  if (options.variant === "race") {
    if (target !== null) throw new InputError("a race has no target", "/target");
    if (out.length > 0) throw new InputError("no seat is ever out of a race", "/out");
    const round = turnsTaken[n - 1]!;
    turnsTaken.forEach((t, seat) => {
      if (t !== round + (seat < current ? 1 : 0))
        throw new InputError(
          `seats play in order: the seats before seat ${current} have had one turn more than the others`,
          `/turnsTaken/${seat}`,
        );
    });
    if (current === 0 && Math.max(...scores) >= options.goal)
      throw new InputError(
        `a total reached the goal (${options.goal}) after equal turns: the game is over`,
        "/scores",
      );
  } else {
    if (out.length > 0 && target === null)
      throw new InputError("no seat goes out before the first scoring train sets a target", "/out");
    if (n - out.length < 2) throw new InputError("with one seat left the game is over", "/out");
    if (out.includes(current)) throw new InputError("the seat to move is out", "/current");
    if (targetSetter !== null && out.includes(targetSetter))
      throw new InputError("the seat that set the target is not out", "/targetSetter");
  }

  return {
    game: "train",
    version: TRAIN_VERSION,
    options,
    seed,
    rng: seedRng(seed),
    current,
    over: false,
    winners: [],
    scores,
    turnsTaken,
    turn,
    target,
    targetSetter,
    out,
    lastRoll: null,
    history: [],
    log: [],
  };
}
