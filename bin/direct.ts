/**
 * The commands `rail` runs on its main thread instead of in a worker (issue #24): today one, `rail string pairs
 * FILE` with FILE a file (not `-`), whose whole run is a file read and a capped computation, so that it starts
 * like a plain script: no worker thread to boot, and only the modules it needs are loaded (not the game registry).
 *
 * The guarantees of bin/rail.ts hold: the caps are checked before any work (the file's size and kind, then the
 * segment count and the pair-test budget, in web/games/string/pairs.ts); the file is read without blocking the
 * thread ({@link readFileText}), so the time budget's timer ends the process with exit 2 whatever the read waits
 * on; the computation that follows is bounded by those caps (at most `MAX_PAIR_TESTS` exact pair tests, a
 * few seconds), and bin/rail.ts takes this path (its `isDirect`) only when the budget is at least
 * `DIRECT_MIN_BUDGET_S` (60 s) and checks the budget again when the command returns. Anything else (stdin,
 * options, other commands) runs in the worker as before.
 */
import { stringPairsScanned, USAGE } from "../web/games/string/pairs-file.ts";
import type { CliHost } from "../web/games/types.ts";
import { createSegmentFileReader } from "../web/solvers/string/segment-file.ts";
import { readFileText, withFileReads } from "./files.ts";
import { nodeHost } from "./host.ts";
import { ensureWasm, failure, type Outcome, success } from "./outcome.ts";

/**
 * Runs a command bin/rail.ts sends here (`isDirect`) on this thread: the same answer, error line and exit code as
 * the worker's. With the String Wasm module (built: always, after `ensureWasm`), the file is read straight into the
 * module's `text` buffer in chunks of 256 KiB, the buffer used again (bin/files.ts `withFileReads`,
 * `SegmentFileReader.scanFile`: no JavaScript string, the file never held whole), parsed there into the kernel's
 * input and counted (web/games/string/pairs-file.ts, web/solvers/string/segment-file.ts: no TypeScript
 * twin loaded); a file off the plain shape, or no module, goes the general way (web/games/string/pairs.ts).
 */
export async function runDirect(args: readonly string[]): Promise<Outcome> {
  try {
    ensureWasm();
    const file = args[2]!;
    const general = async (text: string) => {
      const { stringPairs } = await import("../web/games/string/pairs.ts");
      // The file is read already; any other read (none today) goes to the usual reader.
      const host: CliHost = {
        ...nodeHost,
        readTextFile: (f, u, opts = {}) =>
          f === file && opts.maxBytes === undefined ? text : nodeHost.readTextFile(f, u, opts),
      };
      return stringPairs(args.slice(2), host);
    };
    const module = await nodeHost.kit.wasm("string")?.catch(() => null);
    if (!module) return success(await general(await readFileText(file, USAGE)), false);
    const reader = await createSegmentFileReader(module);
    const scan = () => withFileReads(file, USAGE, (size, read) => reader.scanFile(size, read));
    const whole = async () => general(await readFileText(file, USAGE));
    return success(await stringPairsScanned(args.slice(2), reader, scan, whole), false);
  } catch (e) {
    return failure(e);
  }
}
