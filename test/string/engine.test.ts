/**
 * String Railway rules on a hand-built board (one test per rule of docs/rules/string-railway.md; rule ids as in
 * docs/rules/string-railway.md).
 *
 *   y
 *  80 |                 R2(10,70) . . P(30,70) . . N*(50,70)
 *  50 | R(10,50) ── B(30,50) ── O(50,50)
 *  30 | O2(10,30)   Y(30,30)      B2(55,25) [mountain 60..80 × 10..40, M(70,15)] Y2(85,25)
 *      board: the square 0..100; N* is where the tests place new stations.
 */
import { describe, expect, it } from "vitest";
import { countTotal } from "../../web/engine/string/cubes.ts";
import {
  apply,
  legalActions,
  position,
  scoringColour,
  setup,
  totalCubes,
} from "../../web/engine/string/engine.ts";
import type { Counts, StringAction, StringState } from "../../web/engine/string/types.ts";
import { BOARD, line, must } from "./fixtures.ts";

/**
 * A hand-built position: `change` edits a copy of `s`; the seat to act is set from the edited order, and
 * `position` checks the result (every cube of the box somewhere, tiles in one place, …).
 */
function edit(s: StringState, change: (t: StringState) => void): StringState {
  const t = structuredClone(s);
  change(t);
  t.current = t.over ? null : t.choice ? t.choice.player : t.order[t.turn]!;
  return position(t);
}

/** A 2- or 3-player game on BOARD after the setup tile choices, with empty stations (all cubes in the bag). */
function game(players = 2): StringState {
  let s = setup({ players, board: BOARD }, 1);
  while (s.choice)
    s = must(apply(s, { type: "keep-tile", player: s.choice.player, tile: s.choice.tiles[0]! }));
  return edit(s, (t) => {
    for (const c of t.stationCubes) {
      for (const k of Object.keys(c) as (keyof Counts)[]) {
        t.bag[k] += c[k];
        c[k] = 0;
      }
    }
  });
}

/** Makes it `player`'s fresh turn with `ap` AP. */
function turnOf(s: StringState, player: number, ap = 8): StringState {
  return edit(s, (t) => {
    t.order = [player, ...t.order.filter((p) => p !== player)];
    t.turn = 0;
    t.ap = ap;
    t.step = "route";
    t.placedString = false;
    t.replenishes = 0;
    t.cubesForAp = 0;
  });
}

/** Puts cubes on a station, taken from the bag (so the 94 stay conserved). */
function put(s: StringState, id: string, cubes: Partial<Counts>): StringState {
  return edit(s, (t) => {
    const i = t.stations.findIndex((st) => st.id === id);
    for (const [k, n] of Object.entries(cubes) as [keyof Counts, number][]) {
      t.bag[k] -= n;
      t.stationCubes[i]![k] += n;
    }
  });
}

/** Gives `player` exactly these long-distance tiles (face up), taken from wherever they are. */
function giveTiles(t: StringState, player: number, tiles: { id: number; flipped?: boolean }[]): void {
  const ids = tiles.map((x) => x.id);
  t.deck = t.deck.filter((id) => !ids.includes(id));
  for (const seat of t.seats) seat.tiles = seat.tiles.filter((x) => !ids.includes(x.id));
  t.seats[player]!.tiles = tiles.map((x) => ({ id: x.id, flipped: x.flipped ?? false }));
}

function cubesAt(s: StringState, id: string): Counts {
  return s.stationCubes[s.stations.findIndex((st) => st.id === id)]!;
}

/** Lays a string for `player` on a fresh turn with plenty of AP. */
function lay(s: StringState, player: number, path: number[], kind: "short" | "long" = "short"): StringState {
  return must(apply(turnOf(s, player), { type: "place-string", player, kind, path }));
}

function refused(s: StringState, action: StringAction | Record<string, unknown>, rule: string): void {
  const before = JSON.stringify(s);
  const r = apply(s, action);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.error.name).toBe("RuleError");
  expect((r.error as { rule?: string }).rule).toBe(rule);
  expect(JSON.stringify(s)).toBe(before);
}

function place(s: StringState, player: number, path: number[], kind: "short" | "long" = "short") {
  return apply(s, { type: "place-string", player, kind, path });
}

