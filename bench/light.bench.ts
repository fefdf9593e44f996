/**
 * Light Rail search bench (2-player city, 16 cells, the rulebook decks).
 *
 * - placements/s: a recorded 16-card game replayed card by card into a kernel (one `placeAt` call per card
 *   through the wrapper, incremental routes and city-limit masks), then undone in one `undo(mark)`; Wasm
 *   vs the TypeScript twin; the engine's own `applyPlacement` (immutable state, full route recomputation)
 *   for scale.
 * - playouts/s: whole games from the empty city with every hand and deck sampled, batches of 1000 in one
 *   call; policy 0 (uniform random) with route credit only, then with the hidden objectives sampled and
 *   judged at the end, and policy 2 (the search's default: best immediate margin of 2 samples) with
 *   objectives; and a 4-player city (36 cards) at policy 0 with objectives; Wasm vs TS twin (same seed, same
 *   checksum: checked).
 * - search: `searchPlacements` with 2000 playouts on a mid-game position, Wasm vs TS twin.
 * - boardgame.io `MCTSBot` with its defaults (1000 iterations, playout depth 50) choosing the first move
 *   of the same game wrapped as a boardgame.io `Game` (bench/light-bgio.ts): one iteration is a
 *   select/expand plus a random playout to the end (16 placements), the same work as one of our playouts.
 *   Timed once (one `play`, 1000 iterations); LIGHT_BENCH_MCTS_ITERATIONS overrides the count.
 *
 * - `--match`: then the fair match with boardgame.io (bench/light-match.ts: MCTSBot on a boardgame.io `Game`
 *   over the Wasm kernel, and our bot against it at equal time per move over 200 seeded games).
 *
 * Seeded throughout (mulberry32 via the engine's Rng and the kernels' generator).
 * Run: npx tsx -e 'import("./bench/light.bench.ts").then(m=>m.run())'
 */
import os from "node:os";
import Benchmark from "benchmark";
import { Rng } from "../web/engine/common/rng.ts";
import { applyPlacement, type LightState, legalPlacements, setup } from "../web/engine/light/index.ts";
import type { LightKernel } from "../web/solvers/light/kernel.ts";
import { createLightWasm } from "../web/solvers/light/node.ts";
import { LightReference } from "../web/solvers/light/reference.ts";
import { kernelDesigns, kernelObjectives, loadCity, searchPlacements } from "../web/solvers/light/search.ts";
import { lightMcts } from "./light-bgio.ts";

/**
 * benchmark.js run of `fn`; `hz` is its wall-clock rate, `cpuHz` the calls per second of this process's CPU
 * time over the whole run (warm-up included), which is steadier on a shared, loaded machine.
 */
function timeIt(name: string, fn: () => void, maxTime = 1.5): { hz: number; cpuHz: number } {
  let calls = 0;
  const b = new Benchmark(
    name,
    () => {
      calls++;
      fn();
    },
    { maxTime, minSamples: 5, initCount: 1 },
  );
  const c0 = process.cpuUsage();
  b.run();
  const c = process.cpuUsage(c0);
  if (b.error) throw b.error;
  return { hz: b.hz, cpuHz: calls / ((c.user + c.system) / 1e6) };
}

/** A seeded random 2-player game, all its states. */
function randomGame(seed: number): LightState[] {
  let state = setup({ players: 2 }, seed);
  const rng = new Rng(seed);
  const out = [state];
  while (!state.over) {
    const legal = legalPlacements(state);
    state = applyPlacement(state, legal[rng.int(legal.length)]!);
    out.push(state);
  }
  return out;
}

const rates = (b: { hz: number; cpuHz: number }, per: number) => ({
  "wall /s": fmt(b.hz * per),
  "per CPU-s": fmt(b.cpuHz * per),
});
const fmt = (x: number) => (x >= 100 ? Math.round(x).toLocaleString("en-US") : x.toPrecision(3));

