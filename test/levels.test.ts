/**
 * Issue #26, bot levels (web/games/levels.ts): one scale 1–5 for every game, read strictly; each game's ladder names
 * its own bots; a level's move depends on the position only (its noise and its random move are drawn from the
 * position seed); level 5 is the strongest bot itself; the worker's `botMove` takes `level` (and no bot option beside
 * it); the CLI plays `level1`…`level5` in `new`, `bot` and `arena`. The ladder's margins (each level beats the one
 * below) are measured over 200+ games in docs/bots.md; here a short arena checks the ends of the Train ladder.
 */

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MessageChannel } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../bin/run.ts";
import { InputError } from "../web/engine/common/errors.ts";
import { levelsOf, loadLevel, MAX_LEVEL, RANDOM_BOT, readLevel } from "../web/games/levels.ts";
import { MODULES as modules } from "../web/games/registry.ts";
import { positionSeed } from "../web/games/types.ts";
import { nodeKit } from "../web/wasm/node.ts";
import { createRailkitClient } from "../web/worker/client.ts";
import { createRailkitService, TWIN_KIT } from "../web/worker/service.ts";

const tmp = mkdtempSync(join(tmpdir(), "rail-levels-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("bot levels", () => {
  it("levels.read: a level is an integer 1 to 5, nothing else", () => {
    for (const ok of [1, 2, 3, 4, 5]) expect(readLevel(ok, "/level")).toBe(ok);
    for (const bad of [0, 6, 2.5, -1, Number.NaN, "3", null, true, [3]]) {
      expect(() => readLevel(bad, "/level")).toThrow(InputError);
    }
  });

  it("levels.ladder: every game's five levels name its own bots or the random player, noise in [0, 1]", () => {
    for (const m of modules) {
      const ladder = levelsOf(m);
      expect(ladder, m.id).toHaveLength(MAX_LEVEL);
      expect(ladder[0], m.id).toEqual({ bot: RANDOM_BOT, noise: 1 });
      for (const l of ladder) {
        expect(l.bot === RANDOM_BOT || Object.hasOwn(m.bots, l.bot), `${m.id} ${l.bot}`).toBe(true);
        expect(l.noise >= 0 && l.noise <= 1, `${m.id} noise ${l.noise}`).toBe(true);
      }
      const top = ladder[MAX_LEVEL - 1]!;
      expect(top.noise, `${m.id}: level 5 is a bot without noise`).toBe(0);
    }
  });

  it("levels.repeatable: each level's move is legal and depends on the position only", async () => {
    for (const m of modules) {
      const state = m.engine.setup({ players: 2 } as never, `levels/${m.id}`);
      const legal = JSON.stringify(m.engine.legalActions(state));
      for (let level = 1; level <= 3; level++) {
        const a = await loadLevel(
          m,
          level,
          () => m.loadSolver(TWIN_KIT),
          () => m.engine,
        );
        const b = await loadLevel(
          m,
          level,
          () => m.loadSolver(TWIN_KIT),
          () => m.engine,
        );
        const seed = positionSeed(state);
        const move = await a(state, seed);
        expect(await b(state, seed), `${m.id} level ${level}`).toEqual(move);
        expect(m.engine.apply(state, move as never).ok, `${m.id} level ${level}: ${legal}`).toBe(true);
      }
    }
  });

  it("levels.top: level 5 of The Train Game plays exactly its race bot", async () => {
    const train = modules.find((m) => m.id === "train")!;
    const solver = () => train.loadSolver(nodeKit()); // the shipped race table: no solve of seconds
    const five = await loadLevel(train, 5, solver, () => train.engine);
    const race = await train.bots.race!.load(solver, {});
    let state = train.engine.setup({ players: 2 } as never, "levels/top");
    for (let i = 0; i < 30 && !state.over; i++) {
      const seed = positionSeed(state);
      const move = await five(state, seed);
      expect(move).toEqual(await race(state, seed));
      const r = train.engine.apply(state, move as never);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  });

  it("levels.worker: botMove takes a level, refuses a bad one and a bot option beside it", async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(createRailkitService({ kit: TWIN_KIT }), nodeEndpoint(port1));
    const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
    try {
      const v = await client.train.newGame({ players: 2 } as never, "levels/worker");
      const played = await client.train.botMove(v.handle, { level: 1 });
      expect(played.view?.state.log.length).toBe(1);
      for (const [options, path] of [
        [{ level: 6 }, "/options/level"],
        [{ level: "2" }, "/options/level"],
        [{ level: 2, mode: "ev" }, "/options/level"],
      ] as const) {
        const e = await client.train.botMove(v.handle, options as never).then(
          () => null,
          (x: { kind?: string; message?: string }) => x,
        );
        expect(e, JSON.stringify(options)).toMatchObject({ kind: "input" });
        expect(e?.message?.startsWith(`${path}:`), e?.message).toBe(true);
      }
    } finally {
      port1.close();
      port2.close();
    }
  });

  it("levels.cli: `new --bot level2`, `bot` and `arena --bots level1,level5` (level 5 wins The Train Game)", async () => {
    const file = join(tmp, "t.json");
    const made = await runCommand([
      "train",
      "new",
      "--bots",
      "1",
      "--bot",
      "level2",
      "--seed",
      "7",
      "--out",
      file,
    ]);
    expect(made.code, made.err).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).bots).toEqual({ "1": "level2" });
    const arena = await runCommand([
      "arena",
      "train",
      "--bots",
      "level1,level5",
      "--games",
      "40",
      "--seed",
      "1",
      "--swap-seats",
      "--json",
    ]);
    expect(arena.code, arena.err).toBe(0);
    const rows = JSON.parse(arena.out).rows as { bot: string; winRate: number }[];
    expect(rows.map((r) => r.bot)).toEqual(["level1", "level5"]);
    expect(rows[1]!.winRate).toBeGreaterThan(0.8);
    const unknown = await runCommand(["arena", "train", "--bots", "level1,level6", "--games", "2"]);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/level6/);
  });
});