describe("string engine: setup", () => {
  it("string.setup: 2 cubes on each city station, 3 on the mountain station, 94 in all, one tile kept each", () => {
    let s = setup({ players: 3, board: BOARD }, 5);
    BOARD.stations.forEach((st, i) => {
      const n = countTotal(s.stationCubes[i]!);
      expect(n).toBe(st.kind === "city" ? 2 : st.kind === "mountain" ? 3 : 0);
    });
    expect(totalCubes(s)).toBe(94);
    expect(s.phase).toBe("setup");
    expect(s.choice?.tiles).toHaveLength(2);
    refused(s, { type: "end-turn", player: s.choice!.player }, "string.choose-tile-first");
    while (s.choice)
      s = must(apply(s, { type: "keep-tile", player: s.choice.player, tile: s.choice.tiles[1]! }));
    expect(s.phase).toBe("play");
    expect(s.seats.map((p) => p.tiles.length)).toEqual([1, 1, 1]);
    expect(s.deck).toHaveLength(12 - 3);
    expect(s.ap).toBe(3);
  });

  it("string.setup: refuses a player count outside 2..5", () => {
    expect(() => setup({ players: 1 }, 1)).toThrow(/players/);
    expect(() => setup({ players: 6 }, 1)).toThrow(/players/);
  });
});

describe("string engine: route phase", () => {
  it("string.route: a string between two stations costs nothing and lists its stations in order", () => {
    const s = must(place(turnOf(game(), 0, 3), 0, line("R", "B", "O"), "long"));
    expect(s.seats[0]!.strings[0]!.stations.map((i) => s.stations[i]!.id)).toEqual(["R", "B", "O"]);
    expect(s.ap).toBe(3);
    expect(s.seats[0]!.longLeft).toBe(0);
  });

  it("string.not-enough-ap: crossing another player's string outside every station costs 1 AP", () => {
    const s = lay(game(), 0, line("O2", "B"));
    const t = must(place(turnOf(s, 1, 3), 1, line("R", "Y")));
    expect(t.ap).toBe(2);
    refused(
      turnOf(s, 1, 0),
      { type: "place-string", player: 1, kind: "short", path: line("R", "Y") },
      "string.not-enough-ap",
    );
  });

  it("string.route: a crossing inside a station disc is free", () => {
    const s = lay(game(), 0, line("R", "B", "O"), "long");
    const t = must(place(turnOf(s, 1, 0), 1, line("P", "B", "Y"), "long"));
    expect(t.ap).toBe(0);
  });

  it("string.route: crossing one's own string is free", () => {
    const s = lay(game(), 0, line("O2", "B"));
    const t = must(place(turnOf(s, 0, 0), 0, line("R", "Y")));
    expect(t.ap).toBe(0);
  });

  it("string.route: a string through the mountain costs +1, once however often it enters", () => {
    const s = turnOf(game(), 0, 3);
    expect(must(place(s, 0, line("B2", "Y2"))).ap).toBe(2);
    const zigzag = [55, 25, 62, 38, 66, 42, 70, 38, 85, 25];
    expect(must(place(s, 0, zigzag, "long")).ap).toBe(2);
    refused(
      turnOf(game(), 0, 0),
      { type: "place-string", player: 0, kind: "short", path: line("B2", "Y2") },
      "string.not-enough-ap",
    );
  });

  it("string.touches-board-edge, string.leaves-board: touching the board edge is refused; leaving the board is refused", () => {
    const s = turnOf(game(), 0);
    refused(
      s,
      { type: "place-string", player: 0, kind: "short", path: [10, 50, 0, 60, 10, 70] },
      "string.touches-board-edge",
    );
    refused(
      s,
      { type: "place-string", player: 0, kind: "long", path: [10, 50, -3, 60, 10, 70] },
      "string.leaves-board",
    );
  });

  it("string.same-station-twice: the same station twice in a row is refused (also: both ends in one station)", () => {
    const s = turnOf(game(), 0);
    refused(
      s,
      { type: "place-string", player: 0, kind: "short", path: [10, 50, 18, 58, 11, 51] },
      "string.same-station-twice",
    );
    refused(
      s,
      { type: "place-string", player: 0, kind: "short", path: [10, 50, 11, 50] },
      "string.same-station-twice",
    );
    // R, B, R is fine: B lies between.
    expect(place(s, 0, line("R", "B", "R"), "long").ok).toBe(true);
  });

  it("string.endpoint-not-in-station: an end outside every station is refused", () => {
    refused(
      turnOf(game(), 0),
      { type: "place-string", player: 0, kind: "short", path: [10, 50, 20, 60] },
      "string.endpoint-not-in-station",
    );
  });

  it("string.too-long: a path longer than its string is refused (30 short, 60 long)", () => {
    const s = turnOf(game(), 0);
    refused(s, { type: "place-string", player: 0, kind: "short", path: line("R", "O") }, "string.too-long");
    expect(place(s, 0, line("R", "O"), "long").ok).toBe(true);
  });

  it("string.route: one string per turn, four short and one long per player", () => {
    let s = must(place(turnOf(game(), 0), 0, line("R", "B")));
    refused(
      s,
      { type: "place-string", player: 0, kind: "short", path: line("B", "P") },
      "string.one-string-per-turn",
    );
    for (const p of [line("B", "P"), line("P", "R2"), line("R2", "R")]) s = lay(s, 0, p);
    expect(s.seats[0]!.shortLeft).toBe(0);
    refused(
      turnOf(s, 0),
      { type: "place-string", player: 0, kind: "short", path: line("O2", "Y") },
      "string.no-string-left",
    );
  });

  it("string.route: outskirts stations touched receive 3 cubes from the bag", () => {
    const s = lay(game(), 0, line("O2", "Y"));
    expect(countTotal(cubesAt(s, "O2"))).toBe(3);
    expect(countTotal(cubesAt(s, "Y"))).toBe(0);
    expect(totalCubes(s)).toBe(94);
  });

  it("string.route: a draw from an almost empty bag draws what is left", () => {
    const s = game();
    // Move all but 2 bag cubes to seat 1's score pile, keeping the 94.
    for (const k of Object.keys(s.bag) as (keyof Counts)[]) {
      s.seats[1]!.pile[k] += s.bag[k];
      s.bag[k] = 0;
    }
    s.seats[1]!.pile.red -= 2;
    s.bag.red = 2;
    const t = lay(s, 0, line("O2", "Y"));
    expect(cubesAt(t, "O2").red).toBe(2);
    expect(countTotal(t.bag)).toBe(0);
    const u = lay(t, 0, line("O2", "R"));
    expect(countTotal(cubesAt(u, "O2"))).toBe(2);
    expect(totalCubes(u)).toBe(94);
  });

  it("string.not-your-turn: not your turn", () => {
    const s = turnOf(game(), 0);
    refused(
      s,
      { type: "place-string", player: 1, kind: "short", path: line("R", "B") },
      "string.not-your-turn",
    );
  });
});

