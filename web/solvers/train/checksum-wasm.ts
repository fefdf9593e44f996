/**
 * The assets' word checksum (race-table.ts `checksum32`: FNV-1a over little-endian 32-bit words) and the race
 * table's stopAt range check, run by a 174-byte Wasm module instead of JavaScript. In a browser worker that has
 * just started, the JavaScript loop over the race table's 46,602 words runs unoptimised: 12–17 ms measured in
 * Chromium (User Timing marks, test/e2e/train-goal.test.ts), on the first race hint's path; Wasm is compiled
 * before it runs. The answers are the same numbers (test/train/checksum-wasm.test.ts checks both paths, and that
 * the bytes below are the text below assembled).
 *
 * Where Wasm cannot be compiled (a page whose Content-Security-Policy forbids it), {@link wasmChecks} is
 * undefined and the callers use the JavaScript loops.
 *
 * The module, as text (assembled with binaryen's `parseText` + `emitBinary`):
 *
 *   (module
 *     (import "m" "mem" (memory 1))
 *     (func (export "fnv") (param $p i32) (param $end i32) (result i32)
 *       (local $h i32)
 *       (local.set $h (i32.const 0x811c9dc5))
 *       (block $done
 *         (loop $next
 *           (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
 *           (local.set $h (i32.mul (i32.xor (local.get $h) (i32.load (local.get $p))) (i32.const 0x01000193)))
 *           (local.set $p (i32.add (local.get $p) (i32.const 4)))
 *           (br $next)))
 *       (local.get $h))
 *     (func (export "inRange16") (param $p i32) (param $end i32) (param $lo i32) (param $hi i32) (result i32)
 *       (local $v i32)
 *       (block $done
 *         (loop $next
 *           (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
 *           (local.set $v (i32.load16_u (local.get $p)))
 *           (if (i32.or (i32.lt_u (local.get $v) (local.get $lo)) (i32.gt_u (local.get $v) (local.get $hi)))
 *             (then (return (i32.const 0))))
 *           (local.set $p (i32.add (local.get $p) (i32.const 2)))
 *           (br $next)))
 *       (i32.const 1)))
 */

/** The module's text above (the test assembles it and compares). */
export const CHECKS_WAT = `(module
  (import "m" "mem" (memory 1))
  (func (export "fnv") (param $p i32) (param $end i32) (result i32)
    (local $h i32)
    (local.set $h (i32.const 0x811c9dc5))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $h (i32.mul (i32.xor (local.get $h) (i32.load (local.get $p))) (i32.const 0x01000193)))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $next)))
    (local.get $h))
  (func (export "inRange16") (param $p i32) (param $end i32) (param $lo i32) (param $hi i32) (result i32)
    (local $v i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (i32.load16_u (local.get $p)))
        (if (i32.or (i32.lt_u (local.get $v) (local.get $lo)) (i32.gt_u (local.get $v) (local.get $hi)))
          (then (return (i32.const 0))))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (br $next)))
    (i32.const 1)))`;

/** The module's bytes, base64. */
export const CHECKS_WASM_BASE64 =
  "AGFzbQEAAAABDwJgAn9/AX9gBH9/f38BfwIKAQFtA21lbQIAAQMDAgABBxMCA2ZudgAACWluUmFuZ2UxNgABCm0CNQEBf0HFu/KIeCECAkADQCAAIAFPDQEgAiAAKAIAc0GTg4AIbCECIABBBGohAAwACwALIAILNQEBfwJAA0AgACABTw0BIAAvAQAhBCAEIAJJIAQgA0tyBEBBAA8LIABBAmohAAwACwALQQEL";

/** The checks over bytes copied into the module's memory. */
export interface WasmChecks {
  /** checksum32 of `bytes` from `from` (its length from there a multiple of 4), as race-table.ts computes it. */
  checksum32(bytes: Uint8Array, from: number): number;
  /** True when every little-endian u16 of `bytes` (even length) is in lo..hi. */
  inRange16(bytes: Uint8Array, lo: number, hi: number): boolean;
}

interface ChecksExports {
  fnv(p: number, end: number): number;
  inRange16(p: number, end: number, lo: number, hi: number): number;
}

const PAGE = 65536;

function compile(): WasmChecks | undefined {
  try {
    const bin = atob(CHECKS_WASM_BASE64);
    const code = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) code[i] = bin.charCodeAt(i);
    const memory = new WebAssembly.Memory({ initial: 1 });
    // 174 bytes: a synchronous compile is allowed on any thread.
    const instance = new WebAssembly.Instance(new WebAssembly.Module(code), { m: { mem: memory } });
    const ex = instance.exports as unknown as ChecksExports;
    /** Copies `bytes` to address 0, growing the memory as needed; returns the end address. */
    const load = (bytes: Uint8Array): number => {
      const need = Math.ceil(bytes.length / PAGE) - memory.buffer.byteLength / PAGE;
      if (need > 0) memory.grow(need);
      new Uint8Array(memory.buffer, 0, bytes.length).set(bytes);
      return bytes.length;
    };
    return {
      checksum32(bytes, from) {
        const slice = bytes.subarray(from);
        if (slice.length % 4 !== 0) throw new RangeError("checksum32: length is not a multiple of 4");
        return ex.fnv(0, load(slice)) >>> 0;
      },
      inRange16(bytes, lo, hi) {
        if (bytes.length % 2 !== 0) throw new RangeError("inRange16: odd length");
        return ex.inRange16(0, load(bytes), lo, hi) === 1;
      },
    };
  } catch {
    return undefined; // no WebAssembly, or a Content-Security-Policy without 'wasm-unsafe-eval'
  }
}

let checks: WasmChecks | undefined | null = null;

/** The Wasm checks, compiled on first use; undefined where Wasm cannot be compiled. */
export function wasmChecks(): WasmChecks | undefined {
  if (checks === null) checks = compile();
  return checks;
}
