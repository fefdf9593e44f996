/**
 * review.element (issue #26, docs/review.md): `<light-rail>`'s review mode in Debian's Chromium, on the embed page
 * (dist/demo/embed.html, strict CSP; the element added by the test). A finished two-seat game made in Node (seat 0
 * places on a fixed walk through its legal cells, seat 1 the greedy bot) is handed to `review(save)`: the moves are
 * graded progressively by the hints' search (a progress bar and Stop while it runs: stopped, the moves graded so far
 * stay), the summary and chart follow; the slider
 * and the list of moves show the city as it was (its cards counted); the board is inert. Screenshots go to
 * $RAILKIT_SHOTS (default the system's temp folder).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botRng, greedyPlacement, type LightState, lightEngine } from "../../web/engine/light/index.ts";
import { type CspServer, serveWithCsp, watch } from "../package/csp.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";

const SHOTS = process.env.RAILKIT_SHOTS ?? tmpdir();

function finishedGame(): { save: LightState; before: LightState[] } {
  let s = lightEngine.setup({ players: 2 } as never, "review-e2e");
  const before: LightState[] = [];
  for (let i = 0; !s.over; i++) {
    before.push(s);
    const legal = lightEngine.legalActions(s);
    const p = s.current === 1 ? greedyPlacement(s, botRng(`g/${i}`)) : null;
    const a = p
      ? { type: "place" as const, player: 1, q: p.q, r: p.r, orientation: p.orientation }
      : legal[(i * 31) % legal.length]!;
    const r = lightEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  before.push(s);
  return { save: s, before };
}

describe.runIf(haveBrowser)("<light-rail> review mode", () => {
  let server: CspServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  const game = finishedGame();
  const stepText = () => page.locator("light-rail [data-review-step]").textContent();

  beforeAll(async () => {
    server = await serveWithCsp(await builtDemo("embed.html"));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
    problems = await watch(page);
    await page.goto(`${server.url}embed.html`);
    await page.evaluate(async () => {
      document.querySelector("train-game")?.remove();
      await customElements.whenDefined("light-rail");
      document.body.append(document.createElement("light-rail"));
    });
    await page.locator("light-rail [part=base][data-seat-to-move]").waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("Stop while grading: the moves graded so far stay, the summary says it stopped early", async () => {
    // The person presses Stop once the first move is graded: pressed from the page's first graded-move callback, so
    // the 16 moves' grading (about 0.3 s) cannot end before the press, however slow this test's clicks are.
    await page.evaluate((save) => {
      const el = document.querySelector("light-rail") as HTMLElement & {
        review(s: string): Promise<void>;
        client: { light: { review: (...a: unknown[]) => Promise<unknown> } };
      };
      const api = el.client.light;
      const real = api.review;
      api.review = (handle, options, onMove, onProgress) => {
        api.review = real;
        let pressed = false;
        return real(
          handle,
          options,
          (m: unknown) => {
            (onMove as (m: unknown) => void)(m);
            if (pressed) return;
            pressed = true;
            queueMicrotask(() =>
              (el.shadowRoot!.querySelector("button[data-review=stop]") as HTMLButtonElement).click(),
            );
          },
          onProgress,
        );
      };
      void el.review(save);
    }, JSON.stringify(game.save));
    await page.locator("light-rail [part=review-summary] table").waitFor({ timeout: 30_000 });
    expect(await page.locator("light-rail #review-sum-h").textContent()).toBe("Summary (stopped early)");
    expect(await page.locator("light-rail button[data-move]").count()).toBeLessThan(game.save.log.length);
    await page.locator("light-rail button[data-review=exit]").click();
    await page.locator("light-rail [part=base][data-seat-to-move]").waitFor();
  });

  it("review(save): progress while grading, then every move and the summary with its chart", async () => {
    await page.evaluate((save) => {
      const el = document.querySelector("light-rail") as HTMLElement & { review(s: string): Promise<void> };
      void el.review(save);
    }, JSON.stringify(game.save));
    await page.locator("light-rail [part=review]").waitFor();
    await page.locator("light-rail [part=review-summary] table").waitFor({ timeout: 60_000 });
    const n = game.save.log.length;
    expect(await page.locator("light-rail button[data-move]").count()).toBe(n);
    expect(await page.locator("light-rail [part=review-chart] polyline").count()).toBe(2);
    expect(await page.locator("light-rail [part=review] progress").count()).toBe(0);
    expect(await page.locator("light-rail [data-review-mode] [inert]").count()).toBe(1);
  });

  it("the slider and the list of moves show the city as it was", async () => {
    const n = game.save.log.length;
    const mid = Math.floor(n / 2);
    await page.locator("light-rail [part=review-slider]").fill(String(mid));
    await expect.poll(stepText).toBe(`Before move ${mid + 1} of ${n}`);
    await expect
      .poll(() => page.locator("light-rail .turn-meta").textContent())
      .toBe(`${game.before[mid]!.cards.length} cards placed`);
    await page.locator('light-rail button[data-move="3"]').click();
    await expect.poll(stepText).toBe(`Before move 4 of ${n}`);
    await expect
      .poll(() => page.locator("light-rail .turn-meta").textContent())
      .toBe(`${game.before[3]!.cards.length} card${game.before[3]!.cards.length === 1 ? "" : "s"} placed`);
    expect(await page.locator('light-rail [data-grade="3"]').textContent()).toMatch(/played Place at/);
    await page.screenshot({ path: join(SHOTS, "light-review.png"), fullPage: true });
    await page.locator("light-rail button[data-review=exit]").click();
    await page.locator("light-rail [part=base][data-seat-to-move]").waitFor();
    expect(problems).toEqual([]);
  });
});
