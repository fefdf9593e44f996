/**
 * String Railway's game review (docs/review.md): every move graded by the search behind the hints and the solver
 * bot (web/solvers/string/: the exact transport plan, the fewest-AP long-distance routes, the ranked strings).
 *
 * Value (`points`) of a position for the seat that moved: its points now plus what the exact best transport plan
 * adds this turn with the AP not kept back for locomotive upgrades (rounds 1–2) — the bot's `outlook`
 * (web/solvers/string/bot.ts). Once the seat's turn is over, its points. The options searched in the position before
 * a move: the move made, the bot's move, the plan's first move, the 12 best string hints, every long-distance route
 * that fits and ending the turn, each valued in the position it leads to; `best` is the best of them.
 *
 * Error bar: the transport plan and the routes are exact, so outside the route phase it is 0. In the route phase a
 * string's worth beyond this turn (the network it opens) is the hint kernel's heuristic, which the value leaves out
 * (a string drawn by hand has no hint value of its own); the bot adds half the hint value to a string's outlook, so
 * half the best hint's value is the error bar there. In rounds 1–2, while the bot keeps AP back for locomotive
 * upgrades, what those AP would buy in transports this turn is an error bar too ({@link upgradeError}: an upgrade's
 * worth lies in later turns). Draws (a tile, the cubes a string or a replenish brings) are not
 * valued: luck is 0.
 */
import { pointsOf, type StringEngine } from "../../engine/string/engine.ts";
import { polylineLength } from "../../engine/string/geometry/polyline.ts";
import type { StringAction, StringState } from "../../engine/string/types.ts";
import { outlook, solverBotAction, upgradeReserve } from "../../solvers/string/bot.ts";
import {
  longDistanceRoutes,
  planTransport,
  type StringPlacementHint,
  stringHints,
} from "../../solvers/string/model.ts";
import type { StringSolver } from "../../solvers/string/solver.ts";
import type { MoveGrade, Reviewer } from "../review.ts";
import type { StringGameTypes } from "./index.ts";

/** String hints tried a move (the bot's own number). */
export const REVIEW_STRING_HINTS = 12;

/** The error bar of drawing a tile: the −2 it counts while face up. */
const DRAWN_TILE = 2;

/** The outlook of `s` for `seat` (the seat to move): points now and the best plan with the AP not kept back. */
function outlookOf(solver: StringSolver, s: StringState, seat: number): number {
  const ap = s.step === "locomotive" ? 0 : Math.max(0, s.ap - upgradeReserve(s, seat));
  return outlook(solver.kernel, s, seat, ap);
}

/** Which turn of the game `s` is in (round and place in its order): a move's value counts to this turn's end. */
export const turnOf = (s: StringState): string => `${s.round}/${s.turn}`;

/** Whether `seat` may still lay a string this turn. */
function routeOpen(s: StringState, seat: number): boolean {
  const hand = s.seats[seat]!;
  return s.step === "route" && !s.placedString && hand.shortLeft + hand.longLeft > 0;
}

/**
 * The value of `s` for `seat` (see the file's comment): its points once its turn `turn` ({@link turnOf}) is over
 * (the seat's next turn, with fresh AP, is not this turn's value) or in the setup deal; else its outlook, or,
 * while it may still lay a string, the best of that and the outlook after each of the best string hints (a pending
 * tile choice does not change what a string is worth: the hints are tried as if it were made). `hints`, when
 * given, receives the hints tried.
 */
export function stringValue(
  solver: StringSolver,
  engine: StringEngine,
  s: StringState,
  seat: number,
  turn: string = turnOf(s),
  hints?: StringPlacementHint[],
): number {
  if (s.over || s.current !== seat || s.phase !== "play" || turnOf(s) !== turn) return pointsOf(s, seat);
  let v = outlookOf(solver, s, seat);
  if (!routeOpen(s, seat)) return v;
  const at = s.choice ? { ...s, choice: null } : s;
  for (const h of stringHints(solver.kernel, at, seat, REVIEW_STRING_HINTS)) {
    hints?.push(h);
    const r = engine.apply(at, h.action);
    if (r.ok) v = Math.max(v, outlookOf(solver, r.state, seat));
  }
  return v;
}

/**
 * The error bar of the choice between transports and locomotive upgrades (rounds 1–2, while the solver bot keeps AP
 * back for upgrades): the points those AP would buy this turn. The review values this turn only, not the AP an
 * upgrade brings in later turns, so it cannot tell that choice apart within this bar. 0 when no AP is kept back.
 */
