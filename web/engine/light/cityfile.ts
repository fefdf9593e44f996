/**
 * The city file format of `rail light score` (and of hand-built test cities):
 * `{"players": 2..4, "wrap"?: boolean, "cards": [{"q", "r", "color": "blue"|…, "segments": [{"a": 0..5,
 * "b": 0..5 | "cap", "building"?: "school"|…}]}]}`, edges as placed (after orientation). Refused with an
 * InputError naming the field: two cards on one cell, two segments on one edge, an edge outside 0..5.
 */
import { InputError } from "../common/errors.ts";
import { checkEdgesOnce, parseSegment } from "./data.ts";
import { cellKey } from "./geometry.ts";
import { type City, COLORS, COORD_LIMIT } from "./types.ts";

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Parses a CLI city file; InputError naming the field on any problem. */
export function parseCityFile(v: unknown): { city: City; wrap: boolean } {
  if (!isRecord(v)) throw new InputError("city file must be an object");
  const players = v.players;
  if (typeof players !== "number" || !Number.isInteger(players) || players < 2 || players > 4) {
    throw new InputError("players must be 2, 3 or 4", "/players");
  }
  if (v.wrap !== undefined && typeof v.wrap !== "boolean")
    throw new InputError("wrap must be a boolean", "/wrap");
  if (!Array.isArray(v.cards)) throw new InputError("cards must be an array", "/cards");
  const seen = new Set<number>();
  const cards = v.cards.map((c, i) => {
    const path = `/cards/${i}`;
    if (!isRecord(c)) throw new InputError("card must be an object", path);
    for (const k of ["q", "r"] as const) {
      const x = c[k];
      if (typeof x !== "number" || !Number.isInteger(x) || Math.abs(x) >= COORD_LIMIT) {
        throw new InputError(`${k} must be an integer`, `${path}/${k}`);
      }
    }
    const q = c.q as number;
    const r = c.r as number;
    if (seen.has(cellKey(q, r))) throw new InputError(`two cards on cell (${q}, ${r})`, path);
    seen.add(cellKey(q, r));
    const color = COLORS.indexOf(c.color as never);
    if (color < 0) throw new InputError(`color must be one of ${COLORS.join(", ")}`, `${path}/color`);
    if (!Array.isArray(c.segments)) throw new InputError("segments must be an array", `${path}/segments`);
    const segments = c.segments.map((s, j) => parseSegment(s, `${path}/segments/${j}`));
    checkEdgesOnce(segments, `${path}/segments`);
    return { q, r, color, segments };
  });
  return { city: { players, cards }, wrap: v.wrap === true };
}
