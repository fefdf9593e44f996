/**
 * The element session controller (web/elements/common/session.ts) in Node, without a browser: a stand-in
 * host (the controller only needs `addController` and `requestUpdate`), the real client, and the worker
 * service on worker_threads MessageChannels (one per "worker" the client starts). The same controller
 * plays The Train Game, String Railway and Light Rail: it is generic over the game.
 */
import { MessageChannel } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { afterEach, describe, expect, it } from "vitest";
import { GameSession, type SessionOptions, type ViewCause } from "../web/elements/common/session.ts";
import { replay } from "../web/engine/common/game.ts";
import { lightEngine } from "../web/engine/light/index.ts";
import { stringEngine } from "../web/engine/string/index.ts";
import type { TrainSolverBundle } from "../web/games/train/index.ts";
import { createRailkitClient, type RailkitClient, type WorkerConnection } from "../web/worker/client.ts";
import type { GameTypes, LightTypes, StringTypes, TrainTypes } from "../web/worker/protocol.ts";
import { createRailkitService } from "../web/worker/service.ts";
import { withSolvers } from "./contract/kits.ts";

/** A train "solver" that only rolls (enough for the controller; the real ones are tested elsewhere). */
function rollingBundle(): TrainSolverBundle {
  return {
    solver: {
      hint: () => [{ action: { type: "roll" }, label: "Roll", expected: 1, best: true }],
    } as unknown as TrainSolverBundle["solver"],
    botAction: (state) => ({ type: "roll", player: state.current! }),
    loadRace: async () => {},
    raceFor: async (_turn, race) => race,
  };
}

/** The least of a Lit host: controllers and update requests. */
class Host {
  controllers: ReactiveController[] = [];
  updates = 0;
  addController(c: ReactiveController) {
    this.controllers.push(c);
  }
  removeController() {}
  requestUpdate() {
    this.updates++;
  }
  get updateComplete() {
    return Promise.resolve(true);
  }
}

const clients: RailkitClient[] = [];
const sessions: GameSession<GameTypes>[] = [];

/** A client whose workers are services on MessageChannels (restartable, like the module worker). */
function client(): RailkitClient {
  const c = createRailkitClient({
    connect: (): WorkerConnection => {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(
        createRailkitService({ games: withSolvers({ train: async () => rollingBundle() }) }),
        nodeEndpoint(port1),
      );
      return {
        endpoint: nodeEndpoint(port2),
        terminate: () => {
          port1.close();
          port2.close();
        },
      };
    },
  });
  clients.push(c);
  return c;
}

interface Seen<T extends GameTypes> {
  session: GameSession<T>;
  causes: ViewCause<T["action"]>[];
  rk: RailkitClient;
}

function session<T extends GameTypes>(
  api: SessionOptions<T>["api"],
  more: Partial<SessionOptions<T>> = {},
  rk = client(),
): Seen<T> {
  const causes: ViewCause<T["action"]>[] = [];
  const s = new GameSession<T>(new Host() as unknown as ReactiveControllerHost & HTMLElement, {
    api,
    client: () => rk,
    botDelayMs: 0,
    onView: (_next, _prev, cause) => causes.push(cause),
    ...more,
  });
  s.hostConnected();
  sessions.push(s as unknown as GameSession<GameTypes>);
  return { session: s, causes, rk };
}

