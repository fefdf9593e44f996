// The Custom Elements Manifest (custom-elements.json) from the elements' JSDoc (@fires, @csspart, @cssprop, ...)
// and their Lit properties: `npm run manifest`; test/package/manifest.test.ts fails when the committed file is stale.
export default {
  globs: ["web/elements/*/*.ts"],
  // The shared glue is left out, except the elements' base class: their inherited members come from it.
  exclude: ["web/elements/common/!(railkit-element).ts"],
  outdir: process.env.CEM_OUTDIR ?? ".",
  litelement: true,
  // Do not rewrite package.json's "customElements" (it names the committed file; the test writes elsewhere).
  packagejson: false,
  dev: false,
  plugins: [
    {
      // The manifest is the public surface: private and protected members are left out, so an internal change
      // does not make it stale (and the test asks for a regeneration only when the API changed).
      name: "railkit-public-only",
      // Modules sorted by path: the analyzer's order varies from run to run.
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        for (const m of customElementsManifest.modules)
          for (const d of m.declarations ?? [])
            if (d.members) d.members = d.members.filter((x) => !x.privacy || x.privacy === "public");
      },
    },
  ],
};
