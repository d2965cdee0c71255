// The web tier's one config module: every setting the web server and the app read from the
// environment is read here, once, when server.ts starts (docs/decisions/183). The result travels
// in the router context (app/services/app-context.server.ts); nothing else reads process.env.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { DEFAULT_SIGNATURE_SECRET } from "#contract/sign";
import { DEFAULT_SCHOOL_TIME_ZONE } from "#contract/clock";

export type Environment = NodeJS.ProcessEnv;

export interface WebConfig {
  /** The backend's base URL (with /jeecg-boot, no trailing slash): BACKEND_URL or the embedded one. */
  backendUrl: string;
  /** The `X-Sign` secret (SIGNATURE_SECRET), the backend's `jeecg.signatureSecret`. */
  signatureSecret: string;
  /** SCHOOL_TIMEZONE: the school's clock (docs/decisions/133), handed to the browser by the root loader. */
  schoolTimeZone: string;
  /** HTTP timeout of backend calls (BACKEND_TIMEOUT_MS; docs/spec/app-shell.md §9: 300000 ms). */
  backendTimeoutMs: number;
  /** Signs the session and third-login cookies (SESSION_SECRET, else generated into DATA_DIR). */
  sessionSecret: string;
  /** CAS_URL without a trailing slash: the login page sends browsers to CAS (README "CAS single sign-on"). */
  casUrl: string | null;
  /** LOG_LEVEL=debug: one line per answer a browser left before it was written (issue #30). */
  debugLogging: boolean;
}

/** The web server's own settings (server.ts). */
export interface ServerSettings {
  port: number;
  host: string;
  trustProxy: string;
  /** BACKEND_URL: a real JeecgBoot server; unset, server.ts starts the embedded backend. */
  externalBackendUrl: string | null;
  redisUrl: string | null;
  redisKeyPrefix: string;
  /** The whole environment, for the backend's and the admission's own option readers. */
  env: Environment;
}

export function readServerSettings(env: Environment = process.env): ServerSettings {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    trustProxy: env.TRUST_PROXY ?? "loopback",
    externalBackendUrl: env.BACKEND_URL || null,
    redisUrl: env.REDIS_URL || null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || "",
    env,
  };
}

/** The app's settings; `backendUrl` is the embedded backend's address when BACKEND_URL is unset. */
export function readWebConfig(env: Environment = process.env, backendUrl = env.BACKEND_URL): WebConfig {
  if (!backendUrl) throw new Error("BACKEND_URL is not set: server.ts gives the embedded backend's address when it starts one");
  const timeout = Number(env.BACKEND_TIMEOUT_MS);
  return {
    backendUrl: backendUrl.replace(/\/+$/, ""),
    signatureSecret: env.SIGNATURE_SECRET || DEFAULT_SIGNATURE_SECRET,
    schoolTimeZone: env.SCHOOL_TIMEZONE || DEFAULT_SCHOOL_TIME_ZONE,
    backendTimeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : 300_000,
    sessionSecret: env.SESSION_SECRET || keptSessionSecret(env.DATA_DIR || "./data"),
    casUrl: env.CAS_URL?.replace(/\/$/, "") || null,
    debugLogging: env.LOG_LEVEL?.toLowerCase() === "debug",
  };
}

/**
 * The cookie signing secret when SESSION_SECRET is unset: generated once and kept in the data
 * folder. Several web servers behind one nginx must share SESSION_SECRET.
 */
function keptSessionSecret(folder: string): string {
  const file = path.join(folder, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(folder, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
