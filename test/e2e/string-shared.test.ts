/**
 * Issue #21 in Chromium (the built demo, dist/demo): strings that share a stretch both stay visible, and the live
 * check marks each meeting place with its cost.
 *
 * - A 2-seat game (seed `shared-stretch`) where seat 0 has laid a straight string; seat 1 lays the same string
 *   the other way round (the keyboard path between the same two stations). Both strings must show along the whole
 *   stretch: their polylines lie apart, and pixels of both seats' colours are found at the stretch's middle, at
 *   1280 px and at 360 px wide, in the light and the dark scheme.
 * - The marks of a live check built by hand (the engine's `StringPreview` with an optional `stretches`): one mark
 *   per place, "×2" where one point is charged for two rival strings, each stretch drawn, the cost in words.
 *
 * Screenshots go to dist/e2e/ (and to $RAILKIT_SHOTS when set). Skipped without /usr/bin/chromium unless
 * RAILKIT_BROWSER=required.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewString, stringEngine } from "../../web/engine/string/index.ts";
import type { StringAction, StringState } from "../../web/engine/string/types.ts";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";

const shotDirs = [resolve(import.meta.dirname, "../../dist/e2e"), process.env.RAILKIT_SHOTS].filter(
  (d): d is string => !!d,
);
const el = "string-railway";

const apply = (s: StringState, a: StringAction): StringState => {
  const r = stringEngine.apply(s, a);
  if (!r.ok) throw r.error;
  return r.state;
};
const keepTiles = (s: StringState): StringState => {
  let t = s;
  while (t.choice) t = apply(t, { type: "keep-tile", player: t.choice.player, tile: t.choice.tiles[0]! });
  return t;
};

/**
 * Seat 0 lays the longest straight short string whose middle is clear of every station (and which costs no AP);
 * it ends its turn: seat 1 is to lay a string. `path` is seat 0's string, `from`/`to` its stations' ids.
 */
function sharedFixture() {
  const s = keepTiles(stringEngine.setup({ players: 2, rounds: 2 }, "shared-stretch"));
  const me = s.current!;
  const clear = (p: number[]) => {
    const mx = (p[0]! + p[2]!) / 2;
    const my = (p[1]! + p[3]!) / 2;
    return s.stations.every((st) => Math.hypot(st.x - mx, st.y - my) > s.board.radius + 3);
  };
  const len = (p: number[]) => Math.hypot(p[2]! - p[0]!, p[3]! - p[1]!);
  const pick = stringEngine
    .legalActions(s)
    .filter(
      (a): a is StringAction & { type: "place-string" } => a.type === "place-string" && a.kind === "short",
    )
    .filter((a) => clear(a.path) && previewString(s, me, "short", a.path).ap === 0)
    .sort((a, b) => len(b.path) - len(a.path))[0]!;
  const at = (x: number, y: number) => s.stations.find((st) => st.x === x && st.y === y)!.id;
  const before = keepTiles(apply(apply(s, pick), { type: "end-turn", player: me }));
  return {
    before,
    path: pick.path,
    from: at(pick.path[0]!, pick.path[1]!),
    to: at(pick.path[2]!, pick.path[3]!),
  };
}

/** Counts of pixels near each colour (`#rrggbb`) in a PNG, decoded in the page (no network). */
async function colourCounts(page: Page, png: Buffer, colours: string[]): Promise<number[]> {
  return page.evaluate(
    async ([b64, colours]) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const img = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(img.width, img.height);
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      const rgb = colours.map((c) => [1, 3, 5].map((k) => Number.parseInt(c.slice(k, k + 2), 16)));
      const counts = colours.map(() => 0);
      for (let i = 0; i < data.length; i += 4)
        rgb.forEach(([r, g, b], k) => {
          if (Math.hypot(data[i]! - r!, data[i + 1]! - g!, data[i + 2]! - b!) < 40) counts[k]!++;
        });
      return counts;
    },
    [png.toString("base64"), colours] as const,
  );
}

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

