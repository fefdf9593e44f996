/**
 * The one JSON file reader of every `rail` command (Node: files and stdin), handed to the games' tools as their
 * host's `readJsonFile` (bin/host.ts). Limits and checks: web/cli/args.ts.
 */
import { closeSync, constants, fstatSync, openSync, read, readSync, type Stats, statSync } from "node:fs";
import { MAX_ARG_JSON, MAX_FILE_BYTES, parseJsonText, quote, UsageError } from "../web/cli/args.ts";

let stdinUsed = false;

/** What a file that is not a regular file is, for a refusal ("a FIFO (named pipe)"). */
export function fileKind(st: Stats): string {
  if (st.isDirectory()) return "a directory";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isSocket()) return "a socket";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

/**
 * Opens `file` for reading only if it is a regular file (a symbolic link to one is fine): anything else — a
 * device, a FIFO, a directory, a socket — is refused with one line before it is opened, and the opened
 * descriptor is checked again (`fstat`), so a file swapped in between is refused too. The open does not block
 * (O_NONBLOCK: a FIFO with no writer cannot hold it) and takes no controlling terminal.
 */
export function openRegular(file: string): number {
  const st = statSync(file);
  if (!st.isFile())
    throw new UsageError(`cannot read ${quote(file)}: it is ${fileKind(st)}, not a regular file`);
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const now = fstatSync(fd);
    if (!now.isFile())
      throw new UsageError(`cannot read ${quote(file)}: it is ${fileKind(now)}, not a regular file`);
    return fd;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** At most `maxBytes` bytes from `fd` (one more byte read tells a larger file: refused, whatever its size said). */
function readCapped(fd: number, maxBytes: number, what: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const buf = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf, 0, Math.min(buf.length, maxBytes + 1 - total), null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") {
        Atomics.wait(PAUSE, 0, 0, 10); // a non-blocking stdin with nothing yet: wait 10 ms, not spin
        continue;
      }
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw new UsageError(`${what} is larger than ${maxBytes} bytes: refused`);
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

/** Reads stdin here, in this thread ({@link stdinFd}), with the byte cap. */
function readStdinHere(maxBytes: number): Buffer {
  const fd = stdinFd();
  try {
    return readCapped(fd, maxBytes, "stdin");
  } finally {
    if (fd !== 0) closeSync(fd);
  }
}

let stdinReader: (maxBytes: number) => Buffer = readStdinHere;

/**
 * Who reads stdin for `-`: bin/rail.ts's worker asks the main thread, which reads it asynchronously (any kind of
 * stdin: a pipe, a socket, a terminal) and so can still end the process when the time budget is spent. The
 * reader returns at most `maxBytes` bytes or throws a {@link UsageError} (`stdin is larger than …`).
 */
export function setStdinReader(reader: (maxBytes: number) => Buffer): void {
  stdinReader = reader;
}

/**
 * The descriptor stdin is read from. A regular file: fd 0. Anything else (a pipe, a FIFO, a terminal, a device):
 * stdin opened again without blocking (Linux: /proc/self/fd/0, a new open file description, so the shell's is
 * unchanged), read by polling — a thread blocked in read(2) holds the process past its time budget (Node joins a
 * worker thread before it exits), a polling one does not.
 */
function stdinFd(): number {
  try {
    if (fstatSync(0).isFile()) return 0;
  } catch {
    return 0;
  }
  for (const path of ["/proc/self/fd/0", "/dev/stdin"]) {
    try {
      return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
    } catch {
      // a socket cannot be opened again: try the next, then read fd 0 itself
    }
  }
  return 0;
}

/**
 * The text of a file (or stdin for `-`), at most `maxBytes` bytes, as UTF-8. A file must be a regular file
 * ({@link openRegular}); it is read with the byte cap even so (it may grow while it is read).
 */
export function readText(file: string | undefined, usage: string, maxBytes = MAX_FILE_BYTES): string {
  if (file === undefined || file === "") throw new UsageError(usage);
  let bytes: Buffer;
  try {
    if (file === "-") {
      if (stdinUsed) throw new UsageError("stdin (-) can be read only once");
      stdinUsed = true;
      bytes = stdinReader(maxBytes);
    } else {
      const fd = openRegular(file);
      try {
        const size = fstatSync(fd).size;
        if (size > maxBytes)
          throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes (${size}): refused`);
        bytes = readCapped(fd, maxBytes, quote(file));
      } finally {
        closeSync(fd);
      }
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${quote(file)}: ${code ?? "read error"}`);
  }
  return bytes.toString("utf8");
}

/** One read(2) on libuv's thread pool: the bytes read (0 at the end). */
function readAsync(fd: number, buf: Uint8Array, offset: number, length: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, buf, offset, length, null, (e, n) => (e ? reject(e) : resolve(n))),
  );
}

/**
 * {@link readText} of a file (not stdin) without blocking this thread: the same checks, caps and messages, but the
 * bytes are read on libuv's thread pool, so a timer of this thread (bin/rail.ts's time budget) still fires while the
 * read waits. The file's size is read in one call when it does not grow; one more byte tells a larger file: refused.
 */
