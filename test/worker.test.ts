/**
 * The worker bridge over a real Comlink channel: the service (web/worker/service.ts) exposed on one end
 * of a worker_threads MessageChannel with Comlink's node adapter, the page-side client on the other.
 * Everything crosses by structured clone, as between the page and the module worker.
 *
 * - The Train Game's plumbing with a stand-in solver, then with the real Wasm solver.
 * - Whole String Railway and Light Rail games played through the worker (the computer in every seat with
 *   `botMove`, or legal actions picked in turn with `act`) end in the state the engine alone reaches by
 *   replaying the worker's log.
 * - Bad input (unknown handles, malformed actions, hostile values, out-of-range options) is always an
 *   `input` error, never a garbage answer nor an `internal` error.
 */
import { MessageChannel, type MessagePort } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterEach, describe, expect, it } from "vitest";
import { replay } from "../web/engine/common/game.ts";
import { lightEngine } from "../web/engine/light/index.ts";
import { stringEngine } from "../web/engine/string/index.ts";
import { trainEngine } from "../web/engine/train/index.ts";
import { LIGHT_MAX_HINT_MS, LIGHT_MAX_PLAYOUTS } from "../web/games/light/caps.ts";
import type { TrainSolverBundle } from "../web/games/train/index.ts";
import { train as trainModule } from "../web/games/train/index.ts";
import type { SolverThread } from "../web/games/types.ts";
import type { LightKernel } from "../web/solvers/light/kernel.ts";
import { LightReference } from "../web/solvers/light/reference.ts";
import type { TrainSolverApi } from "../web/solvers/train/api.ts";
import { createTrainSolver } from "../web/solvers/train/index.ts";
import { compileWasmNode } from "../web/wasm/node.ts";
import { createRailkitClient, type RailkitClient, RailkitError } from "../web/worker/client.ts";
import {
  HANDLE_PATH,
  isUnknownGame,
  MAX_GAMES,
  PROTOCOL,
  type Progress,
  type RaceContext,
} from "../web/worker/protocol.ts";
import { createRaceSolverClient } from "../web/worker/race-client.ts";
import { createRaceSolverService } from "../web/worker/race-solver.ts";
import { createRailkitService, releaseCallback, TWIN_KIT } from "../web/worker/service.ts";
import { NODE_KIT, withSolvers } from "./contract/kits.ts";

/** A stand-in solver: fixed answers, enough to check the plumbing (the real one is tested beside it). */
function fakeSolver(): TrainSolverBundle {
  const solver: TrainSolverApi = {
    expectedTurnScore: () => 12.5,
    beatProbability: () => 0.5,
    raceFirstPlayerWins: () => ({ value: 0.53, tolerance: 1e-9 }),
    hasRace: () => true,
    endValue: (score, race) => (race ? 0.5 : score),
    beatHint: () => [
      { action: { type: "roll" }, label: "Roll 6 dice", expected: 12.5, beatProbability: 0.5, best: true },
    ],
    beatEndValue: (score, target) => (score > target ? 1 : 0),
    hint: (_turn, race) => [
      {
        action: { type: "roll" },
        label: "Roll 6 dice",
        expected: 12.5,
        best: true,
        winProbability: race ? 0.5 : undefined,
      },
      { action: { type: "stop" }, label: "Stop (scores 0)", expected: 0, best: false },
    ],
    raceTable: (onProgress) => {
      onProgress?.(0.5);
      return {
        goal: 100,
        winFirst: new Float64Array(100 * 100).fill(0.25),
        winSecond: new Float64Array(100 * 100).fill(0.75),
        stopAt: new Int32Array(100 * 100).fill(6),
        tolerance: 1e-9,
      };
    },
  };
  return {
    solver,
    botAction: (state) => ({ type: "roll", player: state.current! }),
    loadRace: async () => {},
    raceFor: async (_turn, race) => race,
  };
}

/** The stand-in solver, noting each max-EV solve ("ev") and each hint (with its race) in `calls`. */
function recordingSolver(calls: string[]): TrainSolverBundle {
  const b = fakeSolver();
  const { solver } = b;
  return {
    ...b,
    solver: {
      ...solver,
      expectedTurnScore: () => {
        calls.push("ev");
        return solver.expectedTurnScore();
      },
      hint: (turn, race) => {
        calls.push(`hint ${JSON.stringify(race)}`);
        return solver.hint(turn, race);
      },
    },
  };
}

const clients: RailkitClient[] = [];

/** What a test's worker differs by: the page's files it takes, the Light Rail kernel, a solver thread. */
interface More {
  trainFiles?: {
    urls: readonly string[];
    offer(files: readonly { url: string; bytes: ArrayBuffer }[]): void;
  };
  loadLightKernel?: () => Promise<LightKernel>;
  worker?: (name: string) => SolverThread | null;
  maxGames?: number;
}

/** The service over the registry with the train solver `load` (and `more`), as the Node tests expose it. */
function service(load: () => Promise<TrainSolverBundle> = async () => fakeSolver(), more: More = {}) {
  return createRailkitService({
    games: withSolvers({ train: load, ...(more.loadLightKernel ? { light: more.loadLightKernel } : {}) }),
    kit: {
      ...TWIN_KIT,
      ...(more.trainFiles ? { handover: more.trainFiles } : {}),
      ...(more.worker ? { worker: more.worker } : {}),
    },
    ...(more.maxGames ? { maxGames: more.maxGames } : {}),
  });
}

function connect(
  load: () => Promise<TrainSolverBundle> = async () => fakeSolver(),
  more: More = {},
): RailkitClient {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(service(load, more), nodeEndpoint(port1));
  const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
  clients.push(client);
  return client;
}

afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

/** `[[[…0…]]]`, `depth` levels of arrays. */
function deep(depth: number): unknown {
  let x: unknown = 0;
  for (let i = 0; i < depth; i++) x = [x];
  return x;
}

/** The rejection of a call, as a RailkitError. */
async function rejection(p: Promise<unknown>): Promise<RailkitError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(RailkitError);
  return e as RailkitError;
}

/** The fixed pick of test/e2e/determinism-games.ts: an LCG whose high half indexes the legal actions. */
const nextPick = (x: number) => (Math.imul(x, 1103515245) + 12345) >>> 0;

describe("worker bridge (train)", () => {
  it("newGame answers with a handle, the state, the legal actions and the running turn score in one call", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    expect(v.game).toBe("train");
    expect(v.handle).toMatch(/^train:\d+$/);
    expect(v.state.scores).toEqual([0, 0]);
    expect(v.state.current).toBe(0);
    expect(v.legal.map((a) => a.type)).toContain("roll");
    expect(v.turnScore).toBe(0);
  });

  it("act applies an action to the game the worker holds and returns the next view", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    const r = await train.act(v.handle, { type: "roll", player: 0 });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.view.handle).toBe(v.handle);
      expect(r.view.state.log).toEqual([{ type: "roll", player: 0 }]);
    }
    expect((await train.view(v.handle)).state.log).toHaveLength(1);
  });

  it("the page's copy of a state is only a copy: changing it changes nothing in the worker", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    v.state.scores[0] = 99;
    v.state.current = 1;
    const r = await train.act(v.handle, { type: "roll", player: 0 });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.view.state.scores).toEqual([0, 0]);
  });

  it("train.not-your-turn: a refused action comes back as a plain {kind, rule, message}, the game unchanged", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    const r = await train.act(v.handle, { type: "roll", player: 1 });
    expect(r).toEqual({
      ok: false,
      error: { kind: "rule", rule: "train.not-your-turn", message: expect.any(String) },
    });
    expect((await train.view(v.handle)).state).toEqual(v.state);
  });

  it("bad options reject with a RailkitError of kind input", async () => {
    const { train } = connect();
    const e = await rejection(train.newGame({ players: 9, variant: "race" }, 1));
    expect(e.kind).toBe("input");
    expect(e.rule).toBe("/options/players");
  });

  it("hints for the seat to move, with the race context of a 2-player race, tagged with the position", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    const h = await train.hints(v.handle);
    expect(h).toMatchObject({ handle: v.handle, at: 0, player: 0 });
    expect(h.hints[0]).toMatchObject({ label: "Roll 6 dice", best: true, winProbability: 0.5 });
  });

  it("a solver that fails to load leaves the engine working; hints and bot moves reject (internal)", async () => {
    const { train } = connect(async () => {
      throw new Error("no wasm here");
    });
    const v = await train.newGame({ players: 3, variant: "race" }, 1);
    expect(v.legal.length).toBeGreaterThan(0);
    expect((await train.act(v.handle, { type: "roll", player: 0 })).ok).toBe(true);
    const e = await rejection(train.hints(v.handle));
    expect(e).toMatchObject({ kind: "internal", rule: "", message: "no wasm here" });
    expect((await rejection(train.botMove(v.handle))).kind).toBe("internal");
    expect((await rejection(train.expectedTurnScore())).kind).toBe("internal");
  });

  it("prepare loads the solver once and makes its first solves: the max-EV policy, then a warm-up race hint", async () => {
    const calls: string[] = [];
    let loads = 0;
    const { train } = connect(async () => {
      loads++;
      return recordingSolver(calls);
    });
    await train.prepare();
    await train.prepare([]);
    expect(loads).toBe(1);
    expect(calls).toEqual([
      "ev",
      `hint ${JSON.stringify({ goal: 100, me: 40, opponent: 60, first: false })}`,
    ]);
  });

  it("prepare makes no warm-up hint once a hint has been asked for (that one compiled the code)", async () => {
    const calls: string[] = [];
    const { train } = connect(async () => recordingSolver(calls));
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    await train.hints(v.handle);
    await train.prepare();
    expect(calls).toEqual([`hint ${JSON.stringify({ goal: 100, me: 0, opponent: 0, first: true })}`, "ev"]);
  });

  it("prepare hands the page's files to the worker's loader, checked; anything else is input at /files/…", async () => {
    const offered: (readonly { url: string; bytes: ArrayBuffer }[])[] = [];
    const urls = ["assets/train.wasm", "assets/race-100.bin", "assets/turn-graph.bin"];
    const { train } = connect(undefined, { trainFiles: { urls, offer: (f) => offered.push(f) } });
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    await train.prepare([{ url: urls[1]!, bytes }]);
    expect(offered).toHaveLength(1);
    expect(offered[0]![0]!.url).toBe(urls[1]);
    expect([...new Uint8Array(offered[0]![0]!.bytes)]).toEqual([1, 2, 3]);
    const bad: [unknown, string][] = [
      ["assets/race-100.bin", "/files"],
      [[1], "/files/0"],
      [[{ url: "elsewhere.bin", bytes }], "/files/0/url"],
      [[{ url: urls[0], bytes: "AGFzbQ==" }], "/files/0/bytes"],
      [[{ url: urls[0], bytes: new ArrayBuffer(5 << 20) }], "/files/0/bytes"],
      [[{ url: urls[0], bytes, size: 3 }], "/files/0/size"],
      [
        [
          { url: urls[2], bytes },
          { url: urls[2], bytes },
        ],
        "/files/1/url",
      ],
      [[...urls, urls[0]].map((url) => ({ url, bytes })), "/files"],
    ];
    for (const [files, path] of bad) {
      // Deliberately malformed: what a page could send.
      const e = await rejection(train.prepare(files as never));
      expect(e).toMatchObject({ kind: "input", rule: path });
    }
    expect(offered).toHaveLength(1);
    // A worker without a page's files to take (Node: no trainFiles) refuses any.
    const plain = connect();
    expect(await rejection(plain.train.prepare([{ url: urls[1]!, bytes }]))).toMatchObject({
      kind: "input",
      rule: "/files/0/url",
    });
  });

  it("raceTable reports progress through a proxied callback, moves the table, and drops late reports", async () => {
    // A slow solver load, so the first stage report has time to cross before the answer.
    const { train } = connect(async () => {
      await new Promise((r) => setTimeout(r, 30));
      return fakeSolver();
    });
    const seen: Progress[] = [];
    const t = await train.raceTable((p) => seen.push(p));
    expect(t.goal).toBe(100);
    expect(t.winFirst).toBeInstanceOf(Float64Array);
    expect(t.winFirst.length).toBe(10_000);
    expect(t.freightStopAt).toBeInstanceOf(Int32Array);
    expect(t.firstPlayerWins.value).toBeCloseTo(0.53);
    expect(seen[0]).toEqual({ stage: "loading the solver", fraction: 0.02 });
    // Reports travel on their own port: any still in flight when the answer lands are dropped.
    const count = seen.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.length).toBe(count);
  });

  it("botMove plays the computer's move (or only names it with play: false); save and load cross the bridge", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, "seed");
    const asked = await train.botMove(v.handle, { play: false });
    expect(asked).toEqual({ action: { type: "roll", player: 0 }, view: null });
    expect((await train.view(v.handle)).state.log).toEqual([]);
    const played = await train.botMove(v.handle, { mode: "ev" });
    expect(played.action).toEqual({ type: "roll", player: 0 });
    expect(played.view?.state.log).toEqual([{ type: "roll", player: 0 }]);
    const text = await train.save(v.handle);
    const back = await train.load(text);
    expect(back.handle).not.toBe(v.handle);
    expect(back.state).toEqual(played.view!.state);
    // load also takes the state itself (checked by replay, like a text).
    expect((await train.load(back.state)).state).toEqual(back.state);
  });

  it("replay rebuilds a game under a new handle; close drops a game", async () => {
    const { train } = connect();
    let v = await train.newGame({ players: 3, variant: "elimination" }, "r");
    let x = 1;
    for (let i = 0; i < 30 && v.legal.length > 0; i++) {
      x = nextPick(x);
      const r = await train.act(v.handle, v.legal[(x >>> 16) % v.legal.length]!);
      if (r.ok) v = r.view;
    }
    const again = await train.replay(v.state.options, v.state.seed, v.state.log);
    expect(again.handle).not.toBe(v.handle);
    expect(again.state).toEqual(v.state);
    await train.close(v.handle);
    expect(isUnknownGame(await rejection(train.view(v.handle)))).toBe(true);
    await train.close(v.handle); // closing twice is harmless
  });

  it("undo through the worker: train.undo-reveal refuses taking back a roll; an add is taken back", async () => {
    const { train } = connect();
    // Find a seed whose first roll leaves dice to add (Engine and Tender rolled, cargo on the table).
    for (let seed = 1; seed < 200; seed++) {
      const v = await train.newGame({ players: 2, variant: "race" }, seed);
      const rolled = await train.act(v.handle, { type: "roll", player: 0 });
      if (!rolled.ok) throw new Error(rolled.error.message);
      const add = rolled.view.legal.find((a) => a.type === "add" && a.faces.length > 0);
      if (!add || rolled.view.state.current !== 0) continue;
      const refused = await train.undo(v.handle, 0);
      expect(refused).toMatchObject({ ok: false, error: { kind: "rule", rule: "train.undo-reveal" } });
      const added = await train.act(v.handle, add);
      if (!added.ok || added.view.state.current !== 0) continue; // a Caboose ended the turn
      expect(await train.undo(v.handle, 1)).toMatchObject({
        ok: false,
        error: { kind: "rule", rule: "train.undo-not-yours" },
      });
      const undone = await train.undo(v.handle, 0);
      expect(undone.ok).toBe(true);
      if (undone.ok) {
        expect(undone.view.state).toEqual(rolled.view.state);
        expect(undone.view.legal).toEqual(rolled.view.legal);
      }
      // The same add again gives the same state back.
      const redo = await train.act(v.handle, add);
      expect(redo.ok && redo.view.state).toEqual(added.view.state);
      return;
    }
    throw new Error("no seed with an add on the first roll");
  });
});

