/** Light Rail: the public entry of the rules engine (re-exports only). */

export * from "./board.ts";
export * from "./bot.ts";
export * from "./cityfile.ts";
export * from "./data.ts";
export * from "./encoding.ts";
export * from "./engine.ts";
export * from "./geometry.ts";
export * from "./objectives.ts";
export * from "./routes.ts";
export * from "./types.ts";
