/**
 * `rail string …`: String Railway: Transport commands (the `rail` dispatcher prints the returned value as
 * JSON; a thrown Error's one-line message goes to stderr with exit code 2). `pairs` lives elsewhere.
 *
 *   score --red 2 --blue 1 --yellow 3 --green 1 --white 2 [--purple N] [--flipped N] [--faceup N]
 *         → {"points": 22}
 *   cost FILE   (docs/string-board-format.md, "Cost files")
 *         → {"legal", "ap", "crossings", "mountain", "stations", "error"}
 *   bot --players 3 --seed 7 [--bot solver|greedy]   (the solver bot by default)
 *         → {"players", "seed", "points", "cubes", "winners", "actions", "log"}
 */

import { parseArgs, positionals, seedArg } from "../../cli/args.ts";
import { InputError } from "../../engine/common/errors.ts";
import { parseBoard } from "../../engine/string/board.ts";
import { playBotGame } from "../../engine/string/bot.ts";
import { boundsOf, DEFAULT_CELL, PlacedIndex } from "../../engine/string/geometry/placed.ts";
import {
  checkRoute,
  parsePath,
  type RouteContext,
  stringIds,
  toSegments,
} from "../../engine/string/route.ts";
import { MAX_WHITES, scoreCubes } from "../../engine/string/scoring.ts";
import type { StringKind } from "../../engine/string/types.ts";
import { playSolverBotGame } from "../../solvers/string/bot.ts";
import { createWasmKernel } from "../../solvers/string/wasm.ts";
import type { CliHost } from "../types.ts";

const USAGE = "usage: rail string score|cost|bot …";

/** Parses `--name value` options (the one parser, web/cli/args.ts); no positionals. */
function flags(args: string[], names: readonly string[]): Map<string, string> {
  const p = parseArgs(args, names);
  positionals(p, [], USAGE);
  return p.options;
}

function count(name: string, v: string | undefined, max: number): number {
  if (v === undefined) return 0;
  if (!/^\d{1,16}$/.test(v) || Number(v) > max)
    throw new Error(`--${name} must be an integer 0 to ${max}, got "${v}"`);
  return Number(v);
}

function score(args: string[]): { points: number } {
  const colours = ["red", "blue", "purple", "yellow", "green", "white"] as const;
  const f = flags(args, [...colours, "flipped", "faceup"]);
  const counts = Object.fromEntries(
    colours.map((c) => [c, count(c, f.get(c), c === "white" ? MAX_WHITES : 1000)]),
  ) as Record<(typeof colours)[number], number>;
  return {
    points: scoreCubes(counts, {
      flipped: count("flipped", f.get("flipped"), 12),
      faceUp: count("faceup", f.get("faceup"), 12),
    }),
  };
}

function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).split("\n")[0]!;
}

function parseString(v: unknown, where: string): { kind: StringKind; path: number[] } {
  if (Array.isArray(v)) return { kind: "short", path: parsePath(v, where) };
  if (typeof v !== "object" || v === null)
    throw new Error(`${where}: a string is {"kind", "path"} or a path array`);
  const o = v as Record<string, unknown>;
  const kind = o.kind ?? "short";
  if (kind !== "short" && kind !== "long") throw new Error(`${where}/kind: must be "short" or "long"`);
  return { kind, path: parsePath(o.path, `${where}/path`) };
}

export interface CostReport {
  legal: boolean;
  ap: number;
  crossings: number;
  mountain: boolean;
  stations: string[];
  error: string | null;
}

