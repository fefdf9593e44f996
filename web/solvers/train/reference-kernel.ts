import { checkGoal, checkPcap, checkRacePair, checkTarget, type TrainKernel } from "./kernel.ts";
import {
  beatPayoff,
  evPayoff,
  fillPayoffA,
  fillPayoffB,
  PMAX,
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
