// Third-party sign-in through an OpenID Connect / OAuth2 provider (docs/decisions/051): the
// redirect (state, nonce, PKCE S256), the callback (one use of the state, code exchange, ID token
// verified with jose against the provider's JWKS, nonce checked), and the one-time tickets it hands
// the web server for a sign-in or for binding the identity to an account.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import { ThirdLoginMessages } from "#contract/third-login";
import type { Database } from "../../../db/client";
import { databaseError } from "../../../db/errors";
import { newId } from "../../../db/ids";
import { sysThirdAccount, sysThirdLoginRequest, sysThirdLoginTicket } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import type { ProviderConfig, ProviderDirectory } from "./providers";

const REQUEST_TTL_MS = 10 * 60_000;
const TICKET_TTL_MS = 5 * 60_000;

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const randomToken = () => randomBytes(32).toString("base64url");

export interface ThirdIdentity {
  thirdType: string;
  subject: string;
  realname: string | null;
  avatar: string | null;
}

export type CallbackOutcome =
  | { kind: "login"; ticket: string; identity: ThirdIdentity }
  | { kind: "bind"; ticket: string; identity: ThirdIdentity }
  | { kind: "bound"; identity: ThirdIdentity };

const tokenAnswerSchema = z.object({ id_token: z.string().optional(), access_token: z.string().optional() }).passthrough();
const claimsSchema = z.record(z.string(), z.unknown());

export class ThirdLoginService {
  private readonly jwks = new Map<string, JWTVerifyGetKey>();

  constructor(
    private readonly db: Database,
    readonly directory: ProviderDirectory,
  ) {}

  private provider(type: string): ProviderConfig {
    const provider = this.directory.find(type);
    if (!provider) throw new ApiError(ThirdLoginMessages.providerUnknown);
    return provider;
  }

  /** The provider's authorization URL for a new sign-in (or a bind by `bindUserId`). */
  async authorizationUrl(type: string, redirectUri: string, bindUserId: string | null): Promise<string> {
    const provider = this.provider(type);
    const endpoints = await this.directory.endpoints(provider).catch(() => {
      throw new ApiError(ThirdLoginMessages.providerFailed);
    });
    const state = randomToken();
    const nonce = randomToken();
    const verifier = randomToken();
    const now = Date.now();
    await this.db.orm.delete(sysThirdLoginRequest).where(lt(sysThirdLoginRequest.expiresAt, new Date(now)));
    await this.db.orm.insert(sysThirdLoginRequest).values({
      stateHash: sha256(state),
      thirdType: type,
      nonce,
      codeVerifier: verifier,
      redirectUri,
      bindUserId,
      expiresAt: new Date(now + REQUEST_TTL_MS),
    });
    const url = new URL(endpoints.authorizationUrl);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", provider.clientId);
    url.searchParams.set("redirect_uri", redirectUri);
    url.searchParams.set("scope", provider.scopes);
    url.searchParams.set("state", state);
    url.searchParams.set("nonce", nonce);
    url.searchParams.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
    url.searchParams.set("code_challenge_method", "S256");
    return url.toString();
  }

  /** The provider came back with `code` and `state`: the state is spent whatever happens next. */
  async callback(type: string, code: string, state: string): Promise<CallbackOutcome> {
    const provider = this.provider(type);
    const [request] = state
      ? await this.db.orm.delete(sysThirdLoginRequest).where(eq(sysThirdLoginRequest.stateHash, sha256(state))).returning()
      : [];
    if (!request || request.thirdType !== type || request.expiresAt.getTime() <= Date.now() || !code)
      throw new ApiError(ThirdLoginMessages.stateInvalid);
    const claims = await this.exchange(provider, code, request.redirectUri, request.codeVerifier, request.nonce);
    const subject = claims[provider.subjectClaim];
    if (typeof subject !== "string" && typeof subject !== "number") throw new ApiError(ThirdLoginMessages.providerFailed);
    const text = (value: unknown) => (typeof value === "string" && value ? value : null);
    const identity: ThirdIdentity = {
      thirdType: type,
      subject: String(subject),
      realname: text(claims.name) ?? text(claims.nickname) ?? text(claims.preferred_username),
      avatar: text(claims.picture) ?? text(claims.avatar),
    };
    if (request.bindUserId) {
      await this.bind(identity, request.bindUserId, request.bindUserId);
      return { kind: "bound", identity };
    }
    const [account] = await this.db.orm
      .select({ userId: sysThirdAccount.sysUserId })
      .from(sysThirdAccount)
      .where(and(eq(sysThirdAccount.thirdType, type), eq(sysThirdAccount.thirdUserUuid, identity.subject)));
    const ticket = await this.issueTicket(account ? "login" : "bind", identity, account?.userId ?? null);
    return { kind: account ? "login" : "bind", ticket, identity };
  }

