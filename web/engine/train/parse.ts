/**
 * The Train Game: validation of untrusted input (actions, options, hand-built turns, saved states).
 * Everything here throws `InputError` (with a path) for malformed or impossible input and returns fresh
 * plain objects with a fixed key order, so `save(load(save(s)))` is byte-identical.
 */
import { InputError } from "../common/errors.ts";
import { counts, DICE, hasEngineAndTender, isCargo, isFace, isFreightTrain } from "./rules.ts";
import { REGULAR_ROLLS } from "./turn.ts";
import type {
  EndReason,
  Face,
  TrainAction,
  TrainGameOptions,
  TrainGameState,
  TurnRecord,
  TurnState,
  TurnStep,
} from "./types.ts";

/** Longest `faces` list looked at; longer lists are malformed (there are only six dice). */
export const MAX_FACES_INPUT = 64;
/** Bounds kept so saved states stay small, safe integers. */
const MAX_POINTS = 1_000_000_000;
const MAX_GOAL = 100_000;
const MAX_LOG = 1_000_000;

type Obj = Record<string, unknown>;

function isObj(x: unknown): x is Obj {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function obj(x: unknown, path: string): Obj {
  if (!isObj(x)) throw new InputError("must be an object", path);
  return x;
}

function int(x: unknown, path: string, min: number, max: number): number {
  if (typeof x !== "number" || !Number.isInteger(x) || x < min || x > max)
    throw new InputError(`must be an integer in ${min}..${max}, got ${short(x)}`, path);
  return x;
}

function short(x: unknown): string {
  if (typeof x === "string") return JSON.stringify(x.length > 20 ? `${x.slice(0, 20)}…` : x);
  if (typeof x === "number" || typeof x === "boolean" || x === null || x === undefined) return String(x);
  return Array.isArray(x) ? "an array" : typeof x;
}

function arr(x: unknown, path: string, max: number): unknown[] {
  if (!Array.isArray(x)) throw new InputError("must be an array", path);
  if (x.length > max) throw new InputError(`at most ${max} entries, got ${x.length}`, path);
  return x;
}

/** A list of faces (copy). */
export function faceList(x: unknown, path: string, max: number = MAX_FACES_INPUT): Face[] {
  const a = arr(x, path, max);
  return a.map((f, i) => {
    if (!isFace(f)) throw new InputError(`not a face (E, T, 4, 3, 2, C): ${short(f)}`, `${path}/${i}`);
    return f;
  });
}

/**
 * Faces from text, for command lines and forms: `"E,T,4"`, `"E T 4"`, `"et4c"` (case-insensitive; commas
 * and spaces optional). `""` is no faces. Throws InputError naming the bad character.
 */
export function parseFaces(text: string): Face[] {
  const out: Face[] = [];
  for (const ch of text.toUpperCase()) {
    if (ch === "," || ch === " " || ch === "\t") continue;
    if (!isFace(ch)) throw new InputError(`not a face (E, T, 4, 3, 2, C): ${JSON.stringify(ch)}`, "faces");
    out.push(ch);
  }
  return out;
}

/** Options with defaults (`variant` "race", `goal` 100); throws InputError when out of range. */
export function parseOptions(options: unknown): TrainGameOptions {
  const o = obj(options, "options");
  const players = int(o.players, "options/players", 1, 6);
  const variant = o.variant ?? "race";
  if (variant !== "race" && variant !== "elimination")
    throw new InputError(`must be "race" or "elimination", got ${short(variant)}`, "options/variant");
  const goal = o.goal === undefined ? 100 : int(o.goal, "options/goal", 1, MAX_GOAL);
  if (variant === "elimination" && players < 2)
    throw new InputError("the elimination game needs at least 2 players", "options/players");
  return { players, variant, goal };
}

/** A well-formed action (normalised copy: `{type, player}` plus `faces` for `add`); InputError otherwise. */
export function parseAction(action: unknown, players: number): TrainAction {
  if (!isObj(action)) throw new InputError("an action must be an object", "action");
  const type = action.type;
  if (type !== "roll" && type !== "add" && type !== "stop" && type !== "bank")
    throw new InputError(`unknown action type ${short(type)} (roll, add, stop, bank)`, "action/type");
  const player = int(action.player, "action/player", 0, players - 1);
  if (type === "add") return { type, player, faces: faceList(action.faces, "action/faces") };
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
  const s = obj(spec, "turn");
  const train = faceList(s.train, "turn/train");
  const table = s.table === undefined ? [] : faceList(s.table, "turn/table");
  const banked = s.banked === undefined ? 0 : s.banked;
  const phase = s.phase ?? (typeof banked === "number" && banked > 0 ? "freight" : "regular");
  const step = s.step ?? (table.length > 0 ? "add" : "roll");
  let rollsLeft = s.rollsLeft;
  if (phase === "freight") rollsLeft = 0;
  else if (rollsLeft === undefined) {
    if (step === "roll") rollsLeft = train.length === 0 ? REGULAR_ROLLS : REGULAR_ROLLS - 1;
    else rollsLeft = train.length > 2 ? REGULAR_ROLLS - 2 : REGULAR_ROLLS - 1;
  }
  return parseTurn({ phase, rollsLeft, train, banked, step, table }, "turn");
}

/** A turn in a saved state or from `makeTurn`: well-formed and reachable in play. */
export function parseTurn(x: unknown, path: string): TurnState {
  const o = obj(x, path);
  const phase = o.phase;
  if (phase !== "regular" && phase !== "freight")
    throw new InputError(`must be "regular" or "freight", got ${short(phase)}`, `${path}/phase`);
  const step = o.step;
  if (step !== "roll" && step !== "add")
    throw new InputError(`must be "roll" or "add", got ${short(step)}`, `${path}/step`);
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

const REASONS: ReadonlySet<string> = new Set<EndReason>([
  "stop",
  "caboose",
  "shortage",
  "wreck",
  "full",
  "out-of-rolls",
]);

function seat(x: unknown, path: string, players: number): number {
  return int(x, path, 0, players - 1);
}

function seats(x: unknown, path: string, players: number): number[] {
  const a = arr(x, path, players).map((v, i) => seat(v, `${path}/${i}`, players));
  if (new Set(a).size !== a.length) throw new InputError("a seat appears twice", path);
  return a;
}

function parseRecord(x: unknown, path: string, players: number): TurnRecord {
  const o = obj(x, path);
  const player = seat(o.player, `${path}/player`, players);
  const score = int(o.score, `${path}/score`, 0, MAX_POINTS);
  if (typeof o.reason !== "string" || !REASONS.has(o.reason))
    throw new InputError(`unknown end reason ${short(o.reason)}`, `${path}/reason`);
  const reason = o.reason as EndReason; // checked against REASONS just above
  const train = faceList(o.train, `${path}/train`, DICE);
  const banked = int(o.banked, `${path}/banked`, 0, MAX_POINTS);
  return { player, score, reason, train, banked };
}

function points(x: unknown, path: string, players: number): number[] {
  const a = arr(x, path, players);
  if (a.length !== players) throw new InputError(`must have one entry per player (${players})`, path);
  return a.map((v, i) => int(v, `${path}/${i}`, 0, MAX_POINTS));
}

/** A saved game (JSON text or parsed value), checked field by field; InputError when malformed. */
export function parseState(json: unknown): TrainGameState {
  let x = json;
  if (typeof json === "string") {
    try {
      x = JSON.parse(json);
    } catch (e) {
      throw new InputError(`not JSON: ${(e as Error).message}`, "");
    }
  }
  const o = obj(x, "");
  if (o.version !== 1) throw new InputError(`unsupported version ${short(o.version)}`, "version");
  const options = parseOptions(o.options);
  if (!isObj(o.options) || o.options.goal === undefined || o.options.variant === undefined)
    throw new InputError("a saved state lists players, variant and goal", "options");
  const n = options.players;
  const seed = o.seed;
  if (!(typeof seed === "string" || (typeof seed === "number" && Number.isFinite(seed))))
    throw new InputError("must be a finite number or a string", "seed");
  if (typeof seed === "string" && seed.length > 1000) throw new InputError("at most 1000 characters", "seed");
  const rng = int(o.rng, "rng", 0, 0xffffffff);
  const scores = points(o.scores, "scores", n);
  const turnsTaken = points(o.turnsTaken, "turnsTaken", n);
  const current = seat(o.current, "current", n);
  const turn = parseTurn(o.turn, "turn");
  const target = o.target === null ? null : int(o.target, "target", 1, MAX_POINTS);
  const targetSetter = o.targetSetter === null ? null : seat(o.targetSetter, "targetSetter", n);
  if ((target === null) !== (targetSetter === null))
    throw new InputError("target and targetSetter are set together", "target");
  const out = seats(o.out, "out", n);
  if (options.variant === "race" && (target !== null || out.length > 0))
    throw new InputError("a race game has no target and no seats out", "target");
  let lastRoll: TrainGameState["lastRoll"] = null;
  if (o.lastRoll !== null) {
    const lr = obj(o.lastRoll, "lastRoll");
    lastRoll = {
      player: seat(lr.player, "lastRoll/player", n),
      faces: faceList(lr.faces, "lastRoll/faces", DICE),
    };
  }
  const history = arr(o.history, "history", MAX_LOG).map((r, i) => parseRecord(r, `history/${i}`, n));
  if (typeof o.over !== "boolean") throw new InputError("must be true or false", "over");
  const over = o.over;
  const winners = seats(o.winners, "winners", n);
  if (over !== winners.length > 0)
    throw new InputError("a finished game has winners, a running one none", "winners");
  if (!over && out.includes(current)) throw new InputError("the seat to move is out", "current");
  const log = arr(o.log, "log", MAX_LOG).map((a, i) => {
    try {
      return parseAction(a, n);
    } catch (e) {
      throw e instanceof InputError ? new InputError(e.message, `log/${i}`) : e;
    }
  });
  return {
    version: 1,
    options,
    seed,
    rng,
    scores,
    turnsTaken,
    current,
    turn,
    target,
    targetSetter,
    out,
    lastRoll,
    history,
    over,
    winners,
    log,
  };
}
