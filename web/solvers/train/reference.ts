/**
 * TypeScript reference of the Train Game solvers. The AssemblyScript kernel (assembly/dice/turn.ts,
 * assembly/dice/race.ts) runs the same maths over the same flat tables (model.ts); the tests compare the two and
 * the bench times both. Notation and the truncation argument: docs/solvers.md.
 */
import { checkGoal, checkPcap, checkRacePair, checkTarget, type TrainKernel } from "./kernel.ts";
import { REG_SCORE_MAX, type TrainTables, trainTables } from "./model.ts";

/** Largest freight points-at-stake the buffers hold. */
export const PMAX = 1024;
/** Payoff arrays cover scores 0..SMAX (a Caboose at P = PMAX scores 2·(PMAX + 13)). */
export const SMAX = 2 * PMAX + 64;
/** Freight states past pcap are filled in as stops this far (the largest single step adds 12 points). */
const EXT = 14;
/** Length of the freight value buffer `fr` (4 entries per P). */
export const FR_LEN = (PMAX + EXT + 2) * 4;

/**
 * Work buffers of one turn solve. After `solveTurn`:
 * - `fr[4 * P + n]`: value before a freight roll with P points at stake and n = 0..2 filled slots; `fr[4 * P + 3]`:
 *   the stop-or-bank decision with three filled slots (P ≤ pcap; up to pcap + 14 they hold the stop value);
 * - `reg[r * nc + c]`: value before a regular roll with r rolls left (1..3) in config c (r = 3: config 0 only);
 * - `frZ`, `regZ`: the same states' probability of ending the turn with score 0 under the chosen policy;
 * - `u`, `uz`: scratch, the values after a regular choice (`u[c]` config c, `u[nc + s]` a Caboose ending with s).
 */
export class TurnBuffers {
  readonly fr = new Float64Array(FR_LEN);
  readonly frZ = new Float64Array(FR_LEN);
  readonly reg: Float64Array;
  readonly regZ: Float64Array;
  readonly u: Float64Array;
  readonly uz: Float64Array;
  constructor(readonly tables: TrainTables = trainTables()) {
    this.reg = new Float64Array(4 * tables.nc);
    this.regZ = new Float64Array(4 * tables.nc);
    this.u = new Float64Array(tables.nc + REG_SCORE_MAX + 1);
    this.uz = new Float64Array(tables.nc + REG_SCORE_MAX + 1);
  }
  /** The zero-score probability of the turn from its start, under the policy of the last solve. */
  get zeroProbability(): number {
    return this.regZ[3 * this.tables.nc]!;
  }
}

/**
 * Solves one turn for the payoff `f` (f[s] = worth of ending the turn with score s, s = 0..SMAX), maximising
 * E[f(score)]. Freight states with P > pcap are valued as an immediate stop (docs/solvers.md bounds what this
 * neglects). Returns the value at the start of the turn (config 0, three rolls left). The turn starts with a roll (no stop before it: train.roll-first). Ties keep the stop, then the
 * first choice in table order (the zero-score probabilities follow that choice).
 */
