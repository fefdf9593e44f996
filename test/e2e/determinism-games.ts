/**
 * Fixed games for the determinism test (test/e2e/determinism.test.ts), shared by both sides: Node imports
 * this module directly, and the test bundles it with Vite (library mode) and imports the bundle in
 * Chromium. Each game is an engine's `setup(options, seed)` followed by `steps` legal actions, each picked
 * from the engine's own `legalActions` by a fixed integer generator, so the two runs differ only in the
 * JavaScript engine that executes the same code (V8 of Node vs V8 of Chromium: Math, sorting, floats).
 */
import type { Result } from "../../web/engine/common/errors.ts";
import { lightEngine } from "../../web/engine/light/index.ts";
import { stringEngine } from "../../web/engine/string/index.ts";
import { trainEngine } from "../../web/engine/train/index.ts";

interface AnyEngine {
  setup(options: never, seed: number | string): unknown;
  apply(state: never, action: unknown): Result<unknown>;
  legalActions(state: never): unknown[];
  save(state: never): string;
}

/** The pick rule, also written out in the worker-driven run (the page cannot import from Node): an LCG,
 *  whose high half (`x >>> 16`) indexes the legal actions. */
export function nextPick(x: number): number {
  return (Math.imul(x, 1103515245) + 12345) >>> 0;
}

export interface FixedGame {
  name: string;
  engine: "train" | "string" | "light";
  options: object;
  seed: number | string;
  steps: number;
}

export const FIXED_GAMES: FixedGame[] = [
  { name: "train 2p race", engine: "train", options: { players: 2, variant: "race" }, seed: 42, steps: 400 },
  {
    name: "train 4p elimination",
    engine: "train",
    options: { players: 4, variant: "elimination" },
    seed: "det",
    steps: 400,
  },
  { name: "train 3p race", engine: "train", options: { players: 3, variant: "race" }, seed: 3, steps: 1000 },
  { name: "string 3p", engine: "string", options: { players: 3 }, seed: 7, steps: 200 },
  { name: "string 5p", engine: "string", options: { players: 5 }, seed: "det", steps: 200 },
  { name: "light 2p wrap", engine: "light", options: { players: 2, wrap: true }, seed: "det", steps: 200 },
  { name: "light 4p", engine: "light", options: { players: 4 }, seed: 11, steps: 200 },
];

const ENGINES: Record<FixedGame["engine"], AnyEngine> = {
  train: trainEngine as unknown as AnyEngine,
  string: stringEngine as unknown as AnyEngine,
  light: lightEngine as unknown as AnyEngine,
};

export interface GameRun {
  /** `save` of the final state. */
  save: string;
  /** Actions applied. */
  actions: number;
}

/** Plays one fixed game to its end or `steps` actions. */
export function playFixed(g: FixedGame): GameRun {
  const engine = ENGINES[g.engine];
  let state = engine.setup(g.options as never, g.seed);
  let x = 1;
  let actions = 0;
  for (; actions < g.steps; actions++) {
    const legal = engine.legalActions(state as never);
    if (legal.length === 0) break;
    x = nextPick(x);
    const action = legal[(x >>> 16) % legal.length];
    const r = engine.apply(state as never, action);
    if (!r.ok) throw new Error(`${g.name}: a listed legal action was refused: ${r.error.message}`);
    state = r.state;
  }
  return { save: engine.save(state as never), actions };
}

/** Every fixed game, by name. */
export function playAll(): Record<string, GameRun> {
  return Object.fromEntries(FIXED_GAMES.map((g) => [g.name, playFixed(g)]));
}
