/**
 * Issue #26: "the review of a 60-move game is ready within 1 s in the browser". The built demo's embed page
 * (dist/demo/embed.html, strict CSP; built here if missing) in Debian's Chromium through playwright-core. Each run
 * opens a fresh page (a fresh game worker: nothing loaded), waits until its game is playable, then times
 * `el.review(save)` to the summary table drawn: cold (the first review of the page: the solver's Wasm, the turn
 * graph and for a race the race table loaded on the way) and warm (the same review again on the same page).
 *
 * - Train race to 100: the first 60 moves of a seeded two-seat game (seat 0 the first legal action, seat 1 the race
 *   bot), graded in win chances (the shipped race table).
 * - Train elimination: the same for a two-seat elimination game (seat 1 the elimination bot), graded in P(beat the
 *   target) once a target is set, in points before.
 * - Train race to 150: the same to a goal without a shipped table: the cold review solves the race (seconds) on
 *   the page's solver worker (web/worker/solver-worker.ts), the game worker free for other calls meanwhile.
 * - String Railway: the first 60 moves of a seeded two-seat game (seat 0 the solver bot, seat 1 a fixed walk through
 *   its legal actions), graded by the hints' solver move by move (web/games/string/review.ts): the time to the first
 *   graded move shown, and per move after it.
 * - Light Rail: a finished two-seat game (seat 0 a fixed walk through its legal cells, seat 1 the greedy bot), graded
 *   by the hints' search move by move: the time to the first graded move shown, and per move after it.
 *
 * Run: `npx tsx bench/review-browser.ts [--runs 5] [--only TEXT]` (`--only`: the cases whose name contains TEXT). Not part of `npm test` (a browser, seconds per run).
 */
import type { Page } from "playwright-core";
import { builtDemo, launchChromium } from "../test/e2e/browser.ts";
import { serveWithCsp } from "../test/package/csp.ts";
import { botRng, greedyPlacement, type LightState, lightEngine } from "../web/engine/light/index.ts";
import { type StringAction, type StringState, stringEngine } from "../web/engine/string/index.ts";
import { type TrainGameState, type TrainOptions, trainEngine } from "../web/engine/train/index.ts";
import { string } from "../web/games/string/index.ts";
import { train } from "../web/games/train/index.ts";
import { nodeKit } from "../web/wasm/node.ts";

