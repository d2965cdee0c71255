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
import { startNoticeBus } from "./realtime";

export const BACKEND_BASE_PATH = "/jeecg-boot";

export interface BackendOptions extends DatabaseOptions {
  adminPassword?: string;
  demoPassword?: string;
  config?: Partial<BackendConfig>;
  logger?: Logger;
  /** REDIS_URL: notice fan-out across backend instances (ARCHITECTURE.md "Scale-out"). */
  redisUrl?: string;
  /** Redis channel of the notices; `socketHandler` unless told (tests use their own). */
  noticeChannel?: string;
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
    const notices = await startNoticeBus(services, { redisUrl: options.redisUrl, channel: options.noticeChannel, logger });
    return {
      router,
      services,
      db,
      close: async () => {
        await notices.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** Backend options from the environment (DATABASE_URL, DATA_DIR, ADMIN_PASSWORD, DEMO_PASSWORD). */
export function backendOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BackendOptions {
  const common = {
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
  };
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, ...common } : { dataDir: env.DATA_DIR || "./data", ...common };
}
