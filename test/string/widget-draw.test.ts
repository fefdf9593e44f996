/**
 * The drawing helpers of <string-railway> (web/elements/string/draw.ts): the pointer's trail stops exactly at the
 * string's length; the path sent is simplified to at most 64 vertices, keeps both ends, is never longer than the
 * trail (so a trail within the length gives a path within it); the keyboard path's three shapes.
 */
import { describe, expect, it } from "vitest";
import {
  keyboardPaths,
  type Point,
  pathLength,
  simplify,
  Trail,
  toPath,
} from "../../web/elements/string/draw.ts";

const flatLength = (p: number[]) => {
  let d = 0;
  for (let i = 2; i < p.length; i += 2) d += Math.hypot(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!);
  return d;
};

describe("string widget: drawing a string", () => {
  it("the trail stops at the string's length, cut exactly there", () => {
    const t = new Trail([0, 0], 30);
    for (let x = 0.5; x <= 50; x += 0.5) t.add([x, Math.sin(x) * 2]);
    expect(t.full).toBe(true);
    expect(t.length).toBe(30);
    expect(pathLength(t.points)).toBeCloseTo(30, 9);
    expect(t.add([60, 0])).toBe(false);
    // Points closer than the sampling step are dropped.
    const u = new Trail([0, 0], 60);
    expect(u.add([0.1, 0])).toBe(false);
    expect(u.add([1, 0])).toBe(true);
  });

  it("the path: at most 64 vertices, both ends kept, never longer than the trail", () => {
    for (const [n, wiggle] of [
      [10, 0.1],
      [400, 1.5],
      [2000, 3],
    ] as const) {
      const t = new Trail([5, 5], 60);
      for (let i = 1; i <= n; i++) t.add([5 + (i * 55) / n, 5 + Math.sin(i / 3) * wiggle + (i % 2) * wiggle]);
      const p = toPath(t.points);
      expect(p.length / 2).toBeLessThanOrEqual(64);
      expect(p.length / 2).toBeGreaterThanOrEqual(2);
      expect(p.slice(0, 2)).toEqual([5, 5]);
      const last = t.points.at(-1)!;
      expect(p.at(-2)).toBeCloseTo(last[0], 2);
      expect(p.at(-1)).toBeCloseTo(last[1], 2);
      expect(flatLength(p)).toBeLessThanOrEqual(t.length + 1e-6);
    }
    const line: Point[] = Array.from({ length: 50 }, (_, i) => [i, 2 * i] as Point);
    expect(simplify(line)).toEqual([line[0], line[49]]);
  });

  it("the keyboard path: straight, bent left and right through the chord's middle", () => {
    const [straight, left, right] = keyboardPaths([0, 0], [20, 0]);
    expect(straight!.path).toEqual([0, 0, 20, 0]);
    expect(left!.path).toEqual([0, 0, 10, -6, 20, 0]);
    expect(right!.path).toEqual([0, 0, 10, 6, 20, 0]);
  });

  it("string.meeting-places: the keyboard path's ends are the stations' centres exactly (the line a rival laid between them)", () => {
    const a: Point = [27.041880434844643, 48.68777397321537];
    const b: Point = [6.697348945308477, 27.72370056482032];
    const [straight, left] = keyboardPaths(b, a);
    expect(straight!.path).toEqual([b[0], b[1], a[0], a[1]]);
    expect(left!.path.slice(0, 2)).toEqual([...b]);
    expect(left!.path.slice(4)).toEqual([...a]);
  });
});
