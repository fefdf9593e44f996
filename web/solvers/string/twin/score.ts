/** TypeScript twin of assembly/plan/score.ts: the exact score of a cube pile (docs/string-solvers.md). */

/** Layered score of plain counts: N + Σ_{i<k} min(cᵢ, cₖ) (scoring.ts). */
export function layered(c0: number, c1: number, c2: number, c3: number, c4: number): number {
  const m = Math.min;
  return (
    c0 +
    c1 +
    c2 +
    c3 +
    c4 +
    m(c0, c1) +
    m(c0, c2) +
    m(c0, c3) +
    m(c0, c4) +
    m(c1, c2) +
    m(c1, c3) +
    m(c1, c4) +
    m(c2, c3) +
    m(c2, c4) +
    m(c3, c4)
  );
}

/** Exact maximum over every spread of the whites of the pile (red, blue, purple, yellow, green, white counts). */
export function scoreCubes(r: number, b: number, p: number, y: number, g: number, w: number): number {
  let best = 0;
  for (let w0 = 0; w0 <= w; w0++)
    for (let w1 = 0; w1 <= w - w0; w1++)
      for (let w2 = 0; w2 <= w - w0 - w1; w2++)
        for (let w3 = 0; w3 <= w - w0 - w1 - w2; w3++) {
          const w4 = w - w0 - w1 - w2 - w3;
          const s = layered(r + w0, b + w1, p + w2, y + w3, g + w4);
          if (s > best) best = s;
        }
  return best;
}
