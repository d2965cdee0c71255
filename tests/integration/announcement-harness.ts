// A real backend with the announcement endpoints and the notice socket on a loopback port, plus
// small typed clients for HTTP and WebSocket. Used by announcement-*.test.ts and websocket-*.test.ts.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { WebSocket } from "ws";
import { eq } from "drizzle-orm";
import { createBackend, BACKEND_BASE_PATH, type Backend, type BackendOptions } from "../../backend/index";
import { allEndpoints } from "../../backend/endpoints";
import { buildRouter } from "../../backend/http/router";
import { announcementEndpoints } from "../../backend/modules/system/announcement/endpoints";
import { attachNoticeSocket, hasNoticeBus, noticeBusOf, startNoticeBus, type NoticeBus, type NoticeSocketOptions, type NoticeSocketServer } from "../../backend/realtime";
import { sysUser } from "../../backend/db/schema";
import { newId } from "../../backend/db/ids";
import { hashPassword, legacySalt } from "../../backend/security/password";
import { pgliteTemplate, postgresTestDatabase } from "../support/backend";
import { deleteRedisKeys, redisAnswers } from "../support/topology";
import type { BackendConfig } from "../../backend/config";
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from "../support/constants";

export const SOCKET_PATH = `${BACKEND_BASE_PATH}/websocket`;

export interface NoticeTestBackend {
  /** HTTP base including /jeecg-boot. */
  url: string;
  /** WebSocket base: `${wsUrl}/<userId>`. */
  wsUrl: string;
  backend: Backend;
  bus: NoticeBus;
  sockets: NoticeSocketServer;
  server: Server;
  /** Everything the backend logged as an error (tests assert it stays empty where it matters). */
  errors: string[];
  close(): Promise<void>;
}

export interface NoticeBackendOptions {
  /** A PostgreSQL database URL; PGlite from the migrated template when absent. */
  databaseUrl?: string;
  redisUrl?: string;
  channel?: string;
  socket?: Omit<NoticeSocketOptions, "path">;
  /** Backend settings beyond the defaults (e.g. smtpUrl). */
  config?: Partial<BackendConfig>;
  /**
   * Trust X-Forwarded-For from loopback, as server.ts does behind the web server (the web app's
   * calls then carry the browser's address); off, a loopback client is judged by its own address.
   */
  trustLoopbackProxy?: boolean;
}

export async function startNoticeBackend(options: NoticeBackendOptions = {}): Promise<NoticeTestBackend> {
  const errors: string[] = [];
  const logger = {
    info: () => undefined,
    error: (message: string, error?: unknown) => {
      errors.push(`${message}${error ? `: ${String(error)}` : ""}`);
    },
  };
  const database: BackendOptions = options.databaseUrl
    ? { databaseUrl: options.databaseUrl }
    : { loadDataDir: pgliteTemplate() };
  // Once backend/index.ts starts the bus itself it reads these; until then the harness starts it.
  // The web events' channel and the gateway routes' key go under a prefix of the test's own (its
  // notice channel, which the backends of one test share), deleted at the end: never the shared
  // Redis's own `gateway_routes`, and no crossing with a parallel file.
  const redisPrefix = options.redisUrl ? `${options.channel ?? `notice-test:${process.pid}`}:` : undefined;
  const notices = { redisUrl: options.redisUrl, noticeChannel: options.channel, redisPrefix };
  const backend = await createBackend({ ...database, ...notices, adminPassword: TEST_ADMIN_PASSWORD, demoPassword: TEST_DEMO_PASSWORD, logger, config: options.config });
  const ownBus = hasNoticeBus(backend.services)
    ? null
    : await startNoticeBus(backend.services, { redisUrl: options.redisUrl, channel: options.channel, logger });
  const bus = noticeBusOf(backend.services);
  const app = express();
  if (options.trustLoopbackProxy) app.set("trust proxy", "loopback");
  // A Set: once backend/endpoints.ts lists the announcement endpoints, they are not mounted twice.
  app.use(BACKEND_BASE_PATH, buildRouter([...new Set([...allEndpoints, ...announcementEndpoints])], backend.services));
  const server = app.listen(0, "127.0.0.1");
  // As tests/support/backend.ts: longer than any synchronous stretch of a test (compiling every
  // schema of the OpenAPI document took over Node's 5 s under load, and the next call reused the
  // connection the server was closing at that moment: fetch failed with ECONNRESET).
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.once("listening", resolve));
  const sockets = attachNoticeSocket(server, backend, { path: SOCKET_PATH, ...options.socket });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BACKEND_BASE_PATH}`,
    wsUrl: `ws://127.0.0.1:${port}${SOCKET_PATH}`,
    backend,
    bus,
    sockets,
    server,
    errors,
    close: async () => {
      await sockets.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ownBus?.close();
      await backend.close();
      if (options.redisUrl && redisPrefix) await deleteRedisKeys(options.redisUrl, `${redisPrefix}*`);
    },
  };
}

/** A database on the local PostgreSQL server (a copy of the migrated template), for several backends to share. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return postgresTestDatabase("school_notice");
}

export function redisTestUrl(): string {
  return process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
}

export function redisReachable(): Promise<boolean> {
  return redisAnswers(redisTestUrl(), 1000);
}

// ---- HTTP ---------------------------------------------------------------------------------------

export interface Envelope<T> {
  success: boolean;
  message: string;
  code: number;
  result: T;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

export interface Announcement {
  id: string;
  titile: string | null;
  msgContent: string | null;
  sender: string | null;
  priority: string | null;
  msgCategory: string;
  msgType: string | null;
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  userIds: string | null;
  createTime: string;
  [key: string]: unknown;
}

export interface NoticeLists {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

export interface MySend {
  id: string;
  anntId: string;
  userId: string;
  titile: string | null;
  readFlag: string;
  sendTime: string | null;
  msgCategory: string;
  [key: string]: unknown;
}

export interface Caller {
  token: string;
  /** `tenant-id` header of every call. */
  tenantId?: number;
}

