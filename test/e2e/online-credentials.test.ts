/**
 * The lobby page keeps a seat's credentials per server origin (issue #20) in Chromium: a seat taken on the
 * railkit server (a child process on 127.0.0.1) is played again from the page's own link; the same link with
 * `&server=<another origin>` watches, and nothing the page sends to that origin (HTTP or WebSocket, both
 * intercepted: no request leaves the machine) holds the credentials, nor those of an old key without origin.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch } from "../../web/online/lobby.ts";
import { tempDir } from "../online/helpers.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";
import { type ServerProcess, startServerProcess } from "./online-server.ts";

const OTHER = "http://other.invalid:9";

describe.runIf(haveBrowser)("lobby credentials per server origin in Chromium", () => {
  const store = tempDir();
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    await builtDemo("lobby.html");
    server = await startServerProcess({ RAILKIT_MATCHES: store.dir });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    store.remove();
  });

  it("a seat's credentials go back to its own server only; ?server=<another> watches and gets none", async () => {
    const match = await createMatch(server.url, "train", {
      options: { players: 2, variant: "race", goal: 20 },
    });
    const context = await browser.newContext();
    // The other origin, faked in the browser: socket.io's long polling answered just enough (Engine.IO 4
    // handshake, namespace connected) that the page's client would send its `sync`, with whatever credentials
    // it has; everything else is refused. Every request is recorded.
    const sent: string[] = [];
    let connecting = "";
    await context.route(`${OTHER}/**`, async (route) => {
      const r = route.request();
      const body = r.postData() ?? "";
      sent.push(`${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${body}`);
      const url = new URL(r.url());
      if (url.pathname !== "/socket.io/") return route.abort();
      if (r.method() === "POST") {
        const nsp = /^40(\/[^,]*),/.exec(body);
        if (nsp) connecting = nsp[1]!;
        return route.fulfill({ status: 200, contentType: "text/plain", body: "ok" });
      }
      if (!url.searchParams.has("sid")) {
        const open = {
          sid: "fake",
          upgrades: [],
          pingInterval: 25_000,
          pingTimeout: 20_000,
          maxPayload: 1e6,
        };
        return route.fulfill({ status: 200, contentType: "text/plain", body: `0${JSON.stringify(open)}` });
      }
      if (connecting) {
        const body = `40${connecting},{"sid":"fake-${connecting}"}`;
        connecting = "";
        return route.fulfill({ status: 200, contentType: "text/plain", body });
      }
      await new Promise((r) => setTimeout(r, 200));
      return route.fulfill({ status: 200, contentType: "text/plain", body: "6" }).catch(() => {});
    });
    await context.routeWebSocket(/other\.invalid/, (ws) => {
      sent.push(`ws ${ws.url()}`);
      ws.onMessage((m) => sent.push(String(m)));
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const lobby = `${server.url}/lobby.html?game=train&match=${match}`;
    const credentialsOf = () => page.locator("train-game").getAttribute("credentials");

    // Take seat 1 on the page's own server.
    await page.goto(lobby);
    await page.locator("#seats button", { hasText: "Take seat 1" }).click();
    await page.locator("#lobby-status", { hasText: "You play seat 1." }).waitFor({ timeout: 10_000 });
    const mine = await credentialsOf();
    expect(mine).toBeTruthy();
    // An old key without origin, as the page kept them before.
    await page.evaluate((m) => localStorage.setItem(`railkit:credentials:${m}:1`, "old-credentials"), match);

    // The same seats with another server: watching, nothing of ours sent there.
    const given: (string | null)[] = [];
    for (const seat of [0, 1]) {
      await page.goto(`${lobby}&seat=${seat}&server=${encodeURIComponent(OTHER)}`);
      await page
        .locator("#lobby-status", { hasText: /watching|could not be reached/ })
        .waitFor({ timeout: 10_000 });
      given.push(await credentialsOf());
      expect(await page.locator("train-game").getAttribute("server")).toBe(OTHER);
      await page.waitForTimeout(500);
    }
    // The page's client did sync with the other origin (as a spectator), so it would have sent credentials.
    expect(sent.filter((l) => l.includes('"sync"')).length).toBeGreaterThan(0);
    for (const line of sent) {
      expect(line).not.toContain(mine);
      expect(line).not.toContain("old-credentials");
    }
    expect(given).toEqual([null, null]);

    // Kept under the server's origin; the old key was not moved for another origin.
    expect((await page.evaluate(() => Object.keys(localStorage))).sort()).toEqual(
      [`railkit:credentials:${server.url}:${match}:0`, `railkit:credentials:${match}:1`].sort(),
    );
    // Back on the page's own server: seat 1 plays with its credentials, and the old key is its own origin's.
    await page.goto(`${lobby}&seat=0`);
    await page.locator("#lobby-status", { hasText: "You play seat 1." }).waitFor({ timeout: 10_000 });
    expect(await credentialsOf()).toBe(mine);
    await page.goto(`${lobby}&seat=1`);
    expect(await credentialsOf()).toBe("old-credentials");
    expect((await page.evaluate(() => Object.keys(localStorage))).sort()).toEqual(
      [`railkit:credentials:${server.url}:${match}:0`, `railkit:credentials:${server.url}:${match}:1`].sort(),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
