import { beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../web/engine/common/game.ts";
import { apply, setup, stringEngine, totalCubes } from "../../web/engine/string/engine.ts";
import { playSolverBotGame, solverBotAction } from "../../web/solvers/string/bot.ts";
import type { PlanKernel } from "../../web/solvers/string/kernel.ts";
import { createReferenceKernel } from "../../web/solvers/string/reference.ts";
import { createStringSolver, createStringSolverReference } from "../../web/solvers/string/solver.ts";
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
      expect(g.final.over).toBe(true);
      expect(g.result.points).toHaveLength(players);
      const again = replay(stringEngine, { players }, seed, g.log);
      expect(again.result).toEqual(g.result);
      expect(() => solverBotAction(g.final, wasm)).toThrow();
    }
  });

  it("more seeded whole games (2 to 5 players, every seat the solver bot): no refusal, 94 cubes at the end", () => {
    for (let seed = 200; seed < 206; seed++) {
      const players = 2 + (seed % 4);
      const g = playSolverBotGame(players, seed, undefined, wasm);
      expect(g.final.over).toBe(true);
      expect(totalCubes(g.final)).toBe(94);
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

describe("string solvers: the bound service", () => {
  it("createStringSolver (Wasm) and createStringSolverReference answer alike", async () => {
    const w = await createStringSolver(await compileWasmNode("stringplan", "debug"));
    const r = createStringSolverReference();
    expect(w.kernel.kind).toBe("wasm");
    expect(r.kernel.kind).toBe("reference");
    expect(w.scorePile({ red: 2, blue: 1, green: 1, yellow: 3, white: 2 })).toBe(22);
    let s = setup({ players: 3 }, 4);
    for (let i = 0; i < 40 && !s.over; i++) {
      const p = s.current!;
      expect(w.stringHints(s, p, 5)).toEqual(r.stringHints(s, p, 5));
      expect(w.transportPlan(s, p)).toEqual(r.transportPlan(s, p));
      expect(w.longDistance(s, p)).toEqual(r.longDistance(s, p));
      const a = w.botAction(s);
      expect(r.botAction(s)).toEqual(a);
      const res = apply(s, a);
      expect(res.ok).toBe(true);
      if (res.ok) s = res.state;
    }
  });
});
