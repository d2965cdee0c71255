import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    alias: {
      "~": path.resolve(import.meta.dirname, "app"),
      "#contract": path.resolve(import.meta.dirname, "contract"),
    },
  },
  // Server-only packages must not be pre-bundled for the browser (docs/stack.md: dev reloads).
  optimizeDeps: { exclude: ["@electric-sql/pglite", "drizzle-orm", "pg"] },
  // Bundle antd and its helpers into the server build: tree-shaken ES modules import in a
  // fraction of the time Node needs for antd's whole CommonJS build (cold start, bench).
  ssr: { noExternal: [/^antd/, /^@ant-design\//, /^@rc-component\//, /^rc-/, /^@emotion\//, "stylis"] },
  // zod's builders are pure: a module that mixes constants with schemas (the contract's) no longer
  // pulls zod into every page that reads one of its constants (decision 063).
  build: { sourcemap: false, rolldownOptions: { treeshake: { manualPureFunctions: ["z"] } } },
});
