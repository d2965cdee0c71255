// The backend's services, built once at start and handed to every endpoint.
import type { Database } from "./db/client";
import type { BackendConfig } from "./config";
import { SessionService } from "./modules/auth/session-service";
import { PermissionService } from "./modules/permission/permission-service";
import { DictionaryService } from "./modules/dict/dictionary-service";
import { LogService } from "./modules/log-service";

export interface Logger {
  info(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface BackendServices {
  db: Database;
  config: BackendConfig;
  logger: Logger;
  sessions: SessionService;
  permissions: PermissionService;
  dictionaries: DictionaryService;
  logs: LogService;
}

export async function createServices(db: Database, config: BackendConfig, logger: Logger): Promise<BackendServices> {
  return {
    db,
    config,
    logger,
    sessions: await SessionService.open(db, config),
    permissions: new PermissionService(db),
    dictionaries: new DictionaryService(db),
    logs: new LogService(db),
  };
}
