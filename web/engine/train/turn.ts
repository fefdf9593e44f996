/**
 * The Train Game: one turn, step by step, with the dice given (no randomness here; the game draws the
 * faces from the rng in its state and calls `applyRollFaces`). Every step returns a new turn; inputs are
 * never mutated. The `check*` functions return the refusal (or null) without throwing; the `apply*`
 * functions throw it (RuleError for an illegal step, InputError for malformed faces).
 */
import { InputError, RuleError } from "../common/errors.ts";
import {
  CARGO_FACES,
  count,
  DICE,
  FACE_ORDER,
  hasEngineAndTender,
  isCargo,
  isFace,
  isFreightTrain,
  isValidTrain,
  scoreTrain,
  sortFaces,
} from "./rules.ts";
import { CARGO_VALUE, type EndReason, type Face, type StepResult, type TurnState } from "./types.ts";

/** Regular rolls in a turn. */
export const REGULAR_ROLLS = 3;

/** The turn at its start: regular phase, three rolls, nothing in the train. */
export function newTurn(): TurnState {
  return { phase: "regular", rollsLeft: REGULAR_ROLLS, train: [], banked: 0, step: "roll", table: [] };
}

function copyTurn(t: TurnState): TurnState {
  return {
    phase: t.phase,
    rollsLeft: t.rollsLeft,
    train: t.train.slice(),
    banked: t.banked,
    step: t.step,
    table: t.table.slice(),
  };
}

/** Dice a `roll` throws now: every die not in the train. */
export function diceToRoll(turn: TurnState): number {
  return DICE - turn.train.length;
}

/** The bank (freight) option: between rolls, with 2 Engines, a Tender and 3 non-Caboose cargo. */
export function canBank(turn: TurnState): boolean {
  return turn.step === "roll" && isFreightTrain(turn.train);
}

/** Why a roll is not allowed now (rule id, message), or null. */
function rollBlock(turn: TurnState): readonly [string, string] | null {
  if (turn.step !== "roll")
    return ["train.wrong-step", "choose the dice to add (or stop) before rolling again"];
  if (turn.train.length >= DICE)
    return ["train.train-full", "all six dice are in the train: bank the freight or stop"];
  if (turn.phase === "regular" && turn.rollsLeft <= 0)
    return ["train.no-rolls-left", "the three regular rolls are used"];
  return null;
}

export function checkRoll(turn: TurnState): RuleError | null {
  const block = rollBlock(turn);
  return block && new RuleError(block[0], block[1]);
}

/** A roll is allowed now ({@link checkRoll} without building its error: `legalActions` asks at every view). */
export function canRoll(turn: TurnState): boolean {
  return rollBlock(turn) === null;
}

/** Whether this face on the table may join the train now (ignoring how many of it are taken). */
function addable(turn: TurnState, f: Face): boolean {
  if (f === "T") return false;
  if (f === "E") return turn.phase === "regular" && count(turn.train, "E") < 2;
  return true;
}

/** Some die on the table may join the train (otherwise the roll is spent, or it is a Train Wreck). */
function hasChoice(turn: TurnState): boolean {
  return turn.table.some((f) => addable(turn, f));
}

function end(turn: TurnState, reason: EndReason, score: number): StepResult {
  return { turn, ended: { score, reason } };
}

/** Ends the turn by the train as it stands (after the third regular roll, or a full 1-Engine train). */
function endByTrain(turn: TurnState, reason: EndReason): StepResult {
  if (turn.phase === "regular" && !isValidTrain(turn.train)) return end(turn, "shortage", 0);
  return end(turn, reason, scoreTrain(turn.train, turn.banked));
}

/** After a regular roll in which nothing can (or did) join: the roll is spent. */
function spend(turn: TurnState): StepResult {
  if (turn.rollsLeft <= 0) return endByTrain(turn, "out-of-rolls");
  return { turn: { ...turn, step: "roll", table: [] } };
}

