/**
 * Every rule id is documented and pinned by a test.
 *
 * The refusal tables of docs/rules/<game>.md (rows that begin with a backquoted `<game>.<rule>` id) list every
 * rule id an engine can produce. This test fails when
 * - an id in a table is asserted by no test (no test file outside this one quotes it as a string), or
 * - the engine's source produces an id (a string literal `"<game>.<rule>"`, or the shared undo refusals) that
 *   no table lists.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;
const GAMES = [
  { id: "train", doc: "docs/rules/train-game.md", src: "web/engine/train" },
  { id: "string", doc: "docs/rules/string-railway.md", src: "web/engine/string" },
  { id: "light", doc: "docs/rules/light-rail.md", src: "web/engine/light" },
] as const;
/** Refusals every engine gets from the shared undo (web/engine/common/game.ts `undoAction`). */
const SHARED = ["undo-nothing", "undo-not-yours", "undo-turn-over", "undo-reveal"];

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith(".ts") ? [join(dir, d.name)] : [],
  );
}

const read = (f: string) => readFileSync(join(root, f), "utf8");
const testText = files("test")
  .filter((f) => !f.endsWith("rule-ids.test.ts"))
  .map(read)
  .join("\n");

function documented(doc: string, game: string): string[] {
  const row = new RegExp(`^\\|\\s*\`(${game}\\.[a-z0-9-]+)\``, "gm");
  return [...read(doc).matchAll(row)].map((m) => m[1]!);
}

function produced(src: string, game: string): string[] {
  const literal = new RegExp(`["'\`](${game}\\.[a-z0-9-]+)["'\`]`, "g");
  const ids = files(src).flatMap((f) => [...read(f).matchAll(literal)].map((m) => m[1]!));
  return [...new Set([...ids, ...SHARED.map((r) => `${game}.${r}`)])].sort();
}

describe("rule ids", () => {
  for (const g of GAMES) {
    const ids = documented(g.doc, g.id);

    it(`rules.documented (${g.id}): every id the engine produces has a row in ${g.doc}`, () => {
      expect(ids.length).toBeGreaterThan(3);
      const missing = produced(g.src, g.id).filter((id) => !ids.includes(id));
      expect(missing, `ids produced by ${g.src} but not in the table of ${g.doc}`).toEqual([]);
    });

    it(`rules.tested (${g.id}): every documented id is asserted by a test`, () => {
      // Quoted on its own (an assertion `toBe("train.x")`) or opening a test's name (`"train.x: …"`).
      const quoted = (id: string) => new RegExp(`["'\`]${id.replaceAll(".", "\\.")}["'\`: ]`).test(testText);
      const untested = ids.filter((id) => !quoted(id));
      expect(untested, "rule ids no test quotes").toEqual([]);
    });
  }
});
