/**
 * train.turn-graph-asset: the shipped turn graph (web/data/train/turn-graph.bin, read by the browser worker instead
 * of building the tables) is model.ts's tables, byte for byte (rebuilt here); the reader refuses anything else,
 * reads the same tables with or without views, and the worker loader falls back to building when it is absent.
 */
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTrainTables, type TrainTables, trainTables } from "../../web/solvers/train/model.ts";
import { checksum32 } from "../../web/solvers/train/race-table.ts";
import { turnGraphPath } from "../../web/solvers/train/race-table-node.ts";
import {
  decodeTurnGraph,
  encodeTurnGraph,
  TURN_GRAPH_FIELDS,
  TURN_GRAPH_HEADER,
  TurnGraphFormatError,
} from "../../web/solvers/train/turn-graph.ts";
import { fetchTurnGraph } from "../../web/worker/train-solver.ts";

let asset: Uint8Array;
let built: TrainTables;
beforeAll(async () => {
  asset = new Uint8Array(await readFile(turnGraphPath()));
  built = buildTrainTables();
});

const plain = (t: TrainTables) =>
  Object.fromEntries(
    (["nc", ...TURN_GRAPH_FIELDS] as const).map((k) => [k, k === "nc" ? t.nc : Array.from(t[k])]),
  );

describe("train.turn-graph-asset", () => {
  it("is model.ts's turn graph, byte for byte (rebuilt here)", () => {
    const bytes = encodeTurnGraph(built);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(asset))).toBe(0);
  });

  it("reads back the built tables, as views or as copies", () => {
    const views = decodeTurnGraph(asset, true);
    const copies = decodeTurnGraph(asset, false);
    expect(plain(views)).toEqual(plain(built));
    expect(plain(copies)).toEqual(plain(built));
    expect(views.regOutProb.buffer).toBe(asset.buffer); // no copy
    expect(copies.regOutProb.buffer).not.toBe(asset.buffer);
    // An unaligned buffer is copied once, then read the same.
    const shifted = new Uint8Array(asset.length + 1).subarray(1);
    shifted.set(asset);
    expect(plain(decodeTurnGraph(shifted))).toEqual(plain(built));
    const dv = new DataView(asset.buffer, asset.byteOffset, asset.byteLength);
    expect(String.fromCharCode(...asset.subarray(0, 4))).toBe("RKTG");
    expect([dv.getUint16(4, true), dv.getUint16(6, true), dv.getUint32(8, true)]).toEqual([1, 20, 57]);
    expect(dv.getUint32(16, true)).toBe(checksum32(asset, TURN_GRAPH_HEADER));
  });

  it("the reader refuses a corrupt, truncated, foreign or malformed file", () => {
    const read = (edit: (b: Uint8Array, dv: DataView) => void, length = asset.length) => {
      const b = asset.slice();
      edit(b, new DataView(b.buffer));
      return () => decodeTurnGraph(b.subarray(0, length));
    };
    const same = () => {};
    expect(
      read((b) => {
        b[TURN_GRAPH_HEADER + 1001]! ^= 4;
      }),
    ).toThrow(/checksum/);
    expect(read(same, asset.length - 4)).toThrow(TurnGraphFormatError);
    expect(read(same, 50)).toThrow(/header/);
    expect(
      read((b) => {
        b[1] = 0x58;
      }),
    ).toThrow(/magic/);
    expect(read((_, dv) => dv.setUint16(4, 2, true))).toThrow(/version 2, this build reads 1/);
    expect(read((_, dv) => dv.setUint16(6, 19, true))).toThrow(/array count/);
    // A file with a sound checksum but a graph that would send a kernel outside its tables.
    const forged = (edit: (t: TrainTables) => void) => {
      const t = decodeTurnGraph(asset, false);
      edit(t);
      return () => decodeTurnGraph(encodeTurnGraph(t));
    };
    expect(
      forged((t) => {
        t.regCh[7] = t.nc + 3;
      }),
    ).toThrow(/choice/);
    expect(
      forged((t) => {
        t.regOutStart[5] = t.regOutStart[6]! + 1;
      }),
    ).toThrow(/regOutStart falls/);
    expect(
      forged((t) => {
        t.frChOff[0] = 400;
      }),
    ).toThrow(/freight offset/);
    expect(
      forged((t) => {
        t.regOutProb[0] = 1.5;
      }),
    ).toThrow(/probability/);
    expect(forged(() => {})).not.toThrow();
  });

  it("the worker loader falls back to building the tables when the asset is absent or corrupt", async () => {
    const url = (b: Uint8Array) =>
      `data:application/octet-stream;base64,${Buffer.from(b).toString("base64")}`;
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (m: unknown) => warned.push(m);
    try {
      const broken = asset.slice();
      broken[TURN_GRAPH_HEADER + 8]! ^= 1;
      expect(await fetchTurnGraph(url(broken))).toBe(false);
      expect(await fetchTurnGraph("http://127.0.0.1:9/turn-graph.bin")).toBe(false);
      expect(warned).toHaveLength(2);
      // A sound asset is taken: this thread's solvers use it from now on (the tables are equal, first test).
      expect(await fetchTurnGraph(url(asset))).toBe(true);
      expect(plain(trainTables())).toEqual(plain(built));
    } finally {
      console.warn = warn;
    }
  });
});