describe("bad input is an input error (never garbage, never internal)", () => {
  it("unknown, malformed or another game's handles reject with input at /handle", async () => {
    const client = connect();
    const v = await client.train.newGame({ players: 2, variant: "race" }, 1);
    for (const bad of ["train:999", "", "x".repeat(1000), 42, null, { handle: v.handle }, [v.handle]]) {
      const e = await rejection(client.train.act(bad as string, { type: "roll", player: 0 }));
      expect(e.kind).toBe("input");
      expect(e.rule).toBe(HANDLE_PATH);
    }
    // A train handle is not a String Railway game.
    const e = await rejection(client.string.view(v.handle));
    expect(e).toMatchObject({ kind: "input", rule: HANDLE_PATH });
    expect(e.message).toMatch(/is a train game, not a string game/);
  });

  it("malformed actions and hostile values are refused as input in the answer, the game unchanged", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 1);
    const bad: unknown[] = [
      null,
      "roll",
      {},
      { type: "roll" },
      { type: "fly", player: 0 },
      { type: "roll", player: Number.NaN },
      { type: "roll", player: 1e300 },
      { type: "add", player: 0, faces: "E" },
      { type: "add", player: 0, faces: [Number.POSITIVE_INFINITY] },
      { type: "add", player: 0, faces: Array.from({ length: 100_000 }, () => "E") },
      { type: "roll", player: [[[[[[[[[[0]]]]]]]]]] },
      { type: "roll", player: 10n },
    ];
    for (const action of bad) {
      const r = await train.act(v.handle, action as never);
      expect(
        r.ok,
        JSON.stringify(action, (_k, x) => (typeof x === "bigint" ? "bigint" : x)),
      ).toBe(false);
      if (!r.ok) expect(["input", "rule"]).toContain(r.error.kind);
    }
    expect((await train.view(v.handle)).state).toEqual(v.state);
  });

  it("a value that cannot cross to the worker at all (a function) is input, not a lost worker", async () => {
    const client = connect();
    const v = await client.train.newGame({ players: 2, variant: "race" }, 1);
    const e = await rejection(client.train.act(v.handle, { type: "roll", player: 0, f: () => 1 } as never));
    expect(e.kind).toBe("input");
    expect(client.workers).toBe(1);
    expect((await client.train.act(v.handle, { type: "roll", player: 0 })).ok).toBe(true);
  });

  it("train.hint with rollsLeft: 99 (or any turn the rules cannot reach) is input, not NaN", async () => {
    const { train } = connect();
    const turn = {
      phase: "regular",
      rollsLeft: 99,
      train: ["E", "T"],
      banked: 0,
      step: "roll",
      table: [],
    } as const;
    const e = await rejection(train.hint(turn as never));
    expect(e).toMatchObject({ kind: "input", rule: "/turn/rollsLeft" });
    for (const [bad, path] of [
      [{ ...turn, rollsLeft: 2, train: ["E", "X"] }, "/turn/train/1"],
      [{ ...turn, rollsLeft: -1 }, "/turn/rollsLeft"],
      [{ ...turn, rollsLeft: 2, banked: Number.NaN }, "/turn/banked"],
      [null, "/turn"],
    ] as const) {
      const err = await rejection(train.hint(bad as never));
      expect(err.kind, JSON.stringify(bad)).toBe("input");
      expect(err.rule.startsWith(path.split("/").slice(0, 3).join("/")), `${err.rule} for ${path}`).toBe(
        true,
      );
    }
    const race = await rejection(
      train.hint({ ...turn, rollsLeft: 3, train: [] } as never, { me: -5 } as never),
    );
    expect(race).toMatchObject({ kind: "input", rule: "/race/me" });
  });

  it("options of hints and bot moves: unknown names, wrong types and work above the caps are input", async () => {
    const client = connect();
    const t = await client.train.newGame({ players: 2, variant: "race" }, 1);
    const l = await client.light.newGame({ players: 2 }, 1);
    const s = await client.string.newGame({ players: 2 }, 1);
    const cases: [Promise<unknown>, string][] = [
      [client.train.botMove(t.handle, { mode: "best" as never }), "/options/mode"],
      [client.train.botMove(t.handle, { speed: 1 } as never), "/options/speed"],
      [client.train.botMove(t.handle, { play: "yes" as never }), "/options/play"],
      [client.train.hints(t.handle, { max: 3 } as never), "/options/max"],
      [client.light.hints(l.handle, { playouts: LIGHT_MAX_PLAYOUTS + 1 }), "/options/playouts"],
      [client.light.hints(l.handle, { playouts: 1e12 }), "/options/playouts"],
      [client.light.botMove(l.handle, { playouts: -1 }), "/options/playouts"],
      [client.light.botMove(l.handle, { policy: "random" as never }), "/options/policy"],
      [client.light.hints(l.handle, { seed: {} as never }), "/options/seed"],
      [client.string.hints(s.handle, { max: 0 }), "/options/max"],
      [client.string.hints(s.handle, { max: 1e9 }), "/options/max"],
      [client.string.botMove(s.handle, { policy: 3 as never }), "/options/policy"],
      [client.string.botMove(s.handle, null as never), "/options"],
    ];
    for (const [p, path] of cases) expect(await rejection(p)).toMatchObject({ kind: "input", rule: path });
  });

  it("newGame, replay and load with bad values are input with the field's pointer", async () => {
    const { train, string, light } = connect();
    expect(await rejection(train.newGame(null as never, 1))).toMatchObject({ kind: "input" });
    expect(await rejection(train.newGame({ players: 2, variant: "race" }, { s: 1 } as never))).toMatchObject({
      kind: "input",
      rule: "/seed",
    });
    expect(await rejection(string.newGame({ players: 7 }, 1))).toMatchObject({
      kind: "input",
      rule: "/options/players",
    });
    expect(await rejection(light.newGame({ players: 2, wrap: "yes" as never }, 1))).toMatchObject({
      kind: "input",
      rule: "/options/wrap",
    });
    const bad = await rejection(
      train.replay({ players: 2, variant: "race" }, 1, [{ type: "roll", player: 1 }] as never),
    );
    expect(bad).toMatchObject({ kind: "input", rule: "/log/0" });
    expect(await rejection(train.replay({ players: 2, variant: "race" }, 1, "log" as never))).toMatchObject({
      kind: "input",
      rule: "/log",
    });
    expect((await rejection(train.load("{not json"))).kind).toBe("input");
    const v = await train.newGame({ players: 2, variant: "race" }, 1);
    const forged = { ...v.state, scores: [99, 0] };
    expect(await rejection(train.load(forged))).toMatchObject({ kind: "input", rule: "/scores/0" });
  });

  it("bot moves and hints when the game is over: <game>.game-over, and no hints", async () => {
    const { light } = connect();
    let v = await light.newGame({ players: 2 }, 3);
    while (!v.state.over) {
      const r = await light.act(v.handle, v.legal[0]!);
      if (!r.ok) throw new Error(r.error.message);
      v = r.view;
    }
    expect(await rejection(light.botMove(v.handle))).toMatchObject({ kind: "rule", rule: "light.game-over" });
    expect(await light.hints(v.handle)).toEqual({
      handle: v.handle,
      at: v.state.log.length,
      player: null,
      hints: [],
    });
  });

  it("worker.input-never-internal: every verb, given 10⁵ levels of nesting or a revoked or throwing Proxy in-process, answers input", async () => {
    // In one thread nothing copies the arguments first: the service's own reading must refuse them.
    const api = service() as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>;
    const revoked = () => {
      const r = Proxy.revocable({}, {});
      r.revoke();
      return r.proxy;
    };
    const throwing = () =>
      new Proxy(
        [],
        new Proxy(
          {},
          {
            get: () => () => {
              throw new Error("trap");
            },
          },
        ),
      );
    const deepArgs: [string, () => unknown][] = [
      ["10⁵ levels", () => deep(100_000)],
      ["a revoked Proxy", revoked],
      ["a Proxy whose every trap throws", throwing],
    ];
    for (const [what, bad] of deepArgs) {
      for (const game of ["train", "string", "light"]) {
        const ns = api[game]!;
        const { handle } = (await ns.newGame!({ players: 2 }, 1)) as { handle: string };
        const calls: [string, () => Promise<unknown>][] = [
          ["newGame options", () => ns.newGame!(bad(), 1)],
          ["newGame seed", () => ns.newGame!({ players: 2 }, bad())],
          ["act", () => ns.act!(handle, bad())],
          ["undo", () => ns.undo!(handle, bad())],
          ["view", () => ns.view!(bad())],
          ["hints options", () => ns.hints!(handle, bad())],
          ["hints progress", () => ns.hints!(handle, {}, bad())],
          ["viewHints", () => ns.viewHints!(bad(), {})],
          ["botMove", () => ns.botMove!(handle, bad())],
          ["save", () => ns.save!(bad())],
          ["load", () => ns.load!(bad())],
          ["replay options", () => ns.replay!(bad(), 1, [])],
          ["replay log", () => ns.replay!({ players: 2 }, 1, bad())],
          ...(game === "train"
            ? ([
                ["train prepare", () => ns.prepare!(bad())],
                ["train hint", () => ns.hint!(bad())],
                [
                  "train hint race",
                  () =>
                    ns.hint!(
                      { phase: "regular", rollsLeft: 3, train: [], banked: 0, step: "roll", table: [] },
                      bad(),
                    ),
                ],
                ["train raceTable", () => ns.raceTable!(bad())],
              ] as [string, () => Promise<unknown>][])
            : []),
        ];
        for (const [verb, call] of calls) {
          const answer = await call().then(
            (r) => (r as { ok?: boolean; error?: { kind: string } }).error ?? r,
            (e: unknown) => e,
          );
          expect((answer as { kind?: unknown }).kind, `${game} ${verb} with ${what}`).toBe("input");
        }
      }
    }
  });

  it("worker.input-never-internal: arguments that cannot cross to the worker (10⁵ levels, a revoked Proxy) are input, the worker unharmed", async () => {
    const client = connect();
    const v = await client.train.newGame({ players: 2, variant: "race" }, 1);
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    for (const bad of [deep(100_000), revoked.proxy]) {
      for (const call of [
        () => client.train.act(v.handle, bad as never),
        () => client.train.load(bad),
        () => client.light.newGame(bad as never, 1),
      ]) {
        const e = await rejection(call());
        expect(e.kind).toBe("input");
      }
    }
    expect(client.workers).toBe(1);
    expect((await client.train.act(v.handle, { type: "roll", player: 0 })).ok).toBe(true);
  });
});

