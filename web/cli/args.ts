/**
 * The one argument parser of every `rail` command, the game-file commands (bin/) and the games' own tools
 * (web/games/<game>/tools.ts) alike, and the JSON checks of the one file reader (bin/files.ts: files are the
 * host's, so nothing here imports Node). Every error is a `UsageError` (or the engines' `InputError`) with a
 * one-line message; the dispatcher prints it to stderr and exits 2.
 *
 * - Options are `--name value` or `--name=value`; flags are `--name`. An option or flag a command does not
 *   know, an option given twice, a flag given a value and a missing value are refused. `--` ends the options.
 *   A lone `-` is a positional (stdin where a file is expected); any other `-x` is an unknown option.
 * - Numbers are decimal integers only (`0x10`, `1e3`, `" 5"`, `""` are refused), each option with its range.
 * - Files are read whole up to {@link MAX_FILE_BYTES}, parsed, and nested at most {@link MAX_FILE_DEPTH}
 *   levels (checked without recursion, so a value nested 10⁵ deep is refused, not a stack overflow).
 */
import { excerpt, pointer } from "../engine/common/input.ts";

export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** A command's answer printed as text (a picture), not as JSON. */
export class TextResult {
  constructor(readonly text: string) {}
}

/** Largest file (or stdin) a command reads. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** Deepest nesting of a file's JSON (a game file is about 8 deep). */
export const MAX_FILE_DEPTH = 64;
/** Longest JSON text given as an argument (an action). */
export const MAX_ARG_JSON = 64 * 1024;

/** `--name value` / `--name=value` options and boolean `--flag`s, with positionals in order. */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
  flags: Set<string>;
}

/** A file name or argument, quoted and shortened for a message. */
export const quote = (text: string): string => excerpt(text, 60);

/** Parses argv; `valued` names the options that take a value, `flags` the boolean ones. Unknown → UsageError. */
export function parseArgs(
  args: readonly string[],
  valued: readonly string[],
  flags: readonly string[] = [],
): ParsedArgs {
  const out: ParsedArgs = { positionals: [], options: new Map(), flags: new Set() };
  const known = () => {
    const all = [...valued, ...flags].map((k) => `--${k}`).join(", ");
    return all ? `known: ${all}` : "this command takes no options";
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      out.positionals.push(...args.slice(i + 1));
      break;
    }
    if (a === "-" || /^-\d/.test(a) || !a.startsWith("-")) {
      out.positionals.push(a);
      continue;
    }
    if (!a.startsWith("--")) throw new UsageError(`unknown option ${quote(a)} (${known()})`);
    const eq = a.indexOf("=");
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (flags.includes(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      if (out.flags.has(name)) throw new UsageError(`--${name} given twice`);
      out.flags.add(name);
    } else if (valued.includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (out.options.has(name)) throw new UsageError(`--${name} given twice`);
      out.options.set(name, value);
    } else {
      throw new UsageError(`unknown option --${quote(name).slice(1, -1)} (${known()})`);
    }
  }
  return out;
}

/** Exactly the positionals `names` (the last ones optional from `required` on); else UsageError with `usage`. */
export function positionals(p: ParsedArgs, names: readonly string[], usage: string, required = names.length) {
  const n = p.positionals.length;
  if (n < required) throw new UsageError(`missing ${names[n]} (${usage})`);
  if (n > names.length)
    throw new UsageError(`unexpected argument ${quote(p.positionals[names.length]!)} (${usage})`);
  return p.positionals;
}

/** An integer option (or positional) in [min, max], decimal digits only. */
export function intArg(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,16}$/.test(value))
    throw new UsageError(`${name} must be a whole number, got ${quote(value)}`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}

/** A seed: a decimal integer (a number, when safe) or any other short text (a string seed). */
export function seedArg(value: string, name = "--seed"): number | string {
  if (value.length === 0) throw new UsageError(`${name} must not be empty`);
  if (value.length > 100) throw new UsageError(`${name} must be at most 100 characters, got ${value.length}`);
  if (/^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) return Number(value);
  return value;
}

/** A comma-separated list of at most `max` entries (empty entries refused). */
export function listArg(value: string, name: string, max: number): string[] {
  const parts = value.split(",");
  if (parts.length > max) throw new UsageError(`${name}: at most ${max} entries, got ${parts.length}`);
  for (const p of parts) if (p === "") throw new UsageError(`${name}: an empty entry in ${quote(value)}`);
  return parts;
}

/** `value` must be one of `values`. */
export function choiceArg<T extends string>(value: string, name: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(value))
    throw new UsageError(
      `${name} must be ${values.slice(0, -1).join(", ")}${values.length > 1 ? " or " : ""}${values.at(-1)}, got ${quote(value)}`,
    );
  return value as T;
}

/** Parses JSON text; UsageError naming `what` when it is not JSON or nested deeper than `maxDepth`. */
export function parseJsonText(text: string, what: string, maxDepth = MAX_FILE_DEPTH): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} is not valid JSON (not JSON: ${excerpt((e as Error).message, 60)})`);
  }
  const deep = tooDeep(value, maxDepth);
  if (deep !== null)
    throw new UsageError(`${what}: ${deep || "the value"} is nested deeper than ${maxDepth} levels`);
  return value;
}

/**
 * The JSON pointer of the first value nested deeper than `max` levels, or null. Iterative (an explicit
 * stack), so a 10⁵-deep value cannot overflow the call stack.
 */
export function tooDeep(value: unknown, max: number): string | null {
  const stack: [unknown, number, string][] = [[value, 0, ""]];
  while (stack.length > 0) {
    const [v, depth, path] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= max) return path;
    if (Array.isArray(v))
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], depth + 1, pointer(path, i)]);
    else
      for (const k of Object.keys(v))
        stack.push([(v as Record<string, unknown>)[k], depth + 1, pointer(path, k)]);
  }
  return null;
}

/** A one-line, escaped, bounded message for the terminal (control characters as \u escapes, ≤ 400 chars). */
export function oneLineMessage(message: string): string {
  const first = message.split("\n")[0] ?? "";
  const cut = first.length > 400 ? `${first.slice(0, 400)}…` : first;
  let out = "";
  for (const c of cut) {
    const code = c.charCodeAt(0);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    out += control ? `\\u${code.toString(16).padStart(4, "0")}` : c;
  }
  return out;
}
