// The segment file reader of `rail string pairs FILE` (issue #24): the file's bytes, read by the CLI straight into
// `text`, parsed in one pass into the kernel's input buffer `segments` (pairs.ts), with no JavaScript string and
// no object per value. Wasm twin of `scanSegmentsText` (web/games/string/pairs.ts): the same files, the same numbers.
//
// Layout: the caller writes the file's bytes into `text[0, length)` (after `reserveText(length)`) and calls
// `scanSegments(length)`; the answer is n ≥ 0, the segments now in `segments[0, 4n)` as [x1, y1, x2, y2, …], or
// NOT_PLAIN (-1): the text is not the plain shape below, and the caller parses it as JSON (which names the bad
// field, or accepts what this reader leaves to it). So this reader never refuses a file.
//
// The plain shape: `{"segments": [[x1, y1, x2, y2], …]}`, JSON whitespace anywhere between tokens, the key written
// without escapes, every entry 4 JSON numbers, each finite as a double and of at most 19 significant digits (then only zeros), at
// most MAX_SEGMENTS entries. Numbers follow the JSON grammar exactly and are read to the double JSON.parse gives (round
// to nearest, ties to even; -0 kept): ≤ 15 digits with |exponent| ≤ 22 after moving the point is one exact integer
// times or over one exact power of ten, a single rounding (Clinger's fast path); any other goes through the
// Eisel–Lemire algorithm with fast_float's 128-bit table of powers of five (pow5.ts, scripts/gen-pow5.mjs), exact
// for every mantissa below 2^64 without a fallback (Mushtak and Lemire, "Fast Number Parsing Without Fallback").
import { fresh } from "../glue/fresh";
import { MAX_SEGMENTS, reserveSegments, segments } from "./pairs";
import { POW5, POW5_MAX_Q, POW5_MIN_Q } from "./pow5";

/** `scanSegments`'s answer for a text that is not the plain shape: parse it as JSON instead. */
export const NOT_PLAIN: i32 = -1;
/**
 * The most bytes `text` holds: the CLI's file cap (web/cli/args.ts MAX_FILE_BYTES), the one byte more its reader
 * asks for (which tells a larger file), and the end mark.
 */
export const MAX_TEXT: i32 = (16 << 20) + 2;
const START_TEXT: i32 = 64;

export let text = fresh<u8>(START_TEXT);

/**
 * Makes `text` hold `bytes` bytes (bytes ≤ MAX_TEXT; the wrapper checks); returns its length. Its contents are not
 * kept, and the new buffer is not zero-filled: the file is read straight into it.
 */
export function reserveText(bytes: i32): i32 {
  if (bytes <= text.length) return text.length;
  let cap = text.length;
  while (cap < bytes) cap <<= 1;
  if (cap > MAX_TEXT) cap = MAX_TEXT;
  text = fresh<u8>(cap);
  return cap;
}

const POW10 = memory.data<f64>([
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
  1e21, 1e22,
]);

// @ts-ignore: decorator
@inline function isSpace(c: u32): bool {
  return c == 32 || c == 10 || c == 13 || c == 9;
}

/** Whether the 8 bytes of `v` are all ASCII digits (fast_float's is_made_of_eight_digits_fast). */
// @ts-ignore: decorator
@inline function eightDigits(v: u64): bool {
  return ((v & 0xf0f0f0f0f0f0f0f0) | (((v + 0x0606060606060606) & 0xf0f0f0f0f0f0f0f0) >> 4)) == 0x3333333333333333;
}

/** The value of 8 ASCII digits, the first in the low byte (fast_float's parse_eight_digits_unrolled). */
// @ts-ignore: decorator
@inline function eightValue(v: u64): u64 {
  v -= 0x3030303030303030;
  v = v * 10 + (v >> 8);
  return (
    ((v & 0x000000ff000000ff) * (100 + (1000000 << 32)) + ((v >> 16) & 0x000000ff000000ff) * (1 + (10000 << 32))) >>
    32
  );
}

