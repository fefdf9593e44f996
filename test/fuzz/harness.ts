/**
 * Action fuzzing for the three `GameEngine`s (docs/reliability.md). One fuzz *run* is one game: options, a
 * seed and a plan of steps drawn by fast-check. Each step turns into one action given to `apply`:
 *
 * - `legal`: one of the engine's own `legalActions` (by type first, so rare types get played; or a greedy
 *   pick that steers towards deep positions): must be accepted;
 * - `wrong-player`: a legal action with another seat's number: must be refused (`<game>.not-your-turn`);
 * - `formed`: a well-formed action with random, plausible fields (usually illegal: wrong phase or step,
 *   out-of-range numbers, unknown stations…): accepted or refused;
 * - `mutate`: a legal action with one field replaced by a value of the wrong type (NaN, Infinity, null, a
 *   string, a 10⁵-entry array, deep nesting, a BigInt…): must be refused with an `InputError`;
 * - `drop`: a legal action with one field deleted: accepted or refused;
 * - `extra`: a legal action with an unknown field added: same outcome as the clean action;
 * - `junk`: a whole action of the wrong shape: must be refused with an `InputError`;
 * - `undo`: the seat to move (or another seat) takes back the last action: accepted only for that seat's own
 *   action of the running turn that revealed nothing random (`engine.reveals`), and then the same action again
 *   gives the state back (undo then redo); otherwise refused with a `<game>.undo-*` rule and nothing changes.
 *
 * After every step (read through the shared header: `current`, `over`, `winners`, `log`): `apply` did not throw; a refusal is a `RuleError`/`InputError` and the state and the
 * action are untouched (`JSON.stringify` before/after; the action against a structured clone); an accepted
 * action leaves its input state untouched, keeps the game's invariants and (for engines whose move
 * generator is complete) is one of `legalActions`. At the end of the run: `replay(options, seed, log)`
 * rebuilds the final state exactly, and save → load → save is the identity.
 *
 * Used by test/fuzz/*.fuzz.test.ts (short seeded passes) and scripts/fuzz.ts (long runs with statistics).
 */
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { InputError, RuleError } from "../../web/engine/common/errors.ts";
import { type GameEngine, type GameHeader, replay, type SeatAction } from "../../web/engine/common/game.ts";
import { Rng } from "../../web/engine/common/rng.ts";

/** A named check of an accepted state: returns a description of the problem, or null. */
export interface Invariant<S> {
  name: string;
  check(state: S): string | null;
}

/** What the harness needs to know about one game. */
export interface GameAdapter<S extends GameHeader<O, SeatAction>, O extends { players: number }> {
  id: "train" | "string" | "light";
  /** The engine under test, with its action type erased (the fuzzer sends `unknown` anyway). */
  engine: GameEngine<S, SeatAction, O>;
  /** Options of one game. */
  options: fc.Arbitrary<O>;
  invariants: readonly Invariant<S>[];
  /** A well-formed action with random plausible fields for this state (often illegal). */
  formed(state: S, rng: Rng): Record<string, unknown>;
  /** A preferred legal action (steers random games into deep positions), or null for none. */
  greedy?(state: S, legal: readonly unknown[]): unknown;
  /**
   * Key of an action for "accepted ⇒ listed by legalActions"; set only when the engine's move generator
   * is complete (The Train Game, Light Rail; String Railway lists a finite candidate subset).
   */
  legalKey?(action: unknown, state: S): string;
  /**
   * Names the known, reported engine bug this action would trigger (docs/reliability.md), or null. Such
   * actions are not sent (they are counted in `knownBugSkipped`); a test elsewhere pins the bug with
   * `it.fails`, and this hook is removed when it is fixed.
   */
  knownBug?(action: unknown): string | null;
  /** Fields whose wrong-typed value the engine may ignore (never read for this action type). */
  optionalFields?: readonly string[];
}

export type Step =
  | { k: "legal"; pick: number; greedy: boolean }
  | { k: "wrong-player"; pick: number; seat: number }
  | { k: "formed"; seed: number }
  | { k: "mutate"; pick: number; field: number; value: Junk }
  | { k: "drop"; pick: number; field: number }
  | { k: "extra"; pick: number; value: Junk }
  | { k: "junk"; value: Junk }
  | { k: "undo"; own: boolean; seat: number; keep: boolean };

