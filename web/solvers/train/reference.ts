/**
 * TypeScript reference of the Train Game solvers: the thin assembly of the twins of the AssemblyScript kernel's
 * files (twin/turn.ts, twin/race.ts, twin/mem.ts mirror assembly/dice/turn.ts, race.ts, mem.ts, with the same
 * functions and signatures) as a TrainKernel. The twins keep their tables and buffers in module state, as the
 * kernel keeps them in linear memory; each reference kernel here owns its own buffers and points the twins at
 * them before every call, so two kernels never see each other's buffers. The tests compare the twins with the
 * kernel and the bench times both. Notation and the truncation argument: docs/solvers.md.
 */
import { checkGoal, checkPcap, checkRacePair, checkTarget, type TrainKernel } from "./kernel.ts";
import { REG_SCORE_MAX, type TrainTables, trainTables } from "./model.ts";
import { allocBytes } from "./twin/mem.ts";
import * as race from "./twin/race.ts";
import { PMAX, SMAX, TL } from "./twin/race.ts";
import * as turn from "./twin/turn.ts";
import { EXT } from "./twin/turn.ts";

export { EPS, NEWTON_TOL, PMAX, payoffTop, SMAX, TL } from "./twin/race.ts";
/** Length of the freight value buffer `fr` (4 entries per P). */
export const FR_LEN = (PMAX + EXT + 2) * 4;

const f64 = (n: number): Float64Array => new Float64Array(allocBytes(8 * n));

/** Work buffers of one turn solve (layouts: twin/turn.ts). */
export class TurnBuffers {
  readonly fr = f64(FR_LEN);
  readonly frZ = f64(FR_LEN);
  readonly reg: Float64Array;
  readonly regZ: Float64Array;
  readonly u: Float64Array;
  readonly uz: Float64Array;
  constructor(readonly tables: TrainTables = trainTables()) {
    this.reg = f64(4 * tables.nc);
    this.regZ = f64(4 * tables.nc);
    this.u = f64(tables.nc + REG_SCORE_MAX + 1);
    this.uz = f64(tables.nc + REG_SCORE_MAX + 1);
  }
  /** The zero-score probability of the turn from its start, under the policy of the last solve. */
  get zeroProbability(): number {
    return this.regZ[3 * this.tables.nc]!;
  }
}

/** The buffers the twins point at now (they are module state, as the kernel's are its memory's). */
let boundF: Float64Array | null = null;
let boundB: TurnBuffers | null = null;

/** Points the turn twin at `b`'s tables and buffers and at the payoff `f`. */
function use(f: Float64Array, b: TurnBuffers): void {
  if (boundF === f && boundB === b) return;
  const T = b.tables;
  turn.setTables(
    T.nc,
    T.cfgKind,
    T.cfgSum,
    T.cfgValid,
    T.regOutStart,
    T.regOutProb,
    T.regChStart,
    T.regIdx,
    T.frOutStart,
    T.frOutProb,
    T.frChStart,
    T.frChOff,
    T.frCbStart,
    T.frCbOff,
  );
  turn.setBuffers(f, b.fr, b.frZ, b.reg, b.regZ, b.u, b.uz);
  boundF = f;
  boundB = b;
}

/**
 * Solves one turn for the payoff `f` (f[s] = worth of ending the turn with score s, s = 0..SMAX), maximising
 * E[f(score)] (twin/turn.ts `solveTurn`). Returns the value at the start of the turn.
 */
export function solveTurn(f: Float64Array, pcap: number, b: TurnBuffers): number {
  use(f, b);
  return turn.solveTurn(pcap);
}

/** Race to `GOAL` with the equal-turns rule (docs/rules/train-game.md § Solvers): the default goal. */
export const GOAL = 100;
export { MAX_GOAL, MIN_GOAL } from "./kernel.ts";

/** The payoff buffers' own scratch, for the free functions below (the kernels bring their own). */
let scratch: TurnBuffers | null = null;
const scratchOf = (): TurnBuffers => (scratch ??= new TurnBuffers());

/** Fills `f` with the payoff of maximising P(score > t) + P(score = t)/2 and returns the useful pcap. */
export function beatPayoff(f: Float64Array, t: number, tieHalf: boolean): number {
  use(f, boundB ?? scratchOf());
  return race.beatPayoff(t, tieHalf);
}

/** Fills `f` with f(s) = s. */
export function evPayoff(f: Float64Array): number {
  use(f, boundB ?? scratchOf());
  return race.evPayoff();
}

