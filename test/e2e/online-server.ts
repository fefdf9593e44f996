/**
 * The railkit server (scripts/serve.ts) as a child process on 127.0.0.1, for the online e2e tests: one Node
 * process (`node --import tsx`), so SIGKILL really kills the server; restartable on the same port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL, no goodbye: moves already stored stay, nothing else is flushed. */
  kill(): Promise<void>;
}

/** Starts the server; on a fixed port (a restart) tries again a few times while the old socket lets go. */
export async function startServerProcess(
  env: Record<string, string>,
  port = 0,
  ms = 30_000,
): Promise<ServerProcess> {
  for (let tries = 1; ; tries++) {
    try {
      return await startOnce(env, port, ms);
    } catch (e) {
      if (port === 0 || tries >= 5 || !/EADDRINUSE/.test(String(e))) throw e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

function startOnce(env: Record<string, string>, port: number, ms: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((ok, no) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      no(new Error(`the server did not start in ${ms} ms:\n${out}`));
    }, ms);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /railkit server on (http:\/\/127\.0\.0\.1:(\d+))/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      ok({
        url: m[1]!,
        port: Number(m[2]),
        child,
        output: () => out,
        kill: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGKILL");
          }),
      });
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      no(new Error(`the server exited (${code}) before listening:\n${out}`));
    });
  });
}
