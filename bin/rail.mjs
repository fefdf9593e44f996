#!/usr/bin/env node
// Entry point for the `rail` binary: the built CLI (dist/cli/rail.js, made by `npm install`, `npm run build`
// or `npm run build:cli`) when it is there, else bin/rail.ts run through tsx's loader (slower to start).
import { existsSync } from "node:fs";

const built = new URL("../dist/cli/rail.js", import.meta.url);
if (existsSync(built)) await import(built.href);
else {
  const { register } = await import("tsx/esm/api");
  register();
  await import("./rail.ts");
}
