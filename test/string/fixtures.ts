/**
 * The hand-made board of the String Railway engine tests: R(10,50) B(30,50) O(50,50) outskirts, P(30,70),
 * Y(30,30), O2(10,30) outskirts, R2(10,70), B2(55,25), Y2(85,25), the mountain station M(70,15) in the mountain
 * [60..80] × [10..40]; and small helpers over it.
 */
import type { Result } from "../../web/engine/common/errors.ts";
import type { Board, StringState } from "../../web/engine/string/types.ts";

export const BOARD: Board = {
  polygon: [0, 0, 100, 0, 100, 100, 0, 100],
  mountain: [60, 10, 80, 10, 80, 40, 60, 40],
  radius: 2.5,
  stations: [
    { id: "R", kind: "city", colour: "red", x: 10, y: 50 },
    { id: "B", kind: "city", colour: "blue", x: 30, y: 50 },
    { id: "O", kind: "outskirts", colour: null, x: 50, y: 50 },
    { id: "P", kind: "city", colour: "purple", x: 30, y: 70 },
    { id: "Y", kind: "city", colour: "yellow", x: 30, y: 30 },
    { id: "O2", kind: "outskirts", colour: null, x: 10, y: 30 },
    { id: "R2", kind: "city", colour: "red", x: 10, y: 70 },
    { id: "B2", kind: "city", colour: "blue", x: 55, y: 25 },
    { id: "Y2", kind: "city", colour: "yellow", x: 85, y: 25 },
    { id: "M", kind: "mountain", colour: null, x: 70, y: 15 },
  ],
};
export const XY: Record<string, [number, number]> = Object.fromEntries(
  BOARD.stations.map((s) => [s.id, [s.x, s.y]]),
);
/** A straight polyline through the centres of the named stations. */
export const line = (...ids: string[]): number[] => ids.flatMap((id) => XY[id]!);

/** The state of an accepted action; throws the refusal. */
export function must(r: Result<StringState>): StringState {
  if (!r.ok) throw r.error;
  return r.state;
}
