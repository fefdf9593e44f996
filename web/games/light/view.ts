/**
 * What a Light Rail seat sees online, and back (web/games/types.ts `hide`, `fromView`). The view lacks every deck's
 * order, the other seats' cards in hand and, until the end, their objectives. `fromView` determinises them: each
 * seat's unseen cards are its colour's ten designs minus the cards it placed (minus its hand, when the view shows it),
 * shuffled; an unseen hand is the first of them; unseen objectives are dealt from the objectives this seat does not
 * hold. The shuffles are seeded from the view itself (a hash of its JSON), so the same view gives the same state.
 * Each seat's cards are laid in the order it placed them, and the view's log is replayed on the engine from that deal
 * (Light Rail draws nothing after setup): every placement is checked by the rules, and the replay must give the view's
 * city, credits and turn. The search (web/solvers/light/search.ts) reads only the seat to move's hand and objectives
 * and, per seat, the multiset of unplayed designs, and samples the rest per playout: its hints on this state equal its
 * hints on the server's (test/online/seat-position.test.ts).
 */
import { InputError } from "../../engine/common/errors.ts";
import { MAX_LOG } from "../../engine/common/game.ts";
import { arr, firstDifference, int, isObject, obj, pointer, str } from "../../engine/common/input.ts";
import { Rng, seedRng } from "../../engine/common/rng.ts";
import {
  DESIGNS,
  type LightState,
  lightBoard,
  lightEngine,
  OBJECTIVE_IDS,
} from "../../engine/light/index.ts";
import { HIDDEN } from "../../online/view.ts";
import { hidden, underView, VIEW_BASE, viewSeed } from "../view.ts";

const DESIGN_IDS = DESIGNS.map((d) => d.id);

/** A Light Rail seat's view (its `state`) as an engine state, hidden cards determinised; see the module comment. */
export function lightFromView(x: unknown): LightState {
  const v = obj(x, VIEW_BASE);
  for (const k of ["seed", "rng"])
    if (v[k] !== undefined)
      throw new InputError("a seat's view has no seed or generator", `${VIEW_BASE}/${k}`);
  const seed = viewSeed(v);
  let base: LightState;
  try {
    base = lightEngine.setup(obj(v.options, `${VIEW_BASE}/options`) as never, seed);
  } catch (e) {
    throw underView(e);
  }
  const n = base.options.players;
  const rng = new Rng(seedRng(seed));
  const seats = (key: string) => {
    const list = arr(v[key], `${VIEW_BASE}/${key}`, n);
    if (list.length !== n) throw new InputError(`one entry per seat (${n}) expected`, `${VIEW_BASE}/${key}`);
    return list;
  };
  const handsIn = seats("hands");
  const decksIn = seats("decks");
  const objectivesIn = seats("objectives");
  // Each seat's placed designs, in the order it placed them.
  const placed: number[][] = Array.from({ length: n }, () => []);
  for (const [i, c] of arr(v.cards, `${VIEW_BASE}/cards`, n * DESIGN_IDS.length).entries()) {
    const card = obj(c, `${VIEW_BASE}/cards/${i}`);
    const p = int(card.player, `${VIEW_BASE}/cards/${i}/player`, 0, n - 1);
    placed[p]!.push(int(card.design, `${VIEW_BASE}/cards/${i}/design`, 0, DESIGN_IDS.length - 1));
  }
  const hands: (number | null)[] = [];
  const decks: number[][] = [];
  for (let p = 0; p < n; p++) {
    const path = pointer(`${VIEW_BASE}/hands`, p);
    const hand = handsIn[p] === null ? null : int(handsIn[p], path, HIDDEN, DESIGN_IDS.length - 1);
    const deckSize = arr(decksIn[p], pointer(`${VIEW_BASE}/decks`, p), DESIGN_IDS.length).length;
    const left = DESIGN_IDS.slice();
    for (const d of hand === null || hand === HIDDEN ? placed[p]! : [...placed[p]!, hand]) {
      const at = left.indexOf(d);
      if (at < 0) throw new InputError(`seat ${p} has design ${d} twice (placed or in hand)`, path);
      left.splice(at, 1);
    }
    // (Not "no design left": a seat holding its last card, shown, has none left either; issue #25.)
    if ((hand === null) !== (placed[p]!.length === DESIGN_IDS.length))
      throw new InputError("a seat's hand is empty exactly when all its designs are placed", path);
    const unseen = rng.shuffle(left);
    const inHand = hand === HIDDEN ? unseen.shift()! : hand;
    if (unseen.length !== deckSize)
      throw new InputError(
        `seat ${p}'s deck has ${deckSize} cards, but ${unseen.length} of its designs are unseen`,
        pointer(`${VIEW_BASE}/decks`, p),
      );
    // The deal: the placed cards first (each placement draws the next), then the hand, then the deck.
    const sequence = [...placed[p]!, ...(inHand === null ? [] : [inHand]), ...unseen];
    hands.push(sequence[0] ?? null);
    decks.push(sequence.slice(1));
  }
  const known = objectivesIn.map((o, p) =>
    arr(o, pointer(`${VIEW_BASE}/objectives`, p), 2).map((id, k) =>
      str(id, `${VIEW_BASE}/objectives/${p}/${k}`, 100),
    ),
  );
  const free = rng.shuffle(OBJECTIVE_IDS.filter((id) => !known.some((o) => o.includes(id))));
  const objectives = known.map((o, p) => {
    if (o.length === 2) return o;
    if (o.length !== 0)
      throw new InputError(
        "a seat's objectives are both shown or both hidden",
        pointer(`${VIEW_BASE}/objectives`, p),
      );
    if (free.length < 2)
      throw new InputError("not enough objectives left to deal", pointer(`${VIEW_BASE}/objectives`, p));
    return free.splice(0, 2);
  });
  let s: LightState = { ...base, hands, decks, objectives };
  for (const [i, action] of arr(v.log, `${VIEW_BASE}/log`, MAX_LOG).entries()) {
    const r = lightEngine.apply(s, action);
    if (!r.ok) throw new InputError(`refused on replay: ${r.error.message}`, `${VIEW_BASE}/log/${i}`);
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
  if (diff)
    throw new InputError(`${diff.why} (not the replay of the view's log)`, `${VIEW_BASE}${diff.path}`);
  return s;
}

/** The state as `seat` may see it (null: a spectator): decks, other hands and, until the end, other objectives hidden. */
export function lightHide(s: LightState, seat: number | null): Record<string, unknown> {
  return {
    ...s,
    decks: s.decks.map(hidden),
    hands: s.hands.map((h, p) => (p === seat || h === null ? h : HIDDEN)),
    objectives: s.objectives.map((o, p) => (p === seat || s.over ? o : [])),
  };
}

/**
 * The city placements still possible (`frames`) and each illegal cell with its refusal (`blocked`). Which cells are
 * blocked depends on the card in hand: online only its holder learns them (`seat` undefined: the local player).
 */
export function lightExtras(s: LightState, seat?: number | null) {
  const board = lightBoard(s);
  return seat === undefined || (seat !== null && seat === s.current)
    ? board
    : { frames: board.frames, blocked: [] };
}

/** Whether a view shows the seat to move its own hand (not another seat's view). */
export function lightViewMover(view: unknown, state: LightState): boolean {
  const hands = isObject(view) && Array.isArray(view.hands) ? view.hands : [];
  return state.current === null || hands[state.current] !== HIDDEN;
}
