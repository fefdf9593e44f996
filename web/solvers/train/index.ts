/**
 * The Train Game solvers as one service: expected score, beat probabilities, the race table, hints and bot
 * moves, over either kernel (Wasm or the TypeScript reference; both give the same numbers).
 */
import { InputError } from "../../engine/common/errors.ts";
import { canBank, isValidTrain, scoreTrain } from "../../engine/train/index.ts";
import { parseTurn } from "../../engine/train/parse.ts";
import { applyAdd, canStop, legalAdds } from "../../engine/train/turn.ts";
import type { Face, TrainAction, TrainGameState, TurnState } from "../../engine/train/types.ts";
import type { RaceContext, RaceTable, TrainHintOption, TrainSolverApi } from "./api.ts";
import { checkGoal, type TrainKernel } from "./kernel.ts";
import { configIndex, trainTables } from "./model.ts";
import { raceContext } from "./race-context.ts";
import type { RaceData } from "./race-table.ts";
import { createReferenceKernel, GOAL, PMAX, type RaceResult } from "./reference.ts";

export type { RaceContext, RaceTable, TrainHintOption, TrainSolverApi } from "./api.ts";
export type { TrainKernel } from "./kernel.ts";
export { hintableGoal, raceContext, SHIPPED_GOAL } from "./race-context.ts";
export {
  decodeRaceTable,
  encodeRaceTable,
  type RaceData,
  RaceTableFormatError,
} from "./race-table.ts";
export { createReferenceKernel, GOAL, MAX_GOAL, MIN_GOAL } from "./reference.ts";

/** Error bound stated for every race value (docs/solvers.md derives a bound well below it). */
export const RACE_TOLERANCE = 1e-9;
/** Highest points at stake a hint can value (the solver's buffers end there). */
export const HINT_MAX_POINTS = PMAX - 24;
/** Targets for `beatProbability`. */
export const BEAT_MAX = 200;

type Option = TrainHintOption["action"];

/** Options for a solver: `raceTable`, a race loaded from its asset (race-table.ts), answers without solving. */
export interface TrainSolverOptions {
  raceTable?: RaceResult | RaceData;
}

function count(faces: readonly Face[], f: Face): number {
  let n = 0;
  for (const x of faces) if (x === f) n++;
  return n;
}

/** A probability as reported: the solver's sums of probabilities may stray past 0 or 1 by a rounding unit. */
function prob(v: number): number {
  return Math.min(1, Math.max(0, v));
}

/**
 * Every answer is a function of the question only (docs/solvers.md, issue #9): a turn solve reads only the
 * payoff entries written for its own question (`payoffA`/`payoffB` fill up to the pcap the solve uses), and a
 * solve is reused only for the same payoff and the same pcap.
 */
export class TrainSolver implements TrainSolverApi {
  private ev?: number;
  private beat?: Float64Array;
  /** Solved or loaded races by goal (copies: the Wasm kernel's own views change with its next race). */
  private readonly races = new Map<number, RaceResult>();
  private readonly tables = new Map<number, RaceTable>();
  /** What the kernel's buffers hold now: the payoff's key, that payoff's own pcap and the pcap solved with. */
  private solvedKey = "";
  private solvedOwn = 0;
  private solvedPcap = 0;

  constructor(
    readonly kernel: TrainKernel,
    options: TrainSolverOptions = {},
  ) {
    if (options.raceTable) this.useRace(options.raceTable);
  }

  /**
   * Takes a race loaded from its asset (race-table.ts) or solved elsewhere: its goal's race answers then read it.
   * A host that loads the shipped table on first need (web/games/train/index.ts) hands it over here.
   */
  useRace(t: RaceResult | RaceData): void {
    checkGoal(t.goal);
    const n = t.goal * t.goal;
    if (t.x.length !== n || t.y.length !== n || t.stopAt.length !== n)
      throw new InputError(`race table arrays do not match goal ${t.goal}`, "raceTable");
    this.races.set(t.goal, {
      goal: t.goal,
      x: t.x,
      y: t.y,
      last: t.last,
      stopAt: t.stopAt,
      iterations: t.iterations,
    });
    this.tables.delete(t.goal);
  }

  /** True when the race to `goal` is at hand (loaded or solved): race answers need no race solve. */
  hasRace(goal: number = GOAL): boolean {
    return this.races.has(goal);
  }

