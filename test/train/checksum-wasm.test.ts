/**
 * train.race-table-asset (the checks' Wasm, assembly/assets/checksum.ts, and its TypeScript twin
 * web/solvers/train/twin/checksum.ts): the kernel and the twin give the same hash and range answer on seeded
 * chunks; the wrapper (web/solvers/train/checksum-wasm.ts) computes the pinned checksums of the shipped assets
 * (read from their headers), on changed, shifted and chunk-crossing bytes, and the stopAt range answer; the
 * embedded base64 is the built release module.
 */
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import {
  type ChecksumKernel,
  checksOver,
  checksumKernel,
  checksumWasmBytes,
  twinChecks,
  wasmChecks,
} from "../../web/solvers/train/checksum-wasm.ts";
import {
  checksum32,
  checksum32Js,
  decodeRaceTable,
  RACE_TABLE_HEADER,
  RaceTableFormatError,
} from "../../web/solvers/train/race-table.ts";
import { raceTablePath } from "../../web/solvers/train/race-table-node.ts";
import { PMAX } from "../../web/solvers/train/reference.ts";
import { TURN_GRAPH_HEADER } from "../../web/solvers/train/turn-graph.ts";
import * as twin from "../../web/solvers/train/twin/checksum.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let asset: Uint8Array;
let graph: Uint8Array;
let kernel: ChecksumKernel;
beforeAll(async () => {
  asset = new Uint8Array(await readFile(raceTablePath(100)));
  graph = new Uint8Array(await readFile(new URL("../../web/data/train/turn-graph.bin", import.meta.url)));
  kernel = checksumKernel(await compileWasmNode("checksum", "debug"));
});

/** mulberry32: the same bytes on every run. */
const seeded = mulberry32;

describe("train.race-table-asset: the checks' kernel and its twin", () => {
  it("fnv: the same hash from the same start on seeded chunks, offsets and lengths", () => {
    const rnd = seeded(22);
    expect(kernel.bytes.length).toBe(twin.MAX_BYTES);
    for (let round = 0; round < 40; round++) {
      const n = 4 * Math.floor(rnd() * (twin.MAX_BYTES / 4 + 1));
      for (let i = 0; i < n; i++) twin.bytes[i] = Math.floor(rnd() * 256);
      kernel.bytes.set(twin.bytes.subarray(0, n));
      const p = 4 * Math.floor(rnd() * (n / 4 + 1));
      const h = round === 0 ? twin.FNV_OFFSET : Math.floor(rnd() * 2 ** 32);
      expect(kernel.fnv(h, p, n), `round ${round}`).toBe(twin.fnv(h, p, n));
    }
    // The hash of nothing is the start.
    expect(twin.fnv(twin.FNV_OFFSET, 8, 8)).toBe(twin.FNV_OFFSET);
    expect(kernel.fnv(twin.FNV_OFFSET, 8, 8)).toBe(twin.FNV_OFFSET);
  });

  it("inRange16: the same answer on seeded u16s, in and out of range at either end", () => {
    const rnd = seeded(7);
    const dv = new DataView(twin.bytes.buffer);
    for (let round = 0; round < 60; round++) {
      const n = 1 + Math.floor(rnd() * 2000);
      for (let i = 0; i < n; i++) dv.setUint16(2 * i, 6 + Math.floor(rnd() * (PMAX - 4)), true);
      if (round % 3 === 1) dv.setUint16(2 * Math.floor(rnd() * n), round % 2 ? 5 : PMAX + 2, true);
      kernel.bytes.set(twin.bytes.subarray(0, 2 * n));
      expect(kernel.inRange16(0, 2 * n, 6, PMAX + 1), `round ${round}`).toBe(
        twin.inRange16(0, 2 * n, 6, PMAX + 1),
      );
    }
  });
});