/** A junk value, described so that the plan stays printable (huge values are built on use). */
export type Junk =
  | { j: "const"; i: number }
  | { j: "huge-array"; n: number; fill: number }
  | { j: "deep"; depth: number }
  | { j: "long-string"; n: number }
  | { j: "any"; v: unknown };

/** Values of the wrong type or out of every range: replacing a legal field by one must be refused. */
const CONSTS: readonly unknown[] = [
  null,
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e300,
  -1e300,
  2 ** 53 + 2,
  true,
  false,
  "",
  "0",
  "x",
  [],
  [0],
  {},
  { valueOf: 0 },
  10n,
  new Date(0),
  [Number.NaN, Number.POSITIVE_INFINITY],
];

export const junkArb: fc.Arbitrary<Junk> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.integer({ min: 0, max: CONSTS.length - 1 }).map((i): Junk => ({ j: "const", i })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ n: fc.constantFrom(1000, 100_000), fill: fc.integer({ min: 0, max: 2 }) })
      .map((x): Junk => ({ j: "huge-array", ...x })),
  },
  { weight: 1, arbitrary: fc.constantFrom(100, 10_000).map((depth): Junk => ({ j: "deep", depth })) },
  { weight: 1, arbitrary: fc.constantFrom(65, 100_000).map((n): Junk => ({ j: "long-string", n })) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 2 }).map((v): Junk => ({ j: "any", v })) },
);

export function junkValue(x: Junk): unknown {
  switch (x.j) {
    case "const":
      return CONSTS[x.i];
    case "huge-array":
      return new Array(x.n).fill(["4", 0, null][x.fill]);
    case "deep": {
      let v: unknown = [];
      for (let i = 0; i < x.depth; i++) v = [v];
      return v;
    }
    case "long-string":
      return "E".repeat(x.n);
    case "any":
      return x.v;
  }
}

/** May `value` stand in for a field whose legal value is `legal`? (If not, the action must be refused.) */
function sameKind(legal: unknown, value: unknown): boolean {
  if (typeof legal === "number")
    return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= 2 ** 31;
  if (typeof legal === "string") return typeof value === "string" && value.length <= 64;
  if (Array.isArray(legal)) return Array.isArray(value) && value.length <= 128;
  if (legal === null) return value === null || value === undefined || typeof value === "string";
  return typeof value === typeof legal;
}

export function stepArb(): fc.Arbitrary<Step> {
  const pick = fc.nat({ max: 1 << 20 });
  return fc.oneof(
    { weight: 45, arbitrary: fc.record({ k: fc.constant("legal" as const), pick, greedy: fc.boolean() }) },
    {
      weight: 6,
      arbitrary: fc.record({ k: fc.constant("wrong-player" as const), pick, seat: fc.nat({ max: 7 }) }),
    },
    { weight: 16, arbitrary: fc.record({ k: fc.constant("formed" as const), seed: fc.nat() }) },
    {
      weight: 16,
      arbitrary: fc.record({
        k: fc.constant("mutate" as const),
        pick,
        field: fc.nat({ max: 7 }),
        value: junkArb,
      }),
    },
    { weight: 5, arbitrary: fc.record({ k: fc.constant("drop" as const), pick, field: fc.nat({ max: 7 }) }) },
    { weight: 5, arbitrary: fc.record({ k: fc.constant("extra" as const), pick, value: junkArb }) },
    { weight: 7, arbitrary: fc.record({ k: fc.constant("junk" as const), value: junkArb }) },
    {
      weight: 8,
      arbitrary: fc.record({
        k: fc.constant("undo" as const),
        own: fc.boolean(),
        seat: fc.nat({ max: 7 }),
        keep: fc.boolean(),
      }),
    },
  );
}

