/**
 * TypeScript twin of assembly/assets/checksum.ts: the assets' word checksum (FNV-1a, 32-bit, over little-endian
 * 32-bit words) and the stopAt range check (little-endian u16s), over the same one-chunk buffer `bytes`, with the
 * kernel's signatures. The caller copies each chunk into `bytes` and passes byte offsets into it
 * (web/solvers/train/checksum-wasm.ts drives both).
 */

/** Bytes of one chunk. */
export const MAX_BYTES = 1 << 16;
/** The chunk to check, copied in by the caller. */
export const bytes = new Uint8Array(MAX_BYTES);

/** FNV-1a's offset basis: the hash of nothing, where a checksum starts. */
export const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

const view = new DataView(bytes.buffer);

/** Hash h continued over the u32 words of bytes[p..end) (end - p a multiple of 4): h = (h ^ word) × prime. */
export function fnv(h: number, p: number, end: number): number {
  for (let i = p; i < end; i += 4) h = Math.imul(h ^ view.getUint32(i, true), FNV_PRIME);
  return h >>> 0;
}

/** 1 when every u16 of bytes[p..end) (end - p even) is in lo..hi, else 0. */
export function inRange16(p: number, end: number, lo: number, hi: number): number {
  for (let i = p; i < end; i += 2) {
    const v = view.getUint16(i, true);
    if (v < lo || v > hi) return 0;
  }
  return 1;
}
