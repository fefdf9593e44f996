/**
 * `rail`: railkit's command-line tool (docs/cli.md). JSON on stdout (or a text picture for `show`); errors on
 * stderr as one escaped line of at most 400 characters, exit code 2 for bad input, usage, a refused action or
 * a spent time budget, 1 for anything unexpected.
 *
 *   rail <game> new|show|legal|play|undo|hint|bot|replay …   (a game file; every registered game)
 *   rail <game> <tool> …                                      (a game's own tools, its GameCli.commands)
 *   rail arena <game> --bots a,b --games N --seed S [--swap-seats] [--json]
 *   rail --help                                               (the registered games and their tools)
 *
 * The command runs in a worker thread; the main thread stops it when the time budget (`RAIL_TIME_BUDGET`
 * seconds, default 120, at most 3600) is spent, and exits 2 with a message saying so.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { oneLineMessage } from "../web/cli/args.ts";
import { type Outcome, runCommand } from "./run.ts";

/** Default and largest time budget of one command, in seconds. */
export const DEFAULT_BUDGET_S = 120;
export const MAX_BUDGET_S = 3600;

function budgetSeconds(): number {
  const raw = process.env.RAIL_TIME_BUDGET;
  if (raw === undefined || raw === "") return DEFAULT_BUDGET_S;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_BUDGET_S) return -1;
  return Number(raw);
}

async function main(): Promise<number> {
  const budget = budgetSeconds();
  if (budget < 0) {
    process.stderr.write(`rail: RAIL_TIME_BUDGET must be whole seconds from 1 to ${MAX_BUDGET_S}\n`);
    return 2;
  }
  const data = { workerData: { argv: process.argv.slice(2) } };
  // The built CLI (dist/cli/rail.js) runs itself in the worker; from source, the worker registers tsx first.
  const worker = import.meta.url.endsWith(".ts")
    ? new Worker(
        `import("tsx/esm/api").then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`,
        { ...data, eval: true },
      )
    : new Worker(new URL(import.meta.url), data);
  return await new Promise<number>((resolve) => {
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      process.stdout.write(o.out);
      process.stderr.write(o.err);
      resolve(o.code);
    };
    const timer = setTimeout(() => {
      void worker.terminate();
      finish({
        out: "",
        err: `rail: stopped: the command ran past its time budget of ${budget} s (RAIL_TIME_BUDGET, at most ${MAX_BUDGET_S}); ask for less work\n`,
        code: 2,
      });
    }, budget * 1000);
    worker.on("message", (o: Outcome) => finish(o));
    worker.on("error", (e) =>
      finish({
        out: "",
        err: `rail: ${oneLineMessage(e instanceof Error ? e.message : String(e))}\n`,
        code: 1,
      }),
    );
    worker.on("exit", () =>
      finish({ out: "", err: "rail: the command stopped without an answer\n", code: 1 }),
    );
  });
}

if (isMainThread) {
  process.exitCode = await main();
} else if (parentPort && (workerData as { argv?: unknown })?.argv) {
  parentPort.postMessage(await runCommand((workerData as { argv: string[] }).argv));
}
