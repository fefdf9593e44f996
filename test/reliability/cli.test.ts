/**
 * Malformed files given to the `rail` CLI (bin/rail.ts, spawned as `node --import tsx bin/rail.ts`, which is
 * what `npx tsx bin/rail.ts` runs, minus npx): `string pairs FILE`, `string cost FILE`, `light score FILE`,
 * `light hint FILE`, each with a missing file, a directory, an empty file, binary garbage, truncated JSON, the
 * wrong top-level type, a wrong type in the main field, a number that parses to Infinity (1e400), deep nesting
 * (10⁵ levels) at the top and inside the main field, and a 10 MB file whose last entry is bad. Each must end
 * within the time bound with exit code 2, nothing on stdout and exactly one line `rail: …` on stderr.
 * The default suite spreads the file-level cases (missing, directory, empty, garbage, array, null) over the
 * four commands; `RAILKIT_LONG=1` runs all of them for every command. The last block is issue #13's list of
 * unbounded inputs (huge work options, pair counts past the work budget, deep and huge values, control characters, unknown
 * options and extra arguments, non-decimal numbers, a spent time budget), each refused at once. Known bugs are `it.fails` (they flip when fixed; docs/reliability.md "Bugs found").
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { lightEngine } from "../../web/engine/light/index.ts";
import { generateBoard } from "../../web/engine/string/board.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Per spawned command: generous, the suite shares two loaded cores. */
const TIME_BOUND_MS = 45_000;
const dir = mkdtempSync(join(tmpdir(), "railkit-cli-reliability-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

function rail(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", "bin/rail.ts", ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, TIME_BOUND_MS);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (stdout.length < 100_000) stdout += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      if (stderr.length < 100_000) stderr += d;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - t0, timedOut });
    });
  });
}

function file(name: string, content: string | Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
}

const DEEP = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
/** ~10 MB of `entry,` repeats, then `last`: a huge file whose problem is at its very end. */
function tenMegabytes(entry: string, last: string): string {
  const n = Math.ceil(10_000_000 / (entry.length + 1));
  return `${`${entry},`.repeat(n)}${last}`;
}

// Good documents of each command, mutated below.
const board = generateBoard(3, 1);
const [s0, s1] = board.stations;
const costDoc = {
  board,
  strings: [[], [[s0!.x, s0!.y + 10, s1!.x, s1!.y - 10]]],
  player: 0,
  candidate: { kind: "long", path: [s0!.x, s0!.y, s1!.x, s1!.y] },
};
const cityDoc = { players: 2, cards: [{ q: 0, r: 0, color: "blue", segments: [{ a: 0, b: 3 }] }] };
let game = lightEngine.setup({ players: 2 }, 3);
for (let i = 0; i < 5; i++)
  game = (lightEngine.apply(game, lightEngine.legalActions(game)[0]) as { state: typeof game }).state;
const hintDoc = JSON.parse(lightEngine.save(game)) as Record<string, unknown>;

interface Case {
  name: string;
  args: () => string[];
  /** The reported bug this case shows (the test is `it.fails` until it is fixed). */
  knownBug?: string;
}

/** `RAILKIT_LONG=1`: every file-level case for every command (the default suite spreads them over the commands). */
const LONG = process.env.RAILKIT_LONG === "1";

function commandCases(
  cmd: string[],
  key: string,
  good: Record<string, unknown>,
  fileLevel: readonly string[],
  more: Case[],
): Case[] {
  const text = JSON.stringify(good);
  const tag = cmd.join("-");
  const generic: Case[] = [
    { name: "missing file", args: () => [...cmd, join(dir, `${tag}-missing.json`)] },
    {
      name: "a directory",
      args: () => {
        const d = join(dir, `${tag}-dir`);
        mkdirSync(d, { recursive: true });
        return [...cmd, d];
      },
    },
    { name: "empty file", args: () => [...cmd, file(`${tag}-empty.json`, "")] },
    {
      name: "binary garbage",
      args: () => [
        ...cmd,
        file(`${tag}-garbage.bin`, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 97 + 13) % 256))),
      ],
    },
    {
      name: "truncated JSON",
      args: () => [...cmd, file(`${tag}-truncated.json`, text.slice(0, text.length >> 1))],
    },
    { name: "a JSON array at the top", args: () => [...cmd, file(`${tag}-array.json`, "[1, 2, 3]")] },
    { name: "JSON null", args: () => [...cmd, file(`${tag}-null.json`, "null")] },
  ];
  return [
    ...generic.filter((c) => LONG || fileLevel.includes(c.name)),
    {
      name: `"${key}" of the wrong type`,
      args: () => [...cmd, file(`${tag}-wrongtype.json`, JSON.stringify({ ...good, [key]: "oops" }))],
    },
    { name: "10⁵ levels of nesting", args: () => [...cmd, file(`${tag}-deep.json`, DEEP)] },
    ...more,
  ];
}

