/**
 * TypeScript twin of assembly/dice/mem.ts. The kernel reads its flat arrays through byte addresses (`ldf`, `stf`,
 * `ldi`, `sti`) into blocks that `allocBytes` hands out of linear memory; here each block is its own typed array,
 * indexed directly, so only the allocator has a counterpart.
 */

/** A block of `bytes` bytes (the kernel's: 16-byte aligned in linear memory, never freed). */
export function allocBytes(bytes: number): ArrayBuffer {
  return new ArrayBuffer(bytes);
}
