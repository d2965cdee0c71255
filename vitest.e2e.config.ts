import { defineConfig } from "vitest/config";

// End-to-end tests: Debian Chromium driven by playwright-core against the production build.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    setupFiles: ["tests/e2e/support/failure-report.ts"],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // Pages load through real servers on a busy 2-core machine: polls wait up to 10 s (not 1 s).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
