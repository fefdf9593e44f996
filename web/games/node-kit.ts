/**
 * The {@link Kit} of a Node host (the `rail` CLI, tests): the Wasm modules compiled from build/ (web/wasm/node.ts),
 * or the TypeScript twins where a module is not built, and the shipped data files read from web/data/ with node:fs.
 * Browser hosts fetch both by URL instead (web/worker/).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { compileWasmNode, type WasmName } from "../wasm/node.ts";
import type { Kit } from "./types.ts";

const WASM: readonly WasmName[] = ["train", "string", "light", "stringplan"];

/** `web/data/<path>`: a relative path of plain names (no `..`, no absolute path), or null. */
function dataUrl(path: string): URL | null {
  if (!/^[a-z0-9-]+(\/[a-z0-9][a-z0-9.-]*)*$/i.test(path) || path.split("/").includes("..")) return null;
  return new URL(`../data/${path}`, import.meta.url);
}

/** Each module compiled once per process (the CLI's worker thread, a test file). */
const compiled = new Map<WasmName, Promise<WebAssembly.Module>>();

export const nodeKit: Kit = {
  wasm(name) {
    const known = WASM.find((w) => w === name);
    if (!known) return null;
    // Not built (the CLI builds it on first use, bin/run.ts; a bare checkout may not have): the TypeScript twins.
    if (!existsSync(fileURLToPath(new URL(`../../build/${known}.release.wasm`, import.meta.url))))
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
