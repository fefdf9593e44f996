import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../bin/host.ts";
import { stringPairs as tool } from "../../web/games/string/pairs.ts";

/** The tool as `rail` runs it: files and Wasm from the Node host. */
const stringPairs = (args: string[]) => tool(args, nodeHost);

const dir = mkdtempSync(join(tmpdir(), "rail-string-pairs-"));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

describe("rail string pairs FILE", () => {
  it("counts pairs of closed segments sharing a point (crossing, T, shared end, overlap, point)", async () => {
    const segments = [
      [0, 0, 4, 4], // 0
      [0, 4, 4, 0], // 1: crosses 0
      [4, 4, 8, 4], // 2: shares an end with 0
      [6, 4, 10, 4], // 3: overlaps 2
      [8, 0, 8, 4], // 4: T onto 2 and 3
      [2, 2, 2, 2], // 5: a point on 0 and 1
      [20, 20, 21, 21], // 6: alone
    ];
    const p = file("ok.json", JSON.stringify({ segments }));
    // 0-1, 0-2, 0-5, 1-5, 2-3, 2-4, 3-4
    expect(await stringPairs([p])).toEqual({ pairs: 7 });
    expect(await stringPairs([file("empty.json", '{"segments": []}')])).toEqual({ pairs: 0 });
  });

  it("bad input throws one clear line", async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /usage/],
      [[join(dir, "missing.json")], /cannot read/],
      [[file("bad.json", "{segments:")], /not valid JSON/],
      [[file("arr.json", "[1,2]")], /expected an object/],
      [[file("noseg.json", '{"segs": []}')], /"segments" must be an array/],
      [[file("three.json", '{"segments": [[1,2,3]]}')], /segments\[0\] must be an array of 4 numbers/],
      [[file("str.json", '{"segments": [[1,2,3,"4"]]}')], /segments\[0\]\[3\] must be a finite number/],
      [
        [file("inf.json", '{"segments": [[0,0,1,1],[1,2,3,1e999]]}')],
        /segments\[1\]\[3\] must be a finite number/,
      ],
    ];
    const deepFile = file(
      "deep.json",
      JSON.stringify({ segments: [[0, 0, 0, 0]] }).replace(
        "[[0",
        `[[${"[".repeat(100_000)}0${"]".repeat(100_000)}`,
      ),
    );
    cases.push([[deepFile], /segments\[0\]\[0\] must be a finite number, got an array/]);
    for (const [args, re] of cases) {
      const err = await stringPairs(args).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(err, String(args)).toBeInstanceOf(Error);
      expect(err!.message).toMatch(re);
      expect(err!.message).not.toContain("\n");
    }
  });
});
