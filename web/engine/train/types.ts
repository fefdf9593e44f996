/**
 * The Train Game: state and action types (docs/rules/train-game.md). Plain JSON throughout.
 *
 * Faces: Engine `E`, Coal Tender `T`, Tanker `4`, Ore car `3`, Boxcar `2`, Caboose `C` (worth 1).
 * A train is listed in the order its cars joined (Engine first).
 */
import type { GameHeader } from "../common/game.ts";

export type Face = "E" | "T" | "4" | "3" | "2" | "C";
export const FACES: readonly Face[] = ["E", "T", "4", "3", "2", "C"];
export const CARGO_VALUE: Readonly<Record<Face, number>> = { E: 0, T: 0, "4": 4, "3": 3, "2": 2, C: 1 };

/** Every action names the seat that plays it; a different seat is refused (`train.not-your-turn`). */
export type TrainAction =
  /** Throw every die not in the train. First Engine / first Tender in the roll join automatically. */
  | { type: "roll"; player: number }
  /**
   * Add these faces from the dice on the table (a sub-multiset of `turn.table`): cargo (`4`,`3`,`2`,`C`)
   * and, once the train has E+T, a second `E`. `[]` is allowed in the regular phase (the roll is spent).
   */
  | { type: "add"; player: number; faces: Face[] }
  /** End the turn now and score the train (0 if invalid: Equipment Shortage). */
  | { type: "stop"; player: number }
  /** Freight: with 2E, T and three non-Caboose cargo, bank the cargo values and pick those dice up. */
  | { type: "bank"; player: number };

export type TurnStep =
  /** Waiting for `roll` (or `stop`, or `bank` when the freight condition holds). */
  | "roll"
  /** Dice are on the table waiting for `add` (or `stop`: the table dice are then ignored). */
  | "add";

export interface TurnState {
  phase: "regular" | "freight";
  /** Regular rolls left (3 at the start of a turn). Irrelevant in the freight phase (no limit). */
  rollsLeft: number;
  /** Cars in the train, in order. */
  train: Face[];
  /** Banked freight points. */
  banked: number;
  step: TurnStep;
  /** The dice of the last roll still on the table (after the automatic Engine / Tender). */
  table: Face[];
}

export type EndReason = "stop" | "caboose" | "shortage" | "wreck" | "full" | "out-of-rolls";

export interface TurnRecord {
  player: number;
  score: number;
  reason: EndReason;
  train: Face[];
  banked: number;
}

export interface TrainOptions {
  /** 1..6 seats. */
  players: number;
  variant: "race" | "elimination";
  /** Points that end a race game; 100 by the rules. */
  goal?: number;
}

/** How a finished turn ended, and what it scored. */
export interface TurnEnd {
  score: number;
  reason: EndReason;
}

/**
 * The result of one deterministic turn step (`applyRollFaces`, `applyAdd`, `applyStop`, `applyBank`):
 * the turn after the step and, when the step ended the turn, how it ended. When `ended` is set, `turn`
 * is the turn as it stood when it ended (the train and banked points that were scored; after a roll that
 * ended it, step "add" with the rolled dice still on the table).
 */
export interface StepResult {
  turn: TurnState;
  ended?: TurnEnd;
}

/** Options as stored in a game state: every field present. */
export interface TrainGameOptions {
  players: number;
  variant: "race" | "elimination";
  goal: number;
}

/**
 * A whole game (plain JSON): the common header (web/engine/common/game.ts `GameHeader`) and the train's
 * own fields. A game is `options` + `seed` + `log`: `replay(trainEngine, options, seed, log)` rebuilds it
 * exactly, and `load` accepts a save only if that replay reproduces it.
 */
/**
 * The state format version (`state.version`): 3 since a player may stop only after the turn's first roll
 * (`train.roll-first`). Saves of earlier versions are refused (`TRAIN_RETIRED`).
 */
export const TRAIN_VERSION = 3;
/** Retired versions and the message `load` refuses them with (docs/rules/train-game.md). */
export const TRAIN_RETIRED: Readonly<Record<number, string>> = {
  2: "This Train Game save was played under rules version 2, when a player could stop before the turn's first roll; it cannot be replayed under version 3, where the first action of every turn is a roll",
};

export interface TrainGameState extends GameHeader<TrainGameOptions, TrainAction> {
  game: "train";
  version: typeof TRAIN_VERSION;
  options: TrainGameOptions;
  /** The seed `setup` was given. */
  seed: number | string;
  /** The generator state (web/engine/common/rng.ts); every roll draws from it. */
  rng: number;
  /** The seat to move; null once the game is over. */
  current: number | null;
  over: boolean;
  /** Seats that won (several on a shared win); empty until the game is over. */
  winners: number[];
  /** Total score of each seat. */
  scores: number[];
  /** Finished turns of each seat. */
  turnsTaken: number[];
  /** The turn in progress for `current` (a fresh turn once the game is over). */
  turn: TurnState;
  /** Elimination: the score to beat (null until the first scoring train; always null in a race). */
  target: number | null;
  /** Elimination: the seat whose train set `target`. */
  targetSetter: number | null;
  /** Elimination: seats that are out, in the order they went out. */
  out: number[];
  /** The most recent roll, as thrown (before the automatic Engine / Tender). */
  lastRoll: { player: number; faces: Face[] } | null;
  /** Every finished turn, in order. */
  history: TurnRecord[];
  /** Every accepted action, normalised (`{type, player}` plus `faces` for `add`). */
  log: TrainAction[];
}

/** Alias of `TrainGameState` (the name the worker uses). */
export type TrainState = TrainGameState;
