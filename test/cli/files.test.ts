/**
 * Every file argument of the built `rail` (node bin/rail.mjs, what users run) is a regular file within the cap,
 * `-` for stdin, or refused with one line and exit 2 in bounded time: devices (made with mknod in a temp folder,
 * never under /dev; skipped when mknod is not allowed), FIFOs with no writer, directories, sockets, a symbolic
 * link to a device, an endless stdin. `--out … --force` replaces only a regular file. The time budget ends the
 * process even when it waits on a silent stdin. Work caps are checked before any file is read or game played.
 * A closed stdout and a stdout write error exit non-zero (issue #24, docs/cli.md "Files", "Output").
 * Elapsed-time bounds are generous (a shared, loaded machine): they catch a hang, they measure nothing.
 */
import { execFileSync, spawn } from "node:child_process";
import {
  closeSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "rail-cli-files-"));
/** Longest any refusal here may take (it should take well under a second). */
const BOUND_MS = 10_000;

const zero = join(dir, "zero");
const fifo = join(dir, "fifo");
const sock = join(dir, "sock");
const game = join(dir, "game.json");
/** Why mknod did not work (not root, or no CAP_MKNOD), or null when the device exists. */
let noDevice: string | null = null;
let server: Server;

beforeAll(async () => {
  execFileSync(process.execPath, ["scripts/build-cli.mjs", "--quiet"], { cwd: ROOT, stdio: "inherit" });
  try {
    execFileSync("mknod", [zero, "c", "1", "5"], { stdio: "pipe" });
  } catch (e) {
    noDevice = `mknod ${zero} c 1 5 failed (${(e as Error).message.split("\n")[0]}): device cases skipped`;
    console.warn(noDevice);
  }
  execFileSync("mkfifo", [fifo]);
  mkdirSync(join(dir, "folder"));
  server = createServer();
  await new Promise<void>((resolve) => server.listen(sock, resolve));
  const r = await rail(["light", "new", "--players", "2", "--seed", "1", "--out", game]);
  expect(r.code, r.err).toBe(0);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  out: string;
  err: string;
  ms: number;
}

/**
 * Runs the built rail. `stdin`: "silent" (a pipe the test holds open and never writes), a descriptor, or
 * "ignore"; `closeStdout`: the test closes its end of stdout at once (the child's write meets EPIPE). The child
 * is killed past 3 × BOUND_MS, so a hang fails the test instead of stalling it.
 */
function rail(
  args: string[],
  opts: { env?: Record<string, string>; stdin?: "silent" | "ignore" | number; closeStdout?: boolean } = {},
  command: [string, string[]] = [process.execPath, ["bin/rail.mjs", ...args]],
): Promise<Run> {
  const t0 = Date.now();
  const stdin = opts.stdin === "silent" ? "pipe" : (opts.stdin ?? "ignore");
  const child = spawn(command[0], command[1], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env },
    stdio: [stdin, "pipe", "pipe"],
  });
  const kill = setTimeout(() => child.kill("SIGKILL"), 3 * BOUND_MS);
  let out = "";
  let err = "";
  if (opts.closeStdout) child.stdout!.destroy();
  else child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(kill);
      child.stdin?.destroy();
      resolve({ code, out, err, ms: Date.now() - t0 });
    }),
  );
}

/** Exit 2 with exactly one `rail:` line matching `message`, nothing on stdout, in bounded time. */
function refused(r: Run, message: RegExp) {
  expect(r.err).toMatch(/^rail: [^\n]*\n$/);
  expect(r.err).toMatch(message);
  expect(r.code).toBe(2);
  expect(r.out).toBe("");
  expect(r.ms).toBeLessThan(BOUND_MS);
}

