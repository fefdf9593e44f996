/**
 * One fsync for every file of a folder: syncfs(2) of the file system that holds it, for the flat files' batched
 * fsync (server/match-files.ts, issue #25). Node has no syncfs, so a helper shell started once runs `sync -f
 * <folder>` (GNU coreutils 8.24 and later, BusyBox) each time it reads a line from its standard input and answers
 * `0` or `1`. The folder is passed as an argument, never spliced into the script.
 *
 * Why: at 1,000 matches a move a second, one `fsync` a file written (1,000 a second) cost ~0.15 ms of CPU each, a
 * fifth of the server's CPU a move; one syncfs of the same files costs ~10 ms of the machine's CPU in all
 * (docs/benchmarks.md, "One syncfs a batch"). PostgreSQL offers the same (`recovery_init_sync_method = syncfs`).
 * syncfs also writes out what other programs have written to that file system, and commits its journal (the
 * folder's entries: created and renamed files) with the rest.
 *
 * Where the helper cannot run or `sync -f` fails (other systems, an old coreutils, an I/O error), {@link sync}
 * answers false and the caller fsyncs file by file; after a first failure the helper is not started again.
 * The helper exits when its standard input closes: at {@link close}, or when the server dies (even by kill -9).
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Socket } from "node:net";

/** A child's pipe is a socket (typed as a plain stream by @types/node): it can be (un)referenced. */
const pipe = (stream: unknown) => stream as Socket | null;

/** The helper's script: `$0` is the folder, `$1` the command (`sync`). */
const SCRIPT = 'while read -r _; do "$1" -f "$0" >/dev/null 2>&1 && echo 0 || echo 1; done';

export class Syncfs {
  /** The helper, null when none runs. */
  private child: ChildProcess | null = null;
  /** Resolvers of the syncs asked for, in order (the helper answers in order). */
  private waiting: ((ok: boolean) => void)[] = [];
  /** False once a sync failed or the helper could not start: callers fsync file by file from then on. */
  private usable = true;
  /** Syncs that succeeded (for tests). */
  done = 0;

  /** `command` is the program run with `-f <dir>` (tests pass one that fails). */
  constructor(
    private readonly dir: string,
    private readonly command = "sync",
  ) {}

  /** Whether syncfs can still be tried. */
  get available(): boolean {
    return this.usable;
  }

  /** syncfs of the folder's file system: true once it returned 0, false if it cannot be done (fsync per file). */
  sync(): Promise<boolean> {
    if (!this.usable) return Promise.resolve(false);
    const child = this.child ?? this.start();
    if (!child) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      pipe(child.stdout)?.ref();
      child.stdin?.write("s\n");
    });
  }

  /** Stops the helper (a later {@link sync} starts another). */
  close(): void {
    const child = this.child;
    this.child = null;
    child?.stdin?.end();
    this.settle(false);
  }

  private start(): ChildProcess | null {
    let child: ChildProcess;
    try {
      child = spawn("/bin/sh", ["-c", SCRIPT, this.dir, this.command], {
        stdio: ["pipe", "pipe", "ignore"],
      });
    } catch {
      this.usable = false;
      return null;
    }
    this.child = child;
    // Neither the helper nor its pipes keep the process alive, except while a sync is awaited.
    child.unref();
    child.stdin?.on("error", () => {});
    pipe(child.stdin)?.unref();
    pipe(child.stdout)?.unref();
    let buffered = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      buffered += chunk;
      let end = buffered.indexOf("\n");
      while (end >= 0) {
        const ok = buffered.slice(0, end) === "0";
        buffered = buffered.slice(end + 1);
        if (ok) this.done++;
        else this.usable = false;
        this.waiting.shift()?.(ok);
        end = buffered.indexOf("\n");
      }
      if (this.waiting.length === 0) pipe(child.stdout)?.unref();
    });
    const gone = () => {
      if (this.child !== child) return;
      this.child = null;
      // Died while in use (killed, or /bin/sh missing): file by file from now on.
      this.usable = false;
      this.settle(false);
    };
    child.on("error", gone);
    child.on("exit", gone);
    return child;
  }

  /** Answers every sync still waiting. */
  private settle(ok: boolean): void {
    for (const resolve of this.waiting.splice(0)) resolve(ok);
  }
}
