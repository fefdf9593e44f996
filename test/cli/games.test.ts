/**
 * Whole games played through the `rail` game-file commands (bin/run.ts `runCommand`, the same code the
 * binary runs in its worker): `new`, then `show --json` / `legal` / `play` for the human seat and `bot` for
 * the bot seat until the game is over; `hint`, `undo` and `replay` on the way. The final file must be the
 * engine's own replay of its log, and a refused action must leave the file byte for byte unchanged.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../bin/run.ts";
import { replay } from "../../web/engine/common/game.ts";
import { lightEngine } from "../../web/engine/light/engine.ts";
import { stringEngine } from "../../web/engine/string/index.ts";
import { trainEngine } from "../../web/engine/train/index.ts";

const dir = mkdtempSync(join(tmpdir(), "rail-cli-games-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rail(...args: string[]) {
  const r = await runCommand(args);
  return { ...r, json: r.code === 0 && r.out.startsWith("{") ? JSON.parse(r.out) : null };
}
async function ok(...args: string[]) {
  const r = await rail(...args);
  expect(r.err, args.join(" ")).toBe("");
  expect(r.code).toBe(0);
  return r.json;
}

const ENGINES = { train: trainEngine, string: stringEngine, light: lightEngine } as const;

/** Plays a whole game: seat 0 human (the `pick`-th legal action, cycling), seat 1 the bot. */
async function wholeGame(
  game: keyof typeof ENGINES,
  bot: string,
  pick: (legal: unknown[], n: number) => unknown,
) {
  const f = join(dir, `${game}.json`);
  const created = await ok(
    game,
    "new",
    "--players",
    "2",
    "--seed",
    "11",
    "--bots",
    "1",
    "--bot",
    bot,
    "--out",
    f,
  );
  expect(created.bots).toEqual({ 1: bot });
  let humanMoves = 0;
  let checkedUndo = false;
  for (let step = 0; step < 5000; step++) {
    const s = await ok(game, "show", f, "--json");
    if (s.over) break;
    if (s.toMove === "human") {
      const { actions } = await ok(game, "legal", f);
      expect(actions.length).toBeGreaterThan(0);
      const action = pick(actions, humanMoves) as Record<string, unknown>;
      const before = readFileSync(f, "utf8");
      const played = await ok(game, "play", f, JSON.stringify(action));
      expect(played.actions).toBe(s.actions + 1);
      // undo once, where the rules allow it, and play the same action again: the same file
      if (!checkedUndo) {
        const u = await rail(game, "undo", f);
        if (u.code === 0) {
          expect(readFileSync(f, "utf8")).toBe(before);
          await ok(game, "play", f, JSON.stringify(action));
          checkedUndo = true;
        } else {
          expect(u.code).toBe(2);
          expect(u.err).toMatch(new RegExp(`^rail: ${game}\\.undo-[a-z-]+: `));
        }
      }
      humanMoves++;
    } else {
      const b = await ok(game, "bot", f);
      expect(b.played.length).toBeGreaterThan(0);
      expect(b.toMove === "human" || b.over).toBe(true);
    }
  }
  const end = await ok(game, "replay", f);
  expect(end.over).toBe(true);
  expect(end.current).toBeNull();
  expect(end.winners.length).toBeGreaterThan(0);
  // the file is the engine's own replay of its options, seed and log
  const file = JSON.parse(readFileSync(f, "utf8"));
  const engine = ENGINES[game];
  const again = replay(engine as never, file.state.options, file.state.seed, file.state.log) as {
    winners: number[];
  };
  expect(JSON.stringify(again)).toBe(JSON.stringify(file.state));
  expect(again.winners).toEqual(end.winners);
  // the picture and a hint on a finished game
  const pic = await rail(game, "show", f);
  expect(pic.code).toBe(0);
  expect(pic.out).toMatch(/winner/);
  expect((await ok(game, "hint", f)).over).toBe(true);
  return { humanMoves, checkedUndo, file: f };
}

