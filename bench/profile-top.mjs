/**
 * Sums a V8 CPU profile (`node --cpu-prof`, bench/online-load.ts with RAILKIT_LOAD_PROFILE=1) by self time:
 * the top functions, and the top files/packages. `node bench/profile-top.mjs FILE.cpuprofile [N] [--last S]`:
 * with `--last S`, only the samples of the profile's last S seconds (a load run's measured window, not its set-up).
 */
import { readFileSync } from "node:fs";

const argv = process.argv.slice(2);
const lastAt = argv.indexOf("--last");
const lastS = lastAt >= 0 ? Number(argv.splice(lastAt, 2)[1]) : Number.POSITIVE_INFINITY;
const [file, n = "25"] = argv;
if (!file) throw new Error("usage: node bench/profile-top.mjs FILE.cpuprofile [N] [--last S]");
const prof = JSON.parse(readFileSync(file, "utf8"));
const byId = new Map(prof.nodes.map((node) => [node.id, node]));
function name(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    .replace(/^file:\/\//, "")
    .replace(/.*node_modules\//, "npm:")
    .replace(/.*\/(server|web|bench|scripts)\//, "$1/");
  return `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
}
const self = new Map();
const dt = prof.timeDeltas;
const from = prof.endTime - lastS * 1e6;
for (let i = 0, at = prof.startTime; i < prof.samples.length; i++) {
  at += dt[i] ?? 0;
  if (at >= from) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const parent = new Map();
for (const node of prof.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const fns = new Map();
const files = new Map();
for (const [id, us] of self) {
  const { functionName, url } = byId.get(id).callFrame;
  const where = url
    .replace(/^file:\/\//, "")
    .replace(/.*node_modules\//, "npm:")
    .replace(/.*\/(server|web|bench|scripts)\//, "$1/");
  const fn = name(byId.get(id));
  fns.set(fn, (fns.get(fn) ?? 0) + us);
  const pkg = where.startsWith("npm:")
    ? where
        .split("/")
        .slice(0, where.startsWith("npm:@") ? 2 : 1)
        .join("/")
    : where || functionName;
  files.set(pkg, (files.get(pkg) ?? 0) + us);
}
/** Time with the function anywhere on the stack (each sample once a function). */
const inclusive = new Map();
for (let i = 0; i < prof.samples.length; i++) {
  const seen = new Set();
  for (let id = prof.samples[i]; id !== undefined; id = parent.get(id)) seen.add(name(byId.get(id)));
  for (const fn of seen) inclusive.set(fn, (inclusive.get(fn) ?? 0) + (dt[i] ?? 0));
}
const top = (m, title) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, Number(n)))
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
};
top(fns, "self time by function");
top(files, "self time by file or package");
top(inclusive, "total time (with what it calls) by function");
