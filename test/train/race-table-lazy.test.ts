/**
 * Issue #23, the race table on first need: the Train Game's solver loads without its race table (159 KB gzipped);
 * on a host whose files are downloads (`Kit.downloads`: a page's worker) the opening roll's hint (one option)
 * does not fetch it, the first turn with a choice does, once, and every later race answer reads it. A host with its
 * files at hand (Node, the CLI, the server) loads it for the first race answer, the opening roll's too.
 */
import { describe, expect, it } from "vitest";
import { type TrainGameState, trainEngine } from "../../web/engine/train/index.ts";
import { train } from "../../web/games/train/index.ts";
import { trainHint } from "../../web/games/train/route.ts";
import type { Kit } from "../../web/games/types.ts";
import { raceContext } from "../../web/solvers/train/race-context.ts";
import { nodeKit } from "../../web/wasm/node.ts";

/** Node's Kit, noting every data file asked for; `downloads` as a page's worker says. */
function countingKit(downloads: boolean): { kit: Kit; asked: string[] } {
  const base = nodeKit();
  const asked: string[] = [];
  const kit: Kit = {
    ...base,
    downloads,
    data: (path) => {
      asked.push(path);
      return base.data(path);
    },
  };
  return { kit, asked };
}

function race(seed: string): TrainGameState {
  return trainEngine.setup({ players: 2, variant: "race", goal: 100 }, seed);
}

function roll(s: TrainGameState): TrainGameState {
  const r = trainEngine.apply(s, { type: "roll", player: s.current! });
  if (!r.ok) throw r.error;
  return r.state;
}

describe("issue #23: the race table is loaded when a race answer first needs it", () => {
  it("a page's worker: not with the solver, not for the opening roll; once, for the first choice", async () => {
    const { kit, asked } = countingKit(true);
    const b = await train.loadSolver(kit);
    expect(asked).not.toContain("train/race-100.bin");
    expect(b.solver.hasRace(100)).toBe(false);
    const s = race("lazy-1");
    const opening = await trainHint(b, s.turn, raceContext(s));
    expect(opening.map((h) => h.action.type)).toEqual(["roll"]);
    expect(opening[0]!.winProbability).toBeUndefined();
    expect(asked).not.toContain("train/race-100.bin");
    expect(b.solver.hasRace(100)).toBe(false); // and not solved either
    const chosen = roll(s);
    const hints = await trainHint(b, chosen.turn, raceContext(chosen));
    expect(hints.length).toBeGreaterThan(1);
    expect(hints.every((h) => h.winProbability !== undefined)).toBe(true);
    expect(asked.filter((p) => p === "train/race-100.bin")).toHaveLength(1);
    // Held now: the opening roll of another game carries its win chance, with no second request.
    const other = race("lazy-2");
    expect((await trainHint(b, other.turn, raceContext(other)))[0]!.winProbability).toBeGreaterThan(0);
    await b.loadRace();
    expect(asked.filter((p) => p === "train/race-100.bin")).toHaveLength(1);
  });

  it("a race bot move on a page's worker loads it too (the same table read as the hint's)", async () => {
    const { kit, asked } = countingKit(true);
    const b = await train.loadSolver(kit);
    const bot = await train.bots.race!.load(async () => b, {});
    const s = roll(race("lazy-bot"));
    const move = await bot(s, "r");
    expect(asked.filter((p) => p === "train/race-100.bin")).toHaveLength(1);
    expect(move).toEqual(b.botAction(s, "race"));
  });

  it("a host with its files at hand: the opening roll's hint has its win chance (the table read for it)", async () => {
    const { kit, asked } = countingKit(false);
    const b = await train.loadSolver(kit);
    expect(asked).not.toContain("train/race-100.bin");
    const s = race("lazy-node");
    const [h] = await trainHint(b, s.turn, raceContext(s));
    expect(h!.winProbability).toBeGreaterThan(0);
    expect(asked.filter((p) => p === "train/race-100.bin")).toHaveLength(1);
  });
});
