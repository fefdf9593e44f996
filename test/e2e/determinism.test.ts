/**
 * Determinism across JavaScript engines: the same seed and the same actions give the same state in Node
 * and in Chromium.
 *
 * - The engines in the page: test/e2e/determinism-games.ts (fixed games of all three engines, actions
 *   picked from `legalActions` by an integer generator) is bundled with Vite into a temporary folder,
 *   imported in Chromium, and its `save` texts compared with the same module run here in Node.
 * - The Train Game through the worker of the built demo (the element's client): `newGame` + `act` with
 *   the same picks, and a game the computer plays with the max-EV bot (`botMove`, the Wasm solver in
 *   the worker vs the Wasm solver compiled here), compared with the engine run in Node.
 * - Whole String Railway and Light Rail games through the same worker, the computer in every seat
 *   (`botMove`: the stringplan and light Wasm modules in the worker), end in the state the engine alone
 *   reaches by replaying their logs in Node, and in the same game as the worker service run here in Node
 *   (on the solvers' TypeScript twins).
 *
 * Skipped without /usr/bin/chromium unless RAILKIT_BROWSER=required.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../web/engine/common/game.ts";
import { type LightState, lightEngine } from "../../web/engine/light/index.ts";
import { type StringState, stringEngine } from "../../web/engine/string/index.ts";
import {
  type TrainAction,
  type TrainGameState,
  type TrainOptions,
  trainEngine,
} from "../../web/engine/train/index.ts";
import { createTrainSolver } from "../../web/solvers/train/index.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";
import { createRailkitService } from "../../web/worker/service.ts";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo, sharedPage } from "./browser.ts";
import { type GameRun, nextPick, playAll } from "./determinism-games.ts";
import { type StaticServer, serveStatic } from "./serve.ts";

const root = resolve(import.meta.dirname, "../..");

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

/** The Train Game run in Node the way the page runs it through the worker (same picks). */
function trainInNode(options: TrainOptions, seed: number | string, steps: number): TrainGameState {
  let state = trainEngine.setup(options, seed);
  let x = 1;
  for (let i = 0; i < steps; i++) {
    const legal = trainEngine.legalActions(state);
    if (legal.length === 0) break;
    x = nextPick(x);
    const r = trainEngine.apply(state, legal[(x >>> 16) % legal.length]);
    if (!r.ok) throw r.error;
    state = r.state;
  }
  return state;
}

const WORKER_GAMES = [
  { options: { players: 2, variant: "race" as const }, seed: 2026, steps: 600 },
  { options: { players: 5, variant: "elimination" as const }, seed: "worker", steps: 600 },
];
const BOT_GAME = { options: { players: 3, variant: "race" as const }, seed: 9, steps: 150 };
const STRING_BOT_GAME = { options: { players: 3 }, seed: "det-worker" };
const LIGHT_BOT_GAME = { options: { players: 3, wrap: true }, seed: "det-worker", playouts: 300 };

