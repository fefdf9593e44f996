/**
 * `<string-railway>` and `<light-rail>` online in Chromium (issue #14): the railkit server (a child process on
 * 127.0.0.1, flat files in a temporary folder) serves the built demo; two browser contexts open their seats on
 * the lobby page, which plays them in the game's own element, and play a few turns
 * through the element's gestures: Light Rail cells clicked on the city, String Railway a tile kept, two
 * stations picked on the board and the string placed, the turn ended. Every state an element received holds no
 * seed, no generator, no deck order and no other seat's secret (a Light Rail hand or objectives, a String
 * Railway tile choice). Hints run in each page's own worker on its seat's view: the seat to move sees them (Light
 * Rail's searched placements, String Railway's strings), the other seat's panel waits for its turn, and String
 * Railway's live check of a string being drawn gives its verdict before the string is placed.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { tempDir } from "../online/helpers.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";
import { type ServerProcess, startServerProcess } from "./online-server.ts";

const SEED = "online-elements-seed-7d31";
const TAGS = { string: "string-railway", light: "light-rail" } as const;
type Game = keyof typeof TAGS;
/** Screenshots of the elements in an online match, for a person to look at (RAILKIT_SHOTS=<folder>). */
const SHOTS = process.env.RAILKIT_SHOTS;

