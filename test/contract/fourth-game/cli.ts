/**
 * Issue #22's proof for the CLI: a fourth game that exists only in the tests (test/contract/dice-race.ts, `dice`)
 * is played through every `rail` game-file command and the arena, by handing `runCommand` (bin/run.ts) the registry
 * with that game — the CLI names no game, so it needs nothing else. Expectations come from the dice engine and
 * module themselves, not from numbers written here.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nodeKit } from "../../../bin/host.ts";
import { runCommand } from "../../../bin/run.ts";
import { replay } from "../../../web/engine/common/game.ts";
import { type DiceState, dice, diceEngine, GOAL, WITH_DICE } from "../dice-race.ts";

const dir = mkdtempSync(join(tmpdir(), "rail-cli-dice-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function rail(...args: string[]) {
  const r = await runCommand(args, { games: WITH_DICE });
  return { ...r, json: r.code === 0 && r.out.startsWith("{") ? JSON.parse(r.out) : null };
}
async function ok(...args: string[]) {
  const r = await rail(...args);
  expect(r.err, args.join(" ")).toBe("");
  expect(r.code).toBe(0);
  return r.json;
}
async function refused(rule: RegExp, ...args: string[]) {
  const r = await rail(...args);
  expect(r.code, args.join(" ")).toBe(2);
  expect(r.out).toBe("");
  expect(r.err).toMatch(new RegExp(`^rail: ${rule.source}[^\\n]*\\n$`));
  return r.err;
}
const stateOf = (file: string) => JSON.parse(readFileSync(file, "utf8")).state as DiceState;

describe("the fourth game through the CLI", () => {
  it("cli.fourth-game-registry: dice is a game of the CLI only when the registry handed to it has it", async () => {
    expect((await runCommand(["dice", "new", "--out", join(dir, "no.json")])).err).toMatch(
      /^rail: unknown game "dice"/,
    );
    const help = await rail("--help");
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/rail dice new\|show\|legal\|play\|undo\|hint\|bot\|replay FILE …\s+Dice Race/);
    await refused(/--players must be from 2 to 2, got 3/, "dice", "new", "--players", "3", "--out", "x");
    await refused(/unknown option --wrap/, "dice", "new", "--wrap", "--out", "x");
    await refused(
      /--bot must be hold8, random, level1, level2, level3, level4 or level5/,
      "dice",
      "new",
      "--bots",
      "1",
      "--bot",
      "race",
      "--out",
      "x",
    );
    await refused(/unknown dice command "ev"/, "dice", "ev");
  });

  it("cli.fourth-game-human: new, show, legal, play (refused and legal), hint, undo, replay", async () => {
    const f = join(dir, "human.json");
    const created = await ok("dice", "new", "--seed", "1", "--out", f);
    expect(created).toMatchObject({ game: "dice", seed: 1, options: { players: 2 }, bots: {}, current: 0 });
    expect(stateOf(f)).toEqual(diceEngine.setup({ players: 2 }, 1));

    const picture = await rail("dice", "show", f);
    expect(picture.out).toBe(
      `${(await dice.cli()).picture(diceEngine.setup({ players: 2 }, 1))}\n  to move: seat 0 (human)\n`,
    );
    expect((await ok("dice", "show", f, "--json")).scores).toEqual([0, 0]);
    expect(await ok("dice", "legal", f)).toEqual({ seat: 0, actions: [{ type: "roll", player: 0 }] });

    // refusals name the dice rule and leave the file byte for byte unchanged
    const before = readFileSync(f);
    await refused(/dice\.hold-empty: /, "dice", "play", f, '{"type":"hold"}');
    await refused(/dice\.not-your-turn: /, "dice", "play", f, '{"type":"roll","player":1}');
    await refused(/dice\.undo-nothing: /, "dice", "undo", f);
    expect(readFileSync(f).equals(before)).toBe(true);

    // legal actions until seat 0 has held once: each file state is the engine's own
    let expected = diceEngine.setup({ players: 2 }, 1);
    for (let n = 0; n < 40 && expected.scores[0] === 0; n++) {
      const action = expected.pot >= 4 ? { type: "hold" } : { type: "roll" };
      const played = await ok("dice", "play", f, JSON.stringify(action));
      const r = diceEngine.apply(expected, { ...action, player: expected.current } as never);
      if (!r.ok) throw r.error;
      expected = r.state;
      expect(played.played).toEqual(expected.log.at(-1));
      expect(stateOf(f)).toEqual(expected);
      if (expected.current !== 0 && !expected.over) {
        // seat 1 (a human too) rolls once and holds if it can, so seat 0 comes back
        for (const a of [{ type: "roll" }, { type: "hold" }]) {
          if (expected.current !== 1) break;
          if (a.type === "hold" && expected.pot === 0) break;
          await ok("dice", "play", f, JSON.stringify(a));
          const s = diceEngine.apply(expected, { ...a, player: 1 } as never);
          if (!s.ok) throw s.error;
          expected = s.state;
        }
      }
    }
    expect(expected.scores[0]).toBeGreaterThan(0);

    // a roll reveals the die: undo refuses with the common rule, under the dice id
    if (!expected.over && expected.current !== null) {
      await ok("dice", "play", f, '{"type":"roll"}');
      const again = readFileSync(f);
      await refused(/dice\.undo-(reveal|turn-over): /, "dice", "undo", f);
      expect(readFileSync(f).equals(again)).toBe(true);
      const r = diceEngine.apply(expected, { type: "roll", player: expected.current } as never);
      if (!r.ok) throw r.error;
      expected = r.state;
    }

    // the hint is the module's hints as they are (dice has no CLI report of its own)
    const hint = await ok("dice", "hint", f);
    const hints = await (await dice.loadHints(() => dice.loadSolver(nodeKit), {}))(expected);
    expect(hint).toEqual({ seat: expected.current, hints: JSON.parse(JSON.stringify(hints)) });
    expect(hint.hints.filter((h: { value: number }) => h.value === 1)).toHaveLength(1);

    const check = await ok("dice", "replay", f);
    expect(check).toMatchObject({ ok: true, seed: 1, actions: expected.log.length, over: expected.over });
  });

  it("cli.fourth-game-bot: the dice bot plays both seats to the end; the file is the engine's replay", async () => {
    const f = join(dir, "bots.json");
    await ok("dice", "new", "--seed", "1", "--bots", "0,1", "--out", f);
    expect(JSON.parse(readFileSync(f, "utf8")).bots).toEqual({ 0: "hold8", 1: "hold8" });
    const end = await ok("dice", "bot", f);
    expect(end.over).toBe(true);
    expect(end.current).toBeNull();
    expect(end.winners).toHaveLength(1);
    expect(end.scores[end.winners[0]]).toBeGreaterThanOrEqual(GOAL);
    expect(end.played).toHaveLength(end.actions);
    const state = stateOf(f);
    expect(JSON.stringify(replay(diceEngine, state.options, state.seed, state.log))).toBe(
      JSON.stringify(state),
    );
    // every action is the module's bot's choice in its position
    const bot = await dice.bots.hold8!.load(() => dice.loadSolver(nodeKit), {});
    let s = diceEngine.setup({ players: 2 }, 1);
    for (const a of state.log) {
      expect(a).toEqual(bot(s, `1/${s.log.length}`));
      const r = diceEngine.apply(s, a);
      if (!r.ok) throw r.error;
      s = r.state;
    }
    expect(await ok("dice", "replay", f)).toMatchObject({ ok: true, over: true, winners: end.winners });
    expect((await rail("dice", "show", f)).out).toMatch(/game over/);
    expect(await ok("dice", "hint", f)).toEqual({ seat: null, over: true, options: [] });
    await refused(/dice\.game-over: /, "dice", "play", f, '{"type":"roll","player":0}');

    // the generic random bot plays any game too, repeatably (its draws come from the position seed)
    const g = join(dir, "random.json");
    const h = join(dir, "random2.json");
    await ok("dice", "new", "--seed", "5", "--bots", "0,1", "--bot", "random", "--out", g);
    await ok("dice", "new", "--seed", "5", "--bots", "0,1", "--bot", "random", "--out", h);
    expect((await ok("dice", "bot", g)).over).toBe(true);
    await ok("dice", "bot", h);
    expect(readFileSync(g, "utf8")).toBe(readFileSync(h, "utf8"));
  });

  it("cli.fourth-game-arena: an arena of the dice bots, repeatable, every game won by one seat", async () => {
    const args = ["arena", "dice", "--bots", "hold8,random", "--games", "20", "--seed", "3", "--swap-seats"];
    const report = await ok(...args, "--json");
    expect(report).toMatchObject({ game: "dice", bots: ["hold8", "random"], games: 20, swapSeats: true });
    expect(report.rows.map((r: { wins: number }) => r.wins).reduce((a: number, b: number) => a + b)).toBe(20);
    for (const row of report.rows) {
      expect(row.games).toBe(20);
      expect(row.winRate95[0]).toBeLessThanOrEqual(row.winRate);
      expect(row.winRate95[1]).toBeGreaterThanOrEqual(row.winRate);
    }
    expect(await ok(...args, "--json")).toEqual(report);
    expect((await rail(...args)).out).toMatch(/^dice: 20 games, seed 3, seats rotated\n/);
    await refused(/--playouts is not an option of the dice bots/, ...args, "--playouts", "10");
    await refused(
      /--bots entry must be hold8, random, level1, level2, level3, level4 or level5, got "search"/,
      "arena",
      "dice",
      "--bots",
      "hold8,search",
      "--games",
      "2",
    );
  });
});
