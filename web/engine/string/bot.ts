/**
 * A simple greedy String Railway bot over the engine's `legalActions`: cheap strings that connect cubes to
 * stations of their colour, transports that score, long-distance routes when they fit, early locomotive
 * upgrades. Deterministic (no randomness of its own): a game is fixed by players and seed. It plays through an
 * engine (`engine`, default `stringEngine`: the TypeScript route geometry), whose geometry measures its strings.
 */
import { InputError } from "../common/errors.ts";
import {
  type StringEngine,
  scoringColour,
  stationIndex,
  stringCandidates,
  stringEngine,
  transportScores,
} from "./engine.ts";
import { CUBE_COLOURS, type GameResult, type StringAction, type StringState } from "./types.ts";

type Of<T extends StringAction["type"]> = Extract<StringAction, { type: T }>;

/** Value of laying a string that touches `stations`: cubes it lets score now, colours it reaches, cost. */
function stringValue(s: StringState, stations: number[], ap: number): number {
  const touched = [...new Set(stations)];
  let now = 0;
  for (const a of touched) {
    for (const c of CUBE_COLOURS) {
      const cubes = s.stationCubes[a]![c];
      if (cubes === 0) continue;
      if (touched.some((b) => b !== a && transportScores(s, a, b, c))) now += cubes;
    }
  }
  const colours = new Set(touched.map((i) => scoringColour(s.stations[i]!)).filter((c) => c !== null));
  const outskirts = touched.filter((i) => s.stations[i]!.kind === "outskirts").length;
  return Math.min(now, s.ap - ap) * 2 + colours.size * 0.5 + outskirts * 0.75 - ap * 1.5;
}

/** The bot's choice in this state (the state must not be over), measured by `engine`'s route geometry. */
export function botAction(s: StringState, engine: StringEngine = stringEngine): StringAction {
  const player = s.current;
  if (player === null) throw new InputError("the game is over");
  const acts = engine.legalActions(s);
  const seat = s.seats[player]!;
  const of = <T extends StringAction["type"]>(t: T): Of<T>[] => acts.filter((a): a is Of<T> => a.type === t);

  const keep = of("keep-tile");
  if (keep.length) return keep[0]!;

  // New station first thing: where most stations lie within a short string's reach.
  const spots = of("new-station");
  if (spots.length) {
    let best = spots[0]!;
    let bestN = -1;
    for (const a of spots) {
      let n = 0;
      for (const st of s.stations) if (Math.hypot(st.x - a.x, st.y - a.y) <= 28) n++;
      if (n > bestN) {
        bestN = n;
        best = a;
      }
    }
    return best;
  }

  // Route: the best-valued candidate string, if it is worth anything.
  let best: Of<"place-string"> | null = null;
  let bestV = 0;
  for (const { action, check } of stringCandidates(s, player, engine.geometry)) {
    const v = stringValue(s, check.stations, check.ap);
    if (v > bestV) {
      bestV = v;
      best = action;
    }
  }
  if (best) return best;

  // Transports that score.
  for (const a of of("transport")) {
    if (transportScores(s, stationIndex(s, a.from), stationIndex(s, a.to), a.colour)) return a;
  }
  // Long-distance: prefer row A, then B, then C.
  const ld = of("long-distance").sort((a, b) => a.row.localeCompare(b.row));
  if (ld.length) return ld[0]!;
  // Early upgrades pay back over the remaining rounds.
  if (s.round <= 3 && of("upgrade").length && seat.loco < 5) return of("upgrade")[0]!;
  return { type: "end-turn", player };
}

export interface BotGame {
  players: number;
  seed: number | string;
  /** Final points and cubes (the winners are `final.winners`). */
  result: GameResult;
  /** The action log (`final.log`): `replay(stringEngine, { players }, seed, log)` rebuilds the final state. */
  log: StringAction[];
  final: StringState;
}

/** Plays a whole game with the greedy bot in every seat, on `engine`. */
export function playBotGame(
  players: number,
  seed: number | string,
  maxActions = 5000,
  engine: StringEngine = stringEngine,
): BotGame {
  let s = engine.setup({ players }, seed);
  const log: StringAction[] = [];
  while (!s.over) {
    if (log.length >= maxActions) throw new Error(`bot game did not end within ${maxActions} actions`);
    const a = botAction(s, engine);
    const r = engine.apply(s, a);
    if (!r.ok) throw new Error(`bot chose an illegal action ${JSON.stringify(a)}: ${r.error.message}`);
    s = r.state;
    log.push(a);
  }
  return { players, seed, result: s.result!, log, final: s };
}
