/**
 * String Railway on the common game contract (web/engine/common/game.ts): the header, save files (a save
 * loads only if replaying its options, seed and log reproduces it), undo back to the last reveal, hostile
 * input, hand-built positions. Positions here are reached by play unless a test says otherwise.
 */
import { describe, expect, it } from "vitest";
import { InputError, type Result, RuleError } from "../../web/engine/common/errors.ts";
import { replay } from "../../web/engine/common/game.ts";
import { playBotGame } from "../../web/engine/string/bot.ts";
import {
  apply,
  legalActions,
  load,
  parseAction,
  position,
  reveals,
  save,
  setup,
  stationIndex,
  stringEngine,
  transportScores,
  undo,
} from "../../web/engine/string/engine.ts";
import { polylineLength } from "../../web/engine/string/geometry/polyline.ts";
import type { Board, StringAction, StringState } from "../../web/engine/string/types.ts";
import { BOARD, line, must } from "./fixtures.ts";

/** Plays actions for the seat to act (`player` filled in). */
function play(s: StringState, ...actions: Record<string, unknown>[]): StringState {
  for (const a of actions) s = must(apply(s, { ...a, player: s.current }));
  return s;
}

/** A 2-player game on BOARD after the setup tile choices (every seat keeps the first tile offered). */
function started(seed: number): StringState {
  let s = setup({ players: 2, board: BOARD }, seed);
  while (s.choice) s = play(s, { type: "keep-tile", tile: s.choice.tiles[0] });
  return s;
}

function ruleOf(r: Result<StringState>): string {
  expect(r.ok).toBe(false);
  return !r.ok && r.error instanceof RuleError
    ? r.error.rule
    : `not a RuleError: ${!r.ok && r.error.message}`;
}

function pathOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.path;
    throw e;
  }
  throw new Error("no InputError");
}

/** The first state of a played game where `when` holds (a greedy-bot game). */
function botState(players: number, seed: number, when: (s: StringState) => boolean): StringState {
  const g = playBotGame(players, seed);
  let s = setup({ players }, seed);
  for (const a of g.log) {
    if (when(s)) return s;
    s = must(apply(s, a));
  }
  if (when(s)) return s;
  throw new Error("no such state in the game");
}

describe("string: the common header", () => {
  it("setup: options normalised (board null when generated), seed, empty log, current = the choosing seat", () => {
    const s = setup({ players: 3 }, 7);
    expect(s.options).toEqual({ players: 3, board: null, rounds: 5 });
    expect([s.game, s.version, s.seed, s.log, s.over, s.winners]).toEqual(["string", 3, 7, [], false, []]);
    expect(s.current).toBe(s.choice!.player);
    expect(s.current).toBe(s.order[0]);
    const b = setup({ players: 2, board: { ...BOARD, radius: undefined } as unknown as Board }, "x");
    expect(b.options.board!.radius).toBe(2.5); // the board as parseBoard returns it
    expect(setup(b.options, "x")).toEqual(b);
  });

  it("setup refuses bad options and seeds with a JSON pointer", () => {
    expect(pathOf(() => setup({ players: 6 }, 1))).toBe("/options/players");
    expect(pathOf(() => setup({ players: 2, colour: "red" } as never, 1))).toBe("/options/colour");
    expect(pathOf(() => setup({ players: 2, board: { ...BOARD, polygon: [0, 0] } }, 1))).toBe(
      "/options/board/polygon",
    );
    expect(pathOf(() => setup({ players: 2 }, Number.NaN))).toBe("/seed");
    expect(pathOf(() => setup(null as never, 1))).toBe("/options");
  });

  it("current: the pending tile choice's seat, else the seat in turn order; null once over", () => {
    let s = started(3);
    expect(s.current).toBe(s.order[s.turn]);
    s = play(s, { type: "draw-tile" });
    expect(s.current).toBe(s.choice!.player);
    const g = playBotGame(2, 4);
    expect([g.final.current, g.final.over]).toEqual([null, true]);
    expect(g.final.winners.length).toBeGreaterThan(0);
  });

  it("log: every accepted action, normalised (extra fields dropped, chip defaults to null, -0 read as 0)", () => {
    let s = started(3);
    const p = s.current;
    s = must(apply(s, { type: "upgrade", player: p, note: "hi" }));
    expect(ruleOf(apply(s, { type: "new-station", player: p, x: 50, y: 70 }))).toBe("string.chip-required");
    // With no chip left (a hand-built position), an absent chip is a chipless new station.
    s = must(apply(position({ ...s, chips: [] }), { type: "new-station", player: p, x: 50, y: 70 }));
    s = must(apply(s, { type: "end-turn", player: p, why: 1 }));
    expect(s.log.slice(-3)).toEqual([
      { type: "upgrade", player: p },
      { type: "new-station", player: p, x: 50, y: 70, chip: null },
      { type: "end-turn", player: p },
    ]);
    const zero = parseAction({ type: "new-station", player: 1, x: -0, y: -0, chip: null }, 2);
    expect([
      Object.is(zero.type === "new-station" && zero.x, 0),
      Object.is((zero as { y: number }).y, 0),
    ]).toEqual([true, true]);
    const path = parseAction({ type: "place-string", player: 0, kind: "short", path: [-0, 1, 2, 3] }, 2);
    expect(Object.is((path as { path: number[] }).path[0], 0)).toBe(true);
  });

  it("a game is replayable from its own state: replay(options, seed, log) equals it", () => {
    for (const [players, seed] of [
      [2, 11],
      [4, 12],
    ] as const) {
      const g = playBotGame(players, seed);
      expect(replay(stringEngine, g.final.options, g.final.seed, g.final.log)).toEqual(g.final);
    }
    const s = play(started(5), { type: "place-string", kind: "short", path: line("R", "B") });
    expect(replay(stringEngine, s.options, s.seed, s.log)).toEqual(s);
  });
});

