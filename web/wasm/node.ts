import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Kit } from "../games/types.ts";

/** The Wasm modules: one per `assembly/<name>.ts` entry. */
export type WasmName = "train" | "string" | "light" | "stringplan" | "checksum";
export type WasmTarget = "debug" | "release";

/** Every {@link WasmName}, checked complete by the type. */
const WASM_NAMES = Object.keys({
  train: 1,
  string: 1,
  light: 1,
  stringplan: 1,
  checksum: 1,
} satisfies Record<WasmName, 1>) as WasmName[];

/**
 * Compiles `build/<name>.<target>.wasm` in Node (tests, CLI, bench). Instantiate it with the raw
 * bindings `asc` generated beside it (see web/wasm/<name>.ts). Browser code uses web/wasm/browser.ts.
 */
export async function compileWasmNode(
  name: WasmName,
  target: WasmTarget = "release",
): Promise<WebAssembly.Module> {
  const url = new URL(`../../build/${name}.${target}.wasm`, import.meta.url);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await readFile(url));
  } catch {
    throw new Error(`build/${name}.${target}.wasm is missing: run "npm run build:wasm"`);
  }
  return WebAssembly.compile(bytes);
}

/** `web/data/<path>`: a relative path of plain names (no `..`, no absolute path), or null. */
function dataUrl(path: string): URL | null {
  if (!/^[a-z0-9-]+(\/[a-z0-9][a-z0-9.-]*)*$/i.test(path) || path.split("/").includes("..")) return null;
  return new URL(`../data/${path}`, import.meta.url);
}

/** Each release module compiled once per process. */
const compiled = new Map<WasmName, Promise<WebAssembly.Module>>();

/**
 * The {@link Kit} of a Node host (the server's computer seats, server/bots.ts; the `rail` CLI, bin/host.ts): the
 * release Wasm modules compiled from build/ once per process, or null (the TypeScript twins) for a module that is not
 * built or not known, and the shipped data files read from web/data/ (null when absent). Browser hosts fetch both by
 * URL (web/worker/).
 */
export function nodeKit(): Kit {
  return {
    wasm(name) {
      const known = WASM_NAMES.find((w) => w === name);
      if (!known || !existsSync(fileURLToPath(new URL(`../../build/${known}.release.wasm`, import.meta.url))))
        return null;
      const m = compiled.get(known) ?? compileWasmNode(known);
      compiled.set(known, m);
      return m;
    },
    async data(path) {
      const url = dataUrl(path);
      if (!url) return null;
      try {
        const bytes = await readFile(url);
        return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      } catch {
        return null;
      }
    },
  };
}