describe.runIf(haveBrowser)("online String Railway and Light Rail elements in Chromium", () => {
  const store = tempDir();
  let server: ServerProcess;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    await builtDemo("lobby.html");
    server = await startServerProcess({ RAILKIT_MATCHES: store.dir, RAILKIT_FIXED_SEEDS: "1" });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.kill();
    store.remove();
  });

  async function open(path: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}/${path}`);
    return page;
  }

  /** What the page's element received from the server (its `state`), every time it changed. */
  async function recordStates(page: Page, tag: string): Promise<void> {
    await page.evaluate((t) => {
      const w = window as unknown as { received: string[] };
      w.received = [];
      const el = document.querySelector(t) as unknown as { state: unknown; updateComplete: Promise<unknown> };
      const look = () => {
        const s = JSON.stringify(el.state ?? null);
        if (s !== "null" && s !== w.received.at(-1)) w.received.push(s);
      };
      look();
      setInterval(look, 20);
    }, tag);
  }
  const received = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { received: string[] }).received.map(
        (s) => JSON.parse(s) as Record<string, unknown>,
      ),
    );

  const logLength = (page: Page, tag: string) =>
    page.evaluate(
      (t) =>
        (document.querySelector(t) as unknown as { state: { log: unknown[] } | null }).state?.log.length ??
        -1,
      tag,
    );

  async function waitLog(page: Page, tag: string, n: number, what: string): Promise<void> {
    try {
      await page.waitForFunction(
        ([t, x]) =>
          ((document.querySelector(t as string) as unknown as { state: { log: unknown[] } | null }).state?.log
            .length ?? -1) >= (x as number),
        [tag, n] as const,
        { timeout: 10_000 },
      );
    } catch (e) {
      const message = await page.locator(`${tag} [part="message"]`).textContent();
      throw new Error(`${what} did not land (log ${n - 1}, message: ${message}): ${(e as Error).message}`);
    }
  }

  /** One Light Rail turn: rotate the card on the first move, then click the first legal cell of the city. */
  async function lightTurn(page: Page, first: boolean): Promise<void> {
    const tag = TAGS.light;
    await page.locator(`${tag} [part="base"][aria-busy="false"]`).waitFor({ timeout: 10_000 });
    const before = await logLength(page, tag);
    // The seat's own card is face up (its design's name), never "Hidden".
    expect(await page.locator(`${tag} [part="hand"] strong`).textContent()).not.toBe("Hidden");
    // Hints for the seat to move, searched in this page's worker on its own view.
    await page.locator(`${tag} [part~="hints"] [part~="hint-best"]`).waitFor({ timeout: 15_000 });
    if (first) await page.locator(`${tag} button[data-action="rotate"]`).click();
    await page.locator(`${tag} svg.board rect.cell.legal`).first().click();
    await waitLog(page, tag, before + 1, "the placement");
  }

  /** One String Railway turn: keep the first tile on offer; else lay a straight string (two stations picked on the board, Place), then end the turn. */
  async function stringTurn(page: Page): Promise<void> {
    const tag = TAGS.string;
    await page.locator(`${tag} [part="base"][aria-busy="false"]`).waitFor({ timeout: 10_000 });
    let before = await logLength(page, tag);
    const keep = page.locator(`${tag} button[data-keep]`);
    if ((await keep.count()) > 0) {
      await keep.first().click();
      await waitLog(page, tag, before + 1, "keep-tile");
      return;
    }
    // The ends of a legal straight string from the element's own legal actions (what the server sent this seat).
    const ends = await page.evaluate((t) => {
      const el = document.querySelector(t) as unknown as {
        legalActions: { type: string; kind?: string; path?: number[] }[];
        state: { stations: { x: number; y: number }[] };
      };
      const at = (x: number, y: number) =>
        el.state.stations.findIndex((st) => Math.abs(st.x - x) < 0.01 && Math.abs(st.y - y) < 0.01);
      for (const a of el.legalActions) {
        if (a.type !== "place-string" || a.kind !== "short" || a.path!.length !== 4) continue;
        const [x0, y0, x1, y1] = a.path!;
        const i = at(x0!, y0!);
        const j = at(x1!, y1!);
        if (i >= 0 && j >= 0) return [i, j];
      }
      return null;
    }, tag);
    if (ends) {
      // Hints for the seat to move (the route phase: strings to lay), from this seat's view in its worker.
      await page
        .locator(`${tag} [part~="hints"] li[data-hint="string"]`)
        .first()
        .waitFor({ timeout: 15_000 });
      await page.locator(`${tag} button[data-tool="string"]`).click();
      await page.locator(`${tag} button[data-kind="short"]`).click();
      await page.locator(`${tag} g.station[data-index="${ends[0]}"]`).click();
      await page.locator(`${tag} g.station[data-index="${ends[1]}"]`).click();
      // The live check, in this page's worker on the seat's view: the string is legal before it is placed.
      await page.locator(`${tag} [part="preview"] [data-verdict].ok`).waitFor({ timeout: 10_000 });
      await expect(page.locator(`${tag} [part="preview"] [data-verdict]`).textContent()).resolves.toMatch(
        /legal/,
      );
      await page.locator(`${tag} button[data-action="place"]`).click();
      await waitLog(page, tag, before + 1, "place-string");
      before++;
    }
    await page.locator(`${tag} button[data-action="end-turn"]`).click();
    await waitLog(page, tag, before + 1, "end-turn");
  }

  for (const game of ["string", "light"] as const satisfies readonly Game[]) {
    it(`${game}: two seats play a few turns in the game's element; nothing received holds the seed, a deck order or another seat's secret`, async () => {
      const tag = TAGS[game];
      const matchID = await createMatch(server.url, game, { options: { players: 2 }, seed: SEED });
      const creds = [
        await joinMatch(server.url, game, matchID, 0, "Ada"),
        await joinMatch(server.url, game, matchID, 1, "Bo"),
      ];
      const pages = [
        await open(`lobby.html?game=${game}&match=${matchID}&seat=0&credentials=${creds[0]}`),
        await open(`lobby.html?game=${game}&match=${matchID}&seat=1&credentials=${creds[1]}`),
      ];
      const watcher = await open(`lobby.html?game=${game}&match=${matchID}`);
      const base = `${tag} [part="base"][data-seat-to-move]`;
      await watcher.locator(base).waitFor({ timeout: 20_000 });
      await recordStates(watcher, tag);
      for (const p of pages) {
        await p.locator(base).waitFor({ timeout: 20_000 });
        await recordStates(p, tag);
        // No new-game form online.
        expect(await p.locator(`${tag} [part="setup"]`).count()).toBe(0);
      }
      // The seat not to move: its hint panel waits for its turn.
      const first = Number(await pages[0]!.locator(base).getAttribute("data-seat-to-move"));
      await expect(pages[1 - first]!.locator(`${tag} [part~="hints"]`).textContent()).resolves.toMatch(
        /Hints come on your turn/,
      );
      const turns = 6;
      for (let n = 0; n < turns; n++) {
        const len = Math.max(...(await Promise.all(pages.map((p) => logLength(p, tag)))));
        for (const p of pages) await waitLog(p, tag, len, "the last move");
        const seat = Number(await pages[0]!.locator(base).getAttribute("data-seat-to-move"));
        const p = pages[seat]!;
        if (game === "light") await lightTurn(p, n < 2);
        else await stringTurn(p);
      }
      const len = Math.max(...(await Promise.all(pages.map((p) => logLength(p, tag)))));
      for (const p of pages) await waitLog(p, tag, len, "the last move");
      expect(len).toBeGreaterThanOrEqual(game === "light" ? 6 : 4);
      if (SHOTS)
        for (const [i, p] of pages.entries())
          await p.screenshot({ path: `${SHOTS}/${game}-seat${i}.png`, fullPage: true });

      for (const [seat, p] of pages.entries()) {
        const states = await received(p);
        expect(states.length).toBeGreaterThan(1);
        for (const s of states) {
          expect(s).not.toHaveProperty("seed");
          expect(s).not.toHaveProperty("rng");
          expect(JSON.stringify(s)).not.toContain(SEED);
          if (game === "light") {
            expect((s.decks as number[][]).flat().every((d) => d === -1)).toBe(true);
            const objectives = s.objectives as string[][];
            expect(objectives[seat]!.length).toBeGreaterThan(0);
            expect(objectives[1 - seat]).toEqual([]);
            expect([null, -1]).toContain((s.hands as (number | null)[])[1 - seat]);
          } else {
            expect((s.deck as number[]).every((d) => d === -1)).toBe(true);
            const choice = s.choice as { player: number; tiles: number[] } | null;
            if (choice && choice.player !== seat) expect(choice.tiles.every((t) => t === -1)).toBe(true);
            if (choice && choice.player === seat) expect(choice.tiles.every((t) => t >= 0)).toBe(true);
          }
        }
        // Both seats saw the other's moves: the same log.
        expect(states.at(-1)!.log).toEqual((await received(pages[0]!)).at(-1)!.log);
      }
      // The watcher (no seat) saw the same game with every hand, objective and tile choice hidden.
      await waitLog(watcher, tag, len, "the last move");
      const watched = await received(watcher);
      for (const s of watched) {
        expect(s).not.toHaveProperty("seed");
        if (game === "light") {
          expect((s.hands as (number | null)[]).every((h) => h === null || h === -1)).toBe(true);
          expect((s.objectives as string[][]).every((o) => o.length === 0)).toBe(true);
        } else {
          const choice = s.choice as { tiles: number[] } | null;
          if (choice) expect(choice.tiles.every((t) => t === -1)).toBe(true);
        }
      }
      // A spectator's element draws the card to play face down.
      if (game === "light")
        expect(await watcher.locator(`${tag} [part="hand"] strong`).textContent()).toBe("Hidden");
      const log = (await received(pages[0]!)).at(-1)!.log as { type: string; player: number }[];
      if (game === "string") {
        // Both seats laid a string through the board's gestures.
        for (const seat of [0, 1])
          expect(log.some((a) => a.type === "place-string" && a.player === seat)).toBe(true);
        // Seat 1 saw seat 0's pending setup choice, hidden.
        const seen = (await received(pages[1]!)).some(
          (s) => (s.choice as { player: number } | null)?.player === 0,
        );
        expect(seen).toBe(true);
      }
      expect(errors).toEqual([]);
    });
  }
});
