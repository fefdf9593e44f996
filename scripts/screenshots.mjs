#!/usr/bin/env node
// Screenshots of each element for the README (docs/img/<tag>.png): the built demo (dist/demo, `npx vite build`)
// in Chromium, the computer playing both seats for a few moves with a fixed seed, at 900 px wide (`--width 390`
// for the phone layout, written as <tag>-390.png). Run with tsx: `npx tsx scripts/screenshots.mjs`.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { elementTags, serveWithCsp } from "../test/package/csp.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const width = process.argv.includes("--width")
  ? Number(process.argv[process.argv.indexOf("--width") + 1])
  : 900;
const server = await serveWithCsp(join(root, "dist/demo"));
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox"],
});
await mkdir(join(root, "docs/img"), { recursive: true });
try {
  for (const tag of elementTags(root)) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(`${server.url}embed.html`);
    await page.evaluate((t) => {
      document.body.replaceChildren(Object.assign(document.createElement(t), {}));
      const el = document.body.firstElementChild;
      el.setAttribute("seed", "7");
      el.setAttribute("players", "2");
      el.setAttribute("hints", "");
      el.setAttribute("bots", "1");
    }, tag);
    await page.waitForFunction((t) => document.querySelector(t)?.state, tag, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    const file = join(root, "docs/img", width === 900 ? `${tag}.png` : `${tag}-${width}.png`);
    await page.locator(tag).screenshot({ path: file });
    console.log(file);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
