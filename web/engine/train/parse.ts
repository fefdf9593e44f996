/**
 * The Train Game: validation of untrusted input (actions, options, hand-built turns). Everything here
 * throws `InputError` with a JSON pointer (`/options/players`, `/action/faces/0`, `/turn/train`) for
 * malformed or impossible input and returns fresh plain objects with a fixed key order. Saved games are
 * not read here: `load` is the common replay policy (web/engine/common/game.ts).
 */
import { InputError } from "../common/errors.ts";
import { describe, int, listLength, obj, oneOf, pointer } from "../common/input.ts";
import { counts, DICE, hasEngineAndTender, isCargo, isFace, isFreightTrain } from "./rules.ts";
import { REGULAR_ROLLS } from "./turn.ts";
import type { Face, TrainAction, TrainGameOptions, TurnState, TurnStep } from "./types.ts";

/** Longest `faces` list looked at; longer lists are malformed (there are only six dice). */
export const MAX_FACES_INPUT = 64;
/** Bounds kept so states stay small, safe integers. */
export const MAX_POINTS = 1_000_000_000;
const MAX_GOAL = 100_000;

/** A list of faces (a fresh copy; `x` read once, by index: the read contract of `parseAction`). */
export function faceList(x: unknown, path: string, max: number = MAX_FACES_INPUT): Face[] {
  const n = listLength(x, path, max);
  const out: Face[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const f: unknown = (x as unknown[])[i];
    if (!isFace(f)) throw new InputError(`not a face (E, T, 4, 3, 2, C): ${describe(f)}`, pointer(path, i));
    out[i] = f;
  }
  return out;
}

/**
 * Faces from text, for command lines and forms: `"E,T,4"`, `"E T 4"`, `"et4c"` (case-insensitive; commas
 * and spaces optional). `""` is no faces. Throws InputError naming the bad character.
 */
export function parseFaces(text: string): Face[] {
  const out: Face[] = [];
  for (const ch of text.toUpperCase()) {
    if (ch === "," || ch === " " || ch === "\t") continue;
    if (!isFace(ch)) throw new InputError(`not a face (E, T, 4, 3, 2, C): ${JSON.stringify(ch)}`, "/faces");
    out.push(ch);
  }
  return out;
}

/** Options with defaults (`variant` "race", `goal` 100); throws InputError when out of range. */
export function parseOptions(options: unknown): TrainGameOptions {
  const o = obj(options, "/options");
  const players = int(o.players, "/options/players", 1, 6);
  const variant = oneOf(o.variant ?? "race", "/options/variant", ["race", "elimination"] as const);
  const goal = o.goal === undefined ? 100 : int(o.goal, "/options/goal", 1, MAX_GOAL);
  if (variant === "elimination" && players < 2)
    throw new InputError("the elimination game needs at least 2 players", "/options/players");
  return { players, variant, goal };
}

const ACTION_TYPES = ["roll", "add", "stop", "bank"] as const;

/**
 * A well-formed action (normalised copy: `{type, player}` plus `faces` for `add`); InputError otherwise. Reads
 * `action` once, field by field (the read contract of `GameRules.parseAction`, common/game.ts).
 */
export function parseAction(action: unknown, players: number): TrainAction {
  const a = obj(action, "/action");
  const type = oneOf(a.type, "/action/type", ACTION_TYPES);
  const player = int(a.player, "/action/player", 0, players - 1);
  if (type === "add") return { type, player, faces: faceList(a.faces, "/action/faces") };
  return { type, player };
}

export interface TurnSpec {
  /** Cars in the train. */
  train: readonly Face[];
  /** Dice on the table after a roll (with the automatic Engine / Tender already in the train). Default []. */
  table?: readonly Face[];
  /** Regular rolls left. Default: the most the position allows. Ignored (0) in the freight phase. */
  rollsLeft?: number;
  /** Banked freight points. Default 0. */
  banked?: number;
  /** Default "freight" when `banked` > 0, else "regular". */
  phase?: "regular" | "freight";
  /** Default "add" when `table` is not empty, else "roll". */
  step?: TurnStep;
}

/**
 * A hand-built turn (for hints, tools and tests), checked to be a position that play can reach; throws
 * InputError with a clear message otherwise (cargo before Engine and Tender, seven dice, two Tenders, a
 * Caboose in a live train, a table the automatic Engine / Tender would have changed, ...).
 * For a raw roll (Engine / Tender not yet joined) build the turn before the roll and use `applyRollFaces`.
 */
