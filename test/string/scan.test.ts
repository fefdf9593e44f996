/**
 * The Wasm segment file reader (assembly/geometry/scan.ts, issue #24 "reading a file costs less than the kernel"):
 * the file's bytes in the module's `text` buffer, parsed straight into the kernel's segment buffer. Pinned:
 * - `pairs.scan-exact`: every number reads to the double JSON.parse gives, bit for bit (-0, subnormals, 17 digits,
 *   exponents, ties), checked against JSON.parse on fast-check's doubles and decimal strings;
 * - `pairs.scan-shape`: anything but the plain shape answers -1 (the caller then parses the text as JSON);
 * - `pairs.scan-hostile`: through the CLI, such files get the general path's one-line error, exit 2;
 * - `pairs.scan-chunks`: a file read in chunks through a small buffer (`scanFile`, the CLI's way) gives the same
 *   doubles wherever the chunks end (every byte position, chunk sizes lowered), and -1 where the whole text does.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDirect } from "../../bin/direct.ts";
import { readFileInto, withFileReads } from "../../bin/files.ts";
import { parseSegmentsFile } from "../../web/games/string/pairs.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

const targets: Record<string, StringGeometryWasm> = {};
beforeAll(async () => {
  for (const t of ["debug", "release"] as const)
    targets[t] = await createStringGeometryWasm(await compileWasmNode("string", t));
});

const encoder = new TextEncoder();

/** The Wasm reader's answer for a text: the segments, or -1. */
function scan(wasm: StringGeometryWasm, text: string): Float64Array | -1 {
  const bytes = encoder.encode(text);
  wasm.textBuffer(bytes.length).set(bytes);
  const n = wasm.scanSegments(bytes.length);
  return n < 0 ? -1 : wasm.scannedSegments(n);
}

/**
 * `scanFile` over an in-memory file in chunks of `chunk` bytes; the reads also end at each of `cuts` (byte
 * positions), as short reads would.
 */
async function scanChunked(
  wasm: StringGeometryWasm,
  text: string,
  chunk: number,
  cuts: number[] = [],
): Promise<Float64Array | -1> {
  const bytes = encoder.encode(text);
  const stops = [...cuts].sort((a, b) => a - b);
  let pos = 0;
  const n = await wasm.scanFile(
    bytes.length,
    async (buf, offset, length) => {
      while (stops.length > 0 && stops[0]! <= pos) stops.shift();
      const end = Math.min(bytes.length, pos + length, stops[0] ?? Number.POSITIVE_INFINITY);
      buf.set(bytes.subarray(pos, end), offset);
      const got = end - pos;
      pos = end;
      return got;
    },
    chunk,
  );
  return n < 0 ? -1 : wasm.scannedSegments(n);
}

/** JSON.parse's doubles, in the file's order. */
function reference(text: string): Float64Array {
  return parseSegmentsFile(JSON.parse(text));
}

/** The first index where a and b differ in any bit (-0 against 0 too), or -1. */
function firstDifference(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return i;
  return -1;
}

/** A file of the given number spellings, 4 a segment (padded with 0), with varied JSON whitespace. */
function fileOf(numbers: string[], spaced = false): string {
  const all = [...numbers];
  while (all.length % 4 !== 0) all.push("0");
  const rows: string[] = [];
  for (let i = 0; i < all.length; i += 4)
    rows.push(spaced ? `[ ${all.slice(i, i + 4).join(" ,\n\t")} ]` : `[${all.slice(i, i + 4).join(",")}]`);
  return spaced ? ` \r\n{ "segments" :\n[ ${rows.join(" ,\n ")} ] }\n` : `{"segments":[${rows.join(",")}]}`;
}

function expectSame(wasm: StringGeometryWasm, text: string): void {
  const got = scan(wasm, text);
  expect(got, text.slice(0, 200)).not.toBe(-1);
  const want = reference(text);
  const i = firstDifference(got as Float64Array, want);
  if (i >= 0) expect([i, (got as Float64Array)[i]]).toEqual([i, want[i]]);
}

