/**
 * The Wasm descriptor (assembly/glue/descriptor.ts, web/wasm/glue.ts; docs/architecture.md "Wasm descriptor"):
 * per module, the descriptor names the module and the version its wrapper expects, exactly the buffers and
 * limits the wrapper reads; every buffer lies inside memory, aligned, apart from every other; the limits are the
 * ones the TypeScript side uses (the twins' table sizes, the row layouts). The glue refuses another version,
 * another module, a missing or extra entry, a changed limit, and a malformed block. Every buffer reads zero in a
 * module that has just started (they are made without a fill, assembly/glue/fresh.ts: `wasm.fresh`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { instantiate as instantiateChecksum } from "../../build/checksum.release.js";
import { instantiate as instantiateLight } from "../../build/light.release.js";
import { instantiate as instantiateString } from "../../build/string.release.js";
import { instantiate as instantiatePlan } from "../../build/stringplan.release.js";
import { instantiate as instantiateTrain } from "../../build/train.release.js";
import {
  DSTRIDE,
  MASK_WORDS,
  MAXP,
  OSTRIDE,
  RSTRIDE,
  SEARCH_STRIDE,
} from "../../web/solvers/light/kernel.ts";
import { createLightWasm } from "../../web/solvers/light/node.ts";
import { LIGHT_SPEC } from "../../web/solvers/light/wasm.ts";
import { createStringGeometryWasm, STRING_GEOMETRY_SPEC } from "../../web/solvers/string/geometry-wasm.ts";
import {
  MAX_ADJ,
  MAX_BOARD,
  MAX_BUDGET,
  MAX_CAND,
  MAX_OUT,
  MAX_PLACED,
  MAX_ST,
  type PlanKernel,
} from "../../web/solvers/string/kernel.ts";
import { createReferenceKernel } from "../../web/solvers/string/reference.ts";
import { createWasmKernel as createPlanKernel, STRING_PLAN_SPEC } from "../../web/solvers/string/wasm.ts";
import { CHECKSUM_SPEC, checksumKernel } from "../../web/solvers/train/checksum-wasm.ts";
import * as checksumTwin from "../../web/solvers/train/twin/checksum.ts";
import { createWasmKernel as createTrainKernel, TRAIN_SPEC } from "../../web/solvers/train/wasm.ts";
import {
  bindWasm,
  DESCRIPTOR_FORMAT,
  DESCRIPTOR_MAGIC,
  type DescribedExports,
  readDescriptor,
  type WasmDescriptor,
  WasmGlueError,
  type WasmSpec,
} from "../../web/wasm/glue.ts";
import { compileWasmNode, type WasmName } from "../../web/wasm/node.ts";

/** Bytes per element, written here (not read from the glue under test). */
const ELEMENT_BYTES = { i32: 4, u32: 4, f64: 8, f32: 4, u8: 1 } as const;

type AnySpec = WasmSpec<Record<string, "i32" | "u32" | "f64" | "f32" | "u8">, string>;

const MODULES: {
  name: WasmName;
  spec: AnySpec;
  load: (m: WebAssembly.Module) => Promise<DescribedExports>;
}[] = [
  { name: "string", spec: STRING_GEOMETRY_SPEC, load: (m) => instantiateString(m, { env: {} }) },
  { name: "stringplan", spec: STRING_PLAN_SPEC, load: (m) => instantiatePlan(m, { env: {} }) },
  { name: "light", spec: LIGHT_SPEC, load: (m) => instantiateLight(m, { env: {} }) },
  { name: "train", spec: TRAIN_SPEC, load: (m) => instantiateTrain(m, { env: {} }) },
  { name: "checksum", spec: CHECKSUM_SPEC, load: (m) => instantiateChecksum(m, { env: {} }) },
];

const loaded = new Map<WasmName, { ex: DescribedExports; d: WasmDescriptor; module: WebAssembly.Module }>();
beforeAll(async () => {
  for (const { name, load } of MODULES) {
    const module = await compileWasmNode(name);
    const ex = await load(module);
    loaded.set(name, { ex, d: readDescriptor(ex.memory, ex.descriptor()), module });
  }
});

