/**
 * The race table as a binary asset (web/data/train/race-100.bin, built by scripts/build-race-table.ts): everything
 * a race hint or race bot move needs besides one turn solve, so that no race has to be solved at run time.
 *
 * Layout, little-endian (docs/solvers.md):
 *
 *   offset  type     field
 *        0  u8[4]    magic "RKRT"
 *        4  u16      version (2)
 *        6  u16      goal
 *        8  u16      rows = goal (A's score 0..goal-1)
 *       10  u16      cols = goal (B's score 0..goal-1)
 *       12  u16      lastLen = TL + 1 (B's last-turn values L[0..TL])
 *       14  u16      0 (reserved)
 *       16  f64      tolerance: the bound on every value's error
 *       24  u32      Newton iterations of the solve that made it (informative)
 *       28  u32      payload length in bytes
 *       32  u32      checksum32 of the payload (FNV-1a over its 32-bit words)
 *       36  u32      0 (reserved)
 *       40  payload  X f64[rows·cols], Y f64[rows·cols], L f64[lastLen], stopAt u16[rows·cols], zero bytes up to
 *                    a multiple of 4
 *
 * The f64 values are the solver's own bits, so a solver loaded from the asset answers exactly as one that solved.
 * Reading it is meant to be cheap in a worker that has just started (the first race hint waits for it): on a
 * little-endian host X, Y and L are views over the bytes, and the checksum runs over words, not bytes (version 1
 * hashed bytes: 186,408 steps of cold code, 7 to 50 ms in a fresh browser worker). The encoder refuses a value
 * that is not a probability, so a file whose checksum matches holds none: the reader does not check them again.
 */
import { twinChecks, wasmChecks } from "./checksum-wasm.ts";
import { MAX_GOAL, MIN_GOAL, PMAX, type RaceResult, TL } from "./reference.ts";

export const RACE_TABLE_MAGIC = "RKRT";
export const RACE_TABLE_VERSION = 2;
export const RACE_TABLE_HEADER = 40;

/** A race table read back from its asset: the solver's RaceResult and the stated tolerance. */
export interface RaceData extends RaceResult {
  tolerance: number;
}

/** The asset is missing, truncated, of another version or corrupt. */
export class RaceTableFormatError extends Error {
  override readonly name = "RaceTableFormatError";
}

/** True on a little-endian host (every browser engine today): typed-array views then read the assets as they are. */
export function littleEndian(): boolean {
  return new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
}

/**
 * The assets' checksum: FNV-1a (32-bit) over the little-endian 32-bit words of `bytes` from byte `from` (its
 * length from there a multiple of 4). Each step is a bijection of the running hash, so changing any one word
 * always changes the result. Computed in Wasm where it can be compiled (checksum-wasm.ts: a cold worker's
 * JavaScript loop costs 12–17 ms over the race table), else by its TypeScript twin ({@link checksum32Js}); the
 * same number either way.
 */
export function checksum32(bytes: Uint8Array, from = 0): number {
  return wasmChecks()?.checksum32(bytes, from) ?? checksum32Js(bytes, from);
}

/** {@link checksum32} by the TypeScript twin of the Wasm kernel (twin/checksum.ts). */
export function checksum32Js(bytes: Uint8Array, from = 0): number {
  return twinChecks.checksum32(bytes, from);
}

function payloadLength(goal: number): number {
  const n = goal * goal;
  return (2 * 8 * n + 8 * (TL + 1) + 2 * n + 3) & ~3;
}

/** The asset bytes of a solved race; a RangeError if a value is not a probability or a stopAt is out of range. */
export function encodeRaceTable(r: RaceResult, tolerance: number): Uint8Array<ArrayBuffer> {
  const goal = r.goal;
  for (const arr of [r.x, r.y, r.last])
    for (const v of arr)
      if (!(v >= 0 && v <= 1)) throw new RangeError(`race value ${v} is not a probability`);
  for (const p of r.stopAt) if (p < 6 || p > PMAX + 1) throw new RangeError(`stopAt ${p} out of range`);
  const n = goal * goal;
  const len = payloadLength(goal);
  const out = new Uint8Array(RACE_TABLE_HEADER + len);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = RACE_TABLE_MAGIC.charCodeAt(i);
  dv.setUint16(4, RACE_TABLE_VERSION, true);
  dv.setUint16(6, goal, true);
  dv.setUint16(8, goal, true);
  dv.setUint16(10, goal, true);
  dv.setUint16(12, TL + 1, true);
  dv.setFloat64(16, tolerance, true);
  dv.setUint32(24, r.iterations, true);
  dv.setUint32(28, len, true);
  let o = RACE_TABLE_HEADER;
  for (const arr of [r.x, r.y, r.last]) {
    for (let i = 0; i < arr.length; i++, o += 8) dv.setFloat64(o, arr[i]!, true);
  }
  for (let i = 0; i < n; i++, o += 2) dv.setUint16(o, r.stopAt[i]!, true);
  dv.setUint32(32, checksum32(out, RACE_TABLE_HEADER), true);
  return out;
}

