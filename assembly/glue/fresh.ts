/**
 * A StaticArray of `n` elements without the zero fill `new StaticArray` does. The runtime is the stub, which only
 * bumps its offset (nothing is freed here), so the memory under a new array has never been written: Wasm gives it
 * zeroed. Every module's buffers, made once at start by its global initializers, are made with it: the fill
 * touched every page of them at each instantiation (the String module's 4 MiB took 12 ms to instantiate), though
 * a given run uses few of them; an untouched page costs nothing. Some buffers grown later use it too, where they
 * are written before they are read (pairs.ts `reserveSegments`, the meeting places' scratch in meet.ts). test/wasm/fresh.test.ts checks that every buffer a module's descriptor lists reads zero
 * once the module has started.
 */
// @ts-ignore: decorator
@inline export function fresh<T>(n: i32): StaticArray<T> {
  return changetype<StaticArray<T>>(__new(<usize>n << alignof<T>(), idof<StaticArray<T>>()));
}
