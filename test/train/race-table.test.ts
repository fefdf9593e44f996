/**
 * train.race-table-asset: the shipped race table (web/data/train/race-100.bin) is the solver's race to 100, byte
 * for byte (the values are the solver's own f64 bits, so no tolerance is needed); the reader refuses anything
 * else; a solver given the table answers race questions without solving; the CLI and the worker loader use it.
 */
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { nodeHost } from "../../bin/host.ts";
import { makeTurn, newTurn, trainEngine } from "../../web/engine/train/index.ts";
import { trainCommand as tool } from "../../web/games/train/tools.ts";
import {
  decodeRaceTable,
  encodeRaceTable,
  RACE_TOLERANCE,
  type RaceData,
  RaceTableFormatError,
  TrainSolver,
} from "../../web/solvers/train/index.ts";
import type { TrainKernel } from "../../web/solvers/train/kernel.ts";
import { checksum32, RACE_TABLE_HEADER } from "../../web/solvers/train/race-table.ts";
import { raceTablePath } from "../../web/solvers/train/race-table-node.ts";
import { createReferenceKernel } from "../../web/solvers/train/reference.ts";
import { createWasmKernel } from "../../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";
import { fetchRaceTable } from "../../web/worker/train-solver.ts";

/** The tool as `rail` runs it: files and Wasm from the Node host. */
const trainCommand = (args: string[]) => tool(args, nodeHost);

let module: WebAssembly.Module;
let asset: Uint8Array;
let table: RaceData;
beforeAll(async () => {
  module = await compileWasmNode("train");
  asset = new Uint8Array(await readFile(raceTablePath(100)));
  table = decodeRaceTable(asset, 100);
});

/** A kernel that fails the test if it is asked to solve a race. */
function noRaceSolves(k: TrainKernel): TrainKernel {
  return {
    ...k,
    f: k.f,
    fr: k.fr,
    reg: k.reg,
    race: () => {
      throw new Error("solved a race");
    },
  };
}

