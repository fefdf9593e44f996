/**
 * `rail train …`: The Train Game's exact solvers from the command line (the engine's own code: the Wasm kernel
 * over web/solvers/train, the engine's turn rules for hints).
 *
 *   train ev                          {"expected": <expected score of a whole turn, max-EV policy>}
 *   train beat <T>                    {"target": T, "probability": <max P(turn score > T)>}   T = 0..200
 *   train race [--goal N]             {"goal": N, "firstPlayerWins": <P>, "tolerance": <bound>, "source": …}
 *                                     goal 100 (default) reads web/data/train/race-100.bin; any other goal
 *                                     (50..200) is solved now, with progress on stderr
 *   train hint --train E,T,4 --roll 4,3,C --rolls-left 1 [--banked N] [--me A --opponent B [--second] [--goal N]]
 *                                     every option with its expected score (and race win chance), best first
 */

import { intArg, parseArgs, positionals, UsageError } from "../../cli/args.ts";
import { InputError } from "../../engine/common/errors.ts";
import {
  applyRollFaces,
  type Face,
  isFace,
  makeTurn,
  REGULAR_ROLLS,
  type TurnState,
} from "../../engine/train/index.ts";
import {
  BEAT_MAX,
  createTrainSolver,
  createTrainSolverReference,
  GOAL,
  MAX_GOAL,
  MIN_GOAL,
  type RaceContext,
  type TrainSolver,
} from "../../solvers/train/index.ts";
import { decodeRaceTable, type RaceData } from "../../solvers/train/race-table.ts";
import type { CliHost, Kit } from "../types.ts";

const USAGE =
  "usage: rail train ev | beat <T> | race [--goal N] | hint --train FACES [--roll FACES] [--rolls-left N] [--banked N]";

/** The shipped race table from the host's data, if it is there and sound (else races are solved). */
async function shippedRaceTable(kit: Kit): Promise<RaceData | undefined> {
  try {
    const bytes = await kit.data(`train/race-${GOAL}.bin`);
    return bytes ? decodeRaceTable(bytes, GOAL) : undefined;
  } catch {
    return undefined;
  }
}

/** The solver on the host's Wasm (or the twin); with `race` it carries the shipped race table. */
async function solver(kit: Kit, race = false): Promise<TrainSolver> {
  const wasm = kit.wasm("train");
  const raceTable = race ? await shippedRaceTable(kit) : undefined;
  const options = raceTable ? { raceTable } : {};
  return wasm ? createTrainSolver(await wasm, options) : createTrainSolverReference(options);
}

function goalArg(opts: Map<string, string>): number {
  return intArg(opts.get("goal"), "--goal", MIN_GOAL, MAX_GOAL) ?? GOAL;
}

/** Progress of a long solve on stderr: nothing for the first second, then every 10%. */
function stderrProgress(what: string): (done: number) => void {
  const start = Date.now();
  let shown = 0;
  return (done) => {
    if (Date.now() - start < 1000 || (done - shown < 0.1 && done < 1) || shown === 1) return;
    shown = done;
    process.stderr.write(`rail: ${what}: ${Math.round(done * 100)}%\n`);
  };
}

/** Faces written `E T 4 3 2 C`, separated by commas or spaces ("" or "-" for none). */
export function parseFaceList(text: string, name: string): Face[] {
  const parts = text
    .split(/[\s,]+/)
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== "" && s !== "-");
  return parts.map((p) => {
    if (!isFace(p)) throw new UsageError(`${name}: unknown face "${p}" (faces are E T 4 3 2 C)`);
    return p;
  });
}

