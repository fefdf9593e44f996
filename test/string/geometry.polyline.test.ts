import { describe, expect, it } from "vitest";
import {
  crossingPoints,
  meetingPlaces,
  pointInDisc,
  pointInPolygon,
  pointLocation,
  polylineInsidePolygon,
  polylineLength,
  polylineTouchesPolygon,
  stationsTouched,
} from "../../web/engine/string/geometry/polyline.ts";

const f = (...v: number[]) => Float64Array.from(v);
const square = f(0, 0, 90, 0, 90, 90, 0, 90); // the default board, counter-clockwise
const R = 2.5;

describe("polylineLength and pointInDisc", () => {
  it("sums segment lengths; a single vertex has length 0", () => {
    expect(polylineLength(f(0, 0, 3, 4, 3, 10))).toBe(11);
    expect(polylineLength(f(5, 5))).toBe(0);
  });
  it("discs are closed", () => {
    expect(pointInDisc(2.5, 0, 0, 0, R)).toBe(true);
    expect(pointInDisc(2.5000001, 0, 0, 0, R)).toBe(false);
  });
});

describe("stationsTouched: stations in order along the path", () => {
  const discs = f(10, 10, 20, 10, 30, 10, 20, 20);
  it("lists discs by entry point within one segment", () => {
    expect(stationsTouched(f(35, 10, 5, 10), discs, R)).toEqual([2, 1, 0]);
    expect(stationsTouched(f(5, 10, 35, 10), discs, R)).toEqual([0, 1, 2]);
  });
  it("a visit continuing across a vertex inside the disc is listed once", () => {
    expect(stationsTouched(f(10, 10, 11, 11, 20, 10), discs, R)).toEqual([0, 1]);
  });
  it("a disc touched, left and touched again appears again", () => {
    expect(stationsTouched(f(10, 10, 15, 15, 10, 10.5), discs, R)).toEqual([0, 0]);
    expect(stationsTouched(f(10, 10, 20, 10, 20, 20, 20, 10), discs, R)).toEqual([0, 1, 3, 1]);
  });
  it("tangent contact counts (closed disc); a near miss does not", () => {
    expect(stationsTouched(f(0, 12.5, 40, 12.5), discs, R)).toEqual([0, 1, 2]);
    expect(stationsTouched(f(0, 12.6, 40, 12.6), discs, R)).toEqual([]);
  });
  it("a single vertex is a point", () => {
    expect(stationsTouched(f(21, 21), discs, R)).toEqual([3]);
  });
});

describe("polygons", () => {
  it("pointLocation: inside 1, boundary 0, outside -1, either winding", () => {
    const cw = f(0, 0, 0, 90, 90, 90, 90, 0);
    for (const poly of [square, cw]) {
      expect(pointLocation(45, 45, poly)).toBe(1);
      expect(pointLocation(0, 45, poly)).toBe(0);
      expect(pointLocation(90, 90, poly)).toBe(0);
      expect(pointLocation(91, 45, poly)).toBe(-1);
      expect(pointLocation(-1e-300, 45, poly)).toBe(-1);
      expect(pointInPolygon(90, 0, poly)).toBe(true);
    }
    const concave = f(0, 0, 10, 0, 10, 10, 5, 5, 0, 10); // notch from the top
    expect(pointLocation(5, 8, concave)).toBe(-1);
    expect(pointLocation(5, 4, concave)).toBe(1);
    expect(pointLocation(5, 5, concave)).toBe(0);
  });
  it("polylineInsidePolygon: strictly inside, never touching the boundary (board rule)", () => {
    expect(polylineInsidePolygon(f(10, 10, 80, 80), square)).toBe(true);
    expect(polylineInsidePolygon(f(10, 10, 90, 80), square)).toBe(false); // touches the edge x = 90
    expect(polylineInsidePolygon(f(10, 10, 95, 80, 10, 80), square)).toBe(false); // leaves and comes back
    const concave = f(0, 0, 10, 0, 10, 10, 5, 5, 0, 10);
    expect(polylineInsidePolygon(f(1, 8, 9, 8), concave)).toBe(false); // crosses the notch
    expect(polylineInsidePolygon(f(1, 4, 9, 4), concave)).toBe(true);
  });
  it("polylineTouchesPolygon: any part inside or on the boundary (mountain rule)", () => {
    const mountain = f(40, 40, 50, 40, 50, 50, 40, 50);
    expect(polylineTouchesPolygon(f(10, 10, 20, 20), mountain)).toBe(false);
    expect(polylineTouchesPolygon(f(10, 40, 40, 40), mountain)).toBe(true); // touches a corner's edge
    expect(polylineTouchesPolygon(f(30, 45, 60, 45), mountain)).toBe(true); // passes through
    expect(polylineTouchesPolygon(f(41, 41, 49, 49), mountain)).toBe(true); // wholly inside
    expect(polylineTouchesPolygon(f(39, 50.000001, 51, 50.000001), mountain)).toBe(false);
  });
});

describe("crossingPoints: AP cost of crossing other players' strings", () => {
  const none = f();
  it("one point per proper crossing", () => {
    const placed = f(10, 0, 10, 20, 20, 0, 20, 20);
    expect(Array.from(crossingPoints(f(0, 10, 30, 10), placed, none, R))).toEqual([10, 10, 20, 10]);
  });
  it("a crossing exactly at a path vertex counts once", () => {
    const placed = f(10, 0, 10, 20);
    expect(Array.from(crossingPoints(f(0, 10, 10, 10, 20, 10), placed, none, R))).toEqual([10, 10]);
  });
  it("a crossing at the joint of a placed string counts once", () => {
    const placed = f(10, 0, 10, 10, 10, 10, 10, 20);
    expect(Array.from(crossingPoints(f(0, 10, 20, 10), placed, none, R))).toEqual([10, 10]);
  });
  it("points inside (or on) a station disc are free", () => {
    const placed = f(10, 0, 10, 20);
    expect(crossingPoints(f(0, 10, 20, 10), placed, f(10, 10), R).length).toBe(0);
    expect(crossingPoints(f(0, 10, 20, 10), placed, f(10, 12.5), R).length).toBe(0);
    expect(crossingPoints(f(0, 10, 20, 10), placed, f(10, 12.6), R).length).toBe(2);
  });
  it("touching without crossing counts; a collinear overlap is one meeting place", () => {
    expect(Array.from(crossingPoints(f(0, 10, 10, 10), f(10, 0, 10, 20), none, R))).toEqual([10, 10]);
    // string.meeting-places: a shared stretch is one place, its point the middle of the stretch (before the
    // meeting-place rule this pinned one endpoint of the overlap per segment pair)
    expect(Array.from(crossingPoints(f(0, 0, 10, 0), f(5, 0, 15, 0), none, R))).toEqual([7.5, 0]);
    expect(Array.from(meetingPlaces(f(0, 0, 10, 0), f(5, 0, 15, 0), none, R).stretches)).toEqual([
      5, 0, 10, 0,
    ]);
  });
});
