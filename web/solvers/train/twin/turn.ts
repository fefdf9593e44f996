/**
 * TypeScript twin of assembly/dice/turn.ts: one turn of The Train Game solved for an arbitrary payoff f(score),
 * the same loops over the same flat tables (model.ts documents them), with the kernel's signatures. The tables
 * and work buffers are set with `setTables` / `setBuffers` (typed arrays where the kernel takes addresses); a
 * solve allocates nothing. Notation and the truncation argument: docs/solvers.md.
 *
 * Buffers after `solveTurn`:
 * - `fr[4 * P + n]`: value before a freight roll with P points at stake and n = 0..2 filled slots; `fr[4 * P + 3]`:
 *   the stop-or-bank decision with three filled slots (P ≤ pcap; up to pcap + 14 they hold the stop value);
 * - `reg[r * nc + c]`: value before a regular roll with r rolls left (1..3) in config c (r = 3: config 0 only);
 * - `frZ`, `regZ`: the same states' probability of ending the turn with score 0 under the chosen policy;
 * - `u`, `uz`: scratch, the values after a regular choice (`u[c]` config c, `u[nc + s]` a Caboose ending with s).
 */
import { REG_SCORE_MAX } from "../model.ts";

export { REG_SCORE_MAX };
/** Freight states past pcap are filled in as stops this far (the largest single step adds 12 points). */
export const EXT = 14;

const NO_I32 = new Int32Array(0);
const NO_F64 = new Float64Array(0);

// Tables, set once by setTables.
let nc = 0;
let cfgKind: Int32Array = NO_I32;
let cfgSum: Int32Array = NO_I32;
let cfgValid: Int32Array = NO_I32;
let regOutStart: Int32Array = NO_I32;
let regOutProb: Float64Array = NO_F64;
let regChStart: Int32Array = NO_I32;
let regIdx: Int32Array = NO_I32;
let frOutStart: Int32Array = NO_I32;
let frOutProb: Float64Array = NO_F64;
let frChStart: Int32Array = NO_I32;
let frChOff: Int32Array = NO_I32;
let frCbStart: Int32Array = NO_I32;
let frCbOff: Int32Array = NO_I32;

// Work buffers, set once by setBuffers.
/** The payoff f[0..SMAX]. */
export let fBuf: Float64Array = NO_F64;
let fr: Float64Array = NO_F64;
let frZ: Float64Array = NO_F64;
let reg: Float64Array = NO_F64;
let regZ: Float64Array = NO_F64;
let u: Float64Array = NO_F64;
let uz: Float64Array = NO_F64;

export function setTables(
  nConfigs: number,
  kind: Int32Array,
  sum: Int32Array,
  valid: Int32Array,
  rOutStart: Int32Array,
  rOutProb: Float64Array,
  rChStart: Int32Array,
  rIdx: Int32Array,
  fOutStart: Int32Array,
  fOutProb: Float64Array,
  fChStart: Int32Array,
  fChOff: Int32Array,
  fCbStart: Int32Array,
  fCbOff: Int32Array,
): void {
  nc = nConfigs;
  cfgKind = kind;
  cfgSum = sum;
  cfgValid = valid;
  regOutStart = rOutStart;
  regOutProb = rOutProb;
  regChStart = rChStart;
  regIdx = rIdx;
  frOutStart = fOutStart;
  frOutProb = fOutProb;
  frChStart = fChStart;
  frChOff = fChOff;
  frCbStart = fCbStart;
  frCbOff = fCbOff;
}

export function setBuffers(
  f: Float64Array,
  frB: Float64Array,
  frZB: Float64Array,
  regB: Float64Array,
  regZB: Float64Array,
  uB: Float64Array,
  uzB: Float64Array,
): void {
  fBuf = f;
  fr = frB;
  frZ = frZB;
  reg = regB;
  regZ = regZB;
  u = uB;
  uz = uzB;
}

/** Probability of ending with score 0 from the start of the turn, under the policy of the last solve. */
export function zeroProbability(): number {
  return regZ[3 * nc]!;
}

/**
 * Solves the turn for the payoff in fBuf (f[s] = worth of ending the turn with score s), maximising E[f(score)];
 * freight states with P > pcap stop (docs/solvers.md bounds what this neglects). Returns the value at the start
 * of the turn (config 0, three rolls left). The turn starts with a roll (no stop before it: train.roll-first).
 * Ties keep the stop, then the first choice in table order (the zero-score probabilities follow that choice).
 */
