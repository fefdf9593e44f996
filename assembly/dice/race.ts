// The two-player race to `goal` with the equal-turns rule: the same maths as its TypeScript twin
// web/solvers/train/twin/race.ts (the same functions); docs/solvers.md derives it.
// Buffers (f64 unless noted) are set once by setRaceBuffers, sized for the largest goal (the caller checks
// goal ≤ MAX_GOAL); tables are indexed [a * goal + b]. Rows are solved by raceRows so that the caller can report
// progress between calls.
import { ldf, stf, sti } from "./mem";
import { fBuf, solveTurn, zeroProbability } from "./turn";

export const PMAX: i32 = 1024;
export const SMAX: i32 = 2 * PMAX + 64;
export const TL: i32 = 800;
const EPS: f64 = 1e-13;
const NEWTON_TOL: f64 = 1e-14;

let X: usize = 0; // [a * goal + b]
let Y: usize = 0;
let L: usize = 0; // [t], t = 0..TL
let stopAt: usize = 0; // i32 [a * goal + b]
let frBuf: usize = 0; // the turn solver's fr[4 * P + n], read for stopAt
let iterations: i32 = 0;

export function setRaceBuffers(x: usize, y: usize, last: usize, stop: usize, frB: usize): void {
  X = x;
  Y = y;
  L = last;
  stopAt = stop;
  frBuf = frB;
}

export function raceIterations(): i32 {
  return iterations;
}

/** f(s) = [s > t] (+ 1/2 when s = t and tieHalf); returns pcap (past t every state stops with the maximum). */
export function beatPayoff(t: i32, tieHalf: bool): i32 {
  const f = fBuf;
  for (let s = 0; s <= SMAX; s++) stf(f, s, s > t ? 1.0 : s == t && tieHalf ? 0.5 : 0.0);
  return min(t, PMAX);
}

/** f(s) = s; returns the pcap used for the expected score. */
export function evPayoff(): i32 {
  const f = fBuf;
  for (let s = 0; s <= SMAX; s++) stf(f, s, <f64>s);
  return 1000;
}

/** Largest score a payoff filled for `pcap` must hold: a Caboose at pcap + 12 doubles pcap + 13. */
@inline function payoffTop(pcap: i32): i32 {
  return min(SMAX, 2 * (pcap + 13) + 1);
}

/** A's payoff at (a, b) with its zero worth w; returns A's pcap, fills f for any pcap up to max(that, minPcap). */
export function fillPayoffA(goal: i32, a: i32, b: i32, w: f64, minPcap: i32): i32 {
  const f = fBuf;
  const d = a - b;
  const bound = max(EPS, (1 - w) / 54);
  let pcap = goal - a;
  while (pcap < PMAX && d + pcap <= TL && ldf(L, d + pcap) > bound) pcap++;
  const smax = payoffTop(max(pcap, minPcap));
  stf(f, 0, w);
  for (let s = 1; s <= smax; s++) {
    const t = a + s;
    stf(f, s, t < goal ? 1 - ldf(Y, t * goal + b) : d + s <= TL ? 1 - ldf(L, d + s) : 1.0);
  }
  return pcap;
}

/** B's payoff at (a, b) with its zero worth w; returns B's pcap, fills f for any pcap up to max(that, minPcap). */
export function fillPayoffB(goal: i32, a: i32, b: i32, w: f64, minPcap: i32): i32 {
  const f = fBuf;
  stf(f, 0, w);
  const pcap = goal - b - 1;
  const smax = payoffTop(max(pcap, minPcap));
  for (let s = 1; s <= smax; s++) {
    const t = b + s;
    stf(f, s, t >= goal ? 1.0 : 1 - ldf(X, a * goal + t));
  }
  return pcap;
}

/** L[t] for t = 0..TL: B's last turn, maximising P(score > t) + P(score = t)/2. */
export function raceLast(): void {
  iterations = 0;
  for (let t = 0; t <= TL; t++) stf(L, t, solveTurn(beatPayoff(t, true)));
}

/** Solves rows a = aFrom down to aFrom - count + 1 of the race to `goal` (rows from goal - 1 downwards). */
export function raceRows(goal: i32, aFrom: i32, count: i32): void {
  const f = fBuf;
  for (let a = aFrom; a > aFrom - count && a >= 0; a--) {
    for (let b = goal - 1; b >= 0; b--) {
      let x: f64 = b < goal - 1 ? ldf(X, a * goal + b + 1) : a < goal - 1 ? ldf(X, (a + 1) * goal + b) : 0.5;
      let y: f64 = 0;
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
        const done = abs(xs - x) < NEWTON_TOL;
        x = xs;
        y = alphaB + zB * (1 - x);
        if (done) {
          let p = 6;
          while (p <= pcapA && ldf(frBuf, 4 * p + 3) > ldf(f, p)) p++;
          sti(stopAt, a * goal + b, p);
          break;
        }
      }
      stf(X, a * goal + b, x);
      stf(Y, a * goal + b, y);
    }
  }
}