describe.runIf(haveBrowser)(
  "<string-railway>: strings that share a stretch, meeting places (issue #21)",
  () => {
    let demo: DemoBrowser;
    const errors: string[] = [];
    const fx = sharedFixture();
    /** Seat 1 has laid seat 0's string the other way round (exactly: the same two points). */
    const after = apply(fx.before, {
      type: "place-string",
      player: 1,
      kind: "short",
      path: [fx.path[2]!, fx.path[3]!, fx.path[0]!, fx.path[1]!],
    });

    beforeAll(async () => {
      for (const d of shotDirs) mkdirSync(d, { recursive: true });
      demo = await openDemo();
    });

    afterAll(async () => {
      await demo?.close();
    });

    const shot = async (page: Page, name: string, target: "page" | "board" = "board") => {
      for (const d of shotDirs) {
        const path = resolve(d, name);
        if (target === "page") await page.locator(el).screenshot({ path });
        else await page.locator(`${el} svg.board`).screenshot({ path });
      }
    };

    /** The demo page with only a 2-seat <string-railway> (no computer seat), the save `st` loaded into it. */
    const open = async (
      st: StringState,
      viewport: { width: number; height: number },
      colorScheme: "light" | "dark" = "light",
    ): Promise<Page> => {
      const context = await demo.browser.newContext({ viewport, colorScheme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${demo.server.url}index.html`);
      await page.evaluate(async (json) => {
        for (const other of document.querySelectorAll("train-game, light-rail")) other.remove();
        const g = document.querySelector("string-railway") as HTMLElement & {
          import(j: string): Promise<void>;
        };
        g.setAttribute("bots", "");
        // No hint panel: its ghost strings would lie over the stretch in the screenshots.
        g.removeAttribute("hints");
        g.setAttribute("players", "2");
        g.setAttribute("rounds", "2");
        g.setAttribute("seed", "shared-stretch");
        await new Promise((r) => setTimeout(r, 300));
        await g.import(json);
      }, stringEngine.save(st));
      await page.waitForFunction(
        (n) =>
          (document.querySelector("string-railway") as unknown as StringState & { state: StringState }).state
            ?.log.length === n,
        st.log.length,
        { timeout: 15_000 },
      );
      await page.locator(`${el} [part="base"][aria-busy="false"]`).waitFor({ timeout: 15_000 });
      await page.locator(`${el} svg.board`).scrollIntoViewIfNeeded();
      return page;
    };

    /** Screen coordinates of a board point (cm). */
    const screen = (page: Page, x: number, y: number) =>
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

    /** The seats' string colours as the page computes them (custom properties). */
    const seatColours = (page: Page) =>
      page.evaluate(() => {
        const g = document.querySelector("string-railway")!;
        const hex = (c: string) => {
          const m = getComputedStyle(g).getPropertyValue(c).trim();
          return m.toLowerCase();
        };
        return [hex("--string-railway-seat-0"), hex("--string-railway-seat-1")];
      });

    /** Both seats' strings show at the middle of the shared stretch: pixels of both colours there. */
    const bothVisible = async (page: Page, label: string) => {
      const mx = (fx.path[0]! + fx.path[2]!) / 2;
      const my = (fx.path[1]! + fx.path[3]!) / 2;
      const [ax, ay] = await screen(page, mx - 2.5, my - 2.5);
      const [bx, by] = await screen(page, mx + 2.5, my + 2.5);
      const png = await page.screenshot({
        clip: {
          x: Math.min(ax, bx),
          y: Math.min(ay, by),
          width: Math.abs(bx - ax),
          height: Math.abs(by - ay),
        },
      });
      const colours = await seatColours(page);
      expect(
        colours.every((c) => /^#[0-9a-f]{6}$/.test(c)),
        `${label}: ${colours}`,
      ).toBe(true);
      const [zero, one] = await colourCounts(page, png, colours);
      // A band of each colour crosses the 5 cm square: at 360 px wide (about 4.5 px a cm) a few dozen pixels each.
      expect(zero, `${label}: seat 0's colour at the stretch`).toBeGreaterThan(6);
      expect(one, `${label}: seat 1's colour at the stretch`).toBeGreaterThan(6);
    };

    it("lays a string along a rival's string: both stay visible, side by side (polylines apart, both colours seen)", async () => {
      const page = await open(fx.before, { width: 1280, height: 1100 });
      await page.locator(`${el} [part="base"][data-seat-to-move="1"][aria-busy="false"] [data-ap]`).waitFor();
      // The keyboard path (two clicks): from seat 0's far end back to its start, straight.
      await page.locator(`${el} g.station[data-id="${fx.to}"]`).click();
      await page.locator(`${el} g.station[data-id="${fx.from}"]`).click();
      await page.locator(`${el} [data-verdict]`).waitFor({ timeout: 10_000 });
      await expect(page.locator(`${el} [data-verdict]`).textContent()).resolves.toContain("legal");
      // string.meeting-places: the engine's live check charges the shared stretch (one place, 1 AP), marked on
      // the board with its band.
      await expect(page.locator(`${el} [data-crossings]`).textContent()).resolves.toBe("1 (1 AP)");
      await expect(page.locator(`${el} g.crossing[data-count="1"]`).count()).resolves.toBe(1);
      await expect(page.locator(`${el} line.meeting-stretch`).count()).resolves.toBe(1);
      await shot(page, "string-shared-drawing.png", "page");
      await page.locator(`${el} button[data-action="place"]`).click();
      await page.waitForFunction(
        () => document.querySelector("string-railway")!.state!.seats[1]!.strings.length === 1,
        undefined,
        { timeout: 10_000 },
      );
      await page.locator(`${el} [part="base"][aria-busy="false"]`).waitFor();
      // The two polylines lie apart all along (the same two points in the state, drawn side by side).
      const [p0, p1] = await Promise.all(
        [0, 1].map((i) =>
          page
            .locator(`${el} polyline.string.seat-${i}`)
            .getAttribute("points")
            .then((p) => p!.split(/[ ,]/).map(Number)),
        ),
      );
      expect(p0!.length).toBe(4);
      expect(p1!.length).toBe(4);
      const gap = (x: number, y: number) => {
        // Distance of a point of seat 1's polyline from seat 0's line.
        const [x0, y0, x1, y1] = p0!;
        return Math.abs((x1! - x0!) * (y0! - y) - (x0! - x) * (y1! - y0!)) / Math.hypot(x1! - x0!, y1! - y0!);
      };
      expect(gap(p1![0]!, p1![1]!)).toBeGreaterThan(0.3);
      expect(gap(p1![2]!, p1![3]!)).toBeGreaterThan(0.3);
      await bothVisible(page, "1280 px, light, after laying");
      await shot(page, "string-shared-1280.png");
      await page.context().close();
    });

    for (const [width, scheme] of [
      [1280, "dark"],
      [360, "light"],
      [360, "dark"],
    ] as const) {
      it(`the shared stretch shows both strings at ${width} px wide, ${scheme} scheme`, async () => {
        const page = await open(after, { width, height: 1000 }, scheme);
        await bothVisible(page, `${width} px, ${scheme}`);
        await shot(page, `string-shared-${width}-${scheme}.png`);
        await page.context().close();
      });
    }

    it("marks each meeting place of the live check once, with ×2 where two rival strings are charged, and its stretches", async () => {
      const page = await open(fx.before, { width: 1280, height: 1100 });
      const [x0, y0, x1, y1] = fx.path as [number, number, number, number];
      const lerp = (t: number) => [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
      // A hand-built check (the engine's answer): a stretch along seat 0's string, one place charged twice (two
      // rival strings crossing there: the same point, to within a rounding), one place once.
      const [ax, ay] = lerp(0.3) as [number, number];
      const [bx, by] = lerp(0.7) as [number, number];
      const preview = {
        kind: "short",
        length: 20,
        max: 30,
        stations: [],
        points: [ax, ay, ax + 0.0004, ay - 0.0003, bx, by],
        crossings: 3,
        stretches: [...lerp(0.4), ...lerp(0.6)],
        mountain: false,
        ap: 3,
        apLeft: 3,
        error: null,
      };
      await page.evaluate(
        ([draft, preview]) => {
          const g = document.querySelector("string-railway") as unknown as Record<string, unknown>;
          g.tool = "string";
          g.draft = draft;
          g.preview = preview;
        },
        [fx.path, preview] as const,
      );
      await expect(page.locator(`${el} g.crossing`).count()).resolves.toBe(2);
      await expect(page.locator(`${el} g.crossing[data-count="2"]`).count()).resolves.toBe(1);
      await expect(page.locator(`${el} g.crossing[data-count="2"] text`).textContent()).resolves.toBe("×2");
      await expect(page.locator(`${el} g.crossing[data-count="1"] text`).count()).resolves.toBe(0);
      await expect(page.locator(`${el} g.crossing[data-count="2"] title`).textContent()).resolves.toBe(
        "Meeting place of 2 rival strings: 2 AP",
      );
      await expect(page.locator(`${el} line.meeting-stretch`).count()).resolves.toBe(1);
      await expect(page.locator(`${el} [data-crossings]`).textContent()).resolves.toBe(
        "2 (3 AP: one place on 2 rival strings)",
      );
      // The live region holds the words.
      await expect(page.locator(`${el} dl.preview[aria-live="polite"]`).textContent()).resolves.toContain(
        "Meeting places",
      );
      await shot(page, "string-meeting-marks.png");
      // Without stretches (an engine that gives none): the marks alone.
      await page.evaluate((p) => {
        const g = document.querySelector("string-railway") as unknown as Record<string, unknown>;
        const { stretches: _, ...rest } = p;
        g.preview = rest;
      }, preview);
      await expect(page.locator(`${el} line.meeting-stretch`).count()).resolves.toBe(0);
      await expect(page.locator(`${el} g.crossing`).count()).resolves.toBe(2);
      await page.context().close();
      expect(errors).toEqual([]);
    });
  },
);