export function solveTurn(pcap: number): number {
  const f = fBuf;
  const top = Math.max(pcap, 0) + EXT;
  for (let q = pcap + 1; q <= top; q++) {
    for (let m = 0; m < 4; m++) {
      fr[4 * q + m] = f[q]!;
      frZ[4 * q + m] = 0;
    }
  }
  // Freight, P descending: every choice adds ≥ 2 points; banking keeps P and empties the slots (m = 3 → n = 0).
  for (let P = pcap; P >= 1; P--) {
    const stop = f[P]!;
    for (let n = 2; n >= 0; n--) {
      const base = 4 * P + n;
      let acc = 0;
      let accZ = 0;
      for (let o = frOutStart[n]!; o < frOutStart[n + 1]!; o++) {
        let best = Number.NEGATIVE_INFINITY;
        let bestZ = 0;
        for (let j = frChStart[o]!; j < frChStart[o + 1]!; j++) {
          const v = fr[base + frChOff[j]!]!;
          if (v > best) {
            best = v;
            bestZ = frZ[base + frChOff[j]!]!;
          }
        }
        for (let j = frCbStart[o]!; j < frCbStart[o + 1]!; j++) {
          const v = f[2 * P + 2 + frCbOff[j]!]!;
          if (v > best) {
            best = v;
            bestZ = 0;
          }
        }
        if (best === Number.NEGATIVE_INFINITY) {
          best = f[0]!; // Train Wreck
          bestZ = 1;
        }
        const p = frOutProb[o]!;
        acc += p * best;
        accZ += p * bestZ;
      }
      if (stop >= acc) {
        fr[base] = stop;
        frZ[base] = 0;
      } else {
        fr[base] = acc;
        frZ[base] = accZ;
      }
    }
    if (stop >= fr[4 * P]!) {
      fr[4 * P + 3] = stop;
      frZ[4 * P + 3] = 0;
    } else {
      fr[4 * P + 3] = fr[4 * P]!;
      frZ[4 * P + 3] = frZ[4 * P]!;
    }
  }
  // Regular phase, one roll at a time. u: the value of each result with r - 1 rolls left.
  for (let s = 0; s <= REG_SCORE_MAX; s++) {
    u[nc + s] = f[s]!;
    uz[nc + s] = 0;
  }
  for (let r = 1; r <= 3; r++) {
    for (let c = 0; c < nc; c++) {
      const kind = cfgKind[c]!;
      const sum = cfgSum[c]!;
      if (kind === 1) {
        u[c] = f[sum]!;
        uz[c] = 0;
      } else if (kind === 2) {
        u[c] = fr[4 * sum + 3]!;
        uz[c] = frZ[4 * sum + 3]!;
      } else if (r === 1) {
        const valid = cfgValid[c] === 1;
        u[c] = f[valid ? sum : 0]!;
        uz[c] = valid ? 0 : 1;
      } else {
        u[c] = reg[(r - 1) * nc + c]!;
        uz[c] = regZ[(r - 1) * nc + c]!;
      }
    }
    // With three rolls left the train is always empty: only config 0 is ever asked for.
    const cEnd = r === 3 ? 1 : nc;
    for (let c = 0; c < cEnd; c++) {
      const o0 = regOutStart[c]!;
      const o1 = regOutStart[c + 1]!;
      if (o0 === o1) continue;
      let acc = 0;
      let accZ = 0;
      for (let o = o0; o < o1; o++) {
        let best = Number.NEGATIVE_INFINITY;
        let bestZ = 0;
        for (let j = regChStart[o]!; j < regChStart[o + 1]!; j++) {
          const v = u[regIdx[j]!]!;
          if (v > best) {
            best = v;
            bestZ = uz[regIdx[j]!]!;
          }
        }
        const p = regOutProb[o]!;
        acc += p * best;
        accZ += p * bestZ;
      }
      const valid = cfgValid[c] === 1;
      const stop = f[valid ? cfgSum[c]! : 0]!;
      // With three rolls left nothing is rolled yet: the turn's first action is a roll (no stop; train.roll-first).
      if (r < 3 && stop >= acc) {
        reg[r * nc + c] = stop;
        regZ[r * nc + c] = valid ? 0 : 1;
      } else {
        reg[r * nc + c] = acc;
        regZ[r * nc + c] = accZ;
      }
    }
  }
  return reg[3 * nc]!;
}
