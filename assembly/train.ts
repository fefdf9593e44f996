// The Train Game's Wasm module: exact turn and race solvers (assembly/dice/).
// Driven by web/solvers/train/wasm.ts, which lays out every buffer in linear memory once.
import { PMAX, SMAX, TL } from "./dice/race";
import { REG_SCORE_MAX } from "./dice/turn";
import * as d from "./glue/descriptor";

// The descriptor (glue/descriptor.ts): no buffers (TypeScript lays them out through allocBytes), the limits the
// tables are sized by. Bump VERSION whenever an export's signature, a table layout or a limit changes.
const VERSION: i32 = 2;
d.describe("train", VERSION);
/** Largest points at stake a turn solve covers. */
d.limit("pmax", PMAX);
/** Last index of the payoff table f[0..scoreMax]. */
d.limit("scoreMax", SMAX);
/** Last index of the race's last-turn table. */
d.limit("raceLast", TL);
/** Largest score of a regular (non-freight) train. */
d.limit("regScoreMax", REG_SCORE_MAX);
export { descriptor } from "./glue/descriptor";
export { allocBytes } from "./dice/mem";
export { setTables, setBuffers, solveTurn, zeroProbability } from "./dice/turn";
export {
  setRaceBuffers,
  raceIterations,
  beatPayoff,
  evPayoff,
  fillPayoffA,
  fillPayoffB,
  raceLast,
  raceRows,
} from "./dice/race";
