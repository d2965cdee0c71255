// What a start of the product imports (docs/decisions/175): no module of the web app, the backend
// or the server imports, by a static value import, a library that only some pages or jobs need, nor
// the whole of @ant-design/icons (its CommonJS entry requires every icon into the server build).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LOADED_ON_FIRST_USE = ["exceljs", "@e965/xlsx", "nodemailer", "sanitize-html", "ioredis", "pg", "libpg-query", "@electric-sql/pglite", "drizzle-orm/pglite", "drizzle-orm/node-postgres"];

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(?:ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

/** The modules a file imports by a static import that is not `import type`. */
function staticValueImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+(?!type\s)[^;]*?\sfrom\s+"([^"]+)";?$/gms)) found.push(match[1]!);
  for (const match of text.matchAll(/^import\s+"([^"]+)";?$/gm)) found.push(match[1]!);
  return found;
}

const files = [...sourceFiles(path.join(ROOT, "app")), ...sourceFiles(path.join(ROOT, "backend")), ...sourceFiles(path.join(ROOT, "contract")), ...sourceFiles(path.join(ROOT, "server")), path.join(ROOT, "server.ts")];

describe("what a start imports", () => {
  it("imports the libraries some pages and jobs need only on first use", () => {
    const offenders = files.flatMap((file) =>
      staticValueImports(readFileSync(file, "utf8"))
        .filter((module) => LOADED_ON_FIRST_USE.includes(module))
        .map((module) => `${path.relative(ROOT, file)}: ${module}`),
    );
    expect(offenders).toEqual([]);
  });

  it("imports icons one by one, never @ant-design/icons' index", () => {
    const offenders = files.filter((file) => staticValueImports(readFileSync(file, "utf8")).includes("@ant-design/icons")).map((file) => path.relative(ROOT, file));
    expect(offenders).toEqual([]);
  });
});