describe("string engine: transport", () => {
  function withString(): StringState {
    const s = lay(game(), 0, line("R", "B", "O"), "long");
    return turnOf(put(put(s, "R", { blue: 1, red: 1, white: 1, green: 1 }), "B", { red: 1 }), 0, 8);
  }
  const mv = (from: string, to: string, colour: string): StringAction =>
    ({ type: "transport", player: 0, from, to, colour }) as StringAction;

  it("string.transport: a cube scores on arrival at a station of its colour (1 AP)", () => {
    const s = must(apply(withString(), mv("R", "B", "blue")));
    expect(s.seats[0]!.pile.blue).toBe(1);
    expect(s.ap).toBe(7);
    expect(cubesAt(s, "R").blue).toBe(0);
  });

  it("string.transport: any distance along one string is one transport", () => {
    const s = must(apply(withString(), mv("R", "O", "green")));
    expect(s.seats[0]!.pile.green).toBe(1);
    expect(s.ap).toBe(7);
  });

  it("string.transport: a cube that started on a station of its colour does not score there", () => {
    const s = put(lay(game(), 0, line("R", "R2")), "R", { red: 1 });
    const t = must(apply(turnOf(s, 0), { type: "transport", player: 0, from: "R", to: "R2", colour: "red" }));
    expect(t.seats[0]!.pile.red).toBe(0);
    expect(cubesAt(t, "R2").red).toBe(1);
    // Moved elsewhere first, it scores when it comes back.
    const u = put(lay(game(), 0, line("R", "B")), "R", { red: 1 });
    let v = must(apply(turnOf(u, 0), { type: "transport", player: 0, from: "R", to: "B", colour: "red" }));
    v = must(apply(v, { type: "transport", player: 0, from: "B", to: "R", colour: "red" }));
    expect(v.seats[0]!.pile.red).toBe(1);
  });

  it("string.transport: green scores at outskirts, not when it started on one", () => {
    const s = put(lay(lay(game(), 0, line("O2", "Y")), 0, line("O2", "R")), "Y", { green: 1 });
    let t = must(apply(turnOf(s, 0), { type: "transport", player: 0, from: "Y", to: "O2", colour: "green" }));
    expect(t.seats[0]!.pile.green).toBe(1);
    // Outskirts to outskirts: the green cube started on a station of its colour.
    let u = lay(game(), 0, line("O2", "O"), "long");
    const before = cubesAt(u, "O").green;
    u = put(u, "O2", { green: 1 });
    t = must(apply(turnOf(u, 0), { type: "transport", player: 0, from: "O2", to: "O", colour: "green" }));
    expect(t.seats[0]!.pile.green).toBe(0);
    expect(cubesAt(t, "O").green).toBe(before + 1);
  });

  it("string.transport: white cubes never score by transport", () => {
    const s = must(apply(withString(), mv("R", "B", "white")));
    expect(countTotal(s.seats[0]!.pile)).toBe(0);
    expect(cubesAt(s, "B").white).toBe(1);
  });

  it("string.transport: the mountain station and a chipless new station score nothing", () => {
    expect(scoringColour({ id: "M", kind: "mountain", colour: null, x: 0, y: 0 })).toBeNull();
    expect(scoringColour({ id: "n", kind: "new", colour: null, x: 0, y: 0 })).toBeNull();
    let s = edit(game(), (t) => {
      t.chips = [];
    });
    s = must(apply(turnOf(s, 0), { type: "new-station", player: 0, x: 50, y: 70, chip: null }));
    s = put(lay(s, 0, [30, 70, 50, 70]), "P", { red: 1, purple: 1 });
    const reds = cubesAt(s, "new-0").red;
    s = must(apply(turnOf(s, 0), { type: "transport", player: 0, from: "P", to: "new-0", colour: "red" }));
    expect(countTotal(s.seats[0]!.pile)).toBe(0);
    expect(cubesAt(s, "new-0").red).toBe(reds + 1);
  });

  it("string.transport: a chip makes a new station score like a city of that colour", () => {
    let s = must(apply(turnOf(game(), 0), { type: "new-station", player: 0, x: 50, y: 70, chip: "yellow" }));
    s = put(lay(s, 0, [30, 70, 50, 70]), "P", { yellow: 1 });
    s = must(apply(turnOf(s, 0), { type: "transport", player: 0, from: "P", to: "new-0", colour: "yellow" }));
    expect(s.seats[0]!.pile.yellow).toBe(1);
  });

  it("string.not-connected, string.no-such-cube, string.transport-same-station: refusals: not connected, another player's string, no such cube, same station, no AP", () => {
    const s = withString();
    refused(s, mv("R", "P", "red"), "string.not-connected");
    refused(s, mv("B", "R", "blue"), "string.no-such-cube");
    refused(s, mv("R", "R", "red"), "string.transport-same-station");
    refused(turnOf(s, 0, 0), mv("R", "B", "blue"), "string.not-enough-ap");
    refused(turnOf(s, 1), { ...mv("R", "B", "blue"), player: 1 }, "string.not-connected");
  });

  it("string.phase-order: no string after a transport; no transport after an upgrade", () => {
    const s = must(apply(withString(), mv("R", "B", "blue")));
    refused(
      s,
      { type: "place-string", player: 0, kind: "short", path: line("B", "P") },
      "string.phase-order",
    );
    const t = must(apply(s, { type: "upgrade", player: 0 }));
    refused(t, mv("R", "B", "red"), "string.phase-order");
  });

  it("string.transport: an unknown station is an InputError", () => {
    const r = apply(withString(), mv("R", "nowhere", "red"));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.name).toBe("InputError");
  });
});

