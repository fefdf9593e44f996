#!/usr/bin/env node
// Compiles every Wasm module entry `assembly/<name>.ts` (top-level files only) into
// `build/<name>.debug.wasm` and `build/<name>.release.wasm`, each with the raw bindings
// `asc` generates (`build/<name>.<target>.js`). Settings come from `asconfig.json`.
// An entry may add asc flags on its first line: `// asc-flags: --runtime incremental`.
// An entry with a line `// inline-base64` in its header also gets `build/<name>.<target>.base64.js` (and its
// `.d.ts`): the module's bytes as a base64 string `WASM_BASE64`, for a module compiled synchronously without
// fetching a file (assembly/checksum.ts).
// `--check` type-checks every entry without writing anything (used by `npm run check`).
// Skips work when every output is newer than every source in `assembly/`.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import asc from "assemblyscript/asc";

const root = new URL("..", import.meta.url).pathname;
const assemblyDir = join(root, "assembly");
const buildDir = join(root, "build");
const check = process.argv.includes("--check");
const force = process.argv.includes("--force");

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}

const entries = readdirSync(assemblyDir).filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
const sources = [...walk(assemblyDir), join(root, "asconfig.json")];
const newestSource = Math.max(...sources.map((f) => statSync(f).mtimeMs));

/** Writes build/<name>.<target>.base64.js and .d.ts from the module just built. */
function writeBase64(name, target) {
  const base64 = readFileSync(join(buildDir, `${name}.${target}.wasm`)).toString("base64");
  const stem = join(buildDir, `${name}.${target}.base64`);
  const doc = `/** build/${name}.${target}.wasm as base64 (scripts/build-wasm.mjs). */`;
  writeFileSync(`${stem}.js`, `${doc}\nexport const WASM_BASE64 =\n  "${base64}";\n`);
  writeFileSync(`${stem}.d.ts`, `${doc}\nexport declare const WASM_BASE64: string;\n`);
}

let failed = false;
for (const entry of entries) {
  const name = entry.slice(0, -3);
  const firstLine = readFileSync(join(assemblyDir, entry), "utf8").split("\n", 1)[0];
  const inline = /^\/\/ inline-base64$/m.test(
    readFileSync(join(assemblyDir, entry), "utf8").split("\nimport", 1)[0],
  );
  const extra = firstLine.startsWith("// asc-flags:") ? firstLine.slice(13).trim().split(/\s+/) : [];
  for (const target of check ? ["debug"] : ["debug", "release"]) {
    const outFile = join(buildDir, `${name}.${target}.wasm`);
    const fresh = (f) => existsSync(f) && statSync(f).mtimeMs > newestSource;
    if (
      !check &&
      !force &&
      fresh(outFile) &&
      (!inline || fresh(join(buildDir, `${name}.${target}.base64.js`)))
    )
      continue;
    mkdirSync(buildDir, { recursive: true });
    const args = [join("assembly", entry), "--config", "asconfig.json", "--target", target, ...extra];
    if (check) args.push("--noEmit");
    else
      args.push(
        "--outFile",
        join("build", `${name}.${target}.wasm`),
        "--textFile",
        join("build", `${name}.${target}.wat`),
      );
    const { error, stderr } = await asc.main(args, {
      stdout: process.stdout,
      stderr: process.stderr,
      baseDir: root,
    });
    if (error) {
      failed = true;
      console.error(`asc ${name} (${target}) failed: ${error.message}`);
      console.error(stderr.toString());
    } else if (!check) {
      if (inline) writeBase64(name, target);
      console.error(`built build/${name}.${target}.wasm`);
    }
  }
}
process.exit(failed ? 1 : 0);
