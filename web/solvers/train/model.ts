/**
 * The Train Game turn as a finite decision graph, flattened into typed arrays for the solvers
 * (the TypeScript twin in twin/, assembled by reference.ts, and the AssemblyScript kernel in assembly/dice/).
 *
 * A turn's future depends only on a *config* and on the points at stake:
 * - regular phase, before a roll: rolls left r (1..3) and the train config: no Engine (config 0), Engine without
 *   Tender (config 1), or Engine(s) + Tender + a multiset of cargo (counts of `4`, `3`, `2`; a Caboose ends the turn,
 *   so it is never in a config). `e = 1` allows 0..4 cargo, `e = 2` allows 0..3. A config with all six dice used is
 *   *full*: `e = 1` + 4 cargo must stop; `e = 2` + 3 cargo may stop or bank (freight).
 * - freight phase, before a roll: the points at stake P = banked + cargo in the slots, and n = 0..2 filled slots
 *   (3 filled slots is the stop-or-bank decision `full(P)`).
 *
 * A roll of k dice is grouped into outcomes that leave the same set of choices; each choice is a result: the turn
 * ends with a score (Caboose added) or the train moves to another config / freight state.
 *
 * Encodings (all Int32Array unless noted):
 * - configs `0..NC-1`: cfgE, cfgT, cfgN (cargo count), cfgSum (cargo points), cfgKind (0 rollable,
 *   1 full single engine: scores its sum, 2 full freight: stop or bank), cfgValid (1 if E + T + ≥1 cargo).
 * - regular outcomes of config c: `regOutStart[c] .. regOutStart[c + 1]`, probability `regOutProb` (Float64Array),
 *   choices `regChStart[o] .. regChStart[o + 1]` in `regCh`: `>= 0` next config, `< 0` the turn ends with
 *   score `-code - 1` (a Caboose was added). `regIdx` is the same choice as an index into the solvers' per-level
 *   vector U (`U[c]` = value after moving to config c, `U[nc + s]` = f(s) for a Caboose ending with score s).
 * - freight outcomes for n filled slots: `frOutStart[n] .. frOutStart[n + 1]`, `frOutProb` (Float64Array).
 *   Choices without the Caboose: `frChStart[o] .. frChStart[o + 1]` in `frChOff` = 4·dP + dn (dP points added,
 *   dn slots filled), an offset into the solvers' freight vector `FR[4·P + n]` (n = 3: the stop-or-bank decision).
 *   Choices with the Caboose: `frCbStart[o] .. frCbStart[o + 1]` in `frCbOff` = 2·dP: the turn ends with score
 *   2·(P + dP + 1) = f index `2·P + 2 + frCbOff`. An outcome with no choice at all is a Train Wreck (score 0).
 */

/** Probabilities of one die: E, T, 4, 3, 2, C. */
const FACE_COUNT = 6;

export interface TrainTables {
  nc: number;
  cfgE: Int32Array;
  cfgT: Int32Array;
  cfgN: Int32Array;
  cfgN4: Int32Array;
  cfgN3: Int32Array;
  cfgN2: Int32Array;
  cfgSum: Int32Array;
  cfgKind: Int32Array;
  cfgValid: Int32Array;
  regOutStart: Int32Array;
  regOutProb: Float64Array;
  regChStart: Int32Array;
  regCh: Int32Array;
  regIdx: Int32Array;
  frOutStart: Int32Array;
  frOutProb: Float64Array;
  frChStart: Int32Array;
  frChOff: Int32Array;
  frCbStart: Int32Array;
  frCbOff: Int32Array;
}

/** Highest score a regular-phase Caboose can end with (2 · (12 + 1)); U holds f(0..REG_SCORE_MAX). */
export const REG_SCORE_MAX = 26;

