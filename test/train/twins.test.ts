/**
 * The Train Game twins (web/solvers/train/twin/turn.ts, race.ts, mem.ts) against their kernel files
 * (assembly/dice/turn.ts, race.ts, mem.ts) through the Wasm wrapper, on seeded inputs: the same turn values,
 * buffers and zero-score probability for seeded payoffs and pcaps, the same payoffs for seeded race tables, bit
 * for bit (the same f64 operations in the same order).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../web/engine/common/rng.ts";
import type { TrainKernel } from "../../web/solvers/train/kernel.ts";
import { REG_SCORE_MAX, trainTables } from "../../web/solvers/train/model.ts";
import { FR_LEN, fillPayoffA, fillPayoffB, type RaceResult } from "../../web/solvers/train/reference.ts";
import { allocBytes } from "../../web/solvers/train/twin/mem.ts";
import * as race from "../../web/solvers/train/twin/race.ts";
import * as turn from "../../web/solvers/train/twin/turn.ts";
import { createWasmKernel } from "../../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: TrainKernel;
const T = trainTables();
const nc = T.nc;
const f = new Float64Array(race.SMAX + 1);
const fr = new Float64Array(FR_LEN);
const reg = new Float64Array(4 * nc);
const frZ = new Float64Array(FR_LEN);
const regZ = new Float64Array(4 * nc);
const u = new Float64Array(nc + REG_SCORE_MAX + 1);
const uz = new Float64Array(nc + REG_SCORE_MAX + 1);
beforeAll(async () => {
  wasm = await createWasmKernel(await compileWasmNode("train", "debug"));
  turn.setTables(
    nc,
    T.cfgKind,
    T.cfgSum,
    T.cfgValid,
    T.regOutStart,
    T.regOutProb,
    T.regChStart,
    T.regIdx,
    T.frOutStart,
    T.frOutProb,
    T.frChStart,
    T.frChOff,
    T.frCbStart,
    T.frCbOff,
  );
  const u = nc + REG_SCORE_MAX + 1;
  turn.setBuffers(
    f,
    fr,
    new Float64Array(FR_LEN),
    reg,
    new Float64Array(4 * nc),
    new Float64Array(u),
    new Float64Array(u),
  );
});

/** Same values, bit for bit, over the first n entries. */
function same(a: Float64Array, b: Float64Array, n: number, what: string): void {
  for (let i = 0; i < n; i++) if (!Object.is(a[i], b[i])) expect(a[i], `${what}[${i}]`).toBe(b[i]);
}

describe("train twins: turn.ts", () => {
  it("solveTurn and zeroProbability: the kernel's values and buffers for seeded payoffs and pcaps", () => {
    const rng = new Rng(22);
    for (let round = 0; round < 12; round++) {
      const pcap = round === 0 ? 0 : rng.int(round < 6 ? 60 : 400);
      for (let s = 0; s <= race.SMAX; s++) f[s] = round % 3 === 0 ? s : rng.int(1_000_000) / 1_000_000;
      wasm.f.set(f);
      const v = turn.solveTurn(pcap);
      expect(wasm.solve(pcap), `round ${round}`).toBe(v);
      expect(wasm.zeroProbability()).toBe(turn.zeroProbability());
      same(wasm.fr, fr, 4 * (pcap + turn.EXT + 1), "fr");
      same(wasm.reg, reg, 4 * nc, "reg");
    }
  });
});

