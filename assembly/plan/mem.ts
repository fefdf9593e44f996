import { fresh } from "../glue/fresh";
// Fixed buffers of the String Railway planning module (stub runtime: allocated once at start-up, never per
// call). The TypeScript wrapper (web/solvers/string/wasm.ts) writes the flat tables below through views on
// linear memory; its twin web/solvers/string/twin/mem.ts holds the same tables as plain typed arrays.
//
// Layouts (i32 unless stated; station indices are the engine's `state.stations` indices):
// - `adjStart[0..n]`, `adj[..]`: CSR adjacency. LD: hop multigraph (next/previous touched station along one own
//   string, once per string that joins the two). Transport: connection graph (both stations touched by one own
//   string).
// - `colour[v]`: LD route colour (0 red, 1 blue, 2 purple, 3 yellow, -1 none) or, for transports, the scoring
//   colour (0..4 with 4 green, -1 none).
// - `white[v]`: LD: 1 when station v holds a white cube. `cubes[6 v + c]`: cubes of colour c (0..5, 5 white) on v.
// - `pile[0..5]`: the score pile. `out[..]`: kernel outputs (layouts in ld.ts, transport.ts, hint.ts).
export const MAX_ST: i32 = 256;
export const MAX_ADJ: i32 = 16384;
export const MAX_OUT: i32 = 4096;

export const adjStart = fresh<i32>(MAX_ST + 1);
export const adj = fresh<i32>(MAX_ADJ);
export const colour = fresh<i32>(MAX_ST);
export const white = fresh<i32>(MAX_ST);
export const cubes = fresh<i32>(6 * MAX_ST);
export const pile = fresh<i32>(6);
export const out = fresh<i32>(MAX_OUT);