interface Config {
  e: number;
  t: number;
  n4: number;
  n3: number;
  n2: number;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Every multiset of `k` items over `classes` classes, as count vectors. */
function multisets(k: number, classes: number): number[][] {
  const out: number[][] = [];
  const rec = (i: number, left: number, acc: number[]): void => {
    if (i === classes - 1) {
      out.push([...acc, left]);
      return;
    }
    for (let c = left; c >= 0; c--) rec(i + 1, left - c, [...acc, c]);
  };
  rec(0, k, []);
  return out;
}

/** Multinomial probability of a count vector given per-class probabilities. */
function multinomial(counts: number[], probs: number[]): number {
  const k = counts.reduce((a, b) => a + b, 0);
  let p = factorial(k);
  counts.forEach((c, i) => {
    p *= probs[i]! ** c / factorial(c);
  });
  return p;
}

export function configKey(c: Config): string {
  return `${c.e}${c.t}${c.n4}${c.n3}${c.n2}`;
}

function listConfigs(): Config[] {
  const list: Config[] = [
    { e: 0, t: 0, n4: 0, n3: 0, n2: 0 },
    { e: 1, t: 0, n4: 0, n3: 0, n2: 0 },
  ];
  for (const e of [1, 2]) {
    const max = e === 1 ? 4 : 3;
    for (let n = 0; n <= max; n++) {
      for (const [n4, n3, n2] of multisets(n, 3)) list.push({ e, t: 1, n4: n4!, n3: n3!, n2: n2! });
    }
  }
  return list;
}

let cached: TrainTables | undefined;

/**
 * The flat tables of the turn graph: the ones given to {@link useTrainTables}, else built here once (Node builds
 * them in about 20 ms; a browser worker reads the shipped asset instead, turn-graph.ts).
 */
export function trainTables(): TrainTables {
  cached ??= buildTrainTables();
  return cached;
}

/**
 * Makes `t` (the decoded web/data/train/turn-graph.bin, equal to what {@link buildTrainTables} gives: a test
 * rebuilds the asset and compares) the tables every solver of this thread uses, unless they are in use already.
 */
export function useTrainTables(t: TrainTables): void {
  cached ??= t;
}

/** Builds the flat tables of the turn graph (each call anew; solvers use {@link trainTables}). */
export function buildTrainTables(): TrainTables {
  const configs = listConfigs();
  const index = new Map(configs.map((c, i) => [configKey(c), i]));
  const nc = configs.length;
  const cfg = (f: (c: Config) => number) => Int32Array.from(configs, f);
  const cfgN = cfg((c) => c.n4 + c.n3 + c.n2);
  const cfgSum = cfg((c) => 4 * c.n4 + 3 * c.n3 + 2 * c.n2);
  const cfgKind = cfg((c) => {
    const n = c.n4 + c.n3 + c.n2;
    if (c.e === 1 && c.t === 1 && n === 4) return 1;
    if (c.e === 2 && n === 3) return 2;
    return 0;
  });
  const cfgValid = cfg((c) => (c.e >= 1 && c.t === 1 && c.n4 + c.n3 + c.n2 >= 1 ? 1 : 0));

  const regOutStart = [0];
  const regOutProb: number[] = [];
  const regChStart = [0];
  const regCh: number[] = [];
  const dieProbs = Array(FACE_COUNT).fill(1 / 6);
  configs.forEach((c, ci) => {
    if (cfgKind[ci] === 0) {
      const inTrain = c.e + c.t + c.n4 + c.n3 + c.n2;
      const k = 6 - inTrain;
      // Group outcomes by their (sorted) choice list.
      const groups = new Map<string, { p: number; ch: number[] }>();
      for (const [cE, cT, c4, c3, c2, cC] of multisets(k, FACE_COUNT) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ][]) {
        const p = multinomial([cE, cT, c4, c3, c2, cC], dieProbs);
        let e = c.e;
        let t = c.t;
        let restE = cE;
        if (e === 0 && restE > 0) {
          e = 1;
          restE--;
        }
        if (e >= 1 && t === 0 && cT > 0) t = 1;
        const results = new Set<number>();
        if (t === 0) {
          results.add(index.get(configKey({ e, t, n4: 0, n3: 0, n2: 0 }))!);
        } else {
          for (let i4 = 0; i4 <= c4; i4++)
            for (let i3 = 0; i3 <= c3; i3++)
              for (let i2 = 0; i2 <= c2; i2++)
                for (let iC = 0; iC <= Math.min(cC, 1); iC++)
                  for (let iE = 0; iE <= (e === 1 && restE > 0 ? 1 : 0); iE++) {
                    const n4 = c.n4 + i4;
                    const n3 = c.n3 + i3;
                    const n2 = c.n2 + i2;
                    const e2 = e + iE;
                    if (iC === 1) {
                      const bonus = e2 === 1 && n4 === 1 && n3 === 1 && n2 === 1;
                      const score = bonus ? 25 : 2 * (4 * n4 + 3 * n3 + 2 * n2 + 1);
                      results.add(-score - 1);
                    } else {
                      results.add(index.get(configKey({ e: e2, t, n4, n3, n2 }))!);
                    }
                  }
        }
        const ch = [...results].sort((a, b) => a - b);
        const key = ch.join(",");
        const g = groups.get(key);
        if (g) g.p += p;
        else groups.set(key, { p, ch });
      }
      for (const g of groups.values()) {
        regOutProb.push(g.p);
        regCh.push(...g.ch);
        regChStart.push(regCh.length);
      }
    }
    regOutStart.push(regOutProb.length);
  });

