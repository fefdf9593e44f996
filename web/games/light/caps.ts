/** Light Rail's work caps, apart from the module so that a page may import them without the engine. */

/** Most playouts of one hints call or bot move. */
export const LIGHT_MAX_PLAYOUTS = 20_000;
/** Longest time budget of one hints call, in ms. */
export const LIGHT_MAX_HINT_MS = 10_000;