describe("string engine: long-distance tiles", () => {
  /** Seat 0 holds tile 0 (red → blue → purple), strings R–B–P–N, new station N (yellow chip) at (50,70). */
  function ldGame(): StringState {
    let s = edit(game(), (t) => giveTiles(t, 0, [{ id: 0 }, { id: 1 }]));
    s = must(apply(turnOf(s, 0), { type: "new-station", player: 0, x: 50, y: 70, chip: "yellow" }));
    s = lay(s, 0, line("R", "B"));
    s = lay(s, 0, line("B", "P"));
    s = lay(s, 0, [30, 70, 50, 70]);
    s = put(put(put(s, "R", { white: 1 }), "B", { white: 1 }), "P", { white: 1 });
    return turnOf(s, 0, 3);
  }
  const ld = (row: "A" | "B" | "C", stations: string[], tile = 0): StringAction => ({
    type: "long-distance",
    player: 0,
    tile,
    row,
    stations,
  });

  it("string.long-distance: row A (via B, C): keep the white cube, flip the tile; 1 AP a hop", () => {
    const s = must(apply(ldGame(), ld("A", ["R", "B", "P", "new-0"])));
    expect(s.ap).toBe(0);
    expect(s.seats[0]!.pile.white).toBe(1);
    expect(s.seats[0]!.tiles.find((t) => t.id === 0)).toEqual({ id: 0, flipped: true });
    expect(cubesAt(s, "R").white).toBe(0);
    refused(turnOf(s, 0), ld("A", ["R", "B", "P", "new-0"]), "string.no-such-tile");
  });

  it("string.long-distance: row B (via C): keep the white cube, the tile leaves the game", () => {
    const s = must(apply(ldGame(), ld("B", ["B", "P", "new-0"])));
    expect(s.ap).toBe(1);
    expect(s.seats[0]!.pile.white).toBe(1);
    expect(s.seats[0]!.tiles.map((t) => t.id)).toEqual([1]);
  });

  it("string.long-distance: row C: the white cube returns to the bag, the tile leaves the game", () => {
    const s0 = ldGame();
    const bag = s0.bag.white;
    const s = must(apply(s0, ld("C", ["P", "new-0"])));
    expect(s.ap).toBe(2);
    expect(s.seats[0]!.pile.white).toBe(0);
    expect(s.bag.white).toBe(bag + 1);
    expect(s.seats[0]!.tiles.map((t) => t.id)).toEqual([1]);
    expect(totalCubes(s)).toBe(94);
  });

  it("string.long-distance: revisiting stations is allowed (and paid) along different hops", () => {
    // A second string R–B: two hops between R and B, so B → R → B goes out on one and back on the other.
    const s = turnOf(lay(ldGame(), 0, [10, 51, 30, 51]), 0, 5);
    const t = must(apply(s, ld("B", ["B", "R", "B", "P", "new-0"])));
    expect(t.ap).toBe(1);
  });

  it("string.ld-hop-twice: going straight back along the hop just travelled is refused", () => {
    const s = turnOf(ldGame(), 0, 6);
    refused(s, ld("A", ["R", "B", "R", "B", "P", "new-0"]), "string.ld-hop-twice");
    refused(s, ld("B", ["B", "R", "B", "P", "new-0"]), "string.ld-hop-twice");
    refused(s, ld("B", ["B", "P", "B", "P", "new-0"]), "string.ld-hop-twice");
    // The last hop back and forth too: P → new → P → new.
    refused(s, ld("C", ["P", "new-0", "P", "new-0"]), "string.ld-hop-twice");
  });

  it("string.ld-hop-twice: two strings between the same stations are two hops; a third pass is refused", () => {
    const s = turnOf(lay(ldGame(), 0, [10, 51, 30, 51]), 0, 8);
    expect(apply(s, ld("B", ["B", "R", "B", "P", "new-0"])).ok).toBe(true);
    refused(s, ld("B", ["B", "R", "B", "R", "B", "P", "new-0"]), "string.ld-hop-twice");
  });

  it("string.ld-hop-twice: one string that passes the same two stations twice (R, B, R) is one hop", () => {
    let s = edit(game(), (t) => giveTiles(t, 0, [{ id: 0 }]));
    s = must(apply(turnOf(s, 0), { type: "new-station", player: 0, x: 50, y: 70, chip: "yellow" }));
    s = lay(s, 0, [10, 50, 30, 50.5, 10, 51], "long");
    expect(s.seats[0]!.strings.at(-1)!.stations.map((i) => s.stations[i]!.id)).toEqual(["R", "B", "R"]);
    s = lay(s, 0, line("B", "P"));
    s = lay(s, 0, [30, 70, 50, 70]);
    s = turnOf(put(s, "B", { white: 1 }), 0, 6);
    refused(s, ld("B", ["B", "R", "B", "P", "new-0"]), "string.ld-hop-twice");
    expect(apply(s, ld("B", ["B", "P", "new-0"])).ok).toBe(true);
  });

  it("string.ld-hop-twice: legalActions and the shortest route follow the rule (a dead end needs a second string)", () => {
    // Strings R–B (B a dead end), R–P, P–new; tile 0 is red → blue → purple: row A must go R → B and back.
    let s = edit(game(), (t) => giveTiles(t, 0, [{ id: 0 }]));
    s = must(apply(turnOf(s, 0), { type: "new-station", player: 0, x: 50, y: 70, chip: "yellow" }));
    s = lay(s, 0, line("R", "B"));
    s = lay(s, 0, line("R", "P"));
    s = lay(s, 0, [30, 70, 50, 70]);
    s = turnOf(put(s, "R", { white: 1 }), 0, 8);
    const rowA = (t: StringState) =>
      legalActions(t).filter((a) => a.type === "long-distance" && a.row === "A" && a.tile === 0);
    refused(s, ld("A", ["R", "B", "R", "P", "new-0"]), "string.ld-hop-twice");
    expect(rowA(s)).toEqual([]);
    // With a second string R–B the route exists, and it is the one offered.
    const t = turnOf(lay(s, 0, [10, 51, 30, 51]), 0, 8);
    expect(rowA(t)).toEqual([ld("A", ["R", "B", "R", "P", "new-0"])]);
    expect(apply(t, ld("A", ["R", "B", "R", "P", "new-0"])).ok).toBe(true);
  });

  it("string.ld-wrong-start, string.ld-not-adjacent, string.ld-colours-out-of-order: refusals: wrong start colour, hop not along a string, colours out of order, not at the new station, AP", () => {
    const s = ldGame();
    refused(s, ld("A", ["B", "P", "new-0"]), "string.ld-wrong-start");
    refused(s, ld("A", ["R", "P", "new-0"]), "string.ld-not-adjacent");
    // tile 1 is blue → purple → red: from blue via purple, red is never visited.
    refused(s, ld("A", ["B", "P", "new-0"], 1), "string.ld-colours-out-of-order");
    refused(s, ld("A", ["R", "B", "P"]), "string.ld-must-end-at-new-station");
    refused(turnOf(s, 0, 2), ld("A", ["R", "B", "P", "new-0"]), "string.not-enough-ap");
    const noWhite = edit(s, (t) => {
      t.stationCubes[0]!.white = 0;
      t.bag.white++;
    });
    refused(noWhite, ld("A", ["R", "B", "P", "new-0"]), "string.no-white-cube");
  });

  it("string.ld-no-hop: a white cube on the own new station cannot resolve a row there in place", () => {
    // Tile 1 is blue → purple → red; with a red chip the new station is the start colour of row C.
    let s = edit(game(), (t) => giveTiles(t, 0, [{ id: 1 }]));
    s = must(apply(turnOf(s, 0), { type: "new-station", player: 0, x: 50, y: 70, chip: "red" }));
    s = lay(s, 0, [30, 70, 50, 70]);
    s = turnOf(
      edit(s, (t) => {
        const n = t.stations.findIndex((st) => st.id === "new-0");
        t.bag.white += t.stationCubes[n]!.white - 1;
        t.stationCubes[n]!.white = 1;
      }),
      0,
      3,
    );
    refused(s, ld("C", ["new-0"], 1), "string.ld-no-hop");
    expect(legalActions(s).filter((a) => a.type === "long-distance" && a.stations.length < 2)).toEqual([]);
  });

  it("string.no-new-station: without a placed new station it is refused", () => {
    const s = put(
      edit(lay(game(), 0, line("R", "B")), (t) => giveTiles(t, 0, [{ id: 0 }])),
      "R",
      { white: 1 },
    );
    refused(turnOf(s, 0), ld("A", ["R", "B"]), "string.no-new-station");
  });

  it("string.long-distance: legalActions offers the shortest route for each row", () => {
    const acts = legalActions(ldGame()).filter((a) => a.type === "long-distance");
    expect(acts).toContainEqual(ld("A", ["R", "B", "P", "new-0"]));
    expect(acts).toContainEqual(ld("B", ["B", "P", "new-0"]));
    expect(acts).toContainEqual(ld("C", ["P", "new-0"]));
    for (const a of acts) expect(apply(ldGame(), a).ok).toBe(true);
  });
});