/** A decimal spelling JSON allows: sign, 1–19 significant digits, a point anywhere, an exponent. */
const decimal = fc
  .record({
    neg: fc.boolean(),
    digits: fc.stringMatching(/^[1-9][0-9]{0,18}$/),
    point: fc.nat({ max: 25 }),
    lead: fc.nat({ max: 3 }),
    exp: fc.option(fc.integer({ min: -360, max: 320 })),
    upper: fc.boolean(),
  })
  .map(({ neg, digits, point, lead, exp, upper }) => {
    let s: string;
    if (point === 0) s = digits;
    else if (point < digits.length)
      s = `${digits.slice(0, digits.length - point)}.${digits.slice(digits.length - point)}`;
    else s = `0.${"0".repeat(point - digits.length + lead)}${digits}`;
    if (exp !== null) s += `${upper ? "E" : "e"}${exp >= 0 && upper ? "+" : ""}${exp}`;
    return (neg ? "-" : "") + s;
  });

describe("pairs.scan-exact: the Wasm reader gives JSON.parse's doubles, bit for bit", () => {
  it("pairs.scan-exact: any finite double as JSON.stringify writes it (shortest, up to 17 digits; -0; subnormals)", () => {
    for (const wasm of Object.values(targets))
      fc.assert(
        fc.property(
          fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 64 }),
          (vs) => {
            // JSON.stringify writes -0 as 0: spell it so, the reader must keep the sign
            expectSame(wasm, fileOf(vs.map((v) => (Object.is(v, -0) ? "-0" : JSON.stringify(v)))));
          },
        ),
        { numRuns: 300, seed: 24 },
      );
  });

  it("pairs.scan-exact: the same doubles to 1–19 significant digits (toPrecision, toExponential): every rounding path", () => {
    const wasm = targets.release!;
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 19 })),
          {
            maxLength: 64,
          },
        ),
        fc.boolean(),
        (vs, spaced) => {
          const spelled = vs.flatMap(([v, k]) => [v.toPrecision(k), v.toExponential(k - 1)]);
          const text = fileOf(spelled, spaced);
          // rounded to k digits, the largest doubles may round past the range: JSON.parse's ±Infinity, -1 here
          if (spelled.some((t) => !Number.isFinite(Number(t)))) expect(scan(wasm, text)).toBe(-1);
          else expectSame(wasm, text);
        },
      ),
      { numRuns: 300, seed: 2424 },
    );
  });

  it("pairs.scan-exact: decimal strings of 1–19 digits with any point and exponent (overflow: -1, underflow: ±0)", () => {
    for (const wasm of Object.values(targets))
      fc.assert(
        fc.property(fc.array(decimal, { minLength: 1, maxLength: 32 }), (ds) => {
          const text = fileOf(ds);
          const want = ds.map(Number);
          if (want.some((v) => !Number.isFinite(v))) expect(scan(wasm, text)).toBe(-1);
          else expectSame(wasm, text);
        }),
        { numRuns: 500, seed: 4224 },
      );
  });

  it("pairs.scan-exact: ties, the edges of the subnormals and of the largest double, 19-digit mantissas", () => {
    const hard = [
      "9007199254740993", // 2^53 + 1: a tie, to even (2^53)
      "9007199254740995", // a tie, to even (2^53 + 4)
      "4503599627370497.5",
      "0.3000000000000000166",
      "1234.567890123456789",
      "100000000000000000000", // JSON.stringify(1e20): zeros past 19 digits
      "-123456789012345678900",
      "1.2345678901234567890000e5",
      "2.2250738585072011e-308", // below the least normal: a subnormal
      "2.2250738585072012e-308", // between the largest subnormal and the least normal: rounds up to it
      "2.2250738585072014e-308", // the least normal
      "4.9406564584124654e-324", // the least subnormal
      "2.4703282292062328e-324", // just over half of it: the least subnormal
      "2.4703282292062327e-324", // just under half of it: 0
      "-2.4703282292062327e-324", // -0
      "1e-400",
      "-1e-400",
      "0e999999999",
      "-0.000e-7",
      "1.7976931348623157e308", // the largest double
      "1.7976931348623158e308", // rounds down to it
      "9999999999999999999", // 19 digits
      "1844674407370955161e1",
      "123456789012345678e-5",
      "7.2057594037927933e16", // 2^56 + 1 … (a tie near a power of two)
      "1e22",
      "1e23",
      "8.98846567431158e307",
      "5e-324",
      "3.4028234663852886e38",
      "0.1",
      "0.2",
      "0.3",
    ];
    for (const wasm of Object.values(targets)) {
      expectSame(wasm, fileOf(hard));
      expectSame(
        wasm,
        fileOf(
          hard.map((h) => (h.startsWith("-") ? h.slice(1) : `-${h}`)),
          true,
        ),
      );
    }
  });

  it("pairs.scan-exact: numbers past the double range or over 19 significant digits (not all zeros past them) are left to JSON.parse (-1)", () => {
    const wasm = targets.debug!;
    for (const t of [
      "1.7976931348623159e308",
      "1e309",
      "-1e99999999999",
      "12345678901234567891",
      "0.10000000000000000001",
      "1000000000000000000.5",
    ])
      expect(scan(wasm, fileOf([t])), t).toBe(-1);
  });
});

