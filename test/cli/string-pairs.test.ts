/**
 * `rail string pairs FILE` (issue #13 "counts are exact in 64 bits; work and time are capped with a clear
 * message"), through bin/run.ts `runCommand` (exit codes and the one-line error as the binary prints them).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../bin/run.ts";
import { MAX_PAIR_TESTS, MAX_SEGMENTS } from "../../web/games/string/pairs.ts";

const dir = mkdtempSync(join(tmpdir(), "rail-string-pairs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, segments: number[][]): string {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify({ segments }));
  return p;
}

describe("rail string pairs: 64-bit counts, a work budget", () => {
  it("65,537 identical segments (the issue's 0.66 MB file) answer 2,147,516,416, past 2^31", async () => {
    const f = file(
      "same.json",
      Array.from({ length: 65_537 }, () => [0, 0, 1, 1]),
    );
    const r = await runCommand(["string", "pairs", f]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ pairs: 2_147_516_416 });
  }, 30_000);

  it("input whose pair tests exceed the budget is refused at once with exit 2 and one line naming the work", async () => {
    // 20,000 distinct collinear overlapping segments: every pair is a candidate (199,990,000 > the budget)
    const n = 20_000;
    const f = file(
      "collinear.json",
      Array.from({ length: n }, (_, i) => [i, 0, i + n, 0]),
    );
    const r = await runCommand(["string", "pairs", f]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/20,000 segments need 199,990,000 pair tests, over the budget of 50,000,000/);
    expect(r.err.trimEnd()).not.toContain("\n");
    expect((n * (n - 1)) / 2).toBeGreaterThan(MAX_PAIR_TESTS);
  }, 30_000);

  it("under the budget the same kind of input is answered exactly", async () => {
    const n = 3000; // 4,498,500 candidate pairs, all meeting
    const f = file(
      "collinear-small.json",
      Array.from({ length: n }, (_, i) => [i, 0, i + n, 0]),
    );
    const r = await runCommand(["string", "pairs", f]);
    expect(r.err).toBe("");
    expect(JSON.parse(r.out)).toEqual({ pairs: (n * (n - 1)) / 2 });
  }, 30_000);

  it("more segments than the kernel's limit are refused before the numbers are read", async () => {
    const p = join(dir, "many.json");
    writeFileSync(p, `{"segments": [${Array.from({ length: MAX_SEGMENTS + 1 }, () => '"x"').join(",")}]}`);
    const r = await runCommand(["string", "pairs", p]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/at most 131,072 segments, got 131,073/);
  }, 30_000);
});