describe.each(MODULES)("the $name module's descriptor", ({ name, spec }) => {
  it("wasm.fresh: every buffer it lists reads zero once the module has started (made at start without a fill)", async () => {
    // A fresh instance: the buffers are allocated by the start function from memory Wasm gave zeroed
    // (assembly/glue/fresh.ts); nothing has run in it yet.
    const { module } = loaded.get(name)!;
    const { load } = MODULES.find((m) => m.name === name)!;
    const ex = await load(module);
    const d = readDescriptor(ex.memory, ex.descriptor());
    const bytes = new Uint8Array(ex.memory.buffer);
    for (const [buffer, b] of Object.entries(d.buffers)) {
      const size = b.length * ELEMENT_BYTES[b.type];
      const nonzero = bytes.subarray(b.offset, b.offset + size).findIndex((x) => x !== 0);
      expect(nonzero, `${name}.${buffer}: first byte not zero`).toBe(-1);
    }
  });

  it("names the module and the version its wrapper expects, and exactly the buffers and limits it reads", () => {
    const { d } = loaded.get(name)!;
    expect(d.module).toBe(name);
    expect(d.version).toBe(spec.version);
    expect(Object.keys(d.buffers).sort()).toEqual(Object.keys(spec.buffers).sort());
    expect(Object.keys(d.limits).sort()).toEqual(Object.keys(spec.limits).sort());
    for (const [b, type] of Object.entries(spec.buffers)) expect(d.buffers[b]!.type, b).toBe(type);
  });

  it("places every named buffer inside memory, aligned to its element, and no two buffers overlap", () => {
    const { ex, d } = loaded.get(name)!;
    const spans = Object.entries(d.buffers).map(([b, x]) => {
      expect(x.length, b).toBeGreaterThan(0);
      expect(x.offset % ELEMENT_BYTES[x.type], b).toBe(0);
      expect(x.offset + x.length * ELEMENT_BYTES[x.type], b).toBeLessThanOrEqual(ex.memory.buffer.byteLength);
      return [x.offset, x.offset + x.length * ELEMENT_BYTES[x.type], b] as const;
    });
    spans.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < spans.length; i++)
      expect(spans[i]![0], `${spans[i - 1]![2]} runs into ${spans[i]![2]}`).toBeGreaterThanOrEqual(
        spans[i - 1]![1],
      );
  });

  it("refuses another version, another module's spec, a missing or extra entry and a changed limit", () => {
    const { ex } = loaded.get(name)!;
    expect(() => bindWasm(ex, spec)).not.toThrow();
    expect(() => bindWasm(ex, { ...spec, version: spec.version + 1 })).toThrow(
      new RegExp(
        `"${name}" version ${spec.version}: this code expects "${name}" version ${spec.version + 1}`,
      ),
    );
    const other = MODULES.find((m) => m.name !== name)!.spec;
    expect(() => bindWasm(ex, other)).toThrow(WasmGlueError);
    expect(() => bindWasm(ex, { ...spec, buffers: { ...spec.buffers, ghost: "i32" } })).toThrow(
      /no buffer ghost/,
    );
    expect(() => bindWasm(ex, { ...spec, limits: { ...spec.limits, ghost: null } })).toThrow(
      /no limit ghost/,
    );
    const [first, ...rest] = Object.keys(spec.limits);
    if (first === undefined) throw new Error(`${name}: a module with no limits`);
    expect(() => bindWasm(ex, { ...spec, limits: Object.fromEntries(rest.map((l) => [l, null])) })).toThrow(
      new RegExp(`unexpected limit ${first}`),
    );
    expect(() => bindWasm(ex, { ...spec, limits: { ...spec.limits, [first]: -7 } })).toThrow(
      new RegExp(`limit ${first} is \\d+, TypeScript uses -7`),
    );
  });
});