describe("the games the worker holds", () => {
  it(`holds at most maxGames (default ${MAX_GAMES}); the least recently used is dropped and restored by replay`, async () => {
    const { train } = connect(undefined, { maxGames: 2 });
    const a = await train.newGame({ players: 2, variant: "race" }, "a");
    const ra = await train.act(a.handle, { type: "roll", player: 0 });
    const b = await train.newGame({ players: 2, variant: "race" }, "b");
    await train.view(a.handle); // a is used again: b is now the least recently used
    const c = await train.newGame({ players: 2, variant: "race" }, "c");
    expect((await rejection(train.view(b.handle))).rule).toBe(HANDLE_PATH);
    expect((await train.view(a.handle)).state).toEqual(ra.ok && ra.view.state);
    expect((await train.view(c.handle)).state.seed).toBe("c");
    const back = await train.replay(b.state.options, b.state.seed, b.state.log);
    expect(back.state).toEqual(b.state);
  });

  it("answers the protocol version the page expects", async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(service(), nodeEndpoint(port1));
    const remote = Comlink.wrap<{ protocol: number }>(nodeEndpoint(port2));
    expect(await remote.protocol).toBe(PROTOCOL);
    remote[Comlink.releaseProxy]();
    port1.close();
    port2.close();
  });
});

