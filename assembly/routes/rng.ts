// mulberry32 (Tommy Ettinger): the same generator as web/engine/common/rng.ts, so a seed gives the
// same draws in Wasm and in the TypeScript twin (web/solvers/light/twin/rng.ts).

let rngState: u32 = 0;

export function rngSeed(seed: u32): void {
  rngState = seed;
}

export function rngGet(): u32 {
  return rngState;
}

/** Next raw 32-bit draw. */
// @ts-ignore: decorator
@inline export function rngNext(): u32 {
  rngState += 0x6d2b79f5;
  let t = rngState;
  t = (t ^ (t >>> 15)) * (t | 1);
  t ^= t + (t ^ (t >>> 7)) * (t | 61);
  return t ^ (t >>> 14);
}

/** An integer in [0, n): floor(draw / 2^32 * n), exactly what `Rng.int(n)` computes in TypeScript. */
// @ts-ignore: decorator
@inline export function rngInt(n: i32): i32 {
  return <i32>((<u64>rngNext() * <u64>n) >>> 32);
}
