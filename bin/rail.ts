/**
 * `rail`: railkit's command-line tool. JSON on stdout; errors on stderr as one line, exit code 2 for bad
 * input or usage, 1 for anything unexpected.
 *
 *   npm run -s rail -- train ev | beat <T> | race | hint …
 *   npm run -s rail -- string score … | pairs FILE | cost FILE | bot …
 *   npm run -s rail -- light score FILE | hint FILE | bot …
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const USAGE = "usage: rail <train|string|light> <command> [options]   (see docs/cli.md)";

/** Builds the Wasm modules on first use when `npm install` did not (e.g. `--ignore-scripts`). */
function ensureWasm(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  if (existsSync(`${root}/build/train.release.wasm`)) return;
  execFileSync(process.execPath, [`${root}/scripts/build-wasm.mjs`], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function dispatch(args: string[]): Promise<unknown> {
  const [game, ...rest] = args;
  switch (game) {
    case "train":
      return (await import("./commands/train.ts")).trainCommand(rest);
    case "string":
      if (rest[0] === "pairs") return (await import("./commands/string-pairs.ts")).stringPairs(rest.slice(1));
      return (await import("./commands/string.ts")).stringCommand(rest);
    case "light":
      return (await import("./commands/light.ts")).lightCommand(rest);
    default:
      throw Object.assign(new Error(game ? `unknown game "${game}". ${USAGE}` : USAGE), { usage: true });
  }
}

/** Errors that are the user's: bad arguments, bad files, illegal positions. */
function isUserError(e: unknown): e is Error {
  if (!(e instanceof Error)) return false;
  return (
    ["UsageError", "InputError", "RuleError", "SyntaxError"].includes(e.name) ||
    (e as { usage?: boolean }).usage === true ||
    (e as NodeJS.ErrnoException).code === "ENOENT" ||
    // Command modules signal bad input with a plain Error carrying a one-line message.
    e.constructor === Error
  );
}

async function main(): Promise<number> {
  try {
    ensureWasm();
    const result = await dispatch(process.argv.slice(2));
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    process.stderr.write(`rail: ${message.split("\n")[0]}\n`);
    return isUserError(e) ? 2 : 1;
  }
}

process.exitCode = await main();
