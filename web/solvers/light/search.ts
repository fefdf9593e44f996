/**
 * Light Rail search for hints and bots: every legal cell × orientation of the card in hand, valued by
 * determinised flat Monte Carlo over the rest of the game (assembly/routes/playout.ts, twin in
 * ./reference.ts). Each playout samples what the mover cannot see: the order of every deck and the
 * other seats' cards in hand (the unplayed designs of each colour are known: ten per colour, minus the
 * cards in the city). The playout policy samples `policy` placements per turn and keeps the one with the
 * best immediate credit margin for the seat to move (0 = uniform random).
 *
 * Objectives: the mover's two are known; the other seats' are sampled from the rest (two each) per
 * playout, and judged at the end of the playout on the full city like the engine does (3 credit each).
 * The wrapping option is played as the engine does (wraps at the end, wrapped routes scored, objectives
 * judged with wrap links). The value of a placement is the mean final
 * total (route + objective credit) margin of the mover over the best other seat; `winRate` counts a tie
 * as half.
 *
 * The kernel is a parameter: the Wasm one (Node: `await createLightWasm()` from ./node.ts; the worker:
 * `fromModule(...)` from ./wasm.ts) or the TypeScript twin (`new LightReference()` from ./reference.ts).
 */
import { seedRng } from "../../engine/common/rng.ts";
import { DESIGNS, MEASURES, OBJECTIVE_IDS, OBJECTIVES } from "../../engine/light/data.ts";
import { refusal } from "../../engine/light/engine.ts";
import { COORD_LIMIT, type LightAction, type LightState } from "../../engine/light/types.ts";
import { nextTask } from "../next-task.ts";
import { type LightKernel, SEARCH_STRIDE } from "./kernel.ts";
import { mergeInto, ranked } from "./slices.ts";

export { mergeSlices } from "./slices.ts";
export { nextTask };

export interface SearchOptions {
  /** Playouts in all (spread round-robin over the placements). Default 2000. */
  playouts?: number;
  seed?: number | string;
  /** Playout policy: placements sampled per turn (0 = uniform random). Default 2. */
  policy?: number;
  /**
   * How the playouts are spread over the placements: "round-robin" (default: equal shares, so every
   * placement's value has the same precision, which hints want), "paired" (round-robin where each round
   * plays every placement on the same sampled deal), or "halving" (successive halving: the better half
   * survives each round; the bot's default, least regret per playout, see docs/light-search.md).
   */
  allocation?: "halving" | "round-robin" | "paired";
  /** Count objectives in the playouts' value (default true). */
  objectives?: boolean;
}

export interface SearchedPlacement {
  q: number;
  r: number;
  orientation: 0 | 1;
  /** Route credit the mover scores now with this placement. */
  credit: number;
  /** Mean final total (route + objective credit) margin of the mover over the best other seat. */
  value: number;
  /** Share of playouts won (ties count half). */
  winRate: number;
  playouts: number;
}

/** The design table in the kernel layout: per design [segments, (a, b, building) × 2]. */
export function kernelDesigns(): Int32Array {
  const out = new Int32Array(DESIGNS.length * 7);
  DESIGNS.forEach((d, i) => {
    out[i * 7] = d.segments.length;
    d.segments.forEach((s, j) => {
      out.set([s.a, s.b, s.building], i * 7 + 1 + j * 3);
    });
  });
  return out;
}

/** The objective table in the kernel layout: per objective [measure code, test (0 most, 1 at-least), threshold]. */
export function kernelObjectives(): Int32Array {
  const out = new Int32Array(OBJECTIVES.length * 3);
  OBJECTIVES.forEach((o, i) => {
    out.set([MEASURES.indexOf(o.measure), o.test === "at-least" ? 1 : 0, o.threshold ?? 0], i * 3);
  });
  return out;
}

/** Kernels that hold the design table already (it never changes, so it is loaded once per kernel). */
const designsLoaded = new WeakSet<LightKernel>();

function withDesigns(k: LightKernel): LightKernel {
  if (!designsLoaded.has(k)) {
    k.setDesigns(kernelDesigns());
    designsLoaded.add(k);
  }
  return k;
}

/** Cells within this distance of the coordinate box's edge may have frames the kernel has but the engine not. */
const EDGE_MARGIN = 24;

/**
 * Loads a state's city into a kernel (cards relative to the anchor, the first card) and returns the
 * anchor. Throws when a card lies where no city placement through the anchor reaches.
 */
