/**
 * `rail string pairs FILE` on the String module's segment-file reader (web/solvers/string/segment-file.ts): the
 * CLI's main-thread path (bin/direct.ts), which loads this and not the general path (./pairs.ts: JSON.parse, the
 * field checks, the TypeScript twin) unless the file is not the plain shape. Also the work budget and its refusal,
 * shared by both paths.
 */
import { parseArgs, positionals, quote, UsageError } from "../../cli/args.ts";
import { PairsWorkError } from "../../engine/string/geometry/pairs-work.ts";
import type { SegmentFileReader } from "../../solvers/string/segment-file.ts";

export const USAGE = 'usage: rail string pairs FILE   (FILE: {"segments": [[x1, y1, x2, y2], …]})';

/**
 * Most candidate pairs `pairs` tests. The method chosen (grid or sweep) knows its candidate pairs before testing
 * any, so input over this is refused at once. A candidate costs 15–110 ns in Wasm on the bench machine (the dear
 * end: distinct collinear overlapping segments, where every exact test runs to the last stage), so the cap is
 * 1–6 s of work. Identical segments are merged before testing: 65,537 copies of one segment cost no tests.
 */
export const MAX_PAIR_TESTS = 50_000_000;

export const thousands = (n: number) => n.toLocaleString("en-US");

/** `{ pairs }` of a count within the work budget; a work refusal as its one-line UsageError. */
export function countWithin(file: string, n: number, count: () => number): { pairs: number } {
  let pairs: number;
  try {
    pairs = count();
  } catch (e) {
    if (!(e instanceof PairsWorkError)) throw e;
    throw new UsageError(
      `${quote(file)}: ${thousands(n)} segments need ${thousands(e.work)} pair tests, over the ` +
        `budget of ${thousands(MAX_PAIR_TESTS)} (a few seconds): refused`,
    );
  }
  if (!Number.isSafeInteger(pairs) || pairs < 0) throw new Error(`the pair count is not exact (${pairs})`);
  return { pairs };
}

/**
 * `rail string pairs FILE` on the Wasm module's reader: `scan()` reads the file through the module's `text` buffer
 * (bin/direct.ts: in chunks, `SegmentFileReader.scanFile`), parsed straight into its segment buffer, and the kernel
 * counts, with no JavaScript string. A file that is not the plain shape (the reader's -1) goes to `general` (read
 * whole, then ./pairs.ts `stringPairs`: JSON.parse and the field checks), which names the bad field. The same
 * answers, errors and caps as `stringPairs`.
 */
export async function stringPairsScanned(
  args: string[],
  reader: SegmentFileReader,
  scan: () => Promise<number>,
  general: () => Promise<unknown>,
): Promise<unknown> {
  const p = parseArgs(args, []);
  const [file] = positionals(p, ["FILE"], USAGE);
  const n = await scan();
  if (n >= 0) return countWithin(file!, n, () => reader.countScannedPairs(n, MAX_PAIR_TESTS));
  return general();
}
