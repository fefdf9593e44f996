export {};

/**
 * `npm run bench [-- train string light]`: every game's bench suite (benchmark.js), one after another in this
 * process, each printing its own table of side-by-side ratios.
 */
const suites: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  train: () => import("./train.bench.ts"),
  string: () => import("./string.bench.ts"),
  "string-cli": () => import("./string-cli.bench.ts"),
  "string-solvers": () => import("./string-solvers.bench.ts"),
  light: () => import("./light.bench.ts"),
  "first-hint": () => import("./first-hint.bench.ts"),
  review: () => import("./review.bench.ts"),
  "wasm-start": () => import("./wasm-start.bench.ts"),
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith("-"));
for (const name of wanted)
  if (!(name in suites)) throw new Error(`unknown bench suite "${name}" (${Object.keys(suites).join(", ")})`);
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
for (const [name, load] of Object.entries(suites)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  await (await load()).run();
}
