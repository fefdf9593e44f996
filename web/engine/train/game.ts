/**
 * The Train Game: game flow (seats, race and elimination variants) on top of the turn steps in turn.ts,
 * and `trainEngine`, the rules under the common contract (web/engine/common/game.ts): the shared `load`
 * (a save loads only if replaying its options, seed and log reproduces it), `save`, and `undo` (back to
 * the last roll). `apply` parses the action, checks it, draws dice from the rng held in the state, and
 * returns a new state; it never mutates its input and never throws (every failure comes back as a typed
 * refusal).
 */
import { type InputError, ok, type Result, RuleError } from "../common/errors.ts";
import { defineEngine, type GameEngine } from "../common/game.ts";
import { seed as readSeed } from "../common/input.ts";
import { nextInt, seedRng } from "../common/rng.ts";
import { parseAction, parseOptions } from "./parse.ts";
import {
  applyAdd,
  applyBank,
  applyRollFaces,
  applyStop,
  canBank,
  canRoll,
  canStop,
  checkAdd,
  checkBank,
  checkRoll,
  checkStop,
  diceToRoll,
  legalAdds,
  newTurn,
} from "./turn.ts";
import {
  FACES,
  type Face,
  type StepResult,
  TRAIN_RETIRED,
  TRAIN_VERSION,
  type TrainAction,
  type TrainGameState,
  type TrainOptions,
  type TurnEnd,
  type TurnState,
} from "./types.ts";

/** A new game: seat 0 moves first, every score 0. Throws InputError for bad options or seed. */
export function setup(options: TrainOptions, seed: number | string): TrainGameState {
  const opts = parseOptions(options);
  const s = readSeed(seed, "/seed");
  return {
    game: "train",
    version: TRAIN_VERSION,
    options: opts,
    seed: s,
    rng: seedRng(s),
    current: 0,
    over: false,
    winners: [],
    scores: new Array<number>(opts.players).fill(0),
    turnsTaken: new Array<number>(opts.players).fill(0),
    turn: newTurn(),
    target: null,
    targetSetter: null,
    out: [],
    lastRoll: null,
    history: [],
    log: [],
  };
}

/** Throws `n` dice from the generator state. */
export function rollDice(rng: number, n: number): { faces: Face[]; rng: number } {
  const faces: Face[] = [];
  let s = rng;
  for (let i = 0; i < n; i++) {
    const [k, next] = nextInt(s, 6);
    faces.push(FACES[k]!);
    s = next;
  }
  return { faces, rng: s };
}

function refusal(error: RuleError | InputError): Result<TrainGameState> {
  return { ok: false, error };
}

/**
 * The rules' `apply` of an action `parseAction` read (the engine's `trainEngine.apply` guards it: a state that
 * is not a train game, or an action that cannot be read, is an InputError there, never a throw).
 * Checks in order: game over, seat, then the step's rule.
 */
function applyAction(state: TrainGameState, a: TrainAction): Result<TrainGameState> {
  if (state.over || state.current === null)
    return refusal(new RuleError("train.game-over", "the game is over"));
  if (a.player !== state.current)
    return refusal(
      new RuleError("train.not-your-turn", `it is seat ${state.current}'s turn, not seat ${a.player}'s`),
    );
  const turn = state.turn;
  let rng = state.rng;
  let lastRoll = state.lastRoll;
  let step: StepResult;
  switch (a.type) {
    case "roll": {
      const r = checkRoll(turn);
      if (r) return refusal(r);
      const thrown = rollDice(rng, diceToRoll(turn));
      rng = thrown.rng;
      lastRoll = { player: a.player, faces: thrown.faces };
      step = applyRollFaces(turn, thrown.faces);
      break;
    }
    case "add": {
      const r = checkAdd(turn, a.faces);
      if (r) return refusal(r);
      step = applyAdd(turn, a.faces);
      break;
    }
    case "stop": {
      const r = checkStop(turn);
      if (r) return refusal(r);
      step = applyStop(turn);
      break;
    }
    case "bank": {
      const r = checkBank(turn);
      if (r) return refusal(r);
      step = applyBank(turn);
      break;
    }
  }
  const next: TrainGameState = {
    ...state,
    rng,
    lastRoll,
    turn: step.turn,
    log: [...state.log, a],
  };
  return ok(step.ended ? finishTurn(next, a.player, step.ended, step.turn) : next);
}