export async function readFileText(file: string, usage: string, maxBytes = MAX_FILE_BYTES): Promise<string> {
  if (file === "" || file === "-") throw new UsageError(usage);
  let bytes: Buffer;
  try {
    const fd = openRegular(file);
    try {
      const size = fstatSync(fd).size;
      if (size > maxBytes)
        throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes (${size}): refused`);
      let buf = Buffer.allocUnsafe(size + 1);
      let total = 0;
      for (;;) {
        if (total === buf.length) {
          const more = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
          buf.copy(more, 0, 0, total);
          buf = more;
        }
        const n = await readAsync(fd, buf, total, Math.min(buf.length, maxBytes + 1) - total);
        if (n === 0) break;
        total += n;
        if (total > maxBytes)
          throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes: refused`);
      }
      bytes = buf.subarray(0, total);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${quote(file)}: ${code ?? "read error"}`);
  }
  return bytes.toString("utf8");
}

/**
 * {@link readFileText}'s checks, caps and messages, but the bytes go straight into the caller's buffer (the String
 * Wasm module's `text`: no JavaScript string, no intermediate copy): `room(bytes)` gives a buffer of at least `bytes`
 * bytes (its earlier contents need not be kept), asked first for the file's size and one more byte (which tells a
 * file that grew: then the bytes read so far are kept aside, a larger buffer asked for, and the read goes on, up
 * to the cap). Read on libuv's thread pool, like {@link readFileText}. Returns the bytes read.
 */
export async function readFileInto(
  file: string,
  usage: string,
  room: (bytes: number) => Uint8Array,
  maxBytes = MAX_FILE_BYTES,
): Promise<number> {
  if (file === "" || file === "-") throw new UsageError(usage);
  try {
    const fd = openRegular(file);
    try {
      const size = fstatSync(fd).size;
      if (size > maxBytes)
        throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes (${size}): refused`);
      let buf = room(size + 1);
      let total = 0;
      for (;;) {
        const want = Math.min(buf.length, maxBytes + 1);
        if (total === want) {
          // The file grew past the buffer (rare): keep what was read, take a buffer twice as large.
          const kept = Buffer.from(buf.subarray(0, total));
          buf = room(Math.min(2 * total, maxBytes + 1));
          buf.set(kept);
          continue;
        }
        const n = await readAsync(fd, buf, total, want - total);
        if (n === 0) break;
        total += n;
        if (total > maxBytes)
          throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes: refused`);
      }
      return total;
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${quote(file)}: ${code ?? "read error"}`);
  }
}

/**
 * {@link readFileInto}'s checks, caps and messages for a reader that takes a file in parts: `use(size, read)`
 * gets the file's size and a `read(buf, offset, length)` (one read on libuv's thread pool: the bytes read, 0 at the
 * end; a file that grows past `maxBytes` is refused at the read that passes it); the file is closed when `use`
 * settles. Errors of `use` itself pass unchanged.
 */
export async function withFileReads<T>(
  file: string,
  usage: string,
  use: (
    size: number,
    read: (buf: Uint8Array, offset: number, length: number) => Promise<number>,
  ) => Promise<T>,
  maxBytes = MAX_FILE_BYTES,
): Promise<T> {
  if (file === "" || file === "-") throw new UsageError(usage);
  const readError = (e: unknown): UsageError => {
    if (e instanceof UsageError) return e;
    const code = (e as NodeJS.ErrnoException).code;
    return new UsageError(`cannot read ${quote(file)}: ${code ?? "read error"}`);
  };
  let fd: number;
  let size: number;
  try {
    fd = openRegular(file);
    try {
      size = fstatSync(fd).size;
    } catch (e) {
      closeSync(fd);
      throw e;
    }
  } catch (e) {
    throw readError(e);
  }
  try {
    if (size > maxBytes)
      throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes (${size}): refused`);
    let total = 0;
    return await use(size, async (buf, offset, length) => {
      let n: number;
      try {
        n = await readAsync(fd, buf, offset, Math.min(length, maxBytes + 1 - total));
      } catch (e) {
        throw readError(e);
      }
      total += n;
      if (total > maxBytes) throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes: refused`);
      return n;
    });
  } finally {
    closeSync(fd);
  }
}

/** A JSON file (or stdin for `-`): read, parsed and depth-checked; `usage` is the message when it is missing. */
export function readJsonFile(
  file: string | undefined,
  usage: string,
  opts: { maxBytes?: number; maxDepth?: number } = {},
): unknown {
  const text = readText(file, usage, opts.maxBytes);
  return parseJsonText(text, file === "-" ? "stdin" : quote(file!), opts.maxDepth);
}

/** JSON text given as an argument (an action): at most {@link MAX_ARG_JSON} characters; `-` reads stdin. */
export function jsonArg(text: string, name: string): unknown {
  if (text === "-") return readJsonFile("-", name, { maxBytes: MAX_ARG_JSON });
  if (text.length > MAX_ARG_JSON)
    throw new UsageError(`${name} is longer than ${MAX_ARG_JSON} characters (${text.length}): refused`);
  return parseJsonText(text, name);
}
