/**
 * Issue #23: how soon each game is playable on a phone. The built demo (dist/demo, `vite build`; built here if
 * missing) in Debian's Chromium emulating a phone (390 × 844 CSS px, device scale 3, mobile, touch) with the CPU
 * slowed 4× (CDP `Emulation.setCPUThrottlingRate`), the network local. Each run loads `index.html#<game>` in a fresh
 * context (no cache) and records, from the navigation's start (`performance.now()`), when each element first shows
 * a playable view: the Train Game's enabled **Roll**, String Railway's enabled **Keep tile** or **Lay a string**,
 * Light Rail's first legal cell; and its first view (the game drawn, whoever is to move: the base part carries
 * `data-seat-to-move`). All three games are on the page; the demo starts the one the URL names first
 * (web/demo/index.ts), so only that game's times are taken from each load.
 *
 * Run: `npx tsx bench/phone-load.ts [--runs 7] [--rate 4] [--dirs a,b]`. With `--dirs`, several builds of the demo
 * (folders like dist/demo) side by side: each run loads each game from each folder in turn, so they share the
 * machine's load. Not part of `npm test` (a browser, seconds per run).
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
const dirsAt = process.argv.indexOf("--dirs");
const dirs = dirsAt >= 0 ? (process.argv[dirsAt + 1] ?? "").split(",").filter(Boolean) : [await builtDemo()];
if (dirs.length === 0 || dirs.length > 4) throw new Error("--dirs takes 1 to 4 folders, comma-separated");

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
  const views = (window.__view = {});
  const tick = () => {
    for (const [tag, sel] of Object.entries(want)) {
      const root = document.querySelector(tag)?.shadowRoot;
      if (!(tag in views) && root?.querySelector('[part="base"][data-seat-to-move]')) views[tag] = performance.now();
      if (!(tag in seen) && root?.querySelector(sel)) seen[tag] = performance.now();
    }
    if (Object.keys(seen).length < Object.keys(want).length) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const servers = await Promise.all(dirs.map((d) => serveStatic(d)));
const browser = await launchChromium();
const version = browser.version();
/** Per folder: measure name → samples (ms). */
const times = dirs.map(() => ({ domContentLoaded: [], load: [] }) as Record<string, number[]>);
const push = (i: number, k: string, v: number) => {
  times[i]![k] ??= [];
  times[i]![k]!.push(v);
};
try {
  for (let run = 0; run < runs; run++) {
    for (const game of ["train", "string", "light"]) {
      for (const [i, server] of servers.entries()) {
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
        const views = (await page.evaluate("window.__view")) as Record<string, number>;
        const tag = { train: "train-game", string: "string-railway", light: "light-rail" }[game]!;
        push(i, `${tag}: first view`, views[tag]!);
        push(i, `${tag}: playable`, seen[tag]!);
        const nav = (await page.evaluate(
          "JSON.stringify(performance.getEntriesByType('navigation')[0])",
        )) as string;
        const t = JSON.parse(nav) as { domContentLoadedEventEnd: number; loadEventEnd: number };
        push(i, "domContentLoaded", t.domContentLoadedEventEnd);
        push(i, "load", t.loadEventEnd);
        await ctx.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`Chromium ${version}, 390×844 @3, touch, CPU ${rate}× slower, ${runs} runs per game and folder`);
const names = Object.keys(times[0]!);
const head = dirs.map((d) => `${d}: min / median / max`);
console.log(
  `| ms from navigation start | ${head.join(" | ")} |${dirs.length > 1 ? " median ratio (last / first) |" : ""}`,
);
console.log(`|---|${dirs.map(() => "---:|").join("")}${dirs.length > 1 ? "---:|" : ""}`);
for (const k of names) {
  const cols = times.map((t) => {
    const xs = t[k]!;
    return `${Math.round(Math.min(...xs))} / ${Math.round(med(xs))} / ${Math.round(Math.max(...xs))}`;
  });
  const ratio = dirs.length > 1 ? ` ${(med(times.at(-1)![k]!) / med(times[0]![k]!)).toFixed(2)} |` : "";
  console.log(`| ${k} | ${cols.join(" | ")} |${ratio}`);
}