export function upgradeError(solver: StringSolver, s: StringState, seat: number): number {
  if (s.over || s.current !== seat || s.phase !== "play" || s.step === "locomotive" || s.choice) return 0;
  const reserve = upgradeReserve(s, seat);
  if (reserve === 0) return 0;
  return outlook(solver.kernel, s, seat, s.ap) - outlook(solver.kernel, s, seat, Math.max(0, s.ap - reserve));
}

/** A move for people, read in the position it leads to (`after`: the stations a string touches). */
export function stringMoveLabel(a: StringAction, after: StringState): string {
  const id = (i: number) => after.stations[i]?.id ?? "?";
  switch (a.type) {
    case "place-string": {
      // Its length too: two strings between the same stations (a straight one, a bent one) read apart.
      const laid = after.seats[a.player]!.strings.at(-1);
      const cm = polylineLength(Float64Array.from(a.path));
      return `Lay a ${a.kind} string ${laid ? `${laid.stations.map(id).join("–")} ` : ""}(${cm.toFixed(1)} cm)`;
    }
    case "transport":
      return `Transport ${a.colour} ${a.from}→${a.to}`;
    case "long-distance":
      return `Long distance: tile ${a.tile} row ${a.row}`;
    case "upgrade":
      return "Upgrade the locomotive";
    case "new-station":
      return `New station at ${Math.round(a.x)},${Math.round(a.y)}`;
    case "replenish":
      return `Replenish ${a.station}`;
    case "cube-for-ap":
      return `Trade a ${a.colour} cube for 1 AP`;
    case "draw-tile":
      return "Draw a tile";
    case "keep-tile":
      return `Keep tile ${a.tile}`;
    case "end-turn":
      return "End the turn";
  }
}

/** The grader over the String solver, trying moves on `rules` (the host's engine). */
export function stringReviewer(solver: StringSolver, rules: () => StringEngine): Reviewer<StringGameTypes> {
  // Each position is valued once: a move's "after" is the next move's "before" (the same object in the replay).
  const cache = new WeakMap<StringState, Map<string, { v: number; hints: StringPlacementHint[] }>>();
  const valued = (engine: StringEngine, s: StringState, seat: number, turn: string) => {
    let m = cache.get(s);
    if (!m) {
      m = new Map();
      cache.set(s, m);
    }
    let known = m.get(`${seat} ${turn}`);
    if (!known) {
      const hints: StringPlacementHint[] = [];
      known = { v: stringValue(solver, engine, s, seat, turn, hints), hints };
      m.set(`${seat} ${turn}`, known);
    }
    return known;
  };
  return {
    objective: () => ({
      unit: "points",
      about:
        "points by the end of the turn with the exact best transport plan, as the hints' solver values them " +
        "(error bar in the route phase: half the best string hint's value)",
    }),
    grade: (before: StringState, action: StringAction, after: StringState): MoveGrade => {
      const seat = action.player;
      const engine = rules();
      const k = solver.kernel;
      const turn = turnOf(before);
      const value = (s: StringState) => valued(engine, s, seat, turn).v;
      const { hints } = valued(engine, before, seat, turn);
      const played = value(after);
      const label = stringMoveLabel(action, after);
      let best = { value: played, label };
      const tried = new Set([JSON.stringify(action)]);
      const consider = (a: StringAction | null | undefined) => {
        if (!a) return;
        const key = JSON.stringify(a);
        if (tried.has(key)) return;
        tried.add(key);
        const r = engine.apply(before, a);
        if (!r.ok) return;
        const v = value(r.state);
        if (v > best.value) best = { value: v, label: stringMoveLabel(a, r.state) };
      };
      let error = 0;
      if (before.current === seat && !before.over) {
        if (before.choice)
          for (const tile of before.choice.tiles) consider({ type: "keep-tile", player: seat, tile });
        else {
          for (const h of hints) consider(h.action);
          consider(solverBotAction(before, k, engine));
          if (before.step !== "locomotive") {
            consider(planTransport(k, before, seat).actions[0]);
            for (const r of longDistanceRoutes(k, before, seat, before.ap)) consider(r.action);
          }
          consider({ type: "end-turn", player: seat });
        }
        if (hints.length > 0) error = 0.5 * Math.max(0, ...hints.map((h) => h.value));
        error = Math.max(error, upgradeError(solver, before, seat));
      }
      // A drawn tile counts −2 while face up; a later long-distance move may resolve it (+5 from row A).
      if (action.type === "draw-tile") error = Math.max(error, DRAWN_TILE);
      return {
        label,
        best: best.value,
        bestLabel: best.label,
        played,
        after: played,
        error,
        chart: before.seats.map((_, i) => (i === seat ? best.value : null)),
      };
    },
    final: (s) => s.seats.map((_, i) => s.result?.points[i] ?? pointsOf(s, i)),
  };
}
