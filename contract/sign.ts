// Request signature of the JeecgBoot client and server (docs/spec/api-contract.md §3).
import { createHash } from "node:crypto";

/** The public default secret, identical in the original front end and backend configuration. */
export const DEFAULT_SIGNATURE_SECRET = "dd05f1c54d63749eda95f9fa6d49v442a";

/** How far `X-TIMESTAMP` may be from the server's clock, in real time (not digit arithmetic). */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;

/**
 * The time zone of the `yyyyMMddHHmmss` form: GMT+8, fixed by the JeecgBoot signature protocol (its
 * clients compute it so whatever the school's zone is). Deliberately not the school's clock
 * (contract/clock.ts, docs/decisions/133): changing SCHOOL_TIMEZONE must not break signatures.
 */
const SIGN_ZONE_OFFSET_MS = 8 * 60 * 60 * 1000;

export type SignParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The object that is signed: the last path segment as `x-path-variable` when it holds a comma,
 * the query string written into the URL (values kept as written), then the parameters.
 * Parameters win over the URL's query; `_t` is never signed.
 */
export function signaturePayload(url: string, params: SignParams = {}): Record<string, string> {
  const collected: Record<string, string> = {};
  const [pathPart, queryPart] = splitUrl(url);
  const lastSegment = pathPart.slice(pathPart.lastIndexOf("/") + 1);
  if (lastSegment.includes(",")) collected["x-path-variable"] = safeDecode(lastSegment);
  if (queryPart) {
    for (const pair of queryPart.split("&")) {
      if (!pair) continue;
      const equals = pair.indexOf("=");
      const key = equals < 0 ? pair : pair.slice(0, equals);
      collected[key] = equals < 0 ? "" : pair.slice(equals + 1);
    }
  }
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    collected[key] = String(value);
  }
  delete collected._t;
  const sorted: Record<string, string> = {};
  for (const key of Object.keys(collected).sort()) sorted[key] = collected[key]!;
  return sorted;
}

/** `X-Sign`: upper-case MD5 of the sorted JSON followed by the secret. */
export function computeSign(url: string, params: SignParams = {}, secret = DEFAULT_SIGNATURE_SECRET): string {
  const text = JSON.stringify(signaturePayload(url, params)) + secret;
  return createHash("md5").update(text, "utf8").digest("hex").toUpperCase();
}

/** `X-TIMESTAMP` as the Vue 2 client sends it: `yyyyMMddHHmmss`, here in GMT+8. */
export function formatSignTimestamp(at: Date = new Date()): string {
  const shifted = new Date(at.getTime() + SIGN_ZONE_OFFSET_MS);
  const pad = (value: number) => String(value).padStart(2, "0");
  return (
    String(shifted.getUTCFullYear()) +
    pad(shifted.getUTCMonth() + 1) +
    pad(shifted.getUTCDate()) +
    pad(shifted.getUTCHours()) +
    pad(shifted.getUTCMinutes()) +
    pad(shifted.getUTCSeconds())
  );
}

/** Reads `X-TIMESTAMP` in either form: 14 digits (GMT+8) or epoch milliseconds ([3.x+]). */
export function parseSignTimestamp(value: string): number | null {
  if (/^\d{14}$/.test(value)) {
    const year = Number(value.slice(0, 4));
    const month = Number(value.slice(4, 6));
    const day = Number(value.slice(6, 8));
    const hour = Number(value.slice(8, 10));
    const minute = Number(value.slice(10, 12));
    const second = Number(value.slice(12, 14));
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
    return Date.UTC(year, month - 1, day, hour, minute, second) - SIGN_ZONE_OFFSET_MS;
  }
  if (/^\d{10,13}$/.test(value)) return Number(value);
  return null;
}

function splitUrl(url: string): [string, string] {
  const question = url.indexOf("?");
  return question < 0 ? [url, ""] : [url.slice(0, question), url.slice(question + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The parameters that a call signs: its query, then (for non-GET) the JSON body's scalar fields.
 * Client and server both use this, so nested objects are never part of the signature.
 */
export function signableParams(query: SignParams, body?: unknown): SignParams {
  const params: SignParams = { ...query };
  if (body && typeof body === "object" && !Array.isArray(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (value === null || value === undefined || typeof value === "object") continue;
      params[key] = value as string | number | boolean;
    }
  }
  return params;
}
