/**
 * Shared set-up of the e2e tests that drive the built demo (dist/demo) in Debian's Chromium through
 * playwright-core: the launch flags, the static server, and the skip rule (no /usr/bin/chromium: skip,
 * unless RAILKIT_BROWSER=required).
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type Browser, chromium } from "playwright-core";
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