describe.concurrent("issue #24: every file argument bounded", () => {
  it("cli.files-device: a character device (mknod in a temp folder) is refused, also through a link", async (ctx) => {
    if (noDevice) ctx.skip();
    refused(await rail(["string", "pairs", zero]), /it is a character device, not a regular file/);
    const link = join(dir, "link-to-zero");
    symlinkSync(zero, link);
    refused(await rail(["light", "score", link]), /it is a character device/);
    refused(await rail(["light", "show", link]), /it is a character device/);
  });

  it("cli.files-fifo: a FIFO with no writer is refused, not waited on (a tool and a game-file command)", async () => {
    refused(await rail(["light", "score", fifo]), /it is a FIFO \(named pipe\), not a regular file/);
    refused(await rail(["light", "hint", fifo]), /it is a FIFO/);
    refused(await rail(["train", "show", fifo]), /it is a FIFO/);
  });

  it("cli.files-directory-socket: a directory and a socket are refused", async () => {
    refused(await rail(["string", "cost", join(dir, "folder")]), /it is a directory/);
    refused(await rail(["light", "score", sock]), /it is a socket/);
  });

  it("cli.files-cap: a regular file over 16 MiB (sparse) is refused by its size", async () => {
    const big = join(dir, "big.json");
    writeFileSync(big, "");
    truncateSync(big, 16 * 1024 * 1024 + 1);
    refused(await rail(["string", "pairs", big]), /larger than 16777216 bytes/);
  });

  it("cli.files-stdin-endless: an endless stdin on - is cut at the cap; /dev/stdin as a file name is refused", async () => {
    const z = openSync("/dev/zero", "r"); // reading /dev/zero is fine; no device is made under /dev
    try {
      refused(await rail(["string", "pairs", "-"], { stdin: z }), /stdin is larger than 16777216 bytes/);
    } finally {
      closeSync(z);
    }
    // Node gives a child a socket pair for a piped stdin; a shell gives a pipe (a FIFO): either is refused.
    refused(await rail(["light", "score", "/dev/stdin"], { stdin: "silent" }), /it is a (socket|FIFO)/);
  });

  it("cli.files-out-force: --force replaces a regular file, never a link to a device, a FIFO or a directory", async (ctx) => {
    const plain = join(dir, "plain.json");
    writeFileSync(plain, "old");
    const ok = await rail(["train", "new", "--seed", "2", "--out", plain, "--force"]);
    expect(ok.code, ok.err).toBe(0);
    expect(readFileSync(plain, "utf8")).toMatch(/^\{"format":"rail-game"/);
    refused(await rail(["train", "new", "--out", fifo, "--force"]), /cannot write .*it is a FIFO/);
    refused(await rail(["train", "new", "--out", join(dir, "folder"), "--force"]), /it is a directory/);
    const target = join(dir, "target.json");
    writeFileSync(target, "keep");
    const linkToFile = join(dir, "link-to-file");
    symlinkSync(target, linkToFile);
    refused(await rail(["train", "new", "--out", linkToFile, "--force"]), /it is a symbolic link/);
    expect(lstatSync(linkToFile).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("keep");
    if (noDevice) ctx.skip();
    const linkToDevice = join(dir, "out-link-to-zero");
    symlinkSync(zero, linkToDevice);
    refused(await rail(["train", "new", "--out", linkToDevice, "--force"]), /it is a symbolic link/);
    expect(lstatSync(linkToDevice).isSymbolicLink()).toBe(true);
    expect(lstatSync(zero).isCharacterDevice()).toBe(true);
  });

  it("cli.files-play-link: play through a link to a game file rewrites the file and keeps the link", async () => {
    const own = join(dir, "own.json");
    const link = join(dir, "own-link.json");
    const r0 = await rail(["train", "new", "--seed", "4", "--out", own]);
    expect(r0.code, r0.err).toBe(0);
    symlinkSync(own, link);
    const r = await rail(["train", "play", link, '{"type":"roll"}']);
    expect(r.code, r.err).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(own, "utf8")).state.log).toHaveLength(1);
  });

  it("cli.files-budget: a silent stdin is stopped by the time budget and the process exits 2", async () => {
    const r = await rail(["light", "score", "-"], { stdin: "silent", env: { RAIL_TIME_BUDGET: "1" } });
    refused(r, /^rail: stopped: the command ran past its time budget of 1 s/);
  });

  it("cli.files-caps-first: work caps are refused before the file is read, a human to move or not", async () => {
    const before = readFileSync(game, "utf8");
    refused(await rail(["light", "bot", game, "--playouts", "1e308"]), /--playouts must be a whole number/);
    refused(await rail(["light", "bot", game, "--playouts", "20001"]), /--playouts must be/);
    refused(await rail(["light", "hint", game, "--playouts", "1e308"]), /--playouts/);
    // The cap before the file: a FIFO given with a bad cap is refused for the cap, never opened.
    refused(await rail(["light", "bot", fifo, "--playouts", "1e308"]), /--playouts/);
    refused(await rail(["arena", "light", "--bots", "random,random", "--games", "1e308"]), /--games/);
    expect(readFileSync(game, "utf8")).toBe(before);
  });

  it("cli.files-stdout: a closed stdout exits 2, a stdout write error (EPIPE) exits 1, one line each", async () => {
    const closed = await rail([], {}, ["sh", ["-c", `exec "${process.execPath}" bin/rail.mjs train ev >&-`]]);
    refused(closed, /stdout is closed/);
    const devNull = await rail([], {}, [
      "sh",
      ["-c", `exec "${process.execPath}" bin/rail.mjs train ev >/dev/null`],
    ]);
    expect(devNull.code, devNull.err).toBe(0);
    const pipe = await rail(["train", "ev"], { closeStdout: true });
    expect(pipe.err).toMatch(/^rail: cannot write the answer to stdout: EPIPE\n$/);
    expect(pipe.code).toBe(1);
    // The same on the main-thread path (bin/direct.ts: `string pairs FILE`, issue #24).
    const segs = join(dir, "stdout-segs.json");
    writeFileSync(segs, '{"segments": [[0, 0, 1, 1], [0, 1, 1, 0]]}');
    refused(
      await rail([], {}, [
        "sh",
        ["-c", `exec "${process.execPath}" bin/rail.mjs string pairs "${segs}" >&-`],
      ]),
      /stdout is closed/,
    );
    const pairsPipe = await rail(["string", "pairs", segs], { closeStdout: true });
    expect(pairsPipe.err).toMatch(/^rail: cannot write the answer to stdout: EPIPE\n$/);
    expect(pairsPipe.code).toBe(1);
  });
});