export function loadCity(kernel: LightKernel, state: LightState): [number, number] {
  kernel.newGame(state.options.players);
  kernel.setWrap(state.options.wrap === true);
  const first = state.cards[0];
  const anchor: [number, number] = first ? [first.q, first.r] : [0, 0];
  for (const c of state.cards) {
    const cell = kernel.placeAt(c.q - anchor[0], c.r - anchor[1], c.design, c.orientation, c.player);
    if (cell < 0) throw new RangeError(`card at (${c.q}, ${c.r}) is outside every city placement`);
  }
  return anchor;
}

/**
 * Every legal placement of the card in hand valued by search on `kernel` (Wasm or the twin: same seed, same
 * result), best first (value, credit, q, r, orientation).
 */
export function searchPlacements(
  kernel: LightKernel,
  state: LightState,
  opts: SearchOptions = {},
): SearchedPlacement[] {
  const me = state.current;
  if (me === null) return [];
  const hand = state.hands[me];
  if (state.over || hand === null || hand === undefined) return [];
  withDesigns(kernel);
  const [aq, ar] = loadCity(kernel, state);
  const n = state.options.players;
  for (let p = 0; p < n; p++) {
    // what seat `me` knows: its own hand, and per colour the multiset of unplayed designs (sorted, so the
    // hidden order of the decks cannot leak into the search)
    const unplayed =
      p === me
        ? state.decks[p]!.slice()
        : [...state.decks[p]!, ...(state.hands[p] === null ? [] : [state.hands[p]!])];
    unplayed.sort((a, b) => a - b);
    kernel.setUnplayed(p, unplayed);
  }
  if (opts.objectives === false) kernel.setObjectives([]);
  else {
    kernel.setObjectives(kernelObjectives());
    const mine = state.objectives[me] ?? [];
    kernel.setMyObjectives(OBJECTIVE_IDS.indexOf(mine[0] ?? ""), OBJECTIVE_IDS.indexOf(mine[1] ?? ""));
  }
  const seed = seedRng(opts.seed ?? 0);
  const halving = opts.allocation === "halving" ? 1 : opts.allocation === "paired" ? 2 : 0;
  const rows = kernel.search(me, hand, opts.playouts ?? 2000, seed, opts.policy ?? 2, halving);
  const out: SearchedPlacement[] = [];
  for (let i = 0; i < rows.length; i += SEARCH_STRIDE) {
    const count = rows[i + 4]!;
    out.push({
      q: rows[i]! + aq,
      r: rows[i + 1]! + ar,
      orientation: rows[i + 2]! as 0 | 1,
      credit: rows[i + 3]!,
      value: count > 0 ? rows[i + 5]! / count : 0,
      winRate: count > 0 ? rows[i + 6]! / (2 * count) : 0,
      playouts: count,
    });
  }
  // The kernel's frames are unbounded; the engine's lie inside its coordinate box. Near the box's edge
  // (a first card placed there) keep only the placements the engine accepts.
  const edge = state.cards.some(
    (c) => Math.abs(c.q) >= COORD_LIMIT - EDGE_MARGIN || Math.abs(c.r) >= COORD_LIMIT - EDGE_MARGIN,
  );
  return (edge ? out.filter((p) => refusal(state, p) === null) : out).sort(
    (a, b) =>
      b.value - a.value || b.credit - a.credit || a.q - b.q || a.r - b.r || a.orientation - b.orientation,
  );
}

/**
 * The bot's action: the best placement by `searchPlacements`, or null when the game is over. The bot
 * spreads its playouts by successive halving unless told otherwise: it only needs the best placement, and
 * halving finds it with less regret than equal shares (docs/light-search.md).
 */
export function searchBotAction(
  kernel: LightKernel,
  state: LightState,
  seed: number | string,
  opts: Omit<SearchOptions, "seed"> = {},
): LightAction | null {
  const me = state.current;
  const best = searchPlacements(kernel, state, { allocation: "halving", ...opts, seed })[0];
  if (!best || me === null) return null;
  return { type: "place", player: me, q: best.q, r: best.r, orientation: best.orientation };
}

/** Options of {@link searchPlacementsWithin}. */
export interface TimedSearchOptions {
  /** Time budget in ms of the search's own work: batches of playouts run until it is spent (at least one batch). */
  ms: number;
  seed?: number | string;
  policy?: number;
  /** Most playouts in all (default 10⁶). */
  maxPlayouts?: number;
  /** The clock (default `performance.now`). */
  now?: () => number;
}

