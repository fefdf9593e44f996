/**
 * The one JSON file reader of every `rail` command (Node: files and stdin), handed to the games' tools as their
 * host's `readJsonFile` (bin/host.ts). Limits and checks: web/cli/args.ts.
 */
import { readFileSync, readSync, statSync } from "node:fs";
import { MAX_ARG_JSON, MAX_FILE_BYTES, parseJsonText, quote, UsageError } from "../web/cli/args.ts";

let stdinUsed = false;

/** The text of a file (or stdin for `-`), at most `maxBytes` bytes, as UTF-8. */
export function readText(file: string | undefined, usage: string, maxBytes = MAX_FILE_BYTES): string {
  if (file === undefined || file === "") throw new UsageError(usage);
  let bytes: Buffer;
  try {
    if (file === "-") {
      if (stdinUsed) throw new UsageError("stdin (-) can be read only once");
      stdinUsed = true;
      bytes = readStdin(maxBytes);
    } else {
      const st = statSync(file);
      if (st.isDirectory()) throw new UsageError(`cannot read ${quote(file)}: it is a directory`);
      if (st.size > maxBytes)
        throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes (${st.size}): refused`);
      bytes = readFileSync(file);
      if (bytes.length > maxBytes)
        throw new UsageError(`${quote(file)} is larger than ${maxBytes} bytes: refused`);
    }
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${quote(file)}: ${code ?? "read error"}`);
  }
  return bytes.toString("utf8");
}

function readStdin(maxBytes: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const buf = Buffer.alloc(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes) throw new UsageError(`stdin is larger than ${maxBytes} bytes: refused`);
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks);
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
