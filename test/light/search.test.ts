/**
 * Light Rail search: the Wasm playouts and flat Monte Carlo equal their TypeScript twin for the same seed
 * (any policy, any player count, any position); `searchPlacements` ranks every legal placement with the
 * engine's immediate credit; search bots play whole games the engine accepts and beat random play.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../web/engine/common/rng.ts";
import {
  applyPlacement,
  type LightState,
  legalPlacements,
  lightEngine,
  rankPlacements,
  setup,
  totals,
} from "../../web/engine/light/index.ts";
import type { LightKernel } from "../../web/solvers/light/kernel.ts";
import { createLightWasm } from "../../web/solvers/light/node.ts";
import { LightReference } from "../../web/solvers/light/reference.ts";
import {
  kernelDesigns,
  kernelObjectives,
  loadCity,
  searchBotAction,
  searchPlacements,
} from "../../web/solvers/light/search.ts";
import type { LightWasm } from "../../web/solvers/light/wasm.ts";

let wasm: LightWasm;
let ref: LightReference;
beforeAll(async () => {
  wasm = await createLightWasm("release");
  ref = new LightReference();
  wasm.setDesigns(kernelDesigns());
  ref.setDesigns(kernelDesigns());
});

/** A random position `moves` placements into a seeded game. */
function position(players: number, seed: number, moves: number): LightState {
  let state = setup({ players }, seed);
  const rng = new Rng(seed ^ 0x2545f491);
  for (let i = 0; i < moves && !state.over; i++) {
    const legal = legalPlacements(state);
    state = applyPlacement(state, legal[rng.int(legal.length)]!);
  }
  return state;
}

function loadBoth(state: LightState): void {
  for (const k of [wasm, ref] as LightKernel[]) {
    loadCity(k, state);
    for (let p = 0; p < state.options.players; p++) {
      k.setUnplayed(
        p,
        [...state.decks[p]!, ...(state.hands[p] === null ? [] : [state.hands[p]!])].sort((a, b) => a - b),
      );
    }
  }
}

describe("playouts: Wasm equals the TypeScript twin", () => {
  it("same seed, same checksum, for every player count, policy and depth of game", () => {
    for (const players of [2, 3, 4]) {
      for (const moves of [0, 1, 5, players * 4]) {
        const state = position(players, 100 * players + moves, moves);
        loadBoth(state);
        for (const policy of [0, 1, 3]) {
          const objectives = policy === 1 ? [] : kernelObjectives();
          wasm.setObjectives(objectives);
          ref.setObjectives(objectives);
          wasm.setWrap(policy === 3);
          ref.setWrap(policy === 3);
          const seed = 7 + moves * 31 + policy;
          const w = wasm.playouts(200, seed, state.current!, policy);
          const r = ref.playouts(200, seed, state.current!, policy);
          expect(w).toBe(r);
          // the state is restored after the batch
          expect(wasm.placed()).toBe(state.cards.length);
          expect(ref.routes()).toEqual(wasm.routes());
        }
      }
    }
  });

  it("search rows are identical for the same seed (round-robin, successive halving, paired)", () => {
    for (const players of [2, 3, 4]) {
      for (const moves of [0, 3, 9]) {
        const state = position(players, 31 * players + moves, moves);
        const allocation = (["round-robin", "halving", "paired"] as const)[(moves / 3 + players) % 3]!;
        const opts = { playouts: 300, seed: moves + players, policy: 2, allocation };
        const w = searchPlacements(wasm, state, opts);
        const r = searchPlacements(ref, state, opts);
        expect(w).toEqual(r);
      }
    }
  });
});

