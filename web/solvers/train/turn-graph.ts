/**
 * The Train Game's turn graph (the flat tables of model.ts) as a binary asset, web/data/train/turn-graph.bin,
 * written by scripts/build-race-table.ts: a browser worker reads it (typed-array views over the fetched bytes,
 * about a millisecond) instead of building the tables in JavaScript (tens of milliseconds in a cold worker).
 * Node builds them (trainTables()); test/train/turn-graph.test.ts rebuilds the asset and compares it byte for byte.
 *
 * Layout, little-endian (docs/solvers.md):
 *
 *   offset  type      field
 *        0  u8[4]     magic "RKTG"
 *        4  u16       version (1)
 *        6  u16       array count (20)
 *        8  u32       nc (configs)
 *       12  u32       payload length in bytes
 *       16  u32       checksum of the payload (checksum32, race-table.ts: FNV-1a over 32-bit words)
 *       20  u32       0 (reserved)
 *       24  u32[20]   the length of each array, in TURN_GRAPH_FIELDS order
 *      104  payload   the arrays in TURN_GRAPH_FIELDS order: the two f64 ones first, then eighteen i32
 *
 * The f64 values are the builder's own bits, so a solver over the asset's tables answers exactly as over built ones.
 */
import { REG_SCORE_MAX, type TrainTables } from "./model.ts";
import { checksum32, littleEndian } from "./race-table.ts";

export const TURN_GRAPH_MAGIC = "RKTG";
export const TURN_GRAPH_VERSION = 1;

/** The per-configuration arrays: `nc` entries each. */
const CONFIG_FIELDS = [
  "cfgE",
  "cfgT",
  "cfgN",
  "cfgN4",
  "cfgN3",
  "cfgN2",
  "cfgSum",
  "cfgKind",
  "cfgValid",
] as const satisfies readonly (keyof TrainTables)[];

/** The arrays in asset order: f64 first (8-byte aligned after the header), then i32. */
export const TURN_GRAPH_FIELDS = [
  "regOutProb",
  "frOutProb",
  ...CONFIG_FIELDS,
  "regOutStart",
  "regChStart",
  "regCh",
  "regIdx",
  "frOutStart",
  "frChStart",
  "frChOff",
  "frCbStart",
  "frCbOff",
] as const satisfies readonly (keyof TrainTables)[];

const F64_COUNT = 2;
export const TURN_GRAPH_HEADER = 24 + 4 * TURN_GRAPH_FIELDS.length;

/** The asset is missing, truncated, of another version, corrupt or not a turn graph. */
export class TurnGraphFormatError extends Error {
  override readonly name = "TurnGraphFormatError";
}

/** The asset bytes of the tables. */
export function encodeTurnGraph(t: TrainTables): Uint8Array<ArrayBuffer> {
  const arrays = TURN_GRAPH_FIELDS.map((k) => t[k]);
  const len = arrays.reduce((n, a) => n + a.byteLength, 0);
  const out = new Uint8Array(TURN_GRAPH_HEADER + len);
  const dv = new DataView(out.buffer);
  for (let i = 0; i < 4; i++) out[i] = TURN_GRAPH_MAGIC.charCodeAt(i);
  dv.setUint16(4, TURN_GRAPH_VERSION, true);
  dv.setUint16(6, TURN_GRAPH_FIELDS.length, true);
  dv.setUint32(8, t.nc, true);
  dv.setUint32(12, len, true);
  let o = TURN_GRAPH_HEADER;
  arrays.forEach((a, i) => {
    dv.setUint32(24 + 4 * i, a.length, true);
    for (let j = 0; j < a.length; j++, o += a.BYTES_PER_ELEMENT) {
      if (a instanceof Float64Array) dv.setFloat64(o, a[j]!, true);
      else dv.setInt32(o, a[j]!, true);
    }
  });
  dv.setUint32(16, checksum32(out, TURN_GRAPH_HEADER), true);
  return out;
}

/**
 * Reads and checks an asset: magic, version, lengths, checksum, and the graph's shape (every start list rises
 * from 0 to its array's end, every index a solver follows stays inside its table, every probability is one), so
 * that a bad file cannot send a kernel (which does not check, docs/architecture.md) outside its buffers. Throws
 * TurnGraphFormatError on anything else. With `views` (the default on a little-endian host) the arrays are views
 * over `data` (copied first only if it is not 8-byte aligned); otherwise every value is read into fresh arrays.
 */
