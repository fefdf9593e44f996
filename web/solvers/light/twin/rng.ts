/**
 * TypeScript twin of assembly/routes/rng.ts: mulberry32 (Tommy Ettinger), the same generator as
 * web/engine/common/rng.ts, so a seed gives the same draws in Wasm and here.
 */

/** The generator's state (the kernel's u32, here its Int32 bits). */
let rngState = 0;

export function rngSeed(seed: number): void {
  rngState = seed | 0;
}

export function rngGet(): number {
  return rngState;
}

/** Next raw 32-bit draw. */
export function rngNext(): number {
  rngState = (rngState + 0x6d2b79f5) | 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** An integer in [0, n): floor(draw / 2^32 * n), exactly what `Rng.int(n)` computes. */
export function rngInt(n: number): number {
  return Math.floor((rngNext() * n) / 4294967296);
}