describe("searchPlacements (hints)", () => {
  it("ranks every legal placement once, with the engine's immediate credit, best value first", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const state = position(2, seed, 2 * seed);
      const ranked = searchPlacements(wasm, state, { playouts: 400, seed });
      const key = (p: { q: number; r: number; orientation: number }) => `${p.q},${p.r},${p.orientation}`;
      expect(ranked.map(key).sort()).toEqual(legalPlacements(state).map(key).sort());
      const credit = new Map(rankPlacements(state).map((p) => [key(p), p.credit]));
      for (const p of ranked) expect(p.credit).toBe(credit.get(key(p)));
      for (let i = 1; i < ranked.length; i++)
        expect(ranked[i - 1]!.value).toBeGreaterThanOrEqual(ranked[i]!.value);
      expect(ranked.reduce((a, p) => a + p.playouts, 0)).toBe(400);
      for (const allocation of ["halving", "paired"] as const) {
        const other = searchPlacements(wasm, state, { playouts: 400, seed, allocation });
        expect(other.reduce((a, p) => a + p.playouts, 0)).toBe(400);
        expect(other.map(key).sort()).toEqual(ranked.map(key).sort());
      }
      for (const p of ranked) expect(p.winRate).toBeGreaterThanOrEqual(0);
    }
  });

  it("is a function of the state and the seed (not of the hidden deck order)", () => {
    const state = position(3, 9, 7);
    const a = searchPlacements(wasm, state, { playouts: 300, seed: 5 });
    expect(searchPlacements(wasm, state, { playouts: 300, seed: 5 })).toEqual(a);
    // shuffling what the mover cannot see changes nothing
    const other = (state.current! + 1) % 3;
    const hidden: LightState = {
      ...state,
      decks: state.decks.map((d, p) => (p === other ? [...d].reverse() : d)),
    };
    expect(searchPlacements(wasm, hidden, { playouts: 300, seed: 5 })).toEqual(a);
  });

  it("never grows the module's memory (runtime stub: nothing is allocated per call)", () => {
    const state = position(4, 2, 10);
    searchPlacements(wasm, state, { playouts: 50, seed: 1 });
    const bytes = wasm.memoryBytes;
    for (let i = 0; i < 30; i++) searchPlacements(wasm, state, { playouts: 50, seed: i });
    wasm.newGame(3);
    wasm.playouts(100, 1, 0, 2);
    expect(wasm.memoryBytes).toBe(bytes);
  });

  it("returns nothing when the game is over", () => {
    const state = position(2, 3, 100);
    expect(state.over).toBe(true);
    expect(searchPlacements(wasm, state)).toEqual([]);
    expect(searchBotAction(wasm, state, 1)).toBeNull();
    expect(searchBotAction(ref, state, 1)).toBeNull();
  });
});

describe("search bot games", () => {
  it("play to the end through the engine for 2, 3 and 4 players (4 players with wrapping)", () => {
    for (const players of [2, 3, 4]) {
      let state = setup({ players, wrap: players === 4 }, `bot-${players}`);
      let turns = 0;
      while (!state.over) {
        const action = searchBotAction(wasm, state, turns, { playouts: 150 });
        const r = lightEngine.apply(state, action);
        if (!r.ok) throw r.error;
        state = r.state;
        turns++;
      }
      expect(state.cards.length).toBe({ 2: 16, 3: 21, 4: 36 }[players]);
    }
  });

  it("beat uniform random play on final totals over seeded 2-player games", () => {
    let bot = 0;
    let random = 0;
    for (let g = 0; g < 12; g++) {
      let state = setup({ players: 2 }, g);
      const seat = g % 2;
      const rng = new Rng(g + 1);
      while (!state.over) {
        if (state.current === seat) {
          const a = searchBotAction(wasm, state, g * 100 + state.cards.length, { playouts: 300 })!;
          state = applyPlacement(state, a);
        } else {
          const legal = legalPlacements(state);
          state = applyPlacement(state, legal[rng.int(legal.length)]!);
        }
      }
      bot += totals(state)[seat]!;
      random += totals(state)[1 - seat]!;
    }
    expect(bot).toBeGreaterThan(random);
  });
});
