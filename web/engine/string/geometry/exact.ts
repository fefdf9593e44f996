/**
 * Test-only exact reference (never imported by the engine).
 * Exact rational reference for the geometry tests (independent of the code under test): every finite double
 * is an integer times 2^-1074, so scaling by 2^1074 turns the inputs into BigInts and every predicate below
 * is plain integer arithmetic.
 */
const view = new DataView(new ArrayBuffer(8));

/** x · 2^1074 exactly. */
export function big(x: number): bigint {
  if (!Number.isFinite(x)) throw new RangeError(`not finite: ${x}`);
  view.setFloat64(0, x);
  const e = (view.getUint16(0) >>> 4) & 0x7ff;
  let m = view.getBigUint64(0) & ((1n << 52n) - 1n);
  if (e !== 0) m = (m | (1n << 52n)) << BigInt(e - 1);
  return x < 0 || Object.is(x, -0) ? -m : m;
}

export function sign(v: bigint): number {
  return v > 0n ? 1 : v < 0n ? -1 : 0;
}

export function orientExact(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const [Ax, Ay, Bx, By, Cx, Cy] = [ax, ay, bx, by, cx, cy].map(big) as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  return sign((Bx - Ax) * (Cy - Ay) - (By - Ay) * (Cx - Ax));
}

/**
 * Closed segments [a, b], [c, d] meet: solved parametrically (a + t(b - a) = c + u(d - c)), not with the
 * orientation test the code uses, so the two formulations check each other.
 */
export function intersectExact(...v: number[]): boolean {
  const [ax, ay, bx, by, cx, cy, dx, dy] = v.map(big) as bigint[] as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  const rx = bx - ax;
  const ry = by - ay;
  const sx = dx - cx;
  const sy = dy - cy;
  const qx = cx - ax;
  const qy = cy - ay;
  const den = rx * sy - ry * sx;
  if (den !== 0n) {
    // t = (q × s) / den, u = (q × r) / den, both must lie in [0, 1]
    let tn = qx * sy - qy * sx;
    let un = qx * ry - qy * rx;
    let dd = den;
    if (dd < 0n) {
      dd = -dd;
      tn = -tn;
      un = -un;
    }
    return tn >= 0n && tn <= dd && un >= 0n && un <= dd;
  }
  // Parallel (or a point): the two must lie on one line, then overlap as intervals along it.
  const rIsPoint = rx === 0n && ry === 0n;
  const sIsPoint = sx === 0n && sy === 0n;
  if (rIsPoint && sIsPoint) return qx === 0n && qy === 0n;
  if (rIsPoint) return onSeg(ax, ay, cx, cy, dx, dy);
  if (sIsPoint) return onSeg(cx, cy, ax, ay, bx, by);
  if (qx * ry - qy * rx !== 0n) return false;
  // project on r: a at 0, b at r·r; c and d at q·r and (d - a)·r
  const rr = rx * rx + ry * ry;
  const pc = qx * rx + qy * ry;
  const pd = (dx - ax) * rx + (dy - ay) * ry;
  // biome-ignore lint/complexity/useMathMinMax: BigInts, Math.min does not take them
  const lo = pc < pd ? pc : pd;
  // biome-ignore lint/complexity/useMathMinMax: BigInts, Math.max does not take them
  const hi = pc < pd ? pd : pc;
  return hi >= 0n && lo <= rr;
}

function onSeg(px: bigint, py: bigint, ax: bigint, ay: bigint, bx: bigint, by: bigint): boolean {
  if ((bx - ax) * (py - ay) - (by - ay) * (px - ax) !== 0n) return false;
  const dot = (px - ax) * (bx - ax) + (py - ay) * (by - ay);
  const len = (bx - ax) * (bx - ax) + (by - ay) * (by - ay);
  return dot >= 0n && dot <= len;
}

/** Number of pairs i < j of segments `[x1, y1, x2, y2, …]` that meet, by brute force over the exact test. */
export function bruteForcePairs(seg: Float64Array): number {
  let count = 0;
  const n = seg.length >> 2;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      if (
        intersectExact(
          seg[4 * i]!,
          seg[4 * i + 1]!,
          seg[4 * i + 2]!,
          seg[4 * i + 3]!,
          seg[4 * j]!,
          seg[4 * j + 1]!,
          seg[4 * j + 2]!,
          seg[4 * j + 3]!,
        )
      )
        count++;
  return count;
}

/** mulberry32: seeded floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