export function makeTurn(spec: TurnSpec): TurnState {
  const s = obj(spec, "/turn");
  const train = faceList(s.train, "/turn/train");
  const table = s.table === undefined ? [] : faceList(s.table, "/turn/table");
  const banked = s.banked === undefined ? 0 : s.banked;
  const phase = s.phase ?? (typeof banked === "number" && banked > 0 ? "freight" : "regular");
  const step = s.step ?? (table.length > 0 ? "add" : "roll");
  let rollsLeft = s.rollsLeft;
  if (phase === "freight") rollsLeft = 0;
  else if (rollsLeft === undefined) {
    if (step === "roll") rollsLeft = train.length === 0 ? REGULAR_ROLLS : REGULAR_ROLLS - 1;
    else rollsLeft = train.length > 2 ? REGULAR_ROLLS - 2 : REGULAR_ROLLS - 1;
  }
  return parseTurn({ phase, rollsLeft, train, banked, step, table }, "/turn");
}

/**
 * A turn from `makeTurn`, a position or a caller (`path` is its JSON pointer, e.g. `/turn`): well-formed
 * and reachable in play; InputError otherwise.
 */
export function parseTurn(x: unknown, path: string): TurnState {
  const o = obj(x, path);
  const phase = oneOf(o.phase, `${path}/phase`, ["regular", "freight"] as const);
  const step = oneOf(o.step, `${path}/step`, ["roll", "add"] as const);
  const rollsLeft = int(o.rollsLeft, `${path}/rollsLeft`, 0, REGULAR_ROLLS);
  const banked = int(o.banked, `${path}/banked`, 0, MAX_POINTS);
  const train = faceList(o.train, `${path}/train`, DICE + 1);
  const table = faceList(o.table, `${path}/table`, DICE + 1);
  const bad = (msg: string): never => {
    throw new InputError(msg, path);
  };

  if (train.length + table.length > DICE)
    bad(`${train.length + table.length} dice in train and table: there are only ${DICE}`);
  const c = counts(train);
  if (c.T > 1) bad("a train never has two Tenders");
  if (c.E > 2) bad("a train has at most two Engines");
  if (c.C > 0) bad("a train with a Caboose has finished its turn");
  if (c.T > 0 && c.E === 0) bad("a Tender joins only after an Engine");
  if (!hasEngineAndTender(train) && (c.E > 1 || train.some(isCargo)))
    bad("cargo and a second Engine join only after an Engine and a Tender");
  if (train.length === DICE && !isFreightTrain(train))
    bad("a full train with one Engine has finished its turn");
  if (step === "roll" && table.length > 0) bad('dice on the table: the step is "add"');
  if (step === "add" && train.length + table.length !== DICE)
    bad(`train and table must hold all ${DICE} dice`);
  if (step === "add" && !hasEngineAndTender(train)) {
    if ((c.E === 0 && table.includes("E")) || (c.E > 0 && table.includes("T")))
      bad(
        "the first Engine and Tender on the table join the train automatically (give the raw roll to applyRollFaces)",
      );
    bad("before an Engine and a Tender there is nothing to choose: the roll is spent");
  }

  if (phase === "regular") {
    if (banked !== 0) bad("banked points belong to the freight phase");
    if (step === "roll") {
      const full = train.length === DICE;
      const min = full ? 0 : 1;
      const max = train.length === 0 ? REGULAR_ROLLS : REGULAR_ROLLS - 1;
      if (rollsLeft < min || rollsLeft > max)
        bad(`with this train, regular rolls left must be ${min}..${max} (the turn has ended or not started)`);
    } else {
      const max = train.length > 2 ? REGULAR_ROLLS - 2 : REGULAR_ROLLS - 1;
      if (rollsLeft > max) bad(`with this train after a roll, regular rolls left must be 0..${max}`);
      const engines = 2 - c.E;
      if (!table.some((f) => isCargo(f) || (f === "E" && engines > 0)))
        bad("no die on the table can join: the roll is spent");
    }
  } else {
    if (banked < 6) bad("the freight phase starts by banking three cargo cars (at least 6 points)");
    if (rollsLeft !== 0) bad("regular rolls left is 0 in the freight phase");
    if (c.E !== 2 || c.T !== 1) bad("a freight train has two Engines and a Tender");
    if (step === "add" && !table.some(isCargo)) bad("no cargo on the table: that roll was a Train Wreck");
  }
  return { phase, rollsLeft, train, banked, step, table };
}
