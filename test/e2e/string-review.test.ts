/**
 * review.element (issue #26, docs/review.md): `<string-railway>`'s review mode in Debian's Chromium, on the embed page
 * (dist/demo/embed.html, strict CSP; the element added by the test). A finished two-seat, two-round game made in Node
 * (seat 0 the solver bot, seat 1 a fixed walk through its legal actions: mistakes to find) is set as the `review`
 * attribute (Stop at once: the review ends early without an error, and a move not graded never reads "The best
 * move."), then handed to `review(save)`: graded moves arrive with progress, then the summary and its chart; ←/→,
 * the slider and a click in the list show the board as it was (its strings counted), inert; a refused save as the
 * attribute fires `railkit-load-error` and shows no review. The time from
 * `review(save)` to the summary drawn is logged. Screenshots go to $RAILKIT_SHOTS (default the system's temp folder).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StringAction, type StringState, stringEngine } from "../../web/engine/string/index.ts";
import { string } from "../../web/games/string/index.ts";
import { nodeKit } from "../../web/wasm/node.ts";
import { type CspServer, serveWithCsp, watch } from "../package/csp.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";

const SHOTS = process.env.RAILKIT_SHOTS ?? tmpdir();

/** The finished game and the state before each move (the replay, for checking the board shown). */
async function finishedGame(): Promise<{ save: StringState; before: StringState[] }> {
  const solver = await string.loadSolver(nodeKit());
  let s = stringEngine.setup({ players: 2, rounds: 2 }, "review-e2e");
  const before: StringState[] = [];
  for (let i = 0; !s.over; i++) {
    before.push(s);
    let a: StringAction;
    if (s.current === 0) a = solver.botAction(s);
    else {
      const legal = stringEngine.legalActions(s);
      a = legal[(i * 7919) % legal.length]!;
    }
    const r = stringEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  before.push(s);
  return { save: s, before };
}

const stringsOf = (s: StringState) => s.seats.reduce((n, seat) => n + seat.strings.length, 0);

describe.runIf(haveBrowser)("<string-railway> review mode", () => {
  let server: CspServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let game: Awaited<ReturnType<typeof finishedGame>>;
  const stepText = () => page.locator("string-railway [data-review-step]").textContent();
  const boardLabel = () => page.locator("string-railway [part=board]").getAttribute("aria-label");

  beforeAll(async () => {
    game = await finishedGame();
    server = await serveWithCsp(await builtDemo("embed.html"));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 1000 } });
    problems = await watch(page);
    await page.goto(`${server.url}embed.html`);
    await page.evaluate(async () => {
      document.querySelector("train-game")?.remove();
      await customElements.whenDefined("string-railway");
      document.body.append(document.createElement("string-railway"));
    });
    await page.locator("string-railway [part=base][data-seat-to-move]").waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("the review attribute, Stop at once: stopped early, no error, an ungraded move not called the best", async () => {
    // Stop in the page the moment the button is drawn (a mutation observer clicks it in the same task): a click
    // through Playwright took long enough on a loaded CI machine for all 42 moves to be graded first.
    await page.evaluate((save) => {
      const el = document.querySelector("string-railway")!;
      const root = el.shadowRoot!;
      const clicked = new Promise<void>((ok) => {
        const look = () => {
          const stop = root.querySelector<HTMLButtonElement>("button[data-review=stop]");
          if (!stop) return false;
          stop.click();
          ok();
          return true;
        };
        const seen = new MutationObserver(() => look() && seen.disconnect());
        seen.observe(root, { childList: true, subtree: true });
      });
      el.setAttribute("review", save);
      return clicked;
    }, JSON.stringify(game.save));
    await page.locator("string-railway [part=review-summary] table").waitFor({ timeout: 30_000 });
    expect(await page.locator("string-railway #review-sum-h").textContent()).toBe("Summary (stopped early)");
    const graded = await page.locator("string-railway button[data-move]").count();
    expect(graded).toBeLessThan(game.save.log.length);
    expect(await page.locator("string-railway [role=alert]").count()).toBe(0);
    await page.locator("string-railway [part=review-slider]").fill(String(graded));
    await expect.poll(stepText).toBe(`Before move ${graded + 1} of ${game.save.log.length}`);
    const shown = await page.locator("string-railway [part=review] p").first().textContent();
    expect(shown).toMatch(/Not graded/);
    expect(shown).not.toMatch(/The best move/);
    // Removing the attribute leaves review mode.
    await page.evaluate(() => document.querySelector("string-railway")!.removeAttribute("review"));
    await page.locator("string-railway [part=base][data-seat-to-move]").waitFor();
  });

  it("review(save): graded moves, then the summary with its chart and seat 1's mistakes", async () => {
    const ms = await page.evaluate(async (save) => {
      const el = document.querySelector("string-railway") as HTMLElement & {
        review(s: string): Promise<void>;
      };
      const t0 = performance.now();
      await el.review(save);
      return await new Promise<number>((ok) => {
        const look = () =>
          el.shadowRoot!.querySelector("[part=review-summary] table")
            ? ok(performance.now() - t0)
            : requestAnimationFrame(look);
        look();
      });
    }, JSON.stringify(game.save));
    const n = game.save.log.length;
    console.log(`String review of ${n} moves: summary drawn ${ms.toFixed(0)} ms after review(save)`);
    expect(await page.locator("string-railway button[data-move]").count()).toBe(n);
    expect(await page.locator("string-railway [part=review-chart] polyline").count()).toBe(2);
    expect(await page.locator("string-railway [data-seat='1'] button[data-mistake]").count()).toBeGreaterThan(
      0,
    );
    expect(await page.locator("string-railway [data-seat='0'] button[data-mistake]").count()).toBe(0);
    expect(await page.locator("string-railway [data-review-mode] [inert]").count()).toBe(1);
    expect(await stepText()).toBe(`Before move 1 of ${n}`);
  });

  it("←/→, the slider and a click in the list show the board as it was", async () => {
    const n = game.save.log.length;
    await page.locator("string-railway [part=review]").focus();
    await page.keyboard.press("End");
    await expect.poll(stepText).toMatch(/\(the end\)$/);
    await expect.poll(boardLabel).toMatch(new RegExp(` ${stringsOf(game.save)} strings placed`));
    await page.keyboard.press("ArrowLeft");
    await expect.poll(stepText).toBe(`Before move ${n} of ${n}`);
    const mid = Math.floor(n / 2);
    await page.locator("string-railway [part=review-slider]").fill(String(mid));
    await expect.poll(stepText).toBe(`Before move ${mid + 1} of ${n}`);
    await expect.poll(boardLabel).toMatch(new RegExp(` ${stringsOf(game.before[mid]!)} strings placed`));
    const i = Number(
      await page
        .locator("string-railway [data-seat='1'] button[data-mistake]")
        .first()
        .getAttribute("data-mistake"),
    );
    await page.locator(`string-railway button[data-move="${i}"]`).click();
    await expect.poll(stepText).toBe(`Before move ${i + 1} of ${n}`);
    await expect.poll(boardLabel).toMatch(new RegExp(` ${stringsOf(game.before[i]!)} strings placed`));
    expect(await page.locator(`string-railway [data-grade="${i}"]`).textContent()).toMatch(
      /Best: .*lost .*mistake/s,
    );
    await page.screenshot({ path: join(SHOTS, "string-review.png"), fullPage: true });
  });

  it("Leave the review: the game being played is back; nothing went wrong on the page", async () => {
    await page.locator("string-railway button[data-review=exit]").click();
    await page.locator("string-railway [part=base][data-seat-to-move]").waitFor();
    expect(await page.locator("string-railway [part=review]").count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it("a refused save as the review attribute: railkit-load-error with the engine's message, no review mode", async () => {
    const message = await page.evaluate(
      () =>
        new Promise<string>((ok) => {
          const el = document.querySelector("string-railway")!;
          el.addEventListener("railkit-load-error", (e) => ok(e.detail.message), { once: true });
          el.setAttribute("review", JSON.stringify({ game: "string", version: 3, log: "x" }));
        }),
    );
    expect(message).toMatch(/^\//);
    expect(await page.locator("string-railway [part=review]").count()).toBe(0);
    await page.locator("string-railway [part=base][data-seat-to-move]").waitFor();
  });
});