export function solveTurn(f: Float64Array, pcap: number, b: TurnBuffers): number {
  const T = b.tables;
  const { fr, frZ, reg, regZ, u, uz } = b;
  const nc = T.nc;
  const top = Math.max(pcap, 0) + EXT;
  for (let q = pcap + 1; q <= top; q++) {
    for (let m = 0; m < 4; m++) {
      fr[4 * q + m] = f[q]!;
      frZ[4 * q + m] = 0;
    }
  }
  // Freight, P descending: every choice adds ≥ 2 points; banking keeps P and empties the slots (m = 3 → n = 0).
  for (let P = pcap; P >= 1; P--) {
    const stop = f[P]!;
    for (let n = 2; n >= 0; n--) {
      const base = 4 * P + n;
      let acc = 0;
      let accZ = 0;
      for (let o = T.frOutStart[n]!; o < T.frOutStart[n + 1]!; o++) {
        let best = Number.NEGATIVE_INFINITY;
        let bestZ = 0;
        for (let j = T.frChStart[o]!; j < T.frChStart[o + 1]!; j++) {
          const v = fr[base + T.frChOff[j]!]!;
          if (v > best) {
            best = v;
            bestZ = frZ[base + T.frChOff[j]!]!;
          }
        }
        for (let j = T.frCbStart[o]!; j < T.frCbStart[o + 1]!; j++) {
          const v = f[2 * P + 2 + T.frCbOff[j]!]!;
          if (v > best) {
            best = v;
            bestZ = 0;
          }
        }
        if (best === Number.NEGATIVE_INFINITY) {
          best = f[0]!; // Train Wreck
          bestZ = 1;
        }
        const p = T.frOutProb[o]!;
        acc += p * best;
        accZ += p * bestZ;
      }
      if (stop >= acc) {
        fr[base] = stop;
        frZ[base] = 0;
      } else {
        fr[base] = acc;
        frZ[base] = accZ;
      }
    }
    if (stop >= fr[4 * P]!) {
      fr[4 * P + 3] = stop;
      frZ[4 * P + 3] = 0;
    } else {
      fr[4 * P + 3] = fr[4 * P]!;
      frZ[4 * P + 3] = frZ[4 * P]!;
    }
  }
  // Regular phase, one roll at a time. u: the value of each result with r - 1 rolls left.
  for (let s = 0; s <= REG_SCORE_MAX; s++) {
    u[nc + s] = f[s]!;
    uz[nc + s] = 0;
  }
  for (let r = 1; r <= 3; r++) {
    for (let c = 0; c < nc; c++) {
      const kind = T.cfgKind[c]!;
      const sum = T.cfgSum[c]!;
      if (kind === 1) {
        u[c] = f[sum]!;
        uz[c] = 0;
      } else if (kind === 2) {
        u[c] = fr[4 * sum + 3]!;
        uz[c] = frZ[4 * sum + 3]!;
      } else if (r === 1) {
        const valid = T.cfgValid[c] === 1;
        u[c] = f[valid ? sum : 0]!;
        uz[c] = valid ? 0 : 1;
      } else {
        u[c] = reg[(r - 1) * nc + c]!;
        uz[c] = regZ[(r - 1) * nc + c]!;
      }
    }
    // With three rolls left the train is always empty: only config 0 is ever asked for.
    const cEnd = r === 3 ? 1 : nc;
    for (let c = 0; c < cEnd; c++) {
      const o0 = T.regOutStart[c]!;
      const o1 = T.regOutStart[c + 1]!;
      if (o0 === o1) continue;
      let acc = 0;
      let accZ = 0;
      for (let o = o0; o < o1; o++) {
        let best = Number.NEGATIVE_INFINITY;
        let bestZ = 0;
        for (let j = T.regChStart[o]!; j < T.regChStart[o + 1]!; j++) {
          const v = u[T.regIdx[j]!]!;
          if (v > best) {
            best = v;
            bestZ = uz[T.regIdx[j]!]!;
          }
        }
        const p = T.regOutProb[o]!;
        acc += p * best;
        accZ += p * bestZ;
      }
      const valid = T.cfgValid[c] === 1;
      const stop = f[valid ? T.cfgSum[c]! : 0]!;
      // With three rolls left nothing is rolled yet: the turn's first action is a roll (no stop; train.roll-first).
      if (r < 3 && stop >= acc) {
        reg[r * nc + c] = stop;
        regZ[r * nc + c] = valid ? 0 : 1;
      } else {
        reg[r * nc + c] = acc;
        regZ[r * nc + c] = accZ;
      }
    }
  }
  return reg[3 * nc]!;
}

/** Race to `GOAL` with the equal-turns rule (docs/rules/train-game.md § Solvers): the default goal. */
export const GOAL = 100;
/** Goals the race solver accepts (its buffers are sized for MAX_GOAL). */
export const MIN_GOAL = 50;
export const MAX_GOAL = 200;
/** B's last turn needs more than t; L(t) is tabulated for t ≤ TL and taken as 0 beyond (L(TL) < 1e-13). */
export const TL = 800;
/** A freight state deep past the goal is valued as a stop once L(margin) ≤ EPS (see docs/solvers.md). */
export const EPS = 1e-13;
/** Newton on each (a, b) pair stops when the update is below this. */
export const NEWTON_TOL = 1e-14;

/** Fills `f` with the payoff of maximising P(score > t) + P(score = t)/2 and returns the useful pcap. */
export function beatPayoff(f: Float64Array, t: number, tieHalf: boolean): number {
  for (let s = 0; s <= SMAX; s++) f[s] = s > t ? 1 : s === t && tieHalf ? 0.5 : 0;
  // Past t every state stops with payoff 1, the maximum: exact.
  return Math.min(t, PMAX);
}

