/**
 * The three games as the `rail` game-file commands and the arena see them: each engine through its public API
 * (`setup`/`apply`/`legalActions`/`load`/`save`/`undo`, the header's `current`/`over`/`winners`), its bots
 * (web/engine/<game>/bot.ts and web/solvers/<game>/), its hint, its final scores and a text picture.
 */
import type { GameEngine, GameHeader, SeatAction } from "../web/engine/common/game.ts";
import { Rng, seedRng } from "../web/engine/common/rng.ts";
import { intArg, type ParsedArgs, UsageError } from "./args.ts";
import { MAX_PLAYOUTS } from "./commands/light.ts";

// biome-ignore lint/suspicious/noExplicitAny: the three engines' state, action and option types differ; the CLI handles them as JSON
export type AnyState = GameHeader<any, SeatAction> & Record<string, any>;
export type AnyAction = SeatAction & Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: as above
export type AnyEngine = GameEngine<any, any, any>;

/** A bot: the action for the seat to move (the state is not over). `seed` makes its random choices repeatable. */
export type Bot = (state: AnyState, seed: string) => AnyAction;

/** Most actions a bot plays in one `bot` command or one arena game. */
export const MAX_BOT_ACTIONS = 20_000;

export interface GameAdapter {
  id: "train" | "string" | "light";
  engine: AnyEngine;
  /** `new` options (valued) and flags beyond --players, --seed, --bots, --bot, --out, --force. */
  newOptions: string[];
  newFlags: string[];
  /** Seats: the range of --players and its default. */
  players: [number, number, number];
  options(p: ParsedArgs, players: number): unknown;
  bots: readonly string[];
  defaultBot: string;
  /** Work options of the bots and hint (with caps). */
  workOptions: string[];
  makeBot(name: string, p: ParsedArgs): Promise<Bot>;
  hint(state: AnyState, p: ParsedArgs): Promise<unknown>;
  /** Final (or current) score of each seat. */
  scores(state: AnyState): number[];
  picture(state: AnyState): string;
}

const random: Bot = (state, seed) => {
  const actions = ADAPTERS_LEGAL(state);
  const rng = new Rng(seedRng(seed));
  return actions[rng.int(actions.length)]!;
};

function ADAPTERS_LEGAL(state: AnyState): AnyAction[] {
  const a = adapter(state.game).engine.legalActions(state) as AnyAction[];
  if (a.length === 0) throw new UsageError("no legal action for the seat to move");
  return a;
}

function playoutsArg(p: ParsedArgs, fallback: number): number {
  return intArg(p.options.get("playouts"), "--playouts", 1, MAX_PLAYOUTS) ?? fallback;
}

// ---------------------------------------------------------------------------------------------------------
// The Train Game

async function trainSolver() {
  const { createTrainSolver, GOAL } = await import("../web/solvers/train/index.ts");
  const { tryReadRaceTableNode } = await import("../web/solvers/train/race-table-node.ts");
  const { compileWasmNode } = await import("../web/wasm/node.ts");
  const raceTable = await tryReadRaceTableNode(GOAL);
  return createTrainSolver(await compileWasmNode("train"), raceTable ? { raceTable } : {});
}

