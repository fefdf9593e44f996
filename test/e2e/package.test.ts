/**
 * Issue #12, proven as users use it: `npm pack` (after what its prepack runs: dist/lib, dist/pkg, the types),
 * then in a fresh temporary folder
 *   (a) a plain HTML page per element, only static files under a sub-path: one `<script type="module">` of the
 *       self-contained build copied out of the tarball, one element; served with the strict CSP header;
 *   (b) a minimal Vite app that installs the tarball and does `import "railkit"` (built with Vite, served with
 *       the strict CSP);
 *   (c) a Node script that imports `railkit/engine` and plays a game of each engine with bots;
 *   (d) TypeScript over both entries' declarations;
 * and the consumer matrix of issue #23, each app installing the tarball (and its bundler from the npm registry):
 *   (e) the same Vite app on Vite's dev server;
 *   (f) webpack 5 (`import "railkit"`, production build, served with the strict CSP);
 *   (g) React 19 + TypeScript: `tsc` with the JSX types railkit ships (none written by the app), then built by Vite;
 *   (j) Rollup 4 (`import "railkit"`, test/package/rollup.config.mjs.txt: node-resolve, off-main-thread for the
 *       module workers, import-meta-assets for the Wasm files), served with the strict CSP;
 *   (h), (i) issue #24: `loadKernels()` of `railkit/engine` in Node (run from another folder) and in a Vite app's
 *       module worker: the package's Wasm kernels and race table found and loaded, the race's hint as the solvers'.
 * The pages run in headless Chromium: every element (globbed from web/elements/) plays real moves, the Train
 * Game takes a person's roll, each game's hints come ((b), (e), (f), (g), (j): all three games), and no console
 * error or CSP violation is reported.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botsPlay, type CspServer, elementTags, serveWithCsp, watch } from "../package/csp.ts";
import { haveBrowser, launchChromium, sharedPage } from "./browser.ts";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const tags = elementTags();

async function humanRoll(page: Page): Promise<void> {
  await page.locator("train-game button[data-action=roll]:not([disabled])").click({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      ((document.querySelector("train-game") as unknown as { state?: { log: unknown[] } }).state?.log
        .length ?? 0) > 0,
    null,
    { timeout: 15_000 },
  );
}

/** The page of (b), (e), (f), (j): the three elements, two people each (hints for the seat to move), no computer. */
const threeGames = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title>` +
  `<link rel="icon" href="./favicon.svg"><script type="module" src="${script}"></script></head><body>` +
  `${tags.map((t) => `<${t} players="2" hints></${t}>`).join("")}</body></html>`;

/**
 * What a consumer app must do with the three games on one page: each starts (its first view), shows its hints
 * (win chances for the Train Game after a person's roll; String Railway's list; Light Rail's search table), and
 * plays real moves once every seat is the computer's. A worker fault or a refused call ("Hints unavailable", "the
 * worker holds no game") fails here.
 */
async function allGamesPlay(page: Page): Promise<void> {
  await humanRoll(page);
  for (const tag of tags) {
    const shown = await page.waitForFunction(
      (t) => {
        const hints = document.querySelector(t)?.shadowRoot?.querySelector("[part~=hints]");
        const text = hints?.textContent ?? "";
        if (/Hints unavailable|holds no game/.test(text)) return text;
        if (t === "train-game") return /%/.test(hints?.querySelector("table")?.textContent ?? "") && "ok";
        if (t === "string-railway")
          return (!!hints?.querySelector("li[data-hint]") || /Nothing to suggest/.test(text)) && "ok";
        return !!hints?.querySelector("tbody tr") && "ok";
      },
      tag,
      { timeout: 60_000, polling: 100 },
    );
    expect(await shown.jsonValue(), `${tag} hints`).toBe("ok");
  }
  for (const tag of tags) expect(await botsPlay(page, tag), tag).toBeGreaterThanOrEqual(2);
}

/** Runs `npm i` of `packages` in `dir` (the npm registry; offline copies first). */
function npmInstall(dir: string, packages: string[]) {
  return run("npm", ["i", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", ...packages], {
    cwd: dir,
    timeout: 240_000,
  });
}

describe.runIf(haveBrowser)("the packed package, as users use it", () => {
  let tmp: string;
  let app: string;
  let tarball: string;
  let browser: Browser;
  const servers: CspServer[] = [];

  beforeAll(async () => {
    tmp = await mkdtemp(join(tmpdir(), "railkit-pack-"));
    // What prepack runs (the library builds and types), then the pack itself without the lifecycle scripts: the
    // prepare script would rebuild dist/cli under the CLI tests running beside this file.
    await run(process.execPath, ["scripts/build-lib.mjs", "--quiet"], { cwd: root, timeout: 60_000 });
    const { stdout } = await run(
      "npm",
      ["pack", "--json", "--silent", "--ignore-scripts", "--pack-destination", tmp],
      {
        cwd: root,
        timeout: 60_000,
        maxBuffer: 1 << 26,
      },
    );
    tarball = join(
      tmp,
      (JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string }[])[0]!.filename,
    );
    await run("tar", ["xzf", tarball, "-C", tmp]);
    app = join(tmp, "app");
    await mkdir(app);
    await writeFile(
      join(app, "package.json"),
      JSON.stringify({ name: "app", private: true, type: "module" }),
    );
    await npmInstall(app, [tarball]);
    browser = await launchChromium();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("ships the builds, the types and the manifest", () => {
    for (const f of [
      "dist/lib/railkit.js",
      "dist/pkg/railkit.js",
      "dist/pkg/engine.js",
      "dist/types/lib/index.d.ts",
      "dist/types/lib/engine.d.ts",
      "dist/types/lib/kernels.d.ts",
      "custom-elements.json",
    ])
      expect(existsSync(join(tmp, "package", f)), f).toBe(true);
  });

  it("ships the files loadKernels reads: the four Wasm kernels, the race table and the turn graph", async () => {
    const assets = await readdir(join(tmp, "package", "dist", "pkg", "assets"));
    for (const name of ["train", "string", "stringplan", "light"])
      expect(
        assets.some((f) => f.startsWith(`${name}.release-`) && f.endsWith(".wasm")),
        name,
      ).toBe(true);
    for (const name of ["race-100-", "turn-graph-"])
      expect(
        assets.some((f) => f.startsWith(name) && f.endsWith(".bin")),
        name,
      ).toBe(true);
  });

  it("(a) a plain page: one script tag, one element, static files under a sub-path, strict CSP", async () => {
    const site = join(tmp, "site");
    const dir = join(site, "games", "here");
    await cp(join(tmp, "package", "dist", "lib"), join(dir, "railkit"), { recursive: true });
    // The self-contained module imports nothing by bare name (no import map needed).
    expect(await readFile(join(dir, "railkit", "railkit.js"), "utf8")).not.toMatch(
      /from\s*["'](lit|comlink)/,
    );
    await cp(join(root, "web/demo/favicon.svg"), join(dir, "favicon.svg"));
    for (const tag of tags)
      await writeFile(
        join(dir, `${tag}.html`),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${tag}</title>` +
          `<link rel="icon" href="favicon.svg"><script type="module" src="railkit/railkit.js"></script></head>` +
          `<body><${tag} players="2" bots="1"></${tag}></body></html>`,
      );
    const server = await serveWithCsp(site);
    servers.push(server);
    for (const tag of tags) {
      const page = await sharedPage(browser);
      const problems = await watch(page);
      await page.goto(`${server.url}games/here/${tag}.html`);
      if (tag === "train-game") await humanRoll(page);
      expect(await botsPlay(page, tag), tag).toBeGreaterThanOrEqual(2);
      expect(problems, tag).toEqual([]);
      await page.close();
    }
  });

  it('(b) a Vite app: npm i the tarball, import "railkit"; Lit comes from the app (not duplicated)', async () => {
    expect(existsSync(join(app, "node_modules/railkit/node_modules/lit"))).toBe(false);
    // The entries and their chunks import Lit; none holds a copy of it (Lit's own code pushes litElementVersions).
    const pkg = join(app, "node_modules/railkit/dist/pkg");
    const files = [
      ...(await readdir(pkg)).filter((f) => f.endsWith(".js")),
      ...(await readdir(join(pkg, "assets"))).filter((f) => f.endsWith(".js")).map((f) => join("assets", f)),
    ];
    const texts = await Promise.all(files.map((f) => readFile(join(pkg, f), "utf8")));
    expect(texts.some((t) => /from\s*["']lit["']/.test(t))).toBe(true);
    expect(files.filter((_, i) => texts[i]!.includes("litElementVersions"))).toEqual([]);
    await writeFile(join(app, "main.js"), 'import "railkit";\n');
    await cp(join(root, "web/demo/favicon.svg"), join(app, "favicon.svg"));
    await writeFile(join(app, "index.html"), threeGames("./main.js"));
    const { build } = await import("vite");
    await build({
      root: app,
      configFile: false,
      logLevel: "warn",
      base: "./",
      build: { outDir: join(app, "dist") },
    });
    const server = await serveWithCsp(join(app, "dist"));
    servers.push(server);
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    await allGamesPlay(page);
    // A race without a shipped table: the game worker starts the solver worker from its own chunk (the app's
    // bundler must have built it), and the hints come back with win chances.
    await page.evaluate(() => {
      const g = document.createElement("train-game");
      g.id = "g60";
      for (const [k, v] of [
        ["players", "2"],
        ["goal", "60"],
        ["hints", ""],
      ])
        g.setAttribute(k!, v!);
      document.body.append(g);
    });
    await page.waitForFunction(
      () =>
        /%/.test(
          document.querySelector("#g60")?.shadowRoot?.querySelector("[part~=hints] table")?.textContent ?? "",
        ),
      undefined,
      { timeout: 60_000 },
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  it("(c) Node: railkit/engine plays a game of each engine with bots", async () => {
    await cp(join(root, "test/package/play.mjs"), join(app, "play.mjs"));
    const { stdout } = await run(process.execPath, ["play.mjs"], { cwd: app, timeout: 30_000 });
    const out = JSON.parse(stdout) as Record<
      string,
      { moves: number; winners: number[]; current: number | null }
    >;
    for (const game of ["train", "string", "light"]) {
      expect(out[game]!.moves, game).toBeGreaterThan(2);
      expect(out[game]!.winners.length, game).toBeGreaterThan(0);
      expect(out[game]!.current, game).toBeNull();
    }
  });

  it("(h) Node, issue #24: loadKernels() finds the package's own files from any folder and answers as the solvers", async () => {
    await cp(join(root, "test/package/kernels.mjs"), join(app, "kernels.mjs"));
    // Run from the temporary folder, not the app's: the files are found beside the package's module.
    const { stdout } = await run(process.execPath, [join(app, "kernels.mjs")], {
      cwd: tmp,
      timeout: 120_000,
    });
    const out = JSON.parse(stdout) as {
      missing: string[];
      hints: unknown[];
      reference: unknown[];
      hasRace: boolean;
      sameString: boolean;
      stringGeometry: boolean;
    };
    expect(out.missing).toEqual([]);
    // The race to 100 read from the shipped table (no solve), with the hint the TypeScript solver gives after its
    // own solve of the race (the values to the solver's tolerance).
    expect(out.hasRace).toBe(true);
    expect(out.hints.length).toBeGreaterThan(0);
    expect(out.hints).toHaveLength(out.reference.length);
    out.hints.forEach((h, i) => {
      const r = out.reference[i] as { winProbability: number; expected: number };
      const { winProbability, expected, ...rest } = h as typeof r;
      const { winProbability: rw, expected: re, ...restRef } = r;
      expect(rest).toEqual(restRef);
      expect(winProbability).toBeCloseTo(rw, 6);
      expect(expected).toBeCloseTo(re, 9);
    });
    // String Railway on the Wasm route geometry: an engine of its own, the same game as the TypeScript engine's.
    expect(out.stringGeometry).toBe(true);
    expect(out.sameString).toBe(true);
  }, 150_000);

  it("(i) a Vite app's module worker: loadKernels() from railkit/engine fetches the files the app's build emitted", async () => {
    const dir = join(app, "worker-app");
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, "kernels.worker.js"),
      `import { loadKernels, train } from "railkit/engine";
const kernels = await loadKernels();
const [best] = await kernels.train.hints(train.setup({ players: 2, variant: "race", goal: 100 }, 7));
postMessage({ missing: kernels.missing, hasRace: kernels.train.solver.hasRace(100), best });
`,
    );
    await writeFile(
      join(dir, "main.js"),
      `const w = new Worker(new URL("./kernels.worker.js", import.meta.url), { type: "module" });
w.onmessage = (e) => { window.kernelsResult = e.data; };
w.onerror = (e) => { window.kernelsResult = { error: String(e.message) }; };
`,
    );
    await cp(join(root, "web/demo/favicon.svg"), join(dir, "favicon.svg"));
    await writeFile(
      join(dir, "index.html"),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>engine</title>` +
        `<link rel="icon" href="./favicon.svg"><script type="module" src="./main.js"></script></head><body></body></html>`,
    );
    const { build } = await import("vite");
    await build({
      root: dir,
      configFile: false,
      logLevel: "warn",
      base: "./",
      worker: { format: "es" },
      build: { outDir: join(dir, "dist") },
    });
    const server = await serveWithCsp(join(dir, "dist"));
    servers.push(server);
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    await page.waitForFunction(
      () => (window as { kernelsResult?: unknown }).kernelsResult !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    const out = (await page.evaluate(() => (window as { kernelsResult?: unknown }).kernelsResult)) as {
      missing?: string[];
      hasRace?: boolean;
      best?: { label: string; winProbability: number };
      error?: string;
    };
    expect(out.error).toBeUndefined();
    expect(out.missing).toEqual([]);
    expect(out.hasRace).toBe(true);
    expect(out.best?.label).toBe("Roll 6 dice");
    expect(out.best?.winProbability).toBeGreaterThan(0.4);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("(d) TypeScript: the declarations type a user's code of both entries", async () => {
    await cp(join(root, "test/package/consumer.ts.txt"), join(app, "check.ts"));
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    // prettier-ignore
    const args = [
      tsc,
      "--noEmit",
      "--strict",
      "--target",
      "es2022",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--lib",
      "es2022,dom",
      "--skipLibCheck",
      "check.ts",
    ];
    await expect(run(process.execPath, args, { cwd: app, timeout: 60_000 })).resolves.toBeDefined();
  });

  it("(e) Vite's dev server: the app of (b) served as it is written (issue #23: one worker, one game store)", async () => {
    // Each worker chunk imports the worker's shared chunk, never the worker's entry back: the dev server loads the
    // entry under a second URL (`?worker_file`), which evaluated it twice (two services, two stores).
    const assets = join(app, "node_modules/railkit/dist/pkg/assets");
    const chunks = (await readdir(assets)).filter((f) => f.endsWith(".js"));
    const entries = chunks.filter((f) => /^(engine\.worker|solver-worker)-/.test(f));
    expect(entries).toHaveLength(2);
    for (const f of chunks) {
      const text = await readFile(join(assets, f), "utf8");
      for (const e of entries)
        expect(text.includes(`from"./${e}"`) || text.includes(`from "./${e}"`), f).toBe(false);
    }
    const { createServer } = await import("vite");
    const dev = await createServer({
      root: app,
      configFile: false,
      logLevel: "error",
      server: { port: 0, host: "127.0.0.1" },
    });
    await dev.listen();
    try {
      const page = await sharedPage(browser);
      const problems = await watch(page);
      await page.goto(dev.resolvedUrls!.local[0]!);
      await allGamesPlay(page);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await dev.close();
    }
  });

  it('(f) webpack 5: import "railkit", a production build served with the strict CSP', async () => {
    await npmInstall(app, ["webpack@5.113.0"]);
    await cp(join(root, "test/package/webpack.config.mjs.txt"), join(app, "webpack.config.mjs"));
    await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        'import webpack from "webpack"; import config from "./webpack.config.mjs"; webpack(config, (e, s) => { if (e || s.hasErrors()) { console.error(e ?? s.toString("errors-only")); process.exit(1); } });',
      ],
      { cwd: app, timeout: 180_000 },
    );
    const out = join(app, "dist-webpack");
    // webpack emitted both workers and the Wasm files (it bundles `new Worker(new URL(…))` by itself).
    expect((await readdir(out)).filter((f) => f.endsWith(".wasm")).length).toBeGreaterThanOrEqual(3);
    await cp(join(root, "web/demo/favicon.svg"), join(out, "favicon.svg"));
    await writeFile(join(out, "index.html"), threeGames("./main.js"));
    const server = await serveWithCsp(out);
    servers.push(server);
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    await allGamesPlay(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('(j) Rollup: import "railkit", bundled with off-main-thread and import-meta-assets, served with the strict CSP', async () => {
    await npmInstall(app, [
      "rollup@4.69.3",
      "@rollup/plugin-node-resolve@16.0.3",
      "@surma/rollup-plugin-off-main-thread@2.2.3",
      "@web/rollup-plugin-import-meta-assets@2.3.3",
    ]);
    await writeFile(join(app, "main.js"), 'import "railkit";\n');
    await cp(join(root, "test/package/rollup.config.mjs.txt"), join(app, "rollup.config.mjs"));
    await run(
      process.execPath,
      ["node_modules/rollup/dist/bin/rollup", "-c", "rollup.config.mjs", "--silent"],
      {
        cwd: app,
        timeout: 180_000,
      },
    );
    const out = join(app, "dist-rollup");
    // Both workers were built as chunks of their own (no worker file copied unbundled: a copied worker would
    // import comlink by its bare name) and the Wasm files were emitted.
    const files = await readdir(out, { recursive: true });
    for (const name of ["engine.worker-", "solver-worker-"])
      expect(
        files.some((f) => f.startsWith(name) && f.endsWith(".js")),
        name,
      ).toBe(true);
    for (const f of files.filter((f) => f.endsWith(".js")))
      expect(await readFile(join(out, f), "utf8"), f).not.toMatch(/from\s*["']comlink["']/);
    expect(files.filter((f) => f.endsWith(".wasm")).length).toBeGreaterThanOrEqual(3);
    await cp(join(root, "web/demo/favicon.svg"), join(out, "favicon.svg"));
    await writeFile(join(out, "index.html"), threeGames("./main.js"));
    const server = await serveWithCsp(out);
    servers.push(server);
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    await allGamesPlay(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("(g) React 19 + TypeScript: tsc with the shipped JSX types, then the app built and played", async () => {
    const react = join(tmp, "react-app");
    await mkdir(react);
    await writeFile(
      join(react, "package.json"),
      JSON.stringify({ name: "react-app", private: true, type: "module" }),
    );
    await npmInstall(react, [
      tarball,
      "react@19.3.1",
      "react-dom@19.3.1",
      "@types/react@19.3.3",
      "@types/react-dom@19.3.0",
    ]);
    await cp(join(root, "test/package/consumer-react.tsx.txt"), join(react, "main.tsx"));
    const tsc = join(root, "node_modules/typescript/bin/tsc");
    // prettier-ignore
    const args = [
      tsc,
      "--noEmit",
      "--strict",
      "--jsx",
      "react-jsx",
      "--target",
      "es2022",
      "--module",
      "esnext",
      "--moduleResolution",
      "bundler",
      "--lib",
      "es2022,dom,dom.iterable",
      "--skipLibCheck",
      "main.tsx",
    ];
    const checked = await run(process.execPath, args, { cwd: react, timeout: 90_000 }).catch(
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(typeof checked === "string" ? checked : "").toBe("");
    await cp(join(root, "web/demo/favicon.svg"), join(react, "favicon.svg"));
    await writeFile(
      join(react, "index.html"),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>react</title>` +
        `<link rel="icon" href="./favicon.svg"><script type="module" src="./main.tsx"></script></head>` +
        `<body><div id="root"></div></body></html>`,
    );
    const { build } = await import("vite");
    await build({
      root: react,
      configFile: false,
      logLevel: "warn",
      base: "./",
      oxc: { jsx: { runtime: "automatic" } },
      build: { outDir: join(react, "dist") },
    });
    const server = await serveWithCsp(join(react, "dist"));
    servers.push(server);
    const page = await sharedPage(browser);
    const problems = await watch(page);
    await page.goto(`${server.url}index.html`);
    // React 19 set the properties (`players={2}`, `goal={100}`) on the defined elements.
    await page.waitForFunction(
      () => (document.querySelector("#train") as unknown as { goal?: number })?.goal === 100,
    );
    await allGamesPlay(page);
    expect(problems).toEqual([]);
    await page.close();
  });
});