describe("string: save files (a save loads only if its replay reproduces it)", () => {
  const final = playBotGame(3, 21).final;
  const tampered = (change: (t: StringState & Record<string, unknown>) => void): string => {
    const t = JSON.parse(save(final)) as StringState & Record<string, unknown>;
    change(t);
    return pathOf(() => load(JSON.stringify(t)));
  };

  it("round-trips whole games and mid-game states (text and value)", () => {
    expect(load(save(final))).toEqual(final);
    const mid = botState(3, 21, (s) => s.round === 3 && s.seats.some((x) => x.newStation !== null));
    expect(load(save(mid))).toEqual(mid);
    expect(load(JSON.parse(save(mid)))).toEqual(mid);
  });

  it("30 red cubes in a score pile or on a station are refused at their JSON pointer", () => {
    expect(
      tampered((t) => {
        t.bag.red -= 30 - t.seats[0]!.pile.red;
        t.seats[0]!.pile.red = 30;
      }),
    ).toBe("/bag/red");
    expect(
      tampered((t) => {
        t.seats[0]!.pile.red = 30;
      }),
    ).toBe("/seats/0/pile/red");
    expect(
      tampered((t) => {
        t.stationCubes[3]!.red = 30;
      }),
    ).toBe("/stationCubes/3/red");
  });

  it("a new station moved off the board is refused at its coordinates", () => {
    const i = final.stations.findIndex((st) => st.kind === "new");
    expect(i).toBeGreaterThan(0);
    expect(
      tampered((t) => {
        t.stations[i]!.x = 500;
      }),
    ).toBe(`/stations/${i}/x`);
    expect(
      tampered((t) => {
        t.stations.push({ id: "new-9", kind: "new", colour: null, x: 1000, y: 1000, owner: 9 });
      }),
    ).toBe("/stations");
  });

  it("winners, scores and points are refused unless the replay gives them", () => {
    const loser = [0, 1, 2].find((i) => !final.winners.includes(i))!;
    expect(
      tampered((t) => {
        t.winners = [loser];
      }),
    ).toBe("/winners/0");
    expect(
      tampered((t) => {
        t.winners = [...t.winners, loser].sort();
      }),
    ).toBe("/winners");
    expect(
      tampered((t) => {
        t.result!.points[0]! += 10;
      }),
    ).toBe("/result/points/0");
    expect(
      tampered((t) => {
        t.result!.cubes[1] = 0;
      }),
    ).toBe("/result/cubes/1");
    expect(
      tampered((t) => {
        t.seats[2]!.loco = 6;
        t.seats[2]!.tiles = [];
      }),
    ).toMatch(/^\/seats\/2\/(loco|tiles)/);
  });

  it("unknown fields are refused, at any level", () => {
    expect(
      tampered((t) => {
        t.cheat = true;
      }),
    ).toBe("/cheat");
    expect(
      tampered((t) => {
        (t.seats[1] as unknown as Record<string, unknown>).bonus = 5;
      }),
    ).toBe("/seats/1/bonus");
    expect(
      tampered((t) => {
        (t.options as unknown as Record<string, unknown>).rounds = 9;
      }),
    ).toBe("/options/rounds");
  });

  it("the header is checked too: current, over, the log (a changed entry no longer replays), version", () => {
    const mid = botState(2, 8, (s) => s.round === 2 && s.log.length > 20);
    const t = JSON.parse(save(mid)) as StringState;
    t.current = 1 - t.current!;
    expect(pathOf(() => load(t))).toBe("/current");
    const u = JSON.parse(save(mid)) as StringState;
    u.over = true;
    expect(pathOf(() => load(u))).toBe("/over");
    const w = JSON.parse(save(mid)) as StringState;
    w.log[0] = { type: "end-turn", player: 0 };
    expect(pathOf(() => load(w))).toBe("/log/0");
    expect(pathOf(() => load({ ...mid, version: 1 }))).toBe("/version");
  });
});

