/**
 * The lobby page's credentials per server origin (issue #20, web/demo/lobby-credentials.ts): a seat's
 * credentials go back only to the origin that gave them; `?server=<another>` gets none of them.
 */
import { describe, expect, it } from "vitest";
import {
  credentialsKey,
  type KeyValues,
  serverOrigin,
  storeCredentials,
  storedCredentials,
} from "../../web/demo/lobby-credentials.ts";

const PAGE = "http://127.0.0.1:8000/lobby.html?game=train&match=m1&seat=0";
const OTHER = "https://evil.example";

function memory(entries: Record<string, string> = {}): KeyValues & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

describe("lobby credentials per server origin", () => {
  it("the key holds the server's origin (path, query and a trailing slash do not count)", () => {
    expect(credentialsKey("http://127.0.0.1:8000", PAGE, "m1", 0)).toBe(
      "railkit:credentials:http://127.0.0.1:8000:m1:0",
    );
    expect(credentialsKey("http://127.0.0.1:8000/x/?y=1", PAGE, "m1", 0)).toBe(
      credentialsKey("http://127.0.0.1:8000", PAGE, "m1", 0),
    );
    expect(serverOrigin("/", PAGE)).toBe("http://127.0.0.1:8000");
    expect(serverOrigin("http://localhost:8000", PAGE)).toBe("http://localhost:8000");
    expect(credentialsKey("data:text/plain,x", PAGE, "m1", 0)).toBeNull();
    expect(credentialsKey("http://[bad", PAGE, "m1", 0)).toBeNull();
  });

  it("credentials stored for one server are never answered for another origin", () => {
    const store = memory();
    storeCredentials(store, "http://127.0.0.1:8000", PAGE, "m1", 0, "secret-a");
    expect(storedCredentials(store, "http://127.0.0.1:8000", PAGE, "m1", 0)).toBe("secret-a");
    for (const server of [OTHER, "http://127.0.0.1:8001", "http://localhost:8000", "https://127.0.0.1:8000"])
      expect(storedCredentials(store, server, PAGE, "m1", 0)).toBeNull();
    expect(storedCredentials(store, "http://127.0.0.1:8000", PAGE, "m1", 1)).toBeNull();
    expect(storedCredentials(store, "http://127.0.0.1:8000", PAGE, "m2", 0)).toBeNull();
    // Another server's own credentials are its own.
    storeCredentials(store, OTHER, PAGE, "m1", 0, "secret-b");
    expect(storedCredentials(store, OTHER, PAGE, "m1", 0)).toBe("secret-b");
    expect(storedCredentials(store, "http://127.0.0.1:8000", PAGE, "m1", 0)).toBe("secret-a");
  });

  it("an old key without origin is moved under the page's own origin, and never given to another", () => {
    const store = memory({ "railkit:credentials:m1:0": "old" });
    expect(storedCredentials(store, OTHER, PAGE, "m1", 0)).toBeNull();
    expect(store.map.get("railkit:credentials:m1:0")).toBe("old");
    expect(storedCredentials(store, "http://127.0.0.1:8000", PAGE, "m1", 0)).toBe("old");
    expect([...store.map]).toEqual([["railkit:credentials:http://127.0.0.1:8000:m1:0", "old"]]);
    expect(storedCredentials(store, OTHER, PAGE, "m1", 0)).toBeNull();
  });
});
