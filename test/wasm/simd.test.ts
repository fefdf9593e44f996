/**
 * SIMD in the String Railway module (issue #10 "SIMD is enabled in the build but no SIMD instruction is
 * emitted: use it where it pays, and say in the docs where it does not"). Reads asc's text output of the release
 * build (build/string.release.wat, written beside the .wasm by scripts/build-wasm.mjs) and pins which exported
 * kernels contain v128 instructions: exactly the ones docs/geometry.md "SIMD" lists.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const WAT = new URL("../../build/string.release.wat", import.meta.url);

/** Exported function name → its body in the text format. */
function exportedBodies(wat: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of wat.matchAll(/\(export "(\w+)" \(func (\$[^)\s]+)\)\)/g)) {
    const start = wat.indexOf(`\n (func ${m[2]} `);
    if (start < 0) continue;
    const end = wat.indexOf("\n (func ", start + 1);
    out.set(m[1]!, wat.slice(start, end < 0 ? wat.length : end));
  }
  return out;
}

describe("SIMD in the string module (release build)", () => {
  it("the box tests of countPairs, stationsTouched, crossingPoints and crossingPointsIndexed use f64x2; no other kernel does", () => {
    expect(existsSync(WAT), "build the Wasm first (npm run build:wasm)").toBe(true);
    const bodies = exportedBodies(readFileSync(WAT, "utf8"));
    expect(bodies.size).toBeGreaterThan(15);
    const simd = [...bodies].filter(([, body]) => /\bv128\.|\bf64x2\./.test(body)).map(([name]) => name);
    expect(simd.sort()).toEqual(["countPairs", "crossingPoints", "crossingPointsIndexed", "stationsTouched"]);
    for (const name of simd) expect(bodies.get(name)!, name).toMatch(/v128\.any_true/);
  });
});
