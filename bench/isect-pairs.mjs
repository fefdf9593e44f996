// The six-line peer of `rail string pairs FILE` (bench/string-cli.bench.ts): JSON.parse + isect's fastest method.
import { readFileSync } from "node:fs";
import { bush } from "isect";

const { segments } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const lines = segments.map(([x1, y1, x2, y2]) => ({ from: { x: x1, y: y1 }, to: { x: x2, y: y2 } }));
console.log(JSON.stringify({ pairs: bush(lines).run().length }));
