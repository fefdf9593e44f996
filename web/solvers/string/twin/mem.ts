/**
 * TypeScript twin of assembly/plan/mem.ts: the planners' shared input and output tables, module-level and sized
 * by the kernel's limits (kernel.ts, which documents the layouts). The caller fills them, then calls a kernel.
 */
import { MAX_ADJ, MAX_OUT, MAX_ST } from "../kernel.ts";

export { MAX_ADJ, MAX_OUT, MAX_ST };
export const adjStart = new Int32Array(MAX_ST + 1);
export const adj = new Int32Array(MAX_ADJ);
export const colour = new Int32Array(MAX_ST);
export const white = new Int32Array(MAX_ST);
export const cubes = new Int32Array(6 * MAX_ST);
export const pile = new Int32Array(6);
export const out = new Int32Array(MAX_OUT);