describe("pairs.scan-shape: anything but the plain shape answers -1", () => {
  it("pairs.scan-shape: other keys, strings, nesting, non-JSON numbers, non-finite, trailing text, truncation", () => {
    const wasm = targets.debug!;
    for (const text of [
      "",
      " ",
      '\uFEFF{"segments":[]}',
      '{"segments":[],"x":1}',
      '{"x":1,"segments":[]}',
      '{"segments":[[1,2,3,4]],"segments":[]}',
      '{"seg\\u006dents":[[1,2,3,4]]}',
      '{"segment":[[1,2,3,4]]}',
      '{"segments":[[1,2,3]]}',
      '{"segments":[[1,2,3,4,5]]}',
      '{"segments":[[1,2,3,"4"]]}',
      '{"segments":[[1,2,3,[4]]]}',
      '{"segments":[[01,2,3,4]]}',
      '{"segments":[[1.,2,3,4]]}',
      '{"segments":[[.5,2,3,4]]}',
      '{"segments":[[+1,2,3,4]]}',
      '{"segments":[[1e,2,3,4]]}',
      '{"segments":[[1e+,2,3,4]]}',
      '{"segments":[[-,2,3,4]]}',
      '{"segments":[[--1,2,3,4]]}',
      '{"segments":[[NaN,2,3,4]]}',
      '{"segments":[[Infinity,2,3,4]]}',
      '{"segments":[[1e400,2,3,4]]}',
      '{"segments":[[0x10,2,3,4]]}',
      '{"segments":[[1,2,3,4],]}',
      '{"segments":[[1,2,3,4]]} x',
      '{"segments":[[1,2,3,4]]',
      '{"segments":[[1,2,3,4',
      '{"segments":[[1,2,3,4]]}\u0000',
      "[[1,2,3,4]]",
      '{"segments":[[1,2,3,4] [1,2,3,4]]}',
      '{"segments":[[1,2,3,4]]}}',
      '{"segments":[[1\u00a0,2,3,4]]}',
      `{"segments":${"[".repeat(100_000)}`,
    ])
      expect(scan(wasm, text), JSON.stringify(text.slice(0, 60))).toBe(-1);
  });

  it("pairs.scan-shape: a truncated file is -1 at every cut, the whole file is read (the end mark is not data)", () => {
    const wasm = targets.debug!;
    const text = fileOf(["1.5", "-2e3", "0", "7", "8", "9", "10", "11"], true);
    for (let cut = 0; cut < text.trimEnd().length; cut++)
      expect(scan(wasm, text.slice(0, cut)), `cut ${cut}`).toBe(-1);
    expect(scan(wasm, text)).toEqual(reference(text));
  });
});

