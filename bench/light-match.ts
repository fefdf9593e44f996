/**
 * Light Rail, a fair match with boardgame.io (issue #11).
 *
 * bench/light-bgio.ts wraps our TypeScript engine (`applyPlacement`: immutable state, every route recomputed
 * per placement) as a boardgame.io `Game`, so most of MCTSBot's cost there was our slow engine. Here the
 * `Game` runs on the fast kernel instead (the Wasm module of web/solvers/light/, the one our search uses):
 * G is a small plain object (decks, hands, objectives, the cards as a flat list, credit); the move `place`
 * brings a kernel to G's city (undo back to the common prefix with the city it holds, then `placeAt` the
 * rest: incremental union-find, a few µs), checks legality with the kernel's city-limit masks and reads
 * the credit; when the city is full the objectives are judged with the kernel's measures. What remains of
 * an MCTSBot iteration is boardgame.io's own machinery (its reducer, immer, the flow) and its tree search.
 *
 * Then: (a) iterations per second side by side (MCTSBot on the slow and the fast Game, our search's
 * playouts), (b) a match, 2 players, our search bot (round-robin flat Monte Carlo, `searchPlacementsWithin`)
 * against MCTSBot at equal wall time per move, seats alternating, seeded games, the win rate with a 95%
 * Wilson interval (a draw counts half).
 *
 * Information: MCTSBot searches the G it is given, and boardgame.io's bot has no notion of hidden
 * information; given the true G it would see every deck's order and the other seat's objectives. By default
 * it gets a single determinisation per move (`determinise`: what its seat knows, the rest sampled), as our
 * bot samples per playout; `--mcts-sees-all` gives it the true G.
 *
 * Run: `npm run bench -- light --match` (after the light suite), or alone
 * `npx tsx bench/light-match.ts [--games 200] [--ms 100] [--seed 1]`. Not part of `npm test`.
 */
import os from "node:os";
import type { Ctx, Game, State } from "boardgame.io";
import { MCTSBot } from "boardgame.io/ai";
import { INVALID_MOVE } from "boardgame.io/core";
import { CreateGameReducer, InitializeGame } from "boardgame.io/internal";
import { Rng, seedRng } from "../web/engine/common/rng.ts";
import { MEASURES, OBJECTIVE_IDS, OBJECTIVES, setup } from "../web/engine/light/index.ts";
import type { LightKernel } from "../web/solvers/light/kernel.ts";
import { createLightWasm } from "../web/solvers/light/node.ts";
import { kernelDesigns, searchPlacementsWithin } from "../web/solvers/light/search.ts";
import { lightMcts } from "./light-bgio.ts";

/** The boardgame.io state of the fast Game: plain JSON, positions relative to the first card at (0, 0). */
export interface FastG {
  players: number;
  /** Per seat, the designs still in the deck, top first. */
  decks: number[][];
  /** Per seat, the design in hand, -1 none. */
  hands: number[];
  /** Per seat, two indices into OBJECTIVES. */
  objectives: number[][];
  /** Placed cards, flat: [q, r, design, orientation, seat] × n, in placement order. */
  cards: number[];
  credit: number[];
  over: boolean;
  /** Final totals (route + objective credit), once over. */
  totals: number[] | null;
}

const CARD = 5;

