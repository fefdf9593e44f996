/** String Railway solvers and hints (docs/string-solvers.md): kernels (Wasm and TS twin), planners, bot. */

export { adviceFor, previewHint, type StringHint, type StringPreviewRequest } from "./advice.ts";
export { playSolverBotGame, type SolverBotGame, solverBotAction } from "./bot.ts";
export { check, MAX_BUDGET, MAX_CAND, MAX_ST, type PlanKernel, ROUTE_ERRORS } from "./kernel.ts";
export {
  BEND_OFFSETS,
  candidateError,
  evaluateCandidates,
  generateCandidates,
  type LongDistanceRoute,
  longDistanceRoutes,
  planTransport,
  type StringPlacementHint,
  scorePile,
  stringHints,
  type TransportPlan,
} from "./model.ts";
export { createReferenceKernel, scoreCounts } from "./reference.ts";
export { createStringSolver, createStringSolverReference, type StringSolver } from "./solver.ts";
export { createWasmKernel } from "./wasm.ts";
