/**
 * Code cites the project's own docs, never files outside the repository (issue #22).
 *
 * Every source, test and doc file under web/, bin/, assembly/, scripts/, bench/, server/, test/, docs/ and
 * README.md is read. The test fails when
 * - a file names the team notes kept outside the repository (the rules, toolchain or style notes by their file
 *   names, or a path into the shared folder): the project's readings live in docs/rules/, its toolchain traps in
 *   docs/toolchain.md;
 * - a citation `docs/<file>.md`, a section sign and a heading (several headings joined by ", " or " and ", each
 *   with its own sign) names a file that does not exist or a heading that file does not have (the headings are
 *   parsed from the Markdown, any level, outside code fences);
 * - a section sign appears anywhere else: a section is always cited with its doc's path, on one line.
 * The section sign is written as an escape in this file, so the file passes its own check.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;
const DIRS = ["web", "bin", "assembly", "scripts", "bench", "server", "test", "docs"];
const SKIP_DIRS = new Set(["node_modules", "build", "dist", ".git"]);
const BINARY = /\.(png|jpe?g|gif|webp|bin|wasm|ico|woff2?)$/;
const SECTION = "\u00a7";

function files(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return SKIP_DIRS.has(d.name) ? [] : files(path);
    return BINARY.test(d.name) ? [] : [path];
  });
}

const checked = [...DIRS.flatMap(files), "README.md"];
const read = (f: string) => readFileSync(join(root, f), "utf8");

/** The notes outside the repository, by name (built from parts, so this file does not match itself). */
const OUTSIDE = new RegExp(`\\b(?:${["RULES", "TOOLCHAIN", "STYLE"].join("|")})\\.md|\\bshared${"/"}`);

/** Where a cited heading ends: a closing bracket, punctuation, a quote, a comment's end, a full stop, or " and " before the next sign. */
const NAME_END = new RegExp(`[)\\]},;:"'\`*|<>\\n]|\\.(?=\\s|$)| and ${SECTION} `);

interface Citation {
  doc: string;
  heading: string;
  line: number;
}

/**
 * The citations in `text` and the section signs that belong to none (`stray`, by line). A citation is
 * `docs/x.md`, a space, the sign, a space and a heading; further headings of the same doc follow as
 * ", <sign> <heading>" or " and <sign> <heading>".
 */
function citations(text: string): { found: Citation[]; stray: number[] } {
  const found: Citation[] = [];
  const used = new Set<number>();
  const lineOf = (i: number) => text.slice(0, i).split("\n").length;
  const start = new RegExp(`\\b(docs/[\\w./-]+?\\.md) ${SECTION} `, "g");
  for (const m of text.matchAll(start)) {
    const doc = m[1];
    let at = (m.index ?? 0) + m[0].length;
    used.add(at - 2);
    for (;;) {
      const rest = text.slice(at);
      const end = rest.search(NAME_END);
      const heading = (end < 0 ? rest : rest.slice(0, end)).trim();
      found.push({ doc, heading, line: lineOf(at) });
      at += end < 0 ? rest.length : end;
      const more = new RegExp(`^(?:,| and) ${SECTION} `).exec(text.slice(at));
      if (!more) break;
      used.add(at + more[0].length - 2);
      at += more[0].length;
    }
  }
  const stray: number[] = [];
  for (let i = text.indexOf(SECTION); i >= 0; i = text.indexOf(SECTION, i + 1)) {
    if (!used.has(i)) stray.push(lineOf(i));
  }
  return { found, stray };
}

/** The headings of a Markdown text, any level, outside fenced code blocks, as written (trailing #s removed). */
function headings(markdown: string): string[] {
  const out: string[] = [];
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) out.push(m[1]);
  }
  return out;
}

const headingCache = new Map<string, string[] | null>();
function headingsOf(doc: string): string[] | null {
  if (!headingCache.has(doc)) headingCache.set(doc, existsSync(join(root, doc)) ? headings(read(doc)) : null);
  return headingCache.get(doc) ?? null;
}

describe("docs citations", () => {
  it("the files checked include the code, the tests, the docs and the README", () => {
    for (const f of [
      "web/worker/service.ts",
      "assembly/light.ts",
      "docs/rules/string-railway.md",
      "README.md",
    ]) {
      expect(checked).toContain(f);
    }
  });

  it("no file cites the rules, toolchain or style notes outside the repository", () => {
    const bad = checked.flatMap((f) =>
      read(f)
        .split("\n")
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(bad).toEqual([]);
  });

  it(`every docs/<file>.md ${SECTION} <heading> citation names a heading of that doc`, () => {
    const bad: string[] = [];
    let count = 0;
    for (const f of checked) {
      const { found, stray } = citations(read(f));
      for (const line of stray) bad.push(`${f}:${line}: a section sign without a docs/<file>.md citation`);
      for (const c of found) {
        count++;
        const known = headingsOf(c.doc);
        if (known === null) bad.push(`${f}:${c.line}: ${c.doc} does not exist`);
        else if (!known.includes(c.heading)) {
          bad.push(`${f}:${c.line}: ${c.doc} has no heading "${c.heading}" (headings: ${known.join(" | ")})`);
        }
      }
    }
    expect(bad).toEqual([]);
    // the code does cite sections (the rules pages' and the toolchain's): the check is not vacuous
    expect(count).toBeGreaterThan(40);
  });

  it("the checker reads a citation, its further headings, and stops at punctuation", () => {
    const text = [
      ` * Hex geometry (docs/rules/light-rail.md ${SECTION} Grid, ${SECTION} City limit). Columns`,
      `// see docs/toolchain.md ${SECTION} Comlink.expose first.`,
      `it("as docs/rules/light-rail.md ${SECTION} City limit and ${SECTION} Wrapping", () => {`,
    ].join("\n");
    expect(citations(text)).toEqual({
      found: [
        { doc: "docs/rules/light-rail.md", heading: "Grid", line: 1 },
        { doc: "docs/rules/light-rail.md", heading: "City limit", line: 1 },
        { doc: "docs/toolchain.md", heading: "Comlink.expose first", line: 2 },
        { doc: "docs/rules/light-rail.md", heading: "City limit", line: 3 },
        { doc: "docs/rules/light-rail.md", heading: "Wrapping", line: 3 },
      ],
      stray: [],
    });
  });

  it("the checker reports a misspelt heading, a missing doc, a stray section sign and an outside note", () => {
    const text = `a (docs/rules/light-rail.md ${SECTION} City limts)\nb (docs/rules/nope.md ${SECTION} X)\nc (RULES ${SECTION}3)`;
    const { found, stray } = citations(text);
    expect(found.map((c) => c.heading)).toEqual(["City limts", "X"]);
    expect(headingsOf(found[0].doc)).not.toContain("City limts");
    expect(headingsOf(found[1].doc)).toBeNull();
    expect(stray).toEqual([3]);
    expect(OUTSIDE.test(`(${"RULES"}.md ${SECTION}3)`)).toBe(true);
    expect(OUTSIDE.test(`(../${"shared"}/x)`)).toBe(true);
    expect(OUTSIDE.test("docs/rules/light-rail.md, shared stretches")).toBe(false);
  });

  it("headings are read at every level, without trailing #s, and not inside code fences", () => {
    expect(headings("# A\n## B c ##\n```\n# not\n```\n#### D\ntext # no")).toEqual(["A", "B c", "D"]);
  });
});