describe("limits equal what TypeScript uses", () => {
  it("string: the wrapper's limits are the descriptor's; every buffer holds its limit's worth of rows, the growing ones once reserved (issue #23)", async () => {
    const { d, module } = loaded.get("string")!;
    const g = await createStringGeometryWasm(module);
    expect(g.limits).toEqual(d.limits);
    const rows: Record<string, [string, number]> = {
      segments: ["segments", 4],
      pairs: ["pairs", 2],
      path: ["pathVertices", 2],
      discs: ["discs", 2],
      polygon: ["polygonVertices", 2],
      placed: ["placedSegments", 4],
      visits: ["visits", 1],
      points: ["points", 2],
      indexSegments: ["placedSegments", 4],
    };
    // `segments`, `pairs` and `points` start small (the module starts in 4 MiB) and grow to their limits on demand.
    const grows = ["segments", "pairs", "points"];
    for (const [b, [limit, stride]] of Object.entries(rows))
      if (grows.includes(b)) expect(d.buffers[b]!.length, b).toBeLessThan(stride * d.limits[limit]!);
      else expect(d.buffers[b]!.length, b).toBe(stride * d.limits[limit]!);
    const ex = (await instantiateString(module, { env: {} })) as unknown as DescribedExports;
    const glue = bindWasm(ex, STRING_GEOMETRY_SPEC);
    const before = readDescriptor(ex.memory, ex.descriptor()).buffers;
    for (const b of grows) {
      const [limit, stride] = rows[b]!;
      glue.reserve(b as "segments", stride * d.limits[limit]!);
      expect(glue.descriptor.buffers[b]!.length, b).toBe(stride * d.limits[limit]!);
      expect(() => glue.reserve(b as "segments", stride * d.limits[limit]! + 1), b).toThrow(/cannot hold/);
    }
    // The grown buffers are where the descriptor now says, inside memory; the others have not moved.
    const after = readDescriptor(ex.memory, ex.descriptor()).buffers;
    for (const b of Object.keys(before))
      if (!grows.includes(b)) expect(after[b], b).toEqual(before[b]);
      else expect(after[b], b).toEqual(glue.descriptor.buffers[b]);
    expect(glue.views().segments.length).toBe(4 * d.limits.segments!);
    expect(() => glue.reserve("path" as "segments", 1e6)).toThrow(/cannot hold/);
  });

  it("stringplan: the limits are kernel.ts's and every table is as long as the twin's (reference.ts)", () => {
    const { d } = loaded.get("stringplan")!;
    expect(d.limits).toMatchObject({
      stations: MAX_ST,
      adjacency: MAX_ADJ,
      out: MAX_OUT,
      candidates: MAX_CAND,
      boardVertices: MAX_BOARD,
      placedSegments: MAX_PLACED,
      budget: MAX_BUDGET,
    });
    const twin = createReferenceKernel();
    for (const b of Object.keys(d.buffers))
      expect(d.buffers[b]!.length, b).toBe((twin[b as keyof PlanKernel] as Int32Array | Float64Array).length);
  });

  it("light: the row layouts and the player count are kernel.ts's; the IO buffer holds the largest table", async () => {
    const { d } = loaded.get("light")!;
    expect(d.limits).toMatchObject({
      players: MAXP,
      maskWords: MASK_WORDS,
      designStride: DSTRIDE,
      routeStride: RSTRIDE,
      searchStride: SEARCH_STRIDE,
      objectiveStride: OSTRIDE,
    });
    const io = d.buffers.io!.length;
    expect(io).toBeGreaterThanOrEqual(d.limits.designs! * DSTRIDE);
    expect(io).toBeGreaterThanOrEqual(d.limits.objectives! * OSTRIDE);
    expect(io).toBeGreaterThanOrEqual(d.limits.unplayed!);
    expect((await createLightWasm()).limits).toEqual(d.limits);
  });

  it("checksum: the chunk buffer and the hash's start are the twin's (twin/checksum.ts)", () => {
    const { d } = loaded.get("checksum")!;
    expect(d.limits).toEqual({ bytes: checksumTwin.MAX_BYTES, fnvOffset: checksumTwin.FNV_OFFSET | 0 });
    expect(d.buffers.bytes!.length).toBe(checksumTwin.bytes.length);
  });
});