export interface FuzzStats {
  game: string;
  runs: number;
  tried: number;
  accepted: number;
  /** Refusals by rule id (`RuleError`), well-formed steps only. */
  refused: Record<string, number>;
  /** Malformed steps (mutate, junk) refused with an InputError. */
  malformedRejected: number;
  /** Other InputErrors (formed / drop steps with out-of-range values), by first word of the path. */
  inputErrors: number;
  /** Actions not sent because they trigger a known, reported bug (`GameAdapter.knownBug`). */
  knownBugSkipped: number;
  invariantsChecked: number;
  gamesCompleted: number;
  /** Undos accepted (each checked by redoing the action), and refused by rule id. */
  undone: number;
  undoRefused: Record<string, number>;
  replays: number;
  saveLoads: number;
  ms: number;
}

export function emptyStats(game: string): FuzzStats {
  return {
    game,
    runs: 0,
    tried: 0,
    accepted: 0,
    refused: {},
    malformedRejected: 0,
    inputErrors: 0,
    knownBugSkipped: 0,
    invariantsChecked: 0,
    gamesCompleted: 0,
    undone: 0,
    undoRefused: {},
    replays: 0,
    saveLoads: 0,
    ms: 0,
  };
}

/** A broken property, with everything needed to replay it. */
export class FuzzViolation extends Error {
  override readonly name = "FuzzViolation";
  constructor(
    message: string,
    readonly repro: { game: string; options: unknown; seed: number | string; tried: unknown[] },
  ) {
    super(message);
  }
}

/** JSON for logs that may hold NaN, ±Infinity, undefined, BigInt or huge values. */
export function printable(v: unknown): string {
  try {
    return printableOrThrow(v);
  } catch (e) {
    return `<unprintable: ${describe(e)}>`;
  }
}

/** Replaces what sits deeper than `depth` levels by a marker (deeply nested junk would overflow the stack). */
function shallow(v: unknown, depth: number): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (depth <= 0) return { $deep: Array.isArray(v) ? "array" : "object" };
  if (Array.isArray(v)) return v.length > 64 ? v : v.map((x) => shallow(x, depth - 1));
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shallow(x, depth - 1)]));
}

