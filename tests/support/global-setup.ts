// Builds one migrated and seeded PGlite database once per run; each test file starts from a copy
// of it instead of running initdb and the migrations again (docs/stack.md).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase, dumpPglite } from "../../backend/db/client";
import { migrate } from "../../backend/db/migrate";
import { seedDatabase } from "../../backend/seed";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = path.resolve("node_modules/.cache/school-tests");
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `template-${process.pid}.tar`);
  const db = await openDatabase({});
  await migrate(db);
  await seedDatabase(db, { adminPassword: TEST_ADMIN_PASSWORD, demoPassword: TEST_DEMO_PASSWORD });
  const dump = await dumpPglite(db);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide("pgliteTemplate", file);
}
