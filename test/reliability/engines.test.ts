/**
 * Malformed input to the three engines' `load` (and `setup`, `apply`): truncated JSON, wrong types, huge
 * numbers, deep nesting, 10 MB inputs, and (fast-check, seeded) a saved mid-game state with one field
 * anywhere in it replaced by junk. Each must be refused with a one-line `InputError` in bounded time, or
 * loaded into a state that is usable (legalActions works, apply answers with a Result, save/load is
 * stable): never a thrown TypeError/RangeError, never a half-valid state. The input object is not mutated.
 * Reported bugs are named in docs/reliability.md ("Bugs found"), pinned with `it.fails` until fixed, then `it`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError, RuleError } from "../../web/engine/common/errors.ts";
import type { GameEngine, GameHeader, SeatAction } from "../../web/engine/common/game.ts";
import { lightEngine } from "../../web/engine/light/index.ts";
import { stringEngine } from "../../web/engine/string/index.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { GAMES } from "../../web/games/registry.ts";
import { junkArb, junkValue } from "../fuzz/harness.ts";

type State = GameHeader<unknown, SeatAction>;
type Engine = GameEngine<State, SeatAction, unknown>;
const ENGINES: [string, Engine, unknown][] = [
  ["train", trainEngine as unknown as Engine, { players: 3, variant: "elimination" }],
  ["string", stringEngine as unknown as Engine, { players: 3 }],
  ["light", lightEngine as unknown as Engine, { players: 2 }],
];
/** A bound for one load of a 10 MB input on two loaded cores (they take well under a second unloaded). */
const BIG_MS = 20_000;

