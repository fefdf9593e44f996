/**
 * What the `rail` CLI, a Node host, gives the games (web/games/types.ts): its {@link Kit} — the Wasm modules compiled
 * from build/ (web/wasm/node.ts), or the TypeScript twins where a module is not built, and the shipped data files
 * read from web/data/ with node:fs — and, for the games' own tools, its JSON file reader (bin/files.ts). Browser hosts
 * fetch Wasm and data by URL instead (web/worker/); nothing under web/games/ imports Node.
 */
import type { CliHost, Kit } from "../web/games/types.ts";
import { nodeKit as nodeKitOf } from "../web/wasm/node.ts";
import { readJsonFile, readText } from "./files.ts";

/** The Node Kit (web/wasm/node.ts), shared with the server's computer seats. */
export const nodeKit: Kit = nodeKitOf();

/** The host of the games' own tools (`GameCli.commands`). */
export const nodeHost: CliHost = {
  kit: nodeKit,
  readJsonFile,
  readTextFile: (file, usage, opts = {}) => readText(file, usage, opts.maxBytes),
};
