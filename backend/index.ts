// The embedded JeecgBoot-compatible backend: open the database, migrate, seed a fresh one,
// build the services and the router. server.ts mounts the router at /jeecg-boot; main.ts runs
// it on its own.
import type { Router } from "express";
import { openDatabase, type Database, type DatabaseOptions } from "./db/client";
import { migrate } from "./db/migrate";
import { seedDatabase, ADMIN_USERNAME } from "./seed";
import { readBackendConfig, type BackendConfig } from "./config";
import { createServices, type BackendServices, type Logger } from "./services";
import { buildRouter } from "./http/router";
import { allEndpoints } from "./endpoints";

export const BACKEND_BASE_PATH = "/jeecg-boot";

export interface BackendOptions extends DatabaseOptions {
  adminPassword?: string;
  demoPassword?: string;
  config?: Partial<BackendConfig>;
  logger?: Logger;
}

export interface Backend {
  router: Router;
  services: BackendServices;
  db: Database;
  close(): Promise<void>;
}

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(message, error),
};

export async function createBackend(options: BackendOptions): Promise<Backend> {
  const logger = options.logger ?? consoleLogger;
  const db = await openDatabase(options);
  try {
    await migrate(db);
    const outcome = await seedDatabase(db, { adminPassword: options.adminPassword, demoPassword: options.demoPassword });
    if (outcome.generatedAdminPassword) {
      logger.info(
        `[backend] Created the account "${ADMIN_USERNAME}" with the generated password: ${outcome.generatedAdminPassword}\n` +
          "[backend] It is shown only this once. Sign in and change it, or set ADMIN_PASSWORD before the first start.",
      );
    }
    const config = { ...readBackendConfig(), ...options.config };
    const services = await createServices(db, config, logger);
    const router = buildRouter(allEndpoints, services);
    return { router, services, db, close: () => db.close() };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** Backend options from the environment (DATABASE_URL, DATA_DIR, ADMIN_PASSWORD, DEMO_PASSWORD). */
export function backendOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BackendOptions {
  return env.DATABASE_URL
    ? { databaseUrl: env.DATABASE_URL, adminPassword: env.ADMIN_PASSWORD || undefined, demoPassword: env.DEMO_PASSWORD || undefined }
    : {
        dataDir: env.DATA_DIR || "./data",
        adminPassword: env.ADMIN_PASSWORD || undefined,
        demoPassword: env.DEMO_PASSWORD || undefined,
      };
}