const train: GameAdapter = {
  id: "train",
  engine: null as unknown as AnyEngine,
  newOptions: ["variant", "goal"],
  newFlags: [],
  players: [1, 6, 2],
  options(p, players) {
    const variant = p.options.get("variant") ?? "race";
    if (variant !== "race" && variant !== "elimination")
      throw new UsageError(
        `--variant must be race or elimination, got ${JSON.stringify(variant.slice(0, 20))}`,
      );
    const goal = intArg(p.options.get("goal"), "--goal", 1, 1000);
    return { players, variant, ...(goal === undefined ? {} : { goal }) };
  },
  bots: ["race", "ev", "random"],
  defaultBot: "race",
  workOptions: [],
  async makeBot(name) {
    if (name === "random") return random;
    const solver = await trainSolver();
    const mode = name === "ev" ? "ev" : "race";
    return (state) => solver.botAction(state as never, mode) as AnyAction;
  },
  async hint(state) {
    const { raceContextOf } = await import("../web/solvers/train/index.ts");
    const solver = await trainSolver();
    const race =
      state.options.variant === "race" && state.options.players >= 2
        ? raceContextOf(state as never)
        : undefined;
    return { seat: state.current, ...(race ? { race } : {}), options: solver.hint(state.turn, race) };
  },
  scores: (s) => s.scores as number[],
  picture(s) {
    const lines: string[] = [];
    const o = s.options;
    lines.push(
      `The Train Game — ${o.players} seat(s), ${o.variant}${o.variant === "race" ? ` to ${o.goal}` : ""}, seed ${JSON.stringify(s.seed)}, ${s.log.length} actions`,
    );
    for (let i = 0; i < o.players; i++) {
      const mark = s.current === i ? "▶" : " ";
      const out = (s.out as number[]).includes(i) ? " (out)" : "";
      const won = s.winners.includes(i) ? " ★ winner" : "";
      lines.push(
        `${mark} seat ${i}: ${String(s.scores[i]).padStart(3)} points, ${s.turnsTaken[i]} turns${out}${won}`,
      );
    }
    if (s.target !== null) lines.push(`  target to beat: ${s.target} (set by seat ${s.targetSetter})`);
    if (s.over) lines.push("  game over");
    else {
      const t = s.turn;
      const cars = (t.train as string[]).length
        ? (t.train as string[]).map((f) => `[${f}]`).join("-")
        : "(empty)";
      lines.push(`  train:  ${cars}`);
      lines.push(
        `  dice:   ${(t.table as string[]).length ? (t.table as string[]).map((f) => `⟨${f}⟩`).join(" ") : "(none on the table)"}`,
      );
      lines.push(
        `  phase ${t.phase}, ${t.phase === "regular" ? `${t.rollsLeft} roll(s) left, ` : ""}banked ${t.banked}, waiting for ${[...new Set(train.engine.legalActions(s).map((a) => a.type))].join(" / ")}`,
      );
    }
    if (s.lastRoll) lines.push(`  last roll (seat ${s.lastRoll.player}): ${s.lastRoll.faces.join(" ")}`);
    const h = s.history as { player: number; score: number; reason: string; train: string[] }[];
    for (const r of h.slice(-3))
      lines.push(`  seat ${r.player} scored ${r.score} (${r.reason}): ${r.train.join(" ")}`);
    lines.push("  faces: E engine, T tender, 4 3 2 cargo, C caboose");
    return lines.join("\n");
  },
};

// ---------------------------------------------------------------------------------------------------------
// String Railway

async function stringSolver() {
  const { createStringSolver } = await import("../web/solvers/string/solver.ts");
  const { compileWasmNode } = await import("../web/wasm/node.ts");
  return createStringSolver(await compileWasmNode("stringplan"));
}

