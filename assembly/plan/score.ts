// Exact final cube score (twin of web/engine/string/scoring.ts `scoreCubes`, without tiles): the maximum over
// every spread of the whites over the five plain colours of the layered score N + Σ_{i<k} min(cᵢ, cₖ).

// @ts-ignore: decorator
@inline function mn(a: i32, b: i32): i32 {
  return a < b ? a : b;
}

/** Layered score of plain counts (no whites). */
// @ts-ignore: decorator
@inline export function layered(a: i32, b: i32, c: i32, d: i32, e: i32): i32 {
  return (
    a + b + c + d + e +
    mn(a, b) + mn(a, c) + mn(a, d) + mn(a, e) +
    mn(b, c) + mn(b, d) + mn(b, e) +
    mn(c, d) + mn(c, e) +
    mn(d, e)
  );
}

/** Exact maximum score of a pile: red, blue, purple, yellow, green, white counts (each ≥ 0). */
export function scoreCubes(r: i32, b: i32, p: i32, y: i32, g: i32, w: i32): i32 {
  let best = 0;
  for (let w0 = 0; w0 <= w; w0++) {
    for (let w1 = 0; w1 <= w - w0; w1++) {
      for (let w2 = 0; w2 <= w - w0 - w1; w2++) {
        for (let w3 = 0; w3 <= w - w0 - w1 - w2; w3++) {
          const w4 = w - w0 - w1 - w2 - w3;
          const s = layered(r + w0, b + w1, p + w2, y + w3, g + w4);
          if (s > best) best = s;
        }
      }
    }
  }
  return best;
}