describe("train.race-table-asset: checks in Wasm", () => {
  it("embeds the built release module", async () => {
    const built = new Uint8Array(
      await readFile(new URL("../../build/checksum.release.wasm", import.meta.url)),
    );
    expect(Buffer.from(checksumWasmBytes()).equals(Buffer.from(built))).toBe(true);
  });

  it("computes the checksums the shipped assets' headers pin, in Wasm and in the twin", () => {
    const w = wasmChecks();
    expect(w).toBeDefined();
    const pinnedRace = new DataView(asset.buffer, asset.byteOffset).getUint32(32, true);
    const pinnedGraph = new DataView(graph.buffer, graph.byteOffset).getUint32(16, true);
    for (const c of [w!, twinChecks]) {
      expect(c.checksum32(asset, RACE_TABLE_HEADER)).toBe(pinnedRace);
      expect(c.checksum32(graph, TURN_GRAPH_HEADER)).toBe(pinnedGraph);
    }
  });

  it("computes the twin's checksum32 on the assets, changed words, odd offsets and every chunk boundary", () => {
    const w = wasmChecks()!;
    for (const bytes of [asset, graph]) {
      for (const from of [0, 4, RACE_TABLE_HEADER, bytes.length - 4, bytes.length])
        expect(w.checksum32(bytes, from)).toBe(checksum32Js(bytes, from));
      expect(checksum32(bytes, 0)).toBe(checksum32Js(bytes, 0));
    }
    // Not 4-aligned in its buffer, and one word changed.
    const shifted = new Uint8Array(asset.length + 3);
    shifted.set(asset, 3);
    const view = shifted.subarray(3);
    expect(w.checksum32(view, RACE_TABLE_HEADER)).toBe(checksum32Js(asset, RACE_TABLE_HEADER));
    const changed = asset.slice();
    changed[1000] = changed[1000]! ^ 0x80;
    expect(w.checksum32(changed, RACE_TABLE_HEADER)).toBe(checksum32Js(changed, RACE_TABLE_HEADER));
    expect(w.checksum32(changed, RACE_TABLE_HEADER)).not.toBe(checksum32Js(asset, RACE_TABLE_HEADER));
    expect(() => w.checksum32(asset, 1)).toThrow(RangeError);
    // Lengths around one chunk: the hash carries over whole.
    const k = twin.MAX_BYTES;
    for (const n of [k - 4, k, k + 4, 2 * k, 2 * k + 8]) {
      const b = asset.subarray(0, n);
      expect(w.checksum32(b, 0), `${n} bytes`).toBe(checksum32Js(b, 0));
    }
  });

  it("checks a u16 range as the twin does, across chunks", () => {
    const w = wasmChecks()!;
    const u16 = (...v: number[]) => new Uint8Array(new Uint16Array(v).buffer);
    for (const c of [w, twinChecks, checksOver(kernel)]) {
      expect(c.inRange16(u16(6, 7, PMAX + 1), 6, PMAX + 1)).toBe(true);
      expect(c.inRange16(u16(6, 5, 7), 6, PMAX + 1)).toBe(false);
      expect(c.inRange16(u16(6, PMAX + 2), 6, PMAX + 1)).toBe(false);
      expect(c.inRange16(u16(0xffff), 6, PMAX + 1)).toBe(false);
      expect(c.inRange16(u16(), 6, PMAX + 1)).toBe(true);
      const long = new Uint16Array(twin.MAX_BYTES).fill(6); // two chunks
      expect(c.inRange16(new Uint8Array(long.buffer), 6, PMAX + 1)).toBe(true);
      long[long.length - 1] = 5; // in the second chunk only
      expect(c.inRange16(new Uint8Array(long.buffer), 6, PMAX + 1)).toBe(false);
    }
  });

  it("refuses a stopAt out of range, named, under a matching checksum (the reader's own check)", () => {
    const bad = asset.slice();
    const dv = new DataView(bad.buffer);
    const stopAtAt = bad.length - ((2 * 100 * 100 + 3) & ~3);
    dv.setUint16(stopAtAt + 2 * 17, 3, true);
    dv.setUint32(32, checksum32Js(bad, RACE_TABLE_HEADER), true);
    expect(() => decodeRaceTable(bad, 100)).toThrow(RaceTableFormatError);
    expect(() => decodeRaceTable(bad, 100)).toThrow(/stopAt 3 out of range/);
    expect(Array.from(decodeRaceTable(asset, 100).stopAt.subarray(0, 5))).toEqual(
      Array.from(new Uint16Array(asset.buffer, asset.byteOffset + stopAtAt, 5)),
    );
  });
});
