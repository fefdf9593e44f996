/**
 * Where a Train Game hint, race bot move or review grade is solved: here, or in the host's solver thread (`Kit.worker`: the
 * browser's solver worker) when it needs the race to a goal whose table this thread does not have. One shared game
 * worker serves every game of a page, and a race to 150 solved there (about 4 s in Wasm) would hold every move
 * behind it; so a race whose goal is not the shipped one (100) goes to the solver thread, whoever asks (the widget,
 * a plain page's `client.train.hints`, `train.hint`, a computer seat, a review), and `report` hears its solve. A host without
 * a solver thread (Node, the CLI, the server) solves on its own thread, once per goal.
 */
import type { TrainAction, TrainGameState, TurnState } from "../../engine/train/types.ts";
import type { RaceContext, TrainHintOption } from "../../solvers/train/api.ts";
import { raceContext, SHIPPED_GOAL } from "../../solvers/train/race-context.ts";
import type { Report } from "../types.ts";
import type { TrainSolverBundle } from "./index.ts";

/** Highest elimination target valued in chances (the solver's beat targets); above it, in points. */
const BEAT_MAX = 200;

/**
 * The target the seat to move must beat in an elimination game, when it has one the solver takes; else undefined
 * (no target yet, the target's own setter, a race).
 */
export function beatTarget(s: TrainGameState): number | undefined {
  if (s.options.variant !== "elimination" || s.target === null || s.current === s.targetSetter)
    return undefined;
  return s.target <= BEAT_MAX ? s.target : undefined;
}

/** True when the race's solve belongs in the solver thread: a race to a goal without a shipped table. */
function offThread(b: TrainSolverBundle, race: RaceContext | undefined): race is RaceContext {
  return (
    b.remote !== undefined &&
    race !== undefined &&
    race.goal !== undefined &&
    race.goal !== SHIPPED_GOAL &&
    race.lastTurnTarget === undefined
  );
}

/** True when answering in `race` would solve a race here: its goal's table is not at hand (nor a last turn's target). */
function needsRaceSolve(b: TrainSolverBundle, race: RaceContext | undefined): boolean {
  return (
    race !== undefined &&
    race.goal !== undefined &&
    race.lastTurnTarget === undefined &&
    !b.solver.hasRace(race.goal)
  );
}

/** The hints of `turn` in `race` (none: expected scores only), solved where the race belongs. */
export async function trainHint(
  b: TrainSolverBundle,
  turn: TurnState,
  race: RaceContext | undefined,
  report?: Report,
): Promise<TrainHintOption[]> {
  b.used = true;
  race = await b.raceFor(turn, race);
  if (!offThread(b, race)) return b.solver.hint(turn, race);
  const remote = b.remote!;
  if (!remote.solved(race.goal!)) report?.("starting the solver", 0);
  return remote.hint(turn, race, (p) => report?.(p.stage, p.fraction));
}

/**
 * The hints of the game `state` for the seat to move, in its objective: in an elimination game with a target to
 * beat, every option's chance of beating it too (`beatProbability`; best: the elimination bot's policy, the most
 * likely to beat it); else {@link trainHint} in the race of the seat to move (none: expected scores).
 */
export async function trainStateHint(
  b: TrainSolverBundle,
  state: TrainGameState,
  report?: Report,
): Promise<TrainHintOption[]> {
  const target = beatTarget(state);
  if (target === undefined) return trainHint(b, state.turn, raceContext(state), report);
  b.used = true;
  return b.solver.beatHint(state.turn, target);
}

/**
 * The value in `race` (none: expected points) of the turn ending now with `score` points (the solver's `endValue`),
 * solved where the race belongs, as {@link trainHint}: a review values a turn's end so (review.ts).
 */
export async function trainEndValue(
  b: TrainSolverBundle,
  score: number,
  race: RaceContext | undefined,
  report?: Report,
): Promise<number> {
  if (!offThread(b, race)) return b.solver.endValue(score, race);
  const remote = b.remote!;
  if (!remote.solved(race.goal!)) report?.("starting the solver", 0);
  return remote.endValue(score, race, (p) => report?.(p.stage, p.fraction));
}

/**
 * The computer's move: the solver's bot (`mode`), or, for a race that belongs in the solver thread, the best option of
 * that thread's hint (the bot's move is the hint's best option for the same policy, docs/solvers.md § Bots and hints).
 */
export async function trainBotMove(
  b: TrainSolverBundle,
  state: TrainGameState,
  mode: "race" | "ev",
  quick = false,
): Promise<TrainAction> {
  b.used = true;
  const race = mode === "race" ? await b.raceFor(state.turn, raceContext(state)) : undefined;
  const player = state.current;
  // A host that must not stall, without the race at hand or a solver thread: max-EV (one turn solve) instead.
  if (quick && needsRaceSolve(b, race) && !offThread(b, race)) return b.botAction(state, "ev");
  if (player === null || !offThread(b, race)) return b.botAction(state, mode);
  let best: TrainHintOption["action"] | undefined;
  try {
    best = (await trainHint(b, state.turn, race)).find((h) => h.best)?.action;
  } catch (e) {
    // Points at stake beyond the hints' range: the bot's own rule (take the points) needs no race.
    if ((e as { kind?: unknown } | null)?.kind !== "input") throw e;
  }
  if (!best) return b.botAction(state, mode);
  return best.type === "add" ? { type: "add", player, faces: best.faces } : { type: best.type, player };
}
