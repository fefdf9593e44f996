// The Custom Elements Manifest (custom-elements.json) from the elements' JSDoc (@fires, @csspart, @cssprop, ...)
// and their Lit properties: `npm run manifest`; test/package/manifest.test.ts fails when the committed file is stale.
export default {
  globs: ["web/elements/*/*.ts"],
  exclude: ["web/elements/common/**"],
  outdir: process.env.CEM_OUTDIR ?? ".",
  litelement: true,
  // Do not rewrite package.json's "customElements" (it names the committed file; the test writes elsewhere).
  packagejson: false,
  dev: false,
};
