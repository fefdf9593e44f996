/**
 * `loadKernels()`, the fast paths of `railkit/engine` (issue #24): one call that loads the package's own files — the
 * Wasm kernels and the Train Game's shipped race table and turn graph — and answers the three games on them: each
 * game's engine (String Railway's on the Wasm route geometry, an engine of its own: no global switch), its solver,
 * its hints and its computer players, as the worker and the `rail` CLI run them (web/games/, one module per game).
 *
 * ```js
 * import { loadKernels, train } from "railkit/engine";
 * const kernels = await loadKernels(); // Node, a Web Worker or a page
 * const s = train.setup({ players: 2 }, 7); // a race to 100
 * const [best] = await kernels.train.hints(s); // read from the shipped race table: no solve
 * ```
 *
 * Every file is found relative to this module (`new URL(…, import.meta.url)`), never the working directory: from
 * the package (dist/pkg/assets/, where the package build puts them) or from a checkout (build/, web/data/). A URL is
 * read with node:fs when it is a `file:` URL (Node), else fetched (workers, pages; a bundler that builds the app
 * emits the files and rewrites the URLs, as it does for the package's workers). A file that cannot be read or is
 * corrupt is not an error: that part runs on its TypeScript twin, or solves its race on first need (same answers,
 * slower), and {@link Kernels.missing} names it.
 */
import { InputError, RuleError } from "../engine/common/errors.ts";
import { describe, isObject } from "../engine/common/input.ts";
import type { StringEngine } from "../engine/string/engine.ts";
import type { LightGameTypes } from "../games/light/index.ts";
import type { StringGameTypes } from "../games/string/index.ts";
import type { TrainGameTypes } from "../games/train/index.ts";
import { type EngineOf, type GameModule, type GameTypes, type Kit, positionSeed } from "../games/types.ts";
import type { LightKernel } from "../solvers/light/kernel.ts";
import type { StringSolver } from "../solvers/string/solver.ts";
import type { TrainSolverApi } from "../solvers/train/api.ts";
import { SHIPPED_GOAL } from "../solvers/train/race-context.ts";

/** Where each file is: a Wasm module by name (`Kit.wasm`), a data file by its path under web/data/ (`Kit.data`). */
export interface KernelFiles {
  wasm: Readonly<Record<string, () => URL>>;
  data: Readonly<Record<string, () => URL>>;
}

/** The Wasm modules the games load (`Kit.wasm`), each found beside this module. */
const WASM: KernelFiles["wasm"] = {
  train: () => new URL("../../build/train.release.wasm", import.meta.url),
  string: () => new URL("../../build/string.release.wasm", import.meta.url),
  stringplan: () => new URL("../../build/stringplan.release.wasm", import.meta.url),
  light: () => new URL("../../build/light.release.wasm", import.meta.url),
};

/** The shipped data files the games read (`Kit.data`), by their path under web/data/. */
const DATA: KernelFiles["data"] = {
  // the race table of SHIPPED_GOAL (a bundler needs the literal name)
  "train/race-100.bin": () => new URL("../data/train/race-100.bin", import.meta.url),
  "train/turn-graph.bin": () => new URL("../data/train/turn-graph.bin", import.meta.url),
};

/** Largest file taken (the race table is 186 KB): a larger one is refused (`missing`). */
const MAX_FILE_BYTES = 8 << 20;

/** The node:fs reader, imported on first need, in Node only (the name is not a static import: pages never load it). */
let fsPromises: Promise<{ readFile(path: URL): Promise<Uint8Array> }> | undefined;
const NODE_FS = "node:fs/promises";

