import { defineConfig } from "vitest/config";

// Unit tests run in Node. The e2e project drives the built demo (dist/demo) in Debian's
// Chromium through playwright-core; `npm test` builds first. Set RAILKIT_BROWSER=required
// (CI does) to fail instead of skipping when /usr/bin/chromium is missing.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/e2e/**"],
          environment: "node",
          testTimeout: 60_000,
          // A worker per core (Vitest's default in a run is one fewer: one worker on a 2-core machine). Many unit
          // files wait on child processes, servers and sockets. The e2e files run after them (group 1).
          maxWorkers: "100%",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two Chromium files at a time (a worker per core), after the unit files (group 1).
          maxWorkers: "100%",
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
