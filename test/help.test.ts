/**
 * Issue #23, "rules help in every widget": each game's "How to play" text (web/games/<game>/help.ts) stays true to
 * its rules page. Every rule id it cites is a rule id of docs/rules/<game>.md (a renamed or dropped rule fails
 * here), each help cites at least one, and names the page it is drawn from.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { HelpText } from "../web/elements/common/help.ts";
import { LIGHT_HELP } from "../web/games/light/help.ts";
import { STRING_HELP } from "../web/games/string/help.ts";
import { TRAIN_HELP, TRAIN_UNDO_WORDS } from "../web/games/train/help.ts";

const root = resolve(import.meta.dirname, "..");
const HELPS: [id: string, help: HelpText, page: string][] = [
  ["train", TRAIN_HELP, "docs/rules/train-game.md"],
  ["string", STRING_HELP, "docs/rules/string-railway.md"],
  ["light", LIGHT_HELP, "docs/rules/light-rail.md"],
];

/** Every `<game>.<rule>` id in a text. */
function ruleIds(text: string, game: string): string[] {
  return [...text.matchAll(new RegExp(`\\b${game}\\.[a-z]+(?:-[a-z]+)*`, "g"))].map((m) => m[0]);
}

describe.each(HELPS)("the %s help", (game, help, page) => {
  const text = [help.summary, ...help.sections.flatMap((s) => [s.heading, ...s.points])].join("\n");
  const docs = readFileSync(resolve(root, page), "utf8");
  const documented = new Set(
    [...docs.matchAll(new RegExp(`\`(${game}\\.[a-z]+(?:-[a-z]+)*)\``, "g"))].map((m) => m[1]),
  );

  it("cites only rule ids its rules page documents", () => {
    const cited = ruleIds(text, game);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((id) => !documented.has(id))).toEqual([]);
  });

  it("names its rules page as the source", () => {
    expect(help.source).toBe(page);
  });

  it("is short: a summary and a few sections of plain sentences", () => {
    expect(help.sections.length).toBeGreaterThan(0);
    for (const s of help.sections) for (const p of s.points) expect(p).toMatch(/[.)]$/);
    expect(text.length).toBeLessThan(4000);
  });
});

it("words every undo refusal of docs/rules/train-game.md for a player (train.undo-*)", () => {
  const docs = readFileSync(resolve(root, "docs/rules/train-game.md"), "utf8");
  const undoRules = new Set([...docs.matchAll(/`(train\.undo-[a-z-]+)`/g)].map((m) => m[1]));
  expect(undoRules.size).toBeGreaterThan(0);
  expect(new Set(Object.keys(TRAIN_UNDO_WORDS))).toEqual(undoRules);
  for (const words of Object.values(TRAIN_UNDO_WORDS)) expect(words).not.toMatch(/train\.|seat \d/);
});
