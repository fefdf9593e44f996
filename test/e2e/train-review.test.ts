/**
 * review.element (issue #26, docs/review.md): `<train-game>`'s review mode in Debian's Chromium, on the embed page
 * (dist/demo/embed.html, strict CSP). A finished two-seat race made in Node (seat 0 plays the first legal action, seat
 * 1 the race bot: mistakes to find) is handed to `review(save)`: the graded moves and the summary with its SVG chart
 * appear; ←/→ on the panel, the slider and a click in the list of moves each show the board as it was before that
 * move (its scores are the replay's); Leave returns to the game. The time from `review(save)` to the summary drawn is
 * logged (docs/review.md). Screenshots go to $RAILKIT_SHOTS (default the system's temp folder).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TrainGameState, trainEngine } from "../../web/engine/train/index.ts";
import { train } from "../../web/games/train/index.ts";
import { nodeKit } from "../../web/wasm/node.ts";
import { type CspServer, serveWithCsp, watch } from "../package/csp.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";

const SHOTS = process.env.RAILKIT_SHOTS ?? tmpdir();

/** The finished game and the state before each move (the replay, for checking the board shown). */
async function finishedGame(): Promise<{ save: TrainGameState; before: TrainGameState[] }> {
  const solver = await train.loadSolver(nodeKit());
  let s = trainEngine.setup({ players: 2, variant: "race", goal: 100 }, "review-e2e");
  const before: TrainGameState[] = [];
  while (!s.over) {
    before.push(s);
    const a = s.current === 1 ? solver.botAction(s, "race") : trainEngine.legalActions(s)[0]!;
    const r = trainEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  before.push(s);
  return { save: s, before };
}

describe.runIf(haveBrowser)("<train-game> review mode", () => {
  let server: CspServer;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let game: Awaited<ReturnType<typeof finishedGame>>;
  const stepText = () => page.locator("train-game [data-review-step]").textContent();
  const scoresShown = async () =>
    (await page.locator("train-game [part=scoreboard] td.score").allTextContents()).map(Number);

  beforeAll(async () => {
    game = await finishedGame();
    server = await serveWithCsp(await builtDemo("embed.html"));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    problems = await watch(page);
    await page.goto(`${server.url}embed.html`);
    await page
      .locator("train-game button[data-action=roll]")
      .and(page.locator(":not([disabled])"))
      .waitFor({ timeout: 30_000 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("review(save): graded moves, then the summary with its chart", async () => {
    const ms = await page.evaluate(async (save) => {
      const el = document.querySelector("train-game") as HTMLElement & { review(s: string): Promise<void> };
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
    console.log(`review of ${n} moves: summary drawn ${ms.toFixed(0)} ms after review(save)`);
    expect(ms).toBeLessThan(10_000); // generous: the figure is logged, not timed here
    expect(await page.locator("train-game button[data-move]").count()).toBe(n);
    expect(await page.locator("train-game [part=review-chart] polyline").count()).toBe(2);
    // Seat 0 played the first legal action: mistakes, each a link in the summary; the race bot none.
    expect(await page.locator("train-game [data-seat='0'] button[data-mistake]").count()).toBeGreaterThan(0);
    expect(await page.locator("train-game [data-seat='1'] button[data-mistake]").count()).toBe(0);
    expect(await stepText()).toBe(`Before move 1 of ${n}`);
    await page.screenshot({ path: join(SHOTS, "review-start.png") });
  });

  it("←/→ on the panel step one move; the board is the position before it", async () => {
    await page.locator("train-game [part=review]").focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(stepText).toMatch(/^Before move 3 of/);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(stepText).toMatch(/^Before move 2 of/);
    await page.keyboard.press("End");
    await expect.poll(stepText).toMatch(/\(the end\)$/);
    await expect.poll(scoresShown).toEqual(game.save.scores);
  });

  it("the slider and a click in the list of moves show that position, drawn as it was", async () => {
    const n = game.save.log.length;
    const mid = Math.floor(n / 2);
    await page.locator("train-game [part=review-slider]").fill(String(mid));
    await expect.poll(stepText).toBe(`Before move ${mid + 1} of ${n}`);
    await expect.poll(scoresShown).toEqual(game.before[mid]!.scores);
    await page.screenshot({ path: join(SHOTS, "review-slider.png") });
    // The first mistake of seat 0, from the list of moves.
    const i = Number(
      await page
        .locator("train-game [data-seat='0'] button[data-mistake]")
        .first()
        .getAttribute("data-mistake"),
    );
    await page.locator(`train-game button[data-move="${i}"]`).click();
    await expect.poll(stepText).toBe(`Before move ${i + 1} of ${n}`);
    await expect.poll(scoresShown).toEqual(game.before[i]!.scores);
    const grade = await page.locator(`train-game [data-grade="${i}"]`).textContent();
    expect(grade).toMatch(/Best: .*lost .*mistake/s);
    const table = game.before[i]!.turn.table;
    expect(await page.locator("train-game [part=table] [part~=die]").count()).toBe(table.length);
    await page.screenshot({ path: join(SHOTS, "review-mistake.png"), fullPage: true });
  });

  it("Leave the review: the game being played is back; nothing went wrong on the page", async () => {
    await page.locator("train-game button[data-review=exit]").click();
    await page.locator("train-game button[data-action=roll]").waitFor();
    expect(await page.locator("train-game [part=review]").count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