/**
 * Reads and checks an asset: magic, version, dimensions, payload length, the word checksum, and the stopAt range.
 * Throws RaceTableFormatError on anything else. `goal`, when given, must match. With `views` (the default on a
 * little-endian host) X, Y and L are views over `data` (copied first only if it is not 8-byte aligned); otherwise
 * every value is read into fresh arrays.
 */
export function decodeRaceTable(
  data: ArrayBuffer | Uint8Array,
  goal?: number,
  views: boolean = littleEndian(),
): RaceData {
  let bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const g = checkHeader(bytes, goal);
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (checksum32(bytes, RACE_TABLE_HEADER) !== dv.getUint32(32, true)) fail("checksum mismatch");
  const n = g * g;
  const values = (count: number, at: number): Float64Array =>
    views
      ? new Float64Array(bytes.buffer, bytes.byteOffset + at, count)
      : Float64Array.from({ length: count }, (_, i) => dv.getFloat64(at + 8 * i, true));
  let o = RACE_TABLE_HEADER;
  const x = values(n, o);
  o += 8 * n;
  const y = values(n, o);
  o += 8 * n;
  const last = values(TL + 1, o);
  o += 8 * (TL + 1);
  const stored = views
    ? new Uint16Array(bytes.buffer, bytes.byteOffset + o, n)
    : Uint16Array.from({ length: n }, (_, i) => dv.getUint16(o + 2 * i, true));
  // The range check in Wasm where it compiles (the loop below then runs only to name a bad value), the copy native.
  const w = wasmChecks();
  if (!w?.inRange16(new Uint8Array(bytes.buffer, bytes.byteOffset + o, 2 * n), 6, PMAX + 1))
    for (let i = 0; i < n; i++) {
      const p = stored[i]!;
      if (p < 6 || p > PMAX + 1) fail(`stopAt ${p} out of range`);
    }
  const stopAt = new Int32Array(stored);
  return {
    goal: g,
    x,
    y,
    last,
    stopAt,
    iterations: dv.getUint32(24, true),
    tolerance: dv.getFloat64(16, true),
  };
}

const fail = (why: string): never => {
  throw new RaceTableFormatError(`race table: ${why}`);
};

/** Checks the header (magic, version, goal, dimensions, tolerance, lengths); returns the goal. */
function checkHeader(bytes: Uint8Array, goal?: number): number {
  if (bytes.length < RACE_TABLE_HEADER) fail(`${bytes.length} bytes, shorter than the header`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== RACE_TABLE_MAGIC) fail(`bad magic "${magic}"`);
  const version = dv.getUint16(4, true);
  if (version !== RACE_TABLE_VERSION) fail(`version ${version}, this build reads ${RACE_TABLE_VERSION}`);
  const g = dv.getUint16(6, true);
  if (g < MIN_GOAL || g > MAX_GOAL) fail(`goal ${g} outside ${MIN_GOAL}..${MAX_GOAL}`);
  if (goal !== undefined && g !== goal) fail(`goal ${g}, expected ${goal}`);
  if (dv.getUint16(8, true) !== g || dv.getUint16(10, true) !== g) fail("dimensions are not goal × goal");
  if (dv.getUint16(12, true) !== TL + 1) fail(`last-turn table length is not ${TL + 1}`);
  const tolerance = dv.getFloat64(16, true);
  if (!(tolerance > 0 && tolerance < 1)) fail(`tolerance ${tolerance}`);
  const len = dv.getUint32(28, true);
  if (len !== payloadLength(g) || bytes.length !== RACE_TABLE_HEADER + len)
    fail(`payload of ${bytes.length - RACE_TABLE_HEADER} bytes, expected ${payloadLength(g)}`);
  return g;
}
