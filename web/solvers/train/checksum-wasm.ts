/**
 * The assets' word checksum (race-table.ts `checksum32`: FNV-1a over little-endian 32-bit words) and the race
 * table's stopAt range check, run by the `checksum` Wasm module (assembly/checksum.ts, kernel
 * assembly/assets/checksum.ts) instead of JavaScript. In a browser worker that has just started, the JavaScript
 * loop over the race table's 46,602 words runs unoptimised: 12–17 ms measured in Chromium (User Timing marks,
 * test/e2e/train-goal.test.ts), on the first race hint's path; Wasm is compiled before it runs. The answers are
 * the same numbers as the TypeScript twin's (twin/checksum.ts; test/train/checksum-wasm.test.ts compares them).
 *
 * The module is small (about 1.3 KB) and compiled synchronously from its bytes, which scripts/build-wasm.mjs
 * writes as base64 beside it (build/checksum.release.base64.js), so the readers stay synchronous and nothing is
 * fetched. Where Wasm cannot be compiled (a page whose Content-Security-Policy forbids it), {@link wasmChecks} is
 * undefined and the callers use {@link twinChecks}.
 */
import { WASM_BASE64 } from "../../../build/checksum.release.base64.js";
import { bindWasm, type DescribedExports } from "../../wasm/glue.ts";
import * as twin from "./twin/checksum.ts";

/** The checks over bytes, copied a chunk at a time into the kernel's buffer. */
export interface WasmChecks {
  /** checksum32 of `bytes` from `from` (its length from there a multiple of 4), as race-table.ts computes it. */
  checksum32(bytes: Uint8Array, from: number): number;
  /** True when every little-endian u16 of `bytes` (even length) is in lo..hi. */
  inRange16(bytes: Uint8Array, lo: number, hi: number): boolean;
}

/** What this wrapper expects of the module's descriptor: its buffer and limits, equal to the twin's. */
export const CHECKSUM_SPEC = {
  module: "checksum",
  version: 1,
  buffers: { bytes: "u8" },
  limits: { bytes: twin.MAX_BYTES, fnvOffset: twin.FNV_OFFSET | 0 },
} as const;

/** The kernel's functions over its chunk buffer: the module's exports or the twin's. */
export interface ChecksumKernel {
  readonly bytes: Uint8Array;
  fnv(h: number, p: number, end: number): number;
  inRange16(p: number, end: number, lo: number, hi: number): number;
}

/** The checks over a kernel: `bytes` in chunks of the kernel's buffer, the hash carried from chunk to chunk. */
export function checksOver(k: ChecksumKernel): WasmChecks {
  const chunk = k.bytes.length;
  return {
    checksum32(bytes, from) {
      const slice = bytes.subarray(from);
      if (slice.length % 4 !== 0) throw new RangeError("checksum32: length is not a multiple of 4");
      let h = twin.FNV_OFFSET;
      for (let at = 0; at < slice.length; at += chunk) {
        const n = Math.min(chunk, slice.length - at);
        k.bytes.set(slice.subarray(at, at + n));
        h = k.fnv(h, 0, n);
      }
      return h >>> 0;
    },
    inRange16(bytes, lo, hi) {
      if (bytes.length % 2 !== 0) throw new RangeError("inRange16: odd length");
      for (let at = 0; at < bytes.length; at += chunk) {
        const n = Math.min(chunk, bytes.length - at);
        k.bytes.set(bytes.subarray(at, at + n));
        if (k.inRange16(0, n, lo, hi) !== 1) return false;
      }
      return true;
    },
  };
}

/** The checks in TypeScript (the twin), the same numbers. */
export const twinChecks: WasmChecks = checksOver(twin);

interface ChecksumExports extends DescribedExports {
  fnv(h: number, p: number, end: number): number;
  inRange16(p: number, end: number, lo: number, hi: number): number;
}

/** The module's bytes (build/checksum.release.wasm). */
export function checksumWasmBytes(): Uint8Array<ArrayBuffer> {
  const bin = atob(WASM_BASE64);
  const code = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) code[i] = bin.charCodeAt(i);
  return code;
}

/** The checks over an instance of the module (compiled from `build/checksum.<target>.wasm`). */
export function checksumKernel(module: WebAssembly.Module): ChecksumKernel {
  const abort = () => {
    throw new Error("checksum: Wasm abort");
  };
  const ex = new WebAssembly.Instance(module, { env: { abort } }).exports as unknown as ChecksumExports;
  const views = bindWasm(ex, CHECKSUM_SPEC).views();
  return {
    bytes: views.bytes,
    fnv: (h, p, end) => ex.fnv(h, p, end) >>> 0,
    inRange16: (p, end, lo, hi) => ex.inRange16(p, end, lo, hi),
  };
}

function compile(): WasmChecks | undefined {
  let module: WebAssembly.Module;
  try {
    // About 1.3 KB: a synchronous compile is allowed on any thread.
    module = new WebAssembly.Module(checksumWasmBytes());
  } catch {
    return undefined; // no WebAssembly, or a Content-Security-Policy without 'wasm-unsafe-eval'
  }
  // The module never grows its memory (runtime stub, one static chunk buffer), so the view stays valid.
  return checksOver(checksumKernel(module));
}

let checks: WasmChecks | undefined | null = null;

/** The Wasm checks, compiled on first use; undefined where Wasm cannot be compiled. */
export function wasmChecks(): WasmChecks | undefined {
  if (checks === null) checks = compile();
  return checks;
}