describe("string: undo (own actions of this turn, back to the last reveal)", () => {
  /** A 2-player game on BOARD where the seat to act has a long string R–B–P and a scoring transport. */
  function scoringTurn(): { s: StringState; transport: StringAction } {
    for (let seed = 1; seed < 200; seed++) {
      const s = play(started(seed), { type: "place-string", kind: "long", path: line("R", "B", "P") });
      const t = legalActions(s).find(
        (a) =>
          a.type === "transport" &&
          transportScores(s, stationIndex(s, a.from), stationIndex(s, a.to), a.colour),
      );
      if (t) return { s, transport: t };
    }
    throw new Error("no seed gives a scoring transport");
  }

  it("string.undo-*: a transport, then undo, then the same transport reproduces the state", () => {
    const { s, transport } = scoringTurn();
    const after = must(apply(s, transport));
    const back = must(undo(after, transport.player));
    expect(back).toEqual(s);
    expect(must(apply(back, transport))).toEqual(after);
  });

  it("a string that draws no cubes, an upgrade, a cube for AP, a keep-tile after a draw can be taken back", () => {
    const s0 = started(2);
    const p = s0.current!;
    const laid = play(s0, { type: "place-string", kind: "long", path: line("R", "B", "P") });
    expect(must(undo(laid, p))).toEqual(s0);
    const up = play(laid, { type: "upgrade" });
    expect(must(undo(up, p))).toEqual(laid);
    const { s, transport } = scoringTurn();
    const scored = must(apply(s, transport));
    const colour = (transport as { colour: "red" }).colour;
    const traded = play(scored, { type: "cube-for-ap", colour });
    expect(must(undo(traded, transport.player))).toEqual(scored);
    const drawn = play(s0, { type: "draw-tile" });
    const kept = play(drawn, { type: "keep-tile", tile: drawn.choice!.tiles[1] });
    expect(must(undo(kept, p))).toEqual(drawn);
    expect(ruleOf(undo(drawn, p))).toBe("string.undo-reveal");
  });

  it("string.undo-reveal: a string that drew outskirts cubes, a replenish, a new station, a draw-tile", () => {
    const s = started(2);
    const p = s.current!;
    const outskirts = play(s, { type: "place-string", kind: "long", path: line("R", "B", "O") });
    expect(outskirts.rng).not.toBe(s.rng);
    expect(ruleOf(undo(outskirts, p))).toBe("string.undo-reveal");
    // Undo of a later transport stops there: one step back is fine, the next is refused.
    const moved = legalActions(outskirts).find((a) => a.type === "transport")!;
    const t = must(apply(outskirts, moved));
    expect(must(undo(t, p))).toEqual(outskirts);
    for (const a of [
      { type: "replenish", station: "O" },
      { type: "new-station", x: 50, y: 70, chip: "red" },
      { type: "draw-tile" },
    ]) {
      const after = play(s, a);
      expect(ruleOf(undo(after, p)), a.type).toBe("string.undo-reveal");
      expect(reveals(s, after.log.at(-1)!, after)).toBe(true);
    }
  });

  it("string.undo-turn-over: an end-turn cannot be taken back (nor any end-turn of a whole game)", () => {
    const s = started(2);
    const p = s.current!;
    const ended = play(s, { type: "upgrade" }, { type: "end-turn" });
    expect(ruleOf(undo(ended, p))).toBe("string.undo-turn-over");
    // Every end-turn of a played game, including those that end a round or the game, is refused.
    const g = playBotGame(3, 6);
    let st = setup({ players: 3 }, 6);
    for (const a of g.log) {
      st = must(apply(st, a));
      if (a.type === "end-turn") expect(undo(st, a.player).ok).toBe(false);
    }
  });

  it("string.undo-not-yours and string.undo-nothing", () => {
    const s = started(2);
    const p = s.current!;
    const up = play(s, { type: "upgrade" });
    expect(ruleOf(undo(up, 1 - p))).toBe("string.undo-not-yours");
    expect(ruleOf(undo(setup({ players: 2 }, 1), 0))).toBe("string.undo-nothing");
  });
});

