import { defineConfig } from "vitest/config";
import { slowFilesFirst } from "./tests/support/sequencer";

// End-to-end tests: Debian Chromium driven by playwright-core against the production build.
// Files run in parallel, each worker on its own product server and database (docs/decisions/101);
// E2E_WORKERS chooses how many (3 measured fastest on the quiet 2-core machine: docs/decisions/101).
const workers = Number(process.env.E2E_WORKERS ?? 3);

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    setupFiles: ["tests/e2e/support/worker-server.ts", "tests/e2e/support/failure-report.ts"],
    // A test's own waits are bounded (polls 10 s, Playwright's actions 30 s); the whole test may take
    // 3 minutes, as a slower machine stretched the longest (roles, online-form) past 60 s.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: workers > 1,
    sequence: { sequencer: slowFilesFirst(["page-walk-admin.test.ts", "page-walk-teacher.test.ts"]) },
    maxWorkers: workers,
    // Pages load through real servers on a busy 2-core machine: polls wait up to 10 s (not 1 s).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
