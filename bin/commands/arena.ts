/**
 * `rail arena <game> --bots a,b[,c…] --games N --seed S [--swap-seats] [--playouts N] [--json]`: seeded games of
 * any registered game (bin/games.ts) between named bots, one seat each in the order given (with `--swap-seats`, game g rotates the seats by g, so
 * every bot plays every seat equally often over a multiple of the bot count). Prints each bot's win rate
 * (a shared win counts 1/k to each of the k winners) and mean final score, each with a 95% interval: Wilson's
 * for the rate, mean ± 1.96·s/√n for the score. Game g uses the seed `S/g`; the bots draw their random choices
 * from its position seed `S/g/<action index>` (web/games/types.ts `positionSeed`), so a run is repeatable.
 */
import {
  choiceArg,
  intArg,
  listArg,
  parseArgs,
  positionals,
  seedArg,
  TextResult,
  UsageError,
} from "../../web/cli/args.ts";
import { MODULES } from "../../web/games/registry.ts";
import { type GameModule, positionSeed } from "../../web/games/types.ts";
import {
  type AnyState,
  type Bot,
  botWork,
  botWorkOptions,
  type CliGame,
  cliGame,
  findGame,
  loadBot,
  MAX_BOT_ACTIONS,
} from "../games.ts";

/** Most games one arena run plays. */
export const MAX_GAMES = 1000;

const usage = (games: readonly GameModule[]) =>
  `usage: rail arena <${games.map((g) => g.id).join("|")}> --bots a,b[,c…] --games N [--seed S] [--swap-seats] [--playouts N] [--json]`;

export interface ArenaRow {
  bot: string;
  seat: number | null;
  games: number;
  wins: number;
  winRate: number;
  winRate95: [number, number];
  meanScore: number;
  meanScore95: [number, number];
}

export interface ArenaReport {
  game: string;
  bots: string[];
  games: number;
  seed: number | string;
  swapSeats: boolean;
  rows: ArenaRow[];
}

/** Wilson's 95% interval for a rate `p` over `n` trials. */
export function wilson(p: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

function meanInterval(xs: number[]): [number, [number, number]] {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const v = n > 1 ? xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  const h = (1.96 * Math.sqrt(v)) / Math.sqrt(n);
  return [mean, [mean - h, mean + h]];
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export async function runArena(
  game: CliGame,
  botNames: string[],
  games: number,
  seed: number | string,
  swapSeats: boolean,
  work: ReadonlyMap<string, string>,
): Promise<ArenaReport> {
  const k = botNames.length;
  const w = botWork(game, work);
  const bots: Bot[] = [];
  for (const name of botNames) bots.push(await loadBot(game, name, w));
  const wins = new Array<number>(k).fill(0);
  const scores: number[][] = botNames.map(() => []);
  for (let g = 0; g < games; g++) {
    const shift = swapSeats ? g % k : 0;
    // seat s is played by bot (s + shift) mod k
    const botOf = (seat: number) => (seat + shift) % k;
    let state = game.engine.setup({ players: k }, `${seed}/${g}`) as AnyState;
    let n = 0;
    while (!state.over) {
      if (++n > MAX_BOT_ACTIONS)
        throw new UsageError(`game ${g} did not end within ${MAX_BOT_ACTIONS} actions`);
      const seat = state.current!;
      const action = await bots[botOf(seat)]!(state, positionSeed(state));
      const r = game.engine.apply(state, action);
      if (!r.ok) throw new Error(`bot ${botNames[botOf(seat)]} chose a refused action: ${r.error.message}`);
      state = r.state as AnyState;
    }
    const final = game.cli.scores(state);
    for (let seat = 0; seat < k; seat++) {
      const b = botOf(seat);
      scores[b]!.push(final[seat]!);
      if (state.winners.includes(seat)) wins[b]! += 1 / state.winners.length;
    }
  }
  const rows = botNames.map((bot, b) => {
    const rate = wins[b]! / games;
    const [mean, ci] = meanInterval(scores[b]!);
    return {
      bot,
      seat: swapSeats ? null : b,
      games,
      wins: r3(wins[b]!),
      winRate: r3(rate),
      winRate95: wilson(rate, games).map(r3) as [number, number],
      meanScore: r3(mean),
      meanScore95: ci.map(r3) as [number, number],
    };
  });
  return { game: game.module.id, bots: botNames, games, seed, swapSeats, rows };
}

export function arenaText(r: ArenaReport): string {
  const lines = [
    `${r.game}: ${r.games} games, seed ${JSON.stringify(r.seed)}${r.swapSeats ? ", seats rotated" : ", fixed seats"}`,
    "bot        seat  win rate  (95%)            mean score  (95%)",
  ];
  for (const row of r.rows) {
    lines.push(
      `${row.bot.padEnd(10)} ${String(row.seat ?? "all").padStart(4)}  ${row.winRate.toFixed(3)}     [${row.winRate95[0].toFixed(3)}, ${row.winRate95[1].toFixed(3)}]   ${row.meanScore.toFixed(2).padStart(8)}    [${row.meanScore95[0].toFixed(2)}, ${row.meanScore95[1].toFixed(2)}]`,
    );
  }
  return lines.join("\n");
}

export async function arenaCommand(
  args: string[],
  registered: readonly GameModule[] = MODULES,
): Promise<unknown> {
  const USAGE = usage(registered);
  const p = parseArgs(args, ["bots", "games", "seed", "playouts"], ["swap-seats", "json"]);
  const [gameId] = positionals(p, ["GAME"], USAGE);
  const game = await cliGame(findGame(gameId, registered));
  const id = game.module.id;
  if (!p.options.has("bots")) throw new UsageError(`arena needs --bots (${USAGE})`);
  const { min: lo, max: hi } = game.module.seats;
  const names = listArg(p.options.get("bots")!, "--bots", hi).map((b) =>
    choiceArg(b, "--bots entry", game.bots),
  );
  if (names.length < Math.max(2, lo))
    throw new UsageError(`--bots: ${id} needs ${Math.max(2, lo)} to ${hi} bots, got ${names.length}`);
  if (!p.options.has("games")) throw new UsageError(`arena needs --games N (1 to ${MAX_GAMES})`);
  const games = intArg(p.options.get("games"), "--games", 1, MAX_GAMES)!;
  const seed = seedArg(p.options.get("seed") ?? "1");
  const workOptions = botWorkOptions(game);
  for (const o of p.options.keys())
    if (!["bots", "games", "seed", ...workOptions].includes(o))
      throw new UsageError(`--${o} is not an option of the ${id} bots`);
  const report = await runArena(game, names, games, seed, p.flags.has("swap-seats"), p.options);
  return p.flags.has("json") ? report : new TextResult(arenaText(report));
}
