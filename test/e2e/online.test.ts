/**
 * Online play in Chromium (issue #14): the railkit server (`npm run serve`, a child process on 127.0.0.1 with
 * flat-file storage in a temporary folder) serves the built demo; two browser contexts play a whole Train
 * Game against each other through it on the lobby page while a third watches; the server is killed mid-game
 * and restarted on the same port, and the players go on from the same state.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { tempDir } from "../online/helpers.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";
import { type ServerProcess, startServerProcess } from "./online-server.ts";

const SEED = "online-e2e-seed-51c2";

describe.runIf(haveBrowser)("online Train Game in Chromium", () => {
  const store = tempDir();
  const env = { RAILKIT_MATCHES: store.dir, RAILKIT_FIXED_SEEDS: "1" };
  let server: ServerProcess;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    await builtDemo("lobby.html");
    server = await startServerProcess(env);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    store.remove();
  });

  async function open(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/${path}`);
    return page;
  }

  const logLength = (page: Page) =>
    page.evaluate(
      () =>
        (document.querySelector("train-game") as unknown as { state: { log: unknown[] } | null }).state?.log
          .length ?? -1,
    );
  const stateOf = (page: Page) =>
    page.evaluate(() => (document.querySelector("train-game") as unknown as { state: unknown }).state);
  const toMove = (page: Page) => page.locator('train-game [part="base"]').getAttribute("data-seat-to-move");

  /** One server action by the page's seat through the element's buttons (dice picked first when any may join). */
  async function step(page: Page): Promise<void> {
    const button = (a: string) => page.locator(`train-game button[data-action="${a}"]`);
    const enabled = async (a: string) => (await button(a).count()) > 0 && (await button(a).isEnabled());
    await page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 10_000 });
    const before = await logLength(page);
    for (let k = 0; k < 6; k++) {
      const pickable = page.locator(
        'train-game .table [role="option"][aria-disabled="false"][aria-selected="false"]',
      );
      if ((await pickable.count()) === 0) break;
      await pickable.first().click();
    }
    const score = Number((await page.locator("train-game [data-turn-score]").textContent()) ?? 0);
    if (await enabled("add")) await button("add").click();
    else if (score > 0 && (await enabled("stop"))) await button("stop").click();
    else if (await enabled("roll")) await button("roll").click();
    else if (await enabled("stop")) await button("stop").click();
    else if (await enabled("bank")) await button("bank").click();
    else throw new Error("no action enabled for the seat to move");
    try {
      await page.waitForFunction(
        (n) =>
          ((document.querySelector("train-game") as unknown as { state: { log: unknown[] } }).state?.log
            .length ?? -1) > n,
        before,
        { timeout: 10_000 },
      );
    } catch (e) {
      const message = await page.locator('train-game [part="message"]').textContent();
      throw new Error(`the move did not land (log ${before}, message: ${message}): ${(e as Error).message}`);
    }
  }

  /** Plays until the game is over or `moves` actions were made; answers the actions made. */
  async function play(seats: Page[], moves = 600): Promise<number> {
    for (let n = 0; n < moves; n++) {
      // Every page has seen every move so far (the last mover's page sees its move first).
      const len = Math.max(...(await Promise.all(seats.map(logLength))));
      for (const p of seats)
        await p.waitForFunction(
          (x) =>
            (document.querySelector("train-game") as unknown as { state: { log: unknown[] } }).state?.log
              .length === x,
          len,
          { timeout: 10_000 },
        );
      const seat = await toMove(seats[0]!);
      if (seat === "" || seat === null) return n;
      await step(seats[Number(seat)]!);
    }
    return moves;
  }

  it("two contexts play a whole game through the server; a third watches the same state; a kill and restart loses nothing", async () => {
    const matchID = await createMatch(server.url, "train", {
      options: { players: 2, variant: "race", goal: 20 },
      seed: SEED,
    });
    const creds = [
      await joinMatch(server.url, "train", matchID, 0, "Ada"),
      await joinMatch(server.url, "train", matchID, 1, "Bo"),
    ];
    const a = await open(`lobby.html?game=train&match=${matchID}&seat=0&credentials=${creds[0]}`);
    const b = await open(`lobby.html?game=train&match=${matchID}&seat=1&credentials=${creds[1]}`);
    const watcher = await open(`lobby.html?game=train&match=${matchID}`);
    for (const p of [a, b, watcher])
      await p.locator('train-game [part="base"][data-seat-to-move]').waitFor({ timeout: 20_000 });
    // The lobby shows both seats connected.
    await a.locator("#seats li", { hasText: "Bo (connected)" }).waitFor({ timeout: 10_000 });
    // The watcher is offered no action.
    await expect(watcher.locator('train-game button[data-action="roll"]').isDisabled()).resolves.toBe(true);

    await play([a, b], 8);
    const mid = await stateOf(a);
    expect(await logLength(a)).toBe(8);
    // Kill the server (SIGKILL) and start it again on the same port: the pages reconnect by themselves.
    // No grace period: the server sends a move only once it is stored (server/store-first.ts).
    await server.kill();
    server = await startServerProcess(env, server.port);
    for (const p of [a, b, watcher])
      await p.waitForFunction(
        () =>
          (document.querySelector("train-game") as unknown as { online: { connected: boolean } }).online
            .connected,
        undefined,
        { timeout: 20_000 },
      );
    expect(await stateOf(a)).toEqual(mid);
    await play([a, b]);
    await watcher.locator('train-game [part="base"][data-seat-to-move=""]').waitFor({ timeout: 10_000 });
    const end = (await stateOf(watcher)) as { over: boolean; winners: number[]; seed?: unknown };
    expect(end.over).toBe(true);
    expect(end).not.toHaveProperty("seed");
    expect(await stateOf(a)).toEqual(end);
    expect(await stateOf(b)).toEqual(end);
    expect(errors).toEqual([]);
  });

  it("the lobby creates a match with a computer seat, shares its link, seats a person who plays against the server's bot", async () => {
    const page = await open("lobby.html");
    await page.locator("#create-game").selectOption("train");
    await page.locator("#create-players").fill("2");
    await page.locator("#create-goal").fill("10");
    await page.locator("#create-bots").fill("2");
    await page.locator("#create-button").click();
    await page.locator("#seats li", { hasText: "Seat 2: Computer" }).waitFor({ timeout: 10_000 });
    const link = await page.locator("#share-link").getAttribute("href");
    expect(link).toMatch(/match=/);
    // Another browser opens the shared link and takes seat 1.
    const guest = await open(link!.replace(/^\//, ""));
    await guest.locator("#player-name").fill("Ada");
    await guest.locator("#seats button", { hasText: "Take seat 1" }).click();
    await guest.locator("#lobby-status", { hasText: "You play seat 1." }).waitFor({ timeout: 10_000 });
    await guest.locator('train-game [part="base"][data-seat-to-move]').waitFor({ timeout: 20_000 });
    // Hints for seat 0's turn, computed in the guest's own worker from what seat 0 sees.
    await guest.locator("train-game [part~=hints] tbody tr").first().waitFor({ timeout: 30_000 });
    expect(await guest.locator("train-game [part~=hints]").textContent()).toMatch(/Roll/);
    // Play seat 0 until the computer (seat 1) has moved at least once.
    for (let n = 0; n < 200; n++) {
      const state = (await stateOf(guest)) as {
        over: boolean;
        current: number | null;
        log: { player: number }[];
      };
      if (state.over || state.log.some((a) => a.player === 1)) break;
      if (state.current === 0) await step(guest);
      else await guest.waitForTimeout(200);
    }
    const state = (await stateOf(guest)) as { over: boolean; log: { player: number }[] };
    expect(state.log.some((a) => a.player === 1)).toBe(true);
    await page.locator("#seats li", { hasText: "Seat 1: Ada (connected)" }).waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
  });
  // String Railway and Light Rail online, in their own elements: test/e2e/online-elements.test.ts.
});
