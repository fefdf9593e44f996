/**
 * String Railway engine fast path (issue #10): apply copies only what changes and never mutates its input; the
 * route check goes through the placed-segment index the engine keeps per board (same crossings as the every-pair
 * loop, on every branch of a game); the live check of a string (`previewString`) agrees with `apply`; the `rounds`
 * option; the string plug-in's `preview` hint option and its hints.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../web/engine/common/errors.ts";
import { botAction } from "../../web/engine/string/bot.ts";
import {
  apply,
  legalActions,
  otherSegments,
  previewString,
  rivalIndex,
  routeContext,
  setup,
} from "../../web/engine/string/engine.ts";
import { crossingPoints } from "../../web/engine/string/geometry/polyline.ts";
import type { StringAction, StringState } from "../../web/engine/string/types.ts";
import { createStringSolverReference } from "../../web/solvers/string/index.ts";
import { stringPlugin } from "../../web/worker/plugins.ts";

function play(s: StringState, a: StringAction): StringState {
  const r = apply(s, a);
  if (!r.ok) throw r.error;
  return r.state;
}

/** A 3-player greedy-bot game up to round `round`'s route phase. */
function gameAt(round: number, seed: number | string = 5): StringState {
  let s = setup({ players: 3 }, seed);
  while (!s.over && !(s.round === round && s.phase === "play" && s.step === "route" && !s.placedString))
    s = play(s, botAction(s));
  return s;
}

/** Deterministic wiggly paths from a station towards another (legal or not). */
function paths(s: StringState, n: number): number[][] {
  const out: number[][] = [];
  const st = s.stations;
  for (let k = 0; out.length < n; k++) {
    const a = st[k % st.length]!;
    const b = st[(k * 7 + 3) % st.length]!;
    const p: number[] = [];
    const m = 2 + (k % 9);
    for (let i = 0; i <= m; i++) {
      const t = i / m;
      const w = i === 0 || i === m ? 0 : Math.sin(i * 1.7 + k) * 3;
      p.push(a.x + (b.x - a.x) * t + w, a.y + (b.y - a.y) * t - w);
    }
    out.push(p);
  }
  return out;
}

describe("string.place-string: the engine's fast path", () => {
  it("apply never mutates the state it is given, and shares what did not change", () => {
    let s = setup({ players: 4 }, 9);
    for (let i = 0; i < 400 && !s.over; i++) {
      const before = JSON.stringify(s);
      const next = play(s, botAction(s));
      expect(JSON.stringify(s)).toBe(before);
      expect(next.board).toBe(s.board);
      expect(next.options).toBe(s.options);
      next.seats.forEach((seat, p) => {
        for (const [k, str] of s.seats[p]!.strings.entries()) expect(seat.strings[k]).toBe(str);
      });
      s = next;
    }
    expect(s.over).toBe(true);
  });

  it("the indexed route check finds the every-pair crossings, on every branch of a game", () => {
    const s = gameAt(3);
    const player = s.current!;
    const ctx = routeContext(s);
    for (const path of paths(s, 60)) {
      const brute = crossingPoints(Float64Array.from(path), otherSegments(s, player), ctx.discs, ctx.radius);
      const pv = previewString(s, player, "long", path);
      expect(pv.crossings).toBe(brute.length / 2);
      expect(new Set(pv.points.map((v) => v.toFixed(9)))).toEqual(
        new Set(Array.from(brute, (v) => v.toFixed(9))),
      );
    }
    // Two branches from one state (a bot trying moves, an undo then another move): each sees its own strings.
    const strings = legalActions(s).filter((a) => a.type === "place-string");
    expect(strings.length).toBeGreaterThan(1);
    const [a, b] = [play(s, strings[0]!), play(s, strings[strings.length - 1]!)];
    for (const t of [a, b, s, a]) {
      for (let p = 0; p < 3; p++) {
        const want = otherSegments(t, p).length / 4;
        expect(rivalIndex(t, p).placedCount).toBe(want);
      }
    }
  });

  it("previewString says what apply will do: the same refusal, or the same cost", () => {
    const s = gameAt(2, "preview");
    const player = s.current!;
    let legal = 0;
    for (const path of paths(s, 80)) {
      for (const kind of ["short", "long"] as const) {
        const pv = previewString(s, player, kind, path);
        const r = apply(s, { type: "place-string", player, kind, path });
        if (r.ok) {
          legal++;
          expect(pv.error).toBeNull();
          expect(s.ap - r.state.ap).toBe(pv.ap);
          expect(r.state.seats[player]!.strings.at(-1)!.stations.map((i) => r.state.stations[i]!.id)).toEqual(
            pv.stations,
          );
        } else {
          expect(pv.error?.rule).toBe((r.error as { rule?: string }).rule);
        }
      }
    }
    expect(legal).toBeGreaterThan(0);
    // Not this seat's turn: the refusal of the turn comes first.
    const other = (player + 1) % 3;
    expect(previewString(s, other, "short", paths(s, 1)[0]!).error?.rule).toBe("string.not-your-turn");
    expect(() => previewString(s, player, "short", [1, 2, 3])).toThrow(InputError);
  });
});