/** The next seat after `from` that is still in the game. */
function nextSeat(from: number, players: number, out: readonly number[]): number {
  for (let k = 1; k <= players; k++) {
    const s = (from + k) % players;
    if (!out.includes(s)) return s;
  }
  return from;
}

/** Books a finished turn: history, totals, then the race or elimination bookkeeping and the next seat. */
function finishTurn(state: TrainGameState, p: number, ended: TurnEnd, turn: TurnState): TrainGameState {
  const n = state.options.players;
  const scores = state.scores.slice();
  const turnsTaken = state.turnsTaken.slice();
  scores[p]! += ended.score;
  turnsTaken[p]! += 1;
  const history = [
    ...state.history,
    { player: p, score: ended.score, reason: ended.reason, train: turn.train.slice(), banked: turn.banked },
  ];
  const base = { ...state, scores, turnsTaken, history, turn: newTurn() };

  if (state.options.variant === "race") {
    const best = Math.max(...scores);
    const equalTurns = turnsTaken.every((t) => t === turnsTaken[0]);
    if (best >= state.options.goal && equalTurns) {
      const winners = scores.flatMap((s, i) => (s === best ? [i] : []));
      return { ...base, current: null, over: true, winners };
    }
    return { ...base, current: (p + 1) % n };
  }

  let { target, targetSetter } = state;
  let out = state.out;
  if (target === null) {
    if (ended.score > 0) {
      target = ended.score;
      targetSetter = p;
    }
  } else if (p !== targetSetter) {
    if (ended.score > target) {
      target = ended.score;
      targetSetter = p;
    } else {
      out = [...out, p];
    }
  }
  const remaining = [...Array(n).keys()].filter((s) => !out.includes(s));
  if (remaining.length <= 1)
    return {
      ...base,
      target,
      targetSetter,
      out,
      current: null,
      over: true,
      winners: remaining.length === 1 ? remaining : [p],
    };
  return { ...base, target, targetSetter, out, current: nextSeat(p, n, out) };
}

/** Every legal action now, for the seat to move: `roll`, each distinct `add`, `bank`, `stop`. */
export function legalActions(state: TrainGameState): TrainAction[] {
  const player = state.current;
  if (state.over || player === null) return [];
  const t = state.turn;
  const out: TrainAction[] = [];
  if (canRoll(t)) out.push({ type: "roll", player });
  for (const faces of legalAdds(t)) out.push({ type: "add", player, faces });
  if (canBank(t)) out.push({ type: "bank", player });
  if (canStop(t)) out.push({ type: "stop", player });
  return out;
}

/** A roll reveals dice: undo never takes one back (`train.undo-reveal`). `add`, `bank` and `stop` reveal nothing. */
export function reveals(_before: TrainGameState, action: TrainAction): boolean {
  return action.type === "roll";
}

/** A finished turn is booked in `history`: that ends the turn even when the same seat moves next (solo). */
export function endsTurn(before: TrainGameState, _action: TrainAction, after: TrainGameState): boolean {
  return after.history.length > before.history.length;
}

/**
 * The Train Game under the common contract. `load` accepts a save only if replaying its options, seed and
 * log reproduces it (InputError with the JSON pointer of the first difference otherwise); `undo(state,
 * player)` takes back the seat's own `add` and `bank` actions of the current turn, never a roll
 * (`train.undo-reveal`) nor an action that ended the turn (`train.undo-turn-over`).
 */
export const trainEngine: GameEngine<TrainGameState, TrainAction, TrainOptions> = defineEngine({
  id: "train",
  version: TRAIN_VERSION,
  retired: TRAIN_RETIRED,
  setup,
  parseAction: (state, action) => parseAction(action, state.options.players),
  apply: applyAction,
  legalActions,
  reveals,
  endsTurn,
});

/** `trainEngine.apply`: a new state or a typed refusal; never throws, never mutates its input. */
export const apply = trainEngine.apply;
/** `trainEngine.load`: the common replay policy. */
export const load = trainEngine.load;
/** `trainEngine.save`: JSON text. */
export const save = trainEngine.save;
/** `trainEngine.undo`: the common undo, back to the last roll. */
export const undo = trainEngine.undo;
