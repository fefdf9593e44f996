/**
 * The plain TypeScript twin of the planning kernels (assembly/plan/*.ts), as a PlanKernel: the thin assembly of
 * twin/<file>.ts, one file per kernel file with the kernel's functions and signatures (twin/mem.ts, hint.ts,
 * polyline.ts hold the tables, module-level as the kernel's are static arrays), so the tests can compare each
 * with its kernel on seeded inputs. The twins' tables are module state, like one Wasm instance's memory: every
 * reference kernel shows the same tables, which the caller fills right before each call. The hint evaluation
 * calls the engine's own geometry (web/engine/string/geometry/), of which assembly/geometry/ is the Wasm twin.
 */
import type { PlanKernel } from "./kernel.ts";
import * as hint from "./twin/hint.ts";
import { ldRoute } from "./twin/ld.ts";
import * as mem from "./twin/mem.ts";
import * as poly from "./twin/polyline.ts";
import { scoreCubes } from "./twin/score.ts";
import { planTransports } from "./twin/transport.ts";

/** Exact maximum over every spread of the whites (twin/score.ts `scoreCubes`). */
export const scoreCounts = scoreCubes;

export function createReferenceKernel(): PlanKernel {
  return {
    kind: "reference",
    adjStart: mem.adjStart,
    adj: mem.adj,
    colour: mem.colour,
    white: mem.white,
    cubes: mem.cubes,
    pile: mem.pile,
    out: mem.out,
    cand: hint.cand,
    candNv: hint.candNv,
    candKind: hint.candKind,
    board: hint.board,
    mount: hint.mount,
    net: hint.net,
    outsk: hint.outsk,
    resI: hint.resI,
    resF: hint.resF,
    discs: poly.discs,
    placed: poly.placed,
    placedString: poly.placedString,
    scoreCubes,
    ldRoute,
    planTransports,
    evaluate: hint.evaluate,
  };
}
