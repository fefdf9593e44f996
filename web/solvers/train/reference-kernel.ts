import type { TrainKernel } from "./kernel.ts";
import {
  beatPayoff,
  evPayoff,
  fillPayoffA,
  fillPayoffB,
  type RaceResult,
  SMAX,
  solveRace,
  solveTurn,
  TurnBuffers,
} from "./reference.ts";

/** The TypeScript reference as a TrainKernel. */
export function createReferenceKernel(): TrainKernel {
  const b = new TurnBuffers();
  const f = new Float64Array(SMAX + 1);
  return {
    kind: "reference",
    f,
    fr: b.fr,
    reg: b.reg,
    solve: (pcap) => solveTurn(f, pcap, b),
    zeroProbability: () => b.zeroProbability,
    beatPayoff: (t, tieHalf) => beatPayoff(f, t, tieHalf),
    evPayoff: () => evPayoff(f),
    race: (onProgress) => solveRace(onProgress),
    payoffA: (a, bb, w, r: RaceResult) => fillPayoffA(f, a, bb, w, r),
    payoffB: (a, bb, w, r: RaceResult) => fillPayoffB(f, a, bb, w, r),
  };
}
