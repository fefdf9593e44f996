/// <reference types="vite/client" />
// Wasm files as real URLs (not inlined; see vite.config.ts), compiled while streaming.
// One line per module: add a module here when its `assembly/<name>.ts` entry lands. Not `checksum`: its readers
// compile it synchronously from the base64 copy the build writes (web/solvers/train/checksum-wasm.ts).
import lightUrl from "../../build/light.release.wasm?url";
import stringUrl from "../../build/string.release.wasm?url";
import stringplanUrl from "../../build/stringplan.release.wasm?url";
import trainUrl from "../../build/train.release.wasm?url";
import type { WasmName } from "./node.ts";

const urls: Partial<Record<WasmName, string>> = {
  train: trainUrl,
  string: stringUrl,
  light: lightUrl,
  stringplan: stringplanUrl,
};

export async function compileWasmBrowser(name: WasmName): Promise<WebAssembly.Module> {
  const url = urls[name];
  if (!url) throw new Error(`no Wasm module "${name}" in this build`);
  return WebAssembly.compileStreaming(fetch(url));
}