const CUBE_LETTERS: Record<string, string> = {
  red: "r",
  blue: "b",
  purple: "p",
  yellow: "y",
  green: "g",
  white: "w",
};
const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n}${CUBE_LETTERS[k] ?? k}`)
    .join(" ") || "-";

const string: GameAdapter = {
  id: "string",
  engine: null as unknown as AnyEngine,
  newOptions: [],
  newFlags: [],
  players: [2, 5, 3],
  options: (_p, players) => ({ players }),
  bots: ["solver", "greedy", "random"],
  defaultBot: "solver",
  workOptions: [],
  async makeBot(name) {
    if (name === "random") return random;
    if (name === "greedy") {
      const { botAction } = await import("../web/engine/string/bot.ts");
      return (s) => botAction(s as never) as AnyAction;
    }
    const solver = await stringSolver();
    return (s) => solver.botAction(s as never) as AnyAction;
  },
  async hint(s) {
    if (s.current === null) return { seat: null, suggestion: null, strings: [] };
    const solver = await stringSolver();
    const seat = s.current;
    const strings = solver
      .stringHints(s as never, seat, 5)
      .map((h) => ({ action: h.action, ap: h.ap, crossings: h.crossings, value: h.value }));
    return { seat, suggestion: solver.botAction(s as never), strings };
  },
  scores(s) {
    if (s.result) return s.result.points as number[];
    return (s.seats as unknown[]).map(() => 0);
  },
  picture(s) {
    const W = 60;
    const H = 26;
    const poly = s.board.polygon as number[];
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (let i = 0; i < poly.length; i += 2) {
      x0 = Math.min(x0, poly[i]!);
      x1 = Math.max(x1, poly[i]!);
      y0 = Math.min(y0, poly[i + 1]!);
      y1 = Math.max(y1, poly[i + 1]!);
    }
    const grid = Array.from({ length: H }, () => new Array<string>(W).fill(" "));
    const put = (x: number, y: number, ch: string) => {
      const c = Math.round(((x - x0) / (x1 - x0 || 1)) * (W - 1));
      const r = Math.round(((y - y0) / (y1 - y0 || 1)) * (H - 1));
      if (r >= 0 && r < H && c >= 0 && c < W) grid[r]![c] = ch;
    };
    const line = (pts: number[], ch: string, closed: boolean) => {
      const n = pts.length >> 1;
      for (let i = 0; i < (closed ? n : n - 1); i++) {
        const ax = pts[2 * i]!,
          ay = pts[2 * i + 1]!;
        const bx = pts[2 * ((i + 1) % n)]!,
          by = pts[2 * ((i + 1) % n) + 1]!;
        const steps = Math.max(2, Math.ceil(Math.hypot(bx - ax, by - ay)));
        for (let k = 0; k <= steps; k++) put(ax + ((bx - ax) * k) / steps, ay + ((by - ay) * k) / steps, ch);
      }
    };
    line(poly, "#", true);
    line(s.board.mountain as number[], "^", true);
    (s.seats as { strings: { path: number[] }[] }[]).forEach((seat, i) => {
      for (const st of seat.strings) line(st.path, String(i), false);
    });
    const stations = s.stations as {
      id: string;
      kind: string;
      colour: string | null;
      x: number;
      y: number;
    }[];
    const label = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(97 + i - 26));
    stations.forEach((st, i) => {
      put(st.x, st.y, label(i));
    });
    const lines: string[] = [];
    lines.push(
      `String Railway — ${s.options.players} seats, seed ${JSON.stringify(s.seed)}, round ${s.round}/5, ${s.phase}, ${s.log.length} actions${s.over ? ", game over" : ""}`,
    );
    lines.push(...grid.map((row) => `  ${row.join("")}`));
    lines.push("  # board  ^ mountain  0-4 strings by seat  A… stations:");
    stations.forEach((st, i) => {
      lines.push(`  ${label(i)} ${st.id.padEnd(12)} ${st.kind.padEnd(9)} cubes ${counts(s.stationCubes[i])}`);
    });
    (
      s.seats as {
        loco: number;
        shortLeft: number;
        longLeft: number;
        pile: Record<string, number>;
        tiles: { id: number; flipped: boolean }[];
        strings: unknown[];
      }[]
    ).forEach((seat, i) => {
      const mark = s.current === i ? "▶" : " ";
      const won = s.winners.includes(i) ? " ★ winner" : "";
      const pts = s.result ? ` ${s.result.points[i]} points` : "";
      lines.push(
        `${mark} seat ${i}: loco ${seat.loco}, strings left ${seat.shortLeft} short ${seat.longLeft} long, placed ${seat.strings.length}, pile ${counts(seat.pile)}, tiles ${seat.tiles.map((t) => `${t.id}${t.flipped ? "(flipped)" : ""}`).join(" ") || "-"}${pts}${won}`,
      );
    });
    if (!s.over)
      lines.push(
        `  seat ${s.current} to act: step ${s.step}, ${s.ap} AP${s.choice ? `, keep one tile of ${s.choice.tiles.join(", ")}` : ""}`,
      );
    lines.push(`  bag ${counts(s.bag)}`);
    return lines.join("\n");
  },
};

// ---------------------------------------------------------------------------------------------------------
// Light Rail

const COLOUR_LETTER = ["B", "Y", "P", "G"];

const light: GameAdapter = {
  id: "light",
  engine: null as unknown as AnyEngine,
  newOptions: [],
  newFlags: ["wrap"],
  players: [2, 4, 2],
  options: (p, players) => ({ players, wrap: p.flags.has("wrap") }),
  bots: ["search", "greedy", "random"],
  defaultBot: "search",
  workOptions: ["playouts"],
  async makeBot(name, p) {
    if (name === "random") return random;
    if (name === "greedy") {
      const { greedyPlacement } = await import("../web/engine/light/bot.ts");
      return (s, seed) => {
        const pl = greedyPlacement(s as never, new Rng(seedRng(seed)));
        if (!pl) throw new UsageError("no legal placement for the seat to move");
        return { type: "place", player: s.current!, ...pl };
      };
    }
    const playouts = playoutsArg(p, 400);
    const { loadSearch } = await import("./commands/light.ts");
    const { searchBotAction, kernel } = await loadSearch();
    return (s, seed) => {
      const a = searchBotAction(kernel, s as never, seed, { playouts });
      if (!a) throw new UsageError("no legal placement for the seat to move");
      return a as unknown as AnyAction;
    };
  },
  async hint(s, p) {
    const { hintReport } = await import("./commands/light.ts");
    const playouts = intArg(p.options.get("playouts"), "--playouts", 0, MAX_PLAYOUTS) ?? 2000;
    return hintReport(s as never, { playouts, seed: `${s.seed}/${s.log.length}` });
  },
  scores(s) {
    return (s.routeCredit as number[]).map((v, i) => v + (s.objectiveCredit[i] as number));
  },
  picture(s) {
    const cards = s.cards as { q: number; r: number; player: number; design: number; orientation: number }[];
    const lines: string[] = [];
    lines.push(
      `Light Rail — ${s.options.players} seats${s.options.wrap ? ", wrap" : ""}, seed ${JSON.stringify(s.seed)}, ${cards.length} cards placed${s.over ? ", game over" : ""}`,
    );
    if (cards.length > 0) {
      let qa = Infinity,
        qb = -Infinity,
        ra = Infinity,
        rb = -Infinity;
      for (const c of cards) {
        qa = Math.min(qa, c.q);
        qb = Math.max(qb, c.q);
        ra = Math.min(ra, c.r);
        rb = Math.max(rb, c.r);
      }
      const at = new Map(cards.map((c) => [`${c.q},${c.r}`, c]));
      // axial (q, r) hexes: row r, shifted half a cell per row so neighbours touch
      for (let r = ra; r <= rb; r++) {
        let row = " ".repeat(2 * (r - ra));
        for (let q = qa; q <= qb; q++) {
          const c = at.get(`${q},${r}`);
          row += c
            ? ` ${COLOUR_LETTER[c.player]}${String(c.design).padStart(2, "0")}${c.orientation ? "'" : " "}`
            : "  ·  ";
        }
        lines.push(`  ${row.trimEnd()}`);
      }
      lines.push(
        `  cells q ${qa}..${qb} (left to right), r ${ra}..${rb} (top to bottom); a card is colour + design, ' = turned`,
      );
    } else lines.push("  (no card yet: the first card goes anywhere)");
    for (let i = 0; i < s.options.players; i++) {
      const mark = s.current === i ? "▶" : " ";
      const won = s.winners.includes(i) ? " ★ winner" : "";
      lines.push(
        `${mark} seat ${i} (${COLOUR_LETTER[i]}): route credit ${s.routeCredit[i]}, objective credit ${s.objectiveCredit[i]}, hand ${s.hands[i] ?? "-"}, deck ${s.decks[i].length}${won}`,
      );
    }
    return lines.join("\n");
  },
};

const ADAPTERS = { train, string, light };
let enginesLoaded = false;

/** Loads the three engines (once). */
export async function loadEngines(): Promise<void> {
  if (enginesLoaded) return;
  train.engine = (await import("../web/engine/train/index.ts")).trainEngine as unknown as AnyEngine;
  string.engine = (await import("../web/engine/string/index.ts")).stringEngine as unknown as AnyEngine;
  light.engine = (await import("../web/engine/light/engine.ts")).lightEngine as unknown as AnyEngine;
  enginesLoaded = true;
}

export function adapter(game: string): GameAdapter {
  const a = ADAPTERS[game as keyof typeof ADAPTERS];
  if (!a) throw new UsageError(`unknown game ${JSON.stringify(game.slice(0, 20))} (train, string or light)`);
  return a;
}
