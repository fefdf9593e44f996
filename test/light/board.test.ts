/**
 * What <light-rail> draws, from fixed states, without a browser: the engine's board extras (the city
 * placements still possible, every blocked cell with the engine's own refusal), the pure drawing helpers
 * of web/elements/light/board-view.ts, the merge of hint slices (web/solvers/light/search.ts `mergeSlices`), and
 * the time-budget search.
 */
import { describe, expect, it } from "vitest";
import {
  boundsOf,
  CARD_H,
  CARD_W,
  cellOrigin,
  edgePoint,
  moveCursor,
  outlinePath,
  rowEnd,
  segmentPath,
  shade,
} from "../../web/elements/light/board-view.ts";
import {
  type LightState,
  legalActions,
  lightBoard,
  lightEngine,
  refusal,
} from "../../web/engine/light/index.ts";
import { light } from "../../web/games/light/index.ts";
import type { GameModule } from "../../web/games/types.ts";
import { LightReference } from "../../web/solvers/light/reference.ts";
import {
  MAX_BATCH,
  mergeSlices,
  searchPlacementsWithin,
  searchPlacementsWithinAsync,
} from "../../web/solvers/light/search.ts";
import type { GameWorkerApi, LightTypes } from "../../web/worker/protocol.ts";
import { GameStore, serveGame, TWIN_KIT } from "../../web/worker/service.ts";

function play(cells: [number, number][], players = 2): LightState {
  let s = lightEngine.setup({ players }, "board");
  for (const [q, r] of cells) {
    const res = lightEngine.apply(s, { type: "place", player: s.current!, q, r, orientation: 0 });
    if (!res.ok) throw res.error;
    s = res.state;
  }
  return s;
}

