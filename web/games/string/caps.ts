/** String Railway's work caps, apart from the module so that a page may import them without the engine. */

/** Most strings a hints call ranks. */
export const STRING_MAX_HINTS = 100;
