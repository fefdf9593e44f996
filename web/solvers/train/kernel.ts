import { InputError } from "../../engine/common/errors.ts";
import type { RaceResult } from "./reference.ts";

/** Goals the race solver accepts (its buffers are sized for MAX_GOAL). */
export const MIN_GOAL = 50;
export const MAX_GOAL = 200;

/**
 * One turn/race solver engine: the TypeScript reference (reference.ts) or the Wasm kernel (wasm.ts). Both expose
 * the same buffers, so the hint and bot code reads either the same way.
 */
export interface TrainKernel {
  readonly kind: "reference" | "wasm";
  /** The payoff buffer f[0..SMAX]: write it, then call `solve`. */
  readonly f: Float64Array;
  /** Value buffers of the last solve (layouts: twin/turn.ts). */
  readonly fr: Float64Array;
  readonly reg: Float64Array;
  /** Solves one turn for the payoff in `f`; freight states past `pcap` stop. Returns the start-of-turn value. */
  solve(pcap: number): number;
  /** P(score 0) from the start of the turn under the last solve's policy. */
  zeroProbability(): number;
  /** The payoff f(s) = [s > t] (+ 1/2 at s = t with `tieHalf`) written into `f`; returns its pcap. */
  beatPayoff(t: number, tieHalf: boolean): number;
  /** The payoff f(s) = s written into `f`; returns its pcap. */
  evPayoff(): number;
  /**
   * The whole race table to `goal` (default 100, MIN_GOAL..MAX_GOAL; docs/solvers.md). `onProgress` gets 0..1
   * between rows. The Wasm kernel returns views into its linear memory, valid until its next race solve.
   */
  race(onProgress?: (done: number) => void, goal?: number): RaceResult;
  /**
   * Writes A's payoff at (a, b) for a race solved (or loaded) earlier, w = the worth of a zero-score turn. Returns
   * A's own pcap; `f` is filled for every pcap up to max(that, minPcap), so a solve with more points at stake
   * reads this payoff only.
   */
  payoffA(a: number, b: number, w: number, r: RaceResult, minPcap?: number): number;
  /** Writes B's payoff at (a, b), as payoffA. */
  payoffB(a: number, b: number, w: number, r: RaceResult, minPcap?: number): number;
}

/** Refuses arguments the kernels' fixed buffers cannot hold (before they reach Wasm). */
export function checkPcap(pcap: number, pmax: number): number {
  if (!Number.isInteger(pcap) || pcap < 0 || pcap > pmax)
    throw new RangeError(`pcap must be an integer from 0 to ${pmax}, got ${pcap}`);
  return pcap;
}

export function checkRacePair(a: number, b: number, w: number, goal: number): void {
  for (const [v, name] of [
    [a, "a"],
    [b, "b"],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v >= goal)
      throw new RangeError(`race score ${name} must be an integer from 0 to ${goal - 1}, got ${v}`);
  }
  if (!(w >= 0 && w <= 1)) throw new RangeError(`w must be a probability in [0, 1], got ${w}`);
}

/** Refuses race goals outside MIN_GOAL..MAX_GOAL with an InputError naming the parameter. */
export function checkGoal(goal: number): number {
  if (!Number.isInteger(goal) || goal < MIN_GOAL || goal > MAX_GOAL)
    throw new InputError(
      `the race goal must be an integer from ${MIN_GOAL} to ${MAX_GOAL}, got ${goal}`,
      "goal",
    );
  return goal;
}

export function checkTarget(t: number): number {
  if (!Number.isInteger(t) || t < 0 || t > 1_000_000)
    throw new RangeError(`target must be an integer from 0 to 1000000, got ${t}`);
  return t;
}