/**
 * The deterministic part of a roll: `faces` are the dice thrown (exactly `diceToRoll(turn)` of them).
 * Regular phase: one roll is used; the first Engine and then the first Tender join automatically; if the
 * train still lacks E or T, or no die on the table may join, the roll is spent (the turn ends after the
 * third: Equipment Shortage, or the train's score if it is valid). Freight phase: if no rolled die is
 * cargo it is a Train Wreck (0). Otherwise the step becomes "add".
 */
export function applyRollFaces(turn: TurnState, faces: readonly Face[]): StepResult {
  const refusal = checkRoll(turn);
  if (refusal) throw refusal;
  const n = diceToRoll(turn);
  if (!Array.isArray(faces) || faces.length !== n || !faces.every(isFace))
    throw new InputError(`a roll needs exactly ${n} faces from E, T, 4, 3, 2, C`, "/faces");
  const table = faces.slice();
  if (turn.phase === "freight") {
    const next: TurnState = { ...copyTurn(turn), step: "add", table };
    if (!table.some(isCargo)) return end(next, "wreck", 0);
    return { turn: next };
  }
  const train = turn.train.slice();
  if (!train.includes("E")) {
    const i = table.indexOf("E");
    if (i >= 0) {
      table.splice(i, 1);
      train.push("E");
    }
  }
  if (train.includes("E") && !train.includes("T")) {
    const i = table.indexOf("T");
    if (i >= 0) {
      table.splice(i, 1);
      train.push("T");
    }
  }
  const next: TurnState = { ...copyTurn(turn), rollsLeft: turn.rollsLeft - 1, train, step: "add", table };
  if (!hasEngineAndTender(train) || !hasChoice(next)) return spend(next);
  return { turn: next };
}

export function checkAdd(turn: TurnState, faces: readonly Face[]): RuleError | null {
  if (!hasEngineAndTender(turn.train))
    return new RuleError(
      "train.engine-tender-first",
      "cargo joins the train only after an Engine and a Tender",
    );
  if (turn.step !== "add") return new RuleError("train.wrong-step", "roll first: there are no dice to add");
  if (faces.length > turn.table.length)
    return new RuleError(
      "train.too-many-dice",
      `${faces.length} dice asked for, ${turn.table.length} on the table`,
    );
  for (const f of new Set(faces)) {
    if (count(faces, f) > count(turn.table, f))
      return new RuleError(
        "train.not-on-table",
        `not enough ${f} on the table (${turn.table.join(" ") || "none"})`,
      );
  }
  if (faces.includes("T")) return new RuleError("train.second-tender", "a train never has a second Tender");
  if (count(turn.train, "E") + count(faces, "E") > 2)
    return new RuleError("train.third-engine", "a train has at most two Engines");
  if (count(faces, "C") > 1)
    return new RuleError("train.second-caboose", "a train never has a second Caboose");
  if (turn.phase === "freight" && faces.length === 0)
    return new RuleError("train.freight-must-add", "in a freight roll at least one rolled die must be added");
  return null;
}

/**
 * Adds `faces` (a sub-multiset of the table) to the train, in canonical order (E, 4, 3, 2, C). Then: a
 * Caboose ends the turn (doubling); a full train ends it unless the freight condition holds (then bank or
 * stop); after the third regular roll the turn ends; otherwise the step is "roll".
 */
export function applyAdd(turn: TurnState, faces: readonly Face[]): StepResult {
  if (!Array.isArray(faces) || !faces.every(isFace))
    throw new InputError("faces must be a list of faces", "/faces");
  const refusal = checkAdd(turn, faces);
  if (refusal) throw refusal;
  const next: TurnState = {
    ...copyTurn(turn),
    train: [...turn.train, ...sortFaces(faces)],
    step: "roll",
    table: [],
  };
  if (faces.includes("C")) return end(next, "caboose", scoreTrain(next.train, next.banked));
  if (next.train.length >= DICE) {
    if (isFreightTrain(next.train)) return { turn: next };
    return endByTrain(next, "full");
  }
  if (next.phase === "regular" && next.rollsLeft <= 0) return endByTrain(next, "out-of-rolls");
  return { turn: next };
}

/** Whether nothing has been rolled yet this turn (a regular turn with all three rolls left). */
export function beforeFirstRoll(turn: TurnState): boolean {
  return turn.phase === "regular" && turn.step === "roll" && turn.rollsLeft >= REGULAR_ROLLS;
}

