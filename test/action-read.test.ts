/**
 * contract.action-read: the read contract of `GameRules.parseAction` (web/engine/common/game.ts), the one read of
 * an action before the rules see it, for all three games through their public `apply`. Each field of the action
 * type is read once, no other field is read, a list's `length` once and its items by index (no method of the value
 * is called), the logged action shares no object with the caller's, and anything the value throws is an InputError.
 */
import { describe, expect, it } from "vitest";
import { InputError, type Result } from "../web/engine/common/errors.ts";
import type { GameEngine, GameHeader, SeatAction } from "../web/engine/common/game.ts";
import { lightEngine } from "../web/engine/light/engine.ts";
import { stringEngine } from "../web/engine/string/engine.ts";
import type { StringState } from "../web/engine/string/types.ts";
import { trainEngine } from "../web/engine/train/game.ts";

/** Every property read of `value` (and of what it holds) as `/path/key`, and every function-valued one. */
interface Reads {
  keys: string[];
  methods: string[];
  ownKeys: number;
}

function watched(value: unknown, reads: Reads, at = ""): unknown {
  if (typeof value !== "object" || value === null) return value;
  return new Proxy(value, {
    get(t, k, r) {
      const key = `${at}/${String(k)}`;
      reads.keys.push(key);
      const v: unknown = Reflect.get(t, k, r);
      if (typeof v === "function") reads.methods.push(key);
      return watched(v, reads, key);
    },
    ownKeys(t) {
      reads.ownKeys++;
      return Reflect.ownKeys(t);
    },
  });
}

/** The objects and arrays inside `x` (itself included). */
function containers(x: unknown, out = new Set<object>()): Set<object> {
  if (typeof x === "object" && x !== null && !out.has(x)) {
    out.add(x);
    for (const v of Object.values(x)) containers(v, out);
  }
  return out;
}

type AnyEngine = GameEngine<GameHeader<unknown, SeatAction>, SeatAction, unknown>;

function must<S>(r: Result<S>): S {
  if (!r.ok) throw r.error;
  return r.state;
}

/** A started game of each engine and a legal action with a list in it where the game has one. */
function games(): {
  name: string;
  engine: AnyEngine;
  state: GameHeader<unknown, SeatAction>;
  action: SeatAction;
}[] {
  const train = trainEngine as unknown as AnyEngine;
  // The first seed whose opening roll leaves a choice of cars to add (an action with a list: `faces`).
  let t = train.setup({ players: 2 }, 0);
  let add: SeatAction | undefined;
  for (let seed = 0; !add; seed++) {
    t = must(train.apply(train.setup({ players: 2 }, seed), { type: "roll", player: 0 }));
    add = train.legalActions(t).find((a) => "faces" in a && Array.isArray(a.faces) && a.faces.length > 0);
  }
  let s: StringState = stringEngine.setup({ players: 3 }, 11);
  while (s.choice)
    s = must(stringEngine.apply(s, { type: "keep-tile", player: s.current!, tile: s.choice.tiles[0]! }));
  const place = stringEngine.legalActions(s).find((a) => a.type === "place-string")!;
  const light = lightEngine as unknown as AnyEngine;
  const l = light.setup({ players: 2 }, 5);
  return [
    { name: "train", engine: train, state: t, action: add! },
    { name: "string", engine: stringEngine as unknown as AnyEngine, state: s, action: place },
    { name: "light", engine: light, state: l, action: light.legalActions(l)[0]! },
  ];
}

describe("contract.action-read: the one read of an action (all three games)", () => {
  it.each(games())(
    "$name: each field read once, lists by index, no method called, no other field read",
    (g) => {
      const reads: Reads = { keys: [], methods: [], ownKeys: 0 };
      const hostileExtra = {
        ...g.action,
        get extra(): never {
          throw new Error("an unknown field was read");
        },
      };
      const r = g.engine.apply(g.state, watched(hostileExtra, reads));
      expect(r).toEqual(g.engine.apply(g.state, g.action));
      expect(r.ok).toBe(true);
      expect(reads.methods).toEqual([]);
      expect(reads.ownKeys).toBe(0);
      expect(new Set(reads.keys).size).toBe(reads.keys.length);
      const fields = Object.keys(g.action).map((k) => `/${k}`);
      for (const key of reads.keys) expect(fields).toContain(`/${key.split("/")[1]}`);
      // A list (train faces, string path) is read as its length and its items, by index, each once.
      for (const [k, v] of Object.entries(g.action)) {
        if (!Array.isArray(v)) continue;
        const items = reads.keys.filter((key) => key.startsWith(`/${k}/`));
        expect(items.sort()).toEqual([`/${k}/length`, ...v.map((_, i) => `/${k}/${i}`)].sort());
      }
      // The logged action is the parser's own copy: no object of the caller's.
      const logged = r.ok ? r.state.log.at(-1) : undefined;
      expect(logged).toEqual(g.action);
      const theirs = containers(g.action);
      for (const c of containers(logged)) expect(theirs.has(c)).toBe(false);
    },
  );

  it.each(games())(
    "$name: a value that throws, a revoked Proxy, a lying length: an InputError, the state unchanged",
    (g) => {
      const before = JSON.stringify(g.state);
      const { proxy: revoked, revoke } = Proxy.revocable({}, {});
      revoke();
      const throwing = new Proxy(
        {},
        {
          get() {
            throw new Error("boom");
          },
        },
      );
      const cases: [unknown, string][] = [
        [throwing, "/action"],
        [revoked, "/action"],
        [
          {
            ...g.action,
            get player(): never {
              throw new Error("boom");
            },
          },
          "/action",
        ],
      ];
      for (const [k, v] of Object.entries(g.action)) {
        if (!Array.isArray(v)) continue;
        for (const length of [1e9, -1, 2.5, "4", Number.NaN]) {
          const lying = new Proxy(v, {
            get: (t, key, r) => (key === "length" ? length : Reflect.get(t, key, r)),
          });
          cases.push([{ ...g.action, [k]: lying }, `/action/${k}`]);
        }
      }
      for (const [value, path] of cases) {
        const r = g.engine.apply(g.state, value);
        expect(r.ok).toBe(false);
        if (r.ok) continue;
        expect(r.error).toBeInstanceOf(InputError);
        expect((r.error as InputError).path).toBe(path);
      }
      expect(JSON.stringify(g.state)).toBe(before);
    },
  );

  it("string: a long-distance action's station list is read by index (a hijacked `map` is never called)", () => {
    let s: StringState = stringEngine.setup({ players: 2 }, 3);
    while (s.choice)
      s = must(stringEngine.apply(s, { type: "keep-tile", player: s.current!, tile: s.choice.tiles[0]! }));
    const stations = ["a", "b"];
    let called = false;
    Object.defineProperty(stations, "map", {
      value: () => {
        called = true;
        return ["x"];
      },
    });
    const r = stringEngine.apply(s, {
      type: "long-distance",
      player: s.current!,
      tile: 0,
      row: "A",
      stations,
    });
    expect(called).toBe(false);
    // Refused by a rule or for an unknown station, never for the hijacked `map`'s answer.
    expect(r.ok ? "accepted" : r.error.message).not.toMatch(/"x"/);
  });
});
