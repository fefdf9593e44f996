/**
 * Issue #23, on a phone: the demo page (dist/demo, built by `vite build`; built here if missing) in Debian's Chromium
 * emulating a phone (390 × 844 CSS px, device scale 3, mobile, touch). For each of the three games: every control
 * (button, input, select, role=button, tab stop, the city's cells) is a target of at least 44 × 44 CSS px
 * (WCAG 2.5.5; a checkbox counts with its label, which sets it too); every text drawn is at least 11 CSS px as
 * rendered (SVG text: its font size times the board's scale); the page never scrolls sideways. While a string is
 * drawn with a finger in <string-railway>, its live check (length, cost, verdict) is on screen, and not under the
 * finger. Screenshots go to dist/e2e/phone-*.png. Skipped without /usr/bin/chromium unless RAILKIT_BROWSER=required.
 * (How soon each game is playable with the CPU slowed 4× is measured in bench/phone-load.ts, not here.)
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";

const shots = resolve(import.meta.dirname, "../../dist/e2e");
const TAGS = ["train-game", "string-railway", "light-rail"] as const;
/** WCAG 2.5.5 Target Size (Enhanced), in CSS px; a hair of slack for sub-pixel layout. */
const TARGET = 44 - 0.01;
const LABEL = 11 - 0.01;

/**
 * Every interactive element in the element's shadow root (and any nested one) smaller than 44 × 44 CSS px, as
 * "tag.class "text" w×h". A checkbox or radio inside a label is measured by its label (a tap there sets it).
 */
