/**
 * `rail --version`: the railkit package's version, read from its package.json (next to bin/; the built CLI finds
 * it from the bundle the same way: scripts/build-cli.mjs keeps each module's `import.meta.url` its source file's).
 */
import { readFileSync } from "node:fs";
import { TextResult } from "../web/cli/args.ts";

export function version(): TextResult {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    name: string;
    version: string;
  };
  return new TextResult(`${pkg.name} ${pkg.version}`);
}