  /**
   * Solves for a payoff unless the buffers already hold it. `fill(minPcap)` writes the payoff, filled for any pcap
   * up to max(its own pcap, minPcap), and returns its own pcap. The solve uses pcap = max(own, points): option
   * values read freight states up to 12 points above `points` and the buffers hold stop values up to pcap + 14.
   * The pcap depends only on the question, so a cached solve and a fresh one are the same computation.
   */
  private solveFor(key: string, fill: (minPcap: number) => number, points: number): void {
    if (key === this.solvedKey && Math.max(this.solvedOwn, points) === this.solvedPcap) return;
    this.solvedKey = "";
    const own = fill(points);
    const pcap = Math.max(own, points);
    this.kernel.solve(pcap);
    this.solvedKey = key;
    this.solvedOwn = own;
    this.solvedPcap = pcap;
  }

  expectedTurnScore(): number {
    if (this.ev === undefined) {
      // The max-EV solve a hint makes too (solveFor("ev", …): the EV payoff's own pcap covers every hint's points),
      // so a hint right after this reuses it.
      this.solvedKey = "";
      const own = this.kernel.evPayoff();
      this.ev = this.kernel.solve(own);
      this.solvedKey = "ev";
      this.solvedOwn = own;
      this.solvedPcap = own;
    }
    return this.ev;
  }

  /** max P(score > target) for target 0..BEAT_MAX (solved together once). */
  beatProbability(target: number): number {
    checkTarget(target);
    if (!this.beat) {
      const k = this.kernel;
      this.solvedKey = "";
      this.beat = Float64Array.from({ length: BEAT_MAX + 1 }, (_, t) =>
        prob(k.solve(k.beatPayoff(t, false))),
      );
    }
    return this.beat[target]!;
  }

  /** The race to `goal`: loaded, cached, or solved now (`onProgress` hears 0..1 while it is solved). */
  private race(goal: number = GOAL, onProgress?: (done: number) => void): RaceResult {
    checkGoal(goal);
    let r = this.races.get(goal);
    if (!r) {
      this.solvedKey = "";
      const s = this.kernel.race(onProgress, goal);
      // Copy out of the kernel (Wasm views live in linear memory).
      r = {
        goal,
        x: s.x.slice(),
        y: s.y.slice(),
        last: s.last.slice(),
        stopAt: s.stopAt.slice(),
        iterations: s.iterations,
      };
      this.races.set(goal, r);
    }
    return r;
  }

  raceFirstPlayerWins(goal: number = GOAL): { value: number; tolerance: number } {
    return { value: this.race(goal).x[0]!, tolerance: RACE_TOLERANCE };
  }

  /** The race table to `goal` (default 100): loaded or solved once, then cached. */
  raceTable(onProgress?: (done: number) => void, goal: number = GOAL): RaceTable {
    checkGoal(goal);
    let table = this.tables.get(goal);
    if (!table) {
      const r = this.race(goal, onProgress);
      table = { goal, winFirst: r.x, winSecond: r.y, stopAt: r.stopAt, tolerance: RACE_TOLERANCE };
      this.tables.set(goal, table);
    }
    onProgress?.(1);
    return table;
  }

  /** The race result a race context needs (the race table of its goal), or none for a last turn. */
  private static checkRace(ctx: RaceContext): number {
    const goal = checkGoal(ctx.goal ?? GOAL);
    const { me, opponent } = ctx;
    for (const [v, name] of [
      [me, "me"],
      [opponent, "opponent"],
    ] as const) {
      if (!Number.isInteger(v) || v < 0) throw new InputError(`race score must be a whole number ≥ 0`, name);
    }
    if (ctx.lastTurnTarget !== undefined) {
      if (!Number.isInteger(ctx.lastTurnTarget) || ctx.lastTurnTarget < 0)
        throw new InputError("the last turn's target must be a whole number ≥ 0", "lastTurnTarget");
    } else if (me >= goal || opponent >= goal)
      throw new InputError(`scores of ${goal} or more end the race unless this is the last turn`, "race");
    return goal;
  }

  /** The last turn with the mover already above the total to beat: every score wins, whatever happens. */
  private static anyScoreWins(ctx: RaceContext): boolean {
    TrainSolver.checkRace(ctx);
    return ctx.lastTurnTarget !== undefined && ctx.me > ctx.lastTurnTarget;
  }

  private static raceKey(ctx: RaceContext, goal: number): string {
    if (ctx.lastTurnTarget !== undefined) return `last:${ctx.lastTurnTarget - ctx.me}`;
    return `race:${goal}:${ctx.me},${ctx.opponent},${ctx.first}`;
  }

