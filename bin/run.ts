/**
 * One `rail` command run in this thread: dispatch to the command modules, the answer as stdout text, an error as
 * one escaped line of at most 400 characters with its exit code (2: bad input, usage, a refused action; 1:
 * anything unexpected). bin/rail.ts runs it in a worker under the time budget; tests call it directly.
 */
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { oneLineMessage, TextResult, UsageError } from "./args.ts";

const USAGE =
  "usage: rail <train|string|light> <command> … | rail arena <game> --bots a,b --games N   (see docs/cli.md)";

/** Builds the Wasm modules on first use when `npm install` did not (e.g. `--ignore-scripts`). */
function ensureWasm(): void {
  const here = fileURLToPath(new URL(".", import.meta.url));
  // bin/rail.ts or dist/cli/rail.js: the package root holds build/ and scripts/
  for (const root of [`${here}..`, `${here}../..`]) {
    if (!existsSync(`${root}/scripts/build-wasm.mjs`)) continue;
    if (existsSync(`${root}/build/train.release.wasm`)) return;
    execFileSync(process.execPath, [`${root}/scripts/build-wasm.mjs`], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    return;
  }
}

const GAME_COMMANDS = new Set(["new", "show", "legal", "play", "undo", "hint", "bot", "replay"]);

async function dispatch(args: string[]): Promise<unknown> {
  const [game, ...rest] = args;
  const sub = rest[0];
  if (game === "arena") return (await import("./commands/arena.ts")).arenaCommand(rest);
  if (game === "train" || game === "string" || game === "light") {
    // `hint` and `bot` without a game file are the older tools (a turn, a whole bot game): see docs/cli.md
    const gameFile = sub !== undefined && GAME_COMMANDS.has(sub) && isGameFileUse(game, sub, rest.slice(1));
    if (gameFile) return (await import("./commands/game.ts")).gameCommand(game, rest);
  }
  switch (game) {
    case "train":
      return (await import("./commands/train.ts")).trainCommand(rest);
    case "string":
      if (sub === "pairs") return (await import("./commands/string-pairs.ts")).stringPairs(rest.slice(1));
      return (await import("./commands/string.ts")).stringCommand(rest);
    case "light":
      return (await import("./commands/light.ts")).lightCommand(rest);
    default:
      throw new UsageError(game ? `unknown game ${JSON.stringify(game).slice(0, 40)}. ${USAGE}` : USAGE);
  }
}

/**
 * Whether `rail <game> <sub> …` is a game-file command. `hint` and `bot` also name older tools: `train hint
 * --train …` (a turn), `light hint STATE.json` (a saved engine state), `string|light bot --players …` (a whole
 * bot game). Any argument naming a rail game file (`{"format":"rail-game", …}`, sniffed from its first bytes)
 * makes it a game-file command; otherwise a first argument that is not an option does, except for `light
 * hint`, whose older form takes an engine save.
 */
function isGameFileUse(game: string, sub: string, args: string[]): boolean {
  if (sub !== "hint" && sub !== "bot") return true;
  if (args.some((a) => !a.startsWith("-") && isRailGameFile(a))) return true;
  const first = args[0];
  if (first === undefined || first.startsWith("--")) return false;
  return !(game === "light" && sub === "hint");
}

function isRailGameFile(file: string): boolean {
  try {
    const fd = openSync(file, "r");
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

/** Errors that are the user's: bad arguments, bad files, illegal positions, refused actions. */
function isUserError(e: unknown): e is Error {
  if (!(e instanceof Error)) return false;
  return (
    ["UsageError", "InputError", "RuleError", "SyntaxError"].includes(e.name) ||
    (e as { usage?: boolean }).usage === true ||
    // Command modules signal bad input with a plain Error carrying a one-line message.
    e.constructor === Error
  );
}

export interface Outcome {
  out: string;
  err: string;
  code: number;
}

/** Runs one command in this thread: its stdout text, its one-line error and its exit code. */
export async function runCommand(args: string[]): Promise<Outcome> {
  try {
    ensureWasm();
    const result = await dispatch(args);
    const out = result instanceof TextResult ? result.text : JSON.stringify(result);
    return { out: out.endsWith("\n") ? out : `${out}\n`, err: "", code: 0 };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const shown =
      e instanceof Error && e.name === "RuleError" && "rule" in e
        ? `${(e as { rule: string }).rule}: ${message}`
        : message;
    return { out: "", err: `rail: ${oneLineMessage(shown)}\n`, code: isUserError(e) ? 2 : 1 };
  }
}
