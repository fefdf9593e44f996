/**
 * Issue #23, page weight: one `<train-game hints>` on a cold page (a fresh browser context: empty cache) of the
 * self-contained build (dist/lib, built here into a temporary folder; the page loads `train-game.js`, the entry of
 * that one element, as a page showing one game does), served gzipped as a CDN would (zlib's default
 * level, every file). The server counts every request the page and its workers make, and the gzipped bytes it sent:
 *   - every file is downloaded once (the page, the game worker and the solver's files: no second copy of the
 *     turn graph or the train Wasm from the page and the worker);
 *   - the whole page weighs at most {@link BUDGET} bytes over the wire once the first hint is drawn and the network
 *     is quiet (chessboard-element + chess.js, measured the same way: 38.7 KB, docs/benchmarks.md § Page weight);
 *   - the race table (159 KB gzipped) is not fetched until a race hint first needs it: after the person's first
 *     roll (a choice of dice in a race to 100), once, and that hint carries win chances.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watch } from "../package/csp.ts";
import { haveBrowser, launchChromium } from "./browser.ts";

const root = resolve(import.meta.dirname, "../..");
/** The budget of issue #23 for one `<train-game>` with hints, gzipped over the wire (whole page, cold cache). */
const BUDGET = 120 * 1024;
const RACE_TABLE = /\/race-100-[\w-]+\.bin$/;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".bin": "application/octet-stream",
  ".svg": "image/svg+xml",
};

interface Served {
  url: string;
  /** Requests by path, in order (one entry a request), and gzipped body bytes sent. */
  log: { path: string; bytes: number }[];
  close(): Promise<void>;
}

/** Serves `dir` gzipped (`content-encoding: gzip`), logging each request and the bytes of its body. */
async function serveGzipped(dir: string): Promise<Served> {
  const base = resolve(dir);
  const log: Served["log"] = [];
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const file = normalize(join(base, path));
    let body: Buffer;
    try {
      if (!file.startsWith(base)) throw new Error("outside");
      body = gzipSync(await readFile(file));
    } catch {
      log.push({ path, bytes: 0 });
      res.writeHead(404).end();
      return;
    }
    log.push({ path, bytes: body.length });
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-encoding": "gzip",
      "content-length": body.length,
      "cache-control": "public, max-age=31536000",
    });
    res.end(body);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    log,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Waits until the server has seen no request for `quiet` ms. */
async function networkQuiet(s: Served, quiet = 1500): Promise<void> {
  let n = -1;
  while (n !== s.log.length) {
    n = s.log.length;
    await new Promise((ok) => setTimeout(ok, quiet));
  }
}

describe.runIf(haveBrowser)("issue #23: the weight of one <train-game hints> on a cold page", () => {
  let tmp: string;
  let server: Served;
  let browser: Browser;

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), "railkit-weight-"));
    const { build } = await import("vite");
    await build({
      configFile: join(root, "vite.config.ts"),
      mode: "lib",
      logLevel: "error",
      build: { outDir: join(tmp, "railkit") },
    });
    await writeFile(
      join(tmp, "index.html"),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>weight</title>` +
        `<link rel="icon" href="data:,"><script type="module" src="railkit/train-game.js"></script></head>` +
        `<body><train-game hints></train-game></body></html>`,
    );
    server = await serveGzipped(tmp);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("every file once, at most 120 KB gzipped, the race table only for the first race hint", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    // The first hint (the roll that opens the turn) is drawn: the solver is loaded.
    await page.waitForFunction(
      () =>
        /Roll 6 dice/.test(
          document.querySelector("train-game")?.shadowRoot?.querySelector("[part~=hints]")?.textContent ?? "",
        ),
      undefined,
      { timeout: 60_000 },
    );
    await networkQuiet(server);
    const cold = server.log.slice();
    const paths = cold.map((r) => r.path);
    expect(
      paths.filter((p, i) => paths.indexOf(p) !== i),
      "downloaded twice",
    ).toEqual([]);
    expect(
      paths.some((p) => p.endsWith(".wasm")),
      "the solver's Wasm",
    ).toBe(true);
    expect(
      paths.some((p) => RACE_TABLE.test(p)),
      "the race table before a race hint needs it",
    ).toBe(false);
    const total = cold.reduce((n, r) => n + r.bytes, 0);
    console.log(
      `page weight (gzip): ${total} bytes in ${cold.length} files:`,
      cold.map((r) => `${r.path.split("/").pop()} ${r.bytes}`).join(", "),
    );
    expect(total).toBeLessThanOrEqual(BUDGET);

    // The person's roll: a choice of dice in a race to 100, whose hints need the race table (fetched now, once).
    await page.locator("train-game button[data-action=roll]:not([disabled])").click({ timeout: 30_000 });
    await page.waitForFunction(
      () =>
        /%/.test(
          document.querySelector("train-game")?.shadowRoot?.querySelector("[part~=hints] table")
            ?.textContent ?? "",
        ),
      undefined,
      { timeout: 60_000 },
    );
    await networkQuiet(server);
    const all = server.log.map((r) => r.path);
    expect(
      all.filter((p, i) => all.indexOf(p) !== i),
      "downloaded twice",
    ).toEqual([]);
    expect(all.filter((p) => RACE_TABLE.test(p))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
