/**
 * The String module's descriptor spec (assembly/string.ts), and its segment-file reader: `rail string pairs FILE`'s
 * whole computation (issue #24) — the file's bytes read straight into the module's `text` buffer, parsed there into
 * the kernel's segment buffer (assembly/geometry/scan.ts), counted there (assembly/geometry/pairs.ts) — with no
 * TypeScript twin loaded, so that the CLI's main-thread path (bin/direct.ts) loads little. The full wrapper,
 * web/solvers/string/geometry-wasm.ts, offers the same reader beside every other kernel.
 */
import { instantiate } from "../../../build/string.release.js";
import { PairsWorkError } from "../../engine/string/geometry/pairs-work.ts";
import { bindWasm, checkRange, type GlueOf } from "../../wasm/glue.ts";

/** What this wrapper expects of the module's descriptor (assembly/string.ts). */
export const STRING_GEOMETRY_SPEC = {
  module: "string",
  version: 6,
  buffers: {
    segments: "f64",
    pairs: "i32",
    path: "f64",
    discs: "f64",
    polygon: "f64",
    placed: "f64",
    visits: "i32",
    points: "f64",
    indexSegments: "f64",
    placedStrings: "i32",
    indexStrings: "i32",
    stretches: "f64",
    board: "f64",
    mountain: "f64",
    route: "f64",
    text: "u8",
  },
  limits: {
    segments: null,
    pairs: null,
    pathVertices: null,
    discs: null,
    polygonVertices: null,
    placedSegments: null,
    visits: null,
    points: null,
    indexAxisCells: null,
    indexSpan: null,
    stretches: null,
    textBytes: null,
  },
} as const;

/** `scanMore`'s answer while entries remain (assembly/geometry/scan.ts MORE), and the entries it reads a call. */
const SCAN_MORE = -2;
const SCAN_PART = 8192;
/** `chunkBegin`/`chunkMore`'s answer when a chunk is read (assembly/geometry/scan.ts CHUNK). */
const SCAN_CHUNK = -3;
/** Bytes a chunk of `scanFile` reads at most: `text` holds one and the unfinished entry before it. */
export const CHUNK_BYTES = 256 << 10;

/** One read of a file's next bytes into `buf[offset, offset + length)`: the bytes read, 0 at its end. */
export type ReadInto = (buf: Uint8Array, offset: number, length: number) => Promise<number>;

/** `countPairs`'s answer when the work is over the budget (assembly/geometry/pairs.ts REFUSED: i64's minimum). */
const PAIRS_REFUSED = -(2n ** 63n);

type Exports = Awaited<ReturnType<typeof instantiate>>;

/** Reading a segment file in the module and counting its pairs there. */
export interface SegmentFileReader {
  /**
   * The module's `text` buffer, made to hold at least `bytes` bytes (at most `limits.textBytes` − 1; its contents
   * are not kept and not zero-filled): read a segment file's bytes straight into it, then call `scanSegments`. The
   * view is valid until the next call into this wrapper (memory may grow then).
   */
  textBuffer(bytes: number): Uint8Array;
  /**
   * Parses the segment file `{"segments": [[x1, y1, x2, y2], …]}` in `text[0, length)` straight into the module's
   * segment buffer (assembly/geometry/scan.ts; numbers bit-exact with JSON.parse): the segment count n, or -1 when
   * the text is not that plain shape (parse it as JSON then, which names a bad field). Then `countScannedPairs(n)`.
   */
  scanSegments(length: number): number;
  /**
   * `scanSegments` of a whole file read in chunks of `chunk` bytes through the `text` buffer (used again: the file
   * is never held whole), each parsed while the file's next bytes are not yet read; `size` is the file's size
   * (room in the segment buffer). The segment count n, or -1 when the file is not the plain shape, or one entry
   * is longer than a chunk: read it whole then. `chunk` is lowered by tests only.
   */
  scanFile(size: number, read: ReadInto, chunk?: number): Promise<number>;
  /** `countIntersectingPairs` of the n segments the last `scanSegments` left in the module (no copy, no pairs out). */
  countScannedPairs(n: number, maxWork?: number): number;
  /** A copy of the n segments the last `scanSegments` left in the module, `[x1, y1, x2, y2, …]`. */
  scannedSegments(n: number): Float64Array;
}

/**
 * The reader over an instantiated module and its glue; `moved()` is called whenever the module may have moved a
 * buffer or grown its memory (the caller's own views are stale then).
 */
export function segmentFileReader(
  ex: Exports,
  glue: GlueOf<typeof STRING_GEOMETRY_SPEC>,
  moved: () => void = () => {},
): SegmentFileReader {
  const limits = glue.limits;
  /** n segments fit the segment buffer (as `scanSegments` left it). */
  const scanned = (n: number): void => {
    checkRange("segments", n, 0, limits.segments);
    const held = glue.descriptor.buffers.segments!.length >> 2;
    if (n > held) throw new RangeError(`segments: ${n} were not scanned (the buffer holds ${held})`);
  };
  return {
    textBuffer(bytes) {
      checkRange("text bytes", bytes, 0, limits.textBytes - 1);
      glue.reserve("text", bytes + 1); // + the end mark scanSegments writes
      moved();
      return glue.views().text;
    },
    scanSegments(length) {
      checkRange("text bytes", length, 0, glue.descriptor.buffers.text!.length - 1);
      // In parts of SCAN_PART entries: a cold process runs a call's baseline code to its end, and the optimized
      // code, compiled meanwhile, serves the later parts.
      let n = ex.scanBegin(length);
      while (n === SCAN_MORE) n = ex.scanMore(SCAN_PART);
      // scanBegin may have grown `segments` (and memory): the descriptor is read again, the views made anew
      glue.refresh();
      moved();
      return n;
    },
    async scanFile(size, read, chunk = CHUNK_BYTES) {
      checkRange("chunk bytes", chunk, 1, (limits.textBytes - 1) >> 1);
      const room = 2 * chunk; // a chunk after a carried tail of at most a chunk
      let view = this.textBuffer(room);
      const first = await read(view, 0, chunk);
      let r = ex.chunkBegin(first, Math.min(size, limits.textBytes));
      // chunkBegin may have grown `segments` (and memory): the descriptor is read again, the views made anew
      glue.refresh();
      moved();
      view = glue.views().text;
      while (r === SCAN_CHUNK) {
        const carry = ex.chunkCarry();
        if (carry > chunk) return -1; // an entry longer than a chunk (whitespace, zeros): read the file whole
        const n = await read(view, carry, room - carry);
        r = ex.chunkMore(carry + n, n === 0);
      }
      return r;
    },
    scannedSegments(n) {
      scanned(n);
      return glue.views().segments.slice(0, 4 * n);
    },
    countScannedPairs(n, maxWork = Number.POSITIVE_INFINITY) {
      scanned(n);
      const big = ex.countPairs(n, 0, maxWork); // an i64: a BigInt
      if (big === PAIRS_REFUSED) throw new PairsWorkError(ex.pairsWork(), maxWork);
      if (big < 0n)
        throw new RangeError(`segments[${-1n - big}] has a coordinate that is not a finite number`);
      return Number(big); // exact: at most n(n − 1)/2 < 2^33
    },
  };
}

/** Instantiates the String module for its segment-file reader alone (bin/direct.ts). */
export async function createSegmentFileReader(module: WebAssembly.Module): Promise<SegmentFileReader> {
  const ex = await instantiate(module, { env: {} });
  return segmentFileReader(ex, bindWasm(ex, STRING_GEOMETRY_SPEC));
}
