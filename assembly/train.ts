// The Train Game's Wasm module: exact turn and race solvers (assembly/dice/).
// Driven by web/solvers/train/wasm.ts, which lays out every buffer in linear memory once.
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
