// The one backend client of the web app (docs/architecture.md): token, tenant and signature headers on
// every call, `_t` on GETs, the envelope parsed with zod, failures mapped to the §8 catalogue.
import type { z } from "zod";
import { resultEnvelopeSchema, type ResultEnvelope } from "#contract/envelope";
import { computeSign, formatSignTimestamp, signableParams, type SignParams } from "#contract/sign";
import { appOf, type AppContext, type RouteContext } from "./app-context.server";
import { describeBusinessFailure, describeHttpFailure, timeoutFailure, type Failure } from "./api-errors";

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface Credentials {
  token?: string | null;
  tenantId?: number | null;
  /** The browser behind the call, so the backend's logs show its address and browser. */
  client?: ClientDetails;
}

export interface ClientDetails {
  address?: string | null;
  userAgent?: string | null;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * X-Forwarded-For and User-Agent of the browser (the backend trusts X-Forwarded-For from loopback
 * only). A backend on this machine is asked not to compress: server.ts no longer recognises these
 * calls as its own once they carry X-Forwarded-For, and gzip over loopback only burns CPU.
 */
function setClientHeaders(headers: Headers, client: ClientDetails | undefined, backendUrl: string): void {
  if (client?.address) headers.set("X-Forwarded-For", client.address);
  if (client?.userAgent) headers.set("User-Agent", client.userAgent);
  if (client && LOOPBACK_HOSTS.has(new URL(backendUrl).hostname)) headers.set("Accept-Encoding", "identity");
}

/** Thrown for every failed call; `failure` says what the user sees (docs/spec/app-shell.md §8). */
export class BackendError extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
    this.name = "BackendError";
  }
}

/** The envelope of a successful call with its `result` parsed. */
export interface Answer<T> extends Omit<ResultEnvelope, "result"> {
  result: T;
}

/** The client of a loader's or action's backend calls with these credentials. */
export function backendClient(context: RouteContext, credentials: Credentials = {}): BackendClient {
  return new BackendClient(appOf(context), credentials);
}

export class BackendClient {
  /** `app`: the router context's backend transport and settings (app/services/app-context.server.ts). */
  constructor(
    readonly app: Pick<AppContext, "backend" | "config">,
    private readonly credentials: Credentials = {},
  ) {}

  /** Sends a call and returns the raw response (files, bare arrays); errors are still mapped. */
  async send(method: Method, path: string, options: { query?: Query; body?: unknown } = {}): Promise<Response> {
    const query = cleanQuery(options.query ?? {});
    const headers = new Headers({
      Accept: "application/json",
      "tenant-id": String(this.credentials.tenantId ?? 0),
      "X-TIMESTAMP": formatSignTimestamp(),
      "X-Sign": computeSign(path, signableParams(query, method === "GET" ? undefined : options.body), this.app.config.signatureSecret),
    });
    if (this.credentials.token) headers.set("X-Access-Token", this.credentials.token);
    setClientHeaders(headers, this.credentials.client, this.app.config.backendUrl);
    // The cache buster is added after signing, and never on dictionary item lookups (§7).
    if (method === "GET" && !path.startsWith("/sys/dict/getDictItems/")) query._t = String(Math.floor(Date.now() / 1000));
    let body: string | undefined;
    if (options.body !== undefined && method !== "GET") {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.body);
    }
    const search = new URLSearchParams(query as Record<string, string>).toString();
    const url = `${this.app.config.backendUrl}${path}${search ? `?${search}` : ""}`;
    let response: Response;
    try {
      response = await this.app.backend.fetch(url, { method, headers, body, signal: AbortSignal.timeout(this.app.config.backendTimeoutMs) });
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw new BackendError(timeoutFailure());
      throw new BackendError({ kind: "server", message: `后端服务不可用: ${(error as Error).message}`, status: 502 });
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new BackendError(describeHttpFailure(response.status, messageOf(text)));
    }
    return response;
  }

  /**
   * A call whose body goes through as bytes (a multipart upload forwarded as it arrived) and whose
   * answer comes back unread (a file streamed on to the browser). Same headers as `send`; the
   * timeout covers only the wait for the answer's headers, so a long download is not cut off.
   */
  async sendRaw(
    method: Method,
    path: string,
    options: { query?: Query; body?: ReadableStream<Uint8Array> | Uint8Array | Blob | null; contentType?: string } = {},
  ): Promise<Response> {
    const query = cleanQuery(options.query ?? {});
    const headers = new Headers({
      "tenant-id": String(this.credentials.tenantId ?? 0),
      "X-TIMESTAMP": formatSignTimestamp(),
      "X-Sign": computeSign(path, signableParams(query, undefined), this.app.config.signatureSecret),
    });
    if (this.credentials.token) headers.set("X-Access-Token", this.credentials.token);
    setClientHeaders(headers, this.credentials.client, this.app.config.backendUrl);
    if (options.contentType) headers.set("Content-Type", options.contentType);
    if (method === "GET") query._t = String(Math.floor(Date.now() / 1000));
    const search = new URLSearchParams(query).toString();
    const url = `${this.app.config.backendUrl}${path}${search ? `?${search}` : ""}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), this.app.config.backendTimeoutMs);
    let response: Response;
    try {
      // `duplex: "half"` is how fetch takes a streamed request body (not in the DOM typings yet).
      const init = { method, headers, body: options.body ?? undefined, signal: controller.signal, duplex: "half" };
      response = await fetch(url, init as RequestInit);
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw new BackendError(timeoutFailure());
      throw new BackendError({ kind: "server", message: `后端服务不可用: ${(error as Error).message}`, status: 502 });
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      throw new BackendError(describeHttpFailure(response.status, messageOf(text)));
    }
    return response;
  }

  /** A call answered with the envelope; `schema` validates `result`. success:false throws. */
  async call<T>(method: Method, path: string, schema: z.ZodType<T>, options: { query?: Query; body?: unknown } = {}): Promise<Answer<T>> {
    const response = await this.send(method, path, options);
    const envelope = resultEnvelopeSchema.parse(await response.json());
    if (!envelope.success) throw new BackendError(describeBusinessFailure(envelope.code, envelope.message));
    const parsed = schema.safeParse(envelope.result);
    if (!parsed.success)
      throw new Error(`backend answered ${method} ${path} with an unexpected result: ${parsed.error.message}`);
    return { ...envelope, result: parsed.data };
  }

  get<T>(path: string, schema: z.ZodType<T>, query?: Query) {
    return this.call("GET", path, schema, { query });
  }
  post<T>(path: string, schema: z.ZodType<T>, body?: unknown, query?: Query) {
    return this.call("POST", path, schema, { body, query });
  }
  put<T>(path: string, schema: z.ZodType<T>, body?: unknown, query?: Query) {
    return this.call("PUT", path, schema, { body, query });
  }
  delete<T>(path: string, schema: z.ZodType<T>, query?: Query) {
    return this.call("DELETE", path, schema, { query });
  }
}

function cleanQuery(query: Query): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) clean[key] = String(value);
  return clean;
}

function messageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

export type { SignParams };
