/**
 * The demo page: defines the railkit elements (they share one worker through the page's client).
 *
 * The game the page opens on (the URL's `#train`, `#string` or `#light`, else the first on the page) is defined
 * first, the other two once it is the person's move there (2 s at most): on a slow phone the game in sight then has
 * the worker and the main thread to itself while it starts, instead of sharing them with two games out of sight
 * (issue #23; measured in docs/benchmarks.md § The demo on a phone). A tag not yet defined is inert, and the
 * attributes and listeners a page puts on it meanwhile are kept.
 */
import { LightRail } from "../elements/light/light-rail.component.ts";
import { StringRailway } from "../elements/string/string-railway.component.ts";
import { TrainGame } from "../elements/train/train-game.component.ts";

const ELEMENTS: Record<string, CustomElementConstructor> = {
  "train-game": TrainGame,
  "string-railway": StringRailway,
  "light-rail": LightRail,
};
/** Longest wait for the first game's first view before the others start anyway. */
const FIRST_VIEW_WAIT_MS = 2000;

const define = (tag: string) => {
  if (!customElements.get(tag)) customElements.define(tag, ELEMENTS[tag]!);
};

const tags = Object.keys(ELEMENTS).join(",");
const section = /^#[a-z]+$/.test(location.hash) ? document.querySelector(location.hash) : null;
const el = section?.querySelector(tags) ?? document.querySelector(tags);
if (el) define(el.localName);
const start = performance.now();
// Ready: the person (seat 0 on this page) is to move and nothing is in flight, or the game is over (an empty seat to
// move; web/elements/*: renderGame), or the element left the page. Not merely drawn: when the computer moves first
// (String Railway's tile choice), its move would otherwise share the worker with the other two games' start.
const drawn = () =>
  !el?.isConnected ||
  el.shadowRoot?.querySelector(
    '[part="base"][aria-busy="false"]:is([data-seat-to-move="0"], [data-seat-to-move=""])',
  );
const wait = () => {
  if (drawn() || performance.now() - start > FIRST_VIEW_WAIT_MS)
    for (const tag of Object.keys(ELEMENTS)) define(tag);
  else setTimeout(wait, 25);
};
wait();
