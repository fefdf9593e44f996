/**
 * Issue #12, the Train Game widget's rough edges, on the embed page (dist/demo/embed.html, strict CSP) at a
 * phone's width (390 px): Stop is not offered before the first roll (nor in the hints), the log says rolls in
 * words, what happened is announced once through a live region (the hint panel is not live), the finished train
 * stays visible until the next roll, the scores and hints sit right under the buttons with the log last, and every
 * control has a role and a name (the accessibility tree, through Playwright's ARIA snapshot).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CspServer, serveWithCsp, watch } from "../package/csp.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";

describe.runIf(haveBrowser)("<train-game> on a phone, under the strict CSP", () => {
  let server: CspServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  const game = () => page.locator("train-game");
  const button = (action: string) => page.locator(`train-game button[data-action=${action}]`);
  const stateOf = () =>
    page.evaluate(() => {
      const s = (document.querySelector("train-game") as unknown as { state: Record<string, unknown> }).state;
      return s as { log: unknown[]; history: unknown[]; current: number | null };
    });

  beforeAll(async () => {
    server = await serveWithCsp(await builtDemo("embed.html"));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    problems = await watch(page);
    await page.goto(`${server.url}embed.html`);
    // One seat: after a turn ends the same person plays again, so the finished train can be checked.
    await page.evaluate(() => {
      const g = document.querySelector("train-game")!;
      g.setAttribute("bots", "");
      g.setAttribute("players", "1");
      g.setAttribute("seed", "e2e-embed-1");
    });
    await button("roll").and(page.locator(":not([disabled])")).waitFor({ timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("does not offer Stop before the first roll, neither as a button nor as a hint", async () => {
    await expect.poll(() => button("stop").isDisabled()).toBe(true);
    expect((await button("stop").textContent())?.trim()).toBe("Stop");
    await page.locator("train-game [part=hints] table").waitFor({ timeout: 15_000 });
    expect(await page.locator("train-game [part=hints] tbody tr").allTextContents()).not.toContainEqual(
      expect.stringMatching(/Stop/),
    );
    expect(await page.locator("train-game [part=hints]").getAttribute("aria-live")).toBeNull();
  });

  it("has a role and a name for every control (ARIA snapshot)", async () => {
    const tree = await game().ariaSnapshot();
    expect(tree).toMatch(/- button "Roll 6 dice"/);
    const unnamed = tree
      .split("\n")
      .filter((l) =>
        /^\s*- (button|checkbox|listbox|option|textbox|combobox|spinbutton|link)\s*(\[.*\])?:?$/.test(l),
      );
    expect(unnamed).toEqual([]);
  });

  it("puts the scores and hints right under the buttons and the log last (390 px)", async () => {
    const box = async (sel: string) => (await page.locator(`train-game ${sel}`).boundingBox())!;
    const controls = await box("[part=controls]");
    const scores = await box("[part=scoreboard]");
    const log = await box("[part=log]");
    expect(scores.y).toBeGreaterThan(controls.y);
    expect(scores.y - (controls.y + controls.height)).toBeLessThan(120);
    expect(log.y).toBeGreaterThan(scores.y);
  });

  it("logs a roll in words and announces it once through the live region", async () => {
    await button("roll").click();
    await expect.poll(async () => (await stateOf()).log.length).toBeGreaterThan(0);
    const first = (await page.locator("train-game [part=log] li").first().textContent())?.trim() ?? "";
    expect(first).toMatch(/^You rolled [A-Z][a-z]+( [A-Za-z]+)?(, [A-Z][a-z]+( [A-Za-z]+)?)*\.$/);
    const live = page.locator("train-game .sr-only[aria-live=polite]");
    await expect.poll(() => live.textContent()).toContain(first);
  });

  it("keeps the finished train in view until the next roll", async () => {
    for (let i = 0; i < 40 && (await stateOf()).history.length === 0; i++) {
      for (const action of ["stop", "add", "roll"]) {
        const b = button(action);
        if (await b.isEnabled()) {
          await b.click();
          break;
        }
      }
      await page.waitForTimeout(150);
    }
    expect((await stateOf()).history.length).toBe(1);
    const finished = page.locator("train-game p[data-finished]");
    await finished.waitFor({ timeout: 10_000 });
    expect(await finished.textContent()).toMatch(/You: .*\d+ points?/);
    await button("roll").click();
    await finished.waitFor({ state: "detached", timeout: 10_000 });
    expect(problems).toEqual([]);
  });
});
