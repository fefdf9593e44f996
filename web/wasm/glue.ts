/**
 * The one Wasm glue helper: every module (assembly/<name>.ts) exports `descriptor()`, the address of a block
 * naming the module, its version, its buffers and its limits (format: assembly/glue/descriptor.ts and
 * docs/architecture.md "Wasm descriptor"). `bindWasm` reads it, refuses a module of another name or version,
 * or one that lacks (or adds) a buffer or limit the wrapper expects, and builds named typed-array views, so no
 * wrapper finds a buffer by position or writes a layout or limit a second time.
 */

/** The descriptor block's first word: "RKWD" in ASCII, little-endian. */
export const DESCRIPTOR_MAGIC = 0x44574b52;
/** The layout of the descriptor block itself (not of any module). */
export const DESCRIPTOR_FORMAT = 1;

const HEADER_WORDS = 8;
const ENTRY_WORDS = 8;
const NAME_BYTES = 16;
const KIND_BUFFER = 1;
const KIND_LIMIT = 2;

/** Element types of the buffers, by their code in the descriptor. */
const TYPE_CODES = ["", "i32", "u32", "f64", "f32", "u8"] as const;

export type ElementType = "i32" | "u32" | "f64" | "f32" | "u8";

interface ArrayOf {
  i32: Int32Array<ArrayBuffer>;
  u32: Uint32Array<ArrayBuffer>;
  f64: Float64Array<ArrayBuffer>;
  f32: Float32Array<ArrayBuffer>;
  u8: Uint8Array<ArrayBuffer>;
}

const ARRAYS = {
  i32: Int32Array,
  u32: Uint32Array,
  f64: Float64Array,
  f32: Float32Array,
  u8: Uint8Array,
} as const;

/** Bytes of one element of `type`. */
export const elementBytes = (type: ElementType): number => ARRAYS[type].BYTES_PER_ELEMENT;

/** One buffer of a module: where it lies in linear memory and what it holds. */
export interface DescribedBuffer {
  type: ElementType;
  /** Byte offset in linear memory. */
  offset: number;
  /** Elements. */
  length: number;
}

/** A module's descriptor as read from its memory. */
export interface WasmDescriptor {
  module: string;
  version: number;
  buffers: Record<string, DescribedBuffer>;
  limits: Record<string, number>;
}

/** A module that cannot be used with this code: not described, another module, another version, another layout. */
export class WasmGlueError extends Error {
  override name = "WasmGlueError";
}

/** The exports every described module has (asc's raw bindings add the module's own functions). */
export interface DescribedExports {
  readonly memory: WebAssembly.Memory;
  descriptor(): number;
  /**
   * A module whose buffers grow on demand (assembly/glue/descriptor.ts): grows the buffer of descriptor entry
   * `entry` to hold `elements` elements; its length now, or -1 for a buffer that does not grow.
   */
  reserve?(entry: number, elements: number): number;
}

function readName(bytes: Uint8Array, at: number): string {
  let s = "";
  for (let i = 0; i < NAME_BYTES && bytes[at + i] !== 0; i++) s += String.fromCharCode(bytes[at + i]!);
  return s;
}