/** Why stopping is not allowed now (rule id, message), or null. */
function stopBlock(turn: TurnState): readonly [string, string] | null {
  if (beforeFirstRoll(turn))
    return ["train.roll-first", "the first action of a turn is a roll: stop only after rolling"];
  if (turn.phase === "freight" && turn.step === "add")
    return ["train.freight-must-add", "in a freight roll at least one rolled die must be added"];
  return null;
}

export function checkStop(turn: TurnState): RuleError | null {
  const block = stopBlock(turn);
  return block && new RuleError(block[0], block[1]);
}

/** Stopping is allowed now ({@link checkStop} without building its error). */
export function canStop(turn: TurnState): boolean {
  return stopBlock(turn) === null;
}

/**
 * Ends the turn now. Regular phase: the train's score, or 0 (Equipment Shortage) if it is not valid; dice
 * still on the table are ignored. Freight phase (between rolls only): banked + current cargo.
 */
export function applyStop(turn: TurnState): StepResult {
  const refusal = checkStop(turn);
  if (refusal) throw refusal;
  const t = { ...copyTurn(turn), step: "roll" as const, table: [] };
  if (t.phase === "regular" && !isValidTrain(t.train)) return end(t, "shortage", 0);
  return end(t, "stop", scoreTrain(t.train, t.banked));
}

export function checkBank(turn: TurnState): RuleError | null {
  if (!canBank(turn))
    return new RuleError(
      "train.bank-not-allowed",
      "banking needs two Engines, a Tender and three cargo cars (no Caboose), between rolls",
    );
  return null;
}

/** Banks the three cargo values and picks those dice up; the turn is in the freight phase from now on. */
export function applyBank(turn: TurnState): StepResult {
  const refusal = checkBank(turn);
  if (refusal) throw refusal;
  let banked = turn.banked;
  const train: Face[] = [];
  for (const f of turn.train) {
    if (isCargo(f)) banked += CARGO_VALUE[f];
    else train.push(f);
  }
  return { turn: { phase: "freight", rollsLeft: 0, train, banked, step: "roll", table: [] } };
}

/**
 * Every distinct legal `add` now (sub-multisets of the table, faces in canonical order E, 4, 3, 2, C),
 * `[]` first when allowed (regular phase only). Empty when the step is not "add".
 */
export function legalAdds(turn: TurnState): Face[][] {
  if (turn.step !== "add" || !hasEngineAndTender(turn.train)) return [];
  const kinds: Face[] = [];
  const max: number[] = [];
  const engines = turn.phase === "regular" ? Math.min(count(turn.table, "E"), 2 - count(turn.train, "E")) : 0;
  if (engines > 0) {
    kinds.push("E");
    max.push(engines);
  }
  for (const f of CARGO_FACES) {
    const c = Math.min(count(turn.table, f), f === "C" ? 1 : DICE);
    if (c > 0) {
      kinds.push(f);
      max.push(c);
    }
  }
  const out: Face[][] = [];
  const pick = new Array<number>(kinds.length).fill(0);
  const walk = (i: number): void => {
    if (i === kinds.length) {
      const choice: Face[] = [];
      kinds.forEach((f, k) => {
        for (let j = 0; j < pick[k]!; j++) choice.push(f);
      });
      if (choice.length > 0 || turn.phase === "regular") out.push(choice);
      return;
    }
    for (let c = 0; c <= max[i]!; c++) {
      pick[i] = c;
      walk(i + 1);
    }
  };
  walk(0);
  return out.sort((a, b) => a.length - b.length || cmpFaces(a, b));
}

function cmpFaces(a: readonly Face[], b: readonly Face[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = FACE_ORDER[a[i]!] - FACE_ORDER[b[i]!];
    if (d !== 0) return d;
  }
  return 0;
}

/** What the turn would score if the player stopped now (0 for an Equipment Shortage in the regular phase). */
export function turnScore(turn: TurnState): number {
  if (turn.phase === "regular" && !isValidTrain(turn.train)) return 0;
  return scoreTrain(turn.train, turn.banked);
}
