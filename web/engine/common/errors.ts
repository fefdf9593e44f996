/**
 * Typed refusals. Every illegal action is refused with a `RuleError` naming the rule it breaks
 * (a stable id such as `train.caboose-ends-turn`, documented in docs/rules/<game>.md); malformed
 * input (bad JSON, wrong types, out-of-range numbers) gets an `InputError`. Neither changes state.
 */
export class RuleError extends Error {
  override readonly name = "RuleError";
  constructor(
    /** Stable rule id, `<game>.<rule>`. */
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
  toJSON(): { kind: "rule"; rule: string; message: string } {
    return { kind: "rule", rule: this.rule, message: this.message };
  }
}

export class InputError extends Error {
  override readonly name = "InputError";
  constructor(
    message: string,
    /** JSON-pointer-like path of the offending field, when known. */
    readonly path = "",
  ) {
    super(path ? `${path}: ${message}` : message);
  }
  toJSON(): { kind: "input"; path: string; message: string } {
    return { kind: "input", path: this.path, message: this.message };
  }
}

/** The outcome of applying an action: the new state, or the refusal (the old state is untouched). */
export type Result<S> = { ok: true; state: S } | { ok: false; error: RuleError | InputError };

export function ok<S>(state: S): Result<S> {
  return { ok: true, state };
}
export function refuse<S>(rule: string, message: string): Result<S> {
  return { ok: false, error: new RuleError(rule, message) };
}
