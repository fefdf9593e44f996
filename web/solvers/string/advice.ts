/**
 * The hints the `<string-railway>` widget shows for the seat to move (docs/string-solvers.md "Hints"), each an
 * action the engine accepts now with the numbers behind it:
 * - `transport`: the exact best transport plan for the AP left (trades included); its action is the plan's first;
 * - `long-distance`: the fewest-AP route of each row of each face-up tile that fits the AP left;
 * - `string`: the best strings to lay now (route phase), ranked by the hint kernel;
 * - `preview`: not a hint but the live check of a string being drawn (the engine's `previewString`), answered
 *   through the same worker verb (`hints` with the `preview` option) so that a frame costs one round trip.
 */
import {
  previewString,
  type StringEngine,
  type StringPreview,
  stringEngine,
} from "../../engine/string/engine.ts";
import type { StringAction, StringKind, StringState } from "../../engine/string/types.ts";
import { nextTask } from "../next-task.ts";
import type { PlanKernel } from "./kernel.ts";
import {
  type LongDistanceRoute,
  longDistanceRoutes,
  planTransport,
  type StringPlacementHint,
  stringHints,
  type TransportPlan,
} from "./model.ts";

/** One hint (or the preview of a string being drawn); `action` is what to send to play it. */
export type StringHint =
  | ({ hint: "string" } & StringPlacementHint)
  | {
      hint: "transport";
      action: StringAction;
      plan: TransportPlan;
      /** Points the plan adds to the pile's score. */
      gain: number;
    }
  | {
      hint: "long-distance";
      action: StringAction & { type: "long-distance" };
      route: LongDistanceRoute;
      ap: number;
    }
  | { hint: "preview"; action: StringAction & { type: "place-string" }; preview: StringPreview };

/** A string being drawn, to check live (`hints` option `preview`). */
export interface StringPreviewRequest {
  kind: StringKind;
  /** `[x0, y0, x1, y1, …]`, 2 to 64 vertices. */
  path: number[];
}

/** The hints for the seat to move: the transport plan, then long-distance routes, then strings; at most `max`. */
export function adviceFor(k: PlanKernel, s: StringState, max = 20): StringHint[] {
  const steps = advicePhases(k, s, max);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * {@link adviceFor}, cooperative (the shared game worker: web/worker/service.ts): the same phases and the same
 * hints, with a `pause` (default {@link nextTask}: a macrotask) between the transport plan, the long-distance
 * routes and the strings, so that the worker answers other calls in between (a Roll of the Train widget on the
 * same page). `cancelled`, asked after each pause: true ends it there with no hints (the game has moved on and
 * the page drops the answer).
 */
export async function adviceForCooperative(
  k: PlanKernel,
  s: StringState,
  max = 20,
  opts: { pause?: () => Promise<void>; cancelled?: () => boolean } = {},
): Promise<StringHint[]> {
  const pause = opts.pause ?? nextTask;
  const steps = advicePhases(k, s, max);
  let step = steps.next();
  while (!step.done) {
    await pause();
    if (opts.cancelled?.()) return [];
    step = steps.next();
  }
  return step.value;
}

/** The advice in phases: a `yield` after the transport plan and after the long-distance routes. */
function* advicePhases(k: PlanKernel, s: StringState, max: number): Generator<void, StringHint[]> {
  const player = s.current;
  if (player === null || s.choice) return [];
  const out: StringHint[] = [];
  if (s.step !== "locomotive") {
    const plan = planTransport(k, s, player);
    if (plan.actions.length > 0 && plan.score > plan.before)
      out.push({ hint: "transport", action: plan.actions[0]!, plan, gain: plan.score - plan.before });
    yield;
    for (const route of longDistanceRoutes(k, s, player, s.ap)) {
      if (route.action && route.ap !== null && route.ap <= s.ap)
        out.push({ hint: "long-distance", action: route.action, route, ap: route.ap });
    }
    yield;
  }
  for (const h of stringHints(k, s, player, max)) out.push({ hint: "string", ...h });
  return out.slice(0, max);
}

/**
 * The live check of a string the seat to move is drawing (a one-entry hint list), measured by `engine`'s route
 * geometry (default `stringEngine`: the TypeScript twin).
 */
export function previewHint(
  s: StringState,
  request: StringPreviewRequest,
  engine: StringEngine = stringEngine,
): StringHint[] {
  const player = s.current;
  if (player === null) return [];
  const at = "/options/preview/path";
  const preview = previewString(s, player, request.kind, request.path, at, engine.geometry);
  return [
    {
      hint: "preview",
      action: { type: "place-string", player, kind: request.kind, path: request.path.slice() },
      preview,
    },
  ];
}
