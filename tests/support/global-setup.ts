// Provides the migrated and seeded PGlite template (tests/support/template.ts: built once, cached
// on disk); each test file starts from a copy of it instead of running initdb and the migrations
// again (docs/decisions/065).
import type { TestProject } from "vitest/node";
import { pgliteTemplateFile } from "./template";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  project.provide("pgliteTemplate", await pgliteTemplateFile({ adminPassword: TEST_ADMIN_PASSWORD, demoPassword: TEST_DEMO_PASSWORD }));
}
