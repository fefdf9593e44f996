/**
 * Worker faults in Chromium: <train-game> on the built demo loses its worker mid-turn (the client's
 * `debugKillWorker()`, reached through the element's `client` property), shows an alert, restores the
 * game in a fresh worker from its log (same scores, turn and log), and play goes on: a person's roll,
 * then the computer's turn, which is itself killed mid-turn and resumes. The final state equals the
 * Node engine's replay of its log. Skipped without /usr/bin/chromium unless RAILKIT_BROWSER=required.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay } from "../../web/engine/common/game.ts";
import { type TrainGameState, trainEngine } from "../../web/engine/train/index.ts";
import { browserRequired, CHROMIUM, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail(`${CHROMIUM} is missing and RAILKIT_BROWSER=required`);
  });
});

/** What the test reads from the page (all from the element and its client). */
interface Snapshot {
  state: string;
  scores: string[];
  title: string;
  log: string[];
  workers: number;
}

describe.runIf(haveBrowser)("<train-game> worker faults in Chromium", () => {
  let demo: DemoBrowser;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    demo = await openDemo();
    page = await demo.browser.newPage({ viewport: { width: 1200, height: 1000 } });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${demo.server.url}index.html`);
    await page.evaluate(() => {
      const g = document.querySelector("train-game")!;
      g.setAttribute("seed", "faults-1");
      const w = window as unknown as { turnEnds: { player: number }[]; restored: string[] };
      w.turnEnds = [];
      w.restored = [];
      g.addEventListener("turn-end", (e) => w.turnEnds.push(e.detail));
    });
  });

  afterAll(async () => {
    await demo?.close();
  });

  const settled = () =>
    page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 30_000 });
  const button = (action: string) => page.locator(`train-game button[data-action="${action}"]`);
  const enabled = async (action: string) =>
    (await button(action).count()) > 0 && (await button(action).isEnabled());
  const seatToMove = () => page.locator('train-game [part="base"]').getAttribute("data-seat-to-move");
  const turnEnds = () =>
    page.evaluate(() => (window as unknown as { turnEnds: { player: number }[] }).turnEnds.length);

  const snapshot = (): Promise<Snapshot> =>
    page.evaluate(() => {
      const g = document.querySelector("train-game")!;
      const root = g.shadowRoot!;
      const text = (sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent!.trim());
      return {
        state: JSON.stringify(g.state),
        scores: text("[part=scoreboard] .score"),
        title: text(".turn-title")[0] ?? "",
        log: text("[part=log] li"),
        workers: g.client!.workers,
      };
    });

  /**
   * Kills the worker and records, in the page, the state the element shows the moment the alert says the
   * game was restored (a MutationObserver runs before the computer's next move, 400 ms later).
   * `midComputerTurn`: first wait, in the page, for the computer's first action of its turn, and kill in
   * the same task (no round trip to the test in between, in which the computer could move on).
   */
  async function killAndWatch(midComputerTurn = false): Promise<string> {
    return page.evaluate(async (mid) => {
      const g = document.querySelector("train-game")!;
      const inComputerTurn = () => {
        const s = g.state!;
        return s.current === 1 && s.log.length > 0 && s.log[s.log.length - 1]!.player === 1 && !s.over;
      };
      if (mid)
        await new Promise<void>((ok, fail) => {
          const t0 = Date.now();
          const t = setInterval(() => {
            if (inComputerTurn()) ok();
            else if (Date.now() - t0 > 60_000) fail(new Error("the computer's turn never came"));
            else return;
            clearInterval(t);
          }, 5);
        });
      const w = window as unknown as { restored: string[] };
      const message = g.shadowRoot!.querySelector("[part=message]")!;
      const seen = new MutationObserver(() => {
        if (message.getAttribute("role") === "alert" && /was restarted/.test(message.textContent ?? "")) {
          w.restored.push(JSON.stringify(g.state));
          seen.disconnect();
        }
      });
      seen.observe(g.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
      const before = JSON.stringify(g.state);
      g.client!.debugKillWorker();
      return before;
    }, midComputerTurn);
  }

  async function waitRestored(n: number): Promise<string> {
    await page.waitForFunction((k) => (window as unknown as { restored: string[] }).restored.length >= k, n, {
      timeout: 30_000,
    });
    return page.evaluate((k) => (window as unknown as { restored: string[] }).restored[k - 1]!, n);
  }

  /** One step of a person's turn through the buttons: pick what may join and add, else stop, roll or add. */
  async function humanStep(): Promise<void> {
    const pickable = page.locator(
      'train-game .table [role="option"][aria-disabled="false"][aria-selected="false"]:not([data-face="C"])',
    );
    for (let k = 0; k < 6 && (await pickable.count()) > 0; k++) await pickable.first().click();
    if ((await page.locator('train-game .table [aria-selected="true"]').count()) > 0)
      await button("add").click();
    else if (await enabled("roll")) await button("roll").click();
    else if (await enabled("add")) await button("add").click();
    else await button("stop").click();
    await settled();
  }

  it("kills the worker mid-turn: an alert, the same game restored in a fresh worker, and play goes on", async () => {
    await settled();
    expect(await seatToMove()).toBe("0");
    // Mid-turn: one roll (and the dice that may join added), still seat 0 to move.
    await button("roll").click();
    await settled();
    const before = await snapshot();
    const state = JSON.parse(before.state) as TrainGameState;
    expect(state.log.length).toBeGreaterThan(0);
    expect(before.workers).toBe(1);

    const killed = await killAndWatch();
    expect(killed).toBe(before.state);
    const alert = page.locator('train-game [part="message"][role="alert"]');
    await alert.waitFor({ timeout: 30_000 });
    const restored = await waitRestored(1);
    expect(restored).toBe(before.state);
    // The alert's text changes while the worker restarts: wait for the final message, not its first words.
    const replayed = /game engine stopped .* restarted; the game was replayed/;
    await page
      .locator('train-game [part="message"][role="alert"]', { hasText: replayed })
      .waitFor({ timeout: 30_000 });
    await expect(alert.textContent()).resolves.toMatch(replayed);
    await settled();
    const after = await snapshot();
    expect(after.workers).toBe(2);
    expect(after.state).toBe(before.state);
    expect(after.scores).toEqual(before.scores);
    expect(after.title).toBe(before.title);
    expect(after.log).toEqual(before.log);

    // Further actions: the person finishes the turn (the message clears on the next accepted action).
    for (let i = 0; i < 20 && (await seatToMove()) === "0"; i++) await humanStep();
    expect(await seatToMove()).not.toBe("0");
    expect(await page.locator('train-game [part="message"][role="alert"]').count()).toBe(0);
    expect(await turnEnds()).toBeGreaterThan(0);
  });

  it("kills the worker during the computer's turn: it resumes and hands the turn back", async () => {
    const before = await killAndWatch(true);
    expect((JSON.parse(before) as TrainGameState).current).toBe(1);
    const restored = await waitRestored(2);
    expect(restored).toBe(before);
    expect((await snapshot()).workers).toBe(3);
    await page.locator('train-game [part="base"][data-seat-to-move="0"]').waitFor({ timeout: 60_000 });
    const final = JSON.parse((await snapshot()).state) as TrainGameState;
    expect(final.history.some((r) => r.player === 1)).toBe(true);
    // The log kept growing from the one that was restored.
    const was = JSON.parse(before) as TrainGameState;
    expect(final.log.slice(0, was.log.length)).toEqual(was.log);
    // And the game is still the engine's: Node replays the page's log to the same state.
    expect(trainEngine.save(replay(trainEngine, final.options, final.seed, final.log))).toBe(
      trainEngine.save(final),
    );
  });

  it("a solve that fails unexpectedly (an internal error) restarts the worker; the game and the computer go on", async () => {
    // The person's turn again: finish it, so that the computer's next move is the one that fails.
    await page.locator('train-game [part="base"][data-seat-to-move="0"]').waitFor({ timeout: 60_000 });
    await settled();
    const workers = (await snapshot()).workers;
    // Stands for a solve that throws in the worker (a Wasm trap, a bug): the next botMove rejects once
    // with an internal RailkitError, as the client delivers it.
    await page.evaluate(() => {
      const t = document.querySelector("train-game")!.client!.train;
      const real = t.botMove;
      t.botMove = () => {
        t.botMove = real;
        return Promise.reject(Object.assign(new Error("solver trapped"), { kind: "internal", rule: "" }));
      };
    });
    const endsBefore = await turnEnds();
    for (let i = 0; i < 20 && (await seatToMove()) === "0"; i++) await humanStep();
    const alert = page.locator('train-game [part="message"][role="alert"]', { hasText: "solver trapped" });
    await alert.waitFor({ timeout: 30_000 });
    const trapped = /computer: solver trapped\) and was restarted/;
    await page
      .locator('train-game [part="message"][role="alert"]', { hasText: trapped })
      .waitFor({ timeout: 30_000 });
    await expect(alert.textContent()).resolves.toMatch(trapped);
    expect((await snapshot()).workers).toBe(workers + 1);
    // The computer plays its turn after all.
    await page.waitForFunction(
      (n) =>
        (window as unknown as { turnEnds: { player: number }[] }).turnEnds
          .slice(n)
          .some((r) => r.player === 1),
      endsBefore,
      { timeout: 60_000 },
    );
  });

  it("an uncaught error in the worker (its real error event): restarted, restored, the next roll works", async () => {
    await page.locator('train-game [part="base"][data-seat-to-move="0"]').waitFor({ timeout: 60_000 });
    await settled();
    const before = await snapshot();
    const restoredSoFar = await page.evaluate(
      () => (window as unknown as { restored: string[] }).restored.length,
    );
    // Watch for the restore as killAndWatch does, but crash the worker from inside instead.
    await page.evaluate(() => {
      const g = document.querySelector("train-game")!;
      const w = window as unknown as { restored: string[] };
      const message = g.shadowRoot!.querySelector("[part=message]")!;
      const seen = new MutationObserver(() => {
        if (/was restarted/.test(message.textContent ?? "")) {
          w.restored.push(JSON.stringify(g.state));
          seen.disconnect();
        }
      });
      seen.observe(g.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
      g.client!.debugCrashWorker();
    });
    expect(await waitRestored(restoredSoFar + 1)).toBe(before.state);
    const crashed = /the railkit worker failed: .*railkit debug crash/;
    const crashAlert = page.locator('train-game [part="message"][role="alert"]', { hasText: crashed });
    await crashAlert.waitFor({ timeout: 30_000 });
    await expect(crashAlert.textContent()).resolves.toMatch(crashed);
    expect((await snapshot()).workers).toBe(before.workers + 1);
    await settled();
    const logBefore = JSON.parse(before.state).log.length as number;
    await humanStep();
    expect(JSON.parse((await snapshot()).state).log.length).toBeGreaterThan(logBefore);
  });

  it("had no uncaught page errors", () => {
    expect(errors).toEqual([]);
  });
});
