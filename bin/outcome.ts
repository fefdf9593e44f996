/**
 * What every `rail` command path shares, kept free of the game registry so that the main-thread path (bin/direct.ts)
 * loads only what its command needs: the {@link Outcome} of one command, how an error becomes one
 * ({@link failure}), and the first-use Wasm build ({@link ensureWasm}).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { oneLineMessage } from "../web/cli/args.ts";

/** One command's stdout text, its one-line error and its exit code. */
export interface Outcome {
  out: string;
  err: string;
  code: number;
}

/**
 * Builds the Wasm modules on first use when `npm install` did not (e.g. `--ignore-scripts`): when a top-level entry
 * of assembly/ (one per module, as scripts/build-wasm.mjs finds them) has no release build.
 */
export function ensureWasm(): void {
  const here = fileURLToPath(new URL(".", import.meta.url));
  // bin/outcome.ts or dist/cli/*.js: the package root holds build/ and scripts/
  for (const root of [`${here}..`, `${here}../..`]) {
    if (!existsSync(`${root}/scripts/build-wasm.mjs`)) continue;
    const entries = readdirSync(`${root}/assembly`).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
    if (entries.every((f) => existsSync(`${root}/build/${f.slice(0, -3)}.release.wasm`))) return;
    execFileSync(process.execPath, [`${root}/scripts/build-wasm.mjs`], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    return;
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

/** A command's answer (JSON, or a {@link TextResult}'s text) as its {@link Outcome}. */
export function success(result: unknown, isText: boolean): Outcome {
  const out = isText ? (result as { text: string }).text : JSON.stringify(result);
  return { out: out.endsWith("\n") ? out : `${out}\n`, err: "", code: 0 };
}

/** A thrown error as its {@link Outcome}: one line, exit 2 for the user's errors, 1 for anything unexpected. */
export function failure(e: unknown): Outcome {
  const message = e instanceof Error ? e.message : String(e);
  const shown =
    e instanceof Error && e.name === "RuleError" && "rule" in e
      ? `${(e as { rule: string }).rule}: ${message}`
      : message;
  return { out: "", err: `rail: ${oneLineMessage(shown)}\n`, code: isUserError(e) ? 2 : 1 };
}
