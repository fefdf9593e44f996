/**
 * The buffers of assembly/geometry/polyline.ts that the planning kernels read (the candidate `path`, the station
 * `discs`, the other players' `placed` segments and their `placedString` ids), module-level and of the kernel's
 * sizes. The functions of that file have their twin in the engine's geometry (web/engine/string/geometry/
 * polyline.ts), which the twins here call on views of these buffers.
 */
import { MAX_PLACED } from "../kernel.ts";

export { MAX_PLACED };
export const MAX_PATH = 64;
export const MAX_DISCS = 1024;
export const path = new Float64Array(2 * MAX_PATH);
export const discs = new Float64Array(2 * MAX_DISCS);
export const placed = new Float64Array(4 * MAX_PLACED);
/** The string id of each placed segment (meeting places count per rival string). */
export const placedString = new Int32Array(MAX_PLACED);
