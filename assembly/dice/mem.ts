// Raw access to flat arrays in linear memory: `p` is a byte address, `i` an element index.
// The caller guarantees bounds (the TypeScript side sizes every buffer; see web/solvers/train/wasm.ts).

@inline export function ldf(p: usize, i: i32): f64 {
  return load<f64>(p + (<usize>i << 3));
}
@inline export function stf(p: usize, i: i32, v: f64): void {
  store<f64>(p + (<usize>i << 3), v);
}
@inline export function ldi(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}
@inline export function sti(p: usize, i: i32, v: i32): void {
  store<i32>(p + (<usize>i << 2), v);
}

/** Bump allocation of 16-byte aligned blocks (the stub runtime never frees; callers allocate once). */
export function allocBytes(bytes: i32): usize {
  return heap.alloc(<usize>bytes);
}