const MOVES = 60;
const at = process.argv.indexOf("--runs");
const runs = at >= 0 ? Number(process.argv[at + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error("--runs takes a whole number 1..50");

const onlyAt = process.argv.indexOf("--only");
const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? "") : "";

const solver = await train.loadSolver(nodeKit());
const stringSolver = await string.loadSolver(nodeKit());

/** The first {@link MOVES} moves of the first seeded Train game in `options` that lasts that long. */
function trainGame(options: TrainOptions): TrainGameState {
  for (let seed = 1; ; seed++) {
    let s = trainEngine.setup(options, seed);
    while (!s.over && s.log.length < MOVES) {
      const a = s.current === 1 ? solver.botAction(s, "race") : trainEngine.legalActions(s)[0]!;
      const r = trainEngine.apply(s, a);
      if (!r.ok) throw r.error;
      s = r.state;
    }
    if (s.log.length === MOVES) return s;
  }
}

/** The first {@link MOVES} moves of a seeded two-seat String Railway game (as test/e2e/string-review.test.ts plays). */
function stringGame(): StringState {
  let s = stringEngine.setup({ players: 2 }, "review-bench");
  for (let i = 0; !s.over && s.log.length < MOVES; i++) {
    let a: StringAction;
    if (s.current === 0) a = stringSolver.botAction(s);
    else {
      const legal = stringEngine.legalActions(s);
      a = legal[(i * 7919) % legal.length]!;
    }
    const r = stringEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  if (s.log.length !== MOVES) throw new Error(`the String game ended after ${s.log.length} moves`);
  return s;
}

/** A finished Light Rail game (as test/e2e/light-review.test.ts plays it). */
function lightGame(): LightState {
  let s = lightEngine.setup({ players: 2 } as never, "review-e2e");
  for (let i = 0; !s.over; i++) {
    const legal = lightEngine.legalActions(s);
    const p = s.current === 1 ? greedyPlacement(s, botRng(`g/${i}`)) : null;
    const a = p
      ? { type: "place" as const, player: 1, q: p.q, r: p.r, orientation: p.orientation }
      : legal[(i * 31) % legal.length]!;
    const r = lightEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return s;
}

interface Case {
  name: string;
  tag: "train-game" | "light-rail" | "string-railway";
  save: string;
  moves: number;
}
const cases: Case[] = [
  {
    name: `Train race to 100, ${MOVES} moves`,
    tag: "train-game",
    save: JSON.stringify(trainGame({ players: 2, variant: "race", goal: 100 })),
    moves: MOVES,
  },
  {
    name: `Train elimination, ${MOVES} moves`,
    tag: "train-game",
    save: JSON.stringify(trainGame({ players: 2, variant: "elimination", goal: 100 })),
    moves: MOVES,
  },
  {
    name: `Train race to 150, ${MOVES} moves`,
    tag: "train-game",
    save: JSON.stringify(trainGame({ players: 2, variant: "race", goal: 150 })),
    moves: MOVES,
  },
];
cases.push({
  name: `String Railway, ${MOVES} moves`,
  tag: "string-railway",
  save: JSON.stringify(stringGame()),
  moves: MOVES,
});
const light = lightGame();
cases.push({
  name: `Light Rail, ${light.log.length} moves`,
  tag: "light-rail",
  save: JSON.stringify(light),
  moves: light.log.length,
});

/**
 * In the page: review(save) on the element `tag`; ms to the first graded move shown and to the summary drawn. Sent
 * as text: tsx's transform would name the inner functions with a helper the page does not have.
 */
function timeReview(page: Page, c: Case): Promise<{ first: number; done: number }> {
  return page.evaluate(`(async () => {
    const el = document.querySelector(${JSON.stringify(c.tag)});
    const t0 = performance.now();
    let first = -1;
    void el.review(${JSON.stringify(c.save)});
    return await new Promise((ok) => {
      const look = () => {
        const root = el.shadowRoot;
        if (first < 0 && root.querySelector("button[data-move]")) first = performance.now() - t0;
        if (root.querySelector("[part=review-summary] table")) ok({ first, done: performance.now() - t0 });
        else requestAnimationFrame(look);
      };
      look();
    });
  })()`);
}

const server = await serveWithCsp(await builtDemo("embed.html"));
const browser = await launchChromium();
const version = browser.version();
const samples = new Map<
  string,
  { cold: number[]; coldFirst: number[]; warm: number[]; first: number[]; perMove: number[] }
>();
try {
  for (let run = 0; run < runs; run++) {
    for (const c of cases.filter((c) => c.name.includes(only))) {
      const page = await browser.newPage({ viewport: { width: 1100, height: 1000 } });
      await page.goto(`${server.url}embed.html`);
      if (c.tag !== "train-game")
        await page.evaluate(`(async () => {
          document.querySelector("train-game")?.remove();
          await customElements.whenDefined(${JSON.stringify(c.tag)});
          document.body.append(document.createElement(${JSON.stringify(c.tag)}));
        })()`);
      await page
        .locator(
          c.tag === "train-game"
            ? "train-game button[data-action=roll]:not([disabled])"
            : c.tag === "light-rail"
              ? "light-rail rect.cell.legal"
              : "string-railway [part=base][data-seat-to-move]",
        )
        .first()
        .waitFor({ timeout: 60_000 });
      const cold = await timeReview(page, c);
      await page.locator(`${c.tag} button[data-review=exit]`).click();
      await page.locator(`${c.tag} [part=review]`).waitFor({ state: "detached" });
      const warm = await timeReview(page, c);
      const n = await page.locator(`${c.tag} button[data-move]`).count();
      if (n !== c.moves) throw new Error(`${c.name}: ${n} moves graded, ${c.moves} expected`);
      await page.close();
      const s = samples.get(c.name) ?? { cold: [], coldFirst: [], warm: [], first: [], perMove: [] };
      s.cold.push(cold.done);
      s.coldFirst.push(cold.first);
      s.warm.push(warm.done);
      s.first.push(warm.first);
      s.perMove.push((warm.done - warm.first) / Math.max(1, c.moves - 1));
      samples.set(c.name, s);
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const range = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
const cell = (xs: number[]) => `${median(xs).toFixed(0)} (${range(xs)})`;
console.log(`\nReview in Chromium ${version} (embed page, strict CSP), ${runs} runs; ms, median (range)`);
console.log(
  [
    "game".padEnd(30),
    ...["cold: first move", "cold: summary", "warm: first move", "warm: summary"].map((h) => h.padStart(18)),
    "warm: per move".padStart(15),
  ].join(" "),
);
for (const [name, s] of samples)
  console.log(
    [
      name.padEnd(30),
      ...[s.coldFirst, s.cold, s.first, s.warm].map((xs) => cell(xs).padStart(18)),
      median(s.perMove).toFixed(1).padStart(15),
    ].join(" "),
  );
