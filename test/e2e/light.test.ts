/**
 * <light-rail> in Debian's Chromium, driven through playwright-core against the built demo (dist/demo,
 * built by `vite build`; built here if missing). A person places cards by mouse, keyboard and touch,
 * rotates the card, sees an illegal cell explained and refused, completes a route and sees the credit,
 * and finishes a 2-player game against the computer (objectives revealed, final table). Screenshots go
 * to dist/e2e/. Skipped without /usr/bin/chromium unless RAILKIT_BROWSER=required.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";
import {
  attributeMessages,
  elementPage,
  rolesAndNames,
  saveAndShare,
  themingAndMotion,
} from "./element-cases.ts";

const shots = resolve(import.meta.dirname, "../../dist/e2e");

interface Placement {
  action: { player: number; q: number; r: number; orientation: number };
  by: "person" | "computer";
  gains: number[];
  routes: { credit: number; winners: number[]; cells: [number, number][] }[];
}
interface Over {
  totals: number[];
  winners: number[];
}

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

describe.runIf(haveBrowser)("<light-rail> in Chromium", () => {
  let demo: DemoBrowser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    demo = await openDemo();
    page = await demo.browser.newPage({ viewport: { width: 1200, height: 1100 } });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${demo.server.url}index.html#light`);
    // A fixed seed makes the game the same on every run; the test still only relies on what the page shows.
    await page.evaluate(() => {
      const g = document.querySelector("light-rail")!;
      g.setAttribute("hint-time", "500");
      g.setAttribute("seed", "e2e-light-1");
      const w = window as unknown as { placements: unknown[]; over: unknown[] };
      w.placements = [];
      w.over = [];
      g.addEventListener("placement", (e) => w.placements.push(e.detail));
      g.addEventListener("game-over", (e) => w.over.push(e.detail));
    });
  });

  afterAll(async () => {
    await demo?.close();
  });

  const el = "light-rail";
  const myTurn = () =>
    page
      .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"]`)
      .waitFor({ timeout: 30_000 });
  const legal = () => page.locator(`${el} rect.cell.legal`);
  const placements = () => page.evaluate(() => (window as unknown as { placements: Placement[] }).placements);
  const mine = async () => (await placements()).filter((p) => p.by === "person");
  const info = () => page.locator(`${el} .cell-info`).textContent();
  const hintsDone = () =>
    page.locator(`${el} [part~=hints] .tip`, { hasText: /Done|Stopped/ }).waitFor({ timeout: 30_000 });

  it("places the first card with the mouse, on the one cell offered", async () => {
    await myTurn();
    await expect(page.locator(`${el} .turn-title`).textContent()).resolves.toContain("You to play");
    await expect(legal().count()).resolves.toBe(1);
    await legal().first().click();
    await page.waitForFunction(
      () => (window as unknown as { placements: Placement[] }).placements.length > 0,
      undefined,
      { timeout: 10_000 },
    );
    const [first] = await placements();
    expect(first).toMatchObject({ by: "person", action: { player: 0, q: 0, r: 0 } });
    await expect(page.locator(`${el} g.placed`).count()).resolves.toBeGreaterThanOrEqual(1);
    expect(await page.locator(`${el} [part=log] li`).count()).toBeGreaterThan(0);
  });

  it("lets the computer place its card, then gives the turn back", async () => {
    await myTurn();
    const all = await placements();
    expect(all.some((p) => p.by === "computer" && p.action.player === 1)).toBe(true);
    await expect(page.locator(`${el} g.placed`).count()).resolves.toBe(2);
    await expect(
      page.locator(`${el} [role=status][aria-live=polite], ${el} .sr-only[aria-live]`).count(),
    ).resolves.toBeGreaterThan(0);
  });

  it("rotates the card in hand with the button, the R key and a right-click", async () => {
    await myTurn();
    const rotate = page.locator(`${el} button[data-action="rotate"]`);
    const card = page.locator(`${el} svg.hand-card`);
    const before = await card.innerHTML();
    await expect(rotate.getAttribute("aria-pressed")).resolves.toBe("false");
    await rotate.click();
    await expect(rotate.getAttribute("aria-pressed")).resolves.toBe("true");
    expect(await card.innerHTML()).not.toBe(before);
    await expect(card.getAttribute("aria-label")).resolves.toContain("turned 180°");
    await page.locator(`${el} svg.board`).focus();
    await page.keyboard.press("r");
    await expect(rotate.getAttribute("aria-pressed")).resolves.toBe("false");
    await page.locator(`${el} svg.board`).click({ button: "right", position: { x: 5, y: 5 } });
    await expect(rotate.getAttribute("aria-pressed")).resolves.toBe("true");
    await page.keyboard.press("R");
    await expect(rotate.getAttribute("aria-pressed")).resolves.toBe("false");
  });

  it("explains an illegal cell on hover, and the engine refuses it with its reason", async () => {
    await myTurn();
    // A placed card: occupied.
    await page.locator(`${el} g.placed`).first().hover();
    await expect(info()).resolves.toMatch(/Occupied — a card already lies at/);
    // A cell no card is next to, or outside every city placement.
    const bad = page.locator(`${el} rect.cell.blocked:not(.outside)`).first();
    const target = (await bad.count()) > 0 ? bad : page.locator(`${el} rect.cell.blocked.outside`).first();
    const rule = await target.getAttribute("data-rule");
    expect(rule).toMatch(/^light\.(not-adjacent|outside-city-limit)$/);
    await target.hover();
    await expect(info()).resolves.toMatch(/Not next to a card|Outside every city placement/);
    const n = (await placements()).length;
    await target.click();
    const message = page.locator(`${el} [part=message].error`);
    await message.waitFor({ timeout: 10_000 });
    expect(await message.textContent()).toMatch(
      rule === "light.not-adjacent"
        ? /Not next to a card: .*is not next to a placed card/
        : /Outside every city placement: .*fit no 2-player city shape/,
    );
    expect((await placements()).length).toBe(n);
    await expect(page.locator(`${el} [part="base"]`).getAttribute("data-seat-to-move")).resolves.toBe("0");
  });

  it("places a card with the keyboard: arrows step to a neighbouring cell (issue #23), Home/End to a row's ends, Enter places", async () => {
    await myTurn();
    const board = page.locator(`${el} svg.board`);
    await board.focus();
    await page.locator(`${el} rect.cursor`).waitFor();
    // issue #23: Left / Right step to a card of the neighbouring column (they skipped one), Up / Down to the card
    // directly above / below; each press lands on a neighbour of docs/rules/light-rail.md § Grid.
    const at = async () => {
      await page.waitForTimeout(50);
      const [, q, r] = ((await info()) ?? "").match(/^\((-?\d+), (-?\d+)\)/)!;
      return [Number(q), Number(r)];
    };
    const D = [
      [0, -1],
      [1, -1],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
    ];
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    let here = await at();
    for (const key of ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp"]) {
      await page.keyboard.press(key);
      const next = await at();
      const step = [next[0]! - here[0]!, next[1]! - here[1]!];
      if (step[0] !== 0 || step[1] !== 0) {
        expect(D, `${key} from (${here}) to (${next})`).toContainEqual(step);
        if (key === "ArrowRight" || key === "ArrowLeft") expect(step[0]).toBe(key === "ArrowRight" ? 1 : -1);
        else expect(step).toEqual([0, key === "ArrowDown" ? 1 : -1]);
      }
      here = next;
    }
    // Home / End: the row's ends, where Left / Right stop.
    await page.keyboard.press("End");
    const end = await at();
    await page.keyboard.press("ArrowRight");
    expect(await at()).toEqual(end);
    await page.keyboard.press("Home");
    const home = await at();
    expect(home[0]).toBeLessThan(end[0]!);
    await page.keyboard.press("ArrowLeft");
    expect(await at()).toEqual(home);
    // Walk the cursor to a legal cell: Left / Right until its column, then Up / Down.
    const target = legal().first();
    const goal = [Number(await target.getAttribute("data-q")), Number(await target.getAttribute("data-r"))];
    for (let i = 0; i < 40 && !/you may place here/.test((await info()) ?? ""); i++) {
      const [q, r] = await at();
      const key =
        q! < goal[0]! ? "ArrowRight" : q! > goal[0]! ? "ArrowLeft" : r! < goal[1]! ? "ArrowDown" : "ArrowUp";
      await page.keyboard.press(key);
    }
    const text = (await info()) ?? "";
    expect(text).toMatch(/you may place here/);
    const [, q, r] = text.match(/^\((-?\d+), (-?\d+)\)/)!;
    const before = (await mine()).length;
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (n) =>
        (window as unknown as { placements: Placement[] }).placements.filter((p) => p.by === "person")
          .length > n,
      before,
      { timeout: 10_000 },
    );
    const last = (await mine()).at(-1)!;
    expect([last.action.q, last.action.r]).toEqual([Number(q), Number(r)]);
  });

  it("shades legal cells by the search with a best mark, completes a route and shows the credit, and plays to the end", async () => {
    let scored: Placement | null = null;
    let shotTaken = false;
    for (let turn = 0; turn < 12; turn++) {
      const over = await page.evaluate(() => (window as unknown as { over: Over[] }).over.length > 0);
      if (over) break;
      await page
        .locator(
          `${el} [part="base"][data-seat-to-move="0"][aria-busy="false"], ${el} [part="base"][data-seat-to-move=""]`,
        )
        .waitFor({ timeout: 30_000 });
      if ((await page.locator(`${el} [part="base"][data-seat-to-move=""]`).count()) > 0) break;
      await hintsDone();
      const cells = legal();
      const n = await cells.count();
      expect(n).toBeGreaterThan(0);
      await expect(page.locator(`${el} rect.cell.legal.hinted`).count()).resolves.toBe(n);
      await expect(page.locator(`${el} g.best`).count()).resolves.toBe(1);
      await expect(page.locator(`${el} [part~=hint-best]`).count()).resolves.toBe(1);
      if (!shotTaken) {
        await page.locator(el).screenshot({ path: resolve(shots, "light-rail-hints.png") });
        shotTaken = true;
      }
      // The most credit now, the first such cell.
      let pick = 0;
      let best = -1;
      for (let i = 0; i < n; i++) {
        const c = Number(await cells.nth(i).getAttribute("data-credit"));
        if (c > best) {
          best = c;
          pick = i;
        }
      }
      const before = (await mine()).length;
      await cells.nth(pick).click();
      await page.waitForFunction(
        (k) =>
          (window as unknown as { placements: Placement[] }).placements.filter((p) => p.by === "person")
            .length > k,
        before,
        { timeout: 10_000 },
      );
      const last = (await mine()).at(-1)!;
      if (!scored && last.routes.some((r) => r.credit > 0 && r.winners.includes(0))) {
        scored = last;
        const gain = last.gains[0]!;
        expect(gain).toBeGreaterThan(0);
        const tag = page.locator(`${el} g.route .route-text`).first();
        await expect(tag.textContent()).resolves.toMatch(/Blue( & Yellow)? \+\d/);
        await expect(page.locator(`${el} [part=log]`).textContent()).resolves.toMatch(
          /Route of \d+ cards? completed: You (and Computer each score|score) \d/,
        );
        await page.locator(el).screenshot({ path: resolve(shots, "light-rail-route.png") });
      }
    }
    expect(scored, "the person completed a route that scored").not.toBeNull();
    await page.waitForFunction(() => (window as unknown as { over: Over[] }).over.length > 0, undefined, {
      timeout: 30_000,
    });
    const [over] = await page.evaluate(() => (window as unknown as { over: Over[] }).over);
    await expect(page.locator(`${el} .turn-title`).textContent()).resolves.toMatch(/^Game over: /);
    await expect(page.locator(`${el} #score-h`).textContent()).resolves.toBe("Final table");
    for (const seat of [0, 1]) {
      const total = await page.locator(`${el} tr[data-seat="${seat}"] .score`).textContent();
      expect(Number(total)).toBe(over!.totals[seat]);
    }
    // Both seats' objectives revealed, each fulfilled or not.
    await expect(page.locator(`${el} [part=objectives] .obj-seat`).count()).resolves.toBe(2);
    await expect(page.locator(`${el} [part=objectives] li .tag`).count()).resolves.toBe(4);
    await expect(page.locator(`${el} g.placed`).count()).resolves.toBe(16);
    await expect(page.locator(`${el} path.frame.fixed`).count()).resolves.toBe(1);
    await expect(page.locator(`${el} button[data-action="new"].primary`).isVisible()).resolves.toBe(true);
    await page.locator(el).screenshot({ path: resolve(shots, "light-rail-final.png") });
  });

  it("starts a new 3-player game against two computers from the new-game form", async () => {
    await page.locator(`${el} select[name="players"]`).selectOption("3");
    await page.locator(`${el} button[data-action="new"]`).click();
    await page.locator(`${el} tr[data-seat="2"]`).waitFor({ timeout: 10_000 });
    await expect(page.locator(`${el} tbody tr[data-seat]`).count()).resolves.toBe(3);
    await expect(page.locator(el).evaluate((e) => (e as HTMLElement & { bots: string }).bots)).resolves.toBe(
      "1,2",
    );
    await myTurn();
    await expect(page.locator(`${el} .turn-meta`).textContent()).resolves.toMatch(/^0 cards placed/);
    await legal().first().click();
    // Both computers play, then it is the person's turn again with three cards in the city.
    await page.locator(`${el} g.placed`).nth(2).waitFor({ timeout: 30_000 });
    await myTurn();
    await expect(page.locator(`${el} g.placed`).count()).resolves.toBe(3);
  });

  it("shows the hint search's progress and stops it on request", async () => {
    await page.evaluate(() => document.querySelector("light-rail")!.setAttribute("hint-time", "8000"));
    await legal().first().click(); // the next position searches with the longer budget
    await myTurn();
    const stop = page.locator(`${el} button[data-action="stop-hints"]`);
    await stop.waitFor({ timeout: 10_000 });
    const bar = page.locator(`${el} [part~=hints] progress`);
    await expect(bar.getAttribute("max")).resolves.toBe("32");
    await stop.click();
    await page.locator(`${el} [part~=hints] .tip`, { hasText: "Stopped" }).waitFor({ timeout: 10_000 });
    await page.locator(`${el} rect.cell.legal.hinted`).first().waitFor({ timeout: 10_000 });
    expect(Number(await bar.getAttribute("value"))).toBeLessThan(32);
    await expect(page.locator(`${el} [part~=hint-best]`).count()).resolves.toBe(1);
  });

  it("places a card by touch: a first tap shows it there, a second tap places it", async () => {
    const ctx = await demo.browser.newContext({ hasTouch: true, viewport: { width: 900, height: 1200 } });
    const touch = await ctx.newPage();
    touch.on("pageerror", (e) => errors.push(e.message));
    await touch.goto(`${demo.server.url}index.html#light`);
    await touch.evaluate(() => {
      const g = document.querySelector("light-rail")!;
      g.setAttribute("seed", "e2e-light-touch");
      g.removeAttribute("hints");
      const w = window as unknown as { placements: unknown[] };
      w.placements = [];
      g.addEventListener("placement", (e) => w.placements.push(e.detail));
    });
    const mineT = () =>
      touch
        .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"]`)
        .waitFor({ timeout: 30_000 });
    await mineT();
    const cell = touch.locator(`${el} rect.cell.legal`).first();
    await cell.tap();
    await touch.locator(`${el} g.ghost`).waitFor();
    await expect(touch.locator(`${el} [part=message]`).textContent()).resolves.toMatch(/Tap again/);
    expect(await touch.locator(`${el} g.placed`).count()).toBe(0);
    await cell.tap();
    await touch.locator(`${el} g.placed`).first().waitFor({ timeout: 10_000 });
    await touch.waitForFunction(() =>
      (window as unknown as { placements: Placement[] }).placements.some((p) => p.by === "person"),
    );
    await ctx.close();
  });

  it("save and share (issue #12): export, place a card, import the export: the card is gone; garbage refused, the game kept", async () => {
    const p = await elementPage(demo.browser, demo.server.url, el, { "hint-time": "250" }, errors);
    await saveAndShare(p, el, () => p.locator(`${el} rect.cell.legal`).first().click());
    await p.close();
  });

  it("attributes (issue #12): players=7, bots=9, bots=x in words; hints=false is off", async () => {
    const p = await elementPage(demo.browser, demo.server.url, el, { "hint-time": "250" }, errors);
    await attributeMessages(p, el, [2, 4]);
    await p.close();
  });

  it("theming (issue #12): light and dark defaults, a page's custom property wins in both, reduced motion stops motion", async () => {
    await themingAndMotion(demo.browser, demo.server.url, el);
  });

  it("roles and names (issue #12): every control named, one live region, the hint panel not live", async () => {
    const p = await elementPage(demo.browser, demo.server.url, el, { "hint-time": "250", hints: "" }, errors);
    await rolesAndNames(p, el);
    await p.close();
  });

  it("had no uncaught page errors", () => {
    expect(errors).toEqual([]);
  });
});