describe("the wrappers refuse a module that is not theirs", () => {
  it("each wrapper, given another module, throws a WasmGlueError naming both", async () => {
    const light = loaded.get("light")!.module;
    await expect(createStringGeometryWasm(light)).rejects.toThrow(
      /"light" version \d+: this code expects "string"/,
    );
    await expect(createPlanKernel(light)).rejects.toThrow(
      /"light" version \d+: this code expects "stringplan"/,
    );
    await expect(createTrainKernel(light)).rejects.toThrow(/"light" version \d+: this code expects "train"/);
    expect(() => checksumKernel(light)).toThrow(/"light" version \d+: this code expects "checksum"/);
  });
});

/** A one-page memory with a hand-written descriptor at byte 64: header words, then entries of 8 words. */
function fake(
  header: Partial<{ magic: number; format: number; version: number }>,
  entries: number[][],
): DescribedExports {
  const memory = new WebAssembly.Memory({ initial: 1 });
  const w = new Int32Array(memory.buffer, 64);
  const name = (at: number, s: string) =>
    new TextEncoder().encodeInto(s, new Uint8Array(memory.buffer, 64 + 4 * at, 16));
  w.set([
    header.magic ?? DESCRIPTOR_MAGIC,
    header.format ?? DESCRIPTOR_FORMAT,
    0,
    0,
    0,
    0,
    header.version ?? 1,
    entries.length,
  ]);
  name(2, "fake");
  entries.forEach(([kind, a, b, c], i) => {
    w.set([kind!, 0, 0, 0, 0, a!, b!, c!], 8 + 8 * i);
    name(8 + 8 * i + 1, `e${i}`);
  });
  return { memory, descriptor: () => 64 };
}

describe("readDescriptor refuses a malformed block", () => {
  it("reads a well-formed one: names, types, offsets, lengths, limits", () => {
    const d = readDescriptor(
      ...args(
        fake({ version: 3 }, [
          [1, 3, 1024, 8],
          [2, 42, 0, 0],
        ]),
      ),
    );
    expect(d).toEqual({
      module: "fake",
      version: 3,
      buffers: { e0: { type: "f64", offset: 1024, length: 8 } },
      limits: { e1: 42 },
    });
  });
  it("no magic, another format, a buffer past the end of memory, a misaligned buffer, an unknown type or kind, a name twice", () => {
    const refuse = (ex: DescribedExports, msg: RegExp) =>
      expect(() => readDescriptor(...args(ex))).toThrow(msg);
    refuse(fake({ magic: 0 }, []), /no descriptor magic/);
    refuse(fake({ format: 2 }, []), /format 2/);
    refuse(fake({}, [[1, 1, 65536 - 8, 4]]), /e0.*not inside the module's memory/);
    refuse(fake({}, [[1, 3, 1028, 1]]), /e0.*not inside the module's memory/);
    refuse(fake({}, [[1, 9, 1024, 1]]), /unknown element type 9/);
    refuse(fake({}, [[7, 0, 0, 0]]), /unknown kind 7/);
    const twice = fake({}, [
      [2, 1, 0, 0],
      [2, 2, 0, 0],
    ]);
    new Uint8Array(twice.memory.buffer, 64 + 4 * 17, 2).set([0x65, 0x30]); // entry 1 named "e0" too
    refuse(twice, /names limit "e0" twice/);
    expect(() => readDescriptor(new WebAssembly.Memory({ initial: 1 }), 65536)).toThrow(
      /outside the module's memory/,
    );
  });
});

function args(ex: DescribedExports): [WebAssembly.Memory, number] {
  return [ex.memory, ex.descriptor()];
}
