/**
 * A fuzz test of the `rail` command line itself (seeded fast-check, bounded count): random argument vectors
 * made of the commands, their options, stray options, odd numbers (`0x10`, `1e9`, `""`, 2³¹, 20 digits),
 * control characters, long strings, and files (good game files of each game, truncated, tampered, deep,
 * binary, missing, a directory). Every run goes through `runCommand` (bin/run.ts, what the binary's worker
 * runs) and must end with exit 0 or 2, nothing on stderr on 0, exactly one escaped `rail: …` line (no stack
 * trace, no raw control character, at most 400 characters of message) on 2, within a bounded time.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../bin/run.ts";

const dir = mkdtempSync(join(tmpdir(), "rail-cli-fuzz-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** Runs per property; each run is one command (most are refused at once). */
const RUNS = Number(process.env.RAIL_FUZZ_RUNS ?? 250);
/** Slowest single run allowed (the slowest legal command here is a small bot game or a short search). */
const RUN_BOUND_MS = 20_000;

const files: string[] = [];
const good: Record<string, string> = {};

beforeAll(async () => {
  for (const g of ["train", "string", "light"]) {
    const f = join(dir, `${g}.json`);
    const r = await runCommand([
      g,
      "new",
      "--players",
      "2",
      "--seed",
      "3",
      "--bots",
      "1",
      "--bot",
      g === "string" ? "greedy" : g === "light" ? "greedy" : "race",
      "--out",
      f,
    ]);
    expect(r.code, r.err).toBe(0);
    good[g] = readFileSync(f, "utf8");
    files.push(f);
    const text = good[g]!;
    files.push(write(`${g}-truncated.json`, text.slice(0, text.length >> 1)));
    files.push(
      write(`${g}-tampered.json`, text.replace('"log":[]', '"log":[{"type":"x\\u001b[31m","player":0}]')),
    );
  }
  files.push(write("deep.json", `${"[".repeat(100_000)}${"]".repeat(100_000)}`));
  files.push(
    write(
      "deep-field.json",
      `{"format":"rail-game","version":1,"game":"light","bots":{},"state":${"[".repeat(50_000)}${"]".repeat(50_000)}}`,
    ),
  );
  files.push(write("binary.bin", Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 131 + 7) % 256))));
  files.push(write("ctrl-key.json", `{"\u001b[2J\r":1,"segments":[[0,0,1,1]]}`));
  files.push(
    write("city.json", '{"players":2,"cards":[{"q":0,"r":0,"color":"blue","segments":[{"a":0,"b":3}]}]}'),
  );
  files.push(write("segments.json", '{"segments":[[0,0,4,4],[0,4,4,0]]}'));
  files.push(write("empty.json", ""));
  files.push(join(dir, "missing.json"));
  mkdirSync(join(dir, "a-dir"));
  files.push(join(dir, "a-dir"));
});

