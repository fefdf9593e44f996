/**
 * The fourth game through the worker (issue #22): the service is a loop over the modules it is handed, so a game it
 * never names (test/contract/dice-race.ts, registered only in {@link WITH_DICE}) is served like the three real ones,
 * over a real Comlink channel (worker_threads), through the page client's `client.game(id)`.
 */
import { MessageChannel } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterEach, describe, expect, it } from "vitest";
import { replay } from "../../../web/engine/common/game.ts";
import { createRailkitClient, type RailkitClient } from "../../../web/worker/client.ts";
import type { ActResult, BotMove, GameView, HintsAnswer } from "../../../web/worker/protocol.ts";
import { createRailkitService } from "../../../web/worker/service.ts";
import { type DiceAction, type DiceState, diceEngine, GOAL, WITH_DICE } from "../dice-race.ts";

type View = GameView<DiceState, DiceAction> & { toWin: number[] };
type Hint = { action: DiceAction; value: number };

const clients: RailkitClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

/** The service over the registry plus the dice game, exposed on one end of a channel; the client on the other. */
function connect() {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(createRailkitService({ games: WITH_DICE }), nodeEndpoint(port1));
  const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
  clients.push(client);
  const dice = client.game("dice");
  // The namespace's verbs, typed for this game (the client types only the registry's ids).
  return {
    client,
    newGame: (seed: number | string) => dice.newGame!({ players: 2 }, seed) as Promise<View>,
    act: (h: string, a: unknown) => dice.act!(h, a) as Promise<ActResult<View>>,
    undo: (h: string, p: number) => dice.undo!(h, p) as Promise<ActResult<View>>,
    view: (h: string) => dice.view!(h) as Promise<View>,
    hints: (h: string) => dice.hints!(h) as Promise<HintsAnswer<Hint>>,
    viewHints: (s: unknown) => dice.viewHints!(s) as Promise<HintsAnswer<Hint>>,
    botMove: (h: string, o?: object) => dice.botMove!(h, o) as Promise<BotMove<DiceAction, View>>,
    save: (h: string) => dice.save!(h) as Promise<string>,
    load: (json: unknown) => dice.load!(json) as Promise<View>,
    replay: (o: unknown, seed: number | string, log: unknown[]) =>
      dice.replay!(o, seed, log) as Promise<View>,
    close: (h: string) => dice.close!(h) as Promise<void>,
  };
}

describe("the fourth game through the worker", () => {
  it("plays a whole dice race through newGame/act/hints/botMove/undo/save/load/replay/view/close, to the end", async () => {
    const w = connect();
    const v = await w.newGame("fourth");
    expect(v).toMatchObject({ game: "dice", state: { scores: [0, 0], current: 0 }, toWin: [GOAL, GOAL] });
    expect(v.handle).toMatch(/^dice:\d+$/);

    // dice.hold-empty: a refusal comes back typed, with its rule id, and the held game is unchanged.
    const refused = await w.act(v.handle, { type: "hold", player: 0 });
    expect(refused).toEqual({
      ok: false,
      error: { kind: "rule", rule: "dice.hold-empty", message: expect.any(String) },
    });
    expect((await w.view(v.handle)).state).toEqual(v.state);
    const wrongSeat = await w.act(v.handle, { type: "roll", player: 1 });
    expect(wrongSeat.ok || wrongSeat.error.rule).toBe("dice.not-your-turn");
    // A malformed action is refused as input, with the field's pointer.
    expect(await w.act(v.handle, { type: "fly", player: 0 })).toMatchObject({
      ok: false,
      error: { kind: "input", rule: "/action/type" },
    });

    // A roll, then undo back to the last reveal: undo of a roll is refused (nothing to take back since it).
    const rolled = await w.act(v.handle, { type: "roll", player: 0 });
    if (!rolled.ok) throw new Error(rolled.error.message);
    const undone = await w.undo(v.handle, 0);
    expect(undone.ok).toBe(false);
    expect((await w.view(v.handle)).state).toEqual(rolled.view.state);

    // Hints for the seat to move: every legal action valued, the advised one 1.
    let view = rolled.view;
    const h = await w.hints(view.handle);
    expect(h).toMatchObject({ handle: view.handle, at: view.state.log.length, player: view.state.current });
    expect(h.hints.map((x) => x.action)).toEqual(view.legal);
    expect(h.hints.filter((x) => x.value === 1)).toHaveLength(1);
    // viewHints: the module reads a view (a seat's state without seed and generator).
    const { seed: _seed, rng: _rng, ...seen } = view.state;
    expect((await w.viewHints(seen)).hints).toEqual(h.hints);

    // Save and load mid-game: the same state under a new handle; replay rebuilds it from options, seed and log.
    const text = await w.save(view.handle);
    const loaded = await w.load(text);
    expect(loaded.handle).not.toBe(view.handle);
    expect(loaded.state).toEqual(view.state);
    const replayed = await w.replay(view.state.options, view.state.seed, view.state.log);
    expect(replayed.state).toEqual(view.state);
    await w.close(loaded.handle);
    await expect(w.view(loaded.handle)).rejects.toMatchObject({ kind: "input", rule: "/handle" });

    // The bot plays both seats to the end; `play: false` only names its move.
    const asked = await w.botMove(view.handle, { play: false });
    expect(asked.view).toBeNull();
    expect(view.legal).toContainEqual(asked.action);
    for (let i = 0; i < 500 && !view.state.over; i++) view = (await w.botMove(view.handle)).view!;
    expect(view.state.over).toBe(true);
    expect(view.state.winners).toHaveLength(1);
    expect(Math.max(...view.state.scores)).toBeGreaterThanOrEqual(GOAL);
    expect(view.legal).toEqual([]);
    // Over: no hints, and the computer has no move (the game's own rule id).
    expect(await w.hints(view.handle)).toMatchObject({ player: null, hints: [] });
    await expect(w.botMove(view.handle)).rejects.toMatchObject({ kind: "rule", rule: "dice.game-over" });
    // The worker's game is the engine's replay of its log.
    const s = view.state;
    expect(diceEngine.save(replay(diceEngine, s.options, s.seed, s.log))).toBe(await w.save(view.handle));
    await w.close(view.handle);
  });

  it("the registry's games are served beside it, and an unknown id is refused", async () => {
    const w = connect();
    expect((await w.client.train.newGame({ players: 2, variant: "race" }, 1)).game).toBe("train");
    // The client names no game: a namespace the worker does not serve fails in the worker, as a RailkitError.
    await expect(w.client.game("chess").newGame!({}, 1)).rejects.toMatchObject({ name: "RailkitError" });
  });
});