  /** Writes the race payoff for the seat to move into the kernel (filled up to minPcap); returns its own pcap. */
  private racePayoff(ctx: RaceContext, goal: number, minPcap: number): number {
    const k = this.kernel;
    const { me, opponent } = ctx;
    if (ctx.lastTurnTarget !== undefined) {
      const need = ctx.lastTurnTarget - me;
      if (need < 0) {
        k.f.fill(1); // already ahead: any score wins, 0 included
        return 0;
      }
      return k.beatPayoff(need, true); // a tie shares the win
    }
    const r = this.race(goal);
    if (ctx.first) return k.payoffA(me, opponent, 1 - r.y[me * goal + opponent]!, r, minPcap);
    return k.payoffB(opponent, me, 1 - r.x[opponent * goal + me]!, r, minPcap);
  }

  /** Solves the race payoff of `ctx` for a turn with `points` at stake (the race first, if it is needed). */
  private solveRace(ctx: RaceContext, points: number): void {
    const goal = TrainSolver.checkRace(ctx);
    if (ctx.lastTurnTarget === undefined) this.race(goal); // solving a race reuses the kernel's buffers
    this.solveFor(TrainSolver.raceKey(ctx, goal), (m) => this.racePayoff(ctx, goal, m), points);
  }

  hint(turn: TurnState, race?: RaceContext): TrainHintOption[] {
    turn = parseTurn(turn, "/turn");
    const options = listOptions(turn);
    const k = this.kernel;
    const points = turn.banked + cargoPoints(turn.train);
    if (points > HINT_MAX_POINTS)
      throw new InputError(
        `points at stake above ${HINT_MAX_POINTS} are beyond the solver's range`,
        "banked",
      );
    // Expected scores first: the buffers may still hold the max-EV solve (expectedTurnScore, the element's warm-up
    // call, makes it), which saves a solve on the first hint.
    this.solveFor("ev", () => k.evPayoff(), points);
    const expected = options.map((o) => optionValue(k, turn, o));
    let win: number[] | undefined;
    if (race && TrainSolver.anyScoreWins(race)) win = options.map(() => 1);
    else if (race) {
      this.solveRace(race, points);
      win = options.map((o) => prob(optionValue(k, turn, o)));
    }
    const key = win ?? expected;
    const order = rank(options, key);
    return order.map((i, r) => ({
      action: options[i]!,
      label: labelOf(turn, options[i]!),
      expected: expected[i]!,
      ...(win ? { winProbability: win[i]! } : {}),
      best: r === 0,
    }));
  }

  beatHint(turn: TurnState, target: number): TrainHintOption[] {
    checkTarget(target);
    turn = parseTurn(turn, "/turn");
    const options = listOptions(turn);
    const k = this.kernel;
    const points = turn.banked + cargoPoints(turn.train);
    if (points > HINT_MAX_POINTS)
      throw new InputError(
        `points at stake above ${HINT_MAX_POINTS} are beyond the solver's range`,
        "banked",
      );
    this.solveFor("ev", () => k.evPayoff(), points);
    const expected = options.map((o) => optionValue(k, turn, o));
    // The bot's solve for the same target (botAction): the policy that maximises P(score > target).
    this.solveFor(`beat:${target}`, () => k.beatPayoff(target, false), points);
    const beat = options.map((o) => prob(optionValue(k, turn, o)));
    return rank(options, beat).map((i, r) => ({
      action: options[i]!,
      label: labelOf(turn, options[i]!),
      expected: expected[i]!,
      beatProbability: beat[i]!,
      best: r === 0,
    }));
  }

  beatEndValue(score: number, target: number): number {
    checkTarget(target);
    if (!Number.isInteger(score) || score < 0 || score > HINT_MAX_POINTS)
      throw new InputError(`a turn's score must be a whole number from 0 to ${HINT_MAX_POINTS}`, "score");
    return score > target ? 1 : 0;
  }

  /**
   * The value, in the objective of `hint(turn, race)` (the race's win chance, else expected points), of the turn
   * ending now with `score` points: the payoff its option values are built on (a stop's value, a wreck's at 0). Game
   * review (web/games/train/review.ts) values the position after a roll that ended the turn with it.
   */
  endValue(score: number, race?: RaceContext): number {
    if (!Number.isInteger(score) || score < 0 || score > HINT_MAX_POINTS)
      throw new InputError(`a turn's score must be a whole number from 0 to ${HINT_MAX_POINTS}`, "score");
    if (!race) return score; // the max-EV payoff: f(s) = s
    if (TrainSolver.anyScoreWins(race)) return 1;
    this.solveRace(race, score);
    return prob(this.kernel.f[score]!);
  }

