/**
 * train.race-goal: the race solver takes its goal as a parameter (default 100, 50..200, an InputError naming
 * "goal" otherwise), in the Wasm kernel and its twin alike; the CLI's `--goal` solves on demand.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { nodeHost } from "../../bin/host.ts";
import { UsageError } from "../../web/cli/args.ts";
import { InputError } from "../../web/engine/common/errors.ts";
import { newTurn } from "../../web/engine/train/index.ts";
import { trainCommand as tool } from "../../web/games/train/tools.ts";
import { createTrainSolver, createTrainSolverReference, TrainSolver } from "../../web/solvers/train/index.ts";
import type { TrainKernel } from "../../web/solvers/train/kernel.ts";
import { readRaceTableNode } from "../../web/solvers/train/race-table-node.ts";
import type { RaceResult } from "../../web/solvers/train/reference.ts";
import { createReferenceKernel } from "../../web/solvers/train/reference.ts";
import { createWasmKernel } from "../../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

/** The tool as `rail` runs it: files and Wasm from the Node host. */
const trainCommand = (args: string[]) => tool(args, nodeHost);

const G = 50;
let module: WebAssembly.Module;
let wasm: TrainKernel;
let rw: RaceResult;
let rr: RaceResult;
const progress: number[] = [];
beforeAll(async () => {
  module = await compileWasmNode("train");
  wasm = await createWasmKernel(module);
  const w = wasm.race((d) => progress.push(d), G);
  rw = { ...w, x: w.x.slice(), y: w.y.slice(), last: w.last.slice(), stopAt: w.stopAt.slice() };
  rr = createReferenceKernel().race(undefined, G);
}, 60_000);

describe("train.race-goal", () => {
  it("refuses goals outside 50..200 with an InputError on `goal`, before any work", async () => {
    const s = await createTrainSolver(module);
    const ref = createTrainSolverReference();
    for (const g of [49, 201, 99.5, Number.NaN, -100]) {
      const calls = [
        () => s.raceTable(undefined, g),
        () => s.raceFirstPlayerWins(g),
        () => ref.raceTable(undefined, g),
        () => s.hint(newTurn(), { me: 1, opponent: 2, first: true, goal: g }),
        () => wasm.race(undefined, g),
        () => createReferenceKernel().race(undefined, g),
      ];
      for (const call of calls) {
        let err: unknown;
        try {
          call();
        } catch (e) {
          err = e;
        }
        expect(err, `goal ${g}`).toBeInstanceOf(InputError);
        expect((err as InputError).path).toBe("goal");
      }
    }
  });

  it("the race to 50: Wasm and TypeScript agree, values are probabilities, progress runs to 1", () => {
    expect(rw.goal).toBe(G);
    expect(rw.x.length).toBe(G * G);
    let worst = 0;
    for (let i = 0; i < G * G; i++) {
      worst = Math.max(worst, Math.abs(rw.x[i]! - rr.x[i]!), Math.abs(rw.y[i]! - rr.y[i]!));
      expect(rw.stopAt[i]).toBe(rr.stopAt[i]);
      for (const v of [rw.x[i]!, rw.y[i]!]) expect(v >= 0 && v <= 1).toBe(true);
    }
    expect(worst).toBeLessThan(1e-12);
    expect(rw.iterations).toBe(rr.iterations);
    expect(rw.x[0]).toBeGreaterThan(0.4);
    expect(rw.x[0]).toBeLessThan(0.5);
    for (let i = 1; i < progress.length; i++) expect(progress[i]!).toBeGreaterThan(progress[i - 1]!);
    expect(progress.at(-1)).toBe(1);
  });

  it("each value of the race to 50 satisfies its Bellman equation (residual below 1e-12)", () => {
    const k = createReferenceKernel();
    for (let a = 0; a < G; a += 7) {
      for (let b = 0; b < G; b += 6) {
        const i = a * G + b;
        expect(Math.abs(k.solve(k.payoffA(a, b, 1 - rr.y[i]!, rr)) - rr.x[i]!), `X(${a}, ${b})`).toBeLessThan(
          1e-12,
        );
        expect(Math.abs(k.solve(k.payoffB(a, b, 1 - rr.x[i]!, rr)) - rr.y[i]!), `Y(${a}, ${b})`).toBeLessThan(
          1e-12,
        );
      }
    }
  });

  it("hints at another goal use that goal's table; goal 100 answers stay the shipped table's", async () => {
    const raceTable = await readRaceTableNode();
    const s = new TrainSolver(wasm, { raceTable });
    const at100 = s.hint(newTurn(), { me: 30, opponent: 40, first: true });
    const t = s.raceTable(undefined, G); // solves the race to 50 in the same kernel
    expect(t.winFirst).toEqual(rw.x);
    const h = s.hint(newTurn(), { me: 30, opponent: 40, first: true, goal: G });
    expect(Math.abs(h[0]!.winProbability! - rw.x[30 * G + 40]!)).toBeLessThan(1e-12);
    const h2 = s.hint(newTurn(), { me: 40, opponent: 30, first: false, goal: G });
    expect(Math.abs(h2[0]!.winProbability! - rw.y[30 * G + 40]!)).toBeLessThan(1e-12);
    expect(s.hint(newTurn(), { me: 30, opponent: 40, first: true })).toEqual(at100);
    expect(() => s.hint(newTurn(), { me: 50, opponent: 0, first: true, goal: G })).toThrow(InputError);
  });

  it("`rail train race --goal N` solves on demand; a goal out of range is a usage error", async () => {
    expect(await trainCommand(["race", "--goal", String(G)])).toEqual({
      goal: G,
      firstPlayerWins: rw.x[0],
      tolerance: 1e-9,
      source: "solved",
    });
    await expect(trainCommand(["race", "--goal", "49"])).rejects.toBeInstanceOf(UsageError);
    await expect(trainCommand(["race", "--goal", "201"])).rejects.toThrow(/--goal must be from 50 to 200/);
    await expect(trainCommand(["hint", "--train", "-", "--me", "50", "--goal", "50"])).rejects.toThrow(
      /--me must be from 0 to 49/,
    );
  }, 60_000);
});
