/**
 * The Train Game solvers as one service: expected score, beat probabilities, the race table, hints and bot
 * moves, over either kernel (Wasm or the TypeScript reference; both give the same numbers).
 */
import { InputError } from "../../engine/common/errors.ts";
import { canBank, isValidTrain, scoreTrain } from "../../engine/train/index.ts";
import { applyAdd, checkStop, legalAdds } from "../../engine/train/turn.ts";
import type { Face, TrainAction, TrainGameState, TurnState } from "../../engine/train/types.ts";
import type { RaceContext, RaceTable, TrainHintOption, TrainSolverApi } from "./api.ts";
import type { TrainKernel } from "./kernel.ts";
import { configIndex, trainTables } from "./model.ts";
import { GOAL, PMAX, type RaceResult, TL } from "./reference.ts";
import { createReferenceKernel } from "./reference-kernel.ts";

export type { RaceContext, RaceTable, TrainHintOption, TrainSolverApi } from "./api.ts";
export type { TrainKernel } from "./kernel.ts";
export { createReferenceKernel } from "./reference-kernel.ts";

/** Error bound stated for every race value (docs/solvers.md derives a bound well below it). */
export const RACE_TOLERANCE = 1e-9;
/** Highest points at stake a hint can value (the solver's buffers end there). */
export const HINT_MAX_POINTS = PMAX - 24;
/** Targets for `beatProbability`. */
export const BEAT_MAX = 200;

type Option = TrainHintOption["action"];

function count(faces: readonly Face[], f: Face): number {
  let n = 0;
  for (const x of faces) if (x === f) n++;
  return n;
}

export class TrainSolver implements TrainSolverApi {
  private ev?: number;
  private beat?: Float64Array;
  private raceResult?: RaceResult;
  private table?: RaceTable;
  /** What the kernel's buffers hold now (payoff key and pcap), so repeated questions skip the solve. */
  private solvedKey = "";
  private solvedPcap = 0;

  constructor(readonly kernel: TrainKernel) {}

  /**
   * Solves for a payoff unless the buffers already hold it; `fill` writes the payoff and returns its pcap. Option
   * values read states up to 12 points above `points`, and the buffers hold stop values up to pcap + 14, so the
   * pcap is raised when `points` is above it.
   */
  private solveFor(key: string, fill: () => number, points: number): void {
    if (key === this.solvedKey && points <= this.solvedPcap + 2) return;
    this.solvedKey = "";
    const pcap = Math.max(fill(), Math.min(points, PMAX - 16));
    this.kernel.solve(pcap);
    this.solvedKey = key;
    this.solvedPcap = pcap;
  }

  expectedTurnScore(): number {
    if (this.ev === undefined) {
      this.solvedKey = "";
      this.ev = this.kernel.solve(this.kernel.evPayoff());
    }
    return this.ev;
  }

  /** max P(score > target) for target 0..BEAT_MAX (solved together once). */
  beatProbability(target: number): number {
    if (!Number.isInteger(target) || target < 0 || target > BEAT_MAX)
      throw new InputError(`target must be an integer from 0 to ${BEAT_MAX}, got ${target}`, "target");
    if (!this.beat) {
      const k = this.kernel;
      this.solvedKey = "";
      this.beat = Float64Array.from({ length: BEAT_MAX + 1 }, (_, t) => k.solve(k.beatPayoff(t, false)));
    }
    return this.beat[target]!;
  }

  private race(onProgress?: (done: number) => void): RaceResult {
    if (!this.raceResult) {
      this.solvedKey = "";
      const r = this.kernel.race(onProgress);
      // Copy out of the kernel (Wasm views live in linear memory).
      this.raceResult = {
        x: r.x.slice(),
        y: r.y.slice(),
        last: r.last.slice(),
        stopAt: r.stopAt.slice(),
        iterations: r.iterations,
      };
    }
    return this.raceResult;
  }

  raceFirstPlayerWins(): { value: number; tolerance: number } {
    return { value: this.race().x[0]!, tolerance: RACE_TOLERANCE };
  }

  raceTable(onProgress?: (done: number) => void): RaceTable {
    if (!this.table) {
      const r = this.race(onProgress);
      this.table = { goal: GOAL, winFirst: r.x, winSecond: r.y, stopAt: r.stopAt, tolerance: RACE_TOLERANCE };
    }
    onProgress?.(1);
    return this.table;
  }

  private static raceKey(ctx: RaceContext): string {
    return `race:${ctx.me},${ctx.opponent},${ctx.first},${ctx.lastTurnTarget ?? ""}`;
  }