/** A kernel that follows the cities it is asked about: undo to the common prefix, place the rest. */
export class KernelCity {
  private held: number[] = [];
  private marks: number[] = [];
  private players = 0;
  constructor(readonly kernel: LightKernel) {
    kernel.setDesigns(kernelDesigns());
  }
  /** Brings the kernel to `cards` (flat, as FastG). */
  sync(players: number, cards: readonly number[]): void {
    const k = this.kernel;
    if (players !== this.players) {
      k.newGame(players);
      k.setWrap(false);
      this.players = players;
      this.held = [];
      this.marks = [];
    }
    const n = Math.min(this.held.length, cards.length) / CARD;
    let same = 0;
    while (same < n) {
      let eq = true;
      for (let j = 0; j < CARD; j++) if (this.held[same * CARD + j] !== cards[same * CARD + j]) eq = false;
      if (!eq) break;
      same++;
    }
    if (same * CARD < this.held.length) {
      k.undo(this.marks[same]!);
      this.held.length = same * CARD;
      this.marks.length = same;
    }
    for (let i = same * CARD; i < cards.length; i += CARD) {
      this.marks.push(k.mark());
      const c = k.placeAt(cards[i]!, cards[i + 1]!, cards[i + 2]!, cards[i + 3]!, cards[i + 4]!);
      if (c < 0) throw new RangeError(`kernel refused a card of the city (${c})`);
      for (let j = 0; j < CARD; j++) this.held.push(cards[i + j]!);
    }
  }
  /** Legal cells for the next card of a synced city ([q0, r0, q1, r1, …]). */
  legal(cards: readonly number[]): ArrayLike<number> {
    return cards.length === 0 ? [0, 0] : this.kernel.legal();
  }
}

/** The deal of the engine's setup (same seed, same decks, hands and objectives) as a FastG. */
export function fastSetup(players: number, seed: number | string): FastG {
  const s = setup({ players }, seed);
  return {
    players,
    decks: s.decks.map((d) => d.slice()),
    hands: s.hands.map((h) => h ?? -1),
    objectives: s.objectives.map((ids) => ids.map((id) => OBJECTIVE_IDS.indexOf(id))),
    cards: [],
    credit: new Array<number>(players).fill(0),
    over: false,
    totals: null,
  };
}

/** Objective credit per seat on the kernel's (full) city: 3 per objective fulfilled, as the engine judges. */
function objectiveCredit(city: KernelCity, g: FastG): number[] {
  const out = new Array<number>(g.players).fill(0);
  const memo = new Map<number, Int32Array>();
  for (let p = 0; p < g.players; p++) {
    for (const o of g.objectives[p]!) {
      const obj = OBJECTIVES[o]!;
      const m = OBJECTIVES_MEASURE[o]!;
      let v = memo.get(m);
      if (!v) {
        v = city.kernel.measure(m).slice();
        memo.set(m, v);
      }
      const ok =
        obj.test === "at-least" ? v[p]! >= (obj.threshold ?? 0) : v[p]! > 0 && v.every((x) => x <= v![p]!);
      if (ok) out[p]! += 3;
    }
  }
  return out;
}

const OBJECTIVES_MEASURE = OBJECTIVES.map((o) => MEASURES.indexOf(o.measure));

/** Places the card in hand of `seat` (legality from the kernel); a new G, or null when illegal. */
export function fastPlace(
  city: KernelCity,
  g: FastG,
  seat: number,
  q: number,
  r: number,
  o: 0 | 1,
): FastG | null {
  if (g.over) return null;
  const hand = g.hands[seat]!;
  if (hand < 0) return null;
  city.sync(g.players, g.cards);
  if (g.cards.length === 0 ? q !== 0 || r !== 0 : !city.kernel.isLegal(q, r)) return null;
  const cards = [...g.cards, q, r, hand, o, seat];
  city.sync(g.players, cards);
  const credit = Array.from({ length: g.players }, (_, p) => city.kernel.score(p));
  const decks = g.decks.map((d, i) => (i === seat ? d.slice(1) : d));
  const hands = g.hands.map((h, i) => (i === seat ? (g.decks[seat]![0] ?? -1) : h));
  const over = city.kernel.placed() === city.kernel.cityCells();
  const next: FastG = { ...g, cards, credit, decks, hands, over, totals: null };
  if (over) {
    const obj = objectiveCredit(city, next);
    next.totals = credit.map((c, p) => c + obj[p]!);
  }
  return next;
}

