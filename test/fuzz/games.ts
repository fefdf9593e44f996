/**
 * The fuzz adapters of the three games (see harness.ts): options, random well-formed actions, greedy
 * steering and the invariants checked after every accepted action (docs/reliability.md lists them).
 */
import fc from "fast-check";
import type { GameEngine, SeatAction } from "../../web/engine/common/game.ts";
import { Rng, seedRng } from "../../web/engine/common/rng.ts";
import {
  COORD_LIMIT,
  citySize,
  DESIGNS,
  type LightOptions,
  type LightState,
  lightEngine,
  totals,
} from "../../web/engine/light/index.ts";
import { boxOf } from "../../web/engine/string/geometry/box.ts";
import {
  ACTION_TYPES,
  type StringOptions,
  type StringState,
  stringEngine,
  TOTAL_CUBES,
} from "../../web/engine/string/index.ts";
import {
  FACES,
  type Face,
  parseTurn,
  type TrainGameState,
  type TrainOptions,
  trainEngine,
} from "../../web/engine/train/index.ts";
import type { GameAdapter, Invariant } from "./harness.ts";

const pick = <T>(rng: Rng, list: readonly T[]): T => list[rng.int(list.length)]!;
/** Mostly the seat to move (so the action reaches the rules), sometimes any seat. */
const seatFor = (rng: Rng, current: number, players: number): number =>
  rng.float() < 0.85 ? current : rng.int(players);
const isNonNegInt = (x: unknown): boolean => typeof x === "number" && Number.isInteger(x) && x >= 0;

// ---------------------------------------------------------------------------------------------------
// The Train Game

const DICE = 6;

export const trainInvariants: readonly Invariant<TrainGameState>[] = [
  {
    name: "six dice: train + table + dice to roll",
    check(s) {
      const t = s.turn;
      const toRoll = t.step === "roll" ? DICE - t.train.length : 0;
      if (t.train.length + t.table.length + toRoll !== DICE)
        return `train ${t.train.join("")} table ${t.table.join("")} step ${t.step}`;
      if (t.step === "roll" && t.table.length > 0) return "dice on the table between rolls";
      return null;
    },
  },
  {
    name: "turn is reachable (parseTurn)",
    check(s) {
      parseTurn(s.turn, "turn");
      return null;
    },
  },
  {
    name: "scores are non-negative integers and equal the history",
    check(s) {
      const sums = new Array<number>(s.options.players).fill(0);
      for (const h of s.history) {
        if (!isNonNegInt(h.score)) return `history score ${h.score}`;
        sums[h.player]! += h.score;
      }
      for (let p = 0; p < s.options.players; p++) {
        if (!isNonNegInt(s.scores[p])) return `score of seat ${p} is ${s.scores[p]}`;
        if (s.scores[p] !== sums[p]) return `seat ${p}: score ${s.scores[p]}, history sums to ${sums[p]}`;
      }
      return null;
    },
  },
  {
    name: "turns taken consistent",
    check(s) {
      const n = s.options.players;
      const counts = new Array<number>(n).fill(0);
      for (const h of s.history) counts[h.player]!++;
      if (counts.some((c, p) => c !== s.turnsTaken[p]))
        return `turnsTaken ${s.turnsTaken}, history ${counts}`;
      if (s.options.variant === "race") {
        // Seats play in order: the seats before `current` have had one turn more than the others; a race
        // ends only with equal turns.
        const t0 = s.turnsTaken[0]!;
        const cur = s.current ?? 0;
        const want = (p: number): number => (s.over || p < cur ? t0 : cur > 0 ? t0 - 1 : t0);
        if (s.turnsTaken.some((t, p) => t !== want(p)))
          return `race turns ${s.turnsTaken}, current ${s.current}`;
      } else if (s.history.length !== s.turnsTaken.reduce((a, b) => a + b, 0)) return "history length";
      return null;
    },
  },
  {
    name: "game end and winners",
    check(s) {
      if (s.over !== s.winners.length > 0) return `over ${s.over}, winners ${s.winners}`;
      if (s.options.variant === "race") {
        const best = Math.max(...s.scores);
        if (s.over && best < s.options.goal) return "race over below the goal";
        if (s.over && s.winners.some((w) => s.scores[w] !== best)) return "a winner without the best score";
      } else {
        if (new Set(s.out).size !== s.out.length) return "a seat out twice";
        if (s.current !== null && s.out.includes(s.current)) return "the seat to move is out";
        if (s.over && s.options.players - s.out.length > 1) return "over with two seats left";
      }
      return null;
    },
  },
  {
    name: "log length = accepted actions (one per action)",
    check(s) {
      return s.log.length >= s.history.length ? null : "fewer actions than turns";
    },
  },
];

