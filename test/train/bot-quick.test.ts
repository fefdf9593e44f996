/**
 * `BotWork.quick` (web/games/types.ts): a host that must not stall — the online server, whose one thread serves every
 * match — asks the Train Game's race bot for a move "from what is at hand". Without the race's table (only the race to
 * 100 ships) and without a solver thread, the bot then plays max-EV (one turn solve) instead of solving the race on
 * that thread for seconds; without `quick` (the CLI, the widgets' worker with its solver thread) it plays the race.
 */
import { describe, expect, it } from "vitest";
import { type TrainGameState, trainEngine } from "../../web/engine/train/index.ts";
import { train } from "../../web/games/train/index.ts";
import { nodeKit } from "../../web/wasm/node.ts";

/** A two-player race to `goal` after the first roll (seat 0 to choose its dice). */
function rolled(goal: number): TrainGameState {
  const s = trainEngine.setup({ players: 2, variant: "race", goal }, `quick-${goal}`);
  const r = trainEngine.apply(s, { type: "roll", player: 0 });
  if (!r.ok) throw r.error;
  return r.state;
}

describe("online.server-bot-quick: the server's train bot never solves a race on the server's thread", () => {
  it("quick, goal 60: the max-EV move, and the race to 60 is still not solved", async () => {
    const bundle = await train.loadSolver(nodeKit());
    const solver = async () => bundle;
    const quick = await train.bots.race!.load(solver, { quick: true });
    const ev = await train.bots.ev!.load(solver, {});
    const s = rolled(60);
    const move = await quick(s, "q");
    expect(move).toEqual(await ev(s, "q"));
    expect(bundle.solver.hasRace(60)).toBe(false);
  });

  it("quick, goal 100: the shipped table is loaded on first need (issue #23) and the bot plays the race", async () => {
    const bundle = await train.loadSolver(nodeKit());
    // Not loaded with the solver: a page downloads it only when a race move or hint needs it.
    expect(bundle.solver.hasRace(100)).toBe(false);
    const quick = await train.bots.race!.load(async () => bundle, { quick: true });
    const s = rolled(100);
    const move = await quick(s, "q");
    expect(bundle.solver.hasRace(100)).toBe(true);
    expect(move).toEqual(bundle.botAction(s, "race"));
  });

  it("not quick (the CLI): the race bot solves the race to 60 on its thread, once", async () => {
    const bundle = await train.loadSolver(nodeKit());
    const race = await train.bots.race!.load(async () => bundle, {});
    await race(rolled(60), "r");
    expect(bundle.solver.hasRace(60)).toBe(true);
  });
});
