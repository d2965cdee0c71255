import { defineConfig } from "vitest/config";
import path from "node:path";
import { slowFilesFirst } from "./tests/support/sequencer";

// Unit and integration tests, as two projects (docs/decisions/065): "unit" (tests/unit) needs no
// database and has no global setup; "integration" (tests/integration) starts from the migrated and
// seeded PGlite template that its global setup builds once and caches on disk. Run one project with
// `--project unit`, one file by naming it. The reactRouter() plugin is deliberately absent (docs/stack.md).
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#contract": path.resolve(import.meta.dirname, "contract"),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll waits for an outcome that comes over sockets, timers and a busy 2-core machine: up to
    // 10 s (vitest's default is 1 s, which a job run or a mail retry outlived under load).
    expect: { poll: { timeout: 10_000, interval: 50 } },
    pool: "forks",
    sequence: { sequencer: slowFilesFirst(["quartz-job-cluster.test.ts", "admin-reset-password.test.ts", "bills-property.test.ts"]) },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // As the integration files (docs/decisions/152): a worker's files share its process, the
          // modules imported once (import was a third of the stage); the leak check guards it.
          isolate: false,
          setupFiles: ["tests/support/leak-check.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          globalSetup: ["tests/support/global-setup.ts"],
          // The files of a worker share its process and its loaded modules (docs/decisions/152):
          // re-importing the backend and its libraries for every file cost 40 % of the stage's CPU.
          // The leak check fails a file that leaves anything running or changed for the next one.
          isolate: false,
          setupFiles: ["tests/support/leak-check.ts"],
          // Each file has its own databases, ports and upload folder: three run at once (vitest's
          // default on two cores is one; many files wait on timers and sockets as much as they compute:
          // 415 s with two, 357 s with three on an idle machine). INTEGRATION_WORKERS chooses.
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 3),
        },
      },
    ],
  },
});
