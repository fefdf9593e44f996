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
 * seconds, default 120, at most 3600) is spent, and exits 2 with a message saying so — at once, even when the
 * worker is blocked in a read (a silent stdin): the process exits, it does not wait for the worker.
 * `rail string pairs FILE` runs on the main thread instead when the budget allows (bin/direct.ts: a read that does
 * not block the thread, then a capped computation), and loads only what it needs: it starts like a plain script.
 * A closed stdout is refused before any work (exit 2); a write error on stdout (EPIPE: a reader that left)
 * exits 1 with one line on stderr.
 */
import { fstatSync, readFileSync, statSync } from "node:fs";
import {
  isMainThread,
  MessageChannel,
  type MessagePort,
  parentPort,
  receiveMessageOnPort,
  Worker,
  workerData,
} from "node:worker_threads";
// Node built-ins only, statically: `rail string pairs FILE` loads this file and bin/direct.ts's bundle, nothing
// more (web/cli/args.ts is loaded where the worker's path needs it).
import type { UsageError as UsageErrorType } from "../web/cli/args.ts";
import type { Outcome } from "./outcome.ts";

/** Default and largest time budget of one command, in seconds. */
export const DEFAULT_BUDGET_S = 120;
export const MAX_BUDGET_S = 3600;

function budgetSeconds(): number {
  const raw = process.env.RAIL_TIME_BUDGET;
  if (raw === undefined || raw === "") return DEFAULT_BUDGET_S;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_BUDGET_S) return -1;
  return Number(raw);
}

/**
 * Whether stdout was closed when the tool started (`rail … >&-`). Node reopens a closed stdout on /dev/null, read
 * and write, before any script runs; a shell's `>/dev/null` opens it write-only. So /dev/null open read-write on
 * fd 1 (Linux: /proc/self/fdinfo) is taken as closed. (Also what `stdio: "ignore"` and daemon(3) give.)
 */
function stdoutClosed(): boolean {
  try {
    const st = fstatSync(1);
    if (!st.isCharacterDevice() || st.rdev !== statSync("/dev/null").rdev) return false;
    const flags = /^flags:\s*([0-7]+)/m.exec(readFileSync("/proc/self/fdinfo/1", "utf8"));
    return flags !== null && (Number.parseInt(flags[1]!, 8) & 3) === 2; // O_RDWR
  } catch {
    return false;
  }
}

/** Writes the answer to stdout; the write's error (EPIPE, EBADF, ENOSPC…) or null. */
function writeStdout(text: string): Promise<Error | null> {
  if (text === "") return Promise.resolve(null);
  return new Promise((resolve) => {
    process.stdout.once("error", resolve);
    process.stdout.write(text, (e) => resolve(e ?? null));
  });
}

/**
 * The smallest time budget (seconds) under which a command runs on the main thread (bin/direct.ts): far above what
 * its capped computation takes (`MAX_PAIR_TESTS` exact tests at 15–110 ns each: under 6 s), so a smaller budget,
 * which the computation could outrun before the timer gets a turn, keeps the worker, where the timer ends it at once.
 */
export const DIRECT_MIN_BUDGET_S = 60;

/** Whether bin/direct.ts runs `args` on the main thread: `string pairs FILE`, FILE a path (not `-`, not an option). */
export function isDirect(args: readonly string[]): boolean {
  const file = args[2];
  return (
    args.length === 3 &&
    args[0] === "string" &&
    args[1] === "pairs" &&
    file !== undefined &&
    file !== "" &&
    !file.startsWith("-")
  );
}

/** The main thread's answer to the worker's request for stdin. */
interface StdinReply {
  bytes?: Uint8Array;
  tooLarge?: boolean;
  error?: string;
}

/** Reads stdin asynchronously, at most `maxBytes` bytes; then lets it go (no handle keeps the process alive). */
function readStdinAsync(maxBytes: number): Promise<StdinReply> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let done = false;
    const reply = (r: StdinReply) => {
      if (done) return;
      done = true;
      process.stdin.destroy();
      resolve(r);
    };
    process.stdin.on("data", (c: Buffer) => {
      total += c.length;
      if (total > maxBytes) reply({ tooLarge: true });
      else chunks.push(c);
    });
    process.stdin.on("end", () => reply({ bytes: Buffer.concat(chunks) }));
    process.stdin.on("error", (e: NodeJS.ErrnoException) => reply({ error: e.code ?? "read error" }));
  });
}

