/**
 * Issue #9 in Debian's Chromium, on the built demo (dist/demo): the first race hint is a read of the shipped
 * table, `<train-game goal="150">` solves its race in the solver worker with a progress bar while a Roll is
 * answered at once, goals outside 50..200 say why there are no win chances, and the solver page draws the policy
 * of a chosen goal. Skipped without /usr/bin/chromium unless RAILKIT_BROWSER=required.
 *
 * The first race hint is timed with performance.now() in the page, from the moment the widget is ready: its first
 * playable view drawn (the seat to move shown and the Roll button enabled), when the test's person rolls at once
 * (the first choice: the race table is fetched for it, issue #23). Three cold pages each (the train widget
 * alone: RAILKIT_FIRST_HINT_PAGES=24 for more, with their median, how many at or under 50 ms and the load average
 * logged); the figures go to docs/benchmarks.md with the worker's own marks (web/worker/train-solver.ts), read here
 * to say where the time went. The bounds asserted are generous (they catch a race solved on the page's first hint,
 * seconds), never tight.
 */
import { loadavg } from "node:os";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserRequired, type DemoBrowser, haveBrowser, openDemo } from "./browser.ts";

describe.runIf(!haveBrowser && browserRequired)("browser required", () => {
  it("has /usr/bin/chromium (RAILKIT_BROWSER=required)", () => {
    expect.fail("/usr/bin/chromium is missing and RAILKIT_BROWSER=required");
  });
});

/** Window globals the tests set in the page. */
interface Probe {
  timing: { connected?: number; ready?: number; hint?: number };
  errors: string[];
}

/**
 * Before the page's scripts run: drop the demo's other widgets (`remove`: tags) as they are parsed, so that the
 * element measured has the worker to itself, and time the first `<train-game>`: connected (its shadow root
 * appears), ready (first playable view: seat to move and an enabled Roll button), race win chances shown.
 */
