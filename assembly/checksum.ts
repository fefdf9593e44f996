// The assets' checks module: the word checksum and the stopAt range check of the race table and turn graph
// (assembly/assets/checksum.ts). Driven synchronously by web/solvers/train/checksum-wasm.ts, which copies the
// bytes, a chunk at a time, into the `bytes` buffer named in the descriptor below; scripts/build-wasm.mjs also writes its bytes as
// base64 (`// inline-base64` below), so the readers compile it without fetching a file.
// inline-base64
import { bytes, FNV_OFFSET, MAX_BYTES } from "./assets/checksum";
import * as d from "./glue/descriptor";

// The descriptor (glue/descriptor.ts). Bump VERSION whenever the buffer, the limit or an export's signature
// changes.
const VERSION: i32 = 1;
d.describe("checksum", VERSION);
d.buffer("bytes", bytes);
d.limit("bytes", MAX_BYTES); // bytes of one chunk
d.limit("fnvOffset", <i32>FNV_OFFSET); // the hash a checksum starts from
export { descriptor } from "./glue/descriptor";

export { fnv, inRange16 } from "./assets/checksum";