/** The turn the hint is about, built and checked by the engine. */
export function hintTurn(opts: Map<string, string>): TurnState {
  const train = parseFaceList(opts.get("train") ?? "", "--train");
  const roll = opts.has("roll") ? parseFaceList(opts.get("roll")!, "--roll") : undefined;
  const banked = intArg(opts.get("banked"), "--banked", 0, 1000) ?? 0;
  const rollsLeft = intArg(opts.get("rolls-left"), "--rolls-left", 0, REGULAR_ROLLS);
  if (train.length + (roll?.length ?? 0) > 6)
    throw new UsageError(
      `too many dice: ${train.length} in the train and ${roll?.length ?? 0} rolled (there are 6)`,
    );
  const phase = banked > 0 ? "freight" : "regular";
  try {
    if (!roll)
      return makeTurn({
        train,
        banked,
        phase,
        step: "roll",
        ...(rollsLeft === undefined ? {} : { rollsLeft }),
      });
    if (train.length + roll.length !== 6)
      throw new UsageError(
        `--roll must hold every die not in the train (${6 - train.length}), got ${roll.length}`,
      );
    // The raw roll: let the engine take the first Engine / Tender as the rules do.
    const before = makeTurn({
      train,
      banked,
      phase,
      step: "roll",
      ...(rollsLeft === undefined || phase === "freight" ? {} : { rollsLeft: rollsLeft + 1 }),
    });
    const step = applyRollFaces(before, roll);
    if (step.ended)
      throw new UsageError(
        `that roll ends the turn (${step.ended.reason}, scores ${step.ended.score}): nothing to choose`,
      );
    if (step.turn.step !== "add")
      throw new UsageError("nothing to choose after that roll: the roll is spent");
    return step.turn;
  } catch (e) {
    if (e instanceof InputError || (e instanceof Error && e.name === "RuleError"))
      throw new UsageError(e.message);
    throw e;
  }
}

export async function trainCommand(args: string[], host: CliHost): Promise<unknown> {
  const [sub, ...rest] = args;
  switch (sub) {
    case "ev": {
      positionals(parseArgs(rest, []), [], USAGE);
      return { expected: (await solver(host.kit)).expectedTurnScore() };
    }
    case "beat": {
      const p = parseArgs(rest, []);
      if (p.positionals.length !== 1) throw new UsageError("usage: rail train beat <T>   (T = 0..200)");
      const target = intArg(p.positionals[0], "target", 0, BEAT_MAX)!;
      return { target, probability: (await solver(host.kit)).beatProbability(target) };
    }
    case "race": {
      const p = parseArgs(rest, ["goal"]);
      if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}"`);
      const goal = goalArg(p.options);
      const s = await solver(host.kit, goal === GOAL);
      const source = s.hasRace(goal) ? "table" : "solved";
      s.raceTable(stderrProgress(`solving the race to ${goal}`), goal);
      const r = s.raceFirstPlayerWins(goal);
      return { goal, firstPlayerWins: r.value, tolerance: r.tolerance, source };
    }
    case "hint": {
      const p = parseArgs(
        rest,
        ["train", "roll", "rolls-left", "banked", "me", "opponent", "goal"],
        ["second"],
      );
      if (p.positionals.length > 0) throw new UsageError(`unexpected argument "${p.positionals[0]}"`);
      if (!p.options.has("train"))
        throw new UsageError("hint needs --train (faces in the train, e.g. E,T,4; - for none)");
      const turn = hintTurn(p.options);
      let race: RaceContext | undefined;
      if (p.options.has("me") || p.options.has("opponent") || p.options.has("goal")) {
        const goal = goalArg(p.options);
        const me = intArg(p.options.get("me") ?? "0", "--me", 0, goal - 1)!;
        const opponent = intArg(p.options.get("opponent") ?? "0", "--opponent", 0, goal - 1)!;
        race = { me, opponent, first: !p.flags.has("second"), ...(goal === GOAL ? {} : { goal }) };
      }
      const s = await solver(host.kit, race !== undefined);
      if (race?.goal !== undefined)
        s.raceTable(stderrProgress(`solving the race to ${race.goal}`), race.goal);
      const options = s.hint(turn, race);
      return { turn, ...(race ? { race } : {}), options };
    }
    default:
      throw new UsageError(sub ? `unknown train command "${sub}". ${USAGE}` : USAGE);
  }
}
