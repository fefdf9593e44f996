import { fresh } from "../glue/fresh";
// The shipped assets' checks (web/solvers/train/race-table.ts, turn-graph.ts): the word checksum, FNV-1a (32-bit)
// over little-endian 32-bit words, and the race table's stopAt range check over little-endian u16s. The caller
// copies the bytes into `bytes` a chunk of at most MAX_BYTES at a time and passes byte offsets into it (the hash
// carries over from chunk to chunk); nothing is checked here (web/solvers/train/checksum-wasm.ts checks lengths
// first). TypeScript twin: web/solvers/train/twin/checksum.ts.

/** Bytes of one chunk. */
export const MAX_BYTES: i32 = 1 << 16;
/** The chunk to check, copied in by the caller. */
export const bytes = fresh<u8>(MAX_BYTES);

/** FNV-1a's offset basis: the hash of nothing, where a checksum starts. */
export const FNV_OFFSET: u32 = 0x811c9dc5;
const FNV_PRIME: u32 = 0x01000193;

/** Hash h continued over the u32 words of bytes[p..end) (end - p a multiple of 4): h = (h ^ word) × prime. */
export function fnv(h: u32, p: i32, end: i32): u32 {
  const base = changetype<usize>(bytes);
  for (let i = p; i < end; i += 4) h = (h ^ load<u32>(base + <usize>i)) * FNV_PRIME;
  return h;
}

/** 1 when every u16 of bytes[p..end) (end - p even) is in lo..hi, else 0. */
export function inRange16(p: i32, end: i32, lo: i32, hi: i32): i32 {
  const base = changetype<usize>(bytes);
  for (let i = p; i < end; i += 2) {
    const v = <i32>load<u16>(base + <usize>i);
    if (v < lo || v > hi) return 0;
  }
  return 1;
}
