/**
 * Issue #23, the element session controller's life in a page (web/elements/common/session.ts) in Node: a stand-in
 * host, the real client and the worker service on a MessageChannel, the client's Light Rail verbs counted.
 *
 * - **detached-search-stops**: an element taken out of the page closes its game in the worker, so a hint search
 *   under way sees its game gone (the worker's cancellation) and ends; no hint or computer call is made while it
 *   is out; back in the page it restores the game and searches again, one search at a time however many
 *   detach/attach cycles there were (before: every cycle left one more search running).
 * - **play-verdict**: `play(action)` answers the engine's verdict (the new state, or the typed refusal with its rule
 *   id or JSON pointer) and never rejects, even for a value that cannot cross to the worker.
 * - **before-act**: `beforeAct` answering false keeps a person's action from being sent; `play` does not ask it.
 * - **bot-delay**: the computer's pause is read before every move.
 */
import { MessageChannel } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { afterEach, describe, expect, it } from "vitest";
import { GameSession, type SessionOptions } from "../web/elements/common/session.ts";
import { LIGHT_MAX_HINT_MS } from "../web/games/light/caps.ts";
import { createRailkitClient, type RailkitClient, type WorkerConnection } from "../web/worker/client.ts";
import type { GameWorkerApi, LightTypes } from "../web/worker/protocol.ts";
import { createRailkitService } from "../web/worker/service.ts";
import { withSolvers } from "./contract/kits.ts";

class Host {
  addController(_c: ReactiveController) {}
  removeController() {}
  requestUpdate() {}
  get updateComplete() {
    return Promise.resolve(true);
  }
}

/** Calls of the Light Rail verbs the session made: started, and in flight now. */
interface Counts {
  started: Record<string, number>;
  inFlight: Record<string, number>;
}

const clients: RailkitClient[] = [];
const sessions: GameSession<LightTypes>[] = [];

