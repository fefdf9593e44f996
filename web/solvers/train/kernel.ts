import type { RaceResult } from "./reference.ts";

/**
 * One turn/race solver engine: the TypeScript reference (reference.ts) or the Wasm kernel (wasm.ts). Both expose
 * the same buffers, so the hint and bot code reads either the same way.
 */
export interface TrainKernel {
  readonly kind: "reference" | "wasm";
  /** The payoff buffer f[0..SMAX]: write it, then call `solve`. */
  readonly f: Float64Array;
  /** Value buffers of the last solve (layouts: reference.ts `TurnBuffers`). */
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
  /** The whole race table (docs/solvers.md). `onProgress` gets 0..1 between rows. */
  race(onProgress?: (done: number) => void): RaceResult;
  /** Writes A's payoff at (a, b) for a race solved earlier; returns pcap. */
  payoffA(a: number, b: number, w: number, r: RaceResult): number;
  /** Writes B's payoff at (a, b) for a race solved earlier; returns pcap. */
  payoffB(a: number, b: number, w: number, r: RaceResult): number;
}