const cases: [string, Case[]][] = [
  [
    "rail string pairs FILE",
    commandCases(
      ["string", "pairs"],
      "segments",
      { segments: [[0, 0, 1, 1]] },
      ["missing file", "binary garbage"],
      [
        {
          name: "1e400 (Infinity)",
          args: () => ["string", "pairs", file("pairs-inf.json", '{"segments": [[0, 0, 1e400, 1]]}')],
        },
        {
          name: "deep nesting inside a segment",
          args: () => [
            "string",
            "pairs",
            file("pairs-deep-field.json", `{"segments": [[${DEEP}, 0, 0, 0]]}`),
          ],
        },
        {
          name: "10 MB, last segment bad",
          args: () => [
            "string",
            "pairs",
            file(
              "pairs-10mb.json",
              `{"segments": [${tenMegabytes("[1.5, 2.5, 3.5, 4.5]", '[1, 2, 3, "4"]')}]}`,
            ),
          ],
        },
      ],
    ),
  ],
  [
    "rail string cost FILE",
    commandCases(
      ["string", "cost"],
      "board",
      costDoc,
      ["a directory", "JSON null"],
      [
        {
          name: "1e400 (Infinity) in the candidate",
          args: () => [
            "string",
            "cost",
            file(
              "cost-inf.json",
              JSON.stringify(costDoc).replace(
                /"candidate":\{"kind":"long","path":\[[-\d.e]+/,
                '"candidate":{"kind":"long","path":[1e400',
              ),
            ),
          ],
        },
        {
          name: "deep nesting as the candidate",
          args: () => [
            "string",
            "cost",
            file("cost-deep-field.json", `${JSON.stringify(costDoc).slice(0, -1)},"candidate": ${DEEP}}`),
          ],
        },
        {
          name: "10 MB of placed strings, last one bad",
          args: () => {
            const doc = JSON.stringify({ ...costDoc, strings: [] });
            const big = tenMegabytes("[10.5, 10.5, 20.5, 20.5, 30.5, 30.5]", "[1, 2]");
            return [
              "string",
              "cost",
              file("cost-10mb.json", doc.replace('"strings":[]', `"strings":[[],[${big}]]`)),
            ];
          },
        },
      ],
    ),
  ],
  [
    "rail light score FILE",
    commandCases(
      ["light", "score"],
      "cards",
      cityDoc,
      ["empty file", "a JSON array at the top"],
      [
        {
          name: "1e400 (Infinity) as q",
          args: () => [
            "light",
            "score",
            file("score-inf.json", JSON.stringify(cityDoc).replace('"q":0', '"q":1e400')),
          ],
        },
        {
          name: "deep nesting as a card",
          args: () => ["light", "score", file("score-deep-field.json", `{"players": 2, "cards": [${DEEP}]}`)],
        },
        {
          name: "10 MB of cards, last one bad",
          args: () => {
            let q = 0;
            const cards: string[] = [];
            let size = 0;
            while (size < 10_000_000) {
              const c = `{"q":${q % 10_000},"r":${Math.floor(q / 10_000)},"color":"pink","segments":[{"a":0,"b":3}]}`;
              cards.push(c);
              size += c.length + 1;
              q++;
            }
            cards.push('{"q":0.5,"r":0,"color":"pink","segments":[]}');
            return [
              "light",
              "score",
              file("score-10mb.json", `{"players": 3, "cards": [${cards.join(",")}]}`),
            ];
          },
        },
      ],
    ),
  ],
  [
    "rail light hint FILE",
    commandCases(
      ["light", "hint"],
      "log",
      hintDoc,
      ["missing file", "binary garbage"],
      [
        {
          name: "1e400 (Infinity) as the seed",
          args: () => [
            "light",
            "hint",
            file(
              "hint-inf.json",
              JSON.stringify({ ...hintDoc, seed: 0 }).replace('"seed":0', '"seed":1e400'),
            ),
          ],
        },
        {
          name: "deep nesting in an extra field",
          args: () => [
            "light",
            "hint",
            file("hint-deep-field.json", `${JSON.stringify(hintDoc).slice(0, -1)},"notes": ${DEEP}}`),
          ],
        },
        {
          name: "10 MB log",
          args: () => {
            const entry = '{"type":"place","player":0,"q":0,"r":0,"orientation":0}';
            return [
              "light",
              "hint",
              file(
                "hint-10mb.json",
                JSON.stringify({ ...hintDoc, log: [] }).replace(
                  '"log":[]',
                  `"log":[${tenMegabytes(entry, entry)}]`,
                ),
              ),
            ];
          },
        },
      ],
    ),
  ],
];

for (const [title, list] of cases) {
  describe.concurrent(title, () => {
    for (const c of list) {
      const run = c.knownBug ? it.fails : it;
      run(
        `${c.name}: one line on stderr, exit 2, in bounded time${c.knownBug ? ` (known bug ${c.knownBug})` : ""}`,
        async () => {
          const r = await rail(c.args());
          expect(r.timedOut, `no answer within ${TIME_BOUND_MS} ms`).toBe(false);
          expect(r.stdout).toBe("");
          expect(r.stderr).toMatch(/^rail: [^\n]+\n$/);
          expect(r.stderr.length).toBeLessThan(2000);
          expect(r.code, r.stderr).toBe(2);
        },
      );
    }
  });
}

/** Issue #13's bug list ("Every input bounded"), through the binary: each refused at once with exit 2 and one escaped line. */
const lightGame = file("issue13-light-game.json", "");
const issueCases: { name: string; args: () => string[]; stderr?: RegExp; env?: Record<string, string> }[] = [
  {
    name: "light hint --playouts 1e9 (not a decimal integer)",
    args: () => ["light", "hint", file("i13-hint.json", JSON.stringify(hintDoc)), "--playouts", "1e9"],
    stderr: /--playouts must be a whole number/,
  },
  {
    name: "light hint --playouts 2147483648 (past the cap)",
    args: () => [
      "light",
      "hint",
      file("i13-hint2.json", JSON.stringify(hintDoc)),
      "--playouts",
      "2147483648",
    ],
    stderr: /--playouts must be from 0 to 20000/,
  },
  {
    // The issue's 65 537 identical segments are now answered exactly (test/cli/string-pairs.test.ts); what is
    // past the cap is work: 20 000 segments through one point need every pair tested.
    name: "string pairs with 20 000 segments through one point (past the work budget)",
    args: () => [
      "string",
      "pairs",
      file(
        "i13-pairs.json",
        JSON.stringify({
          segments: Array.from({ length: 20_000 }, (_, i) => [i + 1, 20_000 - i, -(i + 1), -(20_000 - i)]),
        }),
      ),
    ],
    stderr: /20,000 segments need 199,990,000 pair tests, over the budget of 50,000,000/,
  },
  {
    name: "light score with a value nested 10⁵ deep inside a segment",
    args: () => [
      "light",
      "score",
      file(
        "i13-deep.json",
        JSON.stringify(cityDoc).replace('"a":0', `"a":${"[".repeat(100_000)}${"]".repeat(100_000)}`),
      ),
    ],
    stderr: /nested deeper than 64 levels/,
  },
  {
    name: "light score with a 10 MB value (a short excerpt in the message)",
    args: () => [
      "light",
      "score",
      file("i13-big.json", JSON.stringify(cityDoc).replace('"blue"', JSON.stringify("x".repeat(10_000_000)))),
    ],
  },
  {
    name: "control characters (ESC, CR) in keys and values are escaped",
    args: () => [
      "light",
      "score",
      file(
        "i13-ctrl.json",
        JSON.stringify({ ...cityDoc, cards: [{ ...cityDoc.cards[0], color: "\u001b[2J\r" }] }),
      ),
    ],
  },
  {
    name: "light hint --playout 10 (unknown option)",
    args: () => ["light", "hint", lightGame, "--playout", "10"],
    stderr: /unknown option --playout/,
  },
  {
    name: "train ev junk (extra argument)",
    args: () => ["train", "ev", "junk"],
    stderr: /unexpected argument "junk"/,
  },
  { name: "train beat 0x10 (decimal only)", args: () => ["train", "beat", "0x10"], stderr: /whole number/ },
  { name: 'train beat "" (empty)', args: () => ["train", "beat", ""], stderr: /whole number/ },
  { name: "string score --red 1e3", args: () => ["string", "score", "--red", "1e3"], stderr: /--red/ },
  {
    name: "light bot --players 2 --seed 1 extra",
    args: () => ["light", "bot", "--players", "2", "--seed", "1", "extra"],
    stderr: /unexpected argument/,
  },
  {
    name: "light new --players 9",
    args: () => ["light", "new", "--players", "9", "--out", join(dir, "x.json")],
    stderr: /--players must be from 2 to 4/,
  },
  {
    name: "arena --games 100000 (past the cap)",
    args: () => ["arena", "train", "--bots", "race,ev", "--games", "100000"],
    stderr: /--games must be from 1 to 1000/,
  },
  {
    name: "a command past its time budget (RAIL_TIME_BUDGET=1, the race to 200 takes seconds)",
    args: () => ["train", "race", "--goal", "200"],
    env: { RAIL_TIME_BUDGET: "1" },
    stderr: /time budget of 1 s/,
  },
];

describe.concurrent("issue #13: every input bounded", () => {
  for (const c of issueCases) {
    it(`cli.bounded: ${c.name}: exit 2, one escaped line, in bounded time`, async () => {
      const r = await rail(c.args(), c.env);
      expect(r.timedOut, `no answer within ${TIME_BOUND_MS} ms`).toBe(false);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^rail: [^\n]+\n$/);
      expect(r.stderr.length).toBeLessThan(500);
      expect(r.stderr).not.toMatch(/Maximum call stack/);
      expect(r.stderr.includes(String.fromCharCode(27)) || r.stderr.includes("\r")).toBe(false);
      if (c.stderr) expect(r.stderr).toMatch(c.stderr);
      expect(r.code, r.stderr).toBe(2);
    });
  }
});