export const trainAdapter: GameAdapter<TrainGameState, TrainOptions> = {
  id: "train",
  engine: trainEngine as GameEngine<TrainGameState, SeatAction, TrainOptions>,
  options: fc.oneof(
    fc.record({
      players: fc.integer({ min: 1, max: 6 }),
      variant: fc.constant("race" as const),
      goal: fc.constantFrom(5, 20, 50, 100),
    }),
    fc.record({ players: fc.integer({ min: 2, max: 6 }), variant: fc.constant("elimination" as const) }),
  ),
  invariants: trainInvariants,
  formed(s, rng) {
    const type = pick(rng, ["roll", "add", "stop", "bank"] as const);
    const player = seatFor(rng, s.current ?? 0, s.options.players);
    if (type !== "add") return { type, player };
    const faces: Face[] = [];
    if (rng.float() < 0.6) {
      for (const f of s.turn.table) if (rng.float() < 0.5) faces.push(f);
    } else {
      const n = rng.int(8);
      for (let i = 0; i < n; i++) faces.push(pick(rng, FACES));
    }
    return { type, player, faces };
  },
  greedy(s, legal) {
    const acts = legal as { type: string; faces?: Face[] }[];
    const bank = acts.find((a) => a.type === "bank");
    if (bank) return bank;
    const adds = acts.filter((a) => a.type === "add" && !a.faces!.includes("C"));
    if (adds.length > 0) return adds.reduce((a, b) => (b.faces!.length > a.faces!.length ? b : a));
    if (s.turn.phase === "freight" && s.turn.banked > 40) return acts.find((a) => a.type === "stop") ?? null;
    return acts.find((a) => a.type === "roll") ?? null;
  },
  legalKey(a) {
    const o = a as { type: string; player: number; faces?: Face[] };
    return `${o.type}/${o.player}/${o.faces ? [...o.faces].sort().join("") : ""}`;
  },
};

// ---------------------------------------------------------------------------------------------------
// String Railway: Transport

const COLOURS = ["red", "blue", "purple", "yellow", "green", "white"] as const;
const CITY = ["red", "blue", "purple", "yellow"] as const;

type Counts = Record<(typeof COLOURS)[number], number>;
const countsOk = (c: Counts): boolean => COLOURS.every((k) => isNonNegInt(c[k]));
const total = (c: Counts): number => COLOURS.reduce((n, k) => n + c[k], 0);