describe("whole games through the worker equal the engine alone", () => {
  it("String Railway, 3 seats, the solver bot in every seat (botMove): replaying the log gives the worker's state", async () => {
    const { string } = connect();
    let v = await string.newGame({ players: 3 }, 7);
    let moves = 0;
    while (!v.state.over) {
      if (++moves > 3000) throw new Error("the game did not end");
      const m = await string.botMove(v.handle);
      expect(m.view!.state.log.at(-1)).toEqual(m.action);
      v = m.view!;
    }
    expect(v.legal).toEqual([]);
    expect(v.state.winners.length).toBeGreaterThan(0);
    expect(v.points).toEqual(v.state.result!.points);
    const alone = replay(stringEngine, v.state.options, v.state.seed, v.state.log);
    expect(stringEngine.save(alone)).toBe(await string.save(v.handle));
  });

  it("String Railway, 2 seats, legal actions picked in turn (act): the same state as the engine alone", async () => {
    const { string } = connect();
    let v = await string.newGame({ players: 2 }, "pick");
    let s = stringEngine.setup({ players: 2 }, "pick");
    let x = 1;
    for (let i = 0; i < 400 && v.legal.length > 0; i++) {
      x = nextPick(x);
      const legal = stringEngine.legalActions(s);
      expect(v.legal).toEqual(legal);
      const action = legal[(x >>> 16) % legal.length]!;
      const r = await string.act(v.handle, action);
      if (!r.ok) throw new Error(r.error.message);
      const alone = stringEngine.apply(s, action);
      if (!alone.ok) throw alone.error;
      v = r.view;
      s = alone.state;
    }
    expect(v.state.log.length).toBeGreaterThan(50);
    expect(await string.save(v.handle)).toBe(stringEngine.save(s));
  });

  it("Light Rail, 3 seats, the search bot in every seat (botMove, 200 playouts): the same state as the engine's replay", async () => {
    const { light } = connect();
    let v = await light.newGame({ players: 3, wrap: true }, 7);
    while (!v.state.over) {
      const m = await light.botMove(v.handle, { playouts: 200 });
      v = m.view!;
    }
    expect(v.state.log.length).toBeGreaterThan(10);
    expect(v.state.current).toBeNull();
    const alone = replay(lightEngine, v.state.options, v.state.seed, v.state.log);
    expect(lightEngine.save(alone)).toBe(await light.save(v.handle));
  });

  it("Light Rail: the greedy bot, undo refused (light.undo-turn-over), hints for the seat to move", async () => {
    const { light } = connect();
    const v = await light.newGame({ players: 2 }, 5);
    const h = await light.hints(v.handle, { playouts: 100 });
    expect(h.player).toBe(0);
    expect(h.hints.length).toBe(v.legal.length);
    const best = h.hints[0]!;
    expect(v.legal).toContainEqual({
      type: "place",
      player: 0,
      q: best.q,
      r: best.r,
      orientation: best.orientation,
    });
    const m = await light.botMove(v.handle, { policy: "greedy" });
    expect(m.view!.state.current).toBe(1);
    expect(await light.undo(v.handle, 0)).toMatchObject({ ok: false, error: { kind: "rule" } });
    // The greedy bot is a function of the position: the same move again from the same game.
    const again = await light.replay(v.state.options, v.state.seed, []);
    expect((await light.botMove(again.handle, { policy: "greedy", play: false })).action).toEqual(m.action);
  });

  it("String Railway hints (route phase) are strings the engine accepts", async () => {
    const { string } = connect();
    let v = await string.newGame({ players: 2 }, 11);
    // Through the tile choices of the setup to the first route phase.
    for (let i = 0; i < 10 && !v.legal.some((a) => a.type === "place-string"); i++) {
      const r = await string.act(v.handle, v.legal[0]!);
      if (!r.ok) throw new Error(r.error.message);
      v = r.view;
    }
    const h = await string.hints(v.handle, { max: 5 });
    expect(h.player).toBe(v.state.current);
    expect(h.hints.length).toBeGreaterThan(0);
    expect(h.hints.length).toBeLessThanOrEqual(5);
    const r = await string.act(v.handle, h.hints[0]!.action);
    expect(r.ok).toBe(true);
  });
});