/** Fills `f` with f(s) = s. */
export function evPayoff(f: Float64Array): number {
  for (let s = 0; s <= SMAX; s++) f[s] = s;
  return 1000;
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

/** Largest score a payoff filled for `pcap` must hold: a Caboose at pcap + 12 doubles pcap + 13. */
export function payoffTop(pcap: number): number {
  return Math.min(SMAX, 2 * (pcap + 13) + 1);
}

/**
 * A's payoff at (a, b) when A's wreck/shortage is worth w. Returns A's own pcap; `f` is filled for any pcap up to
 * max(that, minPcap) (a hint with more points at stake than the race solve needed raises the pcap: every entry it
 * reads must be this payoff's, never an earlier solve's).
 */
export function fillPayoffA(
  f: Float64Array,
  a: number,
  b: number,
  w: number,
  r: RaceResult,
  minPcap = 0,
): number {
  const goal = r.goal;
  const d = a - b;
  // Deep past the goal A stops once L(d + P) ≤ max(EPS, (1 - w) / 27 / 2): rolling can gain at most L, and risks a
  // wreck with probability ≥ 1/27 that costs (1 - w). Smaller P are all solved.
  const bound = Math.max(EPS, (1 - w) / 54);
  let pcap = goal - a;
  while (pcap < PMAX && d + pcap <= TL && r.last[d + pcap]! > bound) pcap++;
  const smax = payoffTop(Math.max(pcap, minPcap));
  f[0] = w;
  for (let s = 1; s <= smax; s++) {
    const t = a + s;
    f[s] = t < goal ? 1 - r.y[t * goal + b]! : d + s <= TL ? 1 - r.last[d + s]! : 1;
  }
  return pcap;
}

/** B's payoff at (a, b) when B's zero is worth w. Returns B's pcap; `f` is filled up to max(that, minPcap). */
export function fillPayoffB(
  f: Float64Array,
  a: number,
  b: number,
  w: number,
  r: RaceResult,
  minPcap = 0,
): number {
  const goal = r.goal;
  f[0] = w;
  const pcap = goal - b - 1;
  const smax = payoffTop(Math.max(pcap, minPcap));
  for (let s = 1; s <= smax; s++) {
    const t = b + s;
    f[s] = t >= goal ? 1 : 1 - r.x[a * goal + t]!;
  }
  return pcap;
}

/**
 * The whole race table to `goal`: L by one turn solve per target, then every (a, b) pair from the goal backwards.
 * `onProgress` gets the fraction of rows done.
 */
export function solveRace(goal: number = GOAL, onProgress?: (done: number) => void): RaceResult {
  const b = new TurnBuffers();
  const f = new Float64Array(SMAX + 1);
  const r: RaceResult = {
    goal,
    x: new Float64Array(goal * goal),
    y: new Float64Array(goal * goal),
    last: new Float64Array(TL + 1),
    stopAt: new Int32Array(goal * goal),
    iterations: 0,
  };
  for (let t = 0; t <= TL; t++) r.last[t] = solveTurn(f, beatPayoff(f, t, true), b);
  for (let a = goal - 1; a >= 0; a--) {
    for (let bb = goal - 1; bb >= 0; bb--) {
      let x = bb < goal - 1 ? r.x[a * goal + bb + 1]! : a < goal - 1 ? r.x[(a + 1) * goal + bb]! : 0.5;
      let y = 0;
      for (let it = 0; it < 50; it++) {
        r.iterations++;
        y = solveTurn(f, fillPayoffB(f, a, bb, 1 - x, r), b);
        const zB = b.zeroProbability;
        const alphaB = y - zB * (1 - x);
        const pcapA = fillPayoffA(f, a, bb, 1 - y, r);
        const xa = solveTurn(f, pcapA, b);
        const zA = b.zeroProbability;
        const alphaA = xa - zA * (1 - y);
        const xs = (alphaA + zA * (1 - alphaB - zB)) / (1 - zA * zB);
        const done = Math.abs(xs - x) < NEWTON_TOL;
        x = xs;
        y = alphaB + zB * (1 - x);
        if (done) {
          let p = 6;
          while (p <= pcapA && b.fr[4 * p + 3]! > f[p]!) p++;
          r.stopAt[a * goal + bb] = p;
          break;
        }
      }
      r.x[a * goal + bb] = x;
      r.y[a * goal + bb] = y;
    }
    onProgress?.((goal - a) / goal);
  }
  return r;
}

/** The TypeScript reference as a TrainKernel. */
export function createReferenceKernel(): TrainKernel {
  const b = new TurnBuffers();
  const f = new Float64Array(SMAX + 1);
  return {
    kind: "reference",
    f,
    fr: b.fr,
    reg: b.reg,
    solve: (pcap) => solveTurn(f, checkPcap(pcap, PMAX), b),
    zeroProbability: () => b.zeroProbability,
    beatPayoff: (t, tieHalf) => beatPayoff(f, checkTarget(t), tieHalf),
    evPayoff: () => evPayoff(f),
    race: (onProgress, goal = 100) => solveRace(checkGoal(goal), onProgress),
    payoffA: (a, bb, w, r: RaceResult, minPcap = 0) => {
      checkRacePair(a, bb, w, r.goal);
      return fillPayoffA(f, a, bb, w, r, checkPcap(minPcap, PMAX));
    },
    payoffB: (a, bb, w, r: RaceResult, minPcap = 0) => {
      checkRacePair(a, bb, w, r.goal);
      return fillPayoffB(f, a, bb, w, r, checkPcap(minPcap, PMAX));
    },
  };
}
