/**
 * TypeScript twin of assembly/dice/race.ts: the two-player race to `goal` with the equal-turns rule
 * (docs/solvers.md derives it), with the kernel's signatures. The race tables are set by setRaceBuffers (typed
 * arrays where the kernel takes addresses) and indexed [a * goal + b]; the payoff is written into the turn
 * solver's `fBuf` (turn.ts). Rows are solved by raceRows so that the caller can report progress between calls.
 */
import { fBuf, solveTurn, zeroProbability } from "./turn.ts";

/** Largest freight points-at-stake the buffers hold. */
export const PMAX = 1024;
/** Payoff arrays cover scores 0..SMAX (a Caboose at P = PMAX scores 2·(PMAX + 13)). */
export const SMAX = 2 * PMAX + 64;
/** B's last turn needs more than t; L(t) is tabulated for t ≤ TL and taken as 0 beyond (L(TL) < 1e-13). */
export const TL = 800;
/** A freight state deep past the goal is valued as a stop once L(margin) ≤ EPS (see docs/solvers.md). */
export const EPS = 1e-13;
/** Newton on each (a, b) pair stops when the update is below this. */
export const NEWTON_TOL = 1e-14;

const NO_F64 = new Float64Array(0);
let X: Float64Array = NO_F64; // [a * goal + b]
let Y: Float64Array = NO_F64;
let L: Float64Array = NO_F64; // [t], t = 0..TL
let stopAt: Int32Array = new Int32Array(0); // [a * goal + b]
let frBuf: Float64Array = NO_F64; // the turn solver's fr[4 * P + n], read for stopAt
let iterations = 0;

export function setRaceBuffers(
  x: Float64Array,
  y: Float64Array,
  last: Float64Array,
  stop: Int32Array,
  frB: Float64Array,
): void {
  X = x;
  Y = y;
  L = last;
  stopAt = stop;
  frBuf = frB;
}

/** Newton iterations since the last raceLast. */
export function raceIterations(): number {
  return iterations;
}

/** f(s) = [s > t] (+ 1/2 when s = t and tieHalf); returns pcap (past t every state stops with the maximum). */
export function beatPayoff(t: number, tieHalf: boolean): number {
  const f = fBuf;
  for (let s = 0; s <= SMAX; s++) f[s] = s > t ? 1 : s === t && tieHalf ? 0.5 : 0;
  return Math.min(t, PMAX);
}

/** f(s) = s; returns the pcap used for the expected score. */
export function evPayoff(): number {
  const f = fBuf;
  for (let s = 0; s <= SMAX; s++) f[s] = s;
  return 1000;
}

/** Largest score a payoff filled for `pcap` must hold: a Caboose at pcap + 12 doubles pcap + 13. */
export function payoffTop(pcap: number): number {
  return Math.min(SMAX, 2 * (pcap + 13) + 1);
}

/** A's payoff at (a, b) with its zero worth w; returns A's pcap, fills f for any pcap up to max(that, minPcap). */
export function fillPayoffA(goal: number, a: number, b: number, w: number, minPcap: number): number {
  const f = fBuf;
  const d = a - b;
  // Deep past the goal A stops once L(d + P) ≤ max(EPS, (1 - w) / 27 / 2): rolling can gain at most L, and risks a
  // wreck with probability ≥ 1/27 that costs (1 - w). Smaller P are all solved.
  const bound = Math.max(EPS, (1 - w) / 54);
  let pcap = goal - a;
  while (pcap < PMAX && d + pcap <= TL && L[d + pcap]! > bound) pcap++;
  const smax = payoffTop(Math.max(pcap, minPcap));
  f[0] = w;
  for (let s = 1; s <= smax; s++) {
    const t = a + s;
    f[s] = t < goal ? 1 - Y[t * goal + b]! : d + s <= TL ? 1 - L[d + s]! : 1;
  }
  return pcap;
}

/** B's payoff at (a, b) with its zero worth w; returns B's pcap, fills f for any pcap up to max(that, minPcap). */
export function fillPayoffB(goal: number, a: number, b: number, w: number, minPcap: number): number {
  const f = fBuf;
  f[0] = w;
  const pcap = goal - b - 1;
  const smax = payoffTop(Math.max(pcap, minPcap));
  for (let s = 1; s <= smax; s++) {
    const t = b + s;
    f[s] = t >= goal ? 1 : 1 - X[a * goal + t]!;
  }
  return pcap;
}

/** L[t] for t = 0..TL: B's last turn, maximising P(score > t) + P(score = t)/2. */
export function raceLast(): void {
  iterations = 0;
  for (let t = 0; t <= TL; t++) L[t] = solveTurn(beatPayoff(t, true));
}

/** Solves rows a = aFrom down to aFrom - count + 1 of the race to `goal` (rows from goal - 1 downwards). */
export function raceRows(goal: number, aFrom: number, count: number): void {
  const f = fBuf;
  for (let a = aFrom; a > aFrom - count && a >= 0; a--) {
    for (let b = goal - 1; b >= 0; b--) {
      let x = b < goal - 1 ? X[a * goal + b + 1]! : a < goal - 1 ? X[(a + 1) * goal + b]! : 0.5;
      let y = 0;
      for (let it = 0; it < 50; it++) {
        iterations++;
        y = solveTurn(fillPayoffB(goal, a, b, 1 - x, 0));
        const zB = zeroProbability();
        const alphaB = y - zB * (1 - x);
        const pcapA = fillPayoffA(goal, a, b, 1 - y, 0);
        const xa = solveTurn(pcapA);
        const zA = zeroProbability();
        const alphaA = xa - zA * (1 - y);
        const xs = (alphaA + zA * (1 - alphaB - zB)) / (1 - zA * zB);
        const done = Math.abs(xs - x) < NEWTON_TOL;
        x = xs;
        y = alphaB + zB * (1 - x);
        if (done) {
          let p = 6;
          while (p <= pcapA && frBuf[4 * p + 3]! > f[p]!) p++;
          stopAt[a * goal + b] = p;
          break;
        }
      }
      X[a * goal + b] = x;
      Y[a * goal + b] = y;
    }
  }
}