/** Waits until `ok()` holds (the controller works through promises and timers). */
async function until(ok: () => boolean, what: string, ms = 20_000): Promise<void> {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

afterEach(() => {
  for (const s of sessions.splice(0)) s.hostDisconnected();
  for (const c of clients.splice(0)) c.terminate();
});

describe("session controller", () => {
  it("plays every seat listed as a bot until the game ends (Light Rail): the engine's replay of its log", async () => {
    const { session: s } = session<LightTypes>((c) => c.light, {
      bots: () => new Set([0, 1, 2]),
      botOptions: () => ({ policy: "greedy" }),
    });
    await s.newGame({ players: 3 }, "all-bots");
    await until(() => s.view?.state.over === true, "the end of the game");
    const st = s.view!.state;
    expect(st.log.length).toBeGreaterThan(10);
    expect(lightEngine.save(replay(lightEngine, st.options, st.seed, st.log))).toBe(lightEngine.save(st));
  });

  it("hands the turn back to a person: a String Railway bot seat plays until seat 0 is to move", async () => {
    const { session: s, causes } = session<StringTypes>((c) => c.string, {
      bots: () => new Set([1]),
      botOptions: () => ({ policy: "greedy" }),
    });
    await s.newGame({ players: 2 }, 4);
    expect(causes).toEqual([{ kind: "new" }]);
    // Seat 0 plays (tile choices, then ends its turns) until the computer has moved at least once.
    for (let i = 0; i < 50 && !causes.some((c) => c.kind === "action" && c.by === "computer"); i++) {
      await until(() => s.humanTurn && !s.busy, "seat 0's turn");
      const legal = s.view!.legal;
      const end = legal.find((a) => a.type === "end-turn");
      expect(await s.act(end ?? legal[0]!)).toBe(true);
    }
    await until(() => s.humanTurn && !s.busy, "the turn back");
    expect(s.toMove).toBe(0);
    expect(causes.filter((c) => c.kind === "action" && c.by === "computer").length).toBeGreaterThan(0);
    const st = s.view!.state;
    expect(stringEngine.save(replay(stringEngine, st.options, st.seed, st.log))).toBe(stringEngine.save(st));
  });

  it("refuses to send while busy, shows a refusal as an error message, and undoes through the worker", async () => {
    const { session: s, causes } = session<TrainTypes>((c) => c.train);
    await s.newGame({ players: 2, variant: "race" }, 1);
    const pending = s.act({ type: "roll", player: 0 });
    expect(s.busy).toBe(true);
    expect(await s.act({ type: "roll", player: 0 })).toBe(false); // busy: not sent
    expect(await pending).toBe(true);
    expect(s.busy).toBe(false);
    expect(await s.act({ type: "roll", player: 1 })).toBe(false);
    expect(s.messageIsError).toBe(true);
    expect(s.message).toMatch(/seat 1|turn/);
    expect(await s.undo()).toBe(false); // a roll is a reveal
    expect(s.message).toMatch(/random|reveal/);
    expect(causes.map((c) => c.kind)).toEqual(["new", "action"]);
  });

  it("drops the answer of an older game: two new games in a row show only the second", async () => {
    const { session: s, causes } = session<TrainTypes>((c) => c.train);
    const first = s.newGame({ players: 2, variant: "race" }, "first");
    const second = s.newGame({ players: 3, variant: "race" }, "second");
    await Promise.all([first, second]);
    expect(s.view!.state.seed).toBe("second");
    expect(causes).toEqual([{ kind: "new" }]);
  });

  it("a handle the worker dropped: the game is replayed there once under a new handle and the action goes through", async () => {
    let wanted = false;
    const { session: s, rk } = session<TrainTypes>((c) => c.train, { hints: () => wanted });
    await s.newGame({ players: 2, variant: "race" }, 5);
    const old = s.view!.handle;
    await rk.train.close(old);
    const replay = rk.train.replay;
    let replays = 0;
    rk.train.replay = (...args) => {
      replays++;
      return replay(...args);
    };
    // A hint fetch and an action both find the handle gone: one replay serves both.
    wanted = true;
    const hints = s.refreshHints();
    expect(await s.act({ type: "roll", player: 0 })).toBe(true);
    await hints;
    expect(replays).toBe(1);
    expect(Object.keys(s.view!).sort()).toEqual(["canUndo", "game", "handle", "legal", "state", "turnScore"]);
    expect(s.view!.handle).not.toBe(old);
    expect(s.view!.state.log).toEqual([{ type: "roll", player: 0 }]);
    expect(rk.workers).toBe(1); // not a fault: no restart
    expect(s.messageIsError).toBe(false);
  });

  it("a lost worker: an alert, the same game replayed in the fresh worker, and the computer plays on", async () => {
    const { session: s, causes, rk } = session<TrainTypes>((c) => c.train, { bots: () => new Set([1]) });
    await s.newGame({ players: 2, variant: "race" }, 8);
    expect(await s.act({ type: "roll", player: 0 })).toBe(true);
    const before = JSON.stringify(s.view!.state);
    rk.debugKillWorker();
    expect(s.message).toMatch(/The game engine stopped \(.*\); restarting it/);
    await until(() => causes.at(-1)?.kind === "restore", "the restore");
    expect(JSON.stringify(s.view!.state)).toBe(before);
    expect(s.message).toMatch(/was restarted; the game was replayed from its log\./);
    expect(s.messageIsError).toBe(true);
    expect(rk.workers).toBe(2);
    // Play goes on in the new worker: a person's action, then (if the turn passed) the computer's.
    const legal = s.view!.legal;
    expect(await s.act(legal.find((a) => a.type === "stop") ?? legal[0]!)).toBe(true);
    expect(s.message).toBe("");
  });

  it("an internal failure of a computer move restarts the worker; after three in a row the computer stops", async () => {
    const rk = client();
    const real = rk.train.botMove;
    let failures = 0;
    rk.train.botMove = () => {
      failures++;
      return Promise.reject(Object.assign(new Error("solver trapped"), { kind: "internal", rule: "" }));
    };
    const { session: s } = session<TrainTypes>((c) => c.train, { bots: () => new Set([0]) }, rk);
    await s.newGame({ players: 2, variant: "race" }, 2);
    await until(() => /The computer has stopped/.test(s.message), "the computer to give up");
    // Each failure restarted the worker (three restarts: four workers); the game was restored every time.
    expect(failures).toBe(3);
    expect(rk.workers).toBe(4);
    await new Promise((r) => setTimeout(r, 20));
    expect(failures).toBe(3); // and the computer has not tried again
    expect(s.message).toMatch(/computer: solver trapped/);
    rk.train.botMove = real;
  });

  it("hints are a task: pending, then complete for the position shown; idle on the computer's turn", async () => {
    let wanted = true;
    const { session: s } = session<TrainTypes>((c) => c.train, {
      hints: () => wanted,
      bots: () => new Set([1]),
    });
    await s.newGame({ players: 2, variant: "race" }, 3);
    expect(s.hints.status).toBe("pending");
    await until(() => s.hints.status === "complete", "the hints");
    expect(s.hints).toMatchObject({ at: 0, hints: [{ label: "Roll", best: true }] });
    wanted = false;
    await s.refreshHints();
    expect(s.hints.status).toBe("idle");
  });
});

/** Issue #12, save and share: one game of each kind, a move into it, and the save it had before the move. */
const SAVE_GAMES = [
  {
    game: "train",
    start: (rk: RailkitClient) => session<TrainTypes>((c) => c.train, {}, rk),
    options: { players: 2, variant: "race" },
  },
  {
    game: "string",
    start: (rk: RailkitClient) => session<StringTypes>((c) => c.string, {}, rk),
    options: { players: 2, rounds: 1 },
  },
  {
    game: "light",
    start: (rk: RailkitClient) => session<LightTypes>((c) => c.light, {}, rk),
    options: { players: 2 },
  },
] as const;

describe("session load (save and share, issue #12)", () => {
  for (const g of SAVE_GAMES) {
    it(`${g.game}: a bad save is refused with the first bad field's pointer; the game shown stays as it was, still playable`, async () => {
      const { session: s, causes } = g.start(client()) as unknown as Seen<GameTypes>;
      await s.newGame(g.options as never, "save-1");
      expect(await s.act(s.view!.legal[0] as never)).toBe(true);
      const before = s.view!;
      const shown = JSON.stringify(before.state);
      const seen = causes.length;
      // Garbage, a save of the right game with a field changed, and a save with a log entry the rules refuse.
      const tampered = { ...JSON.parse(shown), rng: 12345 };
      const badLog = { ...JSON.parse(shown), log: [{ type: "nonsense", player: 0 }] };
      for (const [bad, why] of [
        ["{ not json", /JSON/i],
        [tampered, /^\/rng: /],
        [badLog, /^\/log\/0/],
      ] as const) {
        await expect(s.load(bad)).rejects.toMatchObject({ kind: "input" });
        expect(s.messageIsError).toBe(true);
        expect(s.message).toMatch(/^The saved game was not loaded: /);
        expect(s.message.replace(/^The saved game was not loaded: /, "")).toMatch(why);
        // Exactly as it was: the same view object, the same handle, which the worker still holds.
        expect(s.view).toBe(before);
        expect(JSON.stringify(s.view!.state)).toBe(shown);
        expect(causes.length).toBe(seen);
      }
      const legal = s.view!.legal[0] as never;
      expect(await s.act(legal)).toBe(true);
      expect(s.view!.handle).toBe(before.handle); // acted on the same game: no rebuild was needed
      expect(s.view!.state.log.length).toBe(before.state.log.length + 1);
    });

    it(`${g.game}: a good save round-trips: export, play on, import the export: the move is gone, the state equal`, async () => {
      const { session: s, causes } = g.start(client()) as unknown as Seen<GameTypes>;
      await s.newGame(g.options as never, "save-2");
      expect(await s.act(s.view!.legal[0] as never)).toBe(true);
      const exported = JSON.stringify(s.view!.state);
      const oldHandle = s.view!.handle;
      expect(await s.act(s.view!.legal[0] as never)).toBe(true);
      expect(JSON.stringify(s.view!.state)).not.toBe(exported);
      await s.load(exported);
      expect(JSON.stringify(s.view!.state)).toBe(exported);
      expect(s.view!.handle).not.toBe(oldHandle);
      expect(causes.at(-1)).toEqual({ kind: "new" });
      expect(s.message).toBe("");
      // The object form too, and the old game is closed in the worker.
      await s.load(JSON.parse(exported));
      expect(JSON.stringify(s.view!.state)).toBe(exported);
      const api = (s as unknown as { api: { view(h: string): Promise<unknown> } }).api;
      await expect(api.view(oldHandle)).rejects.toMatchObject({ kind: "input", rule: "/handle" });
    });
  }
});