export interface RaceResult {
  /** The race's goal (MIN_GOAL..MAX_GOAL); scores below run 0..goal-1. */
  goal: number;
  /** X[a * goal + b]: P(win) + P(tie)/2 for A (first player) about to play, A has a, B has b. */
  x: Float64Array;
  /** Y[a * goal + b]: the same for B about to play (A has had one more turn). */
  y: Float64Array;
  /** L[t]: B's best P(last turn score > t) + P(= t)/2, t = 0..TL. */
  last: Float64Array;
  /** stopAt[a * goal + b]: smallest points at stake P ≥ 6 at which A, holding a full freight train, stops rather than banks. */
  stopAt: Int32Array;
  /** Newton iterations in all. */
  iterations: number;
}

/** Points the race twin at `r`'s tables (and the turn twin at `f` and `b`). */
function useRace(f: Float64Array, b: TurnBuffers, r: RaceResult): void {
  use(f, b);
  race.setRaceBuffers(r.x, r.y, r.last, r.stopAt, b.fr);
}

/** A payoff filler of twin/race.ts over a race `r` solved (or loaded) earlier, in the functional form below. */
function payoffOver(fill: typeof race.fillPayoffA) {
  return (f: Float64Array, a: number, b: number, w: number, r: RaceResult, minPcap = 0): number => {
    useRace(f, boundB ?? scratchOf(), r);
    return fill(r.goal, a, b, w, minPcap);
  };
}

/**
 * A's payoff at (a, b) when A's wreck/shortage is worth w, into `f` (twin/race.ts `fillPayoffA`). Returns A's own
 * pcap; `f` is filled for any pcap up to max(that, minPcap) (a hint with more points at stake than the race solve
 * needed raises the pcap: every entry it reads must be this payoff's, never an earlier solve's).
 */
export const fillPayoffA = payoffOver(race.fillPayoffA);

/** B's payoff at (a, b) when B's zero is worth w. Returns B's pcap; `f` is filled up to max(that, minPcap). */
export const fillPayoffB = payoffOver(race.fillPayoffB);

/** The whole race to `goal` on fresh tables, with the turn buffers `b` and payoff `f`. */
function raceWith(
  f: Float64Array,
  b: TurnBuffers,
  goal: number,
  onProgress?: (done: number) => void,
): RaceResult {
  const r: RaceResult = {
    goal,
    x: f64(goal * goal),
    y: f64(goal * goal),
    last: f64(TL + 1),
    stopAt: new Int32Array(allocBytes(4 * goal * goal)),
    iterations: 0,
  };
  useRace(f, b, r);
  race.raceLast();
  for (let a = goal - 1; a >= 0; a--) {
    useRace(f, b, r); // onProgress may have run another kernel
    race.raceRows(goal, a, 1);
    onProgress?.((goal - a) / goal);
  }
  r.iterations = race.raceIterations();
  return r;
}

/**
 * The whole race table to `goal`: L by one turn solve per target, then every (a, b) pair from the goal backwards.
 * `onProgress` gets the fraction of rows done.
 */
export function solveRace(goal: number = GOAL, onProgress?: (done: number) => void): RaceResult {
  return raceWith(f64(SMAX + 1), new TurnBuffers(), goal, onProgress);
}

/** The TypeScript reference as a TrainKernel. */
export function createReferenceKernel(): TrainKernel {
  const b = new TurnBuffers();
  const f = f64(SMAX + 1);
  return {
    kind: "reference",
    f,
    fr: b.fr,
    reg: b.reg,
    solve: (pcap) => {
      use(f, b);
      return turn.solveTurn(checkPcap(pcap, PMAX));
    },
    zeroProbability: () => b.zeroProbability,
    beatPayoff: (t, tieHalf) => {
      use(f, b);
      return race.beatPayoff(checkTarget(t), tieHalf);
    },
    evPayoff: () => {
      use(f, b);
      return race.evPayoff();
    },
    // On buffers of its own, as before the split: a race leaves this kernel's `f` and `fr` as they were.
    race: (onProgress, goal = GOAL) => solveRace(checkGoal(goal), onProgress),
    payoffA: (a, bb, w, r: RaceResult, minPcap = 0) => {
      checkRacePair(a, bb, w, r.goal);
      useRace(f, b, r);
      return race.fillPayoffA(r.goal, a, bb, w, checkPcap(minPcap, PMAX));
    },
    payoffB: (a, bb, w, r: RaceResult, minPcap = 0) => {
      checkRacePair(a, bb, w, r.goal);
      useRace(f, b, r);
      return race.fillPayoffB(r.goal, a, bb, w, checkPcap(minPcap, PMAX));
    },
  };
}