/** One JSON call; the answer's `result` is typed by the caller (what the contract promises). */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  caller: Caller | null,
  body?: unknown,
): Promise<Envelope<T> & { status: number }> {
  const headers: Record<string, string> = {};
  if (caller) headers["X-Access-Token"] = caller.token;
  if (caller?.tenantId) headers["tenant-id"] = String(caller.tenantId);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await response.json()) as Envelope<T>;
  return { ...json, status: response.status };
}

export async function login(base: string, username: string, password = TEST_DEMO_PASSWORD): Promise<string> {
  const answer = await api<{ token: string }>(base, "POST", "/sys/login", null, { username, password });
  if (!answer.success) throw new Error(`login of ${username} failed: ${answer.message}`);
  return answer.result.token;
}

export async function adminToken(base: string): Promise<string> {
  return login(base, "admin", TEST_ADMIN_PASSWORD);
}

export async function userIdOf(backend: Backend, username: string): Promise<string> {
  const [row] = await backend.db.orm.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

/** A staff member of the second campus only (the seed has none): proves tenant isolation. */
export async function createSecondCampusUser(backend: Backend, username: string): Promise<string> {
  const id = newId();
  await backend.db.orm.insert(sysUser).values({
    id,
    username,
    realname: "二校区老师",
    password: await hashPassword(TEST_DEMO_PASSWORD),
    salt: legacySalt(),
    relTenantIds: "2",
    status: 1,
    delFlag: 0,
    createTime: new Date(Date.now() - 24 * 60 * 60 * 1000),
  });
  return id;
}

/** Adds a notice as `admin` and answers its id (found by its unique title). */
export async function addNotice(
  base: string,
  admin: Caller,
  fields: { titile: string; msgType: "USER" | "ALL"; userIds?: string[]; msgCategory?: "1" | "2"; msgContent?: string },
): Promise<string> {
  const body = {
    titile: fields.titile,
    msgContent: fields.msgContent ?? `<p>${fields.titile}</p>`,
    msgCategory: fields.msgCategory ?? "1",
    msgType: fields.msgType,
    priority: "M",
    ...(fields.userIds ? { userIds: fields.userIds.map((id) => `${id},`).join("") } : {}),
  };
  const added = await api(base, "POST", "/sys/annountCement/add", admin, body);
  if (!added.success) throw new Error(`add failed: ${added.message}`);
  const listed = await api<Page<Announcement>>(base, "GET", `/sys/annountCement/list?titile=${encodeURIComponent(fields.titile)}`, admin);
  const record = listed.result.records[0];
  if (!record) throw new Error(`added notice ${fields.titile} not listed: ${listed.message}`);
  return record.id;
}

export async function release(base: string, admin: Caller, id: string): Promise<Envelope<unknown>> {
  return api(base, "GET", `/sys/annountCement/doReleaseData?id=${encodeURIComponent(id)}`, admin);
}

// ---- WebSocket ----------------------------------------------------------------------------------

export interface TestSocket {
  ws: WebSocket;
  /** Every text frame received, in order. */
  messages: string[];
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** The next frame not yet taken; rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<string>;
  /** Resolves when no frame arrived for `ms`; rejects on any frame. */
  silentFor(ms: number): Promise<void>;
  close(): Promise<void>;
}

export interface SocketAuth {
  token?: string;
  /** Where the token goes: the sub-protocol (Vue 3), the query, or a header (server clients). */
  via?: "protocol" | "query" | "header";
  tenantId?: number;
}

/** Opens a socket and answers once it is open or refused; frames are recorded from the start. */
export async function connectSocket(wsUrl: string, userId: string, auth: SocketAuth = {}): Promise<TestSocket> {
  const via = auth.via ?? "protocol";
  const query = new URLSearchParams();
  if (auth.token && via === "query") query.set("token", auth.token);
  if (auth.tenantId) query.set("tenantId", String(auth.tenantId));
  const url = `${wsUrl}/${encodeURIComponent(userId)}${query.size > 0 ? `?${query}` : ""}`;
  const protocols = auth.token && via === "protocol" ? [auth.token] : [];
  const headers: Record<string, string> = auth.token && via === "header" ? { "X-Access-Token": auth.token } : {};
  const ws = new WebSocket(url, protocols, { headers });
  const messages: string[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  ws.on("message", (data, isBinary) => {
    if (isBinary) return;
    messages.push(data.toString());
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  ws.on("error", () => undefined);
  await Promise.race([new Promise((resolve) => ws.once("open", resolve)), closed]);

  const next = (timeoutMs = 3000) =>
    new Promise<string>((resolve, reject) => {
      const wake = () => {
        if (taken < messages.length) {
          clearTimeout(timer);
          resolve(messages[taken++]!);
        } else {
          waiters.push(wake);
        }
      };
      const timer = setTimeout(() => {
        const index = waiters.indexOf(wake);
        if (index >= 0) waiters.splice(index, 1);
        reject(new Error(`no frame within ${timeoutMs} ms`));
      }, timeoutMs);
      wake();
    });

  return {
    ws,
    messages,
    closed,
    next,
    silentFor: async (ms) => {
      const before = messages.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (messages.length !== before) throw new Error(`unexpected frame: ${messages.slice(before).join(" | ")}`);
    },
    close: async () => {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** The frame a release or re-push sends (contract §8), as the exact text. */
export function noticeFrame(cmd: "topic" | "user", msgId: string, msgTxt: string): string {
  return JSON.stringify({ cmd, msgId, msgTxt });
}