  // Freight: classes 4, 3, 2, C, X (E or T: unplayable).
  const frOutStart = [0];
  const frOutProb: number[] = [];
  const frChStart = [0];
  const frChOff: number[] = [];
  const frCbStart = [0];
  const frCbOff: number[] = [];
  const classProbs = [1 / 6, 1 / 6, 1 / 6, 1 / 6, 2 / 6];
  for (let n = 0; n < 3; n++) {
    const k = 3 - n;
    const groups = new Map<string, { p: number; ch: [number, number, number][] }>();
    for (const [c4, c3, c2, cC, cX] of multisets(k, 5) as [number, number, number, number, number][]) {
      const p = multinomial([c4, c3, c2, cC, cX], classProbs);
      const seen = new Map<string, [number, number, number]>();
      for (let i4 = 0; i4 <= c4; i4++)
        for (let i3 = 0; i3 <= c3; i3++)
          for (let i2 = 0; i2 <= c2; i2++)
            for (let iC = 0; iC <= Math.min(cC, 1); iC++) {
              const dn = i4 + i3 + i2;
              if (dn + iC === 0) continue;
              const dP = 4 * i4 + 3 * i3 + 2 * i2;
              seen.set(`${dP},${dn},${iC}`, [dP, dn, iC]);
            }
      const ch = [...seen.values()].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      const key = ch.map((x) => x.join(":")).join(",");
      const g = groups.get(key);
      if (g) g.p += p;
      else groups.set(key, { p, ch });
    }
    for (const g of groups.values()) {
      frOutProb.push(g.p);
      for (const [dP, dn, c] of g.ch) {
        if (c === 1) frCbOff.push(2 * dP);
        else frChOff.push(4 * dP + dn);
      }
      frChStart.push(frChOff.length);
      frCbStart.push(frCbOff.length);
    }
    frOutStart.push(frOutProb.length);
  }

  return {
    nc,
    cfgE: cfg((c) => c.e),
    cfgT: cfg((c) => c.t),
    cfgN,
    cfgN4: cfg((c) => c.n4),
    cfgN3: cfg((c) => c.n3),
    cfgN2: cfg((c) => c.n2),
    cfgSum,
    cfgKind,
    cfgValid,
    regOutStart: Int32Array.from(regOutStart),
    regOutProb: Float64Array.from(regOutProb),
    regChStart: Int32Array.from(regChStart),
    regCh: Int32Array.from(regCh),
    regIdx: Int32Array.from(regCh, (code) => (code >= 0 ? code : nc - code - 1)),
    frOutStart: Int32Array.from(frOutStart),
    frOutProb: Float64Array.from(frOutProb),
    frChStart: Int32Array.from(frChStart),
    frChOff: Int32Array.from(frChOff),
    frCbStart: Int32Array.from(frCbStart),
    frCbOff: Int32Array.from(frCbOff),
  };
}

/** The index of a config, or -1. */
export function configIndex(e: number, t: number, n4: number, n3: number, n2: number): number {
  const T = trainTables();
  for (let i = 0; i < T.nc; i++) {
    if (T.cfgE[i] === e && T.cfgT[i] === t && T.cfgN4[i] === n4 && T.cfgN3[i] === n3 && T.cfgN2[i] === n2)
      return i;
  }
  return -1;
}