describe("train twins: race.ts", () => {
  it("beatPayoff and evPayoff: the kernel's payoff and pcap", () => {
    for (const [t, tieHalf] of [
      [0, true],
      [37, false],
      [100, true],
      [5000, false],
    ] as const) {
      expect(wasm.beatPayoff(t, tieHalf)).toBe(race.beatPayoff(t, tieHalf));
      same(wasm.f, f, race.SMAX + 1, `beat ${t}`);
    }
    expect(wasm.evPayoff()).toBe(race.evPayoff());
    same(wasm.f, f, race.SMAX + 1, "ev");
  });

  it("fillPayoffA and fillPayoffB: the kernel's payoff and pcap on seeded race tables", () => {
    const rng = new Rng(7);
    for (const goal of [50, 137]) {
      const n = goal * goal;
      const r: RaceResult = {
        goal,
        x: Float64Array.from({ length: n }, () => rng.int(1 << 20) / (1 << 20)),
        y: Float64Array.from({ length: n }, () => rng.int(1 << 20) / (1 << 20)),
        // A decreasing last-turn table, as a solved one is, reaching 0 inside TL.
        last: Float64Array.from({ length: race.TL + 1 }, (_, t) => Math.max(0, 1 - t / 300) ** 3),
        stopAt: new Int32Array(n),
        iterations: 0,
      };
      race.setRaceBuffers(r.x, r.y, r.last, r.stopAt, fr);
      for (let k = 0; k < 40; k++) {
        const a = rng.int(goal);
        const b = rng.int(goal);
        const w = rng.int(1001) / 1000;
        const minPcap = k % 4 === 0 ? rng.int(race.PMAX + 1) : 0;
        expect(wasm.payoffA(a, b, w, r, minPcap), `A ${goal} ${a} ${b}`).toBe(
          race.fillPayoffA(goal, a, b, w, minPcap),
        );
        same(wasm.f, f, race.SMAX + 1, `A(${a}, ${b})`);
        expect(wasm.payoffB(a, b, w, r, minPcap), `B ${goal} ${a} ${b}`).toBe(
          race.fillPayoffB(goal, a, b, w, minPcap),
        );
        same(wasm.f, f, race.SMAX + 1, `B(${a}, ${b})`);
        // reference.ts's functional forms, on a payoff array of their own, give the same.
        // (Only what a fill writes: scores 0..payoffTop(max(pcap, minPcap)).)
        const g = new Float64Array(race.SMAX + 1);
        const pa = fillPayoffA(g, a, b, w, r, minPcap);
        expect(pa).toBe(wasm.payoffA(a, b, w, r, minPcap));
        same(g, wasm.f, race.payoffTop(Math.max(pa, minPcap)) + 1, `fillPayoffA(${a}, ${b})`);
        const pb = fillPayoffB(g, a, b, w, r, minPcap);
        expect(pb).toBe(wasm.payoffB(a, b, w, r, minPcap));
        same(g, wasm.f, race.payoffTop(Math.max(pb, minPcap)) + 1, `fillPayoffB(${a}, ${b})`);
        race.setRaceBuffers(r.x, r.y, r.last, r.stopAt, fr);
        turn.setBuffers(f, fr, frZ, reg, regZ, u, uz);
      }
    }
  });

  it("raceLast and raceRows: the kernel's race to 50, its iterations and stopAt, bit for bit", () => {
    const goal = 50;
    const n = goal * goal;
    const x = new Float64Array(n);
    const y = new Float64Array(n);
    const last = new Float64Array(race.TL + 1);
    const stopAt = new Int32Array(n);
    turn.setBuffers(f, fr, frZ, reg, regZ, u, uz);
    race.setRaceBuffers(x, y, last, stopAt, fr);
    race.raceLast();
    for (let a = goal - 1; a >= 0; a -= 7) race.raceRows(goal, a, 7);
    const w = wasm.race(undefined, goal);
    same(w.last, last, race.TL + 1, "last");
    same(w.x, x, n, "x");
    same(w.y, y, n, "y");
    expect(Array.from(w.stopAt)).toEqual(Array.from(stopAt));
    expect(w.iterations).toBe(race.raceIterations());
  }, 60_000);
});

describe("train twins: mem.ts", () => {
  it("allocBytes: a block of the bytes asked for", () => {
    expect(allocBytes(24).byteLength).toBe(24);
    expect(new Float64Array(allocBytes(8 * 3)).length).toBe(3);
  });
});