/**
 * Playouts of a timed search's first batch, and of its largest: batches double from the first up to this one. A
 * batch is one synchronous kernel call, so it bounds how long a cooperative search
 * ({@link searchPlacementsWithinAsync}) keeps its thread: 512 playouts take 3–4 ms on the Wasm kernel (Node 20,
 * an early and a middle game; 1024 took 6–8 ms, 8192 42–67 ms, and 15–27 ms for 1024 in the demo page's worker
 * on a loaded machine), 0.1 ms of it the batch's set-up: playouts per ms do not depend on the batch size.
 */
export const FIRST_BATCH = 256;
export const MAX_BATCH = 512;

/**
 * The batches of a timed search, one a step: yields the ms of work spent so far after every batch that is not the
 * last, returns the merged placements (early, with the batches done, when the driver answers a yield with `true`).
 * The batches (sizes, seeds, order) do not depend on who drives it, so the synchronous and the cooperative search
 * give the same answer for the same batches; only the time between batches (spent elsewhere by the cooperative
 * one) is not counted against the budget.
 */
function* timedBatches(
  kernel: LightKernel,
  state: LightState,
  opts: TimedSearchOptions,
): Generator<number, SearchedPlacement[], boolean | undefined> {
  const now = opts.now ?? (() => performance.now());
  const max = opts.maxPlayouts ?? 1_000_000;
  const merged = new Map<string, SearchedPlacement>();
  let spent = 0;
  let total = 0;
  let batch = FIRST_BATCH;
  for (let round = 0; ; round++) {
    const t0 = now();
    const rows = searchPlacements(kernel, state, {
      playouts: Math.min(batch, max - total),
      seed: `${opts.seed ?? 0}/${round}`,
      policy: opts.policy,
    });
    if (rows.length === 0) return [];
    mergeInto(merged, rows);
    total += Math.min(batch, max - total);
    batch = Math.min(batch * 2, MAX_BATCH);
    spent += now() - t0;
    if (spent >= opts.ms || total >= max) break;
    if (yield spent) break;
  }
  return ranked(merged);
}

/**
 * {@link searchPlacements} within a time budget rather than a playout count: round-robin batches (seeds
 * `<seed>/<batch>`, from {@link FIRST_BATCH} playouts, each batch twice the last, at most {@link MAX_BATCH}) until
 * `ms` is spent, merged per placement (values and win rates weighted by playouts). The result depends on the
 * machine's speed; for a fixed answer ask for a playout count. One synchronous call: in a thread that serves
 * others, use {@link searchPlacementsWithinAsync}.
 */
export function searchPlacementsWithin(
  kernel: LightKernel,
  state: LightState,
  opts: TimedSearchOptions,
): SearchedPlacement[] {
  const steps = timedBatches(kernel, state, opts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Options of {@link searchPlacementsWithinAsync}. */
export interface CooperativeSearchOptions extends TimedSearchOptions {
  /** Work in ms after which the search lets its thread's other tasks run (default {@link YIELD_MS}). */
  yieldMs?: number;
  /** How it lets them run (default {@link nextTask}: a macrotask, so queued messages are served first). */
  pause?: () => Promise<void>;
  /**
   * Asked after each pause: true ends the search there, with the batches done (the worker: the game has moved on
   * from the position searched, so nobody will use the answer).
   */
  cancelled?: () => boolean;
}

/** Default work between two pauses of a cooperative search, in ms. */
export const YIELD_MS = 8;

/**
 * {@link searchPlacementsWithin}, cooperative: the same batches, with a pause ({@link nextTask}) whenever
 * `yieldMs` of work have passed since the last, so that a thread shared with other work (the game worker: another
 * game's hint, a Roll) answers them between batches, within about one batch ({@link MAX_BATCH}). The kernel is
 * loaded afresh for each batch, so another search on the same kernel during a pause changes nothing. The budget
 * `ms` counts the search's own work only.
 */
export async function searchPlacementsWithinAsync(
  kernel: LightKernel,
  state: LightState,
  opts: CooperativeSearchOptions,
): Promise<SearchedPlacement[]> {
  const every = opts.yieldMs ?? YIELD_MS;
  const pause = opts.pause ?? nextTask;
  const steps = timedBatches(kernel, state, opts);
  let pausedAt = 0;
  let stop = false;
  for (;;) {
    const step = steps.next(stop);
    if (step.done) return step.value;
    if (step.value - pausedAt >= every) {
      pausedAt = step.value;
      await pause();
      stop = opts.cancelled?.() === true;
    }
  }
}
