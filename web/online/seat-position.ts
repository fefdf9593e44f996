/**
 * A seat's view of an online match (web/online/view.ts: what the server sends one seat) made into an engine
 * state again, in the player's own worker, so that the hint solvers run there on what the seat sees
 * (docs/online.md, "Hints online"). Nothing hidden is recovered, and nothing hidden is needed:
 *
 * - **String Railway** ({@link stringFromView}): the view lacks the seed, the generator and the order of the tile
 *   deck (and another seat's pending tile choice). The hints (transport plan, long-distance routes, strings) and
 *   the live check of a string read none of them: the bag is counts, held tiles are public. The deck gets the
 *   tiles nobody holds, in id order (a neutral placeholder: which tiles are left is known to every seat, their
 *   order to none), the generator a fixed state. The engine's own `position` checks the result field by field.
 * - **Light Rail** ({@link lightFromView}): the view lacks every deck's order, the other seats' cards in hand and,
 *   until the end, their objectives. They are determinised: each seat's unseen cards are its colour's ten designs
 *   minus the cards it placed (minus its hand, when the view shows it), shuffled; an unseen hand is the first of
 *   them; unseen objectives are dealt from the objectives this seat does not hold. The shuffles are seeded from the
 *   view itself (a hash of its JSON), so the same view gives the same state. Each seat's cards are laid in the
 *   order it placed them, and the view's log is replayed on the engine from that deal (Light Rail draws nothing
 *   after setup): every placement is checked by the rules, and the replay must give the view's city, credits and
 *   turn. The search (web/solvers/light/search.ts) reads only the seat to move's hand and objectives and, per
 *   seat, the multiset of unplayed designs, and samples the rest per playout: its hints on this state equal its
 *   hints on the server's (test/online/seat-position.test.ts).
 *
 * Both throw `InputError` (JSON pointer under `/state`) for a view that is not one a server could send.
 */
import { InputError } from "../engine/common/errors.ts";
import { MAX_LOG } from "../engine/common/game.ts";
import { arr, firstDifference, int, isObject, obj, pointer, str } from "../engine/common/input.ts";
import { Rng, seedRng } from "../engine/common/rng.ts";
import { DESIGNS, type LightState, lightEngine, OBJECTIVE_IDS } from "../engine/light/index.ts";
import { position, type StringState, TILES } from "../engine/string/index.ts";
import { HIDDEN } from "./view.ts";

const BASE = "/state";

/** FNV-1a over the JSON text of `x`: the view's own seed. */
export function viewSeed(x: unknown): string {
  const text = JSON.stringify(x);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `view:${h.toString(16).padStart(8, "0")}`;
}

/** An engine's InputError moved under `/state` (the verb's argument); anything else unchanged. */
function under(e: unknown): unknown {
  if (!(e instanceof InputError)) return e;
  const prefix = e.path ? `${e.path}: ` : "";
  const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return new InputError(message, `${BASE}${e.path}`);
}

// ---- String Railway --------------------------------------------------------------------------------------

/** The seed a String Railway position from a view carries (nothing is drawn from it). */
export const STRING_VIEW_SEED = "view";

/** A String Railway seat's view (its `state`) as an engine position; see the module comment. */
export function stringFromView(x: unknown): StringState {
  const v = obj(x, BASE);
  for (const k of ["seed", "rng"])
    if (v[k] !== undefined) throw new InputError("a seat's view has no seed or generator", `${BASE}/${k}`);
  const options = obj(v.options, `${BASE}/options`);
  const table = obj(v.board, `${BASE}/board`);
  const stations = arr(v.stations, `${BASE}/stations`, 256);
  // The board as a board file: the board stations are the view's stations before the new ones.
  const board = options.board ?? {
    polygon: table.polygon,
    mountain: table.mountain,
    radius: table.radius,
    stations: stations.filter((st) => !isObject(st) || st.kind !== "new"),
  };
  const held = new Set<unknown>();
  for (const [i, seat] of arr(v.seats, `${BASE}/seats`, 5).entries())
    for (const t of arr(obj(seat, `${BASE}/seats/${i}`).tiles, `${BASE}/seats/${i}/tiles`, TILES.length))
      held.add(isObject(t) ? t.id : t);
  const choice = v.choice === null || v.choice === undefined ? null : obj(v.choice, `${BASE}/choice`);
  const offered = choice ? arr(choice.tiles, `${BASE}/choice/tiles`, 2) : [];
  for (const t of offered) if (t !== HIDDEN) held.add(t);
  const unseen = TILES.map((t) => t.id).filter((id) => !held.has(id));
  const deckSize = arr(v.deck, `${BASE}/deck`, TILES.length).length;
  const hiddenOffered = offered.filter((t) => t === HIDDEN).length;
  if (hiddenOffered + deckSize > unseen.length)
    throw new InputError(
      `${hiddenOffered + deckSize} hidden tiles, but only ${unseen.length} tiles are not held`,
      `${BASE}/deck`,
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
    throw under(e);
  }
}

