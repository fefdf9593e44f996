/**
 * The Light Rail Wasm module (assembly/light.ts) behind the `LightKernel` interface its TypeScript twin
 * (reference.ts) also implements (kernel.ts). Instantiated through asc's raw bindings; inputs and outputs
 * pass through the module's Int32 buffer `io`, found, like every limit checked here, in the module's
 * descriptor (web/wasm/glue.ts), and read through a view recreated whenever memory has grown. Runtime
 * `stub`: the module allocates nothing after start, so calls never leak. Every input is checked against the
 * descriptor's limits before it reaches Wasm (RangeError): the kernels do not check.
 */
import { instantiate as instantiateDebug } from "../../../build/light.debug.js";
import { instantiate as instantiateRelease } from "../../../build/light.release.js";
import { bindWasm, checkRange, type GlueOf } from "../../wasm/glue.ts";
import type { WasmTarget } from "../../wasm/node.ts";
import { DSTRIDE, type LightKernel, MASK_WORDS, MAXP, OSTRIDE, RSTRIDE, SEARCH_STRIDE } from "./kernel.ts";

type Exports = Awaited<ReturnType<typeof instantiateRelease>>;

/**
 * What this wrapper expects of the module's descriptor: the IO buffer, the limits (read from the module),
 * and the row layouts, which the twin and the search share (kernel.ts), so the module must have the same.
 */
export const LIGHT_SPEC = {
  module: "light",
  version: 1,
  buffers: { io: "i32" },
  limits: {
    players: MAXP,
    designs: null,
    cards: null,
    gridHalf: null,
    unplayed: null,
    objectives: null,
    measures: null,
    maskWords: MASK_WORDS,
    designStride: DSTRIDE,
    routeStride: RSTRIDE,
    searchStride: SEARCH_STRIDE,
    objectiveStride: OSTRIDE,
  },
} as const;

const I32_MAX = 2 ** 31 - 1;

export class LightWasm implements LightKernel {
  private readonly glue: GlueOf<typeof LIGHT_SPEC>;
  private players = 2;
  private designs = 0;
  private objectives = 0;

  constructor(private readonly x: Exports) {
    this.glue = bindWasm(x, LIGHT_SPEC);
  }

  /** The module's limits, from its descriptor. */
  get limits(): GlueOf<typeof LIGHT_SPEC>["limits"] {
    return this.glue.limits;
  }

  /** Size of the module's linear memory (runtime `stub`: it must not grow call after call). */
  get memoryBytes(): number {
    return this.glue.memoryBytes;
  }

  /** The IO buffer (a fresh view if memory grew). */
  private get io(): Int32Array {
    return this.glue.views().io;
  }

  private write(values: ArrayLike<number>): void {
    const io = this.io;
    checkRange("Int32 per call", values.length, 0, io.length);
    io.set(values);
  }

  /** A card's design, orientation and player: out of range, they would corrupt the module's state. */
  private check(design: number, orientation: number, player: number): void {
    if (this.designs === 0) throw new RangeError(`design ${design}: no designs (setDesigns first)`);
    checkRange("design", design, 0, this.designs - 1);
    checkRange("orientation", orientation, 0, 1);
    checkRange("player", player, 0, this.players - 1);
  }

  /** A coordinate relative to the anchor: an integer; false when outside the module's window (no cell there). */
  private inWindow(q: number, r: number): boolean {
    if (!Number.isInteger(q) || !Number.isInteger(r))
      throw new RangeError(`(q, r) must be integers, got (${q}, ${r})`);
    const h = this.limits.gridHalf;
    return q >= -h && q < h && r >= -h && r < h;
  }

