// What an operation log keeps of a request's parameters (issue #15 Deliver 3): every value whose
// name looks secret is masked, at any depth, and the text is capped so one huge body (an import,
// a rich-text notice) cannot bloat sys_log. Pure: unit-tested in tests/unit/monitor-logs.test.ts.

export const MASK = "******";

/** Parameter names whose values are never stored: passwords, tokens, captchas, secrets, keys. */
const SECRET_NAME = /pass(word)?|pwd|token|captcha|smscode|secret|checkkey|credential|signature|^sign$|apikey|api_key|private/i;

/** Longest request_param text kept. */
export const PARAM_TEXT_LIMIT = 2_000;
const MAX_DEPTH = 6;
const MAX_ITEMS = 50;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A copy of `value` with every secret-named field replaced by MASK. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => maskSecrets(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, MAX_ITEMS)) {
    copy[key] = isSecretName(key) && item !== null && item !== undefined && item !== "" ? MASK : maskSecrets(item, depth + 1);
  }
  return copy;
}

/**
 * The request_param text of a call: query and body merged (body wins), secrets masked, JSON,
 * cut at PARAM_TEXT_LIMIT characters. Null when there is nothing to keep.
 */
export function requestParamText(query: Record<string, unknown>, body: unknown): string | null {
  const merged: Record<string, unknown> = { ...query };
  if (body && typeof body === "object" && !Array.isArray(body)) Object.assign(merged, body);
  else if (Array.isArray(body)) merged.body = body;
  if (Object.keys(merged).length === 0) return null;
  const text = JSON.stringify(maskSecrets(merged));
  return text.length > PARAM_TEXT_LIMIT ? `${text.slice(0, PARAM_TEXT_LIMIT - 1)}…` : text;
}

/** A path segment that is a JWT (a token in a path variable, e.g. the third-party login). */
const JWT_SEGMENT = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]+$/;

/**
 * A URL's path and query as a trace shows it: secret-named query values and token-shaped path
 * segments masked, so a trace can be read by anyone allowed to see it.
 */
export function maskedUrl(originalUrl: string): string {
  const question = originalUrl.indexOf("?");
  const path = (question < 0 ? originalUrl : originalUrl.slice(0, question))
    .split("/")
    .map((segment) => (JWT_SEGMENT.test(segment) ? MASK : segment))
    .join("/");
  if (question < 0) return path;
  const params = new URLSearchParams(originalUrl.slice(question + 1));
  const shown: string[] = [];
  for (const [key, value] of params) shown.push(`${encodeURIComponent(key)}=${isSecretName(key) ? MASK : encodeURIComponent(value)}`);
  return shown.length > 0 ? `${path}?${shown.join("&")}` : path;
}
