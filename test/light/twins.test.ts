/**
 * The Light Rail twins (web/solvers/light/twin/<file>.ts) against their kernel files (assembly/routes/<file>.ts),
 * each twin file's functions called directly against the module's exports that run that file, on seeded
 * games: fit.ts (the compact cells and placements per player count), rng.ts (the engine's mulberry32 draws, the
 * kernel's documented contract), unionfind.ts and layout.ts (placements, legal cells, credit, mark/undo),
 * full.ts (both route row writers), objectives.ts (all eight measures and the objective credit through
 * playouts), playout.ts (playout checksums and search rows for every halving mode).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { instantiate } from "../../build/light.debug.js";
import { Rng } from "../../web/engine/common/rng.ts";
import { SEARCH_STRIDE } from "../../web/solvers/light/kernel.ts";
import { kernelDesigns } from "../../web/solvers/light/search.ts";
import * as fit from "../../web/solvers/light/twin/fit.ts";
import * as full from "../../web/solvers/light/twin/full.ts";
import * as layout from "../../web/solvers/light/twin/layout.ts";
import * as objectives from "../../web/solvers/light/twin/objectives.ts";
import * as playout from "../../web/solvers/light/twin/playout.ts";
import * as rng from "../../web/solvers/light/twin/rng.ts";
import * as uf from "../../web/solvers/light/twin/unionfind.ts";
import { LIGHT_SPEC } from "../../web/solvers/light/wasm.ts";
import { bindWasm } from "../../web/wasm/glue.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;
let x: Exports;
let io: () => Int32Array;
const designs = kernelDesigns();
const nDesigns = designs.length / layout.DSTRIDE;

beforeAll(async () => {
  x = await instantiate(await compileWasmNode("light", "debug"), { env: {} });
  const glue = bindWasm(x, LIGHT_SPEC);
  io = () => glue.views().io;
  io().set(designs);
  x.setDesigns(nDesigns);
  layout.DES.set(designs);
});

/** A new city in both, as the entry's `newGame`. */
function newGame(players: number): void {
  x.newGame(players);
  fit.buildGeometry(players);
  uf.resetState(players);
}

/** Places seeded legal cards in both (the twin's own place/legalSelect), until `cards` are down. */
function playSeeded(players: number, seed: number, cards: number, each?: () => void): void {
  const r = new Rng(seed);
  for (let k = 0; k < cards && layout.get(layout.S_NPLACED) < fit.shapeSize; k++) {
    const n = uf.legalCount();
    expect(x.legal(), `legal count after ${k} cards`).toBe(n);
    const c = uf.legalSelect(r.int(n));
    const [d, o, p] = [r.int(nDesigns), r.int(2), k % players];
    expect(x.placeAt(layout.CELL_Q[c]!, layout.CELL_R[c]!, d, o, p)).toBe(c);
    uf.place(c, d, o, p);
    each?.();
  }
}

const scores = (players: number) => Array.from({ length: players }, (_, p) => layout.get(layout.S_SCORE + p));
const wasmScores = (players: number) => Array.from({ length: players }, (_, p) => x.score(p));

describe("light twins: fit.ts", () => {
  it("buildGeometry: the kernel's compact cells, placements, shape size and cell index, for 2 to 4 players", () => {
    for (const players of [2, 3, 4]) {
      newGame(players);
      expect(fit.nCells).toBe(x.cellCount());
      expect(fit.nPlacements).toBe(x.placementCount());
      expect(fit.shapeSize).toBe(x.cityCells());
      for (let c = 0; c < fit.nCells; c++) {
        expect([layout.CELL_Q[c], layout.CELL_R[c]], `cell ${c}`).toEqual([x.cellQ(c), x.cellR(c)]);
      }
      for (let q = -16; q < 16; q++)
        for (let r = -16; r < 16; r++)
          if (fit.cellAt(q, r) !== x.cellIndex(q, r))
            expect(fit.cellAt(q, r), `(${q}, ${r})`).toBe(x.cellIndex(q, r));
    }
  });
});

describe("light twins: rng.ts", () => {
  it("rngInt draws what the engine's mulberry32 Rng.int draws from the same seed", () => {
    for (const seed of [0, 1, 0x7fffffff, 0xdeadbeef | 0]) {
      rng.rngSeed(seed);
      const e = new Rng(seed);
      for (let i = 1; i < 200; i++) expect(rng.rngInt(i)).toBe(e.int(i));
      expect(rng.rngGet() >>> 0).toBe(e.state >>> 0); // the kernel's u32, here its Int32 bits
    }
  });
});