describe.runIf(haveBrowser)("determinism: Node and Chromium give the same games", () => {
  let demo: DemoBrowser;
  let bundleServer: StaticServer;
  let bundleDir: string;
  const errors: string[] = [];

  beforeAll(async () => {
    demo = await openDemo();
    bundleDir = await mkdtemp(join(tmpdir(), "railkit-determinism-"));
    const { build } = await import("vite");
    await build({
      configFile: false,
      root,
      logLevel: "warn",
      build: {
        outDir: bundleDir,
        emptyOutDir: true,
        target: "es2022",
        minify: false,
        lib: { entry: resolve(root, "test/e2e/determinism-games.ts"), formats: ["es"], fileName: "games" },
      },
    });
    await writeFile(join(bundleDir, "index.html"), "<!doctype html><title>determinism</title>");
    bundleServer = await serveStatic(bundleDir);
  });

  afterAll(async () => {
    await demo?.close();
    await bundleServer?.close();
    if (bundleDir) await rm(bundleDir, { recursive: true, force: true });
  });

  const newPage = async (url: string): Promise<Page> => {
    const page = await sharedPage(demo.browser);
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    return page;
  };

  it("all three engines, bundled and run in the page, end in the same states as in Node", async () => {
    const page = await newPage(`${bundleServer.url}index.html`);
    // A string, not a function: Vitest would rewrite an `import()` written in this file.
    const inPage = await page.evaluate<Record<string, GameRun>>(
      `import(${JSON.stringify(`${bundleServer.url}games.js`)}).then((m) => m.playAll())`,
    );
    const inNode = playAll();
    expect(Object.keys(inPage)).toEqual(Object.keys(inNode));
    for (const [name, run] of Object.entries(inNode)) {
      expect(run.actions, name).toBeGreaterThan(10);
      expect(inPage[name]!.actions, name).toBe(run.actions);
      expect(inPage[name]!.save, name).toBe(run.save);
    }
    await page.close();
  });

  it("The Train Game through the demo's worker (newGame + act) ends in the same state as in Node", async () => {
    const page = await newPage(`${demo.server.url}index.html`);
    await page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    const inPage = await page.evaluate(async (games) => {
      const { train } = document.querySelector("train-game")!.client!;
      const out: string[] = [];
      for (const g of games) {
        let view = await train.newGame(g.options, g.seed);
        let x = 1;
        for (let i = 0; i < g.steps && view.legal.length > 0; i++) {
          x = (Math.imul(x, 1103515245) + 12345) >>> 0; // nextPick
          const r = await train.act(view.handle, view.legal[(x >>> 16) % view.legal.length]!);
          if (!r.ok) throw new Error(r.error.message);
          view = r.view;
        }
        out.push(await train.save(view.handle));
        await train.close(view.handle);
      }
      return out;
    }, WORKER_GAMES);
    WORKER_GAMES.forEach((g, i) => {
      const node = trainInNode(g.options, g.seed, g.steps);
      expect(node.log.length).toBeGreaterThan(10);
      expect(inPage[i]).toBe(trainEngine.save(node));
    });
    await page.close();
  });

  it("a game the computer plays (max-EV bot, Wasm solver) is the same in the worker and in Node", async () => {
    const page = await newPage(`${demo.server.url}index.html`);
    await page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    const inPage = await page.evaluate(async (g) => {
      const { train } = document.querySelector("train-game")!.client!;
      let view = await train.newGame(g.options, g.seed);
      for (let i = 0; i < g.steps && !view.state.over; i++)
        view = (await train.botMove(view.handle, { mode: "ev" })).view!;
      return train.save(view.handle);
    }, BOT_GAME);
    const solver = await createTrainSolver(await compileWasmNode("train"));
    let state = trainEngine.setup(BOT_GAME.options, BOT_GAME.seed);
    for (let i = 0; i < BOT_GAME.steps && !state.over; i++) {
      const action: TrainAction = solver.botAction(state, "ev");
      const r = trainEngine.apply(state, action);
      if (!r.ok) throw r.error;
      state = r.state;
    }
    expect(state.history.length).toBeGreaterThan(3);
    expect(inPage).toBe(trainEngine.save(state));
    await page.close();
  });

  it("String Railway and Light Rail through the demo's worker, the computer in every seat, end in the engine's state", async () => {
    const page = await newPage(`${demo.server.url}index.html`);
    await page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    const inPage = await page.evaluate(
      async ({ s, l }) => {
        const client = document.querySelector("train-game")!.client!;
        let sv = await client.string.newGame(s.options, s.seed);
        for (let i = 0; i < 3000 && !sv.state.over; i++) sv = (await client.string.botMove(sv.handle)).view!;
        let lv = await client.light.newGame(l.options, l.seed);
        for (let i = 0; i < 100 && !lv.state.over; i++)
          lv = (await client.light.botMove(lv.handle, { playouts: l.playouts })).view!;
        return { string: await client.string.save(sv.handle), light: await client.light.save(lv.handle) };
      },
      { s: STRING_BOT_GAME, l: LIGHT_BOT_GAME },
    );
    const string = JSON.parse(inPage.string) as StringState;
    const light = JSON.parse(inPage.light) as LightState;
    expect(string.over).toBe(true);
    expect(light.over).toBe(true);
    expect(string.log.length).toBeGreaterThan(30);
    expect(light.log.length).toBeGreaterThan(10);
    // The engine alone, replaying the worker's log, reaches the worker's state.
    expect(stringEngine.save(replay(stringEngine, string.options, string.seed, string.log))).toBe(
      inPage.string,
    );
    expect(lightEngine.save(replay(lightEngine, light.options, light.seed, light.log))).toBe(inPage.light);
    // The same games through the worker service in Node (TypeScript twins of the solvers): the same moves.
    const service = createRailkitService(); // the TypeScript twins (TWIN_KIT)
    let sv = await service.string.newGame(STRING_BOT_GAME.options, STRING_BOT_GAME.seed);
    while (!sv.state.over) sv = (await service.string.botMove(sv.handle)).view!;
    let lv = await service.light.newGame(LIGHT_BOT_GAME.options, LIGHT_BOT_GAME.seed);
    while (!lv.state.over)
      lv = (await service.light.botMove(lv.handle, { playouts: LIGHT_BOT_GAME.playouts })).view!;
    expect(await service.string.save(sv.handle)).toBe(inPage.string);
    expect(await service.light.save(lv.handle)).toBe(inPage.light);
    await page.close();
  });

  it("had no uncaught page errors", () => {
    expect(errors).toEqual([]);
  });
});
