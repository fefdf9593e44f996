/**
 * Where the lobby page keeps a seat's credentials (issue #20): in localStorage, under a key with the server's
 * origin, `railkit:credentials:<origin>:<match>:<seat>`, so that `lobby.html?server=<another>&match=<id>&seat=0`
 * never sends the credentials this browser got from one server to another (match ids and seat numbers are not
 * unique across servers; an address with a foreign `server=` would otherwise collect them).
 *
 * Keys written before (`railkit:credentials:<match>:<seat>`, no origin) are moved under the page's own origin
 * when the page's own server asks for them, and never given to another origin.
 */

/** The part of `Storage` used (localStorage on the page; a map in the tests). */
export interface KeyValues {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The origin of a server address (relative addresses read against `page`); null when it is not a URL. */
export function serverOrigin(server: string, page: string): string | null {
  try {
    const origin = new URL(server, page).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** The key of a seat's credentials on a server; null when `server` has no origin (nothing is stored for it). */
export function credentialsKey(server: string, page: string, match: string, seat: number): string | null {
  const origin = serverOrigin(server, page);
  return origin === null ? null : `railkit:credentials:${origin}:${match}:${seat}`;
}

const legacyKey = (match: string, seat: number) => `railkit:credentials:${match}:${seat}`;

/** Keeps the credentials a server gave for a seat. */
export function storeCredentials(
  store: KeyValues,
  server: string,
  page: string,
  match: string,
  seat: number,
  credentials: string,
): void {
  const key = credentialsKey(server, page, match, seat);
  if (key !== null) store.setItem(key, credentials);
}

/**
 * The credentials stored for this seat of this server, or null. A key without origin (written before origins
 * were kept) counts only when `server` is the page's own origin; it is then moved under that origin.
 */
export function storedCredentials(
  store: KeyValues,
  server: string,
  page: string,
  match: string,
  seat: number,
): string | null {
  const key = credentialsKey(server, page, match, seat);
  if (key === null) return null;
  const found = store.getItem(key);
  if (found !== null) return found;
  if (serverOrigin(server, page) !== serverOrigin(page, page)) return null;
  const old = store.getItem(legacyKey(match, seat));
  if (old === null) return null;
  store.setItem(key, old);
  store.removeItem(legacyKey(match, seat));
  return old;
}