describe("string engine: locomotive", () => {
  it("string.locomotive: 3→4 costs 1, 4→5 costs 2, 5→6 costs 2; the new AP count applies next turn", () => {
    let s = turnOf(game(), 0, 5);
    s = must(apply(s, { type: "upgrade", player: 0 }));
    expect([s.seats[0]!.loco, s.ap]).toEqual([4, 4]);
    s = must(apply(s, { type: "upgrade", player: 0 }));
    expect([s.seats[0]!.loco, s.ap]).toEqual([5, 2]);
    s = must(apply(s, { type: "upgrade", player: 0 }));
    expect([s.seats[0]!.loco, s.ap]).toEqual([6, 0]);
    refused(turnOf(s, 0, 5), { type: "upgrade", player: 0 }, "string.max-locomotive");
    // Next turn of seat 0 starts with 6 AP.
    s = edit(s, (t) => {
      t.order = [0, 1];
      t.turn = 0;
      t.round = 1;
    });
    s = must(apply(s, { type: "end-turn", player: 0 }));
    s = must(apply(s, { type: "end-turn", player: 1 }));
    expect(s.order[0] === 0 ? s.ap : 6).toBe(6);
  });

  it("string.not-enough-ap: an upgrade without the AP is refused", () => {
    refused(turnOf(game(), 0, 0), { type: "upgrade", player: 0 }, "string.not-enough-ap");
    const s = edit(turnOf(game(), 0, 1), (t) => {
      t.seats[0]!.loco = 4;
    });
    refused(s, { type: "upgrade", player: 0 }, "string.not-enough-ap");
  });
});

