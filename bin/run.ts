/**
 * One `rail` command run in this thread: dispatch over the registered games (web/games/registry.ts; no game is
 * named here) to the game-file commands, the arena or a game's own tools (its `GameCli.commands`); the answer as
 * stdout text, an error as one escaped line of at most 400 characters with its exit code (2: bad input, usage, a
 * refused action; 1: anything unexpected). bin/rail.ts runs it in a worker under the time budget; tests call it
 * directly, with other games if they like (`runCommand(args, { games })`).
 */
import { closeSync, readSync } from "node:fs";
import { quote, TextResult, UsageError } from "../web/cli/args.ts";
import { MODULES } from "../web/games/registry.ts";
import type { CliTool, GameModule } from "../web/games/types.ts";
import { openRegular } from "./files.ts";
import { nodeHost } from "./host.ts";
import { ensureWasm, failure, type Outcome, success } from "./outcome.ts";

/** The one-line usage of `rail`, naming the registered games. */
function usage(games: readonly GameModule[]): string {
  const ids = games.map((g) => g.id).join("|");
  return `usage: rail <${ids}> <command> … | rail arena <${ids}> --bots a,b --games N | rail review FILE | rail --help   (see docs/cli.md)`;
}

/** `rail --help`: every registered game with its commands and its own tools. */
async function help(games: readonly GameModule[]): Promise<TextResult> {
  const lines = ["rail: railkit's command-line tool (docs/cli.md)", ""];
  for (const g of games) {
    const tools = Object.keys((await g.cli()).commands ?? {});
    lines.push(`  rail ${g.id} ${[...GAME_COMMANDS].join("|")} FILE …   ${g.title}: a game file`);
    if (tools.length > 0) lines.push(`  rail ${g.id} ${tools.join("|")} …   ${g.title}: its own tools`);
  }
  lines.push(
    "  rail review FILE [--json] [--<option> N]   a game's review: every move graded (docs/review.md)",
  );
  lines.push(
    `  rail arena <${games.map((g) => g.id).join("|")}> --bots a,b[,c…] --games N [--seed S] [--swap-seats] [--json]`,
  );
  lines.push("  rail --version   the railkit package's version");
  return new TextResult(lines.join("\n"));
}

const GAME_COMMANDS = new Set(["new", "show", "legal", "play", "undo", "hint", "bot", "replay"]);

async function dispatch(args: string[], games: readonly GameModule[]): Promise<unknown> {
  const [word, ...rest] = args;
  if (word === "arena") return (await import("./commands/arena.ts")).arenaCommand(rest, games);
  if (word === "review") return (await import("./commands/review.ts")).reviewCommand(rest, games);
  if (word === "--help" || word === "help") return help(games);
  if (word === "--version") return (await import("./version.ts")).version();
  const game = games.find((g) => g.id === word);
  if (!game)
    throw new UsageError(word === undefined ? usage(games) : `unknown game ${quote(word)}. ${usage(games)}`);
  const [sub, ...subArgs] = rest;
  const commands = (await game.cli()).commands ?? {};
  const tool: CliTool | undefined =
    sub !== undefined && Object.hasOwn(commands, sub) ? commands[sub] : undefined;
  // A tool named like a game-file command (`hint`, `bot`) takes the arguments that name no game file: see below.
  if (sub !== undefined && GAME_COMMANDS.has(sub) && (!tool || isGameFileUse(tool, subArgs)))
    return (await import("./commands/game.ts")).gameCommand(game, rest);
  if (tool) return tool.run(subArgs, nodeHost);
  const names = [...new Set([...GAME_COMMANDS, ...Object.keys(commands)])].join("|");
  const own = `usage: rail ${game.id} ${names} …   (see docs/cli.md)`;
  throw new UsageError(sub === undefined ? own : `unknown ${game.id} command ${quote(sub)}. ${own}`);
}

/**
 * Whether `rail <game> <sub> ARGS` is the game-file command when the game also has a tool `sub` (`<game> hint
 * --<option> …`, `<game> hint STATE.json` from a tool that takes a file, `<game> bot --players …`).
 * Any argument naming a rail game file (`{"format":"rail-game", …}`, sniffed from its first bytes) makes it the
 * game-file command; otherwise a first argument that is not an option does, unless the tool takes a file.
 */
function isGameFileUse(tool: CliTool, args: string[]): boolean {
  if (args.some((a) => !a.startsWith("-") && isRailGameFile(a))) return true;
  const first = args[0];
  if (first === undefined || first.startsWith("--")) return false;
  return !tool.takesFile;
}

function isRailGameFile(file: string): boolean {
  try {
    const fd = openRegular(file); // never a device or a FIFO: the command itself refuses those

    try {
      const buf = Buffer.alloc(64);
      const n = readSync(fd, buf, 0, 64, 0);
      return buf.subarray(0, n).toString("utf8").startsWith('{"format":"rail-game"');
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

export type { Outcome } from "./outcome.ts";

/** Which games the command line runs (tests add a game that exists only in the tests). */
export interface RunOptions {
  /** The registered games (default {@link MODULES}). */
  games?: readonly GameModule[];
}

/** Runs one command in this thread: its stdout text, its one-line error and its exit code. */
export async function runCommand(args: string[], options: RunOptions = {}): Promise<Outcome> {
  try {
    ensureWasm();
    const result = await dispatch(args, options.games ?? MODULES);
    return success(result, result instanceof TextResult);
  } catch (e) {
    return failure(e);
  }
}