function client(): RailkitClient {
  const c = createRailkitClient({
    connect: (): WorkerConnection => {
      const { port1, port2 } = new MessageChannel();
      Comlink.expose(createRailkitService({ games: withSolvers({}) }), nodeEndpoint(port1));
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

/** The client's Light Rail verbs, each call counted (started, in flight). */
function counted(api: GameWorkerApi<LightTypes>, counts: Counts): GameWorkerApi<LightTypes> {
  const out: Record<string, unknown> = {};
  for (const verb of [
    "newGame",
    "act",
    "undo",
    "hints",
    "botMove",
    "load",
    "replay",
    "close",
    "view",
  ] as const) {
    out[verb] = (...args: unknown[]) => {
      counts.started[verb] = (counts.started[verb] ?? 0) + 1;
      counts.inFlight[verb] = (counts.inFlight[verb] ?? 0) + 1;
      const p = (api[verb] as (...a: unknown[]) => Promise<unknown>)(...args);
      return p.finally(() => {
        counts.inFlight[verb]!--;
      });
    };
  }
  return out as unknown as GameWorkerApi<LightTypes>;
}

function lightSession(more: Partial<SessionOptions<LightTypes>> = {}) {
  const rk = client();
  const counts: Counts = { started: {}, inFlight: {} };
  const api = counted(rk.light, counts);
  const s = new GameSession<LightTypes>(new Host() as unknown as ReactiveControllerHost & HTMLElement, {
    api: () => api,
    client: () => rk,
    botDelayMs: 0,
    ...more,
  });
  s.hostConnected();
  sessions.push(s);
  return { s, counts };
}

async function until(ok: () => boolean, what: string, ms = 20_000): Promise<void> {
  const t0 = Date.now();
  while (!ok()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  for (const s of sessions.splice(0)) s.hostDisconnected();
  for (const c of clients.splice(0)) c.terminate();
});

describe("issue #23: a detached element's searches stop (detached-search-stops)", () => {
  it("a hint search of the longest budget ends once the element leaves the page; none starts while it is out", async () => {
    // Hints with the longest budget the worker takes: left running, one search would hold the worker 10 s.
    const { s, counts } = lightSession({ hints: () => true, hintOptions: () => ({ ms: LIGHT_MAX_HINT_MS }) });
    await s.newGame({ players: 2 }, "detach-1");
    await until(() => counts.inFlight.hints === 1, "the search under way");
    await pause(50);
    s.hostDisconnected();
    // The worker's search sees its game closed at its next pause and answers; the task is idle, not an error.
    await until(() => counts.inFlight.hints === 0, "the search to stop", LIGHT_MAX_HINT_MS / 2);
    expect(s.hints.status).toBe("idle");
    const started = counts.started.hints;
    await s.refreshHints(); // what an element's own slice loop would ask: nothing while out of the page
    expect(counts.started.hints).toBe(started);
    expect(s.hints.status).toBe("idle");
    // Back in the page: the game is restored in the worker (a replay of its log) and one search starts.
    const held = JSON.stringify(s.view!.state);
    s.hostConnected();
    await until(() => counts.inFlight.hints === 1 && s.hints.status === "pending", "the search again");
    await until(() => counts.started.replay === 1, "the game restored");
    expect(JSON.stringify(s.view!.state)).toBe(held);
  });

  it("20 detach/attach cycles leave one search running, not 21", async () => {
    const { s, counts } = lightSession({ hints: () => true, hintOptions: () => ({ ms: LIGHT_MAX_HINT_MS }) });
    await s.newGame({ players: 2 }, "detach-20");
    await until(() => counts.inFlight.hints === 1, "the first search");
    for (let i = 0; i < 20; i++) {
      s.hostDisconnected();
      await pause(5);
      s.hostConnected();
      await pause(5);
    }
    // The searches of the earlier attachments end (their game was closed under them); one remains.
    await until(() => counts.inFlight.hints === 1, "the earlier searches to stop", LIGHT_MAX_HINT_MS / 2);
    await pause(300);
    expect(counts.inFlight.hints).toBe(1);
    expect(s.hints.status).toBe("pending");
    // An unrelated call is answered while the one search runs (the cooperative search pauses for it).
    await expect(s.play({ type: "place", player: 1, q: 0, r: 0, orientation: 0 })).resolves.toMatchObject({
      ok: false,
    });
  });

  it("the computer does not move while its element is out of the page, and plays on when it is back", async () => {
    const { s, counts } = lightSession({
      bots: () => new Set([0, 1]),
      botOptions: () => ({ policy: "greedy" }),
      botDelayMs: 20,
    });
    await s.newGame({ players: 2 }, "detach-bot");
    await until(() => (s.view?.state.log.length ?? 0) >= 2, "two computer moves");
    s.hostDisconnected();
    await until(() => !counts.inFlight.botMove, "the move in flight");
    const at = s.view!.state.log.length;
    const asked = counts.started.botMove;
    await pause(300);
    expect(counts.started.botMove).toBe(asked);
    expect(s.view!.state.log.length).toBe(at);
    s.hostConnected();
    await until(() => s.view!.state.log.length > at, "the computer again");
  });
});

describe("issue #23: play(action) answers the engine's verdict (play-verdict)", () => {
  it("the new state, or the refusal with its rule id or pointer; never a rejection", async () => {
    const { s } = lightSession();
    expect(await s.play({ type: "place", player: 0, q: 0, r: 0, orientation: 0 })).toMatchObject({
      ok: false,
      error: { kind: "element", rule: "element.no-game" },
    });
    await s.newGame({ players: 2 }, "play-1");
    const legal = s.view!.legal[0]!;
    // Another seat's move: refused by the rules, with the engine's rule id; the game is as it was.
    const wrongSeat = await s.play({ ...legal, player: 1 });
    expect(wrongSeat.ok).toBe(false);
    if (!wrongSeat.ok) {
      expect(wrongSeat.error.kind).toBe("rule");
      expect(wrongSeat.error.rule).toMatch(/^light\./);
    }
    expect(s.view!.state.log.length).toBe(0);
    // Malformed: refused at its JSON pointer. A function cannot even cross to the worker: refused, not thrown.
    const malformed = await s.play({ type: "fly" } as never);
    expect(malformed).toMatchObject({ ok: false, error: { kind: "input", rule: "/action/type" } });
    const noCell = await s.play({ type: "place", player: 0 } as never);
    expect(noCell.ok).toBe(false);
    const uncloneable = await s.play({ type: "place", player: 0, q: () => 0 } as never);
    expect(uncloneable).toMatchObject({ ok: false, error: { kind: "input", rule: "/action" } });
    expect(s.view!.state.log.length).toBe(0);
    // A legal move: the new state (a copy: changing it changes nothing in the element).
    const done = await s.play(legal);
    expect(done.ok).toBe(true);
    if (done.ok) {
      expect(done.state.log).toEqual([legal]);
      done.state.log.length = 0;
    }
    expect(s.view!.state.log).toHaveLength(1);
  });
});

describe("issue #23: beforeAct and the computer's pace (before-act, bot-delay)", () => {
  it("beforeAct false keeps a person's action from being sent; play does not ask it", async () => {
    const asked: unknown[] = [];
    let allow = false;
    const { s, counts } = lightSession({
      beforeAct: (a) => {
        asked.push(a);
        return allow;
      },
    });
    await s.newGame({ players: 2 }, "before-1");
    const legal = s.view!.legal[0]!;
    expect(await s.act(legal)).toBe(false);
    expect(asked).toEqual([legal]);
    expect(counts.started.act ?? 0).toBe(0);
    expect(s.view!.state.log).toHaveLength(0);
    allow = true;
    expect(await s.act(legal)).toBe(true);
    expect(counts.started.act).toBe(1);
    const next = s.view!.legal[0]!;
    allow = false;
    expect((await s.play(next)).ok).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it("the pause before each computer move is read before every move", async () => {
    let ms = 0;
    const read: number[] = [];
    const { s } = lightSession({
      bots: () => new Set([0, 1]),
      botOptions: () => ({ policy: "greedy" }),
      botDelayMs: () => {
        read.push(ms);
        return ms;
      },
    });
    await s.newGame({ players: 2 }, "pace-1");
    await until(() => (s.view?.state.log.length ?? 0) >= 2, "two moves at no pause");
    ms = 60_000; // the next move waits a minute
    const at = s.view!.state.log.length;
    await pause(400);
    expect(s.view!.state.log.length).toBeLessThanOrEqual(at + 1); // at most the move already past its pause
    expect(read.at(-1)).toBe(60_000);
  });
});
