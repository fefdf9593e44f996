/**
 * Long-distance tiles (docs/rules/string-railway.md § Long-distance tiles): 12 tiles, each a distinct ordered triple `A → B → C` of city colours,
 * fixed in web/data/string/long-distance.json. A row names where the white cube starts:
 * - `A` (via B, C): keep the white cube, flip the tile (+5 at the end);
 * - `B` (via C): keep the white cube, the tile leaves the game;
 * - `C`: the white cube returns to the bag, the tile leaves the game.
 */
import data from "../../data/string/long-distance.json";
import { CITY_COLOURS, type CityColour } from "./types.ts";

export type Row = "A" | "B" | "C";
export const ROWS: readonly Row[] = ["A", "B", "C"];

export interface LongDistanceTile {
  id: number;
  route: readonly [CityColour, CityColour, CityColour];
}

function loadTiles(raw: unknown): readonly LongDistanceTile[] {
  const list = (raw as { tiles?: unknown }).tiles;
  if (!Array.isArray(list) || list.length !== 12) throw new Error("long-distance.json: 12 tiles expected");
  const seen = new Set<string>();
  return list.map((t: { id?: unknown; route?: unknown }, i) => {
    const r = t.route;
    if (
      t.id !== i ||
      !Array.isArray(r) ||
      r.length !== 3 ||
      !r.every((c) => (CITY_COLOURS as readonly unknown[]).includes(c)) ||
      new Set(r).size !== 3 ||
      seen.has(r.join())
    ) {
      throw new Error(`long-distance.json: tile ${i} is not a distinct ordered triple of city colours`);
    }
    seen.add(r.join());
    return { id: i, route: [r[0], r[1], r[2]] as [CityColour, CityColour, CityColour] };
  });
}

export const TILES: readonly LongDistanceTile[] = loadTiles(data);

/** Colours the white cube must visit for a row: the start colour first, then the remaining ones in order. */
export function rowColours(tile: number, row: Row): CityColour[] {
  return TILES[tile]!.route.slice(ROWS.indexOf(row));
}
