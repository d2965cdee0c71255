// The embedded JeecgBoot-compatible backend: open the database, migrate, seed a fresh one,
// build the services and the router. server.ts mounts the router at /jeecg-boot; main.ts runs
// it on its own.
import type { Router } from "express";
import { installSchoolClock } from "./clock";
import { openDatabase, type Database, type DatabaseOptions } from "./db/client";
import { migrate } from "./db/migrate";
import { seedDatabase, ADMIN_USERNAME } from "./seed";
import { readBackendConfig, type BackendConfig } from "./config";
import { createServices, type BackendServices, type Logger } from "./services";
import { buildRouter } from "./http/router";
import { allEndpoints } from "./endpoints";
import { startNoticeBus } from "./realtime";
import { startWebEvents } from "./realtime/web-events";
import { publishGatewayRoutes } from "./modules/system/gateway-route/gateway-route-endpoints";
import type { SchedulerOptions } from "./modules/monitor/quartz-job/scheduler";
import { requestMinutesOf } from "./modules/monitor/server/request-minutes";
import { checkKeys, encryptStoredValues, loadEncryptedEntities } from "./crud/encrypted";
import { installKeyring, parseKeyring } from "./security/personal-data";

export const BACKEND_BASE_PATH = "/jeecg-boot";

export interface BackendOptions extends DatabaseOptions {
  adminPassword?: string;
  demoPassword?: string;
  config?: Partial<BackendConfig>;
  logger?: Logger;
  /** REDIS_URL: notice fan-out across backend instances (docs/architecture.md "Scale-out"). */
  redisUrl?: string;
  /** Redis channel of the notices; `socketHandler` unless told (tests use their own). */
  noticeChannel?: string;
  /** REDIS_KEY_PREFIX: prefixes the web events' channel and the gateway routes' key (docs/decisions/062). */
  redisPrefix?: string;
  /** 定时任务: `false` leaves the scheduler stopped (its endpoints still answer); else its options. */
  scheduler?: false | Partial<SchedulerOptions>;
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
    // One clock (docs/decisions/133): every wire date-time of this process is in the school's zone.
    installSchoolClock(config.schoolTimeZone);
    // Personal data at rest (docs/decisions/119): the keys must be the database's, then whatever
    // is still in clear (a database from before, the seed) is encrypted.
    const keys = parseKeyring({ keys: config.personalDataKeys, hashKey: config.personalDataHashKey });
    await checkKeys(db, keys);
    installKeyring(keys);
    // The online forms' tables with 敏感 fields join the pass (their resources are built on use).
    await loadEncryptedEntities(db);
    await encryptStoredValues(db, { mode: "clear", ring: keys });
    // A database seeded just now has no planner statistics: until autovacuum's first pass (never,
    // where it is off) PostgreSQL plans with guesses, e.g. a page's data-rule grants walked every
    // permission of the role, 0.9 ms per call instead of 0.1 (docs/decisions/193). As after any bulk load.
    if (outcome.seeded) await db.exec("ANALYZE");
    const services = await createServices(db, config, logger, options.scheduler || {});
    const router = buildRouter(allEndpoints, services);
    const notices = await startNoticeBus(services, { redisUrl: options.redisUrl, channel: options.noticeChannel, logger });
    const webEvents = await startWebEvents(services, { redisUrl: options.redisUrl, prefix: options.redisPrefix });
    // Web servers without a database read the enabled gateway routes from Redis: keep them current.
    await publishGatewayRoutes(services, { announce: false });
    if (options.scheduler !== false) await services.scheduler.start();
    return {
      router,
      services,
      db,
      close: async () => {
        await services.scheduler.close();
        await notices.close();
        await webEvents.close();
        await services.logs.flush();
        await requestMinutesOf(services).flush();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