describe("train.race-table-asset", () => {
  it("is the Wasm solver's race to 100, byte for byte (recomputed here)", async () => {
    const k = await createWasmKernel(module);
    const solved = encodeRaceTable(k.race(undefined, 100), RACE_TOLERANCE);
    expect(solved.length).toBe(asset.length);
    expect(Buffer.compare(Buffer.from(solved), Buffer.from(asset))).toBe(0);
  }, 60_000);

  it("has the documented header and values", () => {
    const dv = new DataView(asset.buffer, asset.byteOffset, asset.byteLength);
    expect(String.fromCharCode(...asset.subarray(0, 4))).toBe("RKRT");
    expect(dv.getUint16(4, true)).toBe(2);
    expect([dv.getUint16(6, true), dv.getUint16(8, true), dv.getUint16(10, true)]).toEqual([100, 100, 100]);
    expect(dv.getUint16(12, true)).toBe(801);
    expect(dv.getFloat64(16, true)).toBe(1e-9);
    expect(dv.getUint32(28, true)).toBe(asset.length - RACE_TABLE_HEADER);
    expect(dv.getUint32(32, true)).toBe(checksum32(asset, RACE_TABLE_HEADER));
    expect(asset.length).toBe(40 + 2 * 8 * 10_000 + 8 * 801 + 2 * 10_000);
    expect(table.x[0]).toBeCloseTo(0.48022434823308, 13);
    expect(table.tolerance).toBe(1e-9);
    expect(Math.min(...table.stopAt)).toBeGreaterThanOrEqual(6);
  });

  it("the reader refuses a corrupt, truncated, foreign or mismatched file", () => {
    /** The asset with bytes changed by `edit`, cut to `length` bytes, read for `goal`. */
    const read = (edit: (b: Uint8Array, dv: DataView) => void, length = asset.length, goal?: number) => {
      const b = asset.slice();
      edit(b, new DataView(b.buffer));
      return () => decodeRaceTable(b.subarray(0, length), goal);
    };
    const same = () => {};
    expect(
      read((b) => {
        b[RACE_TABLE_HEADER + 12_345]! ^= 1;
      }),
    ).toThrow(/checksum/);
    expect(read(same, asset.length - 8)).toThrow(RaceTableFormatError);
    expect(read(same, 20)).toThrow(/header/);
    expect(
      read((b) => {
        b[0] = 0x50;
      }),
    ).toThrow(/magic/);
    expect(read((_, dv) => dv.setUint16(4, 1, true))).toThrow(/version 1, this build reads 2/);
    expect(read((_, dv) => dv.setUint16(8, 99, true))).toThrow(/dimensions/);
    expect(read((_, dv) => dv.setFloat64(16, Number.NaN, true))).toThrow(/tolerance/);
    expect(read(same, asset.length, 150)).toThrow(/expected 150/);
    const ab = new ArrayBuffer(asset.length);
    new Uint8Array(ab).set(asset);
    expect(decodeRaceTable(ab).goal).toBe(100); // an ArrayBuffer is read too
  });

  it("the encoder refuses what the reader does not check value by value", () => {
    const bad = { ...table, x: table.x.slice() };
    bad.x[7] = 1.25;
    expect(() => encodeRaceTable(bad, RACE_TOLERANCE)).toThrow(/not a probability/);
    const nan = { ...table, last: table.last.slice() };
    nan.last[3] = Number.NaN;
    expect(() => encodeRaceTable(nan, RACE_TOLERANCE)).toThrow(/not a probability/);
    const far = { ...table, stopAt: table.stopAt.slice() };
    far.stopAt[5] = 2;
    expect(() => encodeRaceTable(far, RACE_TOLERANCE)).toThrow(/stopAt 2/);
  });

  it("reads the same values as views over the bytes, as copies, and from an unaligned buffer", () => {
    const copies = decodeRaceTable(asset, 100, false);
    expect(table.x.buffer).toBe(asset.buffer); // views: no copy
    expect(copies.x.buffer).not.toBe(asset.buffer);
    const shifted = new Uint8Array(asset.length + 4).subarray(4);
    shifted.set(asset);
    for (const t of [copies, decodeRaceTable(shifted)]) {
      expect(Array.from(t.x)).toEqual(Array.from(table.x));
      expect(Array.from(t.y)).toEqual(Array.from(table.y));
      expect(Array.from(t.last)).toEqual(Array.from(table.last));
      expect(Array.from(t.stopAt)).toEqual(Array.from(table.stopAt));
    }
    // The checksum's word reader agrees with its unaligned (DataView) path, and sees a change in any one word.
    const odd = new Uint8Array(asset.length + 1).subarray(1);
    odd.set(asset);
    expect(checksum32(odd, RACE_TABLE_HEADER)).toBe(checksum32(asset, RACE_TABLE_HEADER));
    const changed = asset.slice();
    changed[changed.length - 1]! ^= 0x80;
    expect(checksum32(changed, RACE_TABLE_HEADER)).not.toBe(checksum32(asset, RACE_TABLE_HEADER));
  });

  it("a solver given the table answers race hints, bot moves and the table itself without solving the race", async () => {
    for (const k of [await createWasmKernel(module), createReferenceKernel()]) {
      const s = new TrainSolver(noRaceSolves(k), { raceTable: table });
      expect(s.hasRace(100)).toBe(true);
      const t0 = performance.now();
      expect(s.raceFirstPlayerWins().value).toBe(table.x[0]);
      expect(s.raceTable().winSecond).toBe(table.y);
      const h = s.hint(newTurn(), { me: 30, opponent: 40, first: true });
      expect(Math.abs(h[0]!.winProbability! - table.x[30 * 100 + 40]!)).toBeLessThan(1e-12);
      const h2 = s.hint(makeTurn({ train: ["E", "T", "4"], rollsLeft: 1 }), {
        me: 80,
        opponent: 60,
        first: false,
      });
      expect(h2[0]!.winProbability).toBeGreaterThan(0);
      const state = trainEngine.setup({ players: 2, variant: "race" }, 3);
      expect(s.botAction(state, "race")).toEqual({ type: "roll", player: 0 });
      expect(performance.now() - t0).toBeLessThan(500); // a solve of the race takes over a second
      // Other goals still solve (here refused by the stub, proving the 100 table is not used for them).
      expect(() => s.raceTable(undefined, 60)).toThrow("solved a race");
    }
  });

  it("without the table the race is solved once, on the first question that needs it", async () => {
    const k = await createWasmKernel(module);
    let solves = 0;
    const race = k.race;
    const s = new TrainSolver({
      ...k,
      f: k.f,
      fr: k.fr,
      reg: k.reg,
      race: (p, g) => {
        solves++;
        return race(p, g);
      },
    });
    s.hint(newTurn(), { me: 0, opponent: 0, first: false, lastTurnTarget: 100 }); // a last turn needs no race
    expect(solves).toBe(0);
    s.hint(newTurn(), { me: 10, opponent: 20, first: true });
    s.hint(newTurn(), { me: 20, opponent: 10, first: false });
    expect(solves).toBe(1);
    expect(s.raceTable().winFirst).toEqual(table.x);
  }, 60_000);

  it("the worker loader checks the asset and falls back to solving when it is absent or corrupt", async () => {
    const url = (b: Uint8Array) =>
      `data:application/octet-stream;base64,${Buffer.from(b).toString("base64")}`;
    const ok = await fetchRaceTable(url(asset));
    expect(ok?.x).toEqual(table.x);
    const broken = asset.slice();
    broken[RACE_TABLE_HEADER + 99]! ^= 0x40;
    const warn = console.warn;
    console.warn = () => {};
    try {
      expect(await fetchRaceTable(url(broken))).toBeUndefined();
      expect(await fetchRaceTable("http://127.0.0.1:9/race-100.bin")).toBeUndefined();
    } finally {
      console.warn = warn;
    }
  });

  it("`rail train race` and race hints read the asset", async () => {
    const t0 = performance.now();
    expect(await trainCommand(["race"])).toEqual({
      goal: 100,
      firstPlayerWins: table.x[0],
      tolerance: 1e-9,
      source: "table",
    });
    const out = (await trainCommand([
      "hint",
      "--train",
      "E,T,E",
      "--banked",
      "9",
      "--me",
      "95",
      "--opponent",
      "97",
      "--second",
    ])) as { options: { label: string; winProbability: number; best: boolean }[] };
    expect(out.options[0]).toMatchObject({ label: "Stop (scores 9)", winProbability: 1, best: true });
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
