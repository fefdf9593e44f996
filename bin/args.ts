/**
 * Small argument helpers for the `rail` commands. Every error is a `UsageError` with a one-line message; the
 * dispatcher prints it to stderr and exits 2.
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** `--name value` / `--name=value` options and boolean `--flag`s, with positionals in order. */
export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
  flags: Set<string>;
}

/** Parses argv; `valued` names the options that take a value, `flags` the boolean ones. Unknown → UsageError. */
export function parseArgs(
  args: readonly string[],
  valued: readonly string[],
  flags: readonly string[] = [],
): ParsedArgs {
  const out: ParsedArgs = { positionals: [], options: new Map(), flags: new Set() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--") || a === "--") {
      out.positionals.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (flags.includes(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`);
      out.flags.add(name);
    } else if (valued.includes(name)) {
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      if (out.options.has(name)) throw new UsageError(`--${name} given twice`);
      out.options.set(name, value);
    } else {
      const known = [...valued, ...flags].map((k) => `--${k}`).join(", ");
      throw new UsageError(`unknown option --${name}${known ? ` (known: ${known})` : ""}`);
    }
  }
  return out;
}

/** An integer option (or positional) in [min, max]. */
export function intArg(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${name} must be a whole number, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new UsageError(`${name} must be from ${min} to ${max}, got ${n}`);
  return n;
}