describe("string.rounds: the rounds option", () => {
  it("a game of 1 or 2 rounds ends after them; 0 and 6 are refused at /options/rounds", () => {
    for (const rounds of [1, 2]) {
      let s = setup({ players: 2, rounds }, 3);
      expect(s.options.rounds).toBe(rounds);
      while (!s.over) s = play(s, botAction(s));
      expect(s.round).toBe(rounds);
      expect(s.result!.sets).toHaveLength(2);
    }
    expect(setup({ players: 2 }, 1).options.rounds).toBe(5);
    for (const rounds of [0, 6, 2.5])
      expect(() => setup({ players: 2, rounds }, 1)).toThrow(
        expect.objectContaining({ path: "/options/rounds" }),
      );
  });
});

describe("string plug-in: the preview option and the widget's hints", () => {
  const plugin = stringPlugin(async () => createStringSolverReference());

  it("preview answers the engine's check of the path; a bad path is an InputError at /options/preview/path", async () => {
    const s = gameAt(2);
    const path = paths(s, 1)[0]!;
    const hint = await plugin.loadHints(plugin.hintOptions({ preview: { kind: "long", path } }));
    const [h] = hint(s);
    expect(h?.hint).toBe("preview");
    if (h?.hint !== "preview") return;
    expect(h.preview).toEqual(previewString(s, s.current!, "long", path));
    expect(h.action).toEqual({ type: "place-string", player: s.current, kind: "long", path });
    expect(() => plugin.hintOptions({ preview: { kind: "short", path: [1, 2, 3] } })).toThrow(
      expect.objectContaining({ path: "/options/preview/path" }),
    );
    expect(() => plugin.hintOptions({ preview: { kind: "short", path: [1, 2, 3, "x"] } })).toThrow(
      expect.objectContaining({ path: "/options/preview/path/3" }),
    );
    expect(() => plugin.hintOptions({ preview: { kind: "medium", path } })).toThrow(
      expect.objectContaining({ path: "/options/preview/kind" }),
    );
  });

  it("hints: the transport plan, long-distance routes, then strings; each action accepted by the engine", async () => {
    const hint = await plugin.loadHints(plugin.hintOptions({ max: 30 }));
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      let s = gameAt(3, seed);
      for (let i = 0; i < 6 && !s.over; i++) {
        const list = hint(s);
        expect(list.length).toBeLessThanOrEqual(30);
        const order = list.map((h) => h.hint);
        expect(order.join()).toMatch(/^(transport)?(,?long-distance)*(,?string)*$/);
        for (const h of list) {
          seen.add(h.hint);
          expect(apply(s, h.action).ok, JSON.stringify(h.action)).toBe(true);
        }
        s = play(s, botAction(s));
      }
    }
    expect(seen.has("string")).toBe(true);
    expect(seen.has("transport")).toBe(true);
  });
});
