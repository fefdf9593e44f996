// One turn of The Train Game solved for an arbitrary payoff f(score): the same maths as
// web/solvers/train/twin/turn.ts `solveTurn` over the same flat tables (web/solvers/train/model.ts documents
// them). Tables and buffers are set once from TypeScript (`setTables`, `setBuffers`); a solve allocates nothing.
import { ldf, ldi, stf } from "./mem";

// Table addresses (Int32 unless noted), written once by setTables.
let nc: i32 = 0;
let cfgKind: usize = 0;
let cfgSum: usize = 0;
let cfgValid: usize = 0;
let regOutStart: usize = 0;
let regOutProb: usize = 0; // f64
let regChStart: usize = 0;
let regIdx: usize = 0;
let frOutStart: usize = 0;
let frOutProb: usize = 0; // f64
let frChStart: usize = 0;
let frChOff: usize = 0;
let frCbStart: usize = 0;
let frCbOff: usize = 0;

export const REG_SCORE_MAX: i32 = 26;
const EXT: i32 = 14;

// Work buffers (f64), written once by setBuffers.
export let fBuf: usize = 0; // payoff f[0..SMAX]
let fr: usize = 0; // [4 * P + n], n = 3: stop or bank
let frZ: usize = 0;
let reg: usize = 0; // [r * nc + c]
let regZ: usize = 0;
let u: usize = 0; // [c] after a choice, [nc + s] a Caboose ending with s
let uz: usize = 0;

export function setTables(
  nConfigs: i32,
  kind: usize,
  sum: usize,
  valid: usize,
  rOutStart: usize,
  rOutProb: usize,
  rChStart: usize,
  rIdx: usize,
  fOutStart: usize,
  fOutProb: usize,
  fChStart: usize,
  fChOff: usize,
  fCbStart: usize,
  fCbOff: usize,
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

export function setBuffers(f: usize, frB: usize, frZB: usize, regB: usize, regZB: usize, uB: usize, uzB: usize): void {
  fBuf = f;
  fr = frB;
  frZ = frZB;
  reg = regB;
  regZ = regZB;
  u = uB;
  uz = uzB;
}

/** Probability of ending with score 0 from the start of the turn, under the policy of the last solve. */
export function zeroProbability(): f64 {
  return ldf(regZ, 3 * nc);
}

/** Solves the turn for the payoff in fBuf; freight states with P > pcap stop. Returns the start value. */
export function solveTurn(pcap: i32): f64 {
  const f = fBuf;
  const top = max(pcap, 0) + EXT;
  for (let q = pcap + 1; q <= top; q++) {
    const v = ldf(f, q);
    for (let m = 0; m < 4; m++) {
      stf(fr, 4 * q + m, v);
      stf(frZ, 4 * q + m, 0);
    }
  }
  for (let P = pcap; P >= 1; P--) {
    const stop = ldf(f, P);
    for (let n = 2; n >= 0; n--) {
      const base = 4 * P + n;
      let acc: f64 = 0;
      let accZ: f64 = 0;
      const oEnd = ldi(frOutStart, n + 1);
      for (let o = ldi(frOutStart, n); o < oEnd; o++) {
        let best: f64 = -Infinity;
        let bestZ: f64 = 0;
        const jEnd = ldi(frChStart, o + 1);
        for (let j = ldi(frChStart, o); j < jEnd; j++) {
          const k = base + ldi(frChOff, j);
          const v = ldf(fr, k);
          if (v > best) {
            best = v;
            bestZ = ldf(frZ, k);
          }
        }
        const cEnd = ldi(frCbStart, o + 1);
        for (let j = ldi(frCbStart, o); j < cEnd; j++) {
          const v = ldf(f, 2 * P + 2 + ldi(frCbOff, j));
          if (v > best) {
            best = v;
            bestZ = 0;
          }
        }
        if (best == -Infinity) {
          best = ldf(f, 0);
          bestZ = 1;
        }
        const p = ldf(frOutProb, o);
        acc += p * best;
        accZ += p * bestZ;
      }
      if (stop >= acc) {
        stf(fr, base, stop);
        stf(frZ, base, 0);
      } else {
        stf(fr, base, acc);
        stf(frZ, base, accZ);
      }
    }
    const bank = ldf(fr, 4 * P);
    if (stop >= bank) {
      stf(fr, 4 * P + 3, stop);
      stf(frZ, 4 * P + 3, 0);
    } else {
      stf(fr, 4 * P + 3, bank);
      stf(frZ, 4 * P + 3, ldf(frZ, 4 * P));
    }
  }
  for (let s = 0; s <= REG_SCORE_MAX; s++) {
    stf(u, nc + s, ldf(f, s));
    stf(uz, nc + s, 0);
  }
  for (let r = 1; r <= 3; r++) {
    for (let c = 0; c < nc; c++) {
      const kind = ldi(cfgKind, c);
      const sum = ldi(cfgSum, c);
      if (kind == 1) {
        stf(u, c, ldf(f, sum));
        stf(uz, c, 0);
      } else if (kind == 2) {
        stf(u, c, ldf(fr, 4 * sum + 3));
        stf(uz, c, ldf(frZ, 4 * sum + 3));
      } else if (r == 1) {
        if (ldi(cfgValid, c) == 1) {
          stf(u, c, ldf(f, sum));
          stf(uz, c, 0);
        } else {
          stf(u, c, ldf(f, 0));
          stf(uz, c, 1);
        }
      } else {
        stf(u, c, ldf(reg, (r - 1) * nc + c));
        stf(uz, c, ldf(regZ, (r - 1) * nc + c));
      }
    }
    const cEnd = r == 3 ? 1 : nc;
    for (let c = 0; c < cEnd; c++) {
      const o0 = ldi(regOutStart, c);
      const o1 = ldi(regOutStart, c + 1);
      if (o0 == o1) continue;
      let acc: f64 = 0;
      let accZ: f64 = 0;
      for (let o = o0; o < o1; o++) {
        let best: f64 = -Infinity;
        let bestZ: f64 = 0;
        const jEnd = ldi(regChStart, o + 1);
        for (let j = ldi(regChStart, o); j < jEnd; j++) {
          const k = ldi(regIdx, j);
          const v = ldf(u, k);
          if (v > best) {
            best = v;
            bestZ = ldf(uz, k);
          }
        }
        const p = ldf(regOutProb, o);
        acc += p * best;
        accZ += p * bestZ;
      }
      const valid = ldi(cfgValid, c) == 1;
      const stop = ldf(f, valid ? ldi(cfgSum, c) : 0);
      // With three rolls left nothing is rolled yet: the turn's first action is a roll (no stop; train.roll-first).
      if (r < 3 && stop >= acc) {
        stf(reg, r * nc + c, stop);
        stf(regZ, r * nc + c, valid ? 0 : 1);
      } else {
        stf(reg, r * nc + c, acc);
        stf(regZ, r * nc + c, accZ);
      }
    }
  }
  return ldf(reg, 3 * nc);
}
