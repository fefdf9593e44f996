/**
 * Issue #12, strict CSP: the demo page, the solver page and the embed example (dist/demo, built by `vite build`)
 * served with `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self';
 * img-src 'self'` run with no CSP violation and no console error, and every element that exists (globbed from
 * web/elements/) plays real moves through its worker; the solver page draws its legend ramps (no inline styles).
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botsPlay, type CspServer, elementTags, serveWithCsp, watch } from "../package/csp.ts";
import { builtDemo, haveBrowser, launchChromium, sharedPage } from "./browser.ts";
import { unnamedControls } from "./element-cases.ts";

describe.runIf(haveBrowser)("strict CSP: demo, solver and embed pages", () => {
  let server: CspServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await serveWithCsp(await builtDemo("embed.html"));
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("finds the elements to test", () => {
    expect(elementTags()).toContain("train-game");
  });

  it("the demo page: every element plays under the policy", async () => {
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    for (const tag of elementTags()) expect(await botsPlay(page, tag), tag).toBeGreaterThanOrEqual(2);
    // The favicon is a file, not data: (img-src 'self').
    expect(await page.getAttribute("link[rel=icon]", "href")).not.toMatch(/^data:/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("every element names each of its controls (ARIA snapshot: no unnamed button, box or link)", async () => {
    const page = await sharedPage(browser);
    await page.goto(`${server.url}index.html`);
    for (const tag of elementTags()) {
      await page.waitForFunction(
        (t) => !!(document.querySelector(t) as unknown as { state?: unknown }).state,
        tag,
        {
          timeout: 30_000,
        },
      );
      const tree = await page.locator(tag).ariaSnapshot();
      expect(tree, tag).toMatch(/- button "/);
      expect(unnamedControls(tree), tag).toEqual([]);
    }
    await page.close();
  });

  it("the embed page: one element; a person's roll goes through", async () => {
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}embed.html`);
    await page.locator("train-game button[data-action=roll]:not([disabled])").click({ timeout: 30_000 });
    await page.waitForFunction(
      () =>
        ((document.querySelector("train-game") as unknown as { state?: { log: unknown[] } }).state?.log
          .length ?? 0) > 0,
      null,
      { timeout: 15_000 },
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("the solver page: the legend ramps are drawn (classes, no inline style)", async () => {
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}solver.html`);
    await page.locator("#race-legend .ramp").waitFor({ timeout: 30_000 });
    const bg = await page.locator("#race-legend .ramp").evaluate((e) => getComputedStyle(e).backgroundImage);
    expect(bg).toContain("linear-gradient");
    expect(await page.locator("[style]").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
