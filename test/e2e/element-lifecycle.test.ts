/**
 * Issue #23 in Chromium, the same on `<train-game>`, `<string-railway>` and `<light-rail>` (the built demo, one
 * element per page): a removed attribute restores its default (the game starts again, `newGame()` works); strict
 * parsing (`players=" 2"`, `"0x2"`, `"2e0"`, `bots="0,0"` refused with a message, the element working once fixed);
 * the `state` attribute and property (a save loaded, a bad one refused with `railkit-load-error` and the game left);
 * `railkit-before-move` (preventDefault: the gesture's move is not sent); `play(action)` (the engine's verdict);
 * `bot-delay` (the computer's pace); `level` (issue #26: the computer's strength, 1 to 5); and detached searches: 20 detach/attach cycles of an element with hints leave at
 * most one worker search in flight (the calls counted through the element's `client`), none while it is out of the
 * page. Screenshots go to dist/e2e/lifecycle-<tag>.png. Skipped without /usr/bin/chromium unless
 * RAILKIT_BROWSER=required.
 */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";
import { elementPage, personToMove, type Tag } from "./element-cases.ts";

const shots = resolve(import.meta.dirname, "../../dist/e2e");

/** The element's public surface as this test uses it. */
interface Api extends HTMLElement {
  state: { options: Record<string, unknown>; log: unknown[] } | null;
  export(): string;
  newGame(fresh?: boolean): Promise<void>;
  play(
    action: unknown,
  ): Promise<{ ok: boolean; state?: { log: unknown[] }; error?: { kind: string; rule: string } }>;
  client: Record<string, unknown> | null;
}

/** Per element: a person's first gesture, the game's namespace in the client, and one of its own attributes. */
const CASES: {
  tag: Tag;
  ns: string;
  move: (page: Page) => Promise<void>;
  /** After the gesture's action was played: an action the rules refuse now (from that action). */
  refused: (action: Record<string, unknown>) => unknown;
  /** An attribute of this game only, a value to set, its default (read from the save's options) and a bad value. */
  own: { name: string; option: string; value: string; fallback: unknown; bad: string };
  /** Its other attributes, each set to a value it takes (then removed: no message may remain). */
  more: [string, string][];
}[] = [
  {
    tag: "train-game",
    ns: "train",
    move: (p) => p.locator("train-game button[data-action=roll]").click(),
    refused: (a) => ({ ...a, player: 1 }), // not seat 1's turn
    own: { name: "goal", option: "goal", value: "150", fallback: 100, bad: "2e0" },
    more: [
      ["variant", "elimination"],
      ["bot-policy", "ev"],
    ],
  },
  {
    tag: "string-railway",
    ns: "string",
    move: async (p) => {
      const keep = p.locator("string-railway button[data-keep]").first();
      if ((await keep.count()) > 0) await keep.click();
      else await p.locator('string-railway button[data-action="end-turn"]').click();
    },
    refused: (a) => a, // the same tile kept twice
    own: { name: "rounds", option: "rounds", value: "3", fallback: 5, bad: "0x2" },
    more: [],
  },
  {
    tag: "light-rail",
    ns: "light",
    move: (p) => p.locator("light-rail rect.cell.legal").first().click(),
    refused: (a) => a, // the same cell twice
    own: { name: "wrap", option: "wrap", value: "", fallback: false, bad: "" },
    more: [
      ["hint-time", "500"],
      ["bot-playouts", "100"],
    ],
  },
];

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