function smallTargets(page: Page, tag: string): Promise<string[]> {
  return page.evaluate(
    ([tag, min]) => {
      const bad: string[] = [];
      const interactive =
        'button, input, select, textarea, a[href], summary, [role="button"], [role="checkbox"], [role="radio"], ' +
        '[role="option"], [role="tab"], [role="switch"], [role="slider"], [role="menuitem"], [tabindex], rect.cell';
      const visit = (root: ParentNode) => {
        for (const el of Array.from(root.querySelectorAll("*"))) {
          if (el.shadowRoot) visit(el.shadowRoot);
          if (!el.matches(interactive) || el.closest(".sr-only")) continue;
          const cs = getComputedStyle(el);
          if (cs.display === "none" || cs.visibility === "hidden") continue;
          let box = el.getBoundingClientRect();
          if (box.width === 0 && box.height === 0) continue;
          const input = el as HTMLInputElement;
          if ((input.type === "checkbox" || input.type === "radio") && input.labels?.length)
            box = input.labels[0]!.getBoundingClientRect();
          if (box.width < min || box.height < min) {
            const what = `${el.localName}.${el.getAttribute("class") ?? ""} "${(el.textContent ?? "").trim().slice(0, 24)}"`;
            bad.push(`${what} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
          }
        }
      };
      visit(document.querySelector(tag)!.shadowRoot!);
      return bad;
    },
    [tag, TARGET] as const,
  );
}

/**
 * Every text drawn in the element smaller than 11 CSS px: HTML text by its computed font size, SVG text by its
 * font size times the scale of its screen matrix. Text not rendered (titles, display: none, screen-reader only) aside.
 */
function smallLabels(page: Page, tag: string): Promise<string[]> {
  return page.evaluate(
    ([tag, min]) => {
      const bad: string[] = [];
      const visit = (root: Node) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = (n.textContent ?? "").trim();
          const p = n.parentElement;
          if (!text || !p || p.closest("title, style, script, option, .sr-only")) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          if (range.getClientRects().length === 0) continue;
          const cs = getComputedStyle(p);
          if (cs.visibility === "hidden") continue;
          let px = Number.parseFloat(cs.fontSize);
          if (p instanceof SVGGraphicsElement) {
            const m = p.getScreenCTM()!;
            px *= Math.hypot(m.a, m.b);
          }
          if (px < min)
            bad.push(
              `${p.localName}.${p.getAttribute("class") ?? ""} "${text.slice(0, 20)}" ${px.toFixed(1)}px`,
            );
        }
        for (const el of Array.from((root as ParentNode).querySelectorAll("*")))
          if (el.shadowRoot) visit(el.shadowRoot);
      };
      visit(document.querySelector(tag)!.shadowRoot!);
      return bad;
    },
    [tag, LABEL] as const,
  );
}

/** How far the page scrolls sideways (0 when it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

describe.runIf(haveBrowser)("issue #23: the demo page on a phone (390×844, touch)", () => {
  let demo: DemoBrowser;
  let ctx: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  const errors: string[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    demo = await openDemo();
    ctx = await demo.browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    page = await ctx.newPage();
    cdp = await ctx.newCDPSession(page);
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${demo.server.url}index.html`);
    // Fixed seeds: the same games on every run (the checks only rely on what the page shows).
    await page.evaluate(() => {
      for (const tag of ["train-game", "string-railway", "light-rail"])
        document.querySelector(tag)!.setAttribute("seed", `phone-${tag}`);
    });
    for (const tag of TAGS)
      await page.locator(`${tag} [part="base"][aria-busy="false"]`).waitFor({ timeout: 30_000 });
  });

  afterAll(async () => {
    await demo?.close();
  });

  it("touch targets: every control of the three games is at least 44 × 44 CSS px", async () => {
    for (const tag of TAGS) {
      await page.locator(tag).scrollIntoViewIfNeeded();
      await expect(smallTargets(page, tag), tag).resolves.toEqual([]);
      await page.locator(tag).screenshot({ path: resolve(shots, `phone-${tag}.png`) });
    }
    // The city's cells are among them (the board pans inside its box rather than shrink them).
    await expect(page.locator("light-rail rect.cell.legal").count()).resolves.toBeGreaterThan(0);
  });

  it("labels: every text drawn is at least 11 CSS px, station names on the String board too", async () => {
    await expect(page.locator("string-railway text.station-name").count()).resolves.toBeGreaterThan(5);
    for (const tag of TAGS) await expect(smallLabels(page, tag), tag).resolves.toEqual([]);
  });

  it("no sideways scroll: the page is never wider than the phone, the city pans inside its own box", async () => {
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    const pans = await page.evaluate(() => {
      const wrap = document.querySelector("light-rail")!.shadowRoot!.querySelector(".board-wrap")!;
      return { scroll: wrap.scrollWidth, box: wrap.clientWidth, left: wrap.scrollLeft };
    });
    expect(pans.scroll).toBeGreaterThan(pans.box);
    // It starts centred on the first card's cell.
    expect(Math.abs(pans.left - (pans.scroll - pans.box) / 2)).toBeLessThanOrEqual(2);
  });

  it("the live check (length, cost, verdict) stays on screen while a string is drawn with a finger", async () => {
    const el = "string-railway";
    const myTurn = () =>
      page
        .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"]`)
        .waitFor({ timeout: 30_000 });
    await myTurn();
    const keep = page.locator(`${el} button[data-keep]`).first();
    if ((await keep.count()) > 0) {
      await keep.tap();
      await myTurn();
    }
    await page.locator(`${el} button[data-tool="string"][aria-pressed="true"]`).waitFor({ timeout: 30_000 });
    // A legal short string the engine lists, drawn as a finger would: from its first point to its last.
    const path = await page.evaluate(() => {
      const g = document.querySelector("string-railway")!;
      const a = g.legalActions.find((x) => x.type === "place-string" && x.kind === "short");
      return (a as { path: number[] } | undefined)?.path ?? null;
    });
    expect(path).not.toBeNull();
    await page.locator(`${el} svg.board`).evaluate((b) => b.scrollIntoView({ block: "center" }));
    const screen = (x: number, y: number) =>
      page.evaluate(
        ([x, y]) => {
          const svg = document
            .querySelector("string-railway")!
            .shadowRoot!.querySelector("svg.board") as SVGSVGElement;
          const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()!);
          return [p.x, p.y] as [number, number];
        },
        [x, y] as const,
      );
    const [ax, ay] = await screen(path![0]!, path![1]!);
    const [bx, by] = await screen(path!.at(-2)!, path!.at(-1)!);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y, radiusX: 5, radiusY: 5, force: 1, id: 1 }],
      });
    const laid = async () =>
      Number(
        ((await page.locator(`${el} svg.board`).getAttribute("aria-label")) ?? "").match(
          /(\d+) strings placed/,
        )![1],
      );
    const before = await laid();
    await touch("touchStart", ax, ay);
    for (let i = 1; i <= 16; i++)
      await touch("touchMove", ax + ((bx - ax) * i) / 16, ay + ((by - ay) * i) / 16);
    // Still pressed: the check is on screen, with the length, the cost and the verdict.
    const live = page.locator(`${el} [part="live-check"]`);
    await page.waitForFunction(
      () => {
        const root = document.querySelector("string-railway")!.shadowRoot!;
        return /of 30 cm/.test(root.querySelector('[part="live-check"]')?.textContent ?? "");
      },
      undefined,
      { timeout: 10_000 },
    );
    const text = (await live.textContent()) ?? "";
    expect(text).toMatch(/\d+\.\d of 30 cm/);
    expect(text).toMatch(/\d AP of \d/);
    expect(text).toMatch(/legal/);
    const box = (await live.boundingBox())!;
    const view = page.viewportSize()!;
    expect(box.width).toBeGreaterThan(100);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(view.height);
    // Not under the finger.
    const under = bx >= box.x && bx <= box.x + box.width && by >= box.y && by <= box.y + box.height;
    expect(under).toBe(false);
    // The panel with the same check lies below the board, off screen: the strip is what the person sees.
    const panel = (await page.locator(`${el} [part="preview"] dl.preview`).boundingBox())!;
    expect(panel.y).toBeGreaterThan(view.height);
    await page.screenshot({ path: resolve(shots, "phone-string-drawing.png") });
    await touch("touchEnd", bx, by);
    // Released: the string is laid (one more on the board), the strip goes.
    await expect.poll(laid, { timeout: 10_000 }).toBe(before + 1);
    await expect(live.count()).resolves.toBe(0);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  it("after a few moves (panels that open later), still no small target, no small text, no sideways scroll", async () => {
    // Light Rail: tap a legal cell twice (a first tap shows the card, the second places it).
    const cell = page.locator("light-rail rect.cell.legal").first();
    await page
      .locator('light-rail [part="base"][data-seat-to-move="0"][aria-busy="false"]')
      .waitFor({ timeout: 30_000 });
    await cell.scrollIntoViewIfNeeded();
    await cell.tap();
    await cell.tap();
    await page.locator("light-rail g.placed").first().waitFor({ timeout: 10_000 });
    await page
      .locator('light-rail [part="base"][data-seat-to-move="0"][aria-busy="false"]')
      .waitFor({ timeout: 30_000 });
    // Now legal and blocked cells around the cards: each one a target.
    await expect(page.locator("light-rail rect.cell").count()).resolves.toBeGreaterThan(5);
    // The Train Game: roll.
    await page.locator('train-game button[data-action="roll"]:not(:disabled)').tap();
    await page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    for (const tag of TAGS) {
      await expect(smallTargets(page, tag), tag).resolves.toEqual([]);
      await expect(smallLabels(page, tag), tag).resolves.toEqual([]);
    }
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.locator("light-rail").screenshot({ path: resolve(shots, "phone-light-rail-played.png") });
    await page.locator("train-game").screenshot({ path: resolve(shots, "phone-train-game-rolled.png") });
    expect(errors).toEqual([]);
  });
});
