/**
 * The built CLI (scripts/build-cli.mjs → dist/cli/rail.js) as `node bin/rail.mjs …` runs it: the same answers
 * as the source, the Wasm modules and the race table found from the bundle, a game played through it, a
 * refusal, and the worker's time budget. Start time itself is measured in docs/benchmarks.md ("CLI start"),
 * not asserted here (the test machine is shared).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "rail-cli-built-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(() => {
  execFileSync(process.execPath, ["scripts/build-cli.mjs", "--quiet"], { cwd: ROOT, stdio: "inherit" });
}, 60_000);

function rail(args: string[], env: Record<string, string> = {}, nodeArgs: string[] = []) {
  const r = spawnSync(process.execPath, [...nodeArgs, "bin/rail.mjs", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 45_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("the built rail (node bin/rail.mjs)", () => {
  it("cli.version: rail --version prints the package's name and version, from the bundle as from the source", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const built = rail(["--version"]);
    expect(built).toEqual({ code: 0, out: `${pkg.name} ${pkg.version}\n`, err: "" });
    const source = spawnSync(process.execPath, ["--import", "tsx", "bin/rail.ts", "--version"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(source.stdout).toBe(built.out);
    expect(rail(["--help"]).out).toContain("rail --version");
  });

  it("cli.built: dist/cli/rail.js answers as the source does (Wasm and race table found from the bundle)", () => {
    expect(existsSync(join(ROOT, "dist/cli/rail.js"))).toBe(true);
    expect(JSON.parse(rail(["train", "ev"]).out)).toEqual({ expected: 16.358352326973606 });
    const race = JSON.parse(rail(["train", "race"]).out);
    expect(race.source).toBe("table");
    const pairs = rail(["string", "pairs", "-"]);
    expect(pairs.code).toBe(2); // stdin is empty here: not JSON
    expect(pairs.err).toMatch(/^rail: stdin is not valid JSON/);
  });

  it("cli.built-game: new, play, a refusal (exit 2, file unchanged), bot, show", () => {
    const f = join(dir, "g.json");
    expect(rail(["light", "new", "--seed", "5", "--bots", "1", "--bot", "search", "--out", f]).code).toBe(0);
    const { actions } = JSON.parse(rail(["light", "legal", f]).out);
    expect(rail(["light", "play", f, JSON.stringify(actions[0])]).code).toBe(0);
    const before = readFileSync(f);
    const refused = rail(["light", "play", f, JSON.stringify(actions[0])]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^rail: light\.[a-z-]+: [^\n]+\n$/);
    expect(readFileSync(f).equals(before)).toBe(true);
    const bot = JSON.parse(rail(["light", "bot", f, "--playouts", "100"]).out);
    expect(bot.played).toHaveLength(1);
    expect(rail(["light", "show", f]).out).toMatch(/Light Rail — 2 seats/);
  });

  it("cli.pairs-main-thread (issue #24): string pairs FILE runs without a worker, with the same answers and refusals", () => {
    // Preloaded: every Worker started writes one line to stderr, so the test sees which path ran.
    const spy = join(dir, "spy.cjs");
    writeFileSync(
      spy,
      `const wt = require("node:worker_threads");
       const W = wt.Worker;
       wt.Worker = class extends W { constructor(...a) { super(...a); require("node:fs").writeSync(2, "spy: worker\\n"); } };
       require("node:module").syncBuiltinESMExports();`,
    );
    const f = join(dir, "segs.json");
    writeFileSync(f, '{"segments": [[0, 0, 2, 2], [0, 2, 2, 0], [5, 5, 6, 6], [1, 1, 1, 1]]}');
    const spied = (args: string[], env: Record<string, string> = {}) => rail(args, env, ["-r", spy]);
    const main = spied(["string", "pairs", f]);
    expect(main).toEqual({ code: 0, out: '{"pairs":3}\n', err: "" });
    // A budget under 60 s, stdin, or any other command: the worker, as before; the same answer.
    const small = spied(["string", "pairs", f], { RAIL_TIME_BUDGET: "59" });
    expect(small).toEqual({ code: 0, out: '{"pairs":3}\n', err: "spy: worker\n" });
    expect(spied(["string", "pairs", "-"]).err).toMatch(/^spy: worker\nrail: stdin is not valid JSON/);
    // Refusals on the main thread: the same lines and exit codes as the worker's.
    for (const [args, re] of [
      [["string", "pairs", join(dir, "missing.json")], /^rail: cannot read "[^"]+missing\.json": ENOENT\n$/],
      [["string", "pairs", dir], /^rail: cannot read "[^"]+": it is a directory, not a regular file\n$/],
      [["string", "pairs", "/dev/zero"], /^rail: cannot read "\/dev\/zero": it is a character device/],
    ] as const) {
      const m = spied([...args]);
      const w = spied([...args], { RAIL_TIME_BUDGET: "59" });
      expect(m.code).toBe(2);
      expect(m.err).toMatch(re);
      expect(w).toEqual({ ...m, err: `spy: worker\n${m.err}` });
    }
    writeFileSync(f, '{"segments": [[0, 0, 1]]}');
    const bad = spied(["string", "pairs", f]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/segments\[0\] must be an array of 4 numbers/);
  });

  it("cli.budget: a command past RAIL_TIME_BUDGET is stopped with exit 2; a bad budget is refused", () => {
    const r = rail(["train", "race", "--goal", "200"], { RAIL_TIME_BUDGET: "1" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^rail: stopped: the command ran past its time budget of 1 s/);
    const bad = rail(["train", "ev"], { RAIL_TIME_BUDGET: "0x10" });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/RAIL_TIME_BUDGET must be/);
  });
});
