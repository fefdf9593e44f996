import { beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../web/engine/common/game.ts";
import { stringEngine } from "../../web/engine/string/engine.ts";
import { playSolverBotGame, solverBotAction } from "../../web/solvers/string/bot.ts";
import type { PlanKernel } from "../../web/solvers/string/kernel.ts";
import { createReferenceKernel } from "../../web/solvers/string/reference.ts";
import { createWasmKernel } from "../../web/solvers/string/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: PlanKernel;
beforeAll(async () => {
  wasm = await createWasmKernel(await compileWasmNode("stringplan", "release"));
});

describe("string solvers 5: solver bot", () => {
  it("plays whole seeded games to the end (every seat, 2 to 5 players) with no refusal; the log replays", () => {
    for (const [players, seed] of [
      [2, 101],
      [3, 102],
      [5, 103],
    ] as const) {
      const g = playSolverBotGame(players, seed, undefined, wasm);
      expect(g.final.phase).toBe("over");
      expect(g.result.points).toHaveLength(players);
      const again = replay(stringEngine, { players }, seed, g.log);
      expect(again.result).toEqual(g.result);
      expect(() => solverBotAction(g.final, wasm)).toThrow();
    }
  });

  it("the Wasm kernel and the TypeScript twin play the same game", () => {
    const a = playSolverBotGame(3, 7, undefined, wasm);
    const b = playSolverBotGame(3, 7, undefined, createReferenceKernel());
    expect(b.log).toEqual(a.log);
  });

  it("beats the engine's greedy bot: higher average final score over 6 seeded mixed games", () => {
    let solver = 0;
    let nSolver = 0;
    let greedy = 0;
    let nGreedy = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const players = 2 + (seed % 3);
      // Half the seats each, alternating which half from game to game.
      const seats = Array.from({ length: players }, (_, i) => i).filter((i) => (i + seed) % 2 === 0);
      const g = playSolverBotGame(players, seed, seats, wasm);
      g.result.points.forEach((p, i) => {
        if (seats.includes(i)) {
          solver += p;
          nSolver++;
        } else {
          greedy += p;
          nGreedy++;
        }
      });
    }
    expect(solver / nSolver).toBeGreaterThan(greedy / nGreedy);
  });
});
