import { compileWasmNode, type WasmTarget } from "../../wasm/node.ts";
import { fromModule, type LightWasm } from "./wasm.ts";

/** A fresh Light Rail module in Node (tests, CLI, bench): its own memory and state. */
export async function createLightWasm(target: WasmTarget = "release"): Promise<LightWasm> {
  return fromModule(await compileWasmNode("light", target), target);
}
