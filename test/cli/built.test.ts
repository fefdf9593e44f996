/**
 * The built CLI (scripts/build-cli.mjs → dist/cli/rail.js) as `node bin/rail.mjs …` runs it: the same answers
 * as the source, the Wasm modules and the race table found from the bundle, a game played through it, a
 * refusal, and the worker's time budget. Start time itself is measured in docs/benchmarks.md ("CLI start"),
 * not asserted here (the test machine is shared).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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

function rail(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ["bin/rail.mjs", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 45_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("the built rail (node bin/rail.mjs)", () => {
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

  it("cli.budget: a command past RAIL_TIME_BUDGET is stopped with exit 2; a bad budget is refused", () => {
    const r = rail(["train", "race", "--goal", "200"], { RAIL_TIME_BUDGET: "1" });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^rail: stopped: the command ran past its time budget of 1 s/);
    const bad = rail(["train", "ev"], { RAIL_TIME_BUDGET: "0x10" });
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/RAIL_TIME_BUDGET must be/);
  });
});