/** Parses the descriptor at byte address `ptr` (no expectations: see `bindWasm`). */
export function readDescriptor(memory: WebAssembly.Memory, ptr: number): WasmDescriptor {
  const mem = memory.buffer;
  if (!(Number.isInteger(ptr) && ptr > 0 && ptr % 4 === 0 && ptr + 4 * HEADER_WORDS <= mem.byteLength))
    throw new WasmGlueError(`descriptor address ${ptr} is outside the module's memory`);
  const words = new Int32Array(mem, ptr, HEADER_WORDS);
  if (words[0] !== DESCRIPTOR_MAGIC)
    throw new WasmGlueError("not a railkit Wasm module: no descriptor magic");
  if (words[1] !== DESCRIPTOR_FORMAT)
    throw new WasmGlueError(`descriptor format ${words[1]}: this code reads format ${DESCRIPTOR_FORMAT}`);
  const count = words[7]!;
  if (!(count >= 0 && ptr + 4 * (HEADER_WORDS + ENTRY_WORDS * count) <= mem.byteLength))
    throw new WasmGlueError(`descriptor entry count ${count} runs past the module's memory`);
  const bytes = new Uint8Array(mem);
  const out: WasmDescriptor = {
    module: readName(bytes, ptr + 8),
    version: words[6]!,
    buffers: {},
    limits: {},
  };
  const all = new Int32Array(mem, ptr, HEADER_WORDS + ENTRY_WORDS * count);
  for (let e = 0; e < count; e++) {
    const w = HEADER_WORDS + ENTRY_WORDS * e;
    const name = readName(bytes, ptr + 4 * (w + 1));
    const [kind, a, b, c] = [all[w]!, all[w + 5]!, all[w + 6]!, all[w + 7]!];
    const table = kind === KIND_BUFFER ? out.buffers : kind === KIND_LIMIT ? out.limits : null;
    if (!table)
      throw new WasmGlueError(`${out.module} descriptor entry ${e} ("${name}") has unknown kind ${kind}`);
    if (Object.hasOwn(table, name))
      throw new WasmGlueError(
        `${out.module} descriptor names ${kind === KIND_BUFFER ? "buffer" : "limit"} "${name}" twice`,
      );
    if (kind === KIND_LIMIT) {
      out.limits[name] = a;
      continue;
    }
    const type = TYPE_CODES[a];
    if (!type) throw new WasmGlueError(`${out.module} buffer "${name}" has unknown element type ${a}`);
    const offset = b >>> 0;
    const bytesPer = elementBytes(type);
    if (c < 0 || offset % bytesPer !== 0 || offset + c * bytesPer > mem.byteLength)
      throw new WasmGlueError(
        `${out.module} buffer "${name}" (${c} × ${type} at byte ${offset}) is not inside the module's memory`,
      );
    out.buffers[name] = { type, offset, length: c };
  }
  return out;
}

/**
 * What a wrapper expects of a module: its name and version, its buffers with their element types, and its
 * limits: `null` to take the module's value, a number when TypeScript has its own value (a twin's table size)
 * that the module must equal.
 */
export interface WasmSpec<B extends Record<string, ElementType>, L extends string> {
  module: string;
  version: number;
  buffers: B;
  limits: Record<L, number | null>;
}

export type WasmViews<B extends Record<string, ElementType>> = { readonly [K in keyof B]: ArrayOf[B[K]] };

/** A module bound to its wrapper's expectations. */
export interface WasmGlue<B extends Record<string, ElementType>, L extends string> {
  readonly descriptor: WasmDescriptor;
  readonly limits: Readonly<Record<L, number>>;
  /** Views over every named buffer: the same objects until memory grows, then new ones over the new buffer. */
  views(): WasmViews<B>;
  /** Bytes of linear memory now. */
  readonly memoryBytes: number;
  /**
   * Makes buffer `name` hold at least `elements` elements (its contents are not kept): nothing when it does,
   * else the module's `reserve` grows it (the module's memory grows as needed) and the descriptor is read again;
   * the views from `views()` are new then. A WasmGlueError when the module cannot grow it that far (check the
   * count against the module's limits first).
   */
  reserve(name: keyof B & string, elements: number): void;
  /**
   * Reads the descriptor again after a kernel that moved a buffer itself (the String module's `scanSegments`
   * grows `segments`): the same checks as `reserve`'s (names and types kept); the views are new then.
   */
  refresh(): void;
}

/** The glue `bindWasm(exports, spec)` returns for a spec, as a type (for a wrapper's fields). */
export type GlueOf<S> = S extends WasmSpec<infer B, infer L> ? WasmGlue<B, L> : never;

