/**
 * End-of-game objectives (docs/rules/light-rail.md § Objectives; definitions in web/data/light/objectives.json and
 * docs/rules/light-rail.md). Each measure is a number per colour computed from the final city and its
 * routes (with wrap links when the wrapping option is on). Test `most`: fulfilled when the colour's measure
 * is > 0 and no colour in play has a higher one (ties all fulfil); `at-least`: measure >= threshold.
 * Cross-Town Express is judged route by route: on each longest route (most segments; several may tie) the
 * colour(s) with the most cards fulfil it; its measure is the colour's best count of cards on a longest route
 * on which it has the most.
 */
import { OBJECTIVES, type Objective, type ObjectiveMeasure } from "./data.ts";
import { cellKey, neighbour } from "./geometry.ts";
import type { Route } from "./routes.ts";
import type { City } from "./types.ts";

function most(values: readonly number[], players: number): boolean[] {
  const max = Math.max(0, ...values.slice(0, players));
  return values.slice(0, players).map((v) => v > 0 && v === max);
}

/** The measure of every colour 0..players-1. */
export function measure(
  m: ObjectiveMeasure,
  city: City,
  routes: readonly Route[],
  players: number,
): number[] {
  const per = () => new Array<number>(players).fill(0);
  const out = per();
  switch (m) {
    case "cards-in-longest-route": {
      const longest = Math.max(0, ...routes.map((r) => r.segments.length));
      for (const r of routes) {
        if (r.segments.length !== longest) continue;
        const win = most(r.cardsByColor, players);
        win.forEach((w, c) => {
          if (w) out[c] = Math.max(out[c]!, r.cardsByColor[c]!);
        });
      }
      return out;
    }
    case "segments-on-loops":
      for (const r of routes) if (r.loop) for (let c = 0; c < players; c++) out[c]! += r.segmentsByColor[c]!;
      return out;
    case "segments-on-complete-routes":
      for (const r of routes)
        if (r.complete) for (let c = 0; c < players; c++) out[c]! += r.segmentsByColor[c]!;
      return out;
    case "complete-routes-won":
      for (const r of routes) if (r.complete) for (const w of r.winners) if (w < players) out[w]!++;
      return out;
    case "best-route-buildings-won":
      for (const r of routes) {
        if (!r.complete) continue;
        for (const w of r.winners) if (w < players) out[w] = Math.max(out[w]!, r.buildings.length);
      }
      return out;
    case "cards-on-city-edge": {
      const placed = new Set(city.cards.map((c) => cellKey(c.q, c.r)));
      for (const c of city.cards) {
        if (c.color >= players) continue;
        let edge = false;
        for (let e = 0; e < 6; e++) if (!placed.has(cellKey(...neighbour(c.q, c.r, e)))) edge = true;
        if (edge) out[c.color]!++;
      }
      return out;
    }
    case "cards-in-tallest-column": {
      const height = new Map<number, number>();
      for (const c of city.cards) height.set(c.q, (height.get(c.q) ?? 0) + 1);
      const tallest = Math.max(0, ...height.values());
      for (const [q, h] of height) {
        if (h !== tallest) continue;
        const col = per();
        for (const c of city.cards) if (c.q === q && c.color < players) col[c.color]!++;
        col.forEach((v, i) => {
          out[i] = Math.max(out[i]!, v);
        });
      }
      return out;
    }
    case "largest-own-group": {
      const at = new Map(city.cards.map((c, i) => [cellKey(c.q, c.r), i]));
      const seen = new Uint8Array(city.cards.length);
      city.cards.forEach((c, i) => {
        if (seen[i] || c.color >= players) return;
        let size = 0;
        const stack = [i];
        seen[i] = 1;
        while (stack.length) {
          const j = stack.pop()!;
          size++;
          const cj = city.cards[j]!;
          for (let e = 0; e < 6; e++) {
            const k = at.get(cellKey(...neighbour(cj.q, cj.r, e)));
            if (k !== undefined && !seen[k] && city.cards[k]!.color === c.color) {
              seen[k] = 1;
              stack.push(k);
            }
          }
        }
        out[c.color] = Math.max(out[c.color]!, size);
      });
      return out;
    }
  }
}

/** Whether each colour 0..players-1 fulfils the objective. */
export function fulfils(o: Objective, city: City, routes: readonly Route[], players: number): boolean[] {
  const v = measure(o.measure, city, routes, players);
  if (o.test === "at-least") return v.map((x) => x >= (o.threshold ?? 1));
  return most(v, players);
}

export function objectiveById(id: string): Objective {
  const o = OBJECTIVES.find((x) => x.id === id);
  if (!o) throw new RangeError(`unknown objective ${id}`);
  return o;
}