describe("light twins: unionfind.ts, layout.ts, full.ts", () => {
  it("place, legalCount, legalSelect, legalCell and the route rows of both writers equal the kernel's after every card", () => {
    for (const [players, seed] of [
      [2, 1],
      [3, 2],
      [4, 3],
      [4, 4],
    ] as const) {
      newGame(players);
      for (const wrap of [false, true]) {
        newGame(players);
        x.setWrap(wrap ? 1 : 0);
        uf.setWrapOption(wrap);
        playSeeded(players, seed, 99, () => {
          expect(scores(players)).toEqual(wasmScores(players));
          const out = new Int32Array(layout.IO.length);
          const n = full.incrementalRows(out, 0);
          expect(x.routes()).toBe(n);
          expect(Array.from(out.subarray(0, n))).toEqual(Array.from(io().subarray(0, n)));
          const m = full.fullRows(out, 0);
          expect(x.routesFull()).toBe(m);
          expect(Array.from(out.subarray(0, m))).toEqual(Array.from(io().subarray(0, m)));
          for (let c = 0; c < fit.nCells; c++)
            expect(uf.legalCell(c)).toBe(x.isLegal(layout.CELL_Q[c]!, layout.CELL_R[c]!) === 1);
        });
        expect(layout.get(layout.S_NPLACED)).toBe(x.placed());
      }
      x.setWrap(0);
      uf.setWrapOption(false);
    }
  });

  it("mark and undo: back to the kernel's state after any run of placements", () => {
    newGame(3);
    playSeeded(3, 9, 10);
    const m = layout.mark();
    expect(m).toBe(x.mark());
    playSeeded(3, 10, 12);
    layout.undo(m);
    x.undo(m);
    expect(layout.mark()).toBe(x.mark());
    expect(scores(3)).toEqual(wasmScores(3));
    playSeeded(3, 11, 99);
    expect(scores(3)).toEqual(wasmScores(3));
  });
});

describe("light twins: objectives.ts", () => {
  it("measureInto: all eight measures equal the kernel's, mid-game and at the end", () => {
    for (const [players, seed] of [
      [2, 5],
      [4, 6],
    ] as const) {
      newGame(players);
      playSeeded(players, seed, 99, () => {
        if (layout.get(layout.S_NPLACED) % 5 !== 0 && layout.get(layout.S_NPLACED) !== fit.shapeSize) return;
        for (let m = 0; m < objectives.MEASURES; m++) {
          const out = new Int32Array(players);
          objectives.measureInto(m, out);
          x.measure(m);
          expect(Array.from(out), `measure ${m}`).toEqual(Array.from(io().subarray(0, players)));
        }
      });
    }
  });
});

describe("light twins: playout.ts (with objectiveCredit)", () => {
  it("playoutBatch and search: the kernel's checksum and rows for every policy and halving mode, objectives on", () => {
    const table = [0, 0, 0, 1, 1, 2, 2, 0, 0, 3, 0, 0, 4, 1, 5, 5, 0, 0, 6, 1, 4, 7, 0, 0];
    for (const [players, seed, cards] of [
      [2, 12, 6],
      [3, 13, 14],
      [4, 14, 3],
    ] as const) {
      newGame(players);
      playSeeded(players, seed, cards);
      for (let p = 0; p < players; p++) {
        const deck = Array.from({ length: 8 }, (_, i) => (p * 3 + i) % nDesigns);
        io().set(deck);
        x.unplayed(p, deck.length);
        layout.IO.set(deck);
        playout.setUnplayed(p, 0, deck.length);
      }
      io().set(table);
      x.setObjectives(table.length / objectives.OSTRIDE);
      objectives.OBJ.set(table);
      objectives.setObjectiveCount(table.length / objectives.OSTRIDE);
      x.myObjectives(1, 4);
      playout.setMyObjectives(1, 4);
      for (const policy of [0, 2]) {
        expect(playout.playoutBatch(40, seed * 7, 1 % players, policy), `playouts ${players}p`).toBe(
          x.playouts(40, (seed * 7) >>> 0, 1 % players, policy),
        );
        for (const halving of [0, 1, 2]) {
          const nc = playout.search(0, 2, 60, seed, policy, halving);
          expect(x.searchPlacements(0, 2, 60, seed, policy, halving)).toBe(nc);
          expect(
            Array.from(layout.IO.subarray(0, nc * SEARCH_STRIDE)),
            `search ${players}p ${policy} ${halving}`,
          ).toEqual(Array.from(io().subarray(0, nc * SEARCH_STRIDE)));
        }
      }
      x.setObjectives(0);
      objectives.setObjectiveCount(0);
    }
  });
});