export const stringInvariants: readonly Invariant<StringState>[] = [
  {
    name: `cubes conserved: bag + stations + piles = ${TOTAL_CUBES}`,
    check(s) {
      if (!countsOk(s.bag) || !s.stationCubes.every(countsOk) || !s.seats.every((p) => countsOk(p.pile)))
        return "a negative or fractional cube count";
      const n =
        total(s.bag) +
        s.stationCubes.reduce((a, c) => a + total(c), 0) +
        s.seats.reduce((a, p) => a + total(p.pile), 0);
      if (n !== TOTAL_CUBES) return `${n} cubes`;
      for (const k of COLOURS) {
        const box = { red: 18, blue: 18, purple: 18, yellow: 18, green: 10, white: 12 }[k];
        const m =
          s.bag[k] +
          s.stationCubes.reduce((a, c) => a + c[k], 0) +
          s.seats.reduce((a, p) => a + p.pile[k], 0);
        if (m !== box) return `${m} ${k} cubes, the box has ${box}`;
      }
      return null;
    },
  },
  {
    name: "strings, locomotive and specials within their limits",
    check(s) {
      for (const [i, p] of s.seats.entries()) {
        if (!(p.shortLeft >= 0 && p.shortLeft <= 4 && p.longLeft >= 0 && p.longLeft <= 1))
          return `seat ${i} strings`;
        if (p.strings.length !== 5 - p.shortLeft - p.longLeft)
          return `seat ${i}: ${p.strings.length} strings placed`;
        if (!(p.loco >= 3 && p.loco <= 6)) return `seat ${i} loco ${p.loco}`;
        for (const st of p.strings) {
          if (st.path.length < 4 || st.path.length > 128) return "a string with a bad path";
          if (st.stations.some((k) => k < 0 || k >= s.stations.length)) return "a string touching no station";
        }
      }
      if (!(s.ap >= 0) || !Number.isInteger(s.ap)) return `ap ${s.ap}`;
      if (s.replenishes > 2 || s.cubesForAp > 2) return "more than two specials of a kind";
      if (s.round < 1 || s.round > 5) return `round ${s.round}`;
      if (s.turn < 0 || (!s.over && s.turn >= s.order.length)) return `turn ${s.turn}`;
      if ([...s.order].sort().join() !== [...s.seats.keys()].join()) return `order ${s.order}`;
      return null;
    },
  },
  {
    name: "long-distance tiles: each tile in one place, at most once",
    check(s) {
      const ids = [
        ...s.deck,
        ...(s.choice?.tiles ?? []),
        ...s.seats.flatMap((p) => p.tiles.map((t) => t.id)),
      ];
      if (new Set(ids).size !== ids.length) return `a tile twice: ${ids}`;
      if (ids.some((t) => !(t >= 0 && t < 12))) return "an unknown tile";
      return null;
    },
  },
  {
    name: "new stations and chips",
    check(s) {
      const news = s.stations.filter((st) => st.kind === "new");
      const owners = s.seats.flatMap((p, i) => (p.newStation === null ? [] : [i]));
      if (news.length !== owners.length) return "new stations vs seats";
      const used = news.flatMap((st) => (st.colour ? [st.colour] : []));
      const all = [...used, ...s.chips];
      if (all.length !== 4 || new Set(all).size !== 4) return `chips ${s.chips}, used ${used}`;
      if (s.stationCubes.length !== s.stations.length) return "station cube piles";
      return null;
    },
  },
  {
    name: "phase and result",
    check(s) {
      if (s.over !== (s.result !== null)) return "result iff over";
      if (s.phase === "setup" && s.choice?.reason !== "setup") return "setup without a tile choice";
      if (s.choice && s.current !== s.choice.player) return "a pending tile choice is not the seat to move's";
      return null;
    },
  },
];

export const stringAdapter: GameAdapter<StringState, StringOptions> = {
  id: "string",
  engine: stringEngine as GameEngine<StringState, SeatAction, StringOptions>,
  options: fc.record({ players: fc.integer({ min: 2, max: 5 }) }),
  invariants: stringInvariants,
  optionalFields: ["chip"],
  formed(s, rng) {
    const type = pick(rng, ACTION_TYPES);
    const player = seatFor(rng, s.current ?? 0, s.options.players);
    const [minX, minY, maxX, maxY] = boxOf(s.board.polygon);
    const px = () => minX - 5 + rng.float() * (maxX - minX + 10);
    const py = () => minY - 5 + rng.float() * (maxY - minY + 10);
    const stationId = () => (rng.float() < 0.9 ? pick(rng, s.stations).id : "nowhere");
    const st = () => pick(rng, s.stations);
    switch (type) {
      case "keep-tile":
        return {
          type,
          player,
          tile: rng.float() < 0.5 && s.choice ? pick(rng, s.choice.tiles) : rng.int(14),
        };
      case "place-string": {
        // Often from one station centre to another (so the check gets deep), else random points.
        const path: number[] = [];
        if (rng.float() < 0.6) {
          const a = st();
          const b = st();
          path.push(a.x, a.y);
          if (rng.float() < 0.3) path.push(px(), py());
          path.push(b.x, b.y);
        } else {
          const n = 2 + rng.int(5);
          for (let i = 0; i < n; i++) path.push(px(), py());
        }
        return { type, player, kind: rng.float() < 0.7 ? "short" : "long", path };
      }
      case "transport":
        return { type, player, from: stationId(), to: stationId(), colour: pick(rng, COLOURS) };
      case "long-distance": {
        const n = 2 + rng.int(4);
        const stations = Array.from({ length: n }, stationId);
        return { type, player, tile: rng.int(13), row: pick(rng, ["A", "B", "C"]), stations };
      }
      case "new-station":
        return { type, player, x: px(), y: py(), chip: rng.float() < 0.2 ? null : pick(rng, CITY) };
      case "replenish":
        return { type, player, station: stationId() };
      case "cube-for-ap":
        return { type, player, colour: pick(rng, COLOURS) };
      default:
        return { type, player };
    }
  },
};

// ---------------------------------------------------------------------------------------------------
// Light Rail