/** Every legal move of the seat to move: cells × both orientations. */
export function fastMoves(city: KernelCity, g: FastG): { q: number; r: number; o: 0 | 1 }[] {
  if (g.over) return [];
  city.sync(g.players, g.cards);
  const cells = city.legal(g.cards);
  const out: { q: number; r: number; o: 0 | 1 }[] = [];
  for (let i = 0; i < cells.length; i += 2) {
    out.push({ q: cells[i]!, r: cells[i + 1]!, o: 0 }, { q: cells[i]!, r: cells[i + 1]!, o: 1 });
  }
  return out;
}

/** Light Rail as a boardgame.io Game on the kernel (one kernel per Game: the cities it follows). */
export function fastLightGame(seed: number | string, kernel: LightKernel): Game<FastG> {
  const city = new KernelCity(kernel);
  return {
    name: "light-rail-kernel",
    minPlayers: 2,
    maxPlayers: 4,
    setup: ({ ctx }) => fastSetup(ctx.numPlayers, seed),
    moves: {
      place: ({ G, ctx }, q: number, r: number, o: 0 | 1) =>
        fastPlace(city, G, Number(ctx.currentPlayer), q, r, o) ?? INVALID_MOVE,
    },
    turn: { minMoves: 1, maxMoves: 1 },
    endIf: ({ G }) => {
      if (!G.over || !G.totals) return undefined;
      const best = Math.max(...G.totals);
      const winners = G.totals.flatMap((v, i) => (v === best ? [String(i)] : []));
      return winners.length === 1 ? { winner: winners[0] } : { draw: true };
    },
    ai: {
      enumerate: (G: FastG, _ctx: Ctx) =>
        fastMoves(city, G).map((m) => ({ move: "place", args: [m.q, m.r, m.o] })),
    },
  };
}

/** The engine-shaped state our search reads, from a FastG (cards back at absolute = relative coordinates). */
function asLightState(g: FastG, seed: number | string, current: number) {
  const base = setup({ players: g.players }, seed);
  const cards = [];
  for (let i = 0; i < g.cards.length; i += CARD) {
    cards.push({
      q: g.cards[i]!,
      r: g.cards[i + 1]!,
      design: g.cards[i + 2]!,
      orientation: g.cards[i + 3]! as 0 | 1,
      player: g.cards[i + 4]!,
      color: g.cards[i + 4]!,
      segments: [],
    });
  }
  return {
    ...base,
    current,
    cards,
    decks: g.decks,
    hands: g.hands.map((h) => (h < 0 ? null : h)),
    routeCredit: g.credit,
  };
}

/**
 * G as seat `me` may know it: its own hand and objectives; every deck's order and the other seats' hands
 * shuffled among their unplayed cards; the other seats' objectives drawn from those it does not hold.
 */
export function determinise(g: FastG, me: number, seed: string): FastG {
  const rng = new Rng(seedRng(seed));
  const decks = g.decks.map((d) => d.slice());
  const hands = g.hands.slice();
  for (let p = 0; p < g.players; p++) {
    if (p === me) decks[p] = rng.shuffle(decks[p]!);
    else {
      const pool = rng.shuffle([...decks[p]!, ...(hands[p]! >= 0 ? [hands[p]!] : [])]);
      hands[p] = hands[p]! >= 0 ? pool.shift()! : -1;
      decks[p] = pool;
    }
  }
  const rest = rng.shuffle(OBJECTIVES.map((_, i) => i).filter((i) => !g.objectives[me]!.includes(i)));
  const objectives = g.objectives.map((o, p) => (p === me ? o.slice() : [rest.shift()!, rest.shift()!]));
  return { ...g, decks, hands, objectives };
}

