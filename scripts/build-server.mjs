// Bundles server.ts (and the embedded backend) into build/server.js after `react-router build`,
// which wipes build/ (docs/stack.md). Packages stay external; migrations are copied beside the bundle.
import { build } from "esbuild";
import { cpSync } from "node:fs";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  define: { __PRODUCTION_BUNDLE__: "true" },
  alias: { "#contract": "./contract" },
  logLevel: "warning",
});
await build({
  entryPoints: ["backend/main.ts"],
  outfile: "build/backend.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  alias: { "#contract": "./contract" },
  logLevel: "warning",
});
cpSync("backend/db/migrations", "build/migrations", { recursive: true });
console.log("[build] build/server.js, build/backend.js, build/migrations");