/** The bytes at `url`: node:fs for a `file:` URL, else `fetch`. Throws on a missing or oversized file. */
async function readUrl(url: URL): Promise<ArrayBuffer> {
  let bytes: Uint8Array;
  if (url.protocol === "file:") {
    fsPromises ??= import(/* @vite-ignore */ NODE_FS);
    bytes = await (await fsPromises).readFile(url);
  } else {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url.href}: HTTP ${r.status}`);
    bytes = new Uint8Array(await r.arrayBuffer());
  }
  if (bytes.byteLength > MAX_FILE_BYTES) throw new Error(`${url.href}: over ${MAX_FILE_BYTES} bytes`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/**
 * A {@link Kit} over the package's own files: every Wasm module compiled first (so that `wasm` can answer null for
 * one that failed: the games then run its TypeScript twin), each data file read once, on first need (null when it
 * fails: the game falls back). Each failure is recorded in `missing`.
 */
async function packageKit(files: KernelFiles, missing: string[]): Promise<Kit> {
  const failed = (what: string, e: unknown) =>
    missing.push(`${what}: ${e instanceof Error ? e.message : String(e)}`);
  const modules = new Map<string, WebAssembly.Module>();
  await Promise.all(
    Object.entries(files.wasm).map(async ([name, at]) => {
      try {
        modules.set(name, await WebAssembly.compile(await readUrl(at())));
      } catch (e) {
        failed(`${name}.wasm`, e);
      }
    }),
  );
  const data = new Map<string, Promise<ArrayBuffer | null>>();
  return {
    wasm: (name) => {
      const m = modules.get(name);
      return m ? Promise.resolve(m) : null;
    },
    data: (path) => {
      const at = Object.hasOwn(files.data, path) ? files.data[path] : undefined;
      if (!at) return Promise.resolve(null);
      let d = data.get(path);
      if (!d) {
        d = readUrl(at()).catch((e: unknown) => {
          failed(path, e);
          return null;
        });
        data.set(path, d);
      }
      return d;
    },
  };
}

/** One game on the loaded kernels. */
export interface KernelGame<T extends GameTypes, Solver> {
  /**
   * The rules on the fastest kernels loaded (String Railway: the Wasm route geometry, an engine of its own with its
   * own rival indexes; the others: their one engine). Same answers as the TypeScript engine.
   */
  readonly engine: EngineOf<T>;
  /** The game's solver, loaded (the Train Game's: the Wasm kernel with the shipped race table and turn graph). */
  readonly solver: Solver;
  /**
   * The hints for the seat to move in `state` (a state of this game; none when it is over), as the worker's `hints`
   * call gives them; `options` as it takes them (train: none; string: `max`; light: `playouts`, `seed`, `ms`),
   * checked and capped. A malformed state or option is an InputError naming it (JSON pointer), never another error.
   */
  hints(state: T["state"], options?: Record<string, unknown>): Promise<T["hint"][]>;
  /**
   * The computer's move for the seat to move (not played: `engine.apply` it), as the worker's `botMove` chooses it
   * (train `mode`; string, light `policy`; light `playouts`); repeatable (its randomness is the position's seed).
   * A game that is over is a RuleError (`<game>.game-over`).
   */
  bot(state: T["state"], options?: Record<string, unknown>): Promise<T["action"]>;
}

/** What {@link loadKernels} answers: each game on the package's kernels. */
export interface Kernels {
  readonly train: KernelGame<TrainGameTypes, TrainSolverApi>;
  /** String Railway; its engine is a `StringEngine` on the Wasm route geometry (`engine.geometry`). */
  readonly string: KernelGame<StringGameTypes, StringSolver> & { readonly engine: StringEngine };
  readonly light: KernelGame<LightGameTypes, LightKernel>;
  /**
   * The files that could not be loaded, each with why (`"train/race-100.bin: …"`, `"string.wasm: …"`); empty when
   * every fast path is there.
   * Those parts run on the TypeScript twins (same answers, slower); a race without its table is solved on first need.
   */
  readonly missing: readonly string[];
  /** Where the Wasm modules and data files come from, for a host built on the game modules (web/games/types.ts). */
  readonly kit: Kit;
}

/**
 * Loads the package's Wasm kernels and the Train Game's race table and turn graph (files beside this module: see
 * the header), then each game's engine and solver on them. Call it once and keep the answer; each call loads anew
 * (its own engines). Never rejects for a missing file: see {@link Kernels.missing}.
 */
export function loadKernels(): Promise<Kernels> {
  return kernelsFrom({ wasm: WASM, data: DATA });
}

/** {@link loadKernels} from other files (tests: a missing or corrupt one); not part of the package's API. */
export async function kernelsFrom(files: KernelFiles): Promise<Kernels> {
  const missing: string[] = [];
  const [kit, { GAMES }, { readOptions }] = await Promise.all([
    packageKit(files, missing),
    import("../games/registry.ts"),
    import("../worker/wire.ts"),
  ]);
  const [trainModule, stringModule, lightModule] = GAMES;

  /** A module on `kit`: its fastest engine, its solver, and the hints and bots over both. */
  async function on<T extends GameTypes, S>(module: GameModule<T, S>): Promise<KernelGame<T, S>> {
    const id = module.id;
    const [engine, solver] = await Promise.all([
      module.loadEngine?.(kit) ?? module.engine,
      module.loadSolver(kit),
    ]);
    const solved = () => Promise.resolve(solver);
    const rules = () => engine;
    /** `state` as a state of this game; whatever else goes wrong reading it is an InputError at /state. */
    const checked = (state: unknown): T["state"] => {
      if (!isObject(state) || state.game !== id)
        throw new InputError(`not a ${id} game state: ${describe(state)}`, "/state");
      return state as unknown as T["state"];
    };
    const guarded = async <R>(run: () => Promise<R>): Promise<R> => {
      try {
        return await run();
      } catch (e) {
        if (e instanceof InputError || e instanceof RuleError) throw e;
        throw new InputError(
          `cannot read this state: ${e instanceof Error ? e.message : String(e)}`,
          "/state",
        );
      }
    };
    return {
      engine,
      solver,
      hints: (state, options) =>
        guarded(async () => {
          const hint = await module.loadHints(
            solved,
            module.readHintOptions(readOptions(options, module.hintKeys)),
            rules,
          );
          const s = checked(state);
          return s.over || s.current === null ? [] : hint(s);
        }),
      bot: (state, options) =>
        guarded(async () => {
          const { bot, work } = module.readBot(readOptions(options, module.botKeys));
          const spec = module.bots[bot]!;
          const choose = await spec.load(solved, work, rules);
          const s = checked(state);
          if (s.over || s.current === null)
            throw new RuleError(`${id}.game-over`, "the game is over: no seat is to move");
          return choose(s, positionSeed(s));
        }),
    };
  }

  const [train, string, light] = await Promise.all([on(trainModule), on(stringModule), on(lightModule)]);
  // A page's worker loads the race table on its first need (issue #23); this one call loads everything now.
  await train.solver.loadRace();
  // The race table is checked by its reader, which warns and leaves it out when corrupt: say so here too.
  const table = `train/race-${SHIPPED_GOAL}.bin`;
  if (!train.solver.solver.hasRace(SHIPPED_GOAL) && !missing.some((m) => m.startsWith(table)))
    missing.push(`${table}: not loaded (corrupt)`);
  // The string module's loadEngine answers createStringEngine(…) (or stringEngine): a StringEngine either way.
  const stringOn = { ...string, engine: string.engine as StringEngine };
  return { train: { ...train, solver: train.solver.solver }, string: stringOn, light, missing, kit };
}