/** MCTSBot that stops at a wall-time budget per move (its iterations run in chunks of 25). */
function timedMcts(game: Game<FastG>, seed: string, ms: number) {
  let deadline = 0;
  let iterations = 0;
  const bot: MCTSBot = new MCTSBot({
    game,
    enumerate: game.ai!.enumerate,
    seed,
    iterations: () => Number.MAX_SAFE_INTEGER,
    iterationCallback: ({ iterationCounter }) => {
      iterations = iterationCounter;
      // Stop the loop: the bot compares its counter with the iteration count after every chunk.
      if (performance.now() >= deadline)
        (bot as unknown as { iterationCounter: number }).iterationCounter = Number.MAX_SAFE_INTEGER;
    },
  });
  return {
    async play(state: State<FastG>, player: string) {
      deadline = performance.now() + ms;
      const r = await bot.play(state, player);
      return { action: r.action, iterations };
    },
  };
}

export interface MatchResult {
  games: number;
  ms: number;
  /** Our bot's wins, draws, losses. */
  wins: number;
  draws: number;
  losses: number;
  score: number;
  low: number;
  high: number;
  mctsIterationsPerMove: number;
  ourPlayoutsPerMove: number;
}

/** Wilson 95% interval of a proportion. */
export function wilson(p: number, n: number, z = 1.96): [number, number] {
  const d = 1 + (z * z) / n;
  const c = p + (z * z) / (2 * n);
  const h = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [(c - h) / d, (c + h) / d];
}

/** One game: our bot in seat `ours`, MCTSBot in the other; both get `ms` of wall time per move. */
async function playOne(
  seed: string,
  ours: number,
  ms: number,
  kernels: { game: LightKernel; search: LightKernel },
  stats: { mcts: number[]; playouts: number[] },
  seesAll = false,
): Promise<number[]> {
  const game = fastLightGame(seed, kernels.game);
  const reducer = CreateGameReducer({ game });
  let state = InitializeGame({ game, numPlayers: 2 }) as State<FastG>;
  const mcts = timedMcts(game, `${seed}/mcts`, ms);
  while (state.ctx.gameover === undefined) {
    const seat = Number(state.ctx.currentPlayer);
    let action: unknown;
    if (seat === ours) {
      const s = asLightState(state.G, seed, seat);
      // biome-ignore lint/suspicious/noExplicitAny: a hand-built engine-shaped state (the search reads cards, decks, hands, objectives)
      const rows = searchPlacementsWithin(kernels.search, s as any, {
        ms,
        seed: `${seed}/${state.G.cards.length}`,
      });
      stats.playouts.push(rows.reduce((a, h) => a + h.playouts, 0));
      const best = rows[0]!;
      action = {
        type: "MAKE_MOVE",
        payload: { type: "place", args: [best.q, best.r, best.orientation], playerID: String(seat) },
      };
    } else {
      // MCTSBot searches the G it is given: unless told to see everything, give it what its seat knows, the
      // rest sampled once per move (a single determinisation, as our bot samples per playout).
      const seen = seesAll
        ? state
        : { ...state, G: determinise(state.G, seat, `${seed}/${state.G.cards.length}`) };
      const r = await mcts.play(seen, String(seat));
      stats.mcts.push(r.iterations);
      action = r.action;
    }
    const next = reducer(state, action as Parameters<typeof reducer>[1]) as State<FastG>;
    if (next === state || next.G === state.G) throw new Error(`move refused in game ${seed}`);
    state = next;
  }
  return state.G.totals!;
}

/** The match: `games` seeded 2-player games, seats alternating. */
export async function match(
  games: number,
  ms: number,
  seed = 1,
  log = true,
  seesAll = false,
): Promise<MatchResult> {
  const kernels = { game: await createLightWasm(), search: await createLightWasm() };
  const stats = { mcts: [] as number[], playouts: [] as number[] };
  let wins = 0;
  let draws = 0;
  let losses = 0;
  for (let i = 0; i < games; i++) {
    const ours = i % 2;
    const totals = await playOne(`match/${seed}/${i}`, ours, ms, kernels, stats, seesAll);
    const me = totals[ours]!;
    const them = totals[1 - ours]!;
    if (me > them) wins++;
    else if (me === them) draws++;
    else losses++;
    if (log && (i + 1) % 20 === 0)
      console.log(`  ${i + 1} games: ${wins} won, ${draws} drawn, ${losses} lost`);
  }
  const score = (wins + draws / 2) / games;
  const [low, high] = wilson(score, games);
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  return {
    games,
    ms,
    wins,
    draws,
    losses,
    score,
    low,
    high,
    mctsIterationsPerMove: median(stats.mcts),
    ourPlayoutsPerMove: median(stats.playouts),
  };
}