describe("worker bridge with the real Wasm solver", () => {
  /** The train module's own loader over Node's Kit: the Wasm kernel with the shipped race table and turn graph. */
  const wasmBundle = () => trainModule.loadSolver(NODE_KIT);

  it("values every option of a 3-player race against the leader (the one race context) and the bot plays legal moves", async () => {
    const { train } = connect(wasmBundle);
    const v = await train.newGame({ players: 3, variant: "race" }, 11);
    const { hints } = await train.hints(v.handle);
    expect(hints.map((h) => h.action.type)).toEqual(["roll"]); // no stop before the first roll (train.roll-first)
    expect(hints.filter((h) => h.best)).toHaveLength(1);
    // The race of the seat to move against its strongest opponent (web/solvers/train/race-context.ts).
    expect(hints.every((h) => h.winProbability !== undefined)).toBe(true);
    const elimination = await train.newGame({ players: 3, variant: "elimination" }, 11);
    expect((await train.hints(elimination.handle)).hints.every((h) => h.winProbability === undefined)).toBe(
      true,
    );
    expect(await train.expectedTurnScore()).toBeGreaterThan(10);
    let state = v.state;
    for (let i = 0; i < 200 && state.history.length === 0; i++) {
      const m = await train.botMove(v.handle, { mode: "ev" });
      state = m.view!.state;
    }
    expect(state.history[0]?.player).toBe(0);
    expect(trainEngine.save(state)).toBe(await train.save(v.handle));
  });

  it("hints.elimination-beat: with a target, each option's P(beat it) (beatHint), the best the bot's move; none before", async () => {
    const bundle = await wasmBundle();
    const { train } = connect(async () => bundle);
    let v = await train.newGame({ players: 2, variant: "elimination" }, 12);
    expect((await train.hints(v.handle)).hints.every((h) => h.beatProbability === undefined)).toBe(true);
    let checked = 0;
    for (let i = 0; i < 300 && !v.state.over; i++) {
      const s = v.state;
      const { hints } = await train.hints(v.handle);
      if (s.target !== null && s.current !== s.targetSetter) {
        expect(hints).toEqual(bundle.solver.beatHint(s.turn, s.target));
        const best = hints.find((h) => h.best)!;
        const bot = (await train.botMove(v.handle, { play: false })).action;
        expect(bot.type).toBe(best.action.type);
        if (hints.length > 1) checked++;
      } else expect(hints.every((h) => h.beatProbability === undefined)).toBe(true);
      v = (await train.botMove(v.handle)).view!;
    }
    expect(checked).toBeGreaterThan(0); // choices made against a target (3 with this seed)
  });
});

