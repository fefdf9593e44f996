/**
 * `rail string pairs FILE` (issue #13 "counts are exact in 64 bits; work and time are capped with a clear
 * message"), through bin/run.ts `runCommand` (exit codes and the one-line error as the binary prints them).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runDirect } from "../../bin/direct.ts";
import { runCommand } from "../../bin/run.ts";
import { mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import {
  MAX_PAIR_TESTS,
  MAX_SEGMENTS,
  parseSegmentsFile,
  scanSegmentsText,
} from "../../web/games/string/pairs.ts";

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

  it("pairs.work-grouped: a 12,000-spoke star (71,994,000 candidate pairs before grouping) is answered, on both paths", async () => {
    const n = 12_000;
    const r = mulberry32(12);
    const f = file(
      "star.json",
      Array.from({ length: n }, () => {
        const a = r() * 2 * Math.PI;
        return [0, 0, 50 * Math.cos(a), 50 * Math.sin(a)];
      }),
    );
    expect((n * (n - 1)) / 2).toBeGreaterThan(MAX_PAIR_TESTS);
    for (const run of [runCommand, runDirect]) {
      const o = await run(["string", "pairs", f]);
      expect(o.err).toBe("");
      expect(JSON.parse(o.out)).toEqual({ pairs: (n * (n - 1)) / 2 });
    }
  }, 30_000);

  it("more segments than the kernel's limit are refused before the numbers are read", async () => {
    const p = join(dir, "many.json");
    writeFileSync(p, `{"segments": [${Array.from({ length: MAX_SEGMENTS + 1 }, () => '"x"').join(",")}]}`);
    const r = await runCommand(["string", "pairs", p]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/at most 131,072 segments, got 131,073/);
  }, 30_000);
});

/** The general path's answer for a text: JSON.parse, then the field checks (what `pairs` did for every file). */
function general(text: string): Float64Array | string {
  try {
    return parseSegmentsFile(JSON.parse(text));
  } catch (e) {
    return (e as Error).name;
  }
}

