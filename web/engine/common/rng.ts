/**
 * Seeded pseudo-random generator whose whole state is one unsigned 32-bit integer, so it lives inside a
 * game state (plain JSON) and moves stay pure: every draw returns the next state with the value.
 * Algorithm: mulberry32 (Tommy Ettinger), period 2^32, good enough for games and tests.
 * `Math.random` is never used by the engines.
 */
export type RngState = number;

/** Turns any seed (number or string) into an initial generator state (FNV-1a for strings). */
export function seedRng(seed: number | string): RngState {
  if (typeof seed === "number") {
    if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
    return Math.trunc(seed) >>> 0;
  }
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** One draw: a float in [0, 1) and the next state. */
export function nextFloat(state: RngState): [number, RngState] {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, next];
}

/** One draw: an integer in [0, n) and the next state. `n` must be a positive integer. */
export function nextInt(state: RngState, n: number): [number, RngState] {
  const [f, s] = nextFloat(state);
  return [Math.floor(f * n), s];
}

/** Mutable cursor over an RngState, for code that draws many values in one pure step. */
export class Rng {
  constructor(public state: RngState) {}
  float(): number {
    const [f, s] = nextFloat(this.state);
    this.state = s;
    return f;
  }
  int(n: number): number {
    return Math.floor(this.float() * n);
  }
  /** Fisher-Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }
}
