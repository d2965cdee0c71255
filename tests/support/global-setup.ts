// Provides the migrated and seeded templates: the PGlite one (tests/support/template.ts: built once,
// cached on disk), from which each test file starts a copy instead of running initdb and the
// migrations again (docs/decisions/065), and, when the local PostgreSQL server answers, its twin
// database there (tests/support/postgres-template.ts, docs/decisions/103), which a test that asks
// for PostgreSQL copies with CREATE DATABASE ... TEMPLATE. Both are keyed by the same hash.
import type { TestProject } from "vitest/node";
import { pgliteTemplateFile, templateKey } from "./template";
import { postgresTemplateDatabase } from "./postgres-template";
import { postgresReachable } from "./postgres";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The PostgreSQL template database's name; null when the server did not answer. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const passwords = { adminPassword: TEST_ADMIN_PASSWORD, demoPassword: TEST_DEMO_PASSWORD };
  const key = await templateKey(passwords);
  const [pglite, postgres] = await Promise.all([
    pgliteTemplateFile(passwords, key),
    postgresReachable().then((reachable) => (reachable ? postgresTemplateDatabase(key, passwords) : null)),
  ]);
  project.provide("pgliteTemplate", pglite);
  project.provide("postgresTemplate", postgres);
}
