/**
 * What the `rail` CLI, a Node host, gives the games (web/games/types.ts): its {@link Kit} — the Wasm modules compiled
 * from build/ (web/wasm/node.ts), or the TypeScript twins where a module is not built, and the shipped data files
 * read from web/data/ with node:fs — and, for the games' own tools, its JSON file reader (bin/files.ts). Browser hosts
 * fetch Wasm and data by URL instead (web/worker/); nothing under web/games/ imports Node.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { CliHost, Kit } from "../web/games/types.ts";
import { compileWasmNode, type WasmName } from "../web/wasm/node.ts";
import { readJsonFile } from "./files.ts";

const WASM: readonly WasmName[] = ["train", "string", "light", "stringplan"];

/** `web/data/<path>`: a relative path of plain names (no `..`, no absolute path), or null. */
function dataUrl(path: string): URL | null {
  if (!/^[a-z0-9-]+(\/[a-z0-9][a-z0-9.-]*)*$/i.test(path) || path.split("/").includes("..")) return null;
  return new URL(`../web/data/${path}`, import.meta.url);
}

/** Each module compiled once per process (the CLI's worker thread, a test file). */
const compiled = new Map<WasmName, Promise<WebAssembly.Module>>();

export const nodeKit: Kit = {
  wasm(name) {
    const known = WASM.find((w) => w === name);
    if (!known) return null;
    // Not built (the CLI builds it on first use, bin/run.ts; a bare checkout may not have): the TypeScript twins.
    if (!existsSync(fileURLToPath(new URL(`../build/${known}.release.wasm`, import.meta.url)))) return null;
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

/** The host of the games' own tools (`GameCli.commands`). */
export const nodeHost: CliHost = { kit: nodeKit, readJsonFile };
