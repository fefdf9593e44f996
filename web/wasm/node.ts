import { readFile } from "node:fs/promises";

/** The Wasm modules: one per `assembly/<name>.ts` entry. */
export type WasmName = "train" | "string" | "light" | "stringplan" | "checksum";
export type WasmTarget = "debug" | "release";

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
