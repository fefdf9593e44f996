/**
 * Issue #23, newcomer traps in `<train-game>` and the rules help of every widget, in Chromium against the built
 * demo (dist/demo: embed.html for the Train Game, index.html for the three elements):
 * - a roll where no die can join leaves its dice on the table, saying none could join and what happens next;
 * - Undo is enabled only when the engine would take the last action back (never right after a roll, train.undo-reveal);
 * - with all six dice in the train the table never says "Roll 0 dice" (train.train-full: bank or stop);
 * - keyboard focus stays on a control after the player's turn, the computer's turn and an undo;
 * - a finished game shows one row per turn (player, total, wrecks, the solver's best EV);
 * - each element's "How to play" panel opens and closes from the keyboard.
 * Positions come from the engine in this process (seeds searched, saves played by the reference solver's bot), so
 * nothing about the dice is assumed. Screenshots go to $RAILKIT_SHOTS (default /tmp) for a person to look at.
 */
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canBank, type TrainGameState, trainEngine } from "../../web/engine/train/index.ts";
import { createTrainSolverReference } from "../../web/solvers/train/index.ts";
import { builtDemo, haveBrowser, launchChromium } from "./browser.ts";
import { type StaticServer, serveStatic } from "./serve.ts";

const SHOTS = process.env.RAILKIT_SHOTS ?? "/tmp";
const solver = createTrainSolverReference();

/** The first seed (as the element's `seed` attribute reads it) whose first solo roll lets no die join. */
function seedWithNothingToJoin(): number {
  for (let seed = 1; seed < 1000; seed++) {
    const r = trainEngine.apply(trainEngine.setup({ players: 1, variant: "race" }, seed), {
      type: "roll",
      player: 0,
    });
    if (r.ok && r.state.turn.train.length === 0 && r.state.turn.step === "roll") return seed;
  }
  throw new Error("no seed found");
}

/** The first seed whose first roll (seat 0 of 2) offers cargo to add. */
function seedWithCargo(): number {
  for (let seed = 1; seed < 1000; seed++) {
    const r = trainEngine.apply(trainEngine.setup({ players: 2, variant: "race" }, seed), {
      type: "roll",
      player: 0,
    });
    if (r.ok && r.state.turn.step === "add" && r.state.turn.table.some((f) => "432".includes(f))) return seed;
  }
  throw new Error("no seed found");
}

/** Plays `options` from `seed` with the max-EV bot until `stop(state)` holds. */
function playUntil(
  options: Parameters<typeof trainEngine.setup>[0],
  stop: (s: TrainGameState) => boolean,
): TrainGameState {
  for (let seed = 1; seed < 500; seed++) {
    let s = trainEngine.setup(options, seed);
    for (let i = 0; i < 3000 && !s.over; i++) {
      if (stop(s)) return s;
      const r = trainEngine.apply(s, solver.botAction(s, "ev"));
      if (!r.ok) throw r.error;
      s = r.state;
    }
    if (stop(s)) return s;
  }
  throw new Error("no game reached the position");
}