// ---- Light Rail ------------------------------------------------------------------------------------------

const DESIGN_IDS = DESIGNS.map((d) => d.id);

/** A Light Rail seat's view (its `state`) as an engine state, hidden cards determinised; see the module comment. */
export function lightFromView(x: unknown): LightState {
  const v = obj(x, BASE);
  for (const k of ["seed", "rng"])
    if (v[k] !== undefined) throw new InputError("a seat's view has no seed or generator", `${BASE}/${k}`);
  const seed = viewSeed(v);
  let base: LightState;
  try {
    base = lightEngine.setup(obj(v.options, `${BASE}/options`) as never, seed);
  } catch (e) {
    throw under(e);
  }
  const n = base.options.players;
  const rng = new Rng(seedRng(seed));
  const seats = (key: string) => {
    const list = arr(v[key], `${BASE}/${key}`, n);
    if (list.length !== n) throw new InputError(`one entry per seat (${n}) expected`, `${BASE}/${key}`);
    return list;
  };
  const handsIn = seats("hands");
  const decksIn = seats("decks");
  const objectivesIn = seats("objectives");
  // Each seat's placed designs, in the order it placed them.
  const placed: number[][] = Array.from({ length: n }, () => []);
  for (const [i, c] of arr(v.cards, `${BASE}/cards`, n * DESIGN_IDS.length).entries()) {
    const card = obj(c, `${BASE}/cards/${i}`);
    const p = int(card.player, `${BASE}/cards/${i}/player`, 0, n - 1);
    placed[p]!.push(int(card.design, `${BASE}/cards/${i}/design`, 0, DESIGN_IDS.length - 1));
  }
  const hands: (number | null)[] = [];
  const decks: number[][] = [];
  for (let p = 0; p < n; p++) {
    const path = pointer(`${BASE}/hands`, p);
    const hand = handsIn[p] === null ? null : int(handsIn[p], path, HIDDEN, DESIGN_IDS.length - 1);
    const deckSize = arr(decksIn[p], pointer(`${BASE}/decks`, p), DESIGN_IDS.length).length;
    const left = DESIGN_IDS.slice();
    for (const d of hand === null || hand === HIDDEN ? placed[p]! : [...placed[p]!, hand]) {
      const at = left.indexOf(d);
      if (at < 0) throw new InputError(`seat ${p} has design ${d} twice (placed or in hand)`, path);
      left.splice(at, 1);
    }
    if ((hand === null) !== (left.length === 0 && hand !== HIDDEN))
      throw new InputError("a seat's hand is empty exactly when all its designs are placed", path);
    const unseen = rng.shuffle(left);
    const inHand = hand === HIDDEN ? unseen.shift()! : hand;
    if (unseen.length !== deckSize)
      throw new InputError(
        `seat ${p}'s deck has ${deckSize} cards, but ${unseen.length} of its designs are unseen`,
        pointer(`${BASE}/decks`, p),
      );
    // The deal: the placed cards first (each placement draws the next), then the hand, then the deck.
    const sequence = [...placed[p]!, ...(inHand === null ? [] : [inHand]), ...unseen];
    hands.push(sequence[0] ?? null);
    decks.push(sequence.slice(1));
  }
  const known = objectivesIn.map((o, p) =>
    arr(o, pointer(`${BASE}/objectives`, p), 2).map((id, k) => str(id, `${BASE}/objectives/${p}/${k}`, 100)),
  );
  const free = rng.shuffle(OBJECTIVE_IDS.filter((id) => !known.some((o) => o.includes(id))));
  const objectives = known.map((o, p) => {
    if (o.length === 2) return o;
    if (o.length !== 0)
      throw new InputError(
        "a seat's objectives are both shown or both hidden",
        pointer(`${BASE}/objectives`, p),
      );
    if (free.length < 2)
      throw new InputError("not enough objectives left to deal", pointer(`${BASE}/objectives`, p));
    return free.splice(0, 2);
  });
  let s: LightState = { ...base, hands, decks, objectives };
  for (const [i, action] of arr(v.log, `${BASE}/log`, MAX_LOG).entries()) {
    const r = lightEngine.apply(s, action);
    if (!r.ok) throw new InputError(`refused on replay: ${r.error.message}`, `${BASE}/log/${i}`);
    s = r.state;
  }
  // The replay must be the view: everything the seat sees, as the server would show it.
  const shown = {
    ...s,
    seed: undefined,
    rng: undefined,
    decks: s.decks.map((d) => d.map(() => HIDDEN)),
    hands: s.hands.map((h, p) => (h === null ? null : handsIn[p] === HIDDEN ? HIDDEN : h)),
    objectives: s.objectives.map((o, p) => (known[p]!.length === 0 ? [] : o)),
  };
  const diff = firstDifference(shown, v);
  if (diff) throw new InputError(`${diff.why} (not the replay of the view's log)`, `${BASE}${diff.path}`);
  return s;
}
