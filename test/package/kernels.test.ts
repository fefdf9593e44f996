/**
 * Issue #24, `loadKernels()` (web/lib/kernels.ts) from the source in Node (test/e2e/package.test.ts (e) runs it from
 * the packed tarball): every file found beside the module (none missing), the race's first hint read from the shipped
 * table and equal to the Wasm solver's own solve of that race, String Railway's engine an instance of its own on the
 * Wasm geometry (the shared `stringEngine` keeps the TypeScript one), and hostile states and options refused with
 * typed errors naming them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { InputError, type Result, RuleError } from "../../web/engine/common/errors.ts";
import { type Kernels, loadKernels, string, train } from "../../web/lib/engine.ts";
import { kernelsFrom } from "../../web/lib/kernels.ts";
import { createTrainSolver } from "../../web/solvers/train/index.ts";
import { raceContext } from "../../web/solvers/train/race-context.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let kernels: Kernels;
beforeAll(async () => {
  kernels = await loadKernels();
});

/** The state of an accepted action (throws the refusal). */
function played<S>(r: Result<S>): S {
  if (!r.ok) throw r.error;
  return r.state;
}

/** The error `p` rejects with (fails when it resolves). */
async function refusal(p: Promise<unknown>): Promise<InputError | RuleError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof InputError || e instanceof RuleError) return e;
    throw e;
  }
  throw new Error("resolved; expected a refusal");
}

describe("loadKernels (issue #24)", () => {
  it("loads every file from beside the module: the Wasm kernels, the race table, the turn graph", () => {
    expect(kernels.missing).toEqual([]);
    expect(kernels.train.solver.hasRace(100)).toBe(true);
    for (const name of ["train", "string", "stringplan", "light"])
      expect(kernels.kit.wasm(name)).not.toBeNull();
    expect(kernels.kit.wasm("checksum")).toBeNull(); // no game asks for it
    expect(kernels.kit.wasm("../x")).toBeNull();
  });

  it("answers a race's first hint from the table, as the Wasm solver does after solving the race itself", async () => {
    let s = train.setup({ players: 2, variant: "race", goal: 100 }, 3);
    // a few moves in: a position with a choice and scores on the board
    for (let i = 0; i < 6 && !s.over; i++) s = played(train.trainEngine.apply(s, await kernels.train.bot(s)));
    const solver = await createTrainSolver(await compileWasmNode("train"));
    expect(solver.hasRace(100)).toBe(false);
    const want = solver.hint(s.turn, raceContext(s));
    const got = await kernels.train.hints(s);
    expect(got.map((h) => h.label)).toEqual(want.map((h) => h.label));
    for (const [i, h] of got.entries()) expect(h.winProbability).toBeCloseTo(want[i]!.winProbability!, 6);
  });

  it("String Railway's engine is its own instance on the Wasm geometry, same game as the TypeScript engine", async () => {
    const other = await loadKernels();
    expect(kernels.string.engine).not.toBe(other.string.engine);
    expect(kernels.string.engine.geometry).not.toBe(string.stringEngine.geometry);
    const play = async (engine: typeof string.stringEngine) => {
      let s = engine.setup({ players: 3, rounds: 1 }, 9);
      while (!s.over) s = played(engine.apply(s, string.botAction(s, engine)));
      return JSON.stringify(s);
    };
    expect(await play(kernels.string.engine)).toBe(await play(string.stringEngine));
  });

  it("refuses hostile states and options with typed errors naming them, never another error", async () => {
    const s = train.setup({ players: 2, variant: "race" }, 1);
    const cases: [Promise<unknown>, string][] = [
      [kernels.train.hints(null as never), "/state"],
      [kernels.train.hints(string.setup({ players: 2 }, 1) as never), "/state"],
      [kernels.train.hints({ game: "train", turn: 3 } as never), "/state"],
      [kernels.train.hints(s, { max: 3 }), "/options/max"],
      [
        kernels.light.hints(kernels.light.engine.setup({ players: 2 }, 1), { playouts: 1e9 }),
        "/options/playouts",
      ],
      [kernels.string.hints(string.setup({ players: 2 }, 1), { max: -1 }), "/options/max"],
      [kernels.train.bot(s, { mode: "fastest" }), "/options/mode"],
      [kernels.train.bot(s, [] as never), "/options"],
    ];
    for (const [p, path] of cases) {
      const e = await refusal(p);
      expect(e, path).toBeInstanceOf(InputError);
      expect((e as InputError).path, path).toBe(path);
    }
    const over = { ...s, over: true, current: null };
    expect(await kernels.train.hints(over)).toEqual([]);
    const e = await refusal(kernels.train.bot(over));
    expect((e as RuleError).rule).toBe("train.game-over");
  });
});

describe("loadKernels without some of its files (issue #24)", () => {
  it("lists what it could not load and answers the same on the TypeScript twins and a race solved on first need", async () => {
    const here = (path: string) => () => new URL(path, import.meta.url);
    const partial = await kernelsFrom({
      wasm: {
        train: here("../../build/train.release.wasm"),
        string: here("../../build/no-such-module.wasm"),
        stringplan: here("../../build/stringplan.release.wasm"),
        light: here("../../build/light.release.wasm"),
      },
      data: {
        "train/race-100.bin": here("../../web/data/train/turn-graph.bin"), // not a race table: refused by its reader
        "train/turn-graph.bin": here("../../web/data/train/turn-graph.bin"),
      },
    });
    expect(partial.missing).toHaveLength(2);
    expect(partial.missing[0]).toMatch(/^string\.wasm: /);
    expect(partial.missing[1]).toMatch(/^train\/race-100\.bin: not loaded/);
    expect(partial.kit.wasm("string")).toBeNull();
    expect(partial.string.engine).toBe(string.stringEngine); // the TypeScript geometry
    expect(partial.train.solver.hasRace(100)).toBe(false);
    const s = train.setup({ players: 2, variant: "race" }, 7);
    const [got, want] = [await partial.train.hints(s), await kernels.train.hints(s)];
    expect(got.map((h) => h.label)).toEqual(want.map((h) => h.label));
    for (const [i, h] of got.entries()) expect(h.winProbability).toBeCloseTo(want[i]!.winProbability!, 6);
  });
});
