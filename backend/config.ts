// Backend settings, read once from the environment (README lists each variable).
import { DEFAULT_SIGNATURE_SECRET } from "#contract/sign";

export interface BackendConfig {
  /** X-Sign secret shared with the clients (contract §3). */
  signatureSecret: string;
  /** A session ends after this many minutes without a request. */
  sessionIdleMinutes: number;
  /** Absolute token lifetime: the JWT `exp`, matching the web session cookie (7 days). */
  tokenLifetimeSeconds: number;
  /** `sysSafeMode` of the permission answer (jeecg.safeMode). */
  safeMode: boolean;
}

export function readBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  return {
    signatureSecret: env.SIGNATURE_SECRET || DEFAULT_SIGNATURE_SECRET,
    sessionIdleMinutes: positiveNumber(env.SESSION_IDLE_MINUTES, 720),
    tokenLifetimeSeconds: 7 * 24 * 60 * 60,
    safeMode: env.SAFE_MODE === "true",
  };
}

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
