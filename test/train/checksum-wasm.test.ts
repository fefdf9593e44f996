/**
 * train.race-table-asset (the checks' Wasm, web/solvers/train/checksum-wasm.ts): the embedded module is its
 * documented text assembled, and computes the same checksum and stopAt range answer as the JavaScript loops, on
 * the shipped assets and on changed, shifted and out-of-range bytes.
 */
import { readFile } from "node:fs/promises";
import binaryen from "binaryen";
import { beforeAll, describe, expect, it } from "vitest";
import { CHECKS_WASM_BASE64, CHECKS_WAT, wasmChecks } from "../../web/solvers/train/checksum-wasm.ts";
import {
  checksum32,
  checksum32Js,
  decodeRaceTable,
  RACE_TABLE_HEADER,
  RaceTableFormatError,
} from "../../web/solvers/train/race-table.ts";
import { raceTablePath } from "../../web/solvers/train/race-table-node.ts";
import { PMAX } from "../../web/solvers/train/reference.ts";

let asset: Uint8Array;
let graph: Uint8Array;
beforeAll(async () => {
  asset = new Uint8Array(await readFile(raceTablePath(100)));
  graph = new Uint8Array(await readFile(new URL("../../web/data/train/turn-graph.bin", import.meta.url)));
});

describe("train.race-table-asset: checks in Wasm", () => {
  it("embeds its documented text, assembled", () => {
    const m = binaryen.parseText(CHECKS_WAT);
    try {
      expect(m.validate()).toBeTruthy();
      expect(Buffer.from(m.emitBinary()).toString("base64")).toBe(CHECKS_WASM_BASE64);
    } finally {
      m.dispose();
    }
  });

  it("computes the JavaScript checksum32 on the assets, changed words and odd offsets", () => {
    const w = wasmChecks();
    expect(w).toBeDefined();
    for (const bytes of [asset, graph]) {
      for (const from of [0, 4, RACE_TABLE_HEADER, bytes.length - 4, bytes.length])
        expect(w!.checksum32(bytes, from)).toBe(checksum32Js(bytes, from));
      expect(checksum32(bytes, 0)).toBe(checksum32Js(bytes, 0));
    }
    // Not 4-aligned in its buffer, and one word changed.
    const shifted = new Uint8Array(asset.length + 3);
    shifted.set(asset, 3);
    const view = shifted.subarray(3);
    expect(w!.checksum32(view, RACE_TABLE_HEADER)).toBe(checksum32Js(asset, RACE_TABLE_HEADER));
    const changed = asset.slice();
    changed[1000] = changed[1000]! ^ 0x80;
    expect(w!.checksum32(changed, RACE_TABLE_HEADER)).toBe(checksum32Js(changed, RACE_TABLE_HEADER));
    expect(w!.checksum32(changed, RACE_TABLE_HEADER)).not.toBe(checksum32Js(asset, RACE_TABLE_HEADER));
    expect(() => w!.checksum32(asset, 1)).toThrow(RangeError);
  });

  it("checks a u16 range as the JavaScript loop does", () => {
    const w = wasmChecks()!;
    const u16 = (...v: number[]) => new Uint8Array(new Uint16Array(v).buffer);
    expect(w.inRange16(u16(6, 7, PMAX + 1), 6, PMAX + 1)).toBe(true);
    expect(w.inRange16(u16(6, 5, 7), 6, PMAX + 1)).toBe(false);
    expect(w.inRange16(u16(6, PMAX + 2), 6, PMAX + 1)).toBe(false);
    expect(w.inRange16(u16(0xffff), 6, PMAX + 1)).toBe(false);
    expect(w.inRange16(u16(), 6, PMAX + 1)).toBe(true);
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