describe("pairs.scan-chunks: read in chunks through a small buffer, the same doubles wherever the chunks end", () => {
  const doubles = fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), {
    minLength: 1,
    maxLength: 12,
  });
  const spell = (vs: number[]) => vs.map((v) => (Object.is(v, -0) ? "-0" : JSON.stringify(v)));

  it("pairs.scan-chunks: a read ending at every byte position, and every chunk size from the longest entry up", async () => {
    const samples = fc.sample(fc.tuple(doubles, fc.boolean()), { numRuns: 12, seed: 2525 });
    for (const wasm of Object.values(targets))
      for (const [vs, spaced] of samples) {
        const text = fileOf(spell(vs), spaced);
        const want = reference(text);
        const open = text.indexOf("[") + 1; // the opening `{"segments":[` must be in the first chunk
        for (let cut = 0; cut <= text.length; cut++) {
          const got = await scanChunked(wasm, text, 4096, [cut]);
          if (got === -1 && cut <= open) continue; // the opening cut: read whole (the caller's -1)
          expect(got === -1 ? "-1 (read whole)" : firstDifference(got, want), `cut ${cut} of ${text}`).toBe(
            -1,
          );
        }
        // entries and the opening are at most ~110 bytes: every chunk size from 128 fits one after a carry
        for (let chunk = 128; chunk <= text.length + 1; chunk++) {
          const got = await scanChunked(wasm, text, chunk);
          expect(
            got === -1 ? "-1 (read whole)" : firstDifference(got, want),
            `chunk ${chunk} of ${text}`,
          ).toBe(-1);
        }
        // short reads at three places at once, a small chunk
        const cuts = fc.sample(fc.integer({ min: open + 1, max: text.length }), {
          numRuns: 3,
          seed: text.length,
        });
        const got = await scanChunked(wasm, text, 128, cuts);
        expect(got === -1 ? "-1 (read whole)" : firstDifference(got, want), `cuts ${cuts}`).toBe(-1);
      }
  });

  it("pairs.scan-chunks: texts off the plain shape are -1 at every cut (trailing text, truncation, a bad closing)", async () => {
    const wasm = targets.debug!;
    const good = fileOf(["1.5", "-2e3", "0", "7", "8", "9", "10", "11"], true);
    for (const text of [
      `${good}x`,
      `${good.trimEnd()}}`,
      good.trimEnd().slice(0, -1),
      good.replace("] }", "]"),
      good.replace("] }", "], }"),
      good.replace("-2e3", "-2e"),
      good.replace("10", "1e400"),
      `${good}\u0000`,
      '{"segments":[[1,2,3,4]],"x":[1]}',
    ])
      for (let cut = 0; cut <= text.length; cut++)
        expect(await scanChunked(wasm, text, 64, [cut]), `cut ${cut}: ${JSON.stringify(text)}`).toBe(-1);
  });

  it("pairs.scan-chunks: an entry longer than a chunk (whitespace, zeros) is -1 (read whole), and so answered by the CLI", async () => {
    const wasm = targets.release!;
    const text = `{"segments":[[1,2,3,4],[1.${"0".repeat(300)},2,${" ".repeat(300)}3,4]]}`;
    expect(await scanChunked(wasm, text, 128)).toBe(-1);
    expect(await scanChunked(wasm, text, 1024)).toEqual(reference(text));
  });
});