  /**
   * The bot's move for the seat to play: `ev` maximises the turn's expected score; `race` (the default) plays
   * the two-player race policy against the strongest opponent (docs/solvers.md: how seats map with more
   * players); an elimination game maximises P(beating the target). The move is the hint's best option for the
   * same policy: the highest value, a stop on a tie.
   */
  botAction(state: TrainGameState, mode: "race" | "ev" = "race"): TrainAction {
    const player = seatToMove(state);
    const turn = parseTurn(state.turn, "/turn");
    const options = listOptions(turn);
    if (options.length === 1) return withPlayer(options[0]!, player);
    const k = this.kernel;
    const points = turn.banked + cargoPoints(turn.train);
    if (points > HINT_MAX_POINTS) {
      // Beyond the tables (probability below 1e-20 in play): take the points if the rules allow.
      return withPlayer(options.find((o) => o.type === "stop") ?? options[0]!, player);
    }
    let clamp = true;
    if (state.options.variant === "elimination" && state.target !== null) {
      const t = state.target;
      this.solveFor(`beat:${t}`, () => k.beatPayoff(t, false), points);
    } else if (state.options.variant === "elimination" || mode === "ev") {
      this.solveFor("ev", () => k.evPayoff(), points);
      clamp = false;
    } else {
      const ctx = raceContext(state);
      // No race the solver takes (a goal outside 50..200, one seat): the best expected score.
      if (!ctx) this.solveFor("ev", () => k.evPayoff(), points);
      // Already ahead on the last turn: every option wins; stop (below) at once if the rules allow.
      else if (TrainSolver.anyScoreWins(ctx)) {
        const all = options.map(() => 1);
        return withPlayer(options[rank(options, all)[0]!]!, player);
      } else this.solveRace(ctx, points);
      clamp = ctx !== undefined;
    }
    const values = options.map((o) => {
      const v = optionValue(k, turn, o);
      return clamp ? prob(v) : v;
    });
    return withPlayer(options[rank(options, values)[0]!]!, player);
  }
}

function checkTarget(target: number): void {
  if (!Number.isInteger(target) || target < 0 || target > BEAT_MAX)
    throw new InputError(`target must be an integer from 0 to ${BEAT_MAX}, got ${target}`, "target");
}

/** Option indices, best first: highest value; on a tie the stop (as the solver's own policy), then list order. */
function rank(options: readonly Option[], values: readonly number[]): number[] {
  const stopFirst = (i: number) => (options[i]!.type === "stop" ? 0 : 1);
  return options
    .map((_, i) => i)
    .sort((a, b) => values[b]! - values[a]! || stopFirst(a) - stopFirst(b) || a - b);
}

/**
 * The race of the seat to move: {@link raceContext} (race-context.ts), the one race context of every host.
 * @deprecated Use `raceContext`; kept for `rail train hint` and the library until they call it by that name. Until
 * issue #22 it rescaled the scores of any goal to the shipped race to 100; it now answers the game's own race.
 */
export const raceContextOf = raceContext;

/** The seat to move; an InputError once the game is over (no one moves). */
function seatToMove(state: TrainGameState): number {
  const seat: number | null = state.current;
  if (seat === null || state.over) throw new InputError("the game is over: no seat to move", "current");
  return seat;
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
    if (canStop(turn)) out.push({ type: "stop" });
    return out;
  }
  if (turn.train.length < 6 && (turn.phase === "freight" || turn.rollsLeft > 0)) out.push({ type: "roll" });
  if (canBank(turn)) out.push({ type: "bank" });
  if (canStop(turn)) out.push({ type: "stop" });
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

/**
 * The solver over the Wasm kernel (`module`: the compiled build/train.release.wasm). With `raceTable` (the
 * decoded asset, race-table.ts) race hints and race bot moves for its goal answer without solving the race.
 */
export async function createTrainSolver(
  module: WebAssembly.Module,
  options: TrainSolverOptions = {},
): Promise<TrainSolver> {
  const { createWasmKernel } = await import("./wasm.ts");
  return new TrainSolver(await createWasmKernel(module), options);
}

/** The solver over the TypeScript reference kernel (no Wasm needed; slower). */
export function createTrainSolverReference(options: TrainSolverOptions = {}): TrainSolver {
  return new TrainSolver(createReferenceKernel(), options);
}
