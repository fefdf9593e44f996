/**
 * The hint kernel's crossing count through the candidate grid (assembly/plan/grid.ts and its twin
 * web/solvers/string/twin/grid.ts) equals the every-pair `crossingPoints` count: long chords against short and long
 * placed segments, axis-parallel and degenerate ones, contacts at placed joints and at path vertices, collinear
 * overlaps, segments outside the grid's box; and the Wasm kernel agrees with its twin on a full 5-player board.
 */
import { describe, expect, it } from "vitest";
import { fullBoard } from "../../bench/string-engine.bench.ts";
import { Rng, seedRng } from "../../web/engine/common/rng.ts";
import { crossingPoints, jointStrings } from "../../web/engine/string/geometry/polyline.ts";
import { evaluateCandidates, generateCandidates } from "../../web/solvers/string/model.ts";
import { createReferenceKernel } from "../../web/solvers/string/reference.ts";
import { gridBuild, gridCrossings } from "../../web/solvers/string/twin/grid.ts";
import {
  discs as discBuf,
  path as pathBuf,
  placed,
  placedString,
} from "../../web/solvers/string/twin/polyline.ts";
import { createWasmKernel } from "../../web/solvers/string/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

/** Placed strings: short zig-zag runs (joined end to start), long lone segments, some outside the box, on a lattice. */
function placedSet(rng: Rng): Float64Array {
  const out: number[] = [];
  const q = (v: number) => Math.round(v * 4) / 4; // a quarter-cm lattice: exact contacts and overlaps happen
  for (let s = 0; s < 30; s++) {
    let x = q(rng.float() * 100 - 5);
    let y = q(rng.float() * 100 - 5);
    for (let k = 0; k < 20; k++) {
      const nx = q(x + (rng.float() - 0.5) * 3);
      const ny = q(y + (rng.float() - 0.5) * 3);
      out.push(x, y, nx, ny);
      x = nx;
      y = ny;
    }
  }
  for (let s = 0; s < 25; s++)
    out.push(q(rng.float() * 90), q(rng.float() * 90), q(rng.float() * 90), q(rng.float() * 90));
  out.push(10, 10, 10, 80, 5, 40, 85, 40, 30, 30, 30, 30); // vertical, horizontal, a point
  return Float64Array.from(out);
}

function chord(rng: Rng): Float64Array {
  const q = (v: number) => Math.round(v * 4) / 4;
  const kind = rng.float();
  const ax = q(rng.float() * 90);
  const ay = q(rng.float() * 90);
  if (kind < 0.15) return Float64Array.of(ax, ay, ax, q(rng.float() * 90)); // vertical
  if (kind < 0.3) return Float64Array.of(ax, ay, q(rng.float() * 90), ay); // horizontal
  if (kind < 0.6)
    return Float64Array.of(
      ax,
      ay,
      q(rng.float() * 90),
      q(rng.float() * 90),
      q(rng.float() * 90),
      q(rng.float() * 90),
    );
  return Float64Array.of(ax, ay, q(rng.float() * 90), q(rng.float() * 90));
}

describe("string hint: crossings through the candidate grid", () => {
  it("equal crossingPoints' count (the twin), for thousands of chords", () => {
    for (const seed of [1, 2, 3]) {
      const rng = new Rng(seedRng(seed));
      const segs = placedSet(rng);
      const discs = Float64Array.from({ length: 40 }, () => rng.float() * 90);
      placed.set(segs);
      placedString.set(jointStrings(segs));
      discBuf.set(discs);
      gridBuild(segs.length / 4, 0, 0, 90, 90);
      let crossed = 0;
      for (let i = 0; i < 3000; i++) {
        const path = chord(rng);
        const want = crossingPoints(path, segs, discs, 2.5).length / 2;
        pathBuf.set(path);
        expect(gridCrossings(path.length / 2, discs.length / 2, 2.5), `${seed}/${i}: ${path.join()}`).toBe(
          want,
        );
        if (want > 0) crossed++;
      }
      expect(crossed).toBeGreaterThan(500);
    }
  });

  it("the Wasm kernel and its twin give the same results on a full 5-player board", async () => {
    const wasm = await createWasmKernel(await compileWasmNode("stringplan", "debug"));
    const ref = createReferenceKernel();
    const { state, move } = fullBoard();
    const gen = generateCandidates(state, move.player);
    const nw = evaluateCandidates(wasm, state, move.player, gen.paths, gen.kinds);
    const nr = evaluateCandidates(ref, state, move.player, gen.paths, gen.kinds);
    expect(nw).toBe(nr);
    const n = gen.paths.length;
    expect(Array.from(wasm.resI.subarray(0, 5 * n))).toEqual(Array.from(ref.resI.subarray(0, 5 * n)));
    expect(Array.from(wasm.resF.subarray(0, 2 * n))).toEqual(Array.from(ref.resF.subarray(0, 2 * n)));
    let crossings = 0;
    for (let i = 0; i < n; i++) crossings += ref.resI[5 * i + 2]!;
    expect(crossings).toBeGreaterThan(100);
  });
});
