/**
 * What the package tests share: the strict Content-Security-Policy of issue #12, a static server on 127.0.0.1
 * that sends it with every response, the custom elements that exist (found by globbing web/elements/<game>/,
 * so a new element is tested as soon as it lands), and a page watcher collecting console errors, page errors
 * and CSP violations.
 */
import { createReadStream, readdirSync, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve } from "node:path";
import type { Page } from "playwright-core";

export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self'; img-src 'self'";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".bin": "application/octet-stream",
};

export interface CspServer {
  url: string;
  close(): Promise<void>;
}

/** Serves `root` with the strict CSP header on every response. */
export async function serveWithCsp(root: string, csp = STRICT_CSP): Promise<CspServer> {
  const base = resolve(root);
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = normalize(join(base, path));
    if (!file.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      await stat(file);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "content-security-policy": csp,
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

/** Every custom element tag defined under web/elements/<game>/ (`customElements.define("tag", …)`). */
export function elementTags(root = resolve(import.meta.dirname, "../..")): string[] {
  const dir = join(root, "web/elements");
  const tags: string[] = [];
  for (const game of readdirSync(dir, { withFileTypes: true })) {
    if (!game.isDirectory() || game.name === "common") continue;
    for (const f of readdirSync(join(dir, game.name))) {
      if (!f.endsWith(".ts")) continue;
      const text = readFileSync(join(dir, game.name, f), "utf8");
      for (const m of text.matchAll(/customElements\.define\(\s*"([a-z][a-z0-9]*-[a-z0-9-]*)"/g))
        tags.push(m[1]!);
    }
  }
  return [...new Set(tags)].sort();
}

/** The train solver's files as the build names them (the Wasm module, a race table, the turn graph). */
const SOLVER_FILE = /\/(train\.release-[\w-]+\.wasm|race-\d+-[\w-]+\.bin|turn-graph-[\w-]+\.bin)$/;

/** Collects console errors, page errors and CSP violations (reported from inside the page, before any script). */
export async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => {
    // A failed load is reported below with its URL.
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
      problems.push(`console: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`);
  });
  page.on("requestfailed", (r) => {
    const why = r.failure()?.errorText ?? "";
    // By design, not a problem: the game worker drops its own request for a solver file once the page has handed
    // it the same bytes (web/worker/race-assets.ts); which comes first depends on timing.
    if (why === "net::ERR_ABORTED" && SOLVER_FILE.test(new URL(r.url()).pathname)) return;
    problems.push(`failed: ${r.url()} ${why}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction("__cspViolation", (v: string) => problems.push(`csp: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}) on ${String((e.composedPath()[0] as Element)?.outerHTML ?? e.target).slice(0, 160)}`,
      );
    });
  });
  return problems;
}

/**
 * Makes every seat of `tag` the computer's and waits until the game log holds `moves` actions: real moves through
 * the element, its worker and the engines (and the Wasm where the game's bot uses it).
 */
export async function botsPlay(page: Page, tag: string, moves = 2, timeout = 30_000): Promise<number> {
  await page.waitForFunction((t) => !!customElements.get(t) && !!document.querySelector(t), tag, { timeout });
  await page.evaluate((t) => {
    const el = document.querySelector(t)!;
    el.setAttribute("players", "2");
    el.setAttribute("bots", "0,1");
  }, tag);
  const handle = await page.waitForFunction(
    ([t, n]) => {
      const s = (document.querySelector(t as string) as unknown as { state?: { log?: unknown[] } | null })
        .state;
      return (s?.log?.length ?? 0) >= (n as number) ? s!.log!.length : false;
    },
    [tag, moves],
    { timeout, polling: 100 },
  );
  return (await handle.jsonValue()) as number;
}
