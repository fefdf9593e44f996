/**
 * Issue #12 cases every element passes the same way, shared by test/e2e/{train,string,light}.test.ts: save and
 * share (`export()`, a move, `import()` of the export: the move is gone; garbage refused with a message, the game
 * unchanged and still playable), the attributes' messages (`players="7"`, `bots="9"`, `bots="x"`, `hints="false"`),
 * and roles and names (every control named in the accessibility tree, a live region, the hint panel not live).
 * Each case runs on its own page of the built demo with the other elements removed.
 */
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { sharedPage } from "./browser.ts";

export type Tag = "train-game" | "string-railway" | "light-rail";

/** The element's public surface as the cases use it. */
interface ElementApi extends HTMLElement {
  state: { log: unknown[] } | null;
  export(): string;
  import(json: unknown): Promise<void>;
}

/** The demo page with only `tag` on it, set up with `attrs` (a fixed seed, no computer seat by default). */
export async function elementPage(
  browser: Browser,
  url: string,
  tag: Tag,
  attrs: Record<string, string | null> = {},
  errors: string[] = [],
): Promise<Page> {
  const page = await sharedPage(browser);
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${url}index.html`);
  await page.evaluate(
    ([tag, attrs]) => {
      for (const other of document.querySelectorAll("train-game, string-railway, light-rail"))
        if (other.localName !== tag) other.remove();
      const el = document.querySelector(tag)!;
      for (const [k, v] of Object.entries({ bots: "", seed: `e2e-${tag}-save`, ...attrs }))
        if (v === null) el.removeAttribute(k);
        else el.setAttribute(k, v);
    },
    [tag, attrs] as const,
  );
  return page;
}

/** Waits until a seat is to move (every seat a person's: no `bots`) and nothing is in flight. */
export const personToMove = (page: Page, tag: Tag) =>
  page
    .locator(`${tag} [part="base"][data-seat-to-move]:not([data-seat-to-move=""])[aria-busy="false"]`)
    .waitFor({ timeout: 30_000 });

const logLength = (page: Page, tag: Tag) =>
  page.evaluate((t) => (document.querySelector(t) as unknown as ElementApi).state?.log.length ?? -1, tag);

const saveText = (page: Page, tag: Tag) =>
  page.evaluate((t) => (document.querySelector(t) as unknown as ElementApi).export(), tag);

/** `import(json)` on the element: "" when it loaded, else the rejection's message. */
const importIt = (page: Page, tag: Tag, json: string) =>
  page.evaluate(
    async ([t, j]) => {
      try {
        await (document.querySelector(t) as unknown as ElementApi).import(j);
        return "";
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },
    [tag, json] as const,
  );

/**
 * Save and share: export, make a move with `move` (a person's gesture on the page), import the export back: the
 * move is gone and the state is the export; garbage and a tampered save are refused with a message naming the
 * JSON pointer, the game unchanged; the game is still playable after.
 */
export async function saveAndShare(page: Page, tag: Tag, move: () => Promise<void>): Promise<void> {
  await personToMove(page, tag);
  const saved = await saveText(page, tag);
  const before = await logLength(page, tag);
  await move();
  await expect.poll(() => logLength(page, tag)).toBeGreaterThan(before);
  await personToMove(page, tag);
  expect(await importIt(page, tag, saved)).toBe("");
  expect(await saveText(page, tag)).toBe(saved);
  expect(await logLength(page, tag)).toBe(before);
  await personToMove(page, tag);
  const log = await page.locator(`${tag} [part=log]`).textContent();
  expect(log).toMatch(/Nothing yet/);

  // Garbage, then a save of this game with its random generator changed: refused, the game as it was.
  const garbage = await importIt(page, tag, "{ this is not a saved game");
  expect(garbage).toMatch(/not JSON/);
  const message = page.locator(`${tag} [part=message]`);
  await expect.poll(() => message.textContent()).toMatch(/The saved game was not loaded: not JSON/);
  await expect(message.getAttribute("role")).resolves.toBe("alert");
  const tampered = JSON.stringify({ ...JSON.parse(saved), rng: 7 });
  expect(await importIt(page, tag, tampered)).toMatch(/^\/rng: /);
  await expect.poll(() => message.textContent()).toMatch(/not loaded: \/rng: /);
  expect(await saveText(page, tag)).toBe(saved);
  // Still playable: the same move goes through.
  await move();
  await expect.poll(() => logLength(page, tag)).toBeGreaterThan(before);

  // A save of another player count: the players attribute follows it, and no other game starts after it.
  const setPlayers = (n: string) =>
    page.evaluate(
      ([t, n]) => {
        document.querySelector(t)!.setAttribute("players", n);
      },
      [tag, n] as const,
    );
  await setPlayers("3");
  await expect.poll(async () => JSON.parse(await saveText(page, tag)).options.players).toBe(3);
  await personToMove(page, tag);
  const three = await saveText(page, tag);
  await setPlayers("2");
  await expect.poll(async () => JSON.parse(await saveText(page, tag)).options.players).toBe(2);
  await personToMove(page, tag);
  expect(await importIt(page, tag, three)).toBe("");
  await expect(page.locator(tag).getAttribute("players")).resolves.toBe("3");
  await page.waitForTimeout(300); // a new game started by the attribute would have landed by now
  expect(await saveText(page, tag)).toBe(three);
}

/** The element's attribute-error alert text, or null when the game is shown. */
const attributeError = async (page: Page, tag: Tag) => {
  const box = page.locator(`${tag} [data-attribute-error]`);
  return (await box.count()) > 0 ? ((await box.textContent())?.trim() ?? "") : null;
};

const setAttr = (page: Page, tag: Tag, name: string, value: string | null) =>
  page.evaluate(
    ([t, n, v]) => {
      const el = document.querySelector(t)!;
      if (v === null) el.removeAttribute(n);
      else el.setAttribute(n, v);
    },
    [tag, name, value] as const,
  );

/**
 * Bad attributes show a sentence naming the attribute and what it takes (an alert in place of the game); fixed,
 * the game comes back; `hints="false"`/`"off"`/`"0"` hide the hint panel, `hints`/`hints=""`/`"true"` show it.
 */
export async function attributeMessages(page: Page, tag: Tag, seats: [number, number]): Promise<void> {
  await personToMove(page, tag);
  await setAttr(page, tag, "players", "7");
  await expect
    .poll(() => attributeError(page, tag))
    .toBe(`players="7" is not accepted: players must be ${seats[0]} to ${seats[1]}.`);
  await expect(page.locator(`${tag} [data-attribute-error]`).getAttribute("role")).resolves.toBe("alert");
  await setAttr(page, tag, "players", "2");
  await setAttr(page, tag, "bots", "9");
  await expect
    .poll(() => attributeError(page, tag))
    .toBe(
      `bots="9" is not accepted: bots must list seats from 0 to 1, each once, separated by commas (e.g. bots="1").`,
    );
  await setAttr(page, tag, "bots", "x");
  await expect
    .poll(() => attributeError(page, tag))
    .toMatch(/^bots="x" is not accepted: bots must list seats/);
  await setAttr(page, tag, "bots", "");
  await expect.poll(() => attributeError(page, tag)).toBeNull();
  await personToMove(page, tag);
  const hints = page.locator(`${tag} [part~=hints]`);
  for (const [value, shown] of [
    ["false", 0],
    ["", 1],
    ["off", 0],
    ["true", 1],
    ["0", 0],
  ] as const) {
    await setAttr(page, tag, "hints", value);
    await expect.poll(() => hints.count(), { message: `hints="${value}"` }).toBe(shown);
  }
}

/** The lines of an ARIA snapshot (Playwright's `ariaSnapshot`) that show a control with no accessible name. */
export function unnamedControls(tree: string): string[] {
  return tree
    .split("\n")
    .filter((l) =>
      /^\s*- (button|checkbox|listbox|option|textbox|combobox|spinbutton|link|radio|slider)\s*(\[.*\])?:?$/.test(
        l,
      ),
    );
}

/**
 * Roles and names: every button, box and control in the accessibility tree has a name; one polite live region
 * announces what happened; the hint panel (hints on) is not live, so it is not read again on every move.
 */
export async function rolesAndNames(page: Page, tag: Tag): Promise<void> {
  await personToMove(page, tag);
  const tree = await page.locator(tag).ariaSnapshot();
  expect(tree, tag).toMatch(/- button "/);
  expect(unnamedControls(tree), tag).toEqual([]);
  // Every <button> has a text or a label (the tree above could hide a disabled or hidden one).
  const nameless = await page
    .locator(tag)
    .evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll("button")]
        .filter((b) => !(b.getAttribute("aria-label") || b.textContent?.trim() || b.title))
        .map((b) => b.outerHTML.slice(0, 80)),
    );
  expect(nameless).toEqual([]);
  await expect(page.locator(`${tag} .sr-only[aria-live=polite]`).count()).resolves.toBe(1);
  await page.locator(`${tag} [part~=hints]`).waitFor();
  await expect(
    page.locator(`${tag} [part~=hints][aria-live], ${tag} [part~=hints] [aria-live]`).count(),
  ).resolves.toBe(0);
  await expect(
    page.locator(`${tag} [part~=log][aria-live], ${tag} [part~=log] [aria-live]`).count(),
  ).resolves.toBe(0);
}

/**
 * Theming: the dark scheme's defaults differ from the light one's (a darker background), a custom property the
 * page sets wins in the dark scheme too; with `prefers-reduced-motion: reduce` nothing in the shadow root
 * transitions or animates (a probe element given a transition and an animation computes to none), without it the
 * probe keeps them.
 */
export async function themingAndMotion(browser: Browser, url: string, tag: Tag): Promise<void> {
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const look = async (colorScheme: "light" | "dark", reducedMotion: "reduce" | "no-preference") => {
    const context = await browser.newContext({ colorScheme, reducedMotion });
    const page = await context.newPage();
    await page.goto(`${url}index.html`);
    await page.locator(`${tag} [part=base]`).first().waitFor({ timeout: 30_000 });
    const seen = await page.locator(tag).evaluate((el, t) => {
      const root = el.shadowRoot!;
      const base = root.querySelector("[part~=base]")!;
      const bg = getComputedStyle(base).backgroundColor;
      const probe = document.createElement("div");
      probe.style.transition = "opacity 1s";
      probe.style.animation = "probe 1s infinite";
      root.appendChild(probe);
      const motion = `${getComputedStyle(probe).transitionDuration} ${getComputedStyle(probe).animationName}`;
      probe.remove();
      (el as HTMLElement).style.setProperty(`--${t}-bg`, "rgb(1, 2, 3)");
      const themed = getComputedStyle(base).backgroundColor;
      return { bg, motion, themed };
    }, tag);
    await context.close();
    return seen;
  };
  const light = await look("light", "no-preference");
  const dark = await look("dark", "reduce");
  expect(luminance(dark.bg), `${tag}: ${dark.bg} vs ${light.bg}`).toBeLessThan(luminance(light.bg) - 100);
  expect(light.themed).toBe("rgb(1, 2, 3)");
  expect(dark.themed).toBe("rgb(1, 2, 3)");
  expect(light.motion).toBe("1s probe");
  expect(dark.motion).toBe("0s none");
}