describe("rail string pairs: the one-pass reader (issue #24, reading costs less than the kernel)", () => {
  it("reads the plain shape to the same doubles, bit for bit, as JSON.parse: 17-digit, short, exponent, extreme and signed numbers", () => {
    const r = mulberry32(24);
    const view = new DataView(new ArrayBuffer(8));
    const values: number[] = [
      0,
      -0,
      1,
      -1,
      5e-324,
      -5e-324,
      1.7976931348623157e308,
      2 ** 53,
      2 ** 53 + 2,
      0.1,
      1e22,
      1e23,
    ];
    for (let i = 0; i < 2000; i++) {
      values.push((r() - 0.5) * 3000); // JSON.stringify's 16–17 digits
      values.push(Math.round((r() - 0.5) * 3e6) / 1000); // ≤ 15 digits: the exact fast path
      view.setUint32(0, (r() * 2 ** 32) >>> 0);
      view.setUint32(4, (r() * 2 ** 32) >>> 0);
      const bits = view.getFloat64(0);
      if (Number.isFinite(bits)) values.push(bits); // any finite double
    }
    while (values.length % 4 !== 0) values.push(0);
    const segments: number[][] = [];
    for (let i = 0; i < values.length; i += 4) segments.push(values.slice(i, i + 4));
    const plain = JSON.stringify({ segments });
    // The same numbers written other ways JSON allows: exponents, leading and trailing zeros after the point
    const spelled = plain.replace(/(?<=[[,])(-?\d+(?:\.\d+)?)(?=[,\]])/g, (m) =>
      m.length % 3 === 0 ? `${m}${m.includes(".") ? "000" : ".000"}e+0` : m.length % 3 === 1 ? `${m}E-00` : m,
    );
    const spaced = ` \n{\t"segments" :\r\n [ ${segments.map((s) => `[ ${s.join(" ,\n")} ]`).join(" , ")} ] }\n`;
    for (const text of [plain, spelled, spaced, '{"segments":[]}', '{"segments":[[1e-7,-0.0,12.5e1,0e5]]}']) {
      const want = general(text);
      const got = scanSegmentsText(text);
      expect(got).not.toBeNull();
      expect(want).toBeInstanceOf(Float64Array);
      expect(got!.length).toBe((want as Float64Array).length);
      for (let i = 0; i < got!.length; i++)
        if (!Object.is(got![i], (want as Float64Array)[i]))
          expect([i, got![i]]).toEqual([i, (want as Float64Array)[i]]);
    }
  });

  it("16–19 digit decimals, random and within 10^-19 of a midpoint between two doubles, read as JSON.parse reads them", () => {
    const r = mulberry32(2424);
    const texts: string[] = [
      "9007199254740993",
      "9007199254740995",
      "4503599627370497.5",
      "0.30000000000000001665",
      "1234.5678901234567890",
    ];
    const digits = (k: number) => Array.from({ length: k }, () => Math.floor(r() * 10)).join("");
    for (let i = 0; i < 3000; i++) {
      // random: 16–19 significant digits, 0–22 of them after the point
      const d = `${1 + Math.floor(r() * 9)}${digits(15 + Math.floor(r() * 4))}`;
      const point = Math.floor(r() * Math.min(23, d.length));
      texts.push(point === 0 ? d : `${d.slice(0, d.length - point)}.${d.slice(d.length - point)}`);
      // the exact midpoint of v and the next double up, its decimal expansion cut to 19 significant digits and
      // nudged by one in the last place: within 10^-18 of a rounding boundary
      const v = 1 + r() * 4095;
      const view = new DataView(new ArrayBuffer(8));
      view.setFloat64(0, v);
      const m = (view.getBigUint64(0) & ((1n << 52n) - 1n)) | (1n << 52n);
      const e = ((view.getUint16(0) >> 4) & 0x7ff) - 1075; // v = m · 2^e, e < 0
      const num = (2n * m + 1n) * 5n ** BigInt(1 - e); // midpoint · 10^(1 − e)
      const s = num.toString();
      const intDigits = s.length - (1 - e);
      for (const nudge of [-1n, 0n, 1n]) {
        const cut = (BigInt(s.slice(0, 19)) + nudge).toString();
        texts.push(`${cut.slice(0, intDigits)}.${cut.slice(intDigits)}`);
      }
    }
    const text = `{"segments":[${texts.map((t, i) => `[${t},${i},-${t},0]`).join(",")}]}`;
    const got = scanSegmentsText(text)!;
    const want = general(text) as Float64Array;
    expect(got.length).toBe(want.length);
    let bad = 0;
    for (let i = 0; i < got.length; i++) if (!Object.is(got[i], want[i])) bad++;
    expect(bad).toBe(0);
  });

  it("anything but the plain shape goes to the general path (null): other keys, strings, nesting, non-JSON numbers, non-finite, trailing text", () => {
    for (const text of [
      "",
      '\uFEFF{"segments":[]}',
      '{"segments":[],"x":1}',
      '{"x":1,"segments":[]}',
      '{"segments":[[1,2,3,4]],"segments":[]}',
      '{"seg\\u006dents":[[1,2,3,4]]}',
      '{"segments":[[1,2,3]]}',
      '{"segments":[[1,2,3,4,5]]}',
      '{"segments":[[1,2,3,"4"]]}',
      '{"segments":[[1,2,3,[4]]]}',
      '{"segments":[[01,2,3,4]]}',
      '{"segments":[[1.,2,3,4]]}',
      '{"segments":[[.5,2,3,4]]}',
      '{"segments":[[+1,2,3,4]]}',
      '{"segments":[[1e,2,3,4]]}',
      '{"segments":[[-,2,3,4]]}',
      '{"segments":[[NaN,2,3,4]]}',
      '{"segments":[[Infinity,2,3,4]]}',
      '{"segments":[[1e400,2,3,4]]}',
      '{"segments":[[1,2,3,4],]}',
      '{"segments":[[1,2,3,4]]} x',
      '{"segments":[[1,2,3,4]]',
      "[[1,2,3,4]]",
      '{"segments":[[1,2,3,4] [1,2,3,4]]}',
      '{"segments":[[1,2,3,4]]}}',
    ])
      expect(scanSegmentsText(text), text).toBeNull();
  });

  it("files off the plain shape still get the general path's answer or one-line field error (exit 2)", async () => {
    const cases: Array<[string, RegExp | number]> = [
      ['{"segments":[[0,0,2,2],[0,2,2,0]],"note":"extra key"}', 1],
      ['{"segments":[[0,0,2,2],[0,2,2,0],[5,5,6,6]]}', 1],
      ['{"segments":[[0,0,2,2],[1e400,2,2,0]]}', /segments\[1\]\[0\] must be a finite number/],
      ['{"segments":[[0,0,2,2],[0,2,2]]}', /segments\[1\] must be an array of 4 numbers/],
      ['{"segments":[[0,0,2,2],[01,2,2,0]]}', /not valid JSON/],
      [
        '{"segments":[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}',
        /segments\[0\] must be an array of 4 numbers/,
      ],
      ['{"segments":"none"}', /"segments" must be an array/],
    ];
    for (const [text, want] of cases) {
      const p = join(dir, "shape.json");
      writeFileSync(p, text);
      const r = await runCommand(["string", "pairs", p]);
      if (typeof want === "number") {
        expect(r.err).toBe("");
        expect(JSON.parse(r.out)).toEqual({ pairs: want });
      } else {
        expect(r.code).toBe(2);
        expect(r.err).toMatch(want);
        expect(r.err.trimEnd()).not.toContain("\n");
      }
    }
  }, 30_000);
});