describe.runIf(haveBrowser)("issue #23: <train-game> for newcomers, and How to play everywhere", () => {
  let server: StaticServer;
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const button = (action: string) => page.locator(`train-game button[data-action=${action}]`);
  const settled = () =>
    page.locator('train-game [part="base"][aria-busy="false"]').waitFor({ timeout: 30_000 });
  /** The `data-action` (or part) of the control focused inside the element ("" for none). */
  const focused = () =>
    page.evaluate(() => {
      const g = document.querySelector("train-game")!;
      if (document.activeElement !== g) return "";
      const a = g.shadowRoot!.activeElement as HTMLElement | null;
      return a?.dataset.action ?? a?.getAttribute("part") ?? a?.tagName ?? "";
    });
  const stateOf = () =>
    page.evaluate(() => (document.querySelector("train-game") as unknown as { state: TrainGameState }).state);
  async function setAttributes(attrs: Record<string, string>): Promise<void> {
    await page.evaluate((a) => {
      const g = document.querySelector("train-game")!;
      for (const [k, v] of Object.entries(a)) g.setAttribute(k, v);
    }, attrs);
    await settled();
  }

  beforeAll(async () => {
    server = await serveStatic(await builtDemo("embed.html"));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${server.url}embed.html`);
    await settled();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("a roll where no die can join keeps its dice on the table and says what happens next", async () => {
    const seed = seedWithNothingToJoin();
    await setAttributes({ bots: "", players: "1", seed: String(seed) });
    await button("roll").click();
    await settled();
    const spent = page.locator("train-game [data-spent]");
    await spent.waitFor();
    const thrown = (await stateOf()).lastRoll!.faces;
    await expect(spent.locator(".die").count()).resolves.toBe(thrown.length);
    const text = (await spent.textContent())!.replace(/\s+/g, " ");
    expect(text).toContain("None of these dice could join the train. The train needs an Engine first.");
    expect(text).toContain("The roll is spent: 2 rolls left.");
    // The spent dice are a picture, not a pick.
    await expect(page.locator("train-game .table [role=option]").count()).resolves.toBe(0);
    await page.screenshot({ path: join(SHOTS, "trainux-spent-roll.png") });
    // The next roll clears them.
    await button("roll").click();
    await settled();
    const after = await stateOf();
    if (after.turn.step === "add") await expect(spent.count()).resolves.toBe(0);
  });

  it("Undo is enabled only when the engine would accept it: never right after a roll (train.undo-reveal)", async () => {
    const seed = seedWithCargo();
    await setAttributes({ bots: "", players: "2", seed: String(seed) });
    await expect(button("undo").isDisabled()).resolves.toBe(true);
    await button("roll").click();
    await settled();
    // Right after the roll: the dice are seen, nothing can be taken back.
    await expect(button("undo").isDisabled()).resolves.toBe(true);
    // A cargo die other than the Caboose: the turn goes on after it joins.
    await page
      .locator('train-game .table [role=option][aria-disabled="false"]:not([data-face=C]):not([data-face=E])')
      .first()
      .click();
    await button("add").click();
    await settled();
    const s = await stateOf();
    expect(s.current).toBe(0);
    await expect(button("undo").isEnabled()).resolves.toBe(true);
    const logBefore = s.log.length;
    await button("undo").focus();
    await page.keyboard.press("Enter");
    await settled();
    expect((await stateOf()).log.length).toBe(logBefore - 1);
    // Back to the roll's dice: undo is off again, and the keyboard focus is on a control, not the page.
    await expect(button("undo").isDisabled()).resolves.toBe(true);
    expect(await focused()).not.toBe("");
  });

  it("with all six dice in the train the table offers bank or stop, never 'Roll 0 dice' (train.train-full)", async () => {
    const s = playUntil(
      { players: 1, variant: "race", goal: 1000 },
      (x) => x.turn.step === "roll" && canBank(x.turn),
    );
    await setAttributes({ bots: "" });
    await page.evaluate(
      (save) =>
        (document.querySelector("train-game") as unknown as { import(j: string): Promise<void> }).import(
          save,
        ),
      JSON.stringify(s),
    );
    await settled();
    const table = (await page.locator("train-game [part=table]").textContent())!.replace(/\s+/g, " ");
    expect(table).not.toMatch(/Roll 0/);
    expect(table).toContain("No dice left to roll");
    expect(table).toContain("Bank the freight");
    expect((await button("roll").textContent())!.trim()).toBe("Roll");
    await expect(button("roll").isDisabled()).resolves.toBe(true);
    await expect(button("bank").isEnabled()).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, "trainux-freight.png") });
  });

  it("keeps keyboard focus on a control after the player's turn and the computer's turn", async () => {
    await setAttributes({ players: "2", bots: "1", seed: "focus-1" });
    await button("roll").focus();
    // Play the turn from the keyboard only: roll, then stop as soon as stopping is allowed (else roll again).
    for (let i = 0; i < 12 && (await stateOf()).current === 0; i++) {
      const stop = button("stop");
      if ((await stop.isEnabled()) && (await stateOf()).turn.step === "roll") await stop.focus();
      else if (await button("roll").isEnabled()) await button("roll").focus();
      else if (await button("add").isEnabled()) await button("add").focus();
      else await button("stop").focus();
      await page.keyboard.press("Enter");
      await settled();
      expect(await focused(), "focus after each own action").not.toBe("");
    }
    // The computer's turn, then the person's again: the focus rests on the train meanwhile, then on Roll.
    await page.waitForFunction(
      () => {
        const g = document.querySelector("train-game") as unknown as { state: TrainGameState };
        return g.state.current === 0 && g.state.history.length >= 2;
      },
      undefined,
      { timeout: 60_000 },
    );
    await settled();
    await expect.poll(focused, { timeout: 5000 }).toBe("roll");
  });

  it("a finished game shows one row per turn: player, total, wrecks and the solver's best EV", async () => {
    const s = playUntil({ players: 2, variant: "race", goal: 100 }, (x) => x.over);
    await setAttributes({ bots: "1" });
    await page.evaluate(
      (save) =>
        (document.querySelector("train-game") as unknown as { import(j: string): Promise<void> }).import(
          save,
        ),
      JSON.stringify(s),
    );
    const summary = page.locator("train-game [part=summary] tbody tr");
    await summary.first().waitFor({ timeout: 30_000 });
    await expect(summary.count()).resolves.toBe(s.history.length);
    const totals = await page.locator("train-game [part=summary] [data-total]").allTextContents();
    for (let seat = 0; seat < 2; seat++) {
      const last = s.history
        .map((h, i) => [h.player, i] as const)
        .filter(([p]) => p === seat)
        .at(-1)![1];
      expect(Number(totals[last])).toBe(s.scores[seat]);
    }
    const ev = await page.locator("train-game [part=summary] [data-best-ev]").first().textContent();
    expect(Number(ev)).toBeCloseTo(solver.expectedTurnScore(), 2);
    await page.locator("train-game [part=summary]").screenshot({ path: join(SHOTS, "trainux-summary.png") });
  });

  it("opens and closes How to play from the keyboard, in each of the three elements", async () => {
    await page.goto(`${server.url}index.html`);
    for (const tag of ["train-game", "string-railway", "light-rail"]) {
      const help = page.locator(`${tag} [part=help]`);
      await help.waitFor({ timeout: 60_000 });
      await expect(help.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
      await page.locator(`${tag} [part=help-button]`).focus();
      await page.keyboard.press("Enter");
      await expect(help.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
      await expect(help.locator("li").first().isVisible()).resolves.toBe(true);
      if (tag === "train-game") await help.screenshot({ path: join(SHOTS, "trainux-help-train.png") });
      await page.keyboard.press("Space");
      await expect(help.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    }
    expect(errors).toEqual([]);
  });
});
