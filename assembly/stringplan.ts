// The String Railway planning module: exact cube score, long-distance routes, transport plans, string hints
// (assembly/plan/). Driven by web/solvers/string/wasm.ts, which writes inputs through views on the buffers
// whose addresses are exported here (layouts: plan/mem.ts, plan/hint.ts). Runtime stub: every buffer is
// allocated once at start-up; no call allocates.
import * as poly from "./geometry/polyline";
import * as hint from "./plan/hint";
import * as mem from "./plan/mem";

export { scoreCubes } from "./plan/score";
export { ldRoute } from "./plan/ld";
export { planTransports } from "./plan/transport";
export { evaluate } from "./plan/hint";

/** Buffer addresses (byte offsets into memory), by number: see `BUFFERS` in web/solvers/string/wasm.ts. */
export function ptr(which: i32): usize {
  switch (which) {
    case 0: return changetype<usize>(mem.adjStart);
    case 1: return changetype<usize>(mem.adj);
    case 2: return changetype<usize>(mem.colour);
    case 3: return changetype<usize>(mem.white);
    case 4: return changetype<usize>(mem.cubes);
    case 5: return changetype<usize>(mem.pile);
    case 6: return changetype<usize>(mem.out);
    case 7: return changetype<usize>(hint.cand);
    case 8: return changetype<usize>(hint.candNv);
    case 9: return changetype<usize>(hint.candKind);
    case 10: return changetype<usize>(hint.board);
    case 11: return changetype<usize>(hint.mount);
    case 12: return changetype<usize>(hint.net);
    case 13: return changetype<usize>(hint.outsk);
    case 14: return changetype<usize>(hint.resI);
    case 15: return changetype<usize>(hint.resF);
    case 16: return changetype<usize>(poly.discs);
    case 17: return changetype<usize>(poly.placed);
    default: return 0;
  }
}

/** Limits: stations, adjacency entries, out, candidates, board/mountain vertices, placed segments. */
export function limit(which: i32): i32 {
  switch (which) {
    case 0: return mem.MAX_ST;
    case 1: return mem.MAX_ADJ;
    case 2: return mem.MAX_OUT;
    case 3: return hint.MAX_CAND;
    case 4: return hint.MAX_BOARD;
    case 5: return poly.MAX_PLACED;
    default: return 0;
  }
}
