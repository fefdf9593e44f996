/**
 * `npm run fuzz [-- --actions N] [--seed S] [--game train|string|light]`: the long action-fuzzing pass of the
 * three engines (test/fuzz/harness.ts; docs/reliability.md). Per game it plays seeded fast-check runs until
 * N actions (default 100 000) have been tried, then prints: actions tried, accepted, refused (by rule id),
 * malformed rejected, invariants checked, games completed, time. On the first violation it prints the
 * minimal repro (fast-check seed and path, options, game seed, the actions tried) and exits 1.
 */
import { lightAdapter, stringAdapter, trainAdapter } from "../test/fuzz/games.ts";
import { emptyStats, type FuzzStats, fuzz, type GameAdapter } from "../test/fuzz/harness.ts";

const USAGE = "usage: npm run fuzz -- [--actions N] [--seed S] [--game train|string|light]";

// The adapters differ in their state and option types; the runner treats them alike.
type AnyAdapter = GameAdapter<never, never>;
const GAMES: Record<string, { adapter: AnyAdapter; steps: number }> = {
  train: { adapter: trainAdapter as unknown as AnyAdapter, steps: 200 },
  string: { adapter: stringAdapter as unknown as AnyAdapter, steps: 400 },
  light: { adapter: lightAdapter as unknown as AnyAdapter, steps: 120 },
};

function parse(argv: string[]): { actions: number; seed: number; games: string[] } {
  let actions = 100_000;
  let seed = 1;
  let games = Object.keys(GAMES);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [name, inline] = a.includes("=") ? a.split("=", 2) : [a, undefined];
    const value = inline ?? argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value. ${USAGE}`);
    if (name === "--actions" || name === "--seed") {
      if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
      if (name === "--actions") actions = Number(value);
      else seed = Number(value);
    } else if (name === "--game") {
      if (!(value in GAMES)) throw new Error(`--game must be train, string or light, got "${value}"`);
      games = [value];
    } else throw new Error(`unknown option ${a}. ${USAGE}`);
  }
  return { actions, seed, games };
}

function merge(into: FuzzStats, s: FuzzStats): void {
  for (const k of [
    "runs",
    "tried",
    "accepted",
    "malformedRejected",
    "inputErrors",
    "knownBugSkipped",
    "invariantsChecked",
    "gamesCompleted",
    "undone",
    "replays",
    "saveLoads",
    "ms",
  ] as const)
    into[k] += s[k];
  for (const [rule, n] of Object.entries(s.refused)) into.refused[rule] = (into.refused[rule] ?? 0) + n;
  for (const [rule, n] of Object.entries(s.undoRefused))
    into.undoRefused[rule] = (into.undoRefused[rule] ?? 0) + n;
}

function report(s: FuzzStats): string {
  const refusedTotal = Object.values(s.refused).reduce((a, b) => a + b, 0);
  const rules = Object.entries(s.refused)
    .sort((a, b) => b[1] - a[1])
    .map(([rule, n]) => `      ${rule.padEnd(40)} ${n}`)
    .join("\n");
  return [
    `${s.game}`,
    `  actions tried        ${s.tried}`,
    `  accepted             ${s.accepted}`,
    `  refused (rule)       ${refusedTotal}`,
    rules,
    `  malformed rejected   ${s.malformedRejected} (InputError)`,
    `  other InputErrors    ${s.inputErrors} (well-formed shape, bad value)`,
    `  undo accepted        ${s.undone} (each redone to the same state)`,
    `  undo refused         ${Object.entries(s.undoRefused)
      .map(([r, n]) => `${r} ${n}`)
      .join(", ")}`,
    `  known-bug skipped    ${s.knownBugSkipped}`,
    `  invariants checked   ${s.invariantsChecked}`,
    `  games completed      ${s.gamesCompleted} of ${s.runs} runs (replay ${s.replays}, save/load ${s.saveLoads})`,
    `  time                 ${(s.ms / 1000).toFixed(1)} s (${Math.round(s.tried / (s.ms / 1000))} actions/s)`,
  ].join("\n");
}

function main(): number {
  let opts: ReturnType<typeof parse>;
  try {
    opts = parse(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`fuzz: ${(e as Error).message}\n`);
    return 2;
  }
  console.log(`fuzz: ${opts.actions} actions per game, seed ${opts.seed}`);
  let failed = false;
  for (const game of opts.games) {
    const { adapter, steps } = GAMES[game]!;
    const total = emptyStats(game);
    // Passes of 10 runs, seeds seed, seed + 1, …, until enough actions were tried.
    for (let pass = 0; total.tried < opts.actions; pass++) {
      const fcSeed = opts.seed + pass;
      const { stats, failure } = fuzz(adapter, { seed: fcSeed, runs: 10, steps });
      merge(total, stats);
      if (failure) {
        console.log(report(total));
        console.log(`\nVIOLATION (${game}, fast-check seed ${fcSeed}): ${failure.message}`);
        console.log(`repro: ${failure.repro}`);
        console.log(
          `replay: replay(engine, repro.options, repro.seed, <accepted actions of repro.tried>), or rerun with --game ${game} --seed ${fcSeed}`,
        );
        failed = true;
        break;
      }
    }
    if (!failed) console.log(report(total));
    if (failed) break;
  }
  return failed ? 1 : 0;
}

process.exitCode = main();
