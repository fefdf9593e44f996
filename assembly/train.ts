// The Train Game's Wasm module: exact turn and race solvers (assembly/dice/).
// Driven by web/solvers/train/wasm.ts, which lays out every buffer in linear memory once.
import * as d from "./glue/descriptor";

// The descriptor (glue/descriptor.ts): no buffers (TypeScript lays them out through allocBytes) and no limits
// yet. Bump VERSION whenever an export's signature or a table layout changes.
const VERSION: i32 = 1;
d.describe("train", VERSION);
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