function instrument({ remove, roll: rollAtReady }: { remove: string[]; roll: boolean }) {
  const w = window as unknown as Probe;
  w.timing = {};
  w.errors = [];
  // Only the parsed page's widgets: the tests add their own afterwards.
  const drop = new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) if (n instanceof Element && remove.includes(n.localName)) n.remove();
  });
  drop.observe(document, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", () => drop.disconnect());
  const check = (root: ShadowRoot) => {
    const t = performance.now();
    const roll = root.querySelector<HTMLButtonElement>('button[data-action="roll"]');
    if (
      w.timing.ready === undefined &&
      root.querySelector("[part=base][data-seat-to-move]") &&
      roll?.disabled === false
    ) {
      w.timing.ready = t;
      if (!rollAtReady) return;
      // The person rolls at once: a choice of dice, the first hint that needs the race (issue #23: the race table
      // is fetched then, not with the page; the opening roll alone is valued by its expected score).
      roll.click();
    }
    const hints = root.querySelector("[part~=hints] table");
    if (w.timing.hint === undefined && hints && /%/.test(hints.textContent ?? "")) w.timing.hint = t;
  };
  const poll = setInterval(() => {
    const root = document.querySelector("train-game")?.shadowRoot;
    if (!root) return;
    clearInterval(poll);
    w.timing.connected = performance.now();
    check(root);
    new MutationObserver(() => check(root)).observe(root, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
  }, 1);
}

/** One cold page's first race hint: the page's timings and the game worker's solver marks, in page time. */
interface FirstHint {
  connected: number;
  ready: number;
  hint: number;
  worker: number;
  marks: [string, number][];
}

/** Cold pages of the train widget alone: RAILKIT_FIRST_HINT_PAGES (1..100), default 3. */
const FIRST_HINT_PAGES = Math.min(100, Math.max(1, Number(process.env.RAILKIT_FIRST_HINT_PAGES ?? 3) || 3));

/** Median, how many at or under the issue's 50 ms, range, and the machine's load average (Linux), for the log. */
function summary(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  const under = s.filter((x) => x <= 50).length;
  return (
    `median ${mid.toFixed(1)} ms, ${under} of ${s.length} pages at or under 50 ms, ` +
    `${s[0]!.toFixed(1)}–${s[s.length - 1]!.toFixed(1)} ms (load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")})`
  );
}

describe.runIf(haveBrowser)("The Train Game: race hints (issue #9) in Chromium", () => {
  let demo: DemoBrowser;
  const errors: string[] = [];

  beforeAll(async () => {
    demo = await openDemo();
  });
  afterAll(async () => {
    await demo?.close();
  });

  /** A cold page; `roll`: the person rolls as soon as the widget is ready (see the file's comment). */
  async function open(remove: string[], path = "index.html", roll = false): Promise<Page> {
    // A new page is a new browser context: nothing cached from an earlier page.
    const page = await demo.browser.newPage({ viewport: { width: 1200, height: 1000 } });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.addInitScript(instrument, { remove, roll });
    await page.goto(`${demo.server.url}${path}`);
    return page;
  }

  /** Waits for the first race hint of the page's first `<train-game>`; its timings and the worker's marks. */
  async function firstHint(page: Page): Promise<FirstHint> {
    await page.waitForFunction(() => (window as unknown as Probe).timing.hint !== undefined, undefined, {
      timeout: 30_000,
    });
    const t = await page.evaluate(() => ({
      ...(window as unknown as Probe).timing,
      origin: performance.timeOrigin,
    }));
    const worker = page.workers().find((w) => w.url().includes("engine.worker"));
    const w = await worker!.evaluate(() => ({
      origin: performance.timeOrigin,
      marks: performance
        .getEntriesByType("mark")
        .filter((m) => m.name.startsWith("railkit:train:"))
        .map((m) => [m.name.slice("railkit:train:".length), m.startTime] as [string, number]),
    }));
    const shift = w.origin - t.origin;
    return {
      connected: t.connected!,
      ready: t.ready!,
      hint: t.hint!,
      worker: shift,
      marks: w.marks.map(([name, at]) => [name, at + shift]),
    };
  }

  /** One line for the log: the hint after ready, after connected, and the worker's stages relative to ready. */
  function describeRun(h: FirstHint): string {
    const rel = (at: number) => `${at - h.ready >= 0 ? "+" : ""}${(at - h.ready).toFixed(0)}`;
    return (
      `${(h.hint - h.ready).toFixed(1)} ms after ready, ${(h.hint - h.connected).toFixed(1)} ms after connected ` +
      `(ready ${(h.ready - h.connected).toFixed(0)} ms after connected; worker started ${rel(h.worker)}; ` +
      `${h.marks.map(([n, at]) => `${n} ${rel(at)}`).join(", ")}; ms relative to ready)`
    );
  }

  it(
    "answers the first race hint from the shipped table: three cold pages, timed from the widget ready",
    async () => {
      // The train widget alone: the demo's other widgets would share the worker (String Railway's first game and
      // solver load, Light Rail's hint search).
      const pages = FIRST_HINT_PAGES;
      const after: number[] = [];
      for (let run = 1; run <= pages; run++) {
        const page = await open(["light-rail", "string-railway"], "index.html", true);
        const h = await firstHint(page);
        console.log(`first race hint, train widget alone, cold page ${run}: ${describeRun(h)}`);
        after.push(h.hint - h.ready);
        expect(h.marks.map(([n]) => n)).toContain("ready");
        // The figure is reported (docs/benchmarks.md), not the gate: the bound only catches a race solve (seconds).
        expect(h.hint - h.ready).toBeLessThan(1000);
        if (run === pages) {
          // A second widget on the page, the worker warm: its first hint is a table read and one turn solve.
          const warm = await page.evaluate(async () => {
            const g = document.createElement("train-game");
            g.setAttribute("seed", "warm");
            g.setAttribute("hints", "");
            document.querySelector("#train")!.append(g);
            const t0 = performance.now();
            let ready = 0;
            while (performance.now() - t0 < 10_000) {
              const root = g.shadowRoot;
              const t = performance.now();
              if (
                !ready &&
                root?.querySelector("[part=base][data-seat-to-move]") &&
                root.querySelector<HTMLButtonElement>('button[data-action="roll"]')?.disabled === false
              )
                ready = t;
              const hints = root?.querySelector("[part~=hints] table");
              if (ready && hints && /%/.test(hints.textContent ?? ""))
                return { ready: ready - t0, hint: t - ready };
              await new Promise((r) => setTimeout(r, 0));
            }
            return null;
          });
          console.log(
            `first race hint of a second widget (worker warm): ${warm!.hint.toFixed(1)} ms after it was ready ` +
              `(ready ${warm!.ready.toFixed(1)} ms after it connected)`,
          );
          expect(warm!.hint).toBeLessThan(1000);
        }
        await page.close();
      }
      console.log(`first race hint, train widget alone: ${summary(after)}`);
    },
    Math.max(120_000, FIRST_HINT_PAGES * 5_000),
  );

  it("answers the first race hint on the whole demo page too (the three widgets share the worker)", async () => {
    for (let run = 1; run <= 3; run++) {
      const page = await open([], "index.html", true);
      const h = await firstHint(page);
      console.log(`first race hint, whole demo page, cold page ${run}: ${describeRun(h)}`);
      expect(h.hint - h.ready).toBeLessThan(2000);
      await page.close();
    }
  });

  it("whole demo page: a Roll clicked while Light Rail's hint search runs is answered between the search's batches", async () => {
    // One game worker serves the three widgets; Light Rail's time-budgeted search pauses every few ms
    // (web/solvers/light/search.ts), so the Roll does not wait for its 250 ms slice. Logged for
    // docs/benchmarks.md; the bound only catches a Roll that waits for whole slices.
    const ms: number[] = [];
    for (let run = 1; run <= 3; run++) {
      const page = await open([]);
      // The opening roll's hint (its expected score: the race table comes with the first choice, issue #23).
      await page.locator("train-game [part~=hints] tbody tr").first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () =>
          !!document
            .querySelector("light-rail")
            ?.shadowRoot?.querySelector('progress[aria-label="Search progress"]') &&
          document
            .querySelector("train-game")
            ?.shadowRoot?.querySelector<HTMLButtonElement>('button[data-action="roll"]')?.disabled === false,
        undefined,
        { timeout: 30_000 },
      );
      await page.waitForTimeout(50); // into a slice of the search
      const roll = await page.evaluate(async () => {
        const root = document.querySelector("train-game")!.shadowRoot!;
        const light = document.querySelector("light-rail")!.shadowRoot!;
        const searching = () => light.querySelector('progress[aria-label="Search progress"]') !== null;
        const before = searching();
        const lines = root.querySelectorAll("[part=log] li").length;
        const t0 = performance.now();
        const logged = new Promise<number>((ok) => {
          const mo = new MutationObserver(() => {
            if (root.querySelectorAll("[part=log] li").length > lines) {
              mo.disconnect();
              ok(performance.now() - t0);
            }
          });
          mo.observe(root, { childList: true, subtree: true, characterData: true });
        });
        root.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.click();
        const ms = await logged;
        return { ms, before, after: searching() };
      });
      console.log(
        `whole demo page, cold page ${run}: a Roll while Light Rail searches answered in ${roll.ms.toFixed(1)} ms` +
          (roll.after ? "" : " (the search had ended)"),
      );
      expect(roll.before).toBe(true);
      expect(await page.locator("train-game [part=log] li").first().textContent()).toMatch(/rolled/);
      expect(roll.ms).toBeLessThan(2000);
      ms.push(roll.ms);
      await page.close();
    }
    console.log(`a Roll while Light Rail searches, whole demo page: ${summary(ms)}`);
  });

  it("goal 150: solves the race in the solver worker with a progress bar; a Roll meanwhile is answered at once", async () => {
    const page = await open(["light-rail", "train-game"]);
    await page.evaluate(() => {
      const g = document.createElement("train-game");
      g.setAttribute("players", "2");
      g.setAttribute("goal", "150");
      g.setAttribute("seed", "goal-150");
      g.setAttribute("hints", "");
      g.id = "g150";
      document.querySelector("#train")!.append(g);
    });
    const bar = page.locator("#g150 [part=progress]");
    await bar.waitFor({ timeout: 20_000 });
    // The solve reports as it goes: the bar moves past its start.
    await page.waitForFunction(
      () => {
        const p = document.querySelector("#g150")!.shadowRoot!.querySelector("progress");
        return p !== null && p.value > 0.2;
      },
      undefined,
      { timeout: 30_000 },
    );
    await page.screenshot({ path: "/tmp/train-goal-150-solving.png" });
    expect(await page.locator("#g150 [part~=hints]").textContent()).toMatch(/Solving the race to 150/);
    // A Roll clicked while the solver worker is busy: the game worker answers it at once.
    const answer = await page.evaluate(async () => {
      const root = document.querySelector("#g150")!.shadowRoot!;
      const solving = root.querySelector("progress") !== null;
      const t0 = performance.now();
      const logged = new Promise<number>((ok) => {
        const mo = new MutationObserver(() => {
          if (root.querySelector("[part=log] li")) {
            mo.disconnect();
            ok(performance.now() - t0);
          }
        });
        mo.observe(root, { childList: true, subtree: true, characterData: true });
      });
      root.querySelector<HTMLButtonElement>('button[data-action="roll"]')!.click();
      const ms = await logged;
      return { solving, ms, stillSolving: root.querySelector("progress") !== null };
    });
    console.log(`goal 150: a Roll during the race solve answered in ${answer.ms.toFixed(1)} ms`);
    expect(answer.solving).toBe(true);
    expect(answer.stillSolving).toBe(true);
    expect(answer.ms).toBeLessThan(1000);
    expect(await page.locator("#g150 [part=log] li").first().textContent()).toMatch(/rolled/);
    // Then the hints arrive with win chances of the race to 150, and the bar goes.
    const rows = page.locator("#g150 [part~=hints] tbody tr");
    await rows.first().waitFor({ timeout: 50_000 });
    expect(await page.locator("#g150 [part~=hints]").textContent()).toMatch(/%/);
    await expect(bar.count()).resolves.toBe(0);
    await page.close();
  }, 90_000);

  it("shows the solve's progress as a labelled bar, then the hints (a stand-in for the worker's routed hints)", async () => {
    const page = await open(["light-rail", "train-game"]);
    await page.evaluate(async () => {
      type Hint = {
        action: { type: string };
        label: string;
        expected: number;
        winProbability: number;
        best: boolean;
      };
      const w = window as unknown as {
        asked: unknown[];
        finish: (h: Hint[]) => void;
        report: (p: { fraction: number; stage: string }) => void;
      };
      w.asked = [];
      // A stand-in for the game worker's train hints (which route a goal-120 race to the solver worker and report
      // its solve, web/games/train/route.ts): the page's own client otherwise, taken from the demo's train-game.
      type Client = { train: Record<string, unknown> };
      // The demo defines the games it does not show first a moment later (web/demo/index.ts).
      await customElements.whenDefined("train-game");
      const helper = document.createElement("train-game") as unknown as HTMLElement & {
        client: Client;
        updateComplete: Promise<unknown>;
      };
      document.querySelector("#train")!.append(helper);
      await helper.updateComplete;
      const real = helper.client;
      const train = {
        ...real.train,
        hints: (
          handle: string,
          _options: unknown,
          onProgress: (p: { fraction: number; stage: string }) => void,
        ) => {
          w.asked.push(typeof onProgress);
          w.report = onProgress;
          onProgress({ fraction: 0, stage: "starting the solver" }); // as the worker's first report
          return new Promise((ok) => {
            w.finish = (hints) => ok({ handle, at: 0, player: 0, hints });
          });
        },
      };
      const g = document.createElement("train-game") as HTMLElement & { client: unknown };
      g.client = new Proxy(real, { get: (t, k) => (k === "train" ? train : Reflect.get(t, k)) });
      g.setAttribute("goal", "120");
      g.setAttribute("seed", "stand-in");
      g.setAttribute("hints", "");
      g.id = "fake";
      document.querySelector("#train")!.append(g);
    });
    const bar = page.locator("#fake [part=progress]");
    await bar.waitFor({ timeout: 10_000 });
    // Before any report: the bar is at 0 and says the solver is starting.
    expect(await bar.getAttribute("aria-valuetext")).toBe("0%");
    expect(await page.locator("#fake [part~=hints]").textContent()).toMatch(
      /race to 120.*starting the solver/s,
    );
    await page.evaluate(() =>
      (window as unknown as { report: (p: unknown) => void }).report({
        fraction: 0.3,
        stage: "solving the race to 120",
      }),
    );
    await page.locator('#fake [part=progress][aria-valuetext="30%"]').waitFor({ timeout: 5_000 });
    expect(await bar.evaluate((p: HTMLProgressElement) => p.value)).toBeCloseTo(0.3);
    expect(await page.locator("#fake [part~=hints]").textContent()).toMatch(
      /Solving the race to 120 \(once per page, a few seconds\)…\s*30%/,
    );
    // The element asked the game worker's hints with a progress callback (the worker routes the race).
    expect(await page.evaluate(() => (window as unknown as { asked: unknown[] }).asked[0])).toBe("function");
    await page.evaluate(() =>
      (window as unknown as { finish: (h: unknown[]) => void }).finish([
        { action: { type: "roll" }, label: "Roll 6 dice", expected: 16.4, winProbability: 0.51, best: true },
      ]),
    );
    await page.locator("#fake [part~=hints] tbody tr").first().waitFor({ timeout: 5_000 });
    expect(await page.locator("#fake [part~=hints]").textContent()).toMatch(/51\.0%/);
    await expect(bar.count()).resolves.toBe(0);
    await page.close();
  });

  it("goal 30: plays the race, and says why its hints show expected scores only", async () => {
    const page = await open(["light-rail", "train-game"]);
    await page.evaluate(() => {
      const g = document.createElement("train-game");
      g.setAttribute("goal", "30");
      g.setAttribute("seed", "goal-30");
      g.setAttribute("hints", "");
      g.id = "g30";
      document.querySelector("#train")!.append(g);
    });
    await page.locator("#g30 [part~=hints] tbody tr").first().waitFor({ timeout: 20_000 });
    const text = await page.locator("#g30 [part~=hints]").textContent();
    expect(text).not.toMatch(/%/);
    expect(text).toMatch(/races to 50–200 points; this race is to 30/);
    expect(
      await page.evaluate(
        () =>
          document.querySelector<HTMLElement & { state: { options: { goal: number } } }>("#g30")!.state
            .options.goal,
      ),
    ).toBe(30);
    await page.close();
  });

  it("solver page: the race to 100 from the table at once, then a chosen goal (60) solved with the bar", async () => {
    const page = await open([], "solver.html");
    await page.locator("#race-status", { hasText: "Solved" }).waitFor({ timeout: 30_000 });
    expect(await page.locator("#race-status").textContent()).toMatch(/race to 100/);
    expect(await page.locator("#race-legend").textContent()).toMatch(/race to 100/);
    await page.locator("#race-goal").fill("60");
    await page.locator("#goal-solve").click();
    await page.locator("#race-status", { hasText: /Solved.*race to 60/ }).waitFor({ timeout: 30_000 });
    expect(await page.locator("#race-legend").textContent()).toMatch(
      /race to 60, at 0–0 the first player wins \d+\.\d+%/,
    );
    expect(page.url()).toMatch(/goal=60/);
    await page.close();
  });

  it("had no uncaught page errors", () => {
    expect(errors).toEqual([]);
  });
});
