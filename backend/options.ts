// The backend's options read from the environment, apart from backend/index.ts so that the
// operator's commands (admin:reset-password, personal-data:rotate) need not load the whole backend.
import type { BackendOptions } from "./index";

/** Backend options from the environment (DATABASE_URL, DATA_DIR, ADMIN_PASSWORD, DEMO_PASSWORD). */
export function backendOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BackendOptions {
  const common = {
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoPassword: env.DEMO_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_KEY_PREFIX || undefined,
    ...(env.REDIS_KEY_PREFIX ? { noticeChannel: `${env.REDIS_KEY_PREFIX}socketHandler` } : {}),
    // JOB_POLL_MS: how soon this instance sees job changes made on another (定时任务).
    ...(Number(env.JOB_POLL_MS) > 0 ? { scheduler: { pollMs: Number(env.JOB_POLL_MS) } } : {}),
  };
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, ...common } : { dataDir: env.DATA_DIR || "./data", ...common };
}