function printableOrThrow(v: unknown): string {
  return JSON.stringify(shallow(v, 12), (_k, x: unknown) => {
    if (typeof x === "bigint") return { $bigint: String(x) };
    if (typeof x === "number" && !Number.isFinite(x)) return { $number: String(x) };
    if (x === undefined) return { $undefined: true };
    if (typeof x === "string" && x.length > 80) return { $string: `${x.slice(0, 16)}… (${x.length} chars)` };
    if (Array.isArray(x) && x.length > 64) return { $array: `${x.length} entries`, first: x[0] };
    return x;
  });
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

function describe(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/**
 * Plays one run. Throws `FuzzViolation` on the first broken property; adds to `stats` as it goes.
 * `maxAfterOver` junk steps are still tried once the game is over (they must all be refused).
 */
export function runGame<S extends GameHeader<O, SeatAction>, O extends { players: number }>(
  adapter: GameAdapter<S, O>,
  options: O,
  seed: number | string,
  plan: readonly Step[],
  stats: FuzzStats,
): void {
  const { engine } = adapter;
  const tried: unknown[] = [];
  const log: unknown[] = [];
  function fail(msg: string): never {
    throw new FuzzViolation(`${adapter.id}: ${msg} (after ${tried.length} actions)`, {
      game: adapter.id,
      options,
      seed,
      tried,
    });
  }
  const checkInvariants = (s: S, when: () => string): void => {
    for (const inv of [...headerInvariants(adapter.id, log.length), ...adapter.invariants]) {
      let problem: string | null;
      try {
        problem = inv.check(s);
      } catch (e) {
        problem = `check threw ${describe(e)}`;
      }
      stats.invariantsChecked++;
      if (problem) fail(`invariant "${inv.name}" broken ${when()}: ${problem}`);
    }
  };

  let state = engine.setup(options, seed);
  /** The state before the last accepted action (null right after setup or an undo). */
  let previous: S | null = null;
  stats.runs++;
  checkInvariants(state, () => "after setup");
  let legalCache: { state: S; list: unknown[] } | null = null;
  const legal = (): unknown[] => {
    if (legalCache?.state !== state) {
      let list: unknown[];
      try {
        list = engine.legalActions(state);
      } catch (e) {
        fail(`legalActions threw ${describe(e)}`);
      }
      legalCache = { state, list };
    }
    return legalCache.list;
  };
  let afterOver = 0;

  for (const step of plan) {
    const moves = legal();
    if (moves.length === 0 && ++afterOver > 5) break;
    const pickLegal = (pick: number): Record<string, unknown> | null =>
      moves.length === 0 ? null : clone(moves[pick % moves.length] as Record<string, unknown>);
    let action: unknown;
    /** "accept": must be accepted; "refuse-input": must be an InputError; "refuse": any typed refusal. */
    let expect: "accept" | "refuse-input" | "refuse" | "any" = "any";
    let expectRule: string | null = null;
    let sameAs: unknown = null;
    switch (step.k) {
      case "legal": {
        if (moves.length === 0) {
          action = adapter.formed(state, new Rng(step.pick)); // the game is over: refused
          expect = "refuse";
          break;
        }
        const g = step.greedy && adapter.greedy ? adapter.greedy(state, moves) : null;
        action = g !== null && g !== undefined ? clone(g) : pickByType(moves, step.pick);
        expect = "accept";
        break;
      }
      case "wrong-player": {
        const a = pickLegal(step.pick) ?? adapter.formed(state, new Rng(step.pick));
        const n = state.options.players;
        const cur = state.current ?? 0;
        const other = (cur + 1 + (step.seat % Math.max(n - 1, 1))) % n;
        if (n < 2 || other === cur) continue;
        a.player = other;
        action = a;
        expect = "refuse";
        if (moves.length > 0) expectRule = `${adapter.id}.not-your-turn`;
        break;
      }
      case "formed":
        action = adapter.formed(state, new Rng(step.seed));
        break;
      case "mutate": {
        const a = pickLegal(step.pick) ?? adapter.formed(state, new Rng(step.pick));
        const keys = Object.keys(a);
        const key = keys[step.field % keys.length]!;
        const value = junkValue(step.value);
        const optional = adapter.optionalFields?.includes(key) ?? false;
        if (!sameKind(a[key], value) && !optional) expect = "refuse-input";
        a[key] = value;
        action = a;
        break;
      }
      case "drop": {
        const a = pickLegal(step.pick) ?? adapter.formed(state, new Rng(step.pick));
        const keys = Object.keys(a);
        delete a[keys[step.field % keys.length]!];
        action = a;
        break;
      }
      case "extra": {
        const a = pickLegal(step.pick);
        if (!a) continue;
        sameAs = clone(a);
        a.__fuzzExtra = junkValue(step.value);
        action = a;
        break;
      }
      case "undo": {
        const n = state.options.players;
        const who = step.own ? (state.current ?? 0) : step.seat % n;
        const last = state.log.at(-1);
        const before = engine.save(state);
        tried.push({ undo: who });
        const u = engine.undo(state, who);
        if (engine.save(state) !== before) fail(`undo mutated its input state (seat ${who})`);
        const ownTurn = last !== undefined && last.player === who && !state.over && state.current === who;
        if (u.ok) {
          if (!ownTurn) fail(`undo by seat ${who} accepted outside its own turn`);
          if (previous && engine.reveals(previous, last!, state))
            fail(`undo went back past a random reveal: ${printable(last)}`);
          const redo = engine.apply(u.state, last);
          if (!redo.ok || engine.save(redo.state) !== before)
            fail(`undo then the same action again does not give the state back: ${printable(last)}`);
          stats.undone++;
          if (step.keep) {
            state = u.state;
            log.pop();
            previous = null;
          }
        } else {
          const err = u.error;
          if (!(err instanceof RuleError) || !err.rule.startsWith(`${adapter.id}.undo-`))
            fail(`undo refused with ${describe(err)}, expected a ${adapter.id}.undo-* rule`);
          if (ownTurn && previous && err.rule !== `${adapter.id}.undo-turn-over`) {
            const revealed = engine.reveals(previous, last!, state);
            if (revealed !== (err.rule === `${adapter.id}.undo-reveal`))
              fail(`undo of ${printable(last)} refused with ${err.rule}, reveals says ${revealed}`);
          }
          stats.undoRefused[err.rule] = (stats.undoRefused[err.rule] ?? 0) + 1;
        }
        continue;
      }
      case "junk": {
        const v = junkValue(step.value);
        action = v;
        // An object could happen to be a well-formed action; anything else must be an InputError.
        if (typeof v !== "object" || v === null || Array.isArray(v) || v instanceof Date)
          expect = "refuse-input";
        break;
      }
    }

    if (adapter.knownBug?.(action)) {
      stats.knownBugSkipped++;
      continue;
    }
    tried.push(action);
    stats.tried++;
    const before = engine.save(state);
    let actionCopy: unknown;
    try {
      actionCopy = clone(action);
    } catch {
      actionCopy = undefined;
    }
    let r: ReturnType<typeof engine.apply>;
    try {
      r = engine.apply(state, action);
    } catch (e) {
      fail(`apply threw ${describe(e)} for ${printable(action)}`);
    }
    if (engine.save(state) !== before) fail(`apply mutated its input state (action ${printable(action)})`);
    if (actionCopy !== undefined && !isDeepStrictEqual(action, actionCopy))
      fail(`apply mutated the action ${printable(actionCopy)}`);
    if (typeof r !== "object" || r === null || typeof r.ok !== "boolean") fail("apply returned no Result");

    if (!r.ok) {
      const err = r.error;
      if (!(err instanceof RuleError || err instanceof InputError))
        fail(`refusal is not a typed error: ${describe(err)}`);
      if (typeof err.message !== "string" || err.message.length === 0 || err.message.includes("\n"))
        fail(`refusal message is not one line: ${JSON.stringify(err.message)}`);
      if (expect === "accept")
        fail(`a listed legal action was refused: ${printable(action)} → ${describe(err)}`);
      if (expect === "refuse-input" && !(err instanceof InputError))
        fail(`malformed action refused with ${describe(err)}, expected an InputError: ${printable(action)}`);
      if (expectRule && !(err instanceof RuleError && err.rule === expectRule))
        fail(`expected ${expectRule}, got ${describe(err)} for ${printable(action)}`);
      if (sameAs !== null && !(err instanceof InputError))
        fail(`an unknown extra field changed a legal action into ${describe(err)}`);
      if (err instanceof RuleError) {
        if (!/^[a-z]+\.[a-z0-9-]+$/.test(err.rule) || !err.rule.startsWith(`${adapter.id}.`))
          fail(`bad rule id ${JSON.stringify(err.rule)}`);
        stats.refused[err.rule] = (stats.refused[err.rule] ?? 0) + 1;
      } else if (step.k === "mutate" || step.k === "junk") stats.malformedRejected++;
      else stats.inputErrors++;
      continue;
    }

    if (expect === "refuse" || expect === "refuse-input")
      fail(`accepted an action that must be refused: ${printable(action)}`);
    const next = r.state;
    if (adapter.legalKey) {
      const key = adapter.legalKey(action, state);
      if (!moves.some((m) => adapter.legalKey!(m, state) === key))
        fail(`accepted ${printable(action)}, which legalActions does not list`);
    }
    if (sameAs !== null) {
      const clean = engine.apply(state, sameAs);
      if (!clean.ok || engine.save(clean.state) !== engine.save(next))
        fail("an unknown extra field changed the outcome of a legal action");
    }
    stats.accepted++;
    log.push(action);
    previous = state;
    state = next;
    checkInvariants(state, () => `after ${printable(action)}`);
  }

  if (legal().length === 0) stats.gamesCompleted++;
  // The run's log rebuilds the final state.
  let replayed: S;
  try {
    replayed = replay(engine, options, seed, log);
  } catch (e) {
    fail(`replay failed: ${describe(e)}`);
  }
  stats.replays++;
  if (engine.save(replayed) !== engine.save(state)) fail("replay of the log gives a different state");
  // save → load → save.
  const saved = engine.save(state);
  let loaded: S;
  try {
    loaded = engine.load(saved);
  } catch (e) {
    fail(`load(save(state)) threw ${describe(e)}`);
  }
  if (engine.save(loaded) !== saved) fail("save → load → save is not the identity");
  if (engine.save(engine.load(JSON.parse(saved))) !== saved) fail("load of the parsed value differs");
  stats.saveLoads++;
}

/** What every game's state must satisfy, read from the shared header alone. */
function headerInvariants(
  game: string,
  accepted: number,
): Invariant<GameHeader<{ players: number }, SeatAction>>[] {
  return [
    {
      name: "header: game, seats, turn, game over and winners",
      check(s) {
        const n = s.options.players;
        if (s.game !== game) return `game ${s.game}`;
        if (s.over !== (s.current === null)) return `over ${s.over}, current ${s.current}`;
        if (s.current !== null && !(Number.isInteger(s.current) && s.current >= 0 && s.current < n))
          return `current ${s.current}`;
        if (s.over !== s.winners.length > 0) return `over ${s.over}, winners ${s.winners}`;
        if (
          s.winners.some((w) => !(Number.isInteger(w) && w >= 0 && w < n)) ||
          new Set(s.winners).size !== s.winners.length
        )
          return `winners ${s.winners}`;
        if (s.log.length !== accepted) return `log has ${s.log.length} actions, ${accepted} were accepted`;
        return null;
      },
    },
  ];
}

/** Picks a legal action by type first (uniform over the types present), then within the type. */
function pickByType(moves: readonly unknown[], pick: number): unknown {
  const types: string[] = [];
  for (const m of moves) {
    const t = String((m as { type?: unknown }).type);
    if (!types.includes(t)) types.push(t);
  }
  const type = types[pick % types.length];
  const same = moves.filter((m) => String((m as { type?: unknown }).type) === type);
  return clone(same[Math.floor(pick / types.length) % same.length]);
}

export interface FuzzConfig {
  /** fast-check seed of the whole pass. */
  seed: number;
  /** Runs (games) in the pass. */
  runs: number;
  /** Steps per run (upper bound; a run ends a few steps after its game is over). */
  steps: number;
}

/** The fast-check property of one game: `runGame` over generated options, seed and plan. */
export function fuzzProperty<S extends GameHeader<O, SeatAction>, O extends { players: number }>(
  adapter: GameAdapter<S, O>,
  stats: FuzzStats,
  steps: number,
) {
  return fc.property(
    adapter.options,
    fc.oneof(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.string({ maxLength: 6 })),
    fc.array(stepArb(), { minLength: 1, maxLength: steps, size: "max" }),
    (options, seed, plan) => {
      runGame(adapter, options, seed, plan, stats);
    },
  );
}

/**
 * Runs a pass and returns its statistics; on a violation, the shrunk counterexample is played again to
 * produce the repro (fast-check seed and path, options, game seed, the actions tried).
 */
export function fuzz<S extends GameHeader<O, SeatAction>, O extends { players: number }>(
  adapter: GameAdapter<S, O>,
  config: FuzzConfig,
): { stats: FuzzStats; failure: null | { message: string; repro: string } } {
  const stats = emptyStats(adapter.id);
  const t0 = performance.now();
  const out = fc.check(fuzzProperty(adapter, stats, config.steps), {
    seed: config.seed,
    numRuns: config.runs,
    endOnFailure: false,
  });
  stats.ms = performance.now() - t0;
  if (!out.failed) return { stats, failure: null };
  const [options, seed, plan] = out.counterexample ?? [];
  let message = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
  let repro = printable({ fcSeed: out.seed, fcPath: out.counterexamplePath, options, seed });
  if (out.counterexample) {
    try {
      runGame(adapter, options as O, seed as number | string, plan as Step[], emptyStats(adapter.id));
    } catch (e) {
      if (e instanceof FuzzViolation) {
        message = e.message;
        repro = printable({ fcSeed: out.seed, fcPath: out.counterexamplePath, ...e.repro });
      }
    }
  }
  return { stats, failure: { message, repro } };
}