  setDesigns(designs: ArrayLike<number>): void {
    if (designs.length % DSTRIDE !== 0)
      throw new RangeError(`designs: rows of ${DSTRIDE} Int32, got ${designs.length} Int32`);
    const n = checkRange("designs", designs.length / DSTRIDE, 0, this.limits.designs);
    for (let d = 0; d < n; d++) {
      const o = d * DSTRIDE;
      const segments = checkRange(`designs[${o}] (segments)`, designs[o]!, 1, 2);
      for (let k = 0; k < segments; k++) {
        checkRange(`designs[${o + 1 + 3 * k}] (end a)`, designs[o + 1 + 3 * k]!, 0, 6);
        checkRange(`designs[${o + 2 + 3 * k}] (end b)`, designs[o + 2 + 3 * k]!, 0, 6);
        checkRange(`designs[${o + 3 + 3 * k}] (building)`, designs[o + 3 + 3 * k]!, 0, 5);
      }
    }
    this.write(designs);
    this.designs = n;
    this.x.setDesigns(n);
  }
  newGame(players: number): number {
    this.players = checkRange("players", players, 2, this.limits.players);
    return this.x.newGame(players);
  }
  placeAt(q: number, r: number, design: number, orientation: number, player: number): number {
    this.check(design, orientation, player);
    if (!this.inWindow(q, r) || this.x.placed() >= this.limits.cards) return -1;
    return this.x.placeAt(q, r, design, orientation, player);
  }
  isLegal(q: number, r: number): boolean {
    return this.inWindow(q, r) && this.x.isLegal(q, r) !== 0;
  }
  legal(): Int32Array {
    const n = this.x.legal();
    return this.io.slice(0, 2 * n);
  }
  cityMask(): Int32Array {
    const n = this.x.cityMask();
    return this.io.slice(0, this.limits.maskWords + ((n + 31) >> 5));
  }
  fitCells(cells: ArrayLike<number>): boolean {
    // any origin, but small enough that differences of two coordinates stay exact in i32
    for (let i = 0; i < cells.length; i++) checkRange(`cells[${i}]`, cells[i]!, -(2 ** 29), 2 ** 29);
    this.write(cells);
    return this.x.fitCells(cells.length >> 1) !== 0;
  }
  placed(): number {
    return this.x.placed();
  }
  cityCells(): number {
    return this.x.cityCells();
  }
  score(player: number): number {
    return this.x.score(checkRange("player", player, 0, this.limits.players - 1));
  }
  mark(): number {
    return this.x.mark();
  }
  undo(mark: number): void {
    // a mark is an even trail position at most the current one; anything else would read outside the trail
    if (checkRange("mark", mark, 0, this.x.mark()) % 2 !== 0)
      throw new RangeError(`mark ${mark} is not a mark`);
    this.x.undo(mark);
  }
  routes(): Int32Array {
    return this.io.slice(0, this.x.routes());
  }
  routesFull(): Int32Array {
    return this.io.slice(0, this.x.routesFull());
  }
  setUnplayed(player: number, designs: ArrayLike<number>): void {
    checkRange("unplayed designs", designs.length, 0, this.limits.unplayed);
    for (let i = 0; i < designs.length; i++) this.check(designs[i]!, 0, player);
    this.write(designs);
    this.x.unplayed(player, designs.length);
  }
  setObjectives(table: ArrayLike<number>): void {
    if (table.length % OSTRIDE !== 0)
      throw new RangeError(`objectives: rows of ${OSTRIDE} Int32, got ${table.length} Int32`);
    const n = checkRange("objectives", table.length / OSTRIDE, 0, this.limits.objectives);
    for (let o = 0; o < n; o++) {
      checkRange(`objectives[${o * OSTRIDE}] (measure)`, table[o * OSTRIDE]!, 0, this.limits.measures - 1);
      checkRange(`objectives[${o * OSTRIDE + 1}] (test)`, table[o * OSTRIDE + 1]!, 0, 1);
    }
    this.write(table);
    this.objectives = n;
    this.x.setObjectives(n);
  }
  setMyObjectives(a: number, b: number): void {
    checkRange("objective a", a, -1, this.objectives - 1);
    checkRange("objective b", b, -1, this.objectives - 1);
    this.x.myObjectives(a, b);
  }
  measure(m: number): Int32Array {
    this.x.measure(checkRange("measure", m, 0, this.limits.measures - 1));
    return this.io.slice(0, this.players);
  }
  setWrap(on: boolean): void {
    this.x.setWrap(on ? 1 : 0);
  }
  playouts(count: number, seed: number, toMove: number, policy: number): number {
    checkRange("playouts", count, 0, I32_MAX);
    checkRange("toMove", toMove, 0, this.players - 1);
    checkRange("policy", policy, 0, I32_MAX);
    return this.x.playouts(count, seed >>> 0, toMove, policy);
  }
  search(me: number, hand: number, playouts: number, seed: number, policy: number, halving = 0): Int32Array {
    this.check(hand, 0, me);
    checkRange("playouts", playouts, 0, I32_MAX);
    checkRange("policy", policy, 0, I32_MAX);
    checkRange("halving", halving, 0, 2);
    const n = this.x.searchPlacements(me, hand, playouts, seed >>> 0, policy, halving);
    return this.io.slice(0, n * SEARCH_STRIDE);
  }
}

/** Instantiates from a compiled module (browser: `compileWasmBrowser("light")`; Node: ./node.ts). */
export async function fromModule(
  module: WebAssembly.Module,
  target: WasmTarget = "release",
): Promise<LightWasm> {
  const x =
    target === "debug"
      ? await instantiateDebug(module, { env: {} })
      : await instantiateRelease(module, { env: {} });
  return new LightWasm(x);
}