  /** Writes the race payoff for the seat to move into the kernel; returns pcap. */
  private racePayoff(ctx: RaceContext): number {
    const k = this.kernel;
    const { me, opponent } = ctx;
    for (const [v, name] of [
      [me, "me"],
      [opponent, "opponent"],
    ] as const) {
      if (!Number.isInteger(v) || v < 0) throw new InputError(`race score must be a whole number ≥ 0`, name);
    }
    if (ctx.lastTurnTarget !== undefined) {
      const need = ctx.lastTurnTarget - me;
      if (need < 0) return k.beatPayoff(0, false); // already ahead: any score wins
      return k.beatPayoff(Math.min(need, TL), true);
    }
    if (me >= GOAL || opponent >= GOAL)
      throw new InputError(`scores of ${GOAL} or more end the race unless this is the last turn`, "race");
    const r = this.race();
    if (ctx.first) return k.payoffA(me, opponent, 1 - r.y[me * GOAL + opponent]!, r);
    return k.payoffB(opponent, me, 1 - r.x[opponent * GOAL + me]!, r);
  }

  hint(turn: TurnState, race?: RaceContext): TrainHintOption[] {
    const options = listOptions(turn);
    const k = this.kernel;
    const points = turn.banked + cargoPoints(turn.train);
    if (points > HINT_MAX_POINTS)
      throw new InputError(
        `points at stake above ${HINT_MAX_POINTS} are beyond the solver's range`,
        "banked",
      );
    let win: number[] | undefined;
    if (race) {
      this.race(); // before any payoff is written: solving the race reuses the kernel's buffers
      this.solveFor(TrainSolver.raceKey(race), () => this.racePayoff(race), points);
      win = options.map((o) => optionValue(k, turn, o));
    }
    this.solveFor("ev", () => k.evPayoff(), points);
    const expected = options.map((o) => optionValue(k, turn, o));
    const key = win ?? expected;
    const order = options.map((_, i) => i).sort((a, b) => key[b]! - key[a]! || a - b);
    return order.map((i, rank) => ({
      action: options[i]!,
      label: labelOf(turn, options[i]!),
      expected: expected[i]!,
      ...(win ? { winProbability: win[i]! } : {}),
      best: rank === 0,
    }));
  }

  /**
   * The bot's move for the seat to play: `ev` maximises the turn's expected score; `race` (the default) plays
   * the two-player race policy against the strongest opponent (docs/solvers.md: how seats map with more
   * players); an elimination game maximises P(beating the target).
   */
  botAction(state: TrainGameState, mode: "race" | "ev" = "race"): TrainAction {
    const player = state.current;
    const turn = state.turn;
    const options = listOptions(turn);
    if (options.length === 1) return withPlayer(options[0]!, player);
    const k = this.kernel;
    const points = turn.banked + cargoPoints(turn.train);
    if (points > HINT_MAX_POINTS) {
      // Beyond the tables (probability below 1e-20 in play): take the points if the rules allow.
      return withPlayer(options.find((o) => o.type === "stop") ?? options[0]!, player);
    }
    if (state.options.variant === "elimination" && state.target !== null) {
      const t = Math.min(state.target, TL);
      this.solveFor(`beat:${t}`, () => k.beatPayoff(t, false), points);
    } else if (state.options.variant === "elimination" || mode === "ev") {
      this.solveFor("ev", () => k.evPayoff(), points);
    } else {
      const ctx = raceContextOf(state);
      this.race();
      this.solveFor(TrainSolver.raceKey(ctx), () => this.racePayoff(ctx), points);
    }
    let best = 0;
    let bestV = Number.NEGATIVE_INFINITY;
    options.forEach((o, i) => {
      const v = optionValue(k, turn, o);
      if (v > bestV) {
        bestV = v;
        best = i;
      }
    });
    return withPlayer(options[best]!, player);
  }
}

/** The race as the seat to move sees it (two seats exactly; with more, the strongest opponent stands for all). */
export function raceContextOf(state: TrainGameState): RaceContext {
  const me = state.current;
  const n = state.options.players;
  const goal = state.options.goal;
  let opp = -1;
  for (let s = 0; s < n; s++) if (s !== me && (opp < 0 || state.scores[s]! > state.scores[opp]!)) opp = s;
  if (opp < 0) return { me: Math.min(state.scores[me]!, GOAL - 1), opponent: 0, first: true };
  const myScore = state.scores[me]!;
  const oppScore = state.scores[opp]!;
  // Someone has reached the goal: this is a last turn (the equal-turns rule) against the best total.
  if (oppScore >= goal) return { me: myScore, opponent: oppScore, first: false, lastTurnTarget: oppScore };
  const first = state.turnsTaken[me]! === state.turnsTaken[opp]!;
  const scale = (v: number) => Math.min(GOAL - 1, Math.round((v * GOAL) / goal));
  return { me: scale(myScore), opponent: scale(oppScore), first };
}

function withPlayer(o: Option, player: number): TrainAction {
  return o.type === "add" ? { type: "add", player, faces: o.faces } : { type: o.type, player };
}

function cargoPoints(train: readonly Face[]): number {
  return 4 * count(train, "4") + 3 * count(train, "3") + 2 * count(train, "2");
}

/** Every option of the turn now: roll / stop / bank between rolls, each distinct add (and stop) after a roll. */
export function listOptions(turn: TurnState): Option[] {
  const out: Option[] = [];
  if (turn.step === "add") {
    for (const faces of legalAdds(turn)) out.push({ type: "add", faces });
    if (checkStop(turn) === null) out.push({ type: "stop" });
    return out;
  }
  if (turn.train.length < 6 && (turn.phase === "freight" || turn.rollsLeft > 0)) out.push({ type: "roll" });
  if (canBank(turn)) out.push({ type: "bank" });
  out.push({ type: "stop" });
  return out;
}

