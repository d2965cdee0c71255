// Access tokens: HS256 JWTs with the contract's payload `{exp, username}` (api-contract.md §2),
// signed with an installation secret and backed by a sys_session row (./session-store.ts).
import { createHash } from "node:crypto";
import { SignJWT, jwtVerify, decodeJwt } from "jose";

export interface TokenKeys {
  secret: Uint8Array;
}

export async function signToken(keys: TokenKeys, username: string, lifetimeSeconds: number): Promise<string> {
  return new SignJWT({ username })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .setJti(createHash("sha256").update(crypto.getRandomValues(new Uint8Array(16))).digest("hex").slice(0, 24))
    .sign(keys.secret);
}

export type TokenCheck = { ok: true; username: string } | { ok: false; reason: "expired" | "invalid" };

/** The secret imported once as an HMAC key: jose would import the raw bytes again on every check. */
const verifyKeys = new WeakMap<TokenKeys, Promise<CryptoKey>>();

function verifyKey(keys: TokenKeys): Promise<CryptoKey> {
  let key = verifyKeys.get(keys);
  if (!key) {
    key = crypto.subtle.importKey("raw", new Uint8Array(keys.secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyKeys.set(keys, key);
  }
  return key;
}

/**
 * Tokens whose signature was verified, per key: every call of a session carries the same token, and
 * its HMAC (a WebCrypto job) cost each call more than the session query's own CPU. Only the
 * signature is remembered: the expiry is checked again on every call, and the session row still is
 * (logout, forced logout, idle time). Bounded; the oldest entry goes first.
 */
const VERIFIED_TOKENS_LIMIT = 1_000;
const verifiedTokens = new WeakMap<TokenKeys, Map<string, { username: string; exp: number | undefined }>>();

export async function verifyToken(keys: TokenKeys, token: string): Promise<TokenCheck> {
  let verified = verifiedTokens.get(keys);
  if (!verified) verifiedTokens.set(keys, (verified = new Map()));
  const known = verified.get(token);
  if (known) {
    // jose's rule: expired once `exp` is not after the current second.
    if (known.exp !== undefined && known.exp <= Math.floor(Date.now() / 1000)) return { ok: false, reason: "expired" };
    return { ok: true, username: known.username };
  }
  try {
    const { payload } = await jwtVerify(token, await verifyKey(keys), { algorithms: ["HS256"] });
    if (typeof payload.username !== "string") return { ok: false, reason: "invalid" };
    if (verified.size >= VERIFIED_TOKENS_LIMIT) verified.delete(verified.keys().next().value!);
    verified.set(token, { username: payload.username, exp: payload.exp });
    return { ok: true, username: payload.username };
  } catch (error) {
    const code = (error as { code?: string }).code;
    return { ok: false, reason: code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
  }
}

/** The username inside a token, without verifying it (for logging only). */
export function peekUsername(token: string): string | null {
  try {
    const payload = decodeJwt(token);
    return typeof payload.username === "string" ? payload.username : null;
  } catch {
    return null;
  }
}

/** Sessions are stored by a hash of the token, never the token itself. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
