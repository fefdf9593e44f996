#!/usr/bin/env node
// docs/elements.md, each element's API as tables, rendered from custom-elements.json (`npm run manifest` runs
// both). test/package/manifest.test.ts fails when either is stale.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The Markdown of docs/elements.md for a manifest. */
export function renderElements(manifest) {
  const cell = (s) =>
    String(s ?? "")
      .replace(/\|/g, "\\|")
      .replace(/\s*\n\s*/g, " ")
      .trim();
  const code = (s) => (s ? `\`${cell(s)}\`` : "");
  const out = [
    "# Element API reference",
    "",
    "Generated from `custom-elements.json` (the Custom Elements Manifest, itself generated from the elements' JSDoc",
    "by `@custom-elements-manifest/analyzer`) by `npm run manifest`: do not edit by hand. How to embed the elements:",
    "docs/embedding.md; what they do: docs/widgets.md.",
  ];
  const decls = manifest.modules
    .flatMap((m) => (m.declarations ?? []).map((d) => ({ ...d, path: m.path })))
    .filter((d) => d.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
  for (const d of decls) {
    out.push("", `## \`<${d.tagName}>\``, "", `Class \`${d.name}\`, source \`${d.path}\`.`, "");
    if (d.description) out.push(d.description.trim(), "");
    const pub = (d.members ?? []).filter((x) => !x.privacy && !x.static && !x.name.startsWith("_"));
    const fields = pub.filter((x) => x.kind === "field");
    if (fields.length) {
      out.push(
        "### Attributes and properties",
        "",
        "| Property | Attribute | Type | Default | Description |",
        "|---|---|---|---|---|",
      );
      for (const f of fields)
        out.push(
          `| ${code(f.name)}${f.readonly ? " (read-only)" : ""} | ${code(f.attribute)} | ${code(f.type?.text)} | ${code(f.default)} | ${cell(f.description)} |`,
        );
      out.push("");
    }
    const methods = pub.filter((x) => x.kind === "method");
    if (methods.length) {
      out.push("### Methods", "", "| Method | Description |", "|---|---|");
      for (const m of methods) {
        const params = (m.parameters ?? []).map((p) => `${p.name}${p.optional ? "?" : ""}`).join(", ");
        out.push(`| ${code(`${m.name}(${params})`)} | ${cell(m.description)} |`);
      }
      out.push("");
    }
    for (const [title, key] of [
      ["Events", "events"],
      ["CSS parts", "cssParts"],
      ["CSS custom properties", "cssProperties"],
    ]) {
      const items = d[key] ?? [];
      if (!items.length) continue;
      out.push(`### ${title}`, "", "| Name | Description |", "|---|---|");
      for (const x of items) out.push(`| ${code(x.name)} | ${cell(x.description)} |`);
      out.push("");
    }
  }
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const manifest = JSON.parse(await readFile(join(root, "custom-elements.json"), "utf8"));
  await writeFile(join(root, "docs/elements.md"), renderElements(manifest));
}