describe("string engine: special actions", () => {
  it("string.special: new station: once a game, 3 cubes from the bag, a remaining chip", () => {
    let s = turnOf(game(), 0, 0);
    refused(s, { type: "new-station", player: 0, x: 50, y: 70, chip: null }, "string.chip-required");
    s = must(apply(s, { type: "new-station", player: 0, x: 50, y: 70, chip: "red" }));
    expect(countTotal(cubesAt(s, "new-0"))).toBe(3);
    expect(s.chips).toEqual(["blue", "purple", "yellow"]);
    expect(s.ap).toBe(0);
    refused(s, { type: "new-station", player: 0, x: 50, y: 90, chip: "blue" }, "string.new-station-used");
    refused(
      turnOf(s, 1),
      { type: "new-station", player: 1, x: 50, y: 90, chip: "red" },
      "string.chip-unavailable",
    );
    expect(totalCubes(s)).toBe(94);
  });

  it("string.special: new station placement rules", () => {
    const s = turnOf(lay(game(), 1, line("R", "B")), 0);
    const at = (x: number, y: number): StringAction => ({
      type: "new-station",
      player: 0,
      x,
      y,
      chip: "red",
    });
    refused(s, at(20, 51), "string.new-station-on-string");
    refused(s, at(34, 52), "string.new-station-touches-station");
    refused(s, at(35, 50), "string.new-station-touches-station"); // exactly touching
    refused(s, at(70, 30), "string.new-station-in-mountain");
    refused(s, at(58, 30), "string.new-station-in-mountain"); // disc touches the mountain string
    refused(s, at(1, 90), "string.new-station-off-board");
    refused(s, at(-10, 90), "string.new-station-off-board");
    expect(apply(s, at(20, 56)).ok).toBe(true);
  });

  it("string.replenish-limit, string.not-enough-ap: replenish: 1 AP, 2 cubes, at most twice a turn", () => {
    let s = turnOf(game(), 0, 5);
    s = must(apply(s, { type: "replenish", player: 0, station: "O" }));
    s = must(apply(s, { type: "replenish", player: 0, station: "O" }));
    expect(countTotal(cubesAt(s, "O"))).toBe(4);
    expect(s.ap).toBe(3);
    refused(s, { type: "replenish", player: 0, station: "O" }, "string.replenish-limit");
    refused(turnOf(game(), 0, 0), { type: "replenish", player: 0, station: "O" }, "string.not-enough-ap");
  });

  it("string.no-such-cube, string.cube-for-ap-limit: cube for AP: a scored cube back to the bag for +1 AP, at most twice a turn", () => {
    let s = turnOf(game(), 0, 0);
    refused(s, { type: "cube-for-ap", player: 0, colour: "red" }, "string.no-such-cube");
    s = edit(s, (t) => {
      t.bag.red -= 3;
      t.seats[0]!.pile.red = 3;
    });
    s = must(apply(s, { type: "cube-for-ap", player: 0, colour: "red" }));
    s = must(apply(s, { type: "cube-for-ap", player: 0, colour: "red" }));
    expect([s.ap, s.seats[0]!.pile.red]).toEqual([2, 1]);
    refused(s, { type: "cube-for-ap", player: 0, colour: "red" }, "string.cube-for-ap-limit");
    expect(totalCubes(s)).toBe(94);
    // The limit is per turn.
    expect(apply(turnOf(s, 0, 0), { type: "cube-for-ap", player: 0, colour: "red" }).ok).toBe(true);
  });

  it("string.choose-tile-first, string.tile-not-offered, string.deck-empty: draw a tile: draw 2 keep 1 (the other to the bottom); 1 left: take it; none: refused", () => {
    let s = turnOf(game(), 0);
    const top = s.deck.slice(0, 2);
    const rest = s.deck.length;
    s = must(apply(s, { type: "draw-tile", player: 0 }));
    expect(s.choice).toEqual({ player: 0, tiles: top, reason: "draw" });
    refused(s, { type: "end-turn", player: 0 }, "string.choose-tile-first");
    const other = [...Array(12).keys()].find((id) => !top.includes(id))!;
    refused(s, { type: "keep-tile", player: 0, tile: other }, "string.tile-not-offered");
    s = must(apply(s, { type: "keep-tile", player: 0, tile: top[1]! }));
    expect(s.deck.at(-1)).toBe(top[0]);
    expect(s.deck).toHaveLength(rest - 1);
    expect(s.seats[0]!.tiles.at(-1)).toEqual({ id: top[1], flipped: false });
    s = edit(s, (t) => {
      t.deck = [t.deck[0]!];
    });
    s = must(apply(s, { type: "draw-tile", player: 0 }));
    expect(s.choice).toBeNull();
    expect(s.deck).toEqual([]);
    refused(s, { type: "draw-tile", player: 0 }, "string.deck-empty");
    refused(s, { type: "keep-tile", player: 0, tile: 0 }, "string.no-tile-choice");
  });
});