/** The route check of a cost document (already parsed JSON); throws Error for a malformed document. */
export function costOf(doc: unknown): CostReport {
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw new Error("a cost file is a JSON object");
  const o = doc as Record<string, unknown>;
  let board: ReturnType<typeof parseBoard>;
  try {
    board = parseBoard(o.board);
  } catch (e) {
    throw new Error(`board: ${oneLine(e)}`);
  }
  const strings = o.strings ?? [];
  if (!Array.isArray(strings) || !strings.every(Array.isArray)) {
    throw new Error("strings: one array of placed strings per player expected");
  }
  const player = o.player ?? 0;
  if (
    !Number.isInteger(player) ||
    (player as number) < 0 ||
    (player as number) >= Math.max(strings.length, 1)
  ) {
    throw new Error(`player: a seat index 0 to ${Math.max(strings.length, 1) - 1} expected`);
  }
  let candidate: { kind: StringKind; path: number[] };
  let others: number[][] = [];
  try {
    candidate = parseString(o.candidate, "candidate");
    others = (strings as unknown[][]).flatMap((list, seat) =>
      seat === player ? [] : list.map((s, k) => parseString(s, `strings/${seat}/${k}`).path),
    );
  } catch (e) {
    throw new Error(oneLine(e));
  }
  const ap = o.ap;
  if (ap !== undefined && !(Number.isInteger(ap) && (ap as number) >= 0)) {
    throw new Error("ap: a non-negative integer expected");
  }
  const discs = Float64Array.from(board.stations.flatMap((s) => [s.x, s.y]));
  const ctx: RouteContext = {
    polygon: Float64Array.from(board.polygon),
    mountain: Float64Array.from(board.mountain),
    discs,
    radius: board.radius,
  };
  // each rival string its own id (meeting places count per string), in an index over the board's box
  const rivals = new PlacedIndex(toSegments(others), boundsOf(ctx.polygon), DEFAULT_CELL, stringIds(others));
  const c = checkRoute(ctx, candidate.kind, candidate.path, rivals);
  let error = c.error ? `${c.error.rule}: ${c.error.message}` : null;
  if (!error && typeof ap === "number" && c.ap > ap) {
    error = `string.not-enough-ap: this string costs ${c.ap} AP; ${ap} available`;
  }
  return {
    legal: error === null,
    ap: c.ap,
    crossings: c.crossings,
    mountain: c.mountain,
    stations: c.stations.map((i) => board.stations[i]!.id),
    error,
  };
}

async function cost(args: string[], host: CliHost): Promise<CostReport> {
  const p = parseArgs(args, []);
  const [file] = positionals(p, ["FILE"], "usage: rail string cost FILE");
  return costOf(host.readJsonFile(file, "usage: rail string cost FILE"));
}

async function bot(args: string[], host: CliHost): Promise<unknown> {
  const f = flags(args, ["players", "seed", "bot"]);
  const kind = f.get("bot") ?? "solver";
  if (kind !== "solver" && kind !== "greedy")
    throw new Error(`--bot must be solver or greedy, got "${kind}"`);
  const p = f.get("players") ?? "3";
  if (!/^[2-5]$/.test(p)) throw new Error(`--players must be 2 to 5, got "${p}"`);
  const players = Number(p);
  const seed = seedArg(f.get("seed") ?? "1");
  // The solver bot's kernels on the host's stringplan Wasm, or their TypeScript twins.
  const wasm = kind === "solver" ? host.kit.wasm("stringplan") : null;
  const kernel = wasm ? await createWasmKernel(await wasm) : undefined;
  let g: ReturnType<typeof playBotGame>;
  try {
    // The solver bot (web/solvers/string, Wasm kernels) in every seat by default; the engine's greedy bot on request.
    g = kind === "greedy" ? playBotGame(players, seed) : playSolverBotGame(players, seed, undefined, kernel);
  } catch (e) {
    // A seed the engine refuses (a digit string too long for a finite number): a one-line error, exit 2.
    if (e instanceof InputError) throw new Error(`string bot: ${oneLine(e)}`);
    throw e;
  }
  return {
    players,
    seed,
    bot: kind,
    points: g.result.points,
    cubes: g.result.cubes,
    winners: g.final.winners,
    actions: g.log.length,
    log: g.log,
  };
}

export async function stringCommand(args: string[], host: CliHost): Promise<unknown> {
  const [sub, ...rest] = args;
  switch (sub) {
    case "score":
      return score(rest);
    case "cost":
      return cost(rest, host);
    case "bot":
      return await bot(rest, host);
    default:
      throw new Error(sub === undefined ? USAGE : `unknown string subcommand "${sub}"; ${USAGE}`);
  }
}