/** (a) Iterations per second: MCTSBot on the slow and the fast Game, and our search's playouts. */
export async function rates(iterations = 1000): Promise<Record<string, number>> {
  const cpu = async (f: () => Promise<number>) => {
    const c0 = process.cpuUsage();
    const n = await f();
    const c = process.cpuUsage(c0);
    return n / ((c.user + c.system) / 1e6);
  };
  const slow = lightMcts(2026);
  slow.bot.setOpt("iterations", Math.min(iterations, 300));
  const mctsSlow = await cpu(async () => (await slow.bot.play(slow.state, "0")).metadata.visits);
  const kernel = await createLightWasm();
  const game = fastLightGame(2026, kernel);
  const state = InitializeGame({ game, numPlayers: 2 });
  const bot = new MCTSBot({ game, enumerate: game.ai!.enumerate, seed: 1, iterations });
  const mctsFast = await cpu(async () => (await bot.play(state, "0")).metadata.visits);
  const search = await createLightWasm();
  const g = fastSetup(2, 2026);
  // biome-ignore lint/suspicious/noExplicitAny: a hand-built engine-shaped state, as in playOne
  const s = asLightState(g, 2026, 0) as any;
  const ours = await cpu(async () =>
    searchPlacementsWithin(search, s, { ms: 1000, seed: 1 }).reduce((a, h) => a + h.playouts, 0),
  );
  return { mctsSlow, mctsFast, ours };
}

export async function run(): Promise<void> {
  const arg = (name: string, d: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? Number(process.argv[i + 1]) : d;
  };
  const games = arg("games", 200);
  const ms = arg("ms", 100);
  const seed = arg("seed", 1);
  const seesAll = process.argv.includes("--mcts-sees-all");
  console.log(
    `Light Rail fair match: node ${process.version}, ${os.cpus()[0]?.model ?? "?"}, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const r = await rates();
  const f = (x: number) => Math.round(x).toLocaleString("en");
  console.table([
    { measure: "MCTSBot iterations/s, bgio Game on the TS engine (first move)", "per CPU-s": f(r.mctsSlow!) },
    {
      measure: "MCTSBot iterations/s, bgio Game on the Wasm kernel (first move)",
      "per CPU-s": f(r.mctsFast!),
    },
    { measure: "our search playouts/s (first move, 1 s budget)", "per CPU-s": f(r.ours!) },
    { measure: "ours / MCTSBot on the kernel", "per CPU-s": `${(r.ours! / r.mctsFast!).toFixed(1)}×` },
    {
      measure: "MCTSBot kernel Game / TS engine Game",
      "per CPU-s": `${(r.mctsFast! / r.mctsSlow!).toFixed(1)}×`,
    },
  ]);
  console.log(
    `match: ${games} games, ${ms} ms per move for each bot, 2 players, seats alternating; MCTSBot ${seesAll ? "sees every deck and objective" : "sees what its seat knows (one determinisation per move)"}`,
  );
  const m = await match(games, ms, seed, true, seesAll);
  console.table([
    {
      games: m.games,
      "ms/move": m.ms,
      won: m.wins,
      drawn: m.draws,
      lost: m.losses,
      "score (draw ½)": `${(m.score * 100).toFixed(1)}%`,
      "95% interval": `${(m.low * 100).toFixed(1)}–${(m.high * 100).toFixed(1)}%`,
      "MCTS iterations/move (median)": f(m.mctsIterationsPerMove),
      "our playouts/move (median)": f(m.ourPlayoutsPerMove),
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
