import { fresh } from "./fresh";
// The descriptor every Wasm module exports (`descriptor(): usize`): one block in linear memory naming the
// module, its version, its buffers (where they are, their element type and length) and its limits, so the
// TypeScript glue (web/wasm/glue.ts, one reader for every module) builds named views from it and refuses a
// module of another version. Nothing is found by position and no layout or limit is written twice.
//
// Format (docs/architecture.md "Wasm descriptor"), little-endian i32 words:
//   header, 8 words: magic "RKWD" (0x44574b52), format 1, module name (16 bytes of ASCII, NUL-padded),
//                    module version, entry count
//   entries, 8 words each: kind (1 buffer, 2 limit), name (16 bytes of ASCII, NUL-padded), then
//                    buffer: element type (1 i32, 2 u32, 3 f64, 4 f32, 5 u8), byte offset, length in elements
//                    limit:  value, 0, 0
//
// An entry file calls `describe` once, then `buffer` and `limit` per entry, in its top-level code (runtime stub:
// the block is a static array, built once at start-up), and re-exports `descriptor`. A module whose buffers grow on
// demand also exports `reserve(entry, elements): i32` (the entry's index, as `buffer` returned it; the elements it
// must hold): it grows the buffer, rewrites its entry (`moved`) and returns the buffer's length, or -1 for a buffer
// that does not grow. The glue (web/wasm/glue.ts `reserve`) calls it and reads the entry again.

export const MAGIC: i32 = 0x44574b52;
export const FORMAT: i32 = 1;
export const KIND_BUFFER: i32 = 1;
export const KIND_LIMIT: i32 = 2;
export const TYPE_I32: i32 = 1;
export const TYPE_U32: i32 = 2;
export const TYPE_F64: i32 = 3;
export const TYPE_F32: i32 = 4;
export const TYPE_U8: i32 = 5;
const NAME_BYTES: i32 = 16;
const HEADER: i32 = 8;
const ENTRY: i32 = 8;
const MAX_ENTRIES: i32 = 64;

const block = fresh<i32>(HEADER + ENTRY * MAX_ENTRIES);
let entries: i32 = 0;

/** Writes `name` (ASCII, at most 16 characters) at word `w`; traps at start-up on a longer name. */
function writeName(w: i32, name: string): void {
  if (name.length > NAME_BYTES) unreachable();
  const base = changetype<usize>(block) + (<usize>w << 2);
  for (let i = 0; i < NAME_BYTES; i++) store<u8>(base + <usize>i, i < name.length ? <u8>name.charCodeAt(i) : 0);
}

function entry(kind: i32, name: string, a: i32, b: i32, c: i32): i32 {
  if (entries == MAX_ENTRIES) unreachable();
  const index = entries++;
  const w = HEADER + ENTRY * index;
  block[w] = kind;
  writeName(w + 1, name);
  block[w + 5] = a;
  block[w + 6] = b;
  block[w + 7] = c;
  block[7] = entries;
  return index;
}

/** Starts the descriptor: the module's name (as in web/wasm/node.ts `WasmName`) and version. */
export function describe(name: string, version: i32): void {
  block[0] = MAGIC;
  block[1] = FORMAT;
  writeName(2, name);
  block[6] = version;
  block[7] = 0;
  entries = 0;
}

/**
 * A buffer TypeScript reads or writes: its name, and the array (element type and length come from it). Returns the
 * entry's index, by which a module that grows the buffer names it (`moved`, and its `reserve(entry, elements)`).
 */
export function buffer<T>(name: string, a: StaticArray<T>): i32 {
  let type: i32 = 0;
  if (isFloat<T>()) type = sizeof<T>() == 8 ? TYPE_F64 : TYPE_F32;
  else if (sizeof<T>() == 4) type = isSigned<T>() ? TYPE_I32 : TYPE_U32;
  else if (sizeof<T>() == 1 && !isSigned<T>()) type = TYPE_U8;
  else ERROR("descriptor buffers are i32, u32, f64, f32 or u8 arrays");
  return entry(KIND_BUFFER, name, type, <i32>changetype<usize>(a), a.length);
}

/** A grown buffer (same element type, now the array `a`): its entry's address and length are rewritten. */
export function moved<T>(index: i32, a: StaticArray<T>): void {
  if (index < 0 || index >= entries) unreachable();
  const w = HEADER + ENTRY * index;
  block[w + 6] = <i32>changetype<usize>(a);
  block[w + 7] = a.length;
}

/** A limit TypeScript checks inputs against before calling a kernel. */
export function limit(name: string, value: i32): void {
  entry(KIND_LIMIT, name, value, 0, 0);
}

/** Byte address of the descriptor block (exported by every entry file). */
export function descriptor(): usize {
  return changetype<usize>(block);
}