describe("the board extras of a view (lightBoard)", () => {
  it("light.outside-city-limit / light.not-adjacent / light.cell-occupied: every blocked cell carries the engine's refusal", () => {
    const s = play([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    const b = lightBoard(s);
    // The column of four fixes the centre column: one placement left.
    expect(b.frames.length).toBe(1);
    const legal = new Set(legalActions(s).map((a) => `${a.q},${a.r}`));
    const rules = new Set<string>();
    for (const x of b.blocked) {
      expect(legal.has(`${x.q},${x.r}`)).toBe(false);
      const why = refusal(s, { q: x.q, r: x.r, orientation: 0 });
      expect(why?.rule).toBe(x.rule);
      expect(why?.message).toBe(x.message);
      rules.add(x.rule);
    }
    expect([...rules].sort()).toEqual([
      "light.cell-occupied",
      "light.not-adjacent",
      "light.outside-city-limit",
    ]);
    expect(b.blocked.find((x) => x.q === 1 && x.r === 3)?.rule).toBe("light.outside-city-limit");
    expect(b.blocked.find((x) => x.q === 0 && x.r === 1)?.rule).toBe("light.cell-occupied");
    // Every cell of the frame is either placed, legal or blocked: the element can explain each one.
    for (const [q, r] of b.frames[0]!) {
      const placed = s.cards.some((c) => c.q === q && c.r === r);
      const blocked = b.blocked.some((x) => x.q === q && x.r === r);
      expect(placed || blocked || legal.has(`${q},${r}`)).toBe(true);
    }
  });

  it("before the first card: the frames through (0, 0), nothing blocked; once over: one frame", () => {
    const s = lightEngine.setup({ players: 3 }, 1);
    const b = lightBoard(s);
    expect(b.blocked).toEqual([]);
    expect(b.frames.length).toBeGreaterThan(1);
    expect(b.frames.every((f) => f.some(([q, r]) => q === 0 && r === 0))).toBe(true);
    let t = s;
    while (!t.over) {
      const r = lightEngine.apply(t, legalActions(t)[0]!);
      if (!r.ok) throw r.error;
      t = r.state;
    }
    const end = lightBoard(t);
    expect(end.frames.length).toBe(1);
    expect(end.blocked).toEqual([]);
  });
});

describe("drawing helpers (board-view.ts)", () => {
  it("lays the columns like a brick wall: each column half a card lower than the one on its left", () => {
    expect(cellOrigin(0, 0)).toEqual({ x: 0, y: 0 });
    expect(cellOrigin(1, 0)).toEqual({ x: CARD_W, y: CARD_H / 2 });
    expect(cellOrigin(1, -1)).toEqual({ x: CARD_W, y: -CARD_H / 2 });
    // Edge e of one card meets edge e+3 of the neighbour across it (D of docs/rules/light-rail.md § Grid).
    const D = [
      [0, -1],
      [1, -1],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
    ];
    for (let e = 0; e < 6; e++) {
      const [dq, dr] = D[e]!;
      const a = edgePoint(e);
      const o = cellOrigin(dq!, dr!);
      const b = edgePoint(e + 3);
      expect([a[0], a[1]]).toEqual([o.x + b[0], o.y + b[1]]);
    }
  });

  it("draws a segment as a curve between two edges, or a run to the terminus", () => {
    expect(segmentPath({ a: 0, b: 3, building: 1 })).toMatch(/^M30 0C.* 30 84$/);
    expect(segmentPath({ a: 2, b: 6, building: 0 })).toMatch(/^M60 63L/);
  });

  it("outlines a set of cells by the sides no other cell of the set shares", () => {
    const one = outlinePath([[0, 0]]);
    expect(one.split("M").length - 1).toBe(6);
    // Two cards one above the other share the bottom / top side: 10 runs.
    expect(
      outlinePath([
        [0, 0],
        [0, 1],
      ]).split("M").length - 1,
    ).toBe(10);
    expect(boundsOf([[0, 0]], 0)).toEqual([0, 0, CARD_W, CARD_H]);
  });

  it("moves the keyboard cursor to the nearest cell ahead, and stays put at the border", () => {
    const cells: [number, number][] = [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, -1],
      [-1, 0],
    ];
    expect(moveCursor(cells, [0, 0], "down")).toEqual([0, 1]);
    expect(moveCursor(cells, [0, 1], "up")).toEqual([0, 0]);
    // Up from the top of a column: the nearest cell above, in the next column.
    expect(moveCursor(cells, [0, 0], "up")).toEqual([1, -1]);
    // Nothing below (0, 1): the cursor stays.
    expect(moveCursor(cells, [0, 1], "down")).toEqual([0, 1]);
    expect(cells).toContainEqual(moveCursor(cells, [0, 0], "right"));
    expect(moveCursor(cells, [0, 0], "right")[0]).toBe(1);
    expect(moveCursor(cells, [0, 0], "left")).toEqual([-1, 0]);
  });

  it("issue #23 keys: Left / Right step to an adjacent cell of the brick wall (they skipped a column), Up / Down to the card above / below", () => {
    // Every cell of the 2-player game after two cards: placed, legal and blocked cells, as the element draws them.
    const s = play([
      [0, 0],
      [1, 0],
    ]);
    const b = lightBoard(s);
    const cells: [number, number][] = [
      ...s.cards.map((c) => [c.q, c.r] as [number, number]),
      ...legalActions(s).map((a) => [a.q, a.r] as [number, number]),
      ...b.blocked.map((x) => [x.q, x.r] as [number, number]),
    ]
      // lightBoard's blocked cells may carry -0 (toEqual tells it from 0; the element compares with ===).
      .map(([q, r]): [number, number] => [q + 0, r + 0])
      .filter((c, i, all) => all.findIndex((d) => d[0] === c[0] && d[1] === c[1]) === i);
    expect(cells.length).toBeGreaterThan(20);
    // The six neighbours of docs/rules/light-rail.md § Grid.
    const D = [
      [0, -1],
      [1, -1],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
    ];
    const adjacent = (a: readonly number[], c: readonly number[]) =>
      D.some(([dq, dr]) => a[0]! + dq! === c[0] && a[1]! + dr! === c[1]);
    const at = (c: readonly number[]) => cells.some((d) => d[0] === c[0] && d[1] === c[1]);
    let sideways = 0;
    for (const from of cells) {
      for (const dir of ["left", "right"] as const) {
        const to = moveCursor(cells, from, dir);
        const dq = dir === "right" ? 1 : -1;
        if (to[0] === from[0] && to[1] === from[1]) continue;
        expect(Math.sign(to[0] - from[0])).toBe(dq);
        if (at([from[0] + dq, from[1] + (dq === 1 ? -1 : 1)]) || at([from[0] + dq, from[1]])) {
          // A neighbour that way is drawn: the cursor lands on one, one column over.
          expect(adjacent(from, to)).toBe(true);
          sideways++;
          // Inside the city (both neighbours drawn, both ways) Left takes back Right, and Right takes back Left.
          const back = moveCursor(cells, to, dir === "right" ? "left" : "right");
          const both = (c: readonly number[], d: number) =>
            at([c[0]! + d, c[1]! + (d === 1 ? -1 : 1)]) && at([c[0]! + d, c[1]!]);
          if (both(from, dq) && both(to, -dq)) expect(back).toEqual(from);
        }
      }
      for (const dir of ["up", "down"] as const) {
        const below: [number, number] = [from[0], from[1] + (dir === "down" ? 1 : -1)];
        if (at(below)) expect(moveCursor(cells, from, dir)).toEqual(below);
      }
    }
    expect(sideways).toBeGreaterThan(cells.length);
    // The bug's walk: the card at (1, 0) lies next to (0, 0), on its lower right; two presses, not seven.
    expect(moveCursor(cells, [0, 0], "right")).toEqual([1, -1]);
    expect(moveCursor(cells, moveCursor(cells, [0, 0], "right"), "down")).toEqual([1, 0]);
    // Repeated Right runs along one row: never more than half a card from where it started.
    let c: readonly [number, number] = [-2, 1];
    const y0 = cellOrigin(c[0], c[1]).y;
    for (let i = 0; i < 4; i++) {
      c = moveCursor(cells, c, "right");
      expect(Math.abs(cellOrigin(c[0], c[1]).y - y0)).toBeLessThanOrEqual(CARD_H / 2);
    }
    // Every drawn cell is reachable from (0, 0) by the arrow keys.
    const seen = new Set(["0,0"]);
    const queue: (readonly [number, number])[] = [[0, 0]];
    while (queue.length > 0) {
      const from = queue.shift()!;
      for (const dir of ["up", "down", "left", "right"] as const) {
        const to = moveCursor(cells, from, dir);
        if (!seen.has(`${to[0]},${to[1]}`)) {
          seen.add(`${to[0]},${to[1]}`);
          queue.push(to);
        }
      }
    }
    expect(seen.size).toBe(cells.length);
  });

  it("issue #23 keys: Home / End go to the ends of the cursor's row (where Left / Right stop), Ctrl+Home / Ctrl+End to the city's first and last cell", () => {
    const cells: [number, number][] = [];
    for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) cells.push([q, r]);
    const home = rowEnd(cells, [0, 0], "home");
    const end = rowEnd(cells, [0, 0], "end");
    expect(home[0]).toBe(-3);
    expect(end[0]).toBe(3);
    expect(moveCursor(cells, home, "left")).toEqual(home);
    expect(moveCursor(cells, end, "right")).toEqual(end);
    // The same row: within half a card of (0, 0)'s height.
    for (const c of [home, end]) expect(Math.abs(cellOrigin(c[0], c[1]).y)).toBeLessThanOrEqual(CARD_H / 2);
    expect(rowEnd(cells, [1, 2], "home", true)).toEqual([-3, -3]);
    expect(rowEnd(cells, [1, 2], "end", true)).toEqual([3, 3]);
    // Already at the end: stays.
    expect(rowEnd(cells, end, "end")).toEqual(end);
  });

  it("merges hint slices by playouts, best first; shades values between the worst and the best", () => {
    const row = (q: number, value: number, playouts: number) => ({
      q,
      r: 0,
      orientation: 0 as const,
      credit: 0,
      value,
      winRate: value > 0 ? 1 : 0,
      playouts,
    });
    const m = mergeSlices([row(0, 1, 100), row(1, 3, 100)], [row(0, 4, 300), row(1, 0, 100)]);
    expect(m.map((h) => [h.q, h.value, h.playouts])).toEqual([
      [0, 3.25, 400],
      [1, 1.5, 200],
    ]);
    expect(shade(2, 0, 4)).toBe(0.5);
    expect(shade(1, 1, 1)).toBe(1);
  });
});