export async function run(): Promise<void> {
  const wasm = await createLightWasm("release");
  const ts = new LightReference();
  const kernels: [string, LightKernel][] = [
    ["Wasm", wasm],
    ["TS twin", ts],
  ];
  for (const [, k] of kernels) k.setDesigns(kernelDesigns());
  const game = randomGame(2026);
  const final = game[game.length - 1]!;
  const first = final.cards[0]!;
  const rows: Record<string, string>[] = [];
  const rate: Record<string, number> = {};

  // --- placements ---
  for (const [name, k] of kernels) {
    k.newGame(2);
    const b = timeIt(`placements ${name}`, () => {
      const m = k.mark();
      for (const c of final.cards) k.placeAt(c.q - first.q, c.r - first.r, c.design, c.orientation, c.player);
      k.undo(m);
    });
    rate[`place ${name}`] = b.cpuHz * 16;
    rows.push({ measure: "placements/s", impl: name, workload: "16-card game + undo", ...rates(b, 16) });
  }
  {
    const b = timeIt("placements engine", () => {
      let s = game[0]!;
      for (const c of final.cards) s = applyPlacement(s, { q: c.q, r: c.r, orientation: c.orientation });
    });
    rate["place engine"] = b.cpuHz * 16;
    rows.push({
      measure: "placements/s",
      impl: "engine applyPlacement",
      workload: "16-card game",
      ...rates(b, 16),
    });
  }

  // --- playouts ---
  const all = DECK();
  for (const [policy, objectives, players] of [
    [0, false, 2],
    [0, true, 2],
    [2, true, 2],
    [0, true, 4],
  ] as const) {
    const sums: number[] = [];
    const tag = `${policy}${objectives ? "+obj" : ""}${players === 2 ? "" : ` ${players}p`}`;
    for (const [name, k] of kernels) {
      k.newGame(players);
      for (let p = 0; p < players; p++) k.setUnplayed(p, all);
      k.setObjectives(objectives ? kernelObjectives() : []);
      let seed = 1;
      sums.push(k.playouts(1000, 99, 0, policy));
      const b = timeIt(`playouts p${tag} ${name}`, () => {
        k.playouts(1000, seed++, 0, policy);
      });
      rate[`playout${tag} ${name}`] = b.cpuHz * 1000;
      rows.push({
        measure: "playouts/s",
        impl: `${name}, policy ${policy}${objectives ? ", objectives" : ""}`,
        workload: `${players}p game from empty (${{ 2: 16, 3: 21, 4: 36 }[players]} cards), ×1000/call`,
        ...rates(b, 1000),
      });
    }
    if (sums[0] !== sums[1]) throw new Error(`Wasm and TS twin disagree (${tag}): ${sums}`);
  }

  // --- search ---
  const mid = game[6]!;
  for (const [name, k] of kernels) {
    loadCity(k, mid);
    let seed = 1;
    const b = timeIt(`search ${name}`, () => {
      searchPlacements(k, mid, { playouts: 2000, seed: seed++ });
    });
    rate[`search ${name}`] = b.cpuHz * 2000;
    rows.push({
      measure: "search playouts/s",
      impl: name,
      workload: "searchPlacements, 2000 playouts, after 6 cards",
      ...rates(b, 2000),
    });
  }

  // --- boardgame.io MCTSBot ---
  const iterations = Number(process.env.LIGHT_BENCH_MCTS_ITERATIONS ?? 1000);
  const { state, bot } = lightMcts(2026);
  bot.setOpt("iterations", iterations);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const { metadata } = await bot.play(state, "0");
  const c = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  rate.mcts = metadata.visits / ((c.user + c.system) / 1e6);
  rows.push({
    measure: "iterations/s",
    impl: "boardgame.io MCTSBot",
    workload: `${metadata.visits} iterations, depth 50, first move`,
    "wall /s": fmt((metadata.visits / ms) * 1000),
    "per CPU-s": fmt(rate.mcts),
  });

  console.log(
    `Light Rail search bench: node ${process.version}, ${os.cpus()[0]?.model ?? "?"}, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.table(rows);
  console.log("ratios (per CPU-second rates):");
  const ratio = (a: string, b: string) => `${(rate[a]! / rate[b]!).toFixed(1)}×`;
  console.table([
    { ratio: "placements Wasm / TS twin", value: ratio("place Wasm", "place TS twin") },
    { ratio: "placements Wasm / engine", value: ratio("place Wasm", "place engine") },
    { ratio: "random playouts Wasm / TS twin", value: ratio("playout0 Wasm", "playout0 TS twin") },
    {
      ratio: "random playouts + objectives Wasm / TS twin",
      value: ratio("playout0+obj Wasm", "playout0+obj TS twin"),
    },
    {
      ratio: "policy-2 playouts + objectives Wasm / TS twin",
      value: ratio("playout2+obj Wasm", "playout2+obj TS twin"),
    },
    { ratio: "search Wasm / TS twin", value: ratio("search Wasm", "search TS twin") },
    { ratio: "random playouts Wasm / MCTSBot iterations", value: ratio("playout0 Wasm", "mcts") },
    { ratio: "search playouts Wasm / MCTSBot iterations", value: ratio("search Wasm", "mcts") },
  ]);
  // The fair match (bench/light-match.ts): MCTSBot on a boardgame.io Game over the kernel, then our bot
  // against it at equal time per move. Minutes: only with `npm run bench -- light --match`.
  if (process.argv.includes("--match")) await (await import("./light-match.ts")).run();
}

/** Every design once: a full colour deck. */
function DECK(): number[] {
  return Array.from({ length: kernelDesigns().length / 7 }, (_, i) => i);
}
