// asc-flags: --initialMemory 112
// The String Railway planning module: exact cube score, long-distance routes, transport plans, string hints
// (assembly/plan/). Driven by web/solvers/string/wasm.ts, which writes inputs through views on the buffers
// named in the descriptor below (layouts: plan/mem.ts, plan/hint.ts). Runtime stub: every buffer is
// allocated once at start-up; no call allocates (the meeting-place resolver's buffers, which start small for the
// String geometry module, are grown to their limits here: the wrapper keeps its views for the module's life).
import * as meet from "./geometry/meet";
import * as poly from "./geometry/polyline";
import * as d from "./glue/descriptor";
import * as hint from "./plan/hint";
import * as mem from "./plan/mem";
import * as transport from "./plan/transport";

meet.reserveMeetings(meet.MAX_CONTACTS, meet.MAX_CHORDS);

export { scoreCubes } from "./plan/score";
export { ldRoute } from "./plan/ld";
export { planTransports } from "./plan/transport";
export { evaluate } from "./plan/hint";

// The descriptor (glue/descriptor.ts): every table the wrapper fills or reads, by the PlanKernel field name
// (web/solvers/string/kernel.ts), and the kernels' limits. Bump VERSION whenever a buffer, a limit's meaning or
// an export's signature changes.
// 2: the long-distance adjacency is a multigraph (one entry per own string); ldRoute never uses a hop twice.
// 3: placedString (the hint kernel counts meeting places per rival string).
const VERSION: i32 = 3;
d.describe("stringplan", VERSION);
d.buffer("adjStart", mem.adjStart);
d.buffer("adj", mem.adj);
d.buffer("colour", mem.colour);
d.buffer("white", mem.white);
d.buffer("cubes", mem.cubes);
d.buffer("pile", mem.pile);
d.buffer("out", mem.out);
d.buffer("cand", hint.cand);
d.buffer("candNv", hint.candNv);
d.buffer("candKind", hint.candKind);
d.buffer("board", hint.board);
d.buffer("mount", hint.mount);
d.buffer("net", hint.net);
d.buffer("outsk", hint.outsk);
d.buffer("resI", hint.resI);
d.buffer("resF", hint.resF);
d.buffer("discs", poly.discs);
d.buffer("placed", poly.placed);
d.buffer("placedString", poly.placedString); // the string id of each placed segment
d.limit("stations", mem.MAX_ST);
d.limit("adjacency", mem.MAX_ADJ);
d.limit("out", mem.MAX_OUT);
d.limit("candidates", hint.MAX_CAND);
d.limit("boardVertices", hint.MAX_BOARD); // board and mountain polygons
d.limit("placedSegments", poly.MAX_PLACED);
d.limit("discs", poly.MAX_DISCS);
d.limit("budget", transport.MAX_BUDGET); // AP + trades of planTransports
export { descriptor } from "./glue/descriptor";