  private async exchange(provider: ProviderConfig, code: string, redirectUri: string, verifier: string, nonce: string): Promise<Record<string, unknown>> {
    const endpoints = await this.directory.endpoints(provider);
    const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: verifier });
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
    if (provider.tokenAuthMethod === "client_secret_post" || !provider.clientSecret) {
      form.set("client_id", provider.clientId);
      if (provider.clientSecret) form.set("client_secret", provider.clientSecret);
    } else {
      const basic = `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString("base64")}`;
    }
    const response = await fetch(endpoints.tokenUrl, { method: "POST", headers, body: form, signal: AbortSignal.timeout(15_000) }).catch(() => null);
    if (!response?.ok) throw new ApiError(ThirdLoginMessages.providerFailed);
    const answer = tokenAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success) throw new ApiError(ThirdLoginMessages.providerFailed);
    let claims: Record<string, unknown> = {};
    if (answer.data.id_token) {
      if (!endpoints.jwksUrl) throw new ApiError(ThirdLoginMessages.providerFailed);
      const verified = await jwtVerify(answer.data.id_token, this.keySet(endpoints.jwksUrl), {
        audience: provider.clientId,
        ...(endpoints.issuer ? { issuer: endpoints.issuer } : {}),
      }).catch(() => null);
      if (!verified) throw new ApiError(ThirdLoginMessages.providerFailed);
      // The ID token must answer this very redirect (replayed or injected tokens carry another nonce).
      if (verified.payload.nonce !== nonce) throw new ApiError(ThirdLoginMessages.stateInvalid);
      claims = { ...verified.payload };
    }
    if (endpoints.userinfoUrl && answer.data.access_token) {
      const info = await fetch(endpoints.userinfoUrl, {
        headers: { authorization: `Bearer ${answer.data.access_token}`, accept: "application/json" },
        signal: AbortSignal.timeout(15_000),
      }).catch(() => null);
      const parsed = info?.ok ? claimsSchema.safeParse(await info.json().catch(() => null)) : null;
      // The userinfo's subject must be the ID token's (OpenID Connect Core 5.3.2).
      if (parsed?.success && (claims.sub === undefined || parsed.data.sub === claims.sub)) claims = { ...parsed.data, ...claims };
    } else if (!answer.data.id_token) throw new ApiError(ThirdLoginMessages.providerFailed);
    return claims;
  }

  private keySet(url: string): JWTVerifyGetKey {
    let keys = this.jwks.get(url);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(url));
      this.jwks.set(url, keys);
    }
    return keys;
  }

  private async issueTicket(kind: "login" | "bind", identity: ThirdIdentity, userId: string | null): Promise<string> {
    const ticket = randomToken();
    const now = Date.now();
    await this.db.orm.delete(sysThirdLoginTicket).where(lt(sysThirdLoginTicket.expiresAt, new Date(now)));
    await this.db.orm.insert(sysThirdLoginTicket).values({
      ticketHash: sha256(ticket),
      kind,
      thirdType: identity.thirdType,
      thirdUserUuid: identity.subject,
      realname: identity.realname,
      avatar: identity.avatar,
      userId,
      expiresAt: new Date(now + TICKET_TTL_MS),
    });
    return ticket;
  }

  /** A live ticket of that kind and type, left in place (a bind ticket survives a wrong password). */
  async peekTicket(ticket: string, kind: "login" | "bind", type: string) {
    if (!ticket) return null;
    const [row] = await this.db.orm.select().from(sysThirdLoginTicket).where(eq(sysThirdLoginTicket.ticketHash, sha256(ticket)));
    if (!row || row.kind !== kind || row.thirdType !== type || row.expiresAt.getTime() <= Date.now()) return null;
    return row;
  }

  /** Spends a ticket: true for the one caller that did. */
  async spendTicket(ticket: string): Promise<boolean> {
    const spent = await this.db.orm.delete(sysThirdLoginTicket).where(eq(sysThirdLoginTicket.ticketHash, sha256(ticket))).returning({ hash: sysThirdLoginTicket.ticketHash });
    return spent.length === 1;
  }

  /**
   * Binds an identity to an account. The unique indexes decide between concurrent binds: an
   * identity already bound (to anyone) or an account that has one of that type is refused.
   */
  async bind(identity: ThirdIdentity, userId: string, by: string): Promise<void> {
    try {
      await this.db.orm.insert(sysThirdAccount).values({
        id: newId(),
        sysUserId: userId,
        thirdType: identity.thirdType,
        thirdUserUuid: identity.subject,
        realname: identity.realname,
        avatar: identity.avatar,
        createBy: by,
      });
    } catch (error) {
      if (databaseError(error)?.code !== "23505") throw error;
      const [owner] = await this.db.orm
        .select({ userId: sysThirdAccount.sysUserId })
        .from(sysThirdAccount)
        .where(and(eq(sysThirdAccount.thirdType, identity.thirdType), eq(sysThirdAccount.thirdUserUuid, identity.subject)));
      throw new ApiError(owner ? ThirdLoginMessages.identityTaken : ThirdLoginMessages.typeAlreadyBound);
    }
  }

  async bindings(userId: string) {
    const rows = await this.db.orm.select().from(sysThirdAccount).where(eq(sysThirdAccount.sysUserId, userId));
    return this.directory.providers.map((provider) => {
      const row = rows.find((candidate) => candidate.thirdType === provider.type);
      return { type: provider.type, name: provider.name, bound: Boolean(row), realname: row?.realname ?? null, bindTime: row?.createTime ?? null };
    });
  }

  async unbind(userId: string, type: string): Promise<boolean> {
    const removed = await this.db.orm
      .delete(sysThirdAccount)
      .where(and(eq(sysThirdAccount.sysUserId, userId), eq(sysThirdAccount.thirdType, type)))
      .returning({ id: sysThirdAccount.id });
    return removed.length > 0;
  }
}
