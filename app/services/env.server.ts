// Web app settings, read lazily so that server.ts can point BACKEND_URL at the embedded backend
// before the first request.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { DEFAULT_SIGNATURE_SECRET } from "#contract/sign";
import { DEFAULT_SCHOOL_TIME_ZONE } from "#contract/clock";

export function backendUrl(): string {
  const url = process.env.BACKEND_URL;
  if (!url) throw new Error("BACKEND_URL is not set: server.ts sets it to the embedded backend when it starts one");
  return url.replace(/\/+$/, "");
}

export function signatureSecret(): string {
  return process.env.SIGNATURE_SECRET || DEFAULT_SIGNATURE_SECRET;
}

/** SCHOOL_TIMEZONE: the school's clock (docs/decisions/133), handed to the browser by the root loader. */
export function schoolTimeZone(): string {
  return process.env.SCHOOL_TIMEZONE || DEFAULT_SCHOOL_TIME_ZONE;
}

/** HTTP timeout of backend calls (docs/spec/app-shell.md §9: 300000 ms). */
export function backendTimeoutMs(): number {
  const value = Number(process.env.BACKEND_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 300_000;
}

let cachedSecret: string | null = null;

/**
 * The cookie signing secret: SESSION_SECRET, or one generated once and kept in the data folder.
 * Several web servers behind one nginx must share SESSION_SECRET.
 */
export function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (cachedSecret) return cachedSecret;
  const folder = process.env.DATA_DIR || "./data";
  const file = path.join(folder, "session-secret");
  if (existsSync(file)) cachedSecret = readFileSync(file, "utf8").trim();
  else {
    mkdirSync(folder, { recursive: true });
    cachedSecret = randomBytes(32).toString("base64url");
    writeFileSync(file, cachedSecret, { mode: 0o600 });
  }
  return cachedSecret;
}
