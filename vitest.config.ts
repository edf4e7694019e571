import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: "forks",
    // Temporary directories: one root per run, removed at its end; each test file removes its own.
    globalSetup: ["packages/linter/test/helpers/tmp-global.ts"],
    setupFiles: ["packages/linter/test/helpers/cleanup.ts"],
  },
});
