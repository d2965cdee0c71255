import { defineConfig } from "vitest/config";
import path from "node:path";

// Unit and integration tests. The reactRouter() plugin is deliberately absent (docs/stack.md).
export default defineConfig({
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#contract": path.resolve(import.meta.dirname, "contract"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
