/**
 * `rail review FILE [--json] [--<option> N]…`: a game review (docs/review.md) of a rail game file or an engine save
 * of any registered game with a `review` (web/games/types.ts `GameModule.review`): every move graded, then each
 * seat's totals and biggest mistakes. A text table, or with `--json` the whole `GameReview` (web/games/review.ts).
 * The game's review options are offered as `--<name> N` (Light Rail's `--playouts`, `--ms`), checked and capped by
 * the game; the whole command is under the CLI's time budget (`RAIL_TIME_BUDGET`, bin/rail.ts).
 */
import { intArg, parseArgs, positionals, quote, TextResult, UsageError } from "../../web/cli/args.ts";
import { InputError } from "../../web/engine/common/errors.ts";
import { isObject } from "../../web/engine/common/input.ts";
import { formatValue, type GameReview, reviewGame } from "../../web/games/review.ts";
import type { GameModule } from "../../web/games/types.ts";
import { nodeKit } from "../../web/wasm/node.ts";
import { readJsonFile } from "../files.ts";
import { findGame } from "../games.ts";

const USAGE =
  "usage: rail review FILE [--json] [--<option> N]   (a rail game file or an engine save; docs/review.md)";

/** The game and its saved state in `doc`: a rail game file (`format: "rail-game"`) or an engine save. */
function gameOf(
  doc: unknown,
  where: string,
  games: readonly GameModule[],
): { module: GameModule; save: unknown } {
  if (!isObject(doc)) throw new UsageError(`${where} is neither a rail game file nor a game save`);
  const save = doc.format === "rail-game" ? doc.state : doc;
  const id = doc.format === "rail-game" ? doc.game : isObject(save) ? save.game : undefined;
  if (typeof id !== "string") throw new InputError(`${where} names no game`, "/game");
  return { module: findGame(id, games), save };
}

export async function reviewCommand(args: string[], games: readonly GameModule[]): Promise<unknown> {
  // Every registered game's review options parse; those of another game than the file's are refused below.
  const keys = [...new Set(games.flatMap((g) => g.review?.keys ?? []))];
  const p = parseArgs(args, keys, ["json"]);
  const [file] = positionals(p, ["FILE"], USAGE);
  const doc = readJsonFile(file, `missing FILE (${USAGE})`);
  const { module, save } = gameOf(doc, quote(file!), games);
  const spec = module.review;
  if (!spec) throw new UsageError(`${module.title} has no review`);
  const given: Record<string, number> = {};
  for (const k of p.options.keys()) {
    if (!spec.keys.includes(k)) throw new UsageError(`--${k}: ${module.title}'s review takes no such option`);
    given[k] = intArg(p.options.get(k), `--${k}`, 0, Number.MAX_SAFE_INTEGER)!;
  }
  let options: object;
  try {
    options = spec.readOptions(given);
  } catch (e) {
    const m = e instanceof InputError ? /^\/options\/([a-z-]+)$/i.exec(e.path) : null;
    if (!m) throw e;
    throw new UsageError(`--${m[1]} ${(e as InputError).message.slice((e as InputError).path.length + 2)}`);
  }
  const state = module.engine.load(save);
  let solver: Promise<unknown> | undefined;
  const reviewer = await spec.load(() => (solver ??= module.loadSolver(nodeKit())), options);
  const review = await reviewGame(module, module.engine, reviewer, state);
  return p.flags.has("json") ? review : new TextResult(reviewText(review, module.title));
}

/** The review as a text table: one line a move, then each seat's totals and biggest mistakes. */
export function reviewText(r: GameReview, title: string): string {
  const f = (v: number) => formatValue(r.unit, v);
  const lines = [`${title}: review of ${r.moves.length} moves (values: ${r.objective})`, ""];
  const rows = r.moves.map((m) => {
    const g = (v: number) => formatValue(m.unit, v);
    return [
      String(m.index),
      String(m.seat),
      m.label,
      g(m.played),
      g(m.best),
      m.loss < 5e-10 ? "" : m.bestLabel,
      m.loss < 5e-10 ? "" : g(m.loss),
      Math.abs(m.luck) < 5e-10 ? "" : `${m.luck > 0 ? "+" : ""}${g(m.luck)}`,
      m.flagged ? "?" : "",
    ];
  });
  const head = ["#", "seat", "move", "value", "best", "best move", "loss", "luck", ""];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [head, ...rows])
    lines.push(
      row
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    );
  lines.push("");
  for (const s of r.seats) {
    const worst =
      s.mistakes.map((i) => `#${i} (−${formatValue(r.moves[i]!.unit, r.moves[i]!.loss)})`).join(", ") ||
      "none";
    lines.push(
      `seat ${s.seat}: ${s.moves} moves, lost ${f(s.decisions)} to decisions, luck ${s.luck >= 0 ? "+" : ""}${f(s.luck)}; biggest mistakes: ${worst}`,
    );
  }
  return lines.join("\n");
}