/** A raw control character (ESC, CR, …) that would reach the terminal. */
function hasControl(text: string): boolean {
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function write(name: string, content: string | Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

const SUBS = [
  "new",
  "show",
  "legal",
  "play",
  "undo",
  "hint",
  "bot",
  "replay",
  "ev",
  "beat",
  "race",
  "score",
  "pairs",
  "cost",
  "zap",
  "",
];
const OPTIONS = [
  "--players",
  "--seed",
  "--bots",
  "--bot",
  "--playouts",
  "--playout",
  "--games",
  "--json",
  "--force",
  "--wrap",
  "--goal",
  "--train",
  "--roll",
  "--rolls-left",
  "--banked",
  "--seat",
  "--variant",
  "--swap-seats",
  "--max-actions",
  "--red",
  "-x",
  "--",
  "--json=1",
  "--players=2",
];
const VALUES = [
  "0",
  "1",
  "2",
  "3",
  "-1",
  "0x10",
  "1e9",
  "",
  " 5",
  "2147483648",
  "99999999999999999999",
  "race",
  "search",
  "greedy",
  "random",
  "solver",
  "ev",
  "1,0",
  "0,0",
  "E,T,4",
  "\u001b[31mred\r",
  "x".repeat(5000),
  '{"type":"roll"}',
  '{"type":"end-turn"}',
  "{",
  "[]",
  "null",
];

/** An argument vector: a game (or arena / junk), a subcommand, then options, values and files. */
const argv = fc
  .tuple(
    fc.constantFrom("train", "string", "light", "arena", "bogus"),
    fc.constantFrom(...SUBS),
    fc.array(
      fc.oneof(
        fc.constantFrom(...OPTIONS),
        fc.constantFrom(...VALUES),
        fc.nat({ max: 99 }).map((i) => `@${i}`),
      ),
      { maxLength: 6 },
    ),
  )
  .map(([game, sub, rest]) => [game, ...(game === "arena" ? [] : [sub]), ...rest]);

describe("rail CLI fuzz", () => {
  const codes: Record<number, number> = {};
  it("cli.fuzz: random argument vectors and files: exit 0 or 2, one escaped line on stderr, bounded time", async () => {
    await fc.assert(
      fc.asyncProperty(argv, async (raw) => {
        // @i picks a file; --out always writes inside the temporary directory
        const args = raw.map((a, i) =>
          a.startsWith("@")
            ? files[Number(a.slice(1)) % files.length]!
            : raw[i - 1] === "--out"
              ? join(dir, "out.json")
              : a,
        );
        // restore the good files now and then, so play/bot/undo see real games
        for (const g of ["train", "string", "light"]) writeFileSync(join(dir, `${g}.json`), good[g]!);
        const t0 = performance.now();
        const r = await runCommand(args);
        codes[r.code] = (codes[r.code] ?? 0) + 1;
        const ms = performance.now() - t0;
        const shown = JSON.stringify(args).slice(0, 300);
        expect(ms, shown).toBeLessThan(RUN_BOUND_MS);
        expect([0, 2], `${shown}: ${r.err}`).toContain(r.code);
        if (r.code === 0) expect(r.err, shown).toBe("");
        else {
          expect(r.out, shown).toBe("");
          expect(r.err, shown).toMatch(/^rail: [^\n]+\n$/);
          expect(r.err.length, shown).toBeLessThan(420);
          expect(r.err, shown).not.toMatch(/\s+at .*\(|Maximum call stack/);
          expect(hasControl(r.err.slice(0, -1)), shown).toBe(false);
        }
      }),
      { seed: 20261203, numRuns: RUNS },
    );
    // the generator reaches commands that succeed, not only refusals
    expect(codes[0] ?? 0).toBeGreaterThan(0);
  }, 300_000);

  it("cli.fuzz-mutated: game files with a random value replaced anywhere: exit 0 or 2, one line", async () => {
    const WEIRD: unknown[] = [
      null,
      [],
      {},
      "",
      "x\u001b[2J\r",
      -1,
      0.5,
      1e308,
      2 ** 31,
      true,
      [[[[1]]]],
      { player: 0 },
    ];
    const paths = (v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []) => {
      out.push(at);
      if (Array.isArray(v)) for (const [i, x] of v.slice(0, 6).entries()) paths(x, [...at, i], out);
      else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) paths(x, [...at, k], out);
      return out;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("train", "string", "light"),
        fc.nat(),
        fc.constantFrom(...WEIRD),
        fc.constantFrom("show", "legal", "replay", "undo", "hint", "bot", "play"),
        async (game, pick, value, sub) => {
          const doc = JSON.parse(good[game]!);
          const all = paths(doc);
          const path = all[pick % all.length]!;
          let mutated: unknown = value;
          if (path.length > 0) {
            let o = doc;
            for (const k of path.slice(0, -1)) o = o[k];
            o[path[path.length - 1]!] = value;
            mutated = doc;
          }
          const f = write(`mutated-${game}.json`, JSON.stringify(mutated));
          const args = [
            game,
            sub,
            f,
            ...(sub === "play"
              ? ['{"type":"roll"}']
              : sub === "hint" && game === "light"
                ? ["--playouts", "10"]
                : []),
          ];
          const r = await runCommand(args);
          const shown = `${game} ${sub} ${JSON.stringify(path)} = ${JSON.stringify(value)}`;
          expect([0, 2], `${shown}: ${r.err}`).toContain(r.code);
          if (r.code === 2) {
            expect(r.err, shown).toMatch(/^rail: [^\n]+\n$/);
            expect(hasControl(r.err.slice(0, -1)), shown).toBe(false);
          }
        },
      ),
      { seed: 20261204, numRuns: RUNS },
    );
  }, 300_000);

  it("cli.fuzz-files: every prepared file under every file command: exit 0 or 2, one line", async () => {
    const cmds = [
      ["train", "show"],
      ["string", "legal"],
      ["light", "replay"],
      ["light", "score"],
      ["string", "pairs"],
      ["string", "cost"],
      ["light", "hint"],
      ["train", "undo"],
    ];
    for (const cmd of cmds)
      for (const f of files) {
        const r = await runCommand([...cmd, f]);
        expect([0, 2], `${cmd.join(" ")} ${f}: ${r.err}`).toContain(r.code);
        if (r.code === 2) expect(r.err).toMatch(/^rail: [^\n]+\n$/);
        expect(hasControl(r.err.slice(0, -1))).toBe(false);
      }
  }, 120_000);
});
