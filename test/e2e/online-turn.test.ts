/**
 * Issue #23 online, in Chromium: the railkit server (a child process on 127.0.0.1, flat files in a temporary folder)
 * serves the built demo; two browser contexts open their seats of a Train Game on the lobby page.
 * - The tab title says "● Your turn — railkit" on the page of the seat to move and the page's own title on the
 *   other, and the two swap when the turn passes.
 * - The waiting seat's hint panel says hints come on its turn (it used to say "Computing…" forever); the seat to
 *   move gets its hints.
 * - Undo is not offered online right after a roll either (the view's `canUndo`, from the server's engine).
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { tempDir } from "../online/helpers.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";
import { type ServerProcess, startServerProcess } from "./online-server.ts";

const SEED = "online-turn-seed-23";
const YOUR_TURN = "● Your turn — railkit";
const SHOTS = process.env.RAILKIT_SHOTS ?? "/tmp";

describe.runIf(haveBrowser)("issue #23 online: whose turn in the tab title, hints wait for your turn", () => {
  const store = tempDir();
  let server: ServerProcess;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    await builtDemo("lobby.html");
    server = await startServerProcess({ RAILKIT_MATCHES: store.dir, RAILKIT_FIXED_SEEDS: "1" });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    store.remove();
  });

  async function open(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/${path}`);
    return page;
  }
  const toMove = (page: Page) => page.locator('train-game [part="base"]').getAttribute("data-seat-to-move");
  const hintsText = async (page: Page) =>
    ((await page.locator("train-game [part=hints]").textContent()) ?? "").replace(/\s+/g, " ");

  it("shows whose turn it is in the tab title and tells the waiting seat its hints come on its turn", async () => {
    const matchID = await createMatch(server.url, "train", { options: { players: 2 }, seed: SEED });
    const creds = [
      await joinMatch(server.url, "train", matchID, 0, "Ada"),
      await joinMatch(server.url, "train", matchID, 1, "Bo"),
    ];
    const pages = [
      await open(`lobby.html?game=train&match=${matchID}&seat=0&credentials=${creds[0]}`),
      await open(`lobby.html?game=train&match=${matchID}&seat=1&credentials=${creds[1]}`),
    ];
    for (const p of pages)
      await p.locator('train-game [part="base"][data-seat-to-move="0"]').waitFor({ timeout: 30_000 });
    const pageTitle = "railkit: play online";
    await expect.poll(() => pages[0]!.title(), { timeout: 5000 }).toBe(YOUR_TURN);
    await expect.poll(() => pages[1]!.title(), { timeout: 5000 }).toBe(pageTitle);
    // The waiting seat: no endless "Computing…", a plain word that hints come on its turn.
    await expect.poll(() => hintsText(pages[1]!), { timeout: 10_000 }).toContain("Hints come on your turn.");
    expect(await hintsText(pages[1]!)).not.toContain("Computing");
    // The seat to move gets its hints.
    await pages[0]!.locator("train-game [part=hints] table").waitFor({ timeout: 30_000 });
    await pages[1]!.screenshot({ path: join(SHOTS, "trainux-online-waiting.png") });

    // Seat 0 plays its turn: roll, and stop as soon as it may (rolling again when stopping is not offered).
    const p0 = pages[0]!;
    const button = (a: string) => p0.locator(`train-game button[data-action="${a}"]`);
    for (let i = 0; i < 20 && (await toMove(p0)) === "0"; i++) {
      await p0.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 10_000 });
      if (await button("roll").isEnabled()) {
        await button("roll").click();
        await p0.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 10_000 });
        // Online too, the roll cannot be taken back: Undo is not offered after it.
        if ((await toMove(p0)) === "0") await expect(button("undo").isDisabled()).resolves.toBe(true);
      } else if (await button("stop").isEnabled()) await button("stop").click();
      else if (await button("add").isEnabled()) await button("add").click();
      else if (await button("bank").isEnabled()) await button("bank").click();
      if ((await toMove(p0)) === "0" && (await button("stop").isEnabled())) await button("stop").click();
      await p0.waitForTimeout(100);
    }
    for (const p of pages)
      await p.locator('train-game [part="base"][data-seat-to-move="1"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => pages[1]!.title(), { timeout: 5000 }).toBe(YOUR_TURN);
    await expect.poll(() => pages[0]!.title(), { timeout: 5000 }).toBe(pageTitle);
    await expect.poll(() => hintsText(p0), { timeout: 10_000 }).toContain("Hints come on your turn.");
    await pages[1]!.locator("train-game [part=hints] table").waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
  });
});