describe("string engine: rounds, order and the end", () => {
  it("string.rounds: after a round the order is by fewest cubes in the score pile", () => {
    let s = edit(game(3), (t) => {
      t.order = [0, 1, 2];
      t.turn = 2;
      t.bag.red -= 5;
      t.seats[0]!.pile.red = 3;
      t.seats[2]!.pile.red = 2;
    });
    s = must(apply(s, { type: "end-turn", player: 2 }));
    expect(s.round).toBe(2);
    expect(s.order).toEqual([1, 2, 0]);
    expect(s.ap).toBe(3);
  });

  it("string.rounds: ties are broken by the seeded generator (both orders occur over seeds)", () => {
    const firsts = new Set<number>();
    for (let k = 0; k < 20; k++) {
      const s = edit(game(3), (t) => {
        t.rng = k * 7919;
        t.order = [0, 1, 2];
        t.turn = 2;
      });
      const t = must(apply(s, { type: "end-turn", player: 2 }));
      firsts.add(t.order[0]!);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it("string.rounds: the game ends after round 5; most points wins, then fewer cubes, else shared", () => {
    const end = (piles: Partial<Counts>[]): StringState => {
      const s = edit(game(2), (t) => {
        t.round = 5;
        t.order = [0, 1];
        t.turn = 1;
        piles.forEach((p, i) => {
          for (const [k, n] of Object.entries(p) as [keyof Counts, number][]) {
            t.bag[k] -= n;
            t.seats[i]!.pile[k] += n;
          }
          t.seats[i]!.tiles = [];
        });
      });
      return must(apply(s, { type: "end-turn", player: 1 }));
    };
    let s = end([{ red: 1, blue: 1 }, { red: 3 }]);
    expect([s.over, s.current]).toEqual([true, null]);
    expect(s.result).toEqual({
      points: [3, 3],
      cubes: [2, 3],
      sets: [[["red", "blue"]], [["red"], ["red"], ["red"]]],
    });
    expect(s.winners).toEqual([0]);
    s = end([
      { red: 1, blue: 1 },
      { green: 1, white: 1 },
    ]);
    expect(s.winners).toEqual([0, 1]);
    s = end([{ red: 1 }, { red: 1, blue: 1 }]);
    expect(s.winners).toEqual([1]);
    refused(s, { type: "end-turn", player: 0 }, "string.game-over");
    expect(legalActions(s)).toEqual([]);
  });

  it("string.rounds: final points count long-distance tiles: face up -2, flipped +5", () => {
    const s = edit(game(2), (t) => {
      t.round = 5;
      t.order = [0, 1];
      t.turn = 1;
      giveTiles(t, 0, [{ id: 0, flipped: true }]);
      giveTiles(t, 1, [{ id: 1 }]);
    });
    const t = must(apply(s, { type: "end-turn", player: 1 }));
    expect(t.result!.points).toEqual([5, -2]);
  });
});

describe("string engine: input handling", () => {
  it("string.input: malformed actions are InputErrors and never throw", () => {
    const s = turnOf(game(), 0);
    const bad: unknown[] = [
      null,
      42,
      "end-turn",
      {},
      { type: "fly", player: 0 },
      { type: "end-turn" },
      { type: "end-turn", player: -1 },
      { type: "end-turn", player: 9 },
      { type: "place-string", player: 0, kind: "medium", path: line("R", "B") },
      { type: "place-string", player: 0, kind: "short", path: [1, 2, 3] },
      { type: "place-string", player: 0, kind: "short", path: [1, 2, Number.NaN, 4] },
      { type: "place-string", player: 0, kind: "short", path: new Array(130).fill(1) },
      { type: "transport", player: 0, from: "R", to: "B", colour: "pink" },
      { type: "long-distance", player: 0, tile: 0, row: "D", stations: ["R", "B"] },
      { type: "long-distance", player: 0, tile: 0, row: "A", stations: [] },
      { type: "long-distance", player: 0, tile: 12, row: "A", stations: ["R", "B"] },
      { type: "keep-tile", player: 0, tile: 99 },
      { type: "new-station", player: 0, x: "1", y: 2, chip: "red" },
      { type: "new-station", player: 0, x: 1, y: 2, chip: "green" },
    ];
    for (const a of bad) {
      const r = apply(s, a);
      expect(r.ok, JSON.stringify(a)).toBe(false);
      if (!r.ok) expect(r.error.name, JSON.stringify(a)).toBe("InputError");
    }
  });

  it("string.input: every legal action offered applies", () => {
    const s = turnOf(put(lay(game(), 0, line("R", "B", "O"), "long"), "R", { blue: 2, white: 1 }), 0, 4);
    const acts = legalActions(s);
    const types = new Set(acts.map((a) => a.type));
    for (const t of [
      "end-turn",
      "place-string",
      "transport",
      "upgrade",
      "new-station",
      "replenish",
      "draw-tile",
    ]) {
      expect(types.has(t as StringAction["type"]), t).toBe(true);
    }
    for (const a of acts) expect(apply(s, a).ok, JSON.stringify(a)).toBe(true);
  });
});
