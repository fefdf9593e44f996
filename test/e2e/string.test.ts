/**
 * <string-railway> in Debian's Chromium, driven through playwright-core against the built demo (dist/demo, built
 * by `vite build`; built here if missing). A 2-player, 2-round game (the engine's `rounds` option) against the
 * computer: keep a tile; draw a string with the mouse across the computer's string, seeing the crossing marked
 * and the engine's verdict while drawing, and the AP drop by one; move a cube and undo it; lay nothing more and
 * let the computer play; finish the game and read the final table of sets. Screenshots go to dist/e2e/. Skipped
 * without /usr/bin/chromium unless RAILKIT_BROWSER=required.
 *
 * Seed `e2e-string-5`: the computer moves first and lays a string in round 1 (checked below from the page).
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botAction } from "../../web/engine/string/bot.ts";
import { stringEngine } from "../../web/engine/string/index.ts";
import type { StringState } from "../../web/engine/string/types.ts";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";
import {
  attributeMessages,
  elementPage,
  rolesAndNames,
  saveAndShare,
  themingAndMotion,
} from "./element-cases.ts";

const shots = resolve(import.meta.dirname, "../../dist/e2e");
const el = "string-railway";

interface Over {
  points: number[];
  cubes: number[];
  winners: number[];
  sets: string[][][];
}

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

describe.runIf(haveBrowser)("<string-railway> in Chromium", () => {
  let demo: DemoBrowser;
  let page: Page;
  const errors: string[] = [];
  /** Every URL the page and its worker asked for. */
  const requested: string[] = [];

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    demo = await openDemo();
    page = await demo.browser.newPage({ viewport: { width: 1280, height: 1100 } });
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("request", (r) => requested.push(r.url()));
    await page.goto(`${demo.server.url}index.html#string`);
    await page.evaluate(() => {
      const g = document.querySelector("string-railway")!;
      const w = window as unknown as { turnEnds: unknown[]; over: unknown[] };
      w.turnEnds = [];
      w.over = [];
      g.addEventListener("turn-end", (e) => w.turnEnds.push((e as CustomEvent).detail));
      g.addEventListener("game-over", (e) => w.over.push((e as CustomEvent).detail));
      g.setAttribute("rounds", "2");
      g.setAttribute("seed", "e2e-string-5");
    });
    await page.locator(el).scrollIntoViewIfNeeded();
  });

  afterAll(async () => {
    await demo?.close();
  });

  it("save and share (issue #12): export, keep a tile, import the export: the choice is gone; garbage refused, the game kept", async () => {
    const p = await elementPage(demo.browser, demo.server.url, el, { rounds: "1" }, errors);
    await saveAndShare(p, el, async () => {
      const keep = p.locator(`${el} button[data-keep]`).first();
      if ((await keep.count()) > 0) await keep.click();
      else await p.locator(`${el} button[data-action="end-turn"]`).click();
    });
    await p.close();
  });

  it("attributes (issue #12): players=7, bots=9, bots=x in words; hints=false is off", async () => {
    const p = await elementPage(demo.browser, demo.server.url, el, { rounds: "1" }, errors);
    await attributeMessages(p, el, [2, 5]);
    await p.close();
  });

  it("theming (issue #12): light and dark defaults, a page's custom property wins in both, reduced motion stops motion", async () => {
    await themingAndMotion(demo.browser, demo.server.url, el);
  });

  it("roles and names (issue #12): every control named, one live region, the hint panel not live", async () => {
    const p = await elementPage(demo.browser, demo.server.url, el, { rounds: "1", hints: "" }, errors);
    await rolesAndNames(p, el);
    await p.close();
  });

  const myTurn = () =>
    page
      .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"]`)
      .waitFor({ timeout: 30_000 });
  const ap = async () => Number(await page.locator(`${el} [data-ap]`).getAttribute("data-ap"));
  const button = (sel: string) => page.locator(`${el} button${sel}`);

  /** Screen coordinates of a board point (cm), through the SVG's screen matrix. */
  const screen = (x: number, y: number) =>
    page.evaluate(
      ([x, y]) => {
        const svg = document
          .querySelector("string-railway")!
          .shadowRoot!.querySelector("svg.board") as SVGSVGElement;
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()!);
        return [p.x, p.y] as [number, number];
      },
      [x, y] as [number, number],
    );

  it("keeps a long-distance tile with the mouse", async () => {
    await myTurn();
    await expect(page.locator(`${el} .turn-title`).textContent()).resolves.toContain(
      "keep a long-distance tile",
    );
    await button("[data-keep]").first().click();
    // The computer moves first in round 1 with this seed: it lays a string, then the turn comes back.
    await page
      .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"] [data-ap]`)
      .waitFor({ timeout: 60_000 });
    const rival = await page.evaluate(
      () => document.querySelector("string-railway")!.state!.seats[1]!.strings.length,
    );
    expect(rival).toBeGreaterThan(0);
    await expect(page.locator(`${el} polyline.string.seat-1`).count()).resolves.toBeGreaterThan(0);
    await expect(page.locator(`${el} [part=log] li`).count()).resolves.toBeGreaterThan(0);
  });

  it("draws a string across the computer's string: the crossing is marked live, the AP drops by one", async () => {
    await myTurn();
    // Straight strings the engine lists whose chord meets the computer's string once (geometry of the test only).
    const candidates = await page.evaluate(() => {
      const g = document.querySelector("string-railway")!;
      const s = g.state!;
      const rival = s.seats[1]!.strings.flatMap((str) => {
        const segs: number[][] = [];
        for (let i = 0; i + 3 < str.path.length; i += 2) segs.push(str.path.slice(i, i + 4));
        return segs;
      });
      const cross = (p: number[], q: number[]) => {
        const d = (a: number[], b: number[], c: number[]) =>
          (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!);
        const [a, b, c, e] = [p.slice(0, 2), p.slice(2, 4), q.slice(0, 2), q.slice(2, 4)];
        if (!(d(a, b, c) * d(a, b, e) < 0 && d(c, e, a) * d(c, e, b) < 0)) return false;
        // Away from every station (a crossing inside a station disc is free).
        const t = d(c, e, a) / (d(c, e, a) - d(c, e, b));
        const x = a[0]! + (b[0]! - a[0]!) * t;
        const y = a[1]! + (b[1]! - a[1]!) * t;
        return s.stations.every((st) => Math.hypot(st.x - x, st.y - y) > s.board.radius + 1);
      };
      return g.legalActions
        .filter((a) => a.type === "place-string" && a.kind === "short")
        .map((a) => (a as { path: number[] }).path)
        .filter((path) => rival.filter((seg) => cross(path, seg)).length === 1);
    });
    expect(candidates.length).toBeGreaterThan(0);
    // Hints for the route phase: ghost strings on the board, each with its value, AP and length.
    const hint = page.locator(`${el} [part~=hints] li[data-hint="string"]`).first();
    await hint.waitFor({ timeout: 30_000 });
    await expect(hint.textContent()).resolves.toMatch(/value -?\d+\.\d, \d AP.*\d+\.\d cm/s);
    await expect(page.locator(`${el} polyline.ghost`).count()).resolves.toBeGreaterThan(0);
    const before = await ap();
    let drawn = false;
    for (const path of candidates) {
      const [ax, ay] = await screen(path[0]!, path[1]!);
      const [bx, by] = await screen(path[2]!, path[3]!);
      await page.mouse.move(ax, ay);
      await page.mouse.down();
      await page.mouse.move(ax + (bx - ax) * 0.6, ay + (by - ay) * 0.6, { steps: 12 });
      await page.mouse.move(bx, by, { steps: 12 });
      // Live, from the engine in the worker, before release.
      await page.locator(`${el} [data-verdict]`).waitFor({ timeout: 10_000 });
      await page.waitForFunction(
        () => {
          const root = document.querySelector("string-railway")!.shadowRoot!;
          return (
            /of 30 cm/.test(root.querySelector("[data-length]")?.textContent ?? "") &&
            root.querySelector("[data-stations]")?.textContent?.includes(",")
          );
        },
        undefined,
        { timeout: 10_000 },
      );
      const crossings = await page.locator(`${el} g.crossing`).count();
      const cost = await page.locator(`${el} [data-cost]`).textContent();
      const verdict = await page.locator(`${el} [data-verdict]`).textContent();
      if (crossings !== 1 || !/^1 AP/.test(cost ?? "") || !/legal/.test(verdict ?? "")) {
        await page.keyboard.press("Escape");
        await page.mouse.up();
        continue;
      }
      await expect(page.locator(`${el} [data-crossings]`).textContent()).resolves.toContain("1 (1 AP)");
      // the worker measures on the Wasm route geometry (the string module, not only the planners' stringplan)
      expect(requested.some((u) => /\/string\.release-[^/]*\.wasm$/.test(u))).toBe(true);
      await page.screenshot({ path: resolve(shots, "string-drawing.png") });
      await page.mouse.up();
      drawn = true;
      break;
    }
    expect(drawn).toBe(true);
    await page.waitForFunction(
      () => document.querySelector("string-railway")!.state!.seats[0]!.strings.length === 1,
      undefined,
      { timeout: 10_000 },
    );
    await myTurn();
    expect(await ap()).toBe(before - 1);
    await expect(page.locator(`${el} polyline.string.seat-0`).count()).resolves.toBe(1);
    await expect(page.locator(`${el} [part=log]`).textContent()).resolves.toMatch(
      /You laid a short string .* for 1 AP/,
    );
  });

  it("moves a cube along the new string, then takes it back with Undo", async () => {
    await myTurn();
    const move = await page.evaluate(() => {
      const g = document.querySelector("string-railway")!;
      return g.legalActions.find((a) => a.type === "transport") as
        | { from: string; to: string; colour: string }
        | undefined;
    });
    expect(move).toBeTruthy();
    const before = await ap();
    await button('[data-tool="move"]').click();
    await page.locator(`${el} g.station[data-id="${move!.from}"]`).click();
    await button(`[data-cube="${move!.colour}"]`).click();
    await expect(page.locator(`${el} g.station.reachable[data-id="${move!.to}"]`).count()).resolves.toBe(1);
    await button(`[data-to="${move!.to}"]`).click();
    await myTurn();
    expect(await ap()).toBe(before - 1);
    await expect(page.locator(`${el} [part=log]`).textContent()).resolves.toMatch(
      /You moved a \w+ cube from/,
    );
    await button('[data-action="undo"]').click();
    await myTurn();
    expect(await ap()).toBe(before);
    await expect(page.locator(`${el} [part=log]`).textContent()).resolves.toContain(
      "took back the last action",
    );
  });

  it("keyboard path: two stations picked with the keys; the engine's verdict (one string a turn) is shown", async () => {
    await myTurn();
    await button('[data-tool="string"]').click();
    const first = page.locator(`${el} g.station[tabindex="0"]`);
    await first.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(`${el} g.station.endpoint`).count()).resolves.toBe(1);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Enter");
    await page.locator(`${el} [data-verdict]`).waitFor({ timeout: 10_000 });
    await expect(page.locator(`${el} [data-verdict]`).textContent()).resolves.toContain(
      "one string per turn",
    );
    await expect(button('[data-action="place"]').isDisabled()).resolves.toBe(true);
    await button('[data-action="candidate"]').click();
    await expect(button('[data-action="candidate"]').textContent()).resolves.toContain("bent left");
    await page.keyboard.press("Escape");
    await expect(page.locator(`${el} [data-verdict]`).count()).resolves.toBe(0);
  });

  it("ends the turn and lets the computer play", async () => {
    await myTurn();
    await button('[data-action="end-turn"]').click();
    await page.waitForFunction(
      () => (window as unknown as { turnEnds: { player: number }[] }).turnEnds.some((t) => t.player === 0),
      undefined,
      { timeout: 10_000 },
    );
    // Round 2: the order is by fewest cubes, so either seat may open it; the computer plays its turn either way.
    await page
      .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"], ${el} [part=final]`)
      .first()
      .waitFor({ timeout: 60_000 });
  });

  /** A greedy-bot game of 3 seats and 1 round, stopped after `actions` actions (or at its end). */
  const fixed = (actions: number): StringState => {
    let st = stringEngine.setup({ players: 3, rounds: 1 }, "render-1");
    for (let i = 0; i < actions && !st.over; i++) {
      const r = stringEngine.apply(st, botAction(st));
      if (!r.ok) throw r.error;
      st = r.state;
    }
    return st;
  };

  /** Loads a saved game into a second element on the page (no computer seats) and waits for it. */
  const loadFixed = async (st: StringState) => {
    await page.evaluate(async (json) => {
      let g = document.querySelector<HTMLElement & { load(j: string): Promise<void> }>(
        "string-railway#fixed",
      );
      if (!g) {
        g = document.createElement("string-railway") as HTMLElement & { load(j: string): Promise<void> };
        g.id = "fixed";
        g.setAttribute("players", "3");
        g.setAttribute("rounds", "1");
        g.setAttribute("seed", "render-1");
        document.body.append(g);
        await new Promise((r) => setTimeout(r, 300));
      }
      await g.load(json);
    }, stringEngine.save(st));
    await page.waitForFunction(
      (n) =>
        (document.querySelector("string-railway#fixed") as unknown as { state: StringState | null }).state
          ?.log.length === n,
      st.log.length,
      { timeout: 10_000 },
    );
  };

  it("renders a fixed position: every station with its cubes, every seat's strings", async () => {
    const st = fixed(40);
    expect(st.seats.some((seat) => seat.strings.length > 0)).toBe(true);
    await loadFixed(st);
    const f = "string-railway#fixed";
    await expect(page.locator(`${f} g.station`).count()).resolves.toBe(st.stations.length);
    for (const [i, seat] of st.seats.entries())
      await expect(page.locator(`${f} polyline.string.seat-${i}`).count()).resolves.toBe(seat.strings.length);
    for (const [i, c] of st.stationCubes.entries()) {
      const n = Object.values(c).reduce((a, b) => a + b, 0);
      const shown = n > 9 ? 8 : n;
      await expect(page.locator(`${f} g.station[data-index="${i}"] rect.cube`).count()).resolves.toBe(shown);
      if (n > 0)
        await expect(
          page.locator(`${f} g.station[data-index="${i}"]`).getAttribute("aria-label"),
        ).resolves.toMatch(/\d+ \w+/);
    }
    await expect(page.locator(`${f} [part=players] tr[data-seat]`).count()).resolves.toBe(3);
    for (const [i, seat] of st.seats.entries())
      await expect(page.locator(`${f} tr[data-seat="${i}"] .num`).first().textContent()).resolves.toContain(
        `${seat.loco} AP`,
      );
  });

  it("renders a finished game: the final table with each seat's sets and points", async () => {
    const st = fixed(10_000);
    expect(st.over).toBe(true);
    await loadFixed(st);
    const f = "string-railway#fixed";
    await page.locator(`${f} [part=final]`).waitFor({ timeout: 10_000 });
    const r = st.result!;
    for (let i = 0; i < 3; i++) {
      const row = page.locator(`${f} [part=final] tr[data-final="${i}"]`);
      await expect(row.locator(".set").count()).resolves.toBe(r.sets[i]!.length);
      await expect(row.locator("td.num strong").textContent()).resolves.toBe(String(r.points[i]));
    }
    await page.locator(f).screenshot({ path: resolve(shots, "string-fixed-final.png") });
    await page.evaluate(() => document.querySelector("string-railway#fixed")?.remove());
  });

  it("draws a string by touch (pointer events of a finger) in round 2", async () => {
    await page
      .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"] [data-ap]`)
      .waitFor({ timeout: 60_000 });
    await expect(page.locator(`${el} [part=players] h3`).textContent()).resolves.toContain("Round 2");
    const path = await page.evaluate(() => {
      const g = document.querySelector("string-railway")!;
      const a = g.legalActions.find((x) => x.type === "place-string" && x.kind === "short");
      return a && "path" in a ? a.path : null;
    });
    expect(path).not.toBeNull();
    const before = await page.evaluate(
      () => document.querySelector("string-railway")!.state!.seats[0]!.strings.length,
    );
    await page.evaluate(async (p) => {
      const svg = document
        .querySelector("string-railway")!
        .shadowRoot!.querySelector("svg.board") as SVGSVGElement;
      const m = svg.getScreenCTM()!;
      const at = (x: number, y: number) => new DOMPoint(x, y).matrixTransform(m);
      const fire = (type: string, x: number, y: number) => {
        const q = at(x, y);
        svg.dispatchEvent(
          new PointerEvent(type, {
            clientX: q.x,
            clientY: q.y,
            pointerId: 11,
            pointerType: "touch",
            isPrimary: true,
            bubbles: true,
            composed: true,
          }),
        );
      };
      fire("pointerdown", p[0]!, p[1]!);
      for (let k = 1; k <= 20; k++)
        fire("pointermove", p[0]! + ((p[2]! - p[0]!) * k) / 20, p[1]! + ((p[3]! - p[1]!) * k) / 20);
      await new Promise((r) => setTimeout(r, 300));
      fire("pointerup", p[2]!, p[3]!);
    }, path!);
    await page.waitForFunction(
      (n) => document.querySelector("string-railway")!.state!.seats[0]!.strings.length === n + 1,
      before,
      { timeout: 10_000 },
    );
  });

  it("finishes the short game: the final table shows each seat's sets", async () => {
    const over = () => page.evaluate(() => (window as unknown as { over: Over[] }).over);
    for (let i = 0; i < 5 && (await over()).length === 0; i++) {
      await page
        .locator(`${el} [part="base"][data-seat-to-move="0"][aria-busy="false"], ${el} [part=final]`)
        .first()
        .waitFor({ timeout: 60_000 });
      if ((await over()).length > 0) break;
      if (await button('[data-action="end-turn"]').isEnabled())
        await button('[data-action="end-turn"]').click();
      await page.waitForTimeout(300);
    }
    await page.locator(`${el} [part=final]`).waitFor({ timeout: 60_000 });
    const ends = await page.evaluate(
      () => (window as unknown as { turnEnds: { player: number; round: number }[] }).turnEnds,
    );
    expect(ends.filter((t) => t.player === 1).map((t) => t.round)).toEqual([1, 2]);
    expect(ends.filter((t) => t.player === 0).map((t) => t.round)).toEqual([1, 2]);
    const [result] = await over();
    expect(result!.points.length).toBe(2);
    expect(result!.sets.length).toBe(2);
    await expect(page.locator(`${el} .turn-title`).textContent()).resolves.toMatch(/Game over/);
    await expect(page.locator(`${el} [part=final] tr[data-final]`).count()).resolves.toBe(2);
    await page.locator(el).screenshot({ path: resolve(shots, "string-final.png") });
    // A new game from the form: 3 seats, the computer plays seats 1 and 2.
    await page.locator(`${el} [part=setup] select[name=players]`).selectOption("3");
    await button('[data-action="new"]').click();
    await page.locator(`${el} [part=players] tr[data-seat="2"]`).waitFor({ timeout: 10_000 });
    await expect(page.locator(`${el} [part=players] tr[data-seat]`).count()).resolves.toBe(3);
    await expect(page.evaluate(() => document.querySelector("string-railway")!.bots)).resolves.toBe("1,2");
    await expect(page.locator(`${el} [part=final]`).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  });
});