function labelOf(turn: TurnState, o: Option): string {
  switch (o.type) {
    case "roll":
      return `Roll ${6 - turn.train.length} dice`;
    case "bank":
      return `Bank ${cargoPoints(turn.train)} and roll on`;
    case "stop": {
      const score =
        turn.phase === "regular" && !isValidTrain(turn.train) ? 0 : scoreTrain(turn.train, turn.banked);
      return score === 0 && turn.phase === "regular"
        ? "Stop (Equipment Shortage: 0)"
        : `Stop (scores ${score})`;
    }
    case "add":
      return o.faces.length === 0 ? "Add nothing" : `Add ${o.faces.join(" ")}`;
  }
}

/** The value, under the kernel's last solve, of a turn between rolls (step "roll"): the best of its options. */
function stateValue(k: TrainKernel, turn: TurnState): number {
  if (turn.phase === "freight") {
    const P = turn.banked + cargoPoints(turn.train);
    const n = count(turn.train, "4") + count(turn.train, "3") + count(turn.train, "2");
    return k.fr[4 * P + n]!; // n = 3: stop or bank
  }
  return configValue(k, Math.max(turn.rollsLeft, 0), configOf(turn.train));
}

/** The value of regular-phase config c between rolls with r rolls left, under the kernel's last solve. */
function configValue(k: TrainKernel, r: number, c: number): number {
  const T = trainTables();
  const sum = T.cfgSum[c]!;
  if (T.cfgKind[c] === 1) return k.f[sum]!;
  if (T.cfgKind[c] === 2) return k.fr[4 * sum + 3]!;
  if (r === 0) return k.f[T.cfgValid[c] === 1 ? sum : 0]!;
  return k.reg[r * T.nc + c]!;
}

function configOf(train: readonly Face[]): number {
  const e = count(train, "E");
  const t = count(train, "T");
  const c = configIndex(e, t, count(train, "4"), count(train, "3"), count(train, "2"));
  if (c < 0 || count(train, "C") > 0) throw new InputError(`not a live train: ${train.join(",")}`, "train");
  return c;
}

/** Expectation of a roll from a turn between rolls, under the kernel's last solve. */
function rollValue(k: TrainKernel, turn: TurnState): number {
  const T = trainTables();
  const f = k.f;
  if (turn.phase === "freight") {
    const P = turn.banked + cargoPoints(turn.train);
    const n = count(turn.train, "4") + count(turn.train, "3") + count(turn.train, "2");
    let acc = 0;
    for (let o = T.frOutStart[n]!; o < T.frOutStart[n + 1]!; o++) {
      let best = Number.NEGATIVE_INFINITY;
      for (let j = T.frChStart[o]!; j < T.frChStart[o + 1]!; j++)
        best = Math.max(best, k.fr[4 * P + n + T.frChOff[j]!]!);
      for (let j = T.frCbStart[o]!; j < T.frCbStart[o + 1]!; j++)
        best = Math.max(best, f[2 * P + 2 + T.frCbOff[j]!]!);
      acc += T.frOutProb[o]! * (best === Number.NEGATIVE_INFINITY ? f[0]! : best);
    }
    return acc;
  }
  const c = configOf(turn.train);
  const r = turn.rollsLeft;
  const after = (code: number): number => (code < 0 ? f[-code - 1]! : configValue(k, r - 1, code));
  let acc = 0;
  for (let o = T.regOutStart[c]!; o < T.regOutStart[c + 1]!; o++) {
    let best = Number.NEGATIVE_INFINITY;
    for (let j = T.regChStart[o]!; j < T.regChStart[o + 1]!; j++) best = Math.max(best, after(T.regCh[j]!));
    acc += T.regOutProb[o]! * best;
  }
  return acc;
}

/** The value of one option under the kernel's last solve. */
function optionValue(k: TrainKernel, turn: TurnState, o: Option): number {
  const f = k.f;
  switch (o.type) {
    case "stop":
      return f[
        turn.phase === "regular" && !isValidTrain(turn.train) ? 0 : scoreTrain(turn.train, turn.banked)
      ]!;
    case "bank":
      return k.fr[4 * (turn.banked + cargoPoints(turn.train))]!;
    case "roll":
      return rollValue(k, turn);
    case "add": {
      const step = applyAdd(turn, o.faces);
      if (step.ended) return f[step.ended.score]!;
      return stateValue(k, step.turn);
    }
  }
}

/** The solver over the Wasm kernel (`module`: the compiled build/train.release.wasm). */
export async function createTrainSolver(module: WebAssembly.Module): Promise<TrainSolver> {
  const { createWasmKernel } = await import("./wasm.ts");
  return new TrainSolver(await createWasmKernel(module));
}

/** The solver over the TypeScript reference kernel (no Wasm needed; slower). */
export function createTrainSolverReference(): TrainSolver {
  return new TrainSolver(createReferenceKernel());
}
