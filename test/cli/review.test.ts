/**
 * review.cli (issue #26, docs/review.md): `rail review FILE [--json]` through bin/run.ts `runCommand` (the code the
 * binary runs in its worker). A Train game played to the end with one seat's moves random: the JSON answer is the
 * library's `reviewGame` of the same save, the text table lists every move; bad input exits 2 with one line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../bin/run.ts";
import { type TrainGameState, trainEngine } from "../../web/engine/train/index.ts";
import { review } from "../../web/lib/engine.ts";
import { nodeKit } from "../../web/wasm/node.ts";

const dir = mkdtempSync(join(tmpdir(), "rail-cli-review-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "train.json");
const save = join(dir, "save.json");

beforeAll(async () => {
  // Seat 0 plays the first legal action (a roll, a stop, an add of the first listed faces), seat 1 the race bot.
  expect(
    (await runCommand(["train", "new", "--players", "2", "--seed", "21", "--bots", "1", "--out", file])).code,
  ).toBe(0);
  for (let i = 0; i < 300; i++) {
    const g = JSON.parse(readFileSync(file, "utf8"));
    if (g.state.over) break;
    const r =
      g.state.current === 1
        ? await runCommand(["train", "bot", file])
        : await runCommand(["train", "play", file, JSON.stringify(trainEngine.legalActions(g.state)[0])]);
    expect(r.err).toBe("");
  }
  const g = JSON.parse(readFileSync(file, "utf8"));
  expect(g.state.over).toBe(true);
  writeFileSync(save, JSON.stringify(g.state));
});

describe("review.cli", () => {
  it("--json answers the library's review of the same game (a game file and an engine save alike)", async () => {
    const r = await runCommand(["review", file, "--json"]);
    expect(r.err).toBe("");
    const answer = JSON.parse(r.out);
    const state = JSON.parse(readFileSync(save, "utf8")) as TrainGameState;
    expect(answer).toEqual(JSON.parse(JSON.stringify(await review(state, { kit: nodeKit() }))));
    expect(JSON.parse((await runCommand(["review", save, "--json"])).out)).toEqual(answer);
    expect(answer.moves.length).toBe(state.log.length);
    // Seat 0's first-listed moves lose win chance somewhere; the race bot's never do.
    expect(answer.seats[0].decisions).toBeGreaterThan(0);
    expect(answer.seats[0].mistakes.length).toBeGreaterThan(0);
    expect(answer.seats[1].decisions).toBeLessThan(1e-9);
  });

  it("the text table: a header, one line a move, each seat's totals", async () => {
    const r = await runCommand(["review", file]);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split("\n");
    const n = (JSON.parse(readFileSync(save, "utf8")) as TrainGameState).log.length;
    expect(lines[0]).toMatch(/^The Train Game: review of \d+ moves \(values: win chance in the race to 100/);
    expect(lines[2]).toMatch(/^#\s+seat\s+move\s+value\s+best/);
    expect(lines.filter((l) => /^\d+\s+[01]\s/.test(l)).length).toBe(n);
    expect(lines.at(-2)).toMatch(
      /^seat 0: \d+ moves, lost \d+\.\d% to decisions, luck [+-]\d+\.\d%; biggest mistakes: #\d+/,
    );
    expect(lines.at(-1)).toMatch(/^seat 1: .*biggest mistakes: none$/);
  });

  it("a Light Rail game: graded by its hints' search, --playouts a move, capped", async () => {
    const f = join(dir, "light.json");
    expect(
      (
        await runCommand([
          "light",
          "new",
          "--players",
          "2",
          "--seed",
          "5",
          "--bots",
          "0,1",
          "--bot",
          "greedy",
          "--out",
          f,
        ])
      ).code,
    ).toBe(0);
    const played = await runCommand(["light", "bot", f]);
    expect(played.err).toBe("");
    const g = JSON.parse(readFileSync(f, "utf8"));
    expect(g.state.over).toBe(true);
    const r = await runCommand(["review", f, "--json", "--playouts", "100"]);
    expect(r.err).toBe("");
    const answer = JSON.parse(r.out);
    expect(answer.game).toBe("light");
    expect(answer.unit).toBe("win");
    expect(answer.objective).toMatch(/100 a move/);
    expect(answer.moves.length).toBe(g.state.log.length);
    const over = await runCommand(["review", f, "--playouts", "20001"]);
    expect(over.code).toBe(2);
    expect(over.err).toMatch(/--playouts/);
  });

  it("a String Railway game (review.string): graded in points by the hints' solver, the text table too", async () => {
    const f = join(dir, "string.json");
    expect(
      (await runCommand(["string", "new", "--players", "2", "--seed", "7", "--bots", "0,1", "--out", f]))
        .code,
    ).toBe(0);
    const played = await runCommand(["string", "bot", f]);
    expect(played.err).toBe("");
    const g = JSON.parse(readFileSync(f, "utf8"));
    expect(g.state.over).toBe(true);
    const r = await runCommand(["review", f, "--json"]);
    expect(r.err).toBe("");
    const answer = JSON.parse(r.out);
    expect(answer.game).toBe("string");
    expect(answer.unit).toBe("points");
    expect(answer.moves.length).toBe(g.state.log.length);
    expect(answer).toEqual(JSON.parse(JSON.stringify(await review(g.state, { kit: nodeKit() }))));
    const text = await runCommand(["review", f]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^String Railway: review of \d+ moves \(values: points/);
  });

  it("bad input exits 2 with one line", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ hello: 1 }));
    const tampered = join(dir, "tampered.json");
    const g = JSON.parse(readFileSync(file, "utf8"));
    g.state.scores[0] += 1;
    writeFileSync(tampered, JSON.stringify(g));
    for (const [args, message] of [
      [["review"], /missing FILE/],
      [["review", bad], /names no game/],
      [["review", join(dir, "absent.json")], /absent\.json/],
      [["review", file, "--speed", "5"], /unknown option --speed/],
      [["review", file, "--playouts", "5"], /--playouts: The Train Game's review takes no such option/],
      [["review", tampered], /scores/],
    ] as const) {
      const r = await runCommand([...args]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.split("\n").length).toBe(2);
    }
  });
});