/** High 64 bits of a · b (the low 64 are a * b). */
// @ts-ignore: decorator
@inline function mulHigh(a: u64, b: u64): u64 {
  const a0 = a & 0xffffffff;
  const a1 = a >> 32;
  const b0 = b & 0xffffffff;
  const b1 = b >> 32;
  const p00 = a0 * b0;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const p11 = a1 * b1;
  const mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

/**
 * The bits of the double nearest to w · 10^q (w > 0, w < 2^64, POW5_MIN_Q ≤ q ≤ POW5_MAX_Q), round to nearest,
 * ties to even; 0x7ff0000000000000 (infinity) when it overflows. fast_float's `compute_float` for binary64.
 */
function eiselLemire(w: u64, q: i32): u64 {
  const lz = <i32>clz(w);
  w <<= <u64>lz;
  const index = 2 * (q - POW5_MIN_Q);
  const hi5 = unchecked(POW5[index]);
  // The product's top 128 bits (w · 5^q's 128-bit mantissa); the low table word only when the top word's low
  // 9 bits (55 bits of precision kept) are all ones, where a carry from below could change them.
  let high = mulHigh(w, hi5);
  let low = w * hi5;
  if ((high & 0x1ff) == 0x1ff) {
    const lo5 = unchecked(POW5[index + 1]);
    const secondHigh = mulHigh(w, lo5);
    low += secondHigh;
    if (secondHigh > low) high++;
  }
  const upper = <i32>(high >> 63);
  const shift = upper + 64 - 52 - 3;
  let mantissa = high >> <u64>shift;
  // power(q) = ⌊q · log2(10)⌋ + 63, as fast_float computes it; minimum_exponent = -1023
  let power2 = ((((152170 + 65536) * q) >> 16) + 63) + upper - lz + 1023;
  if (power2 <= 0) {
    // subnormal (or zero)
    if (-power2 + 1 >= 64) return 0;
    mantissa >>= <u64>(-power2 + 1);
    mantissa += mantissa & 1;
    mantissa >>= 1;
    power2 = mantissa < (<u64>1 << 52) ? 0 : 1;
    return (<u64>power2 << 52) | (mantissa & ((<u64>1 << 52) - 1));
  }
  // A tie (the product exact and halfway) rounds to even: only possible for -4 ≤ q ≤ 23.
  if (low <= 1 && q >= -4 && q <= 23 && (mantissa & 3) == 1) {
    if (mantissa << <u64>shift == high) mantissa &= ~(<u64>1);
  }
  mantissa += mantissa & 1;
  mantissa >>= 1;
  if (mantissa >= <u64>2 << 52) {
    mantissa = <u64>1 << 52;
    power2++;
  }
  mantissa &= ~(<u64>1 << 52);
  if (power2 >= 0x7ff) return 0x7ff0000000000000;
  return (<u64>power2 << 52) | mantissa;
}

/** `scanMore`'s answer while entries remain. */
export const MORE: i32 = -2;

// The reader's state between calls (`scanBegin`, then `scanMore` until it answers n ≥ 0 or NOT_PLAIN).
let at: usize = 0; // the next byte
let last: usize = 0; // the end mark's address
let count: i32 = 0; // entries read
let room: i32 = 0; // entries `segments` holds for this text
let between = false; // `at` is just after an entry's `]` (else at an entry's `[`)
let limit: usize = usize.MAX_VALUE; // chunks: no entry starts at or past this (just past the chunk's last `]`)
let chunked = false; // the text is a chunk of a file, not its end

/** `chunkBegin`/`chunkMore`'s answer when the chunk is read: its unread tail is at the front of `text`. */
export const CHUNK: i32 = -3;

/**
 * Parses `text[0, length)` (see the file comment) into `segments`; returns the segment count, or NOT_PLAIN. The
 * same as `scanBegin(length)` and then `scanMore` until done.
 */
export function scanSegments(length: i32): i32 {
  const r = scanBegin(length);
  return r == MORE ? scanMore(MAX_SEGMENTS) : r;
}

/**
 * Starts reading `text[0, length)`: the opening `{"segments": [`, and room in `segments` for every entry the text
 * can hold. MORE (then call `scanMore`), n ≥ 0 when the text is read (no entries), or NOT_PLAIN. The reading is
 * split in calls so that the engine's optimizing compiler, which replaces a function's baseline code between
 * calls (not during one), serves the later calls of a cold process.
 */
export function scanBegin(length: i32): i32 {
  chunked = false;
  limit = usize.MAX_VALUE;
  return begin(length, length);
}

/**
 * Starts reading a file in chunks through `text` (issue #24: a small buffer used again, never the whole file):
 * `text[0, length)` holds its first bytes, not its end; `fileBytes` its size (room in `segments` for every entry
 * it can hold). Reads every entry that ends in the chunk; CHUNK then, the unread tail (`chunkCarry()` bytes) moved
 * to the front of `text`: the caller reads the next bytes after it and calls `chunkMore`. Else NOT_PLAIN (also
 * for a file whose opening, or one entry, does not fit a chunk: the caller reads it whole).
 */
export function chunkBegin(length: i32, fileBytes: i32): i32 {
  chunked = true;
  limit = lastClose(length);
  const r = begin(length, fileBytes);
  if (r != MORE) return NOT_PLAIN; // no entries, or not plain: the whole file decides
  return chunkScan();
}

/**
 * The next chunk: `text[0, length)`, the tail `chunkBegin`/`chunkMore` left then the file's next bytes; `last`
 * when the file ends there. CHUNK, or (last) the segment count or NOT_PLAIN.
 */
export function chunkMore(length: i32, end: bool): i32 {
  if (length < 0 || length >= text.length) unreachable();
  const base = changetype<usize>(text);
  store<u8>(base + <usize>length, 0);
  last = base + <usize>length;
  chunked = !end;
  limit = end ? usize.MAX_VALUE : lastClose(length);
  at = base;
  return chunkScan();
}

/** Bytes of the tail the last CHUNK answer left at the front of `text`. */
export function chunkCarry(): i32 {
  return <i32>(last - at);
}

/** Just past the last `]` of `text[0, length)` (its start when there is none). */
function lastClose(length: i32): usize {
  const base = changetype<usize>(text);
  let p = base + <usize>length;
  while (p > base && load<u8>(p - 1) != 93) p--;
  return p;
}

function chunkScan(): i32 {
  const r = scanMore(MAX_SEGMENTS);
  if (r != CHUNK) return r;
  const base = changetype<usize>(text);
  const tail = last - at;
  memory.copy(base, at, tail);
  last = base + tail;
  at = base;
  return CHUNK;
}

function begin(length: i32, fileBytes: i32): i32 {
  if (length < 0 || length >= text.length) unreachable(); // the wrapper reserves length + 1 bytes
  const base = changetype<usize>(text);
  const end = base + <usize>length;
  store<u8>(end, 0); // the end mark: no token or digit is 0, so every loop below stops there
  last = end;
  count = 0;
  let p = base;
  while (isSpace(load<u8>(p))) p++;
  if (load<u8>(p) != 123) return stop(p); // {
  p++;
  while (isSpace(load<u8>(p))) p++;
  // "segments", quotes included
  if (p + 10 > end) return stop(p);
  if (
    load<u8>(p) != 34 ||
    load<u8>(p, 1) != 115 ||
    load<u8>(p, 2) != 101 ||
    load<u8>(p, 3) != 103 ||
    load<u8>(p, 4) != 109 ||
    load<u8>(p, 5) != 101 ||
    load<u8>(p, 6) != 110 ||
    load<u8>(p, 7) != 116 ||
    load<u8>(p, 8) != 115 ||
    load<u8>(p, 9) != 34
  )
    return stop(p);
  p += 10;
  while (isSpace(load<u8>(p))) p++;
  if (load<u8>(p) != 58) return stop(p); // :
  p++;
  while (isSpace(load<u8>(p))) p++;
  if (load<u8>(p) != 91) return stop(p); // [
  p++;
  // Each entry takes at least 10 bytes ("[0,0,0,0],"), so this holds every entry the text can have.
  room = fileBytes / 9 + 1;
  if (room > MAX_SEGMENTS) room = MAX_SEGMENTS;
  reserveSegments(room);
  while (isSpace(load<u8>(p))) p++;
  if (load<u8>(p) == 93) return finish(p + 1); // ] (no segments)
  at = p;
  between = false;
  return MORE;
}

/**
 * Reads up to `entries` more entries: MORE while some remain, else the segment count (the text read to its end)
 * or NOT_PLAIN.
 */
export function scanMore(entries: i32): i32 {
  let p = at;
  let n = count;
  const stopAt = entries < room - n ? n + entries : room;
  let out = changetype<usize>(segments) + (<usize>n << 5);
  let after = between;
  for (;;) {
    // A chunk: an entry starting before `limit` ends (its `]`) in the chunk; the rest waits for the next one.
    if (p >= limit) {
      at = p;
      count = n;
      between = after;
      return CHUNK;
    }
    if (after) {
      while (isSpace(load<u8>(p))) p++;
      const c = load<u8>(p);
      if (c == 93) {
        count = n;
        if (chunked) {
          // the list's end: the closing `}` may be in the next chunk
          at = p;
          between = true;
          return CHUNK;
        }
        return finish(p + 1);
      }
      if (c != 44) return stop(p);
      p++;
      while (isSpace(load<u8>(p))) p++;
      after = false;
    }
    if (n == stopAt) {
      if (n == room) return stop(p); // more entries than MAX_SEGMENTS: JSON.parse's path counts them
      at = p;
      count = n;
      between = false;
      return MORE;
    }
    if (load<u8>(p) != 91) return stop(p);
    p++;
    for (let k = 0; k < 4; k++) {
      while (isSpace(load<u8>(p))) p++;
      // A JSON number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
      const neg = load<u8>(p) == 45;
      if (neg) p++;
      let c = <u32>load<u8>(p);
      let w: u64 = 0; // the significant digits, exact (at most 19)
      let digits = 0; // significant digits seen (leading zeros not counted)
      let point = 0; // digits after the decimal point, up to the last one in w
      let extra = 0; // zeros of the integer part past 19 significant digits
      if (c == 48) {
        c = <u32>load<u8>(++p);
      } else if (c - 49 < 9) {
        do {
          if (digits < 19) {
            w = w * 10 + <u64>(c - 48);
            digits++;
          } else if (c != 48) return stop(p); // a 20th significant digit: JSON.parse reads it
          else extra++; // a zero past 19 digits (JSON.stringify writes integers to 10^21 in full)
          c = <u32>load<u8>(++p);
        } while (c - 48 < 10);
      } else return stop(p);
      if (c == 46) {
        c = <u32>load<u8>(++p);
        if (c - 48 >= 10) return stop(p);
        // 8 fraction digits at once after a significant digit, when they fit in 19 (JSON.stringify's 17-digit
        // numbers: one step instead of 8 of the serial w = 10 w + d chain); the text's end mark stops it
        if (digits > 0 && digits <= 11 && eightDigits(load<u64>(p))) {
          w = w * 100_000_000 + eightValue(load<u64>(p));
          digits += 8;
          point += 8;
          p += 8;
          c = <u32>load<u8>(p);
        }
        while (c - 48 < 10) {
          if (digits == 0 && c == 48) point++; // a leading zero
          else if (digits < 19) {
            w = w * 10 + <u64>(c - 48);
            digits++;
            point++;
          } else if (c != 48) return stop(p); // past 19 digits only zeros, which change nothing
          c = <u32>load<u8>(++p);
        }
      }
      let exp = 0;
      if ((c | 32) == 101) {
        c = <u32>load<u8>(++p);
        const expNeg = c == 45;
        if (expNeg || c == 43) c = <u32>load<u8>(++p);
        if (c - 48 >= 10) return stop(p);
        do {
          if (exp < 100_000_000) exp = exp * 10 + <i32>(c - 48); // larger: as good as infinite
          c = <u32>load<u8>(++p);
        } while (c - 48 < 10);
        if (expNeg) exp = -exp;
      }
      const q = exp - point + extra;
      let v: f64;
      if (w == 0) v = 0;
      else if (w <= <u64>1 << 53 && q >= -22 && q <= 22)
        v = q < 0 ? <f64>w / load<f64>(POW10 + (<usize>-q << 3)) : <f64>w * load<f64>(POW10 + (<usize>q << 3));
      else if (q < POW5_MIN_Q) v = 0; // below 10^-323: under half the least subnormal
      else if (q > POW5_MAX_Q) return stop(p); // infinite: JSON.parse's reader names it
      else {
        const bits = eiselLemire(w, q);
        if (bits == 0x7ff0000000000000) return stop(p);
        v = reinterpret<f64>(bits);
      }
      store<f64>(out, neg ? -v : v);
      out += 8;
      while (isSpace(c)) c = <u32>load<u8>(++p);
      if (c != (k == 3 ? 93 : 44)) return stop(p); // ] after the 4th, else ,
      p++;
    }
    n++;
    after = true;
  }
  return NOT_PLAIN; // (not reached: asc's flow analysis wants it)
}

/** After the list's `]`: the closing `}` and nothing but whitespace to the end. */
function finish(p: usize): i32 {
  while (isSpace(load<u8>(p))) p++;
  if (load<u8>(p) != 125) return stop(p); // }
  p++;
  while (isSpace(load<u8>(p))) p++;
  if (p != last) return NOT_PLAIN;
  return count;
}

/** Not the plain shape at byte `p` (JSON.parse's reader names the problem, if any). */
// @ts-ignore: decorator
@inline function stop(p: usize): i32 {
  return NOT_PLAIN;
}
