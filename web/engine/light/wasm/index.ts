/**
 * The Light Rail Wasm module (assembly/light.ts) behind the `LightKernel` interface its TypeScript twin
 * (../search-reference.ts) also implements. Instantiated through asc's raw bindings; inputs and outputs
 * pass through the module's Int32 IO buffer (16384 Int32), read through a view recreated whenever
 * memory has grown. Runtime `stub`: the module allocates nothing after start, so calls never leak.
 */
import { instantiate as instantiateDebug } from "../../../../build/light.debug.js";
import { instantiate as instantiateRelease } from "../../../../build/light.release.js";
import type { WasmTarget } from "../../../wasm/node.ts";
import { type LightKernel, RSTRIDE, SEARCH_STRIDE } from "../search-reference.ts";

type Exports = Awaited<ReturnType<typeof instantiateRelease>>;

export const IO_LENGTH = 1 << 14;

export class LightWasm implements LightKernel {
  private view: Int32Array;
  private readonly ptr: number;
  private players = 2;
  private designs = 0;

  constructor(private readonly x: Exports) {
    this.ptr = x.ioPtr();
    this.view = new Int32Array(x.memory.buffer, this.ptr, IO_LENGTH);
  }

  /** Size of the module's linear memory (runtime `stub`: it must not grow call after call). */
  get memoryBytes(): number {
    return this.x.memory.buffer.byteLength;
  }

  /** The IO buffer (a fresh view if memory grew). */
  private get io(): Int32Array {
    if (this.view.buffer !== this.x.memory.buffer)
      this.view = new Int32Array(this.x.memory.buffer, this.ptr, IO_LENGTH);
    return this.view;
  }

  private write(values: ArrayLike<number>): void {
    if (values.length > IO_LENGTH) throw new RangeError(`at most ${IO_LENGTH} Int32 per call`);
    this.io.set(values);
  }

  setDesigns(designs: ArrayLike<number>): void {
    if (designs.length % 7 !== 0 || designs.length > 16 * 7)
      throw new RangeError("designs: up to 16 × 7 Int32");
    this.write(designs);
    this.designs = designs.length / 7;
    this.x.setDesigns(this.designs);
  }
  newGame(players: number): number {
    if (!(players >= 2 && players <= 4)) throw new RangeError("players: 2..4");
    this.players = players;
    return this.x.newGame(players);
  }
  /** Input checks at the boundary: a bad design, orientation or player would corrupt the module's state. */
  private check(design: number, orientation: number, player: number): void {
    if (!(Number.isInteger(design) && design >= 0 && design < this.designs))
      throw new RangeError(`design ${design}: 0..${this.designs - 1} (setDesigns first)`);
    if (orientation !== 0 && orientation !== 1) throw new RangeError(`orientation ${orientation}: 0 or 1`);
    if (!(Number.isInteger(player) && player >= 0 && player < this.players))
      throw new RangeError(`player ${player}: 0..${this.players - 1}`);
  }
  placeAt(q: number, r: number, design: number, orientation: number, player: number): number {
    this.check(design, orientation, player);
    if (this.x.placed() >= 36 || Math.abs(q) > 15 || Math.abs(r) > 15) return -1;
    return this.x.placeAt(q, r, design, orientation, player);
  }
  isLegal(q: number, r: number): boolean {
    return this.x.isLegal(q, r) !== 0;
  }
  legal(): Int32Array {
    const n = this.x.legal();
    return this.io.slice(0, 2 * n);
  }
  cityMask(): Int32Array {
    const n = this.x.cityMask();
    return this.io.slice(0, 3 + ((n + 31) >> 5));
  }
  fitCells(cells: ArrayLike<number>): boolean {
    for (let i = 0; i < cells.length; i++) {
      if (!Number.isInteger(cells[i]) || Math.abs(cells[i]!) >= 2 ** 30)
        throw new RangeError("cells: integers");
    }
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
    return this.x.score(player);
  }
  mark(): number {
    return this.x.mark();
  }
  undo(mark: number): void {
    this.x.undo(mark);
  }
  routes(): Int32Array {
    return this.io.slice(0, this.x.routes());
  }
  routesFull(): Int32Array {
    return this.io.slice(0, this.x.routesFull());
  }
  setUnplayed(player: number, designs: ArrayLike<number>): void {
    if (designs.length > 16) throw new RangeError("at most 16 unplayed designs");
    for (let i = 0; i < designs.length; i++) this.check(designs[i]!, 0, player);
    this.write(designs);
    this.x.unplayed(player, designs.length);
  }
  setObjectives(table: ArrayLike<number>): void {
    if (table.length % 3 !== 0 || table.length > 16 * 3)
      throw new RangeError("objectives: up to 16 × 3 Int32");
    this.write(table);
    this.x.setObjectives(table.length / 3);
  }
  setMyObjectives(a: number, b: number): void {
    this.x.myObjectives(a, b);
  }
  measure(m: number): Int32Array {
    this.x.measure(m);
    return this.io.slice(0, this.players);
  }
  setWrap(on: boolean): void {
    this.x.setWrap(on ? 1 : 0);
  }
  playouts(count: number, seed: number, toMove: number, policy: number): number {
    return this.x.playouts(count, seed >>> 0, toMove, policy);
  }
  search(me: number, hand: number, playouts: number, seed: number, policy: number, halving = 0): Int32Array {
    this.check(hand, 0, me);
    if (!(Number.isInteger(playouts) && playouts >= 0 && playouts < 2 ** 31))
      throw new RangeError("playouts");
    const n = this.x.searchPlacements(me, hand, playouts, seed >>> 0, policy, halving);
    return this.io.slice(0, n * SEARCH_STRIDE);
  }
}

/** Route row stride, re-exported for readers of `routes()`. */
export { RSTRIDE };

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