describe("rail <game> new/show/legal/play/undo/hint/bot/replay", () => {
  it("cli.game-train: a whole race against the race bot, played from the terminal", async () => {
    // the human takes the hint's best option each time (hint is checked on the way)
    const f = join(dir, "train-hinted.json");
    await ok("train", "new", "--players", "2", "--seed", "4", "--bots", "1", "--out", f);
    const h = await ok("train", "hint", f);
    expect(h.options[0].best).toBe(true);
    const r = await wholeGame("train", "race", (legal, n) => legal[n % legal.length]);
    expect(r.humanMoves).toBeGreaterThan(3);
  }, 120_000);

  it("cli.game-string: a whole game against the greedy bot", async () => {
    // the human keeps the first tile and otherwise ends the turn (legal lists end-turn first)
    const r = await wholeGame("string", "greedy", (legal) => legal[0]);
    expect(r.humanMoves).toBeGreaterThan(5);
  }, 180_000);

  it("cli.game-light: a whole game against the search bot", async () => {
    const r = await wholeGame("light", "greedy", (legal, n) => legal[(n * 7) % legal.length]);
    expect(r.humanMoves).toBe(8);
    const f = join(dir, "light-search.json");
    await ok("light", "new", "--players", "2", "--seed", "2", "--bots", "0", "--bot", "search", "--out", f);
    const b = await ok("light", "bot", f, "--playouts", "50");
    expect(b.played).toHaveLength(1);
    expect(b.toMove).toBe("human");
    const hint = await ok("light", "hint", f, "--playouts", "40");
    expect(hint.options.length).toBeGreaterThan(0);
  }, 120_000);

  it("cli.play-refused: a refused action exits 2 with the rule id, the file byte for byte unchanged", async () => {
    const f = join(dir, "refuse.json");
    await ok("train", "new", "--seed", "1", "--out", f);
    const before = readFileSync(f);
    const r = await rail("train", "play", f, '{"type":"bank"}');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^rail: train\.bank-not-allowed: [^\n]+\n$/);
    expect(readFileSync(f).equals(before)).toBe(true);
    const other = await rail("train", "play", f, '{"type":"roll","player":1}');
    expect(other.err).toMatch(/^rail: train\.not-your-turn: /);
    for (const bad of ["{", "[]", '{"type":"fly"}', `{"type":"roll","x":"${"a".repeat(70_000)}"}`]) {
      const b = await rail("train", "play", f, bad);
      expect(b.code, bad.slice(0, 20)).toBe(2);
      expect(b.err.length).toBeLessThan(600);
    }
    expect(readFileSync(f).equals(before)).toBe(true);
  });

  it("cli.game-file: a tampered or foreign file is refused with the JSON pointer under /state", async () => {
    const f = join(dir, "tamper.json");
    await ok("light", "new", "--seed", "9", "--out", f);
    await ok("light", "play", f, JSON.stringify((await ok("light", "legal", f)).actions[0]));
    const doc = JSON.parse(readFileSync(f, "utf8"));
    doc.state.routeCredit[0] = 7;
    writeFileSync(f, JSON.stringify(doc));
    const r = await rail("light", "show", f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/\/state\/routeCredit\/0/);
    expect((await rail("train", "show", f)).err).toMatch(/\/game/);
    doc.state.routeCredit[0] = 0;
    writeFileSync(f, JSON.stringify({ ...doc, bots: { 5: "search" } }));
    expect((await rail("light", "show", f)).err).toMatch(/\/bots\/5/);
    writeFileSync(f, JSON.stringify({ ...doc, bots: { 1: "alphago" } }));
    expect((await rail("light", "show", f)).err).toMatch(/\/bots\/1/);
    writeFileSync(f, JSON.stringify({ ...doc, extra: 1 }));
    expect((await rail("light", "show", f)).err).toMatch(/\/extra: unknown field/);
    // new refuses to overwrite without --force
    expect((await rail("light", "new", "--out", f)).err).toMatch(/--force/);
  });
});