describe("pairs.scan-hostile: through the CLI's main-thread path, one line and exit 2", () => {
  const dir = mkdtempSync(join(tmpdir(), "rail-scan-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  it("pairs.scan-hostile: bad syntax, deep nesting, huge numbers, wrong shapes get the general path's typed error", async () => {
    const cases: Array<[string, RegExp]> = [
      ["{segments:", /not valid JSON/],
      [
        `{"segments":${"[".repeat(200_000)}${"]".repeat(200_000)}}`,
        /segments\[0\] must be an array of 4 numbers/,
      ],
      [`{"segments":${"[".repeat(200_000)}`, /not valid JSON/],
      ['{"segments":[[1e400,0,0,0]]}', /segments\[0\]\[0\] must be a finite number/],
      [`{"segments":[[${"9".repeat(400)},0,0,0]]}`, /segments\[0\]\[0\] must be a finite number/],
      ['{"segments":[[1,2,3]]}', /segments\[0\] must be an array of 4 numbers/],
      ['{"segments":[[1,2,3,"4"]]}', /segments\[0\]\[3\] must be a finite number/],
      ["[]", /expected an object/],
      ["", /not valid JSON|empty/],
    ];
    for (const [i, [text, message]] of cases.entries()) {
      const r = await runDirect(["string", "pairs", file(`bad${i}.json`, text)]);
      expect(r.code, text.slice(0, 40)).toBe(2);
      expect(r.out).toBe("");
      expect(r.err).toMatch(message);
      expect(r.err.trimEnd()).not.toContain("\n");
    }
  });

  it("pairs.scan-hostile: readFileInto keeps the bytes read when its buffer fills (a file that grew), and refuses past the cap", async () => {
    const text = fileOf(Array.from({ length: 40 }, (_, i) => String(i * 1.25)));
    const p = file("grow.json", text);
    const asked: number[] = [];
    let held = new Uint8Array(0);
    // a buffer smaller than asked at first, as if the file had grown since its size was read; a new buffer
    // (filled with junk) each time: the reader must carry over what it read itself
    const room = (bytes: number) => {
      asked.push(bytes);
      held = new Uint8Array(asked.length === 1 ? 16 : bytes).fill(120);
      return held;
    };
    const n = await readFileInto(p, "usage", room);
    expect(n).toBe(text.length);
    expect(new TextDecoder().decode(held.subarray(0, n))).toBe(text);
    expect(asked.length).toBeGreaterThan(2);
    await expect(readFileInto(p, "usage", (b) => new Uint8Array(b), 100)).rejects.toThrow(
      /larger than 100 bytes/,
    );
  });

  it("pairs.scan-hostile: withFileReads refuses a file that grows past the cap at the read that passes it", async () => {
    const p = file("cap.json", fileOf(Array.from({ length: 40 }, (_, i) => String(i))));
    // the size check (the cap under the file's size)
    await expect(withFileReads(p, "usage", async () => 0, 100)).rejects.toThrow(
      /larger than 100 bytes \(\d+\)/,
    );
    // the reads (the file grew since its size was read: a cap checked at the reads)
    // every byte through a 64-byte buffer: the byte count
    const reads = async (_size: number, read: (b: Uint8Array, o: number, l: number) => Promise<number>) => {
      const buf = new Uint8Array(64);
      let total = 0;
      for (let n = await read(buf, 0, 64); n > 0; n = await read(buf, 0, 64)) total += n;
      return total;
    };
    const size = await withFileReads(p, "usage", reads);
    expect(size).toBeGreaterThan(100);
    await expect(withFileReads(p, "usage", reads, size)).resolves.toBe(size);
    // the file grows past the cap after its size was read: refused at the reads
    const grow = (s: number, read: (b: Uint8Array, o: number, l: number) => Promise<number>) => {
      appendFileSync(p, " ".repeat(100));
      return reads(s, read);
    };
    await expect(withFileReads(p, "usage", grow, size + 50)).rejects.toThrow(
      new RegExp(`larger than ${size + 50} bytes: refused`),
    );
    await expect(withFileReads("", "usage!", reads)).rejects.toThrow("usage!");
    await expect(withFileReads(join(dir, "none.json"), "usage", reads)).rejects.toThrow(
      /cannot read .*ENOENT/,
    );
  });

  it("pairs.scan-hostile: a plain file over a chunk (256 KiB) and one with an entry longer than a chunk are answered as JSON.parse reads them", async () => {
    const many = Array.from({ length: 4000 }, (_, i) => [
      i * 0.1234567890123,
      1 / (i + 3),
      i * 0.1234567890123 + 1,
      -1 / (i + 3),
    ]);
    const plain = JSON.stringify({ segments: many });
    expect(plain.length).toBeGreaterThan(256 << 10);
    const long = `{"segments":[[0,0,4,4],[0,4,${" ".repeat(300 << 10)}4,0]]}`;
    const { stringPairs } = await import("../../web/games/string/pairs.ts");
    const { nodeHost } = await import("../../bin/host.ts");
    for (const [name, text] of [
      ["many.json", plain],
      ["long.json", long],
    ] as const) {
      const p = file(name, text);
      const want = await stringPairs([p], nodeHost);
      expect(await runDirect(["string", "pairs", p])).toEqual({
        out: `${JSON.stringify(want)}\n`,
        err: "",
        code: 0,
      });
    }
  });

  it("pairs.scan-hostile: a file off the plain shape but valid (other keys, 20-digit numbers) is answered the same", async () => {
    const segs = [
      [0, 0, 4, 4],
      [0, 4, 4, 0],
      [4, 4, 8, 4],
    ];
    const plain = await runDirect([
      "string",
      "pairs",
      file("plain.json", JSON.stringify({ segments: segs })),
    ]);
    const other = await runDirect([
      "string",
      "pairs",
      file("other.json", `{"note":"x","segments":[[0.00000000000000000000,0,4,4],[0,4,4,0],[4,4,8,4]]}`),
    ]);
    expect(plain).toEqual({ out: '{"pairs":2}\n', err: "", code: 0 });
    expect(other).toEqual(plain);
  });
});