describe.runIf(haveBrowser)("issue #23: the elements' lifecycle and API in Chromium", () => {
  let demo: DemoBrowser;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    demo = await openDemo();
  });

  afterAll(async () => {
    await demo?.close();
  });

  const setAttr = (page: Page, tag: Tag, name: string, value: string | null) =>
    page.evaluate(
      ([t, n, v]) => {
        const el = document.querySelector(t)!;
        if (v === null) el.removeAttribute(n);
        else el.setAttribute(n, v);
      },
      [tag, name, value] as const,
    );
  const attributeError = async (page: Page, tag: Tag) => {
    const box = page.locator(`${tag} [data-attribute-error]`);
    return (await box.count()) > 0 ? ((await box.textContent())?.trim() ?? "") : null;
  };
  const options = (page: Page, tag: Tag) =>
    page.evaluate((t) => (document.querySelector(t) as unknown as Api).state?.options ?? null, tag);
  const logLength = (page: Page, tag: Tag) =>
    page.evaluate((t) => (document.querySelector(t) as unknown as Api).state?.log.length ?? -1, tag);
  const saveText = (page: Page, tag: Tag) =>
    page.evaluate((t) => (document.querySelector(t) as unknown as Api).export(), tag);

  for (const c of CASES) {
    const { tag } = c;

    it(`${tag}: a removed attribute restores its default; strict parsing refuses " 2", "0x2", "2e0", bots="0,0"`, async () => {
      const errors: string[] = [];
      const page = await elementPage(demo.browser, demo.server.url, tag, { seed: `life-${tag}` }, errors);
      await personToMove(page, tag);
      // players: set, then removed: the default (2 seats), a game, no "players="" is not accepted".
      await setAttr(page, tag, "players", "3");
      await expect.poll(async () => (await options(page, tag))?.players).toBe(3);
      await setAttr(page, tag, "players", null);
      await expect.poll(async () => (await options(page, tag))?.players).toBe(2);
      expect(await attributeError(page, tag)).toBeNull();
      // The game's own attribute, then bots and seed: each removed, the default again.
      await setAttr(page, tag, c.own.name, c.own.value);
      await expect.poll(async () => (await options(page, tag))?.[c.own.option]).not.toBe(c.own.fallback);
      await setAttr(page, tag, c.own.name, null);
      await expect.poll(async () => (await options(page, tag))?.[c.own.option]).toBe(c.own.fallback);
      for (const [name, value] of [
        ["bots", "1"],
        ["bot-delay", "50"],
        ["hints", ""],
        ["seat", "1"],
        ...c.more,
      ]) {
        await setAttr(page, tag, name, value);
        await setAttr(page, tag, name, null);
      }
      await personToMove(page, tag);
      expect(await attributeError(page, tag)).toBeNull();

      // Strict parsing: each refused with the attribute as written; removed, the element works again.
      for (const [name, value, message] of [
        ["players", " 2", `players=" 2" is not accepted: players must be `],
        ["players", "0x2", `players="0x2" is not accepted: players must be `],
        ["players", "2e0", `players="2e0" is not accepted: players must be `],
        ["bots", "0,0", `bots="0,0" is not accepted: bots must list seats from 0 to 1, each once`],
        ["seat", "+1", `seat="+1" is not accepted: seat must be a whole number from 0 to 5`],
        [
          "bot-delay",
          "1.5",
          `bot-delay="1.5" is not accepted: bot-delay must be a whole number from 0 to 10000`,
        ],
        ["bot-delay", "10001", `bot-delay="10001" is not accepted`],
        ...(c.own.bad ? [[c.own.name, c.own.bad, `${c.own.name}="${c.own.bad}" is not accepted`]] : []),
      ] as const) {
        await setAttr(page, tag, name, value);
        await expect
          .poll(() => attributeError(page, tag), { message: `${name}="${value}"` })
          .toContain(message);
        if (value === "2e0")
          await page.locator(tag).screenshot({ path: resolve(shots, `lifecycle-${tag}-refused.png`) });
        // newGame() does nothing while an attribute is refused; removing it brings the game back.
        await setAttr(page, tag, name, null);
        await expect.poll(() => attributeError(page, tag), { message: `${name} removed` }).toBeNull();
      }
      await personToMove(page, tag);
      const before = await saveText(page, tag);
      await page.evaluate((t) => (document.querySelector(t) as unknown as Api).newGame(true), tag);
      await expect.poll(() => saveText(page, tag)).not.toBe(before);
      await personToMove(page, tag);
      await page.locator(tag).screenshot({ path: resolve(shots, `lifecycle-${tag}-attributes.png`) });
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${tag}: the state attribute and property load a save; a bad one fires railkit-load-error and leaves the game`, async () => {
      const errors: string[] = [];
      const page = await elementPage(demo.browser, demo.server.url, tag, { seed: `state-a-${tag}` }, errors);
      await personToMove(page, tag);
      const a = await saveText(page, tag);
      await setAttr(page, tag, "seed", `state-b-${tag}`);
      await expect.poll(() => saveText(page, tag)).not.toBe(a);
      await personToMove(page, tag);
      const b = await saveText(page, tag);
      // The attribute: the save of game A.
      await setAttr(page, tag, "state", a);
      await expect.poll(() => saveText(page, tag)).toBe(a);
      // A bad save: the event with the engine's message, the alert, and game A as it was.
      await page.evaluate((t) => {
        const w = window as unknown as { loadErrors: string[] };
        w.loadErrors = [];
        document
          .querySelector(t)!
          .addEventListener("railkit-load-error", (e) =>
            w.loadErrors.push((e as CustomEvent).detail.message),
          );
      }, tag);
      await setAttr(page, tag, "state", "{ not a save");
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { loadErrors: string[] }).loadErrors))
        .toEqual([expect.stringMatching(/not JSON/)]);
      await expect
        .poll(() => page.locator(`${tag} [part=message]`).textContent())
        .toMatch(/The saved game was not loaded/);
      await page.locator(tag).screenshot({ path: resolve(shots, `lifecycle-${tag}-load-error.png`) });
      expect(await saveText(page, tag)).toBe(a);
      // The property: game B (text), then A (the object).
      await page.evaluate(
        ([t, s]) => ((document.querySelector(t) as unknown as { state: string }).state = s),
        [tag, b],
      );
      await expect.poll(() => saveText(page, tag)).toBe(b);
      await page.evaluate(
        ([t, s]) => ((document.querySelector(t) as unknown as { state: unknown }).state = JSON.parse(s)),
        [tag, a],
      );
      await expect.poll(() => saveText(page, tag)).toBe(a);
      // Set before the element is in the page: that save is its first game.
      const fresh = await page.evaluate(
        async ([t, s]) => {
          const el = document.createElement(t) as unknown as Api;
          el.setAttribute("bots", "");
          (el as unknown as { state: string }).state = s;
          document.body.append(el);
          for (let i = 0; i < 200 && !el.state; i++) await new Promise((r) => setTimeout(r, 50));
          const text = el.export();
          el.remove();
          return text;
        },
        [tag, b],
      );
      expect(fresh).toBe(b);
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${tag}: railkit-before-move cancels a person's move; play(action) answers the engine's verdict`, async () => {
      const errors: string[] = [];
      const page = await elementPage(demo.browser, demo.server.url, tag, { seed: `move-${tag}` }, errors);
      await personToMove(page, tag);
      await page.evaluate((t) => {
        const w = window as unknown as { before: unknown[]; cancel: boolean };
        w.before = [];
        w.cancel = true;
        document.querySelector(t)!.addEventListener("railkit-before-move", (e) => {
          w.before.push((e as CustomEvent).detail.action);
          if (w.cancel) e.preventDefault();
        });
      }, tag);
      const before = () => page.evaluate(() => (window as unknown as { before: unknown[] }).before);
      await c.move(page);
      await expect.poll(async () => (await before()).length).toBe(1);
      await page.waitForTimeout(300);
      expect(await logLength(page, tag)).toBe(0);
      const [action] = await before();
      // play(): a malformed action, another seat's move: refused with their ids; the game unchanged, no throw.
      const verdict = (a: unknown) =>
        page.evaluate(([t, a]) => (document.querySelector(t) as unknown as Api).play(a), [tag, a] as const);
      const bogus = await verdict({ type: "no-such-move" });
      expect(bogus).toMatchObject({ ok: false, error: { kind: "input", rule: "/action/type" } });
      expect(await logLength(page, tag)).toBe(0);
      // The cancelled move, played from script: the new state (play fires no railkit-before-move).
      const done = await verdict(action);
      expect(done.ok).toBe(true);
      expect(done.state?.log).toEqual([action]);
      expect(await logLength(page, tag)).toBe(1);
      // A move the rules refuse now: the game's rule id; the game unchanged.
      const again = await verdict(c.refused(action as Record<string, unknown>));
      expect(again.ok).toBe(false);
      expect(again.error?.kind).toBe("rule");
      expect(again.error?.rule).toMatch(/^(train|string|light)\./);
      expect(await logLength(page, tag)).toBe(1);
      expect(await before()).toHaveLength(1);
      // Not cancelled: the gesture goes through.
      await personToMove(page, tag);
      await page.evaluate(() => ((window as unknown as { cancel: boolean }).cancel = false));
      const n = await logLength(page, tag);
      await c.move(page);
      await expect.poll(() => logLength(page, tag)).toBeGreaterThan(n);
      await page.locator(tag).screenshot({ path: resolve(shots, `lifecycle-${tag}-moves.png`) });
      expect(errors).toEqual([]);
      await page.close();
    });

    it(`${tag}: bot-delay sets the computer's pace`, async () => {
      const page = await elementPage(demo.browser, demo.server.url, tag, {
        seed: `pace-${tag}`,
        "bot-delay": "8000",
        bots: "0",
      });
      await page.locator(`${tag} [part="base"][data-seat-to-move="0"]`).waitFor({ timeout: 30_000 });
      // The computer's seat is to move, and waits its 8 s.
      await page.waitForTimeout(2000);
      expect(await logLength(page, tag)).toBe(0);
      await expect(page.locator(`${tag} [part=message]`).textContent()).resolves.toMatch(
        /computer is playing/,
      );
      await page.close();
      const quick = await elementPage(demo.browser, demo.server.url, tag, {
        seed: `pace-${tag}`,
        "bot-delay": "0",
        bots: "0",
      });
      await expect.poll(() => logLength(quick, tag), { timeout: 8000 }).toBeGreaterThan(0);
      await quick.close();
    });

    it(`${tag}: level (issue #26) plays the computer at that level; level="9" and "2.0" are refused, removal clears`, async () => {
      const page = await elementPage(demo.browser, demo.server.url, tag, {
        seed: `level-${tag}`,
        level: "1",
        "bot-delay": "0",
        bots: "0",
      });
      // Level 1 (the random player) plays seat 0's moves: the log grows with no person acting.
      await expect.poll(() => logLength(page, tag), { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await attributeError(page, tag)).toBeNull();
      for (const bad of ["9", "2.0", "0"]) {
        await setAttr(page, tag, "level", bad);
        await expect
          .poll(() => attributeError(page, tag))
          .toBe(`level="${bad}" is not accepted: level must be a whole number from 1 to 5.`);
      }
      await setAttr(page, tag, "level", null);
      await expect.poll(() => attributeError(page, tag)).toBeNull();
      await page.close();
    });

    it(`${tag}: 20 detach/attach cycles with hints leave at most one search in flight, none while detached`, async () => {
      const errors: string[] = [];
      const page = await elementPage(
        demo.browser,
        demo.server.url,
        tag,
        { seed: `detach-${tag}`, hints: "", "hint-time": tag === "light-rail" ? "60000" : null },
        errors,
      );
      await personToMove(page, tag);
      // Count the element's worker calls: its client, wrapped so that the game's namespace counts its verbs.
      await page.evaluate(
        ([t, ns]) => {
          const el = document.querySelector(t) as unknown as Api;
          const real = el.client as Record<string, unknown>;
          const w = window as unknown as { calls: Record<string, number>; inFlight: Record<string, number> };
          w.calls = {};
          w.inFlight = {};
          const space = real[ns] as Record<string, (...a: unknown[]) => Promise<unknown>>;
          const counted = new Proxy(space, {
            get(target, verb: string) {
              const f = target[verb];
              if (typeof f !== "function") return f;
              return (...args: unknown[]) => {
                w.calls[verb] = (w.calls[verb] ?? 0) + 1;
                w.inFlight[verb] = (w.inFlight[verb] ?? 0) + 1;
                return f(...args).finally(() => w.inFlight[verb]!--);
              };
            },
          });
          el.client = new Proxy(real, {
            get(target, k) {
              if (k === ns) return counted;
              const v = Reflect.get(target, k);
              return typeof v === "function" ? v.bind(target) : v;
            },
          });
        },
        [tag, c.ns] as const,
      );
      const counts = () =>
        page.evaluate(() => {
          const w = window as unknown as { calls: Record<string, number>; inFlight: Record<string, number> };
          return { calls: { ...w.calls }, inFlight: { ...w.inFlight } };
        });
      // 20 cycles out of the page and back, ending in it; the most searches in flight sampled meanwhile.
      await page.evaluate(async (t) => {
        const el = document.querySelector(t)!;
        const parent = el.parentElement!;
        const w = window as unknown as {
          parked: [Element, Element];
          inFlight: Record<string, number>;
          most: number;
        };
        w.parked = [el, parent];
        w.most = 0;
        setInterval(() => {
          w.most = Math.max(w.most, w.inFlight.hints ?? 0);
        }, 5);
        for (let i = 0; i < 20; i++) {
          el.remove();
          await new Promise((r) => setTimeout(r, 20));
          parent.append(el);
          await new Promise((r) => setTimeout(r, 20));
        }
      }, tag);
      // The searches of earlier attachments have ended (their game closed under them): one at a time from now on.
      await page.waitForTimeout(300);
      await page.evaluate(() => ((window as unknown as { most: number }).most = 0));
      await page.waitForTimeout(1500);
      expect(await page.evaluate(() => (window as unknown as { most: number }).most)).toBeLessThanOrEqual(1);
      // Out of the page: what was in flight ends, and nothing new starts.
      await page.evaluate(() => (window as unknown as { parked: [Element] }).parked[0].remove());
      await expect.poll(async () => (await counts()).inFlight.hints ?? 0, { timeout: 10_000 }).toBe(0);
      await expect.poll(async () => (await counts()).inFlight.botMove ?? 0).toBe(0);
      const out = await counts();
      await page.waitForTimeout(1000);
      expect((await counts()).calls).toEqual(out.calls);
      // An unrelated worker call meanwhile (a new Light Rail game, closed): its time is logged, not asserted.
      const unrelated = await page.evaluate(async () => {
        const [el] = (window as unknown as { parked: [Api] }).parked;
        const light = (
          el.client as Record<string, Record<string, (...a: unknown[]) => Promise<{ handle: string }>>>
        ).light!;
        const t0 = performance.now();
        const v = await light.newGame!({ players: 2 }, 1);
        await light.close!(v.handle);
        return performance.now() - t0;
      });
      console.log(
        `${tag}: an unrelated worker call after 20 detach/attach cycles took ${unrelated.toFixed(0)} ms`,
      );
      // Back in the page: the game restored in the worker, the hints searched again.
      await page.evaluate(() => {
        const w = window as unknown as { parked: [Element, Element] };
        w.parked[1].append(w.parked[0]);
      });
      await expect.poll(async () => (await counts()).calls.hints ?? 0).toBeGreaterThan(out.calls.hints ?? 0);
      await personToMove(page, tag);
      await page.locator(`${tag} [part~=hints]`).waitFor();
      await page.locator(tag).screenshot({ path: resolve(shots, `lifecycle-${tag}-reattached.png`) });
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
