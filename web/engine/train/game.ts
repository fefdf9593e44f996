/**
 * The Train Game: game flow (seats, race and elimination variants) on top of the turn steps in turn.ts.
 * `apply` parses the action, checks it, draws dice from the rng held in the state, and returns a new
 * state; it never mutates its input and never throws (every failure comes back as a typed refusal).
 */
import { InputError, ok, type Result, RuleError } from "../common/errors.ts";
import type { GameEngine } from "../common/game.ts";
import { nextInt, seedRng } from "../common/rng.ts";
import { parseAction, parseOptions, parseState } from "./parse.ts";
import {
  applyAdd,
  applyBank,
  applyRollFaces,
  applyStop,
  canBank,
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
  type TrainAction,
  type TrainGameState,
  type TrainOptions,
  type TurnEnd,
  type TurnState,
} from "./types.ts";

/** A new game: seat 0 moves first, every score 0. Throws InputError for bad options or seed. */
export function setup(options: TrainOptions, seed: number | string): TrainGameState {
  const opts = parseOptions(options);
  if (!(typeof seed === "string" || (typeof seed === "number" && Number.isFinite(seed))))
    throw new InputError("must be a finite number or a string", "seed");
  if (typeof seed === "string" && seed.length > 1000) throw new InputError("at most 1000 characters", "seed");
  return {
    version: 1,
    options: opts,
    seed,
    rng: seedRng(seed),
    scores: new Array<number>(opts.players).fill(0),
    turnsTaken: new Array<number>(opts.players).fill(0),
    current: 0,
    turn: newTurn(),
    target: null,
    targetSetter: null,
    out: [],
    lastRoll: null,
    history: [],
    over: false,
    winners: [],
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

export function apply(state: TrainGameState, action: unknown): Result<TrainGameState> {
  try {
    const a = parseAction(action, state.options.players);
    if (state.over) return refusal(new RuleError("train.game-over", "the game is over"));
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
    return ok(step.ended ? finishTurn(next, step.ended, step.turn) : next);
  } catch (e) {
    if (e instanceof RuleError || e instanceof InputError) return refusal(e);
    // Not reachable for a well-formed state; a malformed state object must still not make apply throw.
    return refusal(
      new InputError(`cannot apply to this state: ${e instanceof Error ? e.message : String(e)}`),
    );
  }
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
function finishTurn(state: TrainGameState, ended: TurnEnd, turn: TurnState): TrainGameState {
  const p = state.current;
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
      return { ...base, over: true, winners };
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
      over: true,
      winners: remaining.length === 1 ? remaining : [p],
    };
  return { ...base, target, targetSetter, out, current: nextSeat(p, n, out) };
}

/** Every legal action now, for the seat to move: `roll`, each distinct `add`, `bank`, `stop`. */
export function legalActions(state: TrainGameState): TrainAction[] {
  if (state.over) return [];
  const player = state.current;
  const t = state.turn;
  const out: TrainAction[] = [];
  if (checkRoll(t) === null) out.push({ type: "roll", player });
  for (const faces of legalAdds(t)) out.push({ type: "add", player, faces });
  if (canBank(t)) out.push({ type: "bank", player });
  if (checkStop(t) === null) out.push({ type: "stop", player });
  return out;
}

export function save(state: TrainGameState): string {
  return JSON.stringify(state);
}

export function load(json: unknown): TrainGameState {
  return parseState(json);
}

export const trainEngine: GameEngine<TrainGameState, TrainAction, TrainOptions> = {
  id: "train",
  setup,
  apply,
  legalActions,
  load,
  save,
};