export const lightInvariants: readonly Invariant<LightState>[] = [
  {
    name: "no cell twice",
    check(s) {
      const cells = new Set(s.cards.map((c) => `${c.q},${c.r}`));
      return cells.size === s.cards.length ? null : "two cards on one cell";
    },
  },
  {
    name: "card counts: deck + hand + placed = the ten designs of each seat",
    check(s) {
      const n = s.options.players;
      for (let p = 0; p < n; p++) {
        const own = [
          ...s.decks[p]!,
          ...(s.hands[p] === null ? [] : [s.hands[p]!]),
          ...s.cards.filter((c) => c.player === p).map((c) => c.design),
        ];
        if (own.length !== DESIGNS.length) return `seat ${p} has ${own.length} cards`;
        if (new Set(own).size !== DESIGNS.length) return `seat ${p}: a design twice`;
        if (s.hands[p] === null && s.decks[p]!.length > 0) return `seat ${p}: empty hand, cards in the deck`;
      }
      if (s.cards.length !== s.log.length) return "cards vs log";
      if (s.cards.some((c) => c.color !== c.player)) return "a card of another seat's colour";
      if (!s.over && s.current !== s.cards.length % n)
        return `current ${s.current} after ${s.cards.length} cards`;
      if (s.cards.length > citySize(n)) return "more cards than the city holds";
      if (s.over !== (s.cards.length === citySize(n))) return "over iff the city is full";
      return null;
    },
  },
  {
    name: "credit: non-negative, equals the scoring events",
    check(s) {
      const n = s.options.players;
      const credit = new Array<number>(n).fill(0);
      for (const e of s.scores) for (const w of e.winners) credit[w]! += e.credit;
      if (credit.some((c, p) => c !== s.routeCredit[p]))
        return `routeCredit ${s.routeCredit}, events ${credit}`;
      if (totals(s).some((t) => !isNonNegInt(t))) return `totals ${totals(s)}`;
      if (!s.over && s.objectiveCredit.some((c) => c !== 0)) return "objective credit before the end";
      return null;
    },
  },
];

export const lightAdapter: GameAdapter<LightState, LightOptions> = {
  id: "light",
  engine: lightEngine as GameEngine<LightState, SeatAction, LightOptions>,
  options: fc.record({ players: fc.integer({ min: 2, max: 4 }), wrap: fc.boolean() }),
  invariants: lightInvariants,
  formed(s, rng) {
    if (s.cards.length === 0) {
      // The first card may go anywhere: often at the coordinate limit (the extremes, where the city's
      // frames are cut by the box), else anywhere in range.
      const L = COORD_LIMIT - 1;
      const coord = () => {
        if (rng.float() >= 0.6) return rng.int(2 * L + 1) - L;
        const v = L - rng.int(13); // within a city's width of the edge
        return rng.float() < 0.5 ? v : -v;
      };
      return {
        type: "place",
        player: seatFor(rng, s.current ?? 0, s.options.players),
        q: coord(),
        r: coord(),
        orientation: rng.int(2),
      };
    }
    const base = pick(rng, s.cards);
    const spread = rng.float() < 0.8 ? 2 : 40;
    return {
      type: "place",
      player: seatFor(rng, s.current ?? 0, s.options.players),
      q: base.q + rng.int(2 * spread + 1) - spread,
      r: base.r + rng.int(2 * spread + 1) - spread,
      orientation: rng.int(2),
    };
  },
  greedy(s) {
    // The first card may go anywhere: steer many games to a first card at the coordinate limit, where the
    // city's frames are cut by the box (issue #11: legalActions listed cells apply refused there).
    if (s.cards.length > 0 || s.current === null) return null;
    const rng = new Rng(seedRng(`${s.seed}/first`));
    const L = COORD_LIMIT - 1;
    const edge = () => (L - rng.int(13)) * (rng.float() < 0.5 ? 1 : -1);
    for (let i = 0; i < 8; i++) {
      const [q, r] = rng.float() < 0.5 ? [edge(), rng.int(2 * L + 1) - L] : [edge(), edge()];
      const a = {
        type: "place",
        player: s.current,
        q: rng.float() < 0.5 ? q : r,
        r: rng.float() < 0.5 ? r : q,
        orientation: rng.int(2),
      };
      if (lightEngine.apply(s, a).ok) return a;
    }
    return null;
  },
  legalKey(a, s) {
    const o = a as { player: number; q: number; r: number; orientation: number };
    // The first card may go anywhere; legalActions lists it at (0, 0) only.
    if (s.cards.length === 0) return `${o.player}/first/${o.orientation}`;
    return `${o.player}/${o.q}/${o.r}/${o.orientation}`;
  },
};