export function decodeTurnGraph(
  data: ArrayBuffer | Uint8Array,
  views: boolean = littleEndian(),
): TrainTables {
  let bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  const bad = (why: string): never => {
    throw new TurnGraphFormatError(`turn graph: ${why}`);
  };
  if (bytes.length < TURN_GRAPH_HEADER) bad(`${bytes.length} bytes, shorter than the header`);
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== TURN_GRAPH_MAGIC) bad(`bad magic "${magic}"`);
  const version = dv.getUint16(4, true);
  if (version !== TURN_GRAPH_VERSION) bad(`version ${version}, this build reads ${TURN_GRAPH_VERSION}`);
  if (dv.getUint16(6, true) !== TURN_GRAPH_FIELDS.length) bad("array count");
  const nc = dv.getUint32(8, true);
  const lengths = TURN_GRAPH_FIELDS.map((_, i) => dv.getUint32(24 + 4 * i, true));
  const len = lengths.reduce((n, l, i) => n + l * (i < F64_COUNT ? 8 : 4), 0);
  if (dv.getUint32(12, true) !== len || bytes.length !== TURN_GRAPH_HEADER + len)
    bad(`payload of ${bytes.length - TURN_GRAPH_HEADER} bytes, expected ${len}`);
  if (checksum32(bytes, TURN_GRAPH_HEADER) !== dv.getUint32(16, true)) bad("checksum mismatch");
  const out: Record<string, Float64Array | Int32Array> = {};
  let o = TURN_GRAPH_HEADER;
  TURN_GRAPH_FIELDS.forEach((k, i) => {
    const n = lengths[i]!;
    const at = bytes.byteOffset + o;
    if (i < F64_COUNT) {
      out[k] = views
        ? new Float64Array(bytes.buffer, at, n)
        : Float64Array.from({ length: n }, (_, j) => dv.getFloat64(o + 8 * j, true));
    } else {
      out[k] = views
        ? new Int32Array(bytes.buffer, at, n)
        : Int32Array.from({ length: n }, (_, j) => dv.getInt32(o + 4 * j, true));
    }
    o += n * (i < F64_COUNT ? 8 : 4);
  });
  const t = { nc, ...out } as unknown as TrainTables;
  checkShape(t, bad);
  return t;
}

/** The structural checks of decodeTurnGraph. */
function checkShape(t: TrainTables, bad: (why: string) => never): void {
  const { nc } = t;
  if (nc < 1 || nc > 1000) bad(`nc ${nc}`);
  for (const k of CONFIG_FIELDS)
    if (t[k].length !== nc) bad(`${k} has ${t[k].length} entries, not nc = ${nc}`);
  /** A start list: `n + 1` entries rising from 0 to `end`. */
  const starts = (k: keyof TrainTables, n: number, end: number) => {
    const s = t[k] as Int32Array;
    if (s.length !== n + 1 || s[0] !== 0 || s[n] !== end) bad(`${k} does not span 0..${end}`);
    for (let i = 0; i < n; i++) if (s[i]! > s[i + 1]!) bad(`${k} falls at ${i}`);
  };
  starts("regOutStart", nc, t.regOutProb.length);
  starts("regChStart", t.regOutProb.length, t.regCh.length);
  if (t.regIdx.length !== t.regCh.length) bad("regIdx and regCh differ in length");
  starts("frOutStart", 3, t.frOutProb.length);
  starts("frChStart", t.frOutProb.length, t.frChOff.length);
  starts("frCbStart", t.frOutProb.length, t.frCbOff.length);
  for (const p of [t.regOutProb, t.frOutProb])
    for (let i = 0; i < p.length; i++) if (!(p[i]! >= 0 && p[i]! <= 1)) bad(`probability ${p[i]}`);
  for (let j = 0; j < t.regCh.length; j++) {
    const c = t.regCh[j]!;
    // A next config, or a Caboose ending with score -c - 1; regIdx is the same choice in U = [configs, f(0..26)].
    if (c >= nc || c < -REG_SCORE_MAX - 1 || t.regIdx[j] !== (c >= 0 ? c : nc - c - 1)) bad(`choice ${c}`);
  }
  for (let i = 0; i < nc; i++) {
    if (t.cfgSum[i]! < 0 || t.cfgSum[i]! > 16 || t.cfgKind[i]! < 0 || t.cfgKind[i]! > 2) bad(`config ${i}`);
  }
  // Freight offsets: 4·dP + dn with dP ≤ 12 points and dn ≤ 3 slots; Caboose offsets 2·dP.
  for (const x of t.frChOff) if (x < 0 || x > 4 * 12 + 3) bad(`freight offset ${x}`);
  for (const x of t.frCbOff) if (x < 0 || x > 2 * 12) bad(`Caboose offset ${x}`);
}