describe("train race hints by goal, the solver worker, and progress callbacks released (issue #9)", () => {
  const ports: MessagePort[] = [];
  afterEach(() => {
    for (const p of ports.splice(0)) p.close();
  });

  /** The raw Comlink remote of a service on one end of a worker_threads channel (no client in between). */
  function expose<T>(service: T): Comlink.Remote<T> {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    Comlink.expose(service, nodeEndpoint(port1));
    return Comlink.wrap<T>(nodeEndpoint(port2));
  }

  /** A progress callback as a Comlink proxy whose finalizer counts its release (Comlink calls it on RELEASE). */
  function counted(seen: Progress[] = []) {
    const state = { released: 0 };
    const cb = Object.assign((p: Progress) => void seen.push(p), {
      [Comlink.finalizer]: () => {
        state.released++;
      },
    });
    return { cb: Comlink.proxy(cb), state };
  }

  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5));
    return ok();
  };

  it("train.raceTable releases the progress proxy after the answer and after a failure (no port left open)", async () => {
    const remote = expose(service());
    const seen: Progress[] = [];
    const ok = counted(seen);
    const t = await remote.train.raceTable(ok.cb);
    expect(t.goal).toBe(100);
    expect(await until(() => ok.state.released === 1)).toBe(true);
    expect(seen.at(-1)).toEqual({ stage: "done", fraction: 1 });

    const failing = expose(
      service(async () => {
        throw new Error("no solver");
      }),
    );
    const bad = counted();
    await expect(failing.train.raceTable(bad.cb)).rejects.toMatchObject({ kind: "internal" });
    expect(await until(() => bad.state.released === 1)).toBe(true);
    // Without the release the count stays 0: the finalizer runs only on Comlink's RELEASE message.
    expect(counted().state.released).toBe(0);
  });

  it("releaseCallback frees a Comlink proxy once (a released proxy throws on use) and ignores plain functions", async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    let released = 0;
    Comlink.expose(
      Object.assign(() => 1, {
        [Comlink.finalizer]: () => {
          released++;
        },
      }),
      nodeEndpoint(port1),
    );
    const remote = Comlink.wrap<() => number>(nodeEndpoint(port2));
    expect(await remote()).toBe(1);
    releaseCallback(remote);
    releaseCallback(remote); // twice: harmless
    expect(() => remote()).toThrow(/released/);
    expect(await until(() => released === 1)).toBe(true);
    expect(() => releaseCallback(() => 0)).not.toThrow();
    expect(() => releaseCallback(undefined)).not.toThrow();
  });

  it("the game worker's hints use the game's own goal (50..200), and none below or above", async () => {
    const asked: (RaceContext | undefined)[] = [];
    const bundle = fakeSolver();
    const hint = bundle.solver.hint;
    bundle.solver.hint = (turn, race) => {
      asked.push(race);
      return hint(turn, race);
    };
    const { train } = connect(async () => bundle);
    for (const goal of [150, 100, 30, 250]) {
      const v = await train.newGame({ players: 2, variant: "race", goal }, 5);
      await train.hints(v.handle);
    }
    expect(asked).toEqual([
      { goal: 150, me: 0, opponent: 0, first: true },
      { goal: 100, me: 0, opponent: 0, first: true },
      undefined,
      undefined,
    ]);
    // train.hint takes the goal too; outside 50..200 it is input at /race/goal.
    const turn = trainEngine.setup({ players: 2, variant: "race" }, 1).turn;
    await train.hint(turn, { goal: 60, me: 3, opponent: 0, first: false });
    expect(asked.at(-1)).toEqual({ goal: 60, me: 3, opponent: 0, first: false });
    expect(await rejection(train.hint(turn, { goal: 30, me: 0, opponent: 0, first: true }))).toMatchObject({
      kind: "input",
      rule: "/race/goal",
    });
  });

  it("the solver worker solves a race of any goal with progress, answers its hints, and releases every callback", async () => {
    const solver = await createTrainSolver(await compileWasmNode("train"));
    const remote = expose(createRaceSolverService(async () => solver));
    const client = createRaceSolverClient({ endpoint: nodeEndpoint(ports[1]!) });
    expect(client.solved(50)).toBe(false);
    const turn = trainEngine.setup({ players: 2, variant: "race", goal: 50 }, 1).turn;
    const race: RaceContext = { goal: 50, me: 10, opponent: 20, first: true };
    const hints = await client.hint(turn, race, () => {});
    expect(client.solved(50)).toBe(true);
    expect(hints).toEqual(solver.hint(turn, race));
    expect(hints.every((h) => h.winProbability !== undefined)).toBe(true);
    // The raw remote (no late-report filter: here the solve blocks this very thread, so its reports land after
    // the answer): the race solve's stages, the table of the solved goal, the callbacks released after success
    // and after a refusal.
    const seen: Progress[] = [];
    const solving = counted(seen);
    await remote.hint(turn, { ...race, goal: 51 }, solving.cb);
    expect(await until(() => solving.state.released === 1)).toBe(true);
    expect(seen.some((p) => p.stage === "solving the race to 51" && p.fraction > 0.5)).toBe(true);
    expect(seen.at(-1)).toEqual({ stage: "solving the race to 51", fraction: 1 });
    const ok = counted();
    const t = await remote.raceTable(50, ok.cb);
    expect(t.goal).toBe(50);
    expect(t.winFirst.length).toBe(2500);
    expect(t.firstPlayerWins.value).toBe(solver.raceFirstPlayerWins(50).value);
    expect(await until(() => ok.state.released === 1)).toBe(true);
    const bad = counted();
    await expect(remote.raceTable(300, bad.cb)).rejects.toMatchObject({ kind: "input", rule: "/goal" });
    expect(await until(() => bad.state.released === 1)).toBe(true);
    // Through the client: refusals are RailkitErrors with the field's pointer.
    const e = await rejection(client.hint(turn, { goal: 49, me: 0, opponent: 0, first: true }));
    expect(e).toMatchObject({ kind: "input", rule: "/race/goal" });
    const e2 = await rejection(client.hint({ ...turn, rollsLeft: 99 }, race));
    expect(e2.kind).toBe("input");
    // endValue (a review's turn end): the solver's own value; points it cannot take are input.
    expect(await client.endValue(30, race)).toBe(solver.endValue(30, race));
    expect(await rejection(client.endValue(-1, race))).toMatchObject({ kind: "input", rule: "/score" });
    expect((await rejection(client.endValue(5000, race))).kind).toBe("input");
  });
});

