// The backend's services, built once at start and handed to every endpoint.
import type { Database } from "./db/client";
import type { BackendConfig } from "./config";
import { SessionService } from "./modules/system/auth/session-service";
import { PermissionService } from "./modules/system/permission/permission-service";
import { DictionaryService } from "./modules/system/dict/dictionary-service";
import { LogService } from "./log-service";
import { DEFAULT_SCHEDULER_OPTIONS, JobScheduler, defaultInstanceId, type SchedulerOptions } from "./modules/monitor/quartz-job/scheduler";
import { RequestTrace } from "./modules/monitor/server/request-trace";
import { SignInGuard } from "./modules/system/auth/sign-in-guard";
import { CaptchaRateLimit } from "./modules/system/auth/captcha-rate-limit";
import { ThirdLoginService } from "./modules/system/third-login/third-login-service";
import { ProviderDirectory } from "./modules/system/third-login/providers";
import { AddressRuleService } from "./security/address-rules";

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
  /** 定时任务: started by createBackend, stopped by its close(). */
  scheduler: JobScheduler;
  /** The recent requests of this instance (性能监控). */
  requests: RequestTrace;
  signInGuard: SignInGuard;
  /** Captcha pictures per client address (in memory, per backend process). */
  captchaRateLimit: CaptchaRateLimit;
  /** Third-party sign-in (THIRD_LOGIN_PROVIDERS). */
  thirdLogin: ThirdLoginService;
  /** 访问控制: the address rules every request is checked against (docs/decisions/134). */
  addressRules: AddressRuleService;
}

export async function createServices(
  db: Database,
  config: BackendConfig,
  logger: Logger,
  scheduler: Partial<SchedulerOptions> = {},
): Promise<BackendServices> {
  return {
    db,
    config,
    logger,
    sessions: await SessionService.open(db, config),
    permissions: new PermissionService(db),
    dictionaries: new DictionaryService(db),
    logs: new LogService(db, (error) => logger.error("[backend] writing sys_log failed", error)),
    scheduler: new JobScheduler(db, config, logger, {
      ...DEFAULT_SCHEDULER_OPTIONS,
      timezone: config.schoolTimeZone,
      instanceId: defaultInstanceId(),
      ...scheduler,
    }),
    requests: new RequestTrace(),
    signInGuard: new SignInGuard(db, config.signInAddressBudget),
    captchaRateLimit: new CaptchaRateLimit(config.captchaImagesPerMinute),
    thirdLogin: new ThirdLoginService(db, new ProviderDirectory(config.thirdLoginProviders ?? [])),
    addressRules: new AddressRuleService(db),
  };
}