describe("string: hostile input", () => {
  const SHORT = line("R", "B"); // 20 cm
  const LONG = [10, 50, 10, 90, 52, 90, 30, 70]; // R … P, about 111.7 cm

  it("a getter on `path` that answers short first and 105.8+ cm later cannot get an over-long string accepted", () => {
    expect(polylineLength(Float64Array.from(LONG))).toBeGreaterThan(105.8);
    const s = started(2);
    const p = s.current!;
    let reads = 0;
    const hostile = {
      type: "place-string",
      player: p,
      kind: "short",
      get path() {
        reads++;
        return reads === 1 ? SHORT : LONG;
      },
    };
    const r = apply(s, hostile);
    expect(reads).toBe(1);
    const t = must(r);
    const placed = t.seats[p]!.strings[0]!;
    expect(placed.path).toEqual(SHORT);
    expect(polylineLength(Float64Array.from(placed.path))).toBeLessThanOrEqual(30);
    expect(t.log.at(-1)).toEqual({ type: "place-string", player: p, kind: "short", path: SHORT });
    // The other way round (long first) is refused, and the state is unchanged.
    reads = 0;
    const before = save(s);
    const flipped = {
      type: "place-string",
      player: p,
      kind: "short",
      get path() {
        reads++;
        return reads === 1 ? LONG : SHORT;
      },
    };
    expect(ruleOf(apply(s, flipped))).toBe("string.too-long");
    expect(save(s)).toBe(before);
  });

  it("apply(null, …) and other non-states are refusals, never exceptions", () => {
    const a = { type: "end-turn", player: 0 };
    for (const bad of [null, undefined, 42, "state", [], { game: "train" }, { game: "string" }]) {
      const r = apply(bad as never, a);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(InputError);
    }
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error("boom");
        },
      },
    );
    expect(apply(started(2), throwing).ok).toBe(false);
  });

  it("action errors name the field by JSON pointer", () => {
    const s = started(2);
    const p = s.current!;
    const at = (a: unknown): string => {
      const r = apply(s, a);
      return !r.ok && r.error instanceof InputError ? r.error.path : "accepted or not an InputError";
    };
    expect(at({ type: "fly", player: p })).toBe("/action/type");
    expect(at({ type: "end-turn", player: 7 })).toBe("/action/player");
    expect(at({ type: "place-string", player: p, kind: "short", path: [1, 2, Number.NaN, 4] })).toBe(
      "/action/path/2",
    );
    expect(at({ type: "transport", player: p, from: "R", to: "nowhere", colour: "red" })).toBe("/action/to");
    expect(at({ type: "long-distance", player: p, tile: 0, row: "A", stations: ["R", "?"] })).toBe(
      "/action/stations/1",
    );
    expect(at({ type: "new-station", player: p, x: 1, y: "2", chip: null })).toBe("/action/y");
  });
});

describe("string: hand-built positions (position)", () => {
  it("accepts every state of a played game as it is", () => {
    const g = playBotGame(2, 31);
    let s = setup({ players: 2 }, 31);
    for (const [i, a] of g.log.entries()) {
      if (i % 7 === 0) expect(position(s)).toEqual(s);
      s = must(apply(s, a));
    }
    expect(position(s)).toEqual(s);
  });

  it("refuses 30 red cubes, a new station off the board, unknown fields, a wrong seat to act", () => {
    const s = botState(2, 31, (x) => x.seats.some((seat) => seat.newStation !== null) && !x.choice);
    const edit = (change: (t: StringState & Record<string, unknown>) => void): string => {
      const t = structuredClone(s) as StringState & Record<string, unknown>;
      change(t);
      return pathOf(() => position(t));
    };
    expect(
      edit((t) => {
        t.stationCubes[0]!.red = 30;
      }),
    ).toBe("/stationCubes/0/red");
    expect(
      edit((t) => {
        t.seats[1]!.pile.red += 1;
      }),
    ).toBe("/bag/red");
    const i = s.stations.findIndex((st) => st.kind === "new");
    expect(
      edit((t) => {
        t.stations[i]!.x = -40;
      }),
    ).toBe(`/stations/${i}`);
    expect(
      edit((t) => {
        t.stations[0]!.x += 1;
      }),
    ).toBe("/stations/0/x");
    expect(
      edit((t) => {
        t.extra = 1;
      }),
    ).toBe("/extra");
    expect(
      edit((t) => {
        t.current = 1 - t.current!;
      }),
    ).toBe("/current");
    expect(
      edit((t) => {
        t.seats[0]!.strings.push({ kind: "short", path: line("R", "B"), stations: [0, 1] });
      }),
    ).toBe("/seats/0/shortLeft");
  });
});
