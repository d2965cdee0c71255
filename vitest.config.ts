import { defineConfig } from "vitest/config";
import path from "node:path";

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
    pool: "forks",
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.{ts,tsx}"], globalSetup: ["tests/support/global-setup.ts"] },
      },
    ],
  },
});
