/**
 * The board drawing of <string-railway> (web/elements/string/board-view.ts), issue #21: strings that share a
 * stretch lie side by side (each seat moved to its side by a different amount, the side the same whichever end
 * a string starts from, so two seats never land on one line), and the live check's meeting places are marked
 * once each, counted where one point is charged for several rival strings, with the cost in words.
 */
import { describe, expect, it } from "vitest";
import {
  along,
  ghostLabels,
  LABEL_ROOM_CM,
  MARK_MERGE_CM,
  markTitle,
  meetingMarks,
  meetingText,
  offsetPath,
  seatOffset,
} from "../../web/elements/string/board-view.ts";

/** Distance of point (x, y) from the line through a and b. */
const fromLine = (x: number, y: number, [ax, ay, bx, by]: number[]) =>
  Math.abs((bx! - ax!) * (ay! - y) - (ax! - x) * (by! - ay!)) / Math.hypot(bx! - ax!, by! - ay!);

describe("strings side by side (seatOffset, offsetPath)", () => {
  it("gives every seat its own distance from the line, at least 0.4 cm apart and at most 1.6 cm", () => {
    for (let players = 2; players <= 5; players++) {
      const d = Array.from({ length: players }, (_, i) => seatOffset(i, players));
      expect(d[0]).toBe(0);
      for (let i = 1; i < players; i++) expect(d[i]! - d[i - 1]!).toBeGreaterThanOrEqual(0.4 - 1e-12);
      expect(d.at(-1)!).toBeLessThanOrEqual(1.6 + 1e-12);
    }
  });

  it("moves a string the same way whichever end it starts from (a stretch laid the other way round)", () => {
    const path = [3, 4, 10, 8, 14, 20, 30, 21];
    const back = [30, 21, 14, 20, 10, 8, 3, 4];
    const a = offsetPath(path, 0.6);
    const b = offsetPath(back, 0.6);
    for (let i = 0; i < a.length; i += 2) {
      expect(b[a.length - 2 - i]).toBeCloseTo(a[i]!, 12);
      expect(b[a.length - 1 - i]).toBeCloseTo(a[i + 1]!, 12);
    }
  });

  it("keeps every segment parallel to its own, d cm away, so two seats on one stretch lie apart", () => {
    const path = [0, 0, 10, 0, 10, 10, 20, 15];
    for (const d of [0.6, 1.2]) {
      const o = offsetPath(path, d);
      for (let i = 0; i + 3 < path.length; i += 2) {
        const seg = path.slice(i, i + 4);
        expect(fromLine(o[i]!, o[i + 1]!, seg)).toBeCloseTo(d, 9);
        expect(fromLine(o[i + 2]!, o[i + 3]!, seg)).toBeCloseTo(d, 9);
      }
    }
    // Seat 0 and seat 1 of two players along [0,0 → 10,0], laid either way: 0.6 cm apart.
    const one = offsetPath([10, 0, 0, 0], seatOffset(1, 2));
    expect(Math.abs(one[1]! - 0)).toBeCloseTo(0.6, 12);
    expect(offsetPath([0, 0, 10, 0], seatOffset(0, 2))).toEqual([0, 0, 10, 0]);
  });

  it("caps the miter of a sharp bend and survives repeated vertices", () => {
    const o = offsetPath([0, 0, 10, 0, 0, 0.5], 0.5);
    expect(Math.hypot(o[2]! - 10, o[3]! - 0)).toBeLessThanOrEqual(3 * 0.5 + 1e-9);
    const r = offsetPath([0, 0, 0, 0, 5, 0, 5, 0], 0.5);
    expect(r.every(Number.isFinite)).toBe(true);
    expect(offsetPath([2, 2, 2, 2], 0.5)).toEqual([2, 2, 2, 2]);
  });
});

describe("meeting places of the live check (meetingMarks, meetingText)", () => {
  it("marks a point charged for two rival strings once, counted twice", () => {
    const marks = meetingMarks([5, 5, 12, 3, 5.0001, 4.9999, 20, 20]);
    expect(marks).toEqual([
      { x: 5, y: 5, count: 2 },
      { x: 12, y: 3, count: 1 },
      { x: 20, y: 20, count: 1 },
    ]);
    expect(meetingMarks([0, 0, MARK_MERGE_CM * 2, 0])).toHaveLength(2);
    expect(meetingMarks([])).toEqual([]);
  });

  it("says the places and their AP (1 per rival string met there)", () => {
    expect(meetingText({ points: [], crossings: 0 })).toBe("none");
    expect(meetingText({ points: [1, 1], crossings: 1 })).toBe("1 (1 AP)");
    expect(meetingText({ points: [1, 1, 9, 9, 20, 2], crossings: 3 })).toBe("3 (3 AP)");
    expect(meetingText({ points: [1, 1, 1, 1, 9, 9], crossings: 3 })).toBe(
      "2 (3 AP: one place on 2 rival strings)",
    );
    expect(meetingText({ points: [1, 1, 1, 1, 9, 9, 9, 9, 4, 4, 4, 4, 4, 4], crossings: 7 })).toBe(
      "3 (7 AP: 2 places on 2 rival strings, one place on 3 rival strings)",
    );
    expect(markTitle(1)).toBe("Meeting place: 1 AP");
    expect(markTitle(2)).toBe("Meeting place of 2 rival strings: 2 AP");
  });
});

describe("hints.ghost-labels: each hint's ghost string is numbered on it, clear of the stations and of each other", () => {
  it("along: the chord's midpoint when straight, the bend of a symmetric bend, half the length on uneven legs", () => {
    expect(along([0, 0, 10, 0], 0.5)).toEqual([5, 0]);
    const [ax, ay] = along([0, 0, 5, 4, 10, 0], 0.5);
    expect(ax).toBeCloseTo(5, 12);
    expect(ay).toBeCloseTo(4, 12);
    const [x, y] = along([0, 0, 3, 0, 3, 10], 0.5);
    expect(x).toBe(3);
    expect(y).toBeCloseTo(3.5, 12);
    expect(along([2, 3, 2, 3], 0.5)).toEqual([2, 3]);
    expect(along([0, 0, 10, 0], 1)).toEqual([10, 0]);
  });

  it("mirror bends between the same stations get their own numbers, neither under the stations", () => {
    const stations = [
      { x: 0, y: 0 },
      { x: 20, y: 0 },
    ];
    const straight = [0, 0, 20, 0];
    const up = [0, 0, 10, 4, 20, 0];
    const down = [0, 0, 10, -4, 20, 0];
    const labels = ghostLabels([straight, up, down, straight], stations, 1.5);
    for (const [x, y] of labels)
      for (const st of stations) expect(Math.hypot(st.x - x, st.y - y)).toBeGreaterThan(1.5);
    for (let i = 0; i < 3; i++)
      for (let j = i + 1; j < 3; j++)
        expect(Math.hypot(labels[i]![0] - labels[j]![0], labels[i]![1] - labels[j]![1])).toBeGreaterThan(
          LABEL_ROOM_CM,
        );
    // The same string twice: its second number moves along it, off the first.
    expect(labels[3]).not.toEqual(labels[0]);
    expect(labels[3]![1]).toBe(0);
  });

  it("a string through a station in its middle is numbered off that station", () => {
    const stations = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 20, y: 0 },
    ];
    const [[x, y]] = ghostLabels([[0, 0, 10, 0, 20, 0]], stations, 1.5) as [[number, number]];
    expect(y).toBe(0);
    for (const st of stations) expect(Math.hypot(st.x - x, st.y - y)).toBeGreaterThan(1.5 + LABEL_ROOM_CM);
  });
});
