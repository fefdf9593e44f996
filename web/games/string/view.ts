/**
 * What a String Railway seat sees online, and back (web/games/types.ts `hide`, `fromView`). The view lacks the seed,
 * the generator and the order of the tile deck (and another seat's pending tile choice). The hints (transport plan,
 * long-distance routes, strings) and the live check of a string read none of them: the bag is counts, held tiles are
 * public. `fromView` gives the deck the tiles nobody holds, in id order (a neutral placeholder: which tiles are left is
 * known to every seat, their order to none), the generator a fixed state. The engine's own `position` checks the
 * result field by field.
 */
import { InputError } from "../../engine/common/errors.ts";
import { arr, isObject, obj } from "../../engine/common/input.ts";
import { pointsOf, position, type StringState, TILES } from "../../engine/string/index.ts";
import { HIDDEN } from "../../online/view.ts";
import { hidden, underView, VIEW_BASE } from "../view.ts";

/** The seed a String Railway position from a view carries (nothing is drawn from it). */
export const STRING_VIEW_SEED = "view";

/** A String Railway seat's view (its `state`) as an engine position; see the module comment. */
export function stringFromView(x: unknown): StringState {
  const v = obj(x, VIEW_BASE);
  for (const k of ["seed", "rng"])
    if (v[k] !== undefined)
      throw new InputError("a seat's view has no seed or generator", `${VIEW_BASE}/${k}`);
  const options = obj(v.options, `${VIEW_BASE}/options`);
  const table = obj(v.board, `${VIEW_BASE}/board`);
  const stations = arr(v.stations, `${VIEW_BASE}/stations`, 256);
  // The board as a board file: the board stations are the view's stations before the new ones.
  const board = options.board ?? {
    polygon: table.polygon,
    mountain: table.mountain,
    radius: table.radius,
    stations: stations.filter((st) => !isObject(st) || st.kind !== "new"),
  };
  const held = new Set<unknown>();
  for (const [i, seat] of arr(v.seats, `${VIEW_BASE}/seats`, 5).entries())
    for (const t of arr(
      obj(seat, `${VIEW_BASE}/seats/${i}`).tiles,
      `${VIEW_BASE}/seats/${i}/tiles`,
      TILES.length,
    ))
      held.add(isObject(t) ? t.id : t);
  const choice = v.choice === null || v.choice === undefined ? null : obj(v.choice, `${VIEW_BASE}/choice`);
  const offered = choice ? arr(choice.tiles, `${VIEW_BASE}/choice/tiles`, 2) : [];
  for (const t of offered) if (t !== HIDDEN) held.add(t);
  const unseen = TILES.map((t) => t.id).filter((id) => !held.has(id));
  const deckSize = arr(v.deck, `${VIEW_BASE}/deck`, TILES.length).length;
  const hiddenOffered = offered.filter((t) => t === HIDDEN).length;
  if (hiddenOffered + deckSize > unseen.length)
    throw new InputError(
      `${hiddenOffered + deckSize} hidden tiles, but only ${unseen.length} tiles are not held`,
      `${VIEW_BASE}/deck`,
    );
  const fill = unseen.slice();
  const tiles = offered.map((t) => (t === HIDDEN ? fill.shift()! : t));
  try {
    return position({
      ...v,
      options: { ...options, board },
      seed: STRING_VIEW_SEED,
      rng: 0,
      deck: fill.slice(0, deckSize),
      choice: choice ? { ...choice, tiles } : null,
    });
  } catch (e) {
    throw underView(e);
  }
}

/** The state as `seat` may see it (null: a spectator): the deck's order and another seat's tile choice hidden. */
export function stringHide(s: StringState, seat: number | null): Record<string, unknown> {
  const choice =
    s.choice && s.choice.player !== seat ? { ...s.choice, tiles: hidden(s.choice.tiles) } : s.choice;
  return { ...s, deck: hidden(s.deck), choice };
}

/** Each seat's points now. */
export const stringExtras = (s: StringState) => ({ points: s.seats.map((_, p) => pointsOf(s, p)) });

/** Whether a view shows its seat what the hints need: not while another seat's tile choice is hidden from it. */
export function stringViewMover(view: unknown): boolean {
  return !(
    isObject(view) &&
    isObject(view.choice) &&
    Array.isArray(view.choice.tiles) &&
    view.choice.tiles.includes(HIDDEN)
  );
}
