/**
 * Issue #23: how soon each game is playable on a phone. The built demo (dist/demo, `vite build`; built here if
 * missing) in Debian's Chromium emulating a phone (390 × 844 CSS px, device scale 3, mobile, touch) with the CPU
 * slowed 4× (CDP `Emulation.setCPUThrottlingRate`), the network local. Each run loads `index.html#<game>` in a fresh
 * context (no cache) and records, from the navigation's start (`performance.now()`), when each element first shows
 * a playable view: the Train Game's enabled **Roll**, String Railway's enabled **Keep tile** or **Lay a string**,
 * Light Rail's first legal cell. All three games are on the page and load together.
 *
 * Run: `npx tsx bench/phone-load.ts [--runs 7] [--rate 4]`. Not part of `npm test` (a browser, seconds per run).
 */
import { builtDemo, launchChromium } from "../test/e2e/browser.ts";
import { serveStatic } from "../test/e2e/serve.ts";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(n) || n < 1 || n > 50) throw new Error(`--${name} takes a whole number 1..50`);
  return n;
};
const runs = arg("runs", 7);
const rate = arg("rate", 4);

/** What "playable" means for each element: a selector in its shadow root. */
const PLAYABLE: Record<string, string> = {
  "train-game": 'button[data-action="roll"]:not(:disabled)',
  "string-railway": 'button[data-keep]:not(:disabled), button[data-tool="string"]:not(:disabled)',
  "light-rail": "rect.cell.legal",
};

/** Runs in the page before its scripts: polls each frame and notes when each element first turns playable. */
const WATCH = `(() => {
  const want = ${JSON.stringify(PLAYABLE)};
  const seen = (window.__playable = {});
  const tick = () => {
    for (const [tag, sel] of Object.entries(want))
      if (!(tag in seen) && document.querySelector(tag)?.shadowRoot?.querySelector(sel)) seen[tag] = performance.now();
    if (Object.keys(seen).length < Object.keys(want).length) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const server = await serveStatic(await builtDemo());
const browser = await launchChromium();
const times: Record<string, number[]> = {};
const marks: Record<string, number[]> = { domContentLoaded: [], load: [] };
try {
  for (let run = 0; run < runs; run++) {
    for (const game of ["train", "string", "light"]) {
      const ctx = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
      });
      await ctx.addInitScript(WATCH);
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      await page.goto(`${server.url}index.html#${game}`);
      await page.waitForFunction(
        `Object.keys(window.__playable).length === ${Object.keys(PLAYABLE).length}`,
        undefined,
        { timeout: 60_000 },
      );
      const seen = (await page.evaluate("window.__playable")) as Record<string, number>;
      const tag = { train: "train-game", string: "string-railway", light: "light-rail" }[game]!;
      times[tag] ??= [];
      times[tag].push(seen[tag]!);
      const nav = (await page.evaluate(
        "JSON.stringify(performance.getEntriesByType('navigation')[0])",
      )) as string;
      const t = JSON.parse(nav) as { domContentLoadedEventEnd: number; loadEventEnd: number };
      marks.domContentLoaded!.push(t.domContentLoadedEventEnd);
      marks.load!.push(t.loadEventEnd);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Chromium ${browser.version()}, 390×844 @3, touch, CPU ${rate}× slower, ${runs} runs per game`);
console.log("| measure (ms from navigation start) | min | median | max |\n|---|---:|---:|---:|");
for (const [k, xs] of Object.entries({ ...marks, ...times }))
  console.log(
    `| ${k} | ${Math.round(Math.min(...xs))} | ${Math.round(med(xs))} | ${Math.round(Math.max(...xs))} |`,
  );