/** In the worker: stdin read by the main thread (the worker waits, 50 ms at a time, so it can be stopped). */
function stdinFromMain(port: MessagePort, signal: Int32Array, UsageError: typeof UsageErrorType) {
  return (maxBytes: number): Buffer => {
    port.postMessage(maxBytes);
    for (;;) {
      const m = receiveMessageOnPort(port);
      if (m) {
        const r = m.message as StdinReply;
        if (r.tooLarge) throw new UsageError(`stdin is larger than ${maxBytes} bytes: refused`);
        if (r.error !== undefined) throw new UsageError(`cannot read stdin: ${r.error}`);
        return Buffer.from(r.bytes!);
      }
      Atomics.wait(signal, 0, 0, 50);
    }
  };
}

/** Runs the command in a worker thread: its outcome, or one line when the worker fails or stops without one. */
async function inWorker(argv: string[]): Promise<Outcome> {
  const { oneLineMessage } = await import("../web/cli/args.ts");
  // stdin (`-`) is read here, on the worker's request, so that the budget can end the process while it waits.
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  port1.on(
    "message",
    (maxBytes: number) =>
      void readStdinAsync(maxBytes).then((r) => {
        port1.postMessage(r);
        Atomics.store(signal, 0, 1);
        Atomics.notify(signal, 0);
      }),
  );
  port1.unref();
  const data = {
    workerData: { argv, port: port2, signal },
    transferList: [port2],
  };
  // The built CLI (dist/cli/rail.js) runs itself in the worker; from source, the worker registers tsx first.
  const worker = import.meta.url.endsWith(".ts")
    ? new Worker(
        `import("tsx/esm/api").then((t) => { t.register(); return import(${JSON.stringify(import.meta.url)}); })`,
        { ...data, eval: true },
      )
    : new Worker(new URL(import.meta.url), data);
  return new Promise<Outcome>((resolve) => {
    let done = false;
    const finish = (o: Outcome) => {
      if (done) return;
      done = true;
      resolve(o);
    };
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

async function main(): Promise<number> {
  const budget = budgetSeconds();
  if (budget < 0) {
    process.stderr.write(`rail: RAIL_TIME_BUDGET must be whole seconds from 1 to ${MAX_BUDGET_S}\n`);
    return 2;
  }
  if (stdoutClosed()) {
    process.stderr.write("rail: stdout is closed: the answer could not be printed; refused\n");
    return 2;
  }
  const argv = process.argv.slice(2);
  const t0 = Date.now(); // not performance.now(): that global loads perf_hooks, a few ms of start
  const stop = () => {
    process.stderr.write(
      `rail: stopped: the command ran past its time budget of ${budget} s (RAIL_TIME_BUDGET, at most ${MAX_BUDGET_S}); ask for less work\n`,
    );
    process.exit(2);
  };
  // Whatever the command waits on (a worker blocked in a synchronous read — a FIFO, a silent stdin — that
  // terminate() cannot end, or a read on the thread pool): say so and exit now.
  const timer = setTimeout(stop, budget * 1000);
  let o: Outcome;
  if (budget >= DIRECT_MIN_BUDGET_S && isDirect(argv)) {
    o = await (await import("./direct.ts")).runDirect(argv);
    if (Date.now() - t0 > budget * 1000) stop();
  } else o = await inWorker(argv);
  clearTimeout(timer);
  const e = await writeStdout(o.out);
  process.stderr.write(o.err);
  if (e) {
    const code = (e as NodeJS.ErrnoException).code ?? "write error";
    const { oneLineMessage } = await import("../web/cli/args.ts");
    process.stderr.write(`rail: cannot write the answer to stdout: ${oneLineMessage(code)}\n`);
    process.exit(1); // the stream's pending writes cannot end: exit now
  }
  return o.code;
}

if (isMainThread) {
  process.exitCode = await main();
} else if (parentPort && (workerData as { argv?: unknown })?.argv) {
  const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
  const [{ setStdinReader }, { runCommand }, { UsageError }] = await Promise.all([
    import("./files.ts"),
    import("./run.ts"),
    import("../web/cli/args.ts"),
  ]);
  setStdinReader(stdinFromMain(port, signal, UsageError));
  parentPort.postMessage(await runCommand((workerData as { argv: string[] }).argv));
}
