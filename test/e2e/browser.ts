/**
 * Shared set-up of the e2e tests that drive the built demo (dist/demo) in Debian's Chromium through
 * playwright-core: the launch flags, the static server, and the skip rule (no /usr/bin/chromium: skip,
 * unless RAILKIT_BROWSER=required).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { type StaticServer, serveStatic } from "./serve.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const haveBrowser = existsSync(CHROMIUM);
export const browserRequired = process.env.RAILKIT_BROWSER === "required";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, headless, with the flags every e2e test uses. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}
/**
 * A new page in the browser's one shared context (1200 × 1000), for pages that need no storage or cache of their
 * own (the element tests): `browser.newPage()` makes a context per page, which costs Chromium about 2.5 s of CPU on
 * the 2-core CI machine (a page in an existing context: about 0.8 s). Pages that count requests, time a cold load or
 * use storage (the lobby's credentials) keep their own context.
 */
const contexts = new WeakMap<Browser, Promise<BrowserContext>>();
export async function sharedPage(browser: Browser): Promise<Page> {
  let c = contexts.get(browser);
  if (!c) {
    c = browser.newContext({ viewport: { width: 1200, height: 1000 } });
    contexts.set(browser, c);
  }
  return (await c).newPage();
}

const root = resolve(import.meta.dirname, "../..");
const demo = resolve(root, "dist/demo");

/** Builds the demo (`vite build`) when `page` is missing from dist/demo; returns the folder. */
export async function builtDemo(page = "index.html"): Promise<string> {
  if (!existsSync(resolve(demo, page))) {
    const { build } = await import("vite");
    await build({ configFile: resolve(root, "vite.config.ts"), logLevel: "warn" });
  }
  return demo;
}

export interface DemoBrowser {
  server: StaticServer;
  browser: Browser;
  close(): Promise<void>;
}

/** Builds the demo if dist/demo is missing, serves it and launches Chromium. */
export async function openDemo(): Promise<DemoBrowser> {
  const server = await serveStatic(await builtDemo());
  const browser = await launchChromium();
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