describe("one worker for every game: long work pauses for the others' calls", () => {
  /**
   * The Light Rail search kernel (the TypeScript twin), counting the batches of a search (its `search` calls);
   * once `stop` is set (or after `cap` batches, so that a search that never pauses still ends) it answers no rows,
   * which ends a timed search at its next batch.
   */
  function countingKernel(cap = 100) {
    const inner = new LightReference();
    const seen = { batches: 0, stop: false };
    let started: () => void = () => {};
    const firstBatch = new Promise<void>((ok) => {
      started = ok;
    });
    const kernel = new Proxy(inner, {
      get(target, key) {
        if (key === "search")
          return (...args: Parameters<LightKernel["search"]>) => {
            seen.batches++;
            started();
            return seen.stop || seen.batches > cap ? new Int32Array(0) : target.search(...args);
          };
        const v: unknown = Reflect.get(target, key);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    return { kernel: kernel as LightKernel, seen, firstBatch };
  }

  it("a Roll and a train hint sent while a Light Rail hint search (ms budget) runs are answered between its batches", async () => {
    const { kernel, seen, firstBatch } = countingKernel();
    // Client and service share this thread: without pauses the search would keep every message waiting.
    const { train, light } = connect(async () => fakeSolver(), { loadLightKernel: async () => kernel });
    const l = await light.newGame({ players: 2 }, 3);
    const t = await train.newGame({ players: 2, variant: "race" }, 7);
    let lightDone = -1;
    const searching = light.hints(l.handle, { ms: LIGHT_MAX_HINT_MS, seed: 1 }).then((h) => {
      lightDone = seen.batches;
      return h;
    });
    await firstBatch;
    const rolled = await train.act(t.handle, { type: "roll", player: 0 });
    const rollAt = seen.batches;
    const hint = await train.hint(t.state.turn);
    const hintAt = seen.batches;
    expect(rolled.ok).toBe(true);
    expect(hint.length).toBeGreaterThan(0);
    // Both answered while the search was under way: it had neither ended nor hit the test's cap.
    expect(lightDone).toBe(-1);
    expect(rollAt).toBeGreaterThanOrEqual(1);
    expect(hintAt).toBeLessThan(100);
    seen.stop = true;
    const h = await searching;
    expect(lightDone).toBeGreaterThan(hintAt);
    expect(h.at).toBe(0);
  });

  it("a Light Rail hint search ends early when its game moves on, answering for the position it searched", async () => {
    const { kernel, seen, firstBatch } = countingKernel();
    const { light } = connect(async () => fakeSolver(), { loadLightKernel: async () => kernel });
    const v = await light.newGame({ players: 2 }, 5);
    const searching = light.hints(v.handle, { ms: LIGHT_MAX_HINT_MS, seed: 2 });
    await firstBatch;
    const moved = await light.act(v.handle, v.legal[0]!);
    expect(moved.ok).toBe(true);
    const h = await searching;
    // Ended at its next pause (not by the test's cap), with the batches done: real rows, every placement valued.
    expect(seen.batches).toBeLessThan(100);
    expect(h.hints.length).toBe(v.legal.length);
    // The answer names the position it searched (log length 0): the page drops it for the game as it is now.
    expect(h).toMatchObject({ at: 0, player: 0 });
  });
});