/** A deterministic mid-game state: 40 legal actions (String Railway ends its turn every fifth). */
function midGame(engine: Engine, options: unknown): State {
  let s = engine.setup(options, 7);
  for (let i = 0; i < 40; i++) {
    const legal = engine.legalActions(s) as { type: string }[];
    if (legal.length === 0) break;
    const a = legal.find((x) => x.type === "end-turn" && i % 5 === 4) ?? legal[(i * 7) % legal.length]!;
    const r = engine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return s;
}

type Outcome =
  | { kind: "refused"; error: InputError; ms: number }
  | { kind: "loaded"; state: State; ms: number };

/** Loads; any throw other than an InputError fails the test (with its name and message). */
function tryLoad(engine: Engine, input: unknown): Outcome {
  const t0 = performance.now();
  try {
    const state = engine.load(input);
    return { kind: "loaded", state, ms: performance.now() - t0 };
  } catch (e) {
    if (!(e instanceof InputError))
      throw new Error(`load threw ${(e as Error)?.name}: ${(e as Error)?.message?.slice(0, 120)}`);
    return { kind: "refused", error: e, ms: performance.now() - t0 };
  }
}

function expectRefused(o: Outcome): void {
  expect(o.kind).toBe("refused");
  if (o.kind === "refused") expect(o.error.message).toMatch(/^[^\n]{1,500}$/);
}

/** A loaded state must be a whole, usable state. */
function expectUsable(engine: Engine, state: State): void {
  const legal = engine.legalActions(state);
  for (const a of legal.slice(0, 3)) {
    const r = engine.apply(state, a);
    if (!r.ok) expect(r.error instanceof InputError || r.error instanceof RuleError).toBe(true);
  }
  const saved = engine.save(state);
  expect(engine.save(engine.load(saved))).toBe(saved);
}

const DEEP_TEXT = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;

for (const [name, engine, options] of ENGINES) {
  describe(`${name}: load`, () => {
    const state = midGame(engine, options);
    const text = engine.save(state);
    const doc = JSON.parse(text) as Record<string, unknown>;

    it("round-trips its own save (text and parsed value)", () => {
      expect(engine.save(engine.load(text))).toBe(text);
      expect(engine.save(engine.load(JSON.parse(text)))).toBe(text);
    });

    it("refuses truncated JSON at every tenth of the text", () => {
      for (let k = 0; k < 10; k++)
        expectRefused(tryLoad(engine, text.slice(0, Math.floor((k * text.length) / 10))));
    });

    it("refuses values of the wrong type at the top", () => {
      for (const v of [
        null,
        undefined,
        0,
        Number.POSITIVE_INFINITY,
        Number.NaN,
        true,
        "",
        "null",
        "[]",
        "{}",
        [],
        {},
        [doc],
        10n,
      ])
        expectRefused(tryLoad(engine, v));
    });

    it("refuses 10⁵ levels of nesting (text and parsed value)", () => {
      expectRefused(tryLoad(engine, DEEP_TEXT));
      expectRefused(tryLoad(engine, JSON.parse(DEEP_TEXT)));
    });

    it("refuses a version that parses to Infinity (1e400) and huge counters", () => {
      const versionKey = "version";
      const version = (doc as { version: number }).version;
      const infinite = text.replace(`"${versionKey}":${version}`, `"${versionKey}":1e400`);
      expect(infinite).not.toBe(text);
      expectRefused(tryLoad(engine, infinite));
      expectRefused(tryLoad(engine, { ...doc, version: 2 ** 53 }));
    });

    it("each top-level field replaced by junk: a one-line InputError or a usable state", () => {
      const junk: unknown[] = [null, "x", Number.NaN, 1e300, -1, {}, [], 99, true];
      for (const key of Object.keys(doc)) {
        for (const v of junk) {
          const input = { ...doc, [key]: v };
          const before = JSON.stringify(input);
          const o = tryLoad(engine, input);
          expect(JSON.stringify(input), "load mutated its input").toBe(before);
          if (o.kind === "refused") expectRefused(o);
          else expectUsable(engine, o.state);
        }
      }
    });

    it("10 MB inputs: not JSON, a 10 MB junk field, a 10 MB array: answered in bounded time", () => {
      const notJson = `${text.slice(0, -1)},"x":"${"y".repeat(10_000_000)}`;
      const a = tryLoad(engine, notJson);
      expectRefused(a);
      expect(a.ms).toBeLessThan(BIG_MS);
      for (const big of [
        { ...doc, junk: "z".repeat(10_000_000) },
        { ...doc, log: new Array(400_000).fill({ type: "stop", player: 0 }) },
      ]) {
        const o = tryLoad(engine, JSON.stringify(big));
        expect(o.ms).toBeLessThan(BIG_MS);
        if (o.kind === "refused") expectRefused(o);
      }
    });

    // One field anywhere in the saved state replaced by junk or a nearby integer.
    const paths: (string | number)[][] = [];
    const walk = (v: unknown, p: (string | number)[]): void => {
      if (p.length > 0) paths.push(p);
      if (typeof v === "object" && v !== null && p.length < 6)
        for (const [k, x] of Object.entries(v)) walk(x, [...p, Array.isArray(v) ? Number(k) : k]);
    };
    walk(doc, []);
    it("property: any one field replaced by junk → a one-line InputError or a usable state", () => {
      const value = fc.oneof(
        fc.integer({ min: -3, max: 120 }),
        junkArb.filter((j) => j.j === "const" || j.j === "any").map(junkValue),
      );
      fc.assert(
        fc.property(fc.nat(), value, (i, v) => {
          const p = paths[i % paths.length]!;
          const input = structuredClone(doc);
          let cur = input as Record<string | number, unknown>;
          for (const k of p.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
          cur[p.at(-1)!] = v;
          const o = tryLoad(engine, input);
          if (o.kind === "refused") expectRefused(o);
          else expectUsable(engine, o.state);
        }),
        { seed: 20261202, numRuns: 400 },
      );
    });
  });
}

describe("reported bugs, now fixed (they were it.fails)", () => {
  const light = midGame(lightEngine as unknown as Engine, { players: 2 });
  const string = midGame(stringEngine as unknown as Engine, { players: 3 });

  // Bug 1 (fixed): web/engine/light/engine.ts parseAction formatted an unknown `type` with JSON.stringify,
  // which throws for a BigInt or a deeply nested value; apply then returned that TypeError/RangeError.
  it("light apply: a BigInt or 10⁴-deep `type` is refused with an InputError", () => {
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    for (const type of [10n, deep]) {
      const r = lightEngine.apply(light as never, { type, player: 0, q: 0, r: 0, orientation: 0 });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(InputError);
    }
    expect(() => lightEngine.setup({ players: 10n } as never, 1)).toThrow(InputError);
  });

  // Bug 3 (fixed): web/engine/light/engine.ts load compared `canonical(v)` (JSON.stringify) of the whole
  // input: a deeply nested extra field overflowed the stack (RangeError), a BigInt anywhere threw a TypeError.
  it("light load: a deep extra field or a BigInt is refused with an InputError", () => {
    const doc = JSON.parse(lightEngine.save(light as never)) as Record<string, unknown>;
    expectRefused(
      tryLoad(
        lightEngine as unknown as Engine,
        `${lightEngine.save(light as never).slice(0, -1)},"x":${DEEP_TEXT}}`,
      ),
    );
    expectRefused(tryLoad(lightEngine as unknown as Engine, { ...doc, routeCredit: [1n, 0] }));
  });

  // Bug 4 (deep field, fixed): web/engine/string/engine.ts load ended with structuredClone(v) of the whole
  // input (unknown fields included): a deeply nested extra field overflowed the stack (RangeError).
  // Unknown fields are dropped (docs/rules/string-railway.md), at the top and inside.
  it("string load: a deep extra field is refused, and so is an unknown field inside a seat (load policy)", () => {
    const saved = stringEngine.save(string as never);
    const o = tryLoad(stringEngine as unknown as Engine, `${saved.slice(0, -1)},"x":${DEEP_TEXT}}`);
    expectRefused(o);
    // Refused while being read (nested deeper than a save can be), at the extra field.
    if (o.kind === "refused") expect(o.error.path.startsWith("/x/")).toBe(true);
    const doc = JSON.parse(saved) as { seats: Record<string, unknown>[] };
    doc.seats[0]!.junk = "z".repeat(1000);
    const inner = tryLoad(stringEngine as unknown as Engine, doc);
    expectRefused(inner);
    if (inner.kind === "refused") expect(inner.error.path).toBe("/seats/0/junk");
  });

  // Bug 4 (fixed): web/engine/string/engine.ts load checked `turn`, `order` and tile ids only as integers: a
  // state with turn ≥ order.length, an order that is not a permutation of the seats, or a held tile id ≥ 12
  // loaded, and then legalActions threw a TypeError (reading seats[undefined] / TILES[99].route).
  for (const [what, patch] of [
    ["turn 99", { turn: 99 }],
    ["order []", { order: [] }],
  ] as const) {
    it(`string load: ${what} is refused (or the state stays usable)`, () => {
      const doc = { ...(JSON.parse(stringEngine.save(string as never)) as object), ...patch };
      const o = tryLoad(stringEngine as unknown as Engine, doc);
      if (o.kind === "refused") expectRefused(o);
      else expectUsable(stringEngine as unknown as Engine, o.state);
    });
  }
  it("string load: a held long-distance tile id 99 is refused (or the state stays usable)", () => {
    const doc = JSON.parse(stringEngine.save(string as never)) as { seats: { tiles: { id: number }[] }[] };
    const seat = doc.seats.find((s) => s.tiles.length > 0)!;
    seat.tiles[0]!.id = 99;
    // Make the tile's owner the seat to move, so legalActions looks at its tiles.
    const o = tryLoad(stringEngine as unknown as Engine, doc);
    if (o.kind === "refused") expectRefused(o);
    else {
      for (let k = 0; k < 3; k++) {
        const s = { ...o.state, turn: k } as State;
        expectUsable(stringEngine as unknown as Engine, s);
      }
    }
  });
});

describe("setup: bad options and seeds are InputErrors", () => {
  for (const [name, engine, options] of ENGINES) {
    it(`${name}: options`, () => {
      for (const bad of [
        null,
        undefined,
        5,
        "x",
        [],
        {},
        { players: 0 },
        { players: 99 },
        { players: 2.5 },
        { players: Number.NaN },
        { players: "2" },
      ]) {
        expect(() => engine.setup(bad, 1)).toThrow(InputError);
      }
    });
    // Bug 5 (fixed): web/engine/string/engine.ts setup passed the seed to generateBoard / seedRng unchecked,
    // so a NaN or infinite seed threw seedRng's RangeError, not an InputError.
    it(`${name}: a non-finite seed`, () => {
      for (const seed of [Number.NaN, Number.POSITIVE_INFINITY])
        expect(() => engine.setup(options, seed as number)).toThrow(InputError);
    });
  }
});

// ---- engine.never-throws and engine.no-negative-zero (issue #24) ---------------------------------------------

/** A revoked Proxy: every operation on it (even Array.isArray) throws a TypeError. */
function revoked(): object {
  const r = Proxy.revocable({}, {});
  r.revoke();
  return r.proxy;
}
/** A Proxy every trap of which throws. */
function allTrapsThrow(): object {
  return new Proxy(
    {},
    new Proxy(
      {},
      {
        get: () => () => {
          throw new Error("trap");
        },
      },
    ),
  );
}
/** A value nested `depth` levels: arrays (`[[[…0…]]]`) or objects (`{a: {a: …}}`). */
function deep(depth: number, kind: "array" | "object"): unknown {
  let x: unknown = 0;
  for (let i = 0; i < depth; i++) x = kind === "array" ? [x] : { a: x };
  return x;
}
/**
 * Values no reader may let through as anything but an InputError: each may stand for a whole state or action, or
 * for one field of a real state (`withGame`: the same, carrying `game` so that it passes the first check).
 */
function hostile(game: string): [string, () => unknown][] {
  const throwingGetter = () =>
    Object.defineProperty({ game }, "log", {
      enumerable: true,
      get() {
        throw new Error("getter");
      },
    });
  return [
    ["a revoked Proxy", revoked],
    ["a Proxy whose every trap throws", allTrapsThrow],
    [
      "a Proxy of a state whose traps throw a revoked Proxy",
      () =>
        new Proxy(
          { game },
          {
            get: (_t, k) =>
              k === "game"
                ? game
                : (() => {
                    throw revoked();
                  })(),
          },
        ),
    ],
    ["a throwing getter", throwingGetter],
    [
      "a throwing Symbol.toPrimitive and toJSON",
      () => ({
        game,
        [Symbol.toPrimitive]() {
          throw new Error("toPrimitive");
        },
        toJSON() {
          throw new Error("toJSON");
        },
      }),
    ],
    [
      "a cycle",
      () => {
        const o: Record<string, unknown> = { game };
        o.log = [o];
        return o;
      },
    ],
    ["10⁵ levels of arrays", () => deep(100_000, "array")],
    ["10⁵ levels of objects", () => deep(100_000, "object")],
    ["a state with 10⁵ levels in its log", () => ({ game, log: [deep(100_000, "object")] })],
  ];
}

/** `f()` must not throw and must answer a refusal: an InputError at a pointer starting with `path`. */
function refusedAt(f: () => unknown, path: string): void {
  let r: unknown;
  expect(() => {
    r = f();
  }).not.toThrow();
  const res = r as { ok: boolean; error?: unknown };
  expect(res.ok).toBe(false);
  expect(res.error).toBeInstanceOf(InputError);
  expect((res.error as InputError).path.startsWith(path), (res.error as InputError).path).toBe(true);
}

/** `f()` must throw an InputError at a pointer starting with `path` and nothing else. */
function throwsInputAt(f: () => unknown, path: string): void {
  let thrown: unknown;
  try {
    f();
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(InputError);
  expect((thrown as InputError).path.startsWith(path), (thrown as InputError).path).toBe(true);
}

describe("engine.never-throws: apply, undo, load and save answer an InputError for any value a caller passes", () => {
  for (const module of GAMES) {
    const engine = module.engine as unknown as Engine;
    const start = engine.setup({ players: 2 }, 7);
    const legal = engine.legalActions(start)[0]!;
    for (const [what, make] of hostile(module.id)) {
      it(`${module.id}: ${what}`, () => {
        let carriesGame = false;
        try {
          carriesGame = (make() as { game?: unknown }).game === module.id;
        } catch {
          // unreadable: refused at /state
        }
        // A hostile value that carries the right `game` passes the first check; the action's parser may be the one
        // to trip on it (reading the state's seats), so the refusal may name /action.
        refusedAt(() => engine.apply(make() as State, legal), carriesGame ? "/" : "/state");
        refusedAt(() => engine.apply(start, make()), "/action");
        refusedAt(() => engine.undo(make() as State, 0), "/state");
        refusedAt(() => engine.undo(start, make() as number), "/player");
        throwsInputAt(() => engine.load(make()), "");
        throwsInputAt(() => engine.save(make() as State), "/state");
        // The engine's own state is untouched and still plays.
        expect(engine.apply(start, legal).ok).toBe(true);
      });
    }
    it(`${module.id}: a save of 10⁵ levels as JSON text`, () => {
      throwsInputAt(() => engine.load(`${"[".repeat(100_000)}${"]".repeat(100_000)}`), "");
      throwsInputAt(
        () =>
          engine.load(
            `{"game":${JSON.stringify(module.id)},"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
          ),
        "",
      );
    });
  }
});

/** Every number in `x` (a JSON value), with its pointer. */
function numbers(x: unknown, path = "", out: [string, number][] = []): [string, number][] {
  if (typeof x === "number") out.push([path, x]);
  else if (typeof x === "object" && x !== null)
    for (const [k, v] of Object.entries(x)) numbers(v, `${path}/${k}`, out);
  return out;
}
/** `x` with every 0 in it written as -0 (a fresh copy). */
function negateZeros(x: unknown): unknown {
  if (x === 0) return -0;
  if (Array.isArray(x)) return x.map(negateZeros);
  if (typeof x === "object" && x !== null)
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, negateZeros(v)]));
  return x;
}
/** The pointers of the -0s in `x`. */
const negativeZeros = (x: unknown) =>
  numbers(x)
    .filter(([, n]) => Object.is(n, -0))
    .map(([p]) => p);

describe("engine.no-negative-zero: -0 from a caller is read as 0, so load(save(s)) equals s number for number", () => {
  for (const module of GAMES) {
    const engine = module.engine as unknown as Engine;
    it(`${module.id}: actions, options and seeds with -0 in them; states and their saves hold no -0`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 40 }), (pick, steps) => {
          let s = engine.setup(negateZeros({ players: 2 }), -0);
          expect(negativeZeros(s)).toEqual([]);
          for (let i = 0; i < steps && !s.over; i++) {
            const legal = engine.legalActions(s);
            if (legal.length === 0) break;
            const r = engine.apply(s, negateZeros(legal[(pick + i * 7) % legal.length]));
            expect(r.ok).toBe(true);
            if (!r.ok) return;
            s = r.state;
            expect(negativeZeros(s)).toEqual([]);
          }
          const back = engine.load(engine.save(s));
          // Object.is on every number (toEqual does not tell 0 from -0).
          expect(numbers(back)).toEqual(numbers(s));
          for (const [[p, a], [, b]] of numbers(back).map((n, i) => [n, numbers(s)[i]!] as const))
            expect(Object.is(a, b), p).toBe(true);
          // A loaded value (not text) with -0 written everywhere a 0 is loads the same game, with no -0 in it.
          const fromValue = engine.load(negateZeros(JSON.parse(engine.save(s))));
          expect(negativeZeros(fromValue)).toEqual([]);
          expect(engine.save(fromValue)).toBe(engine.save(s));
        }),
        { numRuns: 15, seed: 24 },
      );
    });
  }
});