function differ(what: string, expected: string[], actual: string[]): string | null {
  const missing = expected.filter((n) => !actual.includes(n));
  const extra = actual.filter((n) => !expected.includes(n));
  if (missing.length === 0 && extra.length === 0) return null;
  return [
    missing.length ? `no ${what} ${missing.join(", ")}` : "",
    extra.length ? `unexpected ${what} ${extra.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/**
 * Reads the module's descriptor and checks it against `spec`: the same module name and version, exactly the
 * buffers (with their element types) and limits the spec lists, and the limits TypeScript fixes equal to the
 * module's. Throws a WasmGlueError naming every difference (rebuild with `npm run build:wasm`).
 */
export function bindWasm<const B extends Record<string, ElementType>, const L extends string>(
  exports: DescribedExports,
  spec: WasmSpec<B, L>,
): WasmGlue<B, L> {
  const d = readDescriptor(exports.memory, exports.descriptor());
  const where = `Wasm module "${d.module}" version ${d.version}`;
  if (d.module !== spec.module || d.version !== spec.version)
    throw new WasmGlueError(
      `${where}: this code expects "${spec.module}" version ${spec.version} (rebuild: npm run build:wasm)`,
    );
  const problems = [
    differ("buffer", Object.keys(spec.buffers), Object.keys(d.buffers)),
    differ("limit", Object.keys(spec.limits), Object.keys(d.limits)),
  ];
  for (const [name, type] of Object.entries(spec.buffers))
    if (d.buffers[name] && d.buffers[name].type !== type)
      problems.push(`buffer ${name} holds ${d.buffers[name].type}, expected ${type}`);
  for (const [name, want] of Object.entries<number | null>(spec.limits))
    if (want !== null && name in d.limits && d.limits[name] !== want)
      problems.push(`limit ${name} is ${d.limits[name]}, TypeScript uses ${want}`);
  const found = problems.filter(Boolean);
  if (found.length > 0) throw new WasmGlueError(`${where}: ${found.join("; ")}`);

  const limits = Object.freeze({ ...d.limits }) as Readonly<Record<L, number>>;
  let mem: ArrayBuffer | null = null;
  let views = {} as WasmViews<B>;
  /** Descriptor entry indices of the buffers, for `reserve` (entries are buffers and limits, in order). */
  const entryOf = new Map(Object.keys(d.buffers).map((n) => [n, entryIndex(exports, n)]));
  return {
    descriptor: d,
    limits,
    reserve(name, elements) {
      const b = d.buffers[name];
      if (!b) throw new WasmGlueError(`${where}: no buffer ${name}`);
      if (b.length >= elements) return;
      const got = exports.reserve?.(entryOf.get(name)!, elements) ?? -1;
      const again = readDescriptor(exports.memory, exports.descriptor()).buffers[name];
      if (got < elements || !again || again.type !== b.type || again.length < elements)
        throw new WasmGlueError(
          `${where}: buffer ${name} cannot hold ${elements} elements (it holds ${b.length})`,
        );
      d.buffers[name] = again;
      mem = null; // the views are made again, over the moved buffer
    },
    refresh() {
      const again = readDescriptor(exports.memory, exports.descriptor());
      for (const [name, b] of Object.entries(d.buffers)) {
        const now = again.buffers[name];
        if (!now || now.type !== b.type)
          throw new WasmGlueError(`${where}: buffer ${name} changed its type or went away`);
        d.buffers[name] = now;
      }
      mem = null;
    },
    views() {
      if (mem !== exports.memory.buffer) {
        mem = exports.memory.buffer;
        const made: Record<string, ArrayOf[ElementType]> = {};
        for (const [name, b] of Object.entries(d.buffers))
          made[name] = new ARRAYS[b.type](mem, b.offset, b.length);
        views = Object.freeze(made) as WasmViews<B>;
      }
      return views;
    },
    get memoryBytes() {
      return exports.memory.buffer.byteLength;
    },
  };
}

/** The index of buffer `name`'s entry in the module's descriptor block (kinds and names read in order). */
function entryIndex(exports: DescribedExports, name: string): number {
  const ptr = exports.descriptor();
  const bytes = new Uint8Array(exports.memory.buffer);
  const words = new Int32Array(exports.memory.buffer, ptr, HEADER_WORDS);
  for (let e = 0; e < words[7]!; e++) {
    const w = ptr + 4 * (HEADER_WORDS + ENTRY_WORDS * e);
    if (new Int32Array(exports.memory.buffer, w, 1)[0] === KIND_BUFFER && readName(bytes, w + 4) === name)
      return e;
  }
  return -1;
}

/**
 * The one size check of every wrapper, before a kernel runs: `value` must be an integer in [min, max]
 * (a count, an index, a player); otherwise a RangeError naming it and the limit.
 */
export function checkRange(what: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new RangeError(
      value > max && Number.isInteger(value)
        ? `${what}: ${value} is over the Wasm kernel's limit of ${max}`
        : `${what} must be an integer from ${min} to ${max}, got ${value}`,
    );
  return value;
}