describe("hints within a time budget (searchPlacementsWithin)", () => {
  it("searches in batches until the budget is spent, every placement valued", () => {
    const s = play([
      [0, 0],
      [0, 1],
    ]);
    let t = 0;
    const now = () => t;
    const kernel = new LightReference();
    // Each batch "takes" 40 ms on this clock: a 100 ms budget runs three batches (256 + 512 + 512).
    const rows = searchPlacementsWithin(kernel, s, {
      ms: 100,
      seed: 3,
      now: () => {
        const v = now();
        t += 40;
        return v;
      },
    });
    const total = rows.reduce((a, h) => a + h.playouts, 0);
    expect(total).toBe(256 + 512 + 512);
    expect(new Set(rows.map((h) => `${h.q},${h.r},${h.orientation}`)).size).toBe(legalActions(s).length);
    for (const h of rows) expect(refusal(s, h)).toBeNull();
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.value).toBeGreaterThanOrEqual(rows[i]!.value);
  });

  it("the cooperative search runs the same batches, pausing between them after yieldMs of work, never after the last", async () => {
    const s = play([
      [0, 0],
      [0, 1],
    ]);
    // Each batch "takes" 10 ms on this clock (read before and after it); an 80 ms budget runs 8 batches.
    const clock = () => {
      let t = 0;
      return () => {
        t += 10;
        return t;
      };
    };
    const sync = searchPlacementsWithin(new LightReference(), s, { ms: 80, seed: 5, now: clock() });
    const total = sync.reduce((a, h) => a + h.playouts, 0);
    // 256, then batches of MAX_BATCH (512): no batch longer than the one the worker may keep its thread for.
    expect(total).toBe(256 + 7 * MAX_BATCH);
    for (const [yieldMs, expected] of [
      [0, 7],
      [30, 2],
    ] as const) {
      let pauses = 0;
      const rows = await searchPlacementsWithinAsync(new LightReference(), s, {
        ms: 80,
        seed: 5,
        now: clock(),
        yieldMs,
        pause: async () => {
          pauses++;
        },
      });
      expect(rows).toEqual(sync);
      // After batches 1..7 (yieldMs 0); after 30 and 60 ms of work (yieldMs 30), not after the last at 80.
      expect(pauses).toBe(expected);
    }
    // Cancelled at the second pause: the first two batches, merged, every placement valued.
    let asked = 0;
    const early = await searchPlacementsWithinAsync(new LightReference(), s, {
      ms: 80,
      seed: 5,
      now: clock(),
      yieldMs: 0,
      pause: async () => {},
      cancelled: () => ++asked === 2,
    });
    expect(early.reduce((a, h) => a + h.playouts, 0)).toBe(256 + MAX_BATCH);
    expect(early.length).toBe(sync.length);
  });
});

describe("the light module's view and hints through the worker's verbs", () => {
  it("every view carries the board extras; hints take a time budget (ms), checked", async () => {
    const api = serveGame(
      light as unknown as GameModule,
      new GameStore(),
      TWIN_KIT,
    ) as unknown as GameWorkerApi<LightTypes>;
    const v0 = await api.newGame({ players: 2 }, 7);
    expect(v0.blocked).toEqual([]);
    expect(v0.frames.length).toBeGreaterThan(1);
    const r = await api.act(v0.handle, v0.legal[0]!);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.view.blocked.length).toBeGreaterThan(0);
    expect(r.view).toMatchObject(lightBoard(r.view.state));
    const h = await api.hints(r.view.handle, { ms: 20 });
    expect(h.hints.length).toBe(r.view.legal.length);
    expect(h.hints.reduce((a, x) => a + x.playouts, 0)).toBeGreaterThanOrEqual(256);
    for (const bad of [0, 10_001, 1.5, "1"])
      await expect(api.hints(r.view.handle, { ms: bad as number })).rejects.toMatchObject({
        kind: "input",
        rule: "/options/ms",
      });
  });
});
