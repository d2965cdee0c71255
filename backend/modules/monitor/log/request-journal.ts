// The one place of the HTTP pipeline that watches every request (issue #15 Deliver 3, 5): when an
// answer has been sent it adds the request to the trace, and queues its log entry:
// - a sign-in (/sys/login) with its outcome, success or failure, address and browser;
// - a sign-out (/sys/logout);
// - an operation log for every mutating call of a signed-in user (who, which endpoint, the
//   parameters with secrets masked, the duration).
// Nothing here delays the answer: it runs on the response's `close` and the log is buffered.
import type { NextFunction, Request, Response } from "express";
import { eq } from "drizzle-orm";
import { performance } from "node:perf_hooks";
import { sysSession, sysUser } from "../../../db/schema";
import { tokenHash } from "../../../security/token";
import type { AuthContext } from "../../../http/auth";
import { readTenantId, readToken } from "../../../http/auth";
import { clientIp } from "../../../http/format";
import type { BackendServices } from "../../../services";
import { currentTenantId, userTenantIds } from "../../../crud/tenant";
import { LogType, OperateType } from "../../../log-service";
import { describeBrowser } from "./browser";
import { maskedUrl, requestParamText } from "./request-params";
import { requestMinutesOf } from "../server/request-minutes";
import { exportNoteOf, type ExportNote } from "../../../crud/excel/export";

/** What the router leaves on `res.locals` for the journal. */
export interface RequestNotes {
  /** The endpoint definition's path pattern (`/sys/position/:id`). */
  endpointPath?: string;
  auth?: AuthContext | null;
  /** The envelope answered (success or failure), when it was JSON. */
  answer?: unknown;
}

const SIGN_IN_PATHS = new Set(["/sys/login", "/sys/mLogin"]);
// The third-party and CAS sign-ins (issue #17): logged like /sys/login, the name from the answer.
const SIGN_IN_ENDPOINTS = new Set(["/sys/thirdLogin/getLoginUser/:token/:thirdType", "/sys/thirdLogin/bindAccount", "/sys/cas/client/validateLogin"]);
const SIGN_OUT_PATH = "/sys/logout";
/** GET endpoints that change something (releases, job control) or let data out (exports). */
const MUTATING_GET = /\/(doReleaseData|doReovkeData|pause|resume|execute|exportXls|refleshCache)$/;

export function notesOf(res: Response): RequestNotes {
  return res.locals as RequestNotes;
}

/** Express middleware: mount once, before the endpoints. */
export function watchRequests(services: BackendServices) {
  return (req: Request, res: Response, next: NextFunction) => {
    const startedAt = Date.now();
    const started = performance.now();
    res.once("close", () => {
      const ms = Math.round(performance.now() - started);
      try {
        record(services, req, res, startedAt, ms);
      } catch (error) {
        services.logger.error("[monitor] recording a request failed", error);
      }
    });
    next();
  };
}

function record(services: BackendServices, req: Request, res: Response, startedAt: number, ms: number): void {
  const notes = notesOf(res);
  // 499: the caller left before the answer was complete. writableEnded, not writableFinished: a
  // loader's call answered in process (app/services/in-process-backend.server.ts) has no socket to drain.
  const status = res.writableEnded ? res.statusCode : 499;
  services.requests.add({
    at: startedAt,
    method: req.method,
    path: maskedUrl(req.originalUrl),
    status,
    ms,
    username: notes.auth?.user.username ?? null,
  });
  // 监控's requests per minute: the signed-in requests, per tenant (docs/decisions/054).
  const countedTenant = notes.auth ? safeTenant(notes.auth) : null;
  if (countedTenant !== null) requestMinutesOf(services).add(countedTenant, startedAt, status >= 500);
  if (!notes.endpointPath) return; // unknown path: nothing to log
  if (SIGN_IN_PATHS.has(req.path) || SIGN_IN_ENDPOINTS.has(notes.endpointPath)) {
    logSignIn(services, req, notes.answer).catch((error: unknown) => services.logger.error("[monitor] sign-in log failed", error));
    return;
  }
  if (req.path === SIGN_OUT_PATH) {
    logSignOut(services, req, notes.answer).catch((error: unknown) => services.logger.error("[monitor] sign-out log failed", error));
    return;
  }
  const auth = notes.auth;
  if (!auth) return;
  const operateType = operateTypeOf(req.method, req.path);
  if (operateType === null) return;
  const outcome = answerOutcome(notes.answer, status);
  const exported = operateType === OperateType.export ? exportNoteOf(res) : undefined;
  const what = exported ? exportLogText(exported) : `${OPERATION_LABEL[operateType]} ${req.path}`;
  services.logs.enqueue({
    logType: LogType.operation,
    content: `${what}${outcome.ok ? "" : `，失败：${outcome.message}`}`.slice(0, 1000),
    operateType,
    username: auth.user.username,
    realname: auth.user.realname,
    ip: clientIp(req),
    method: `${req.method} ${notes.endpointPath}`,
    requestUrl: req.path,
    requestType: req.method,
    requestParam: requestParamText(req.query as Record<string, unknown>, req.body),
    costTime: ms,
    tenantId: safeTenant(auth),
  });
}

/**
 * An export's entry in 系统日志 → 导出日志 (issue #34 item 6, docs/decisions/120): which page, how
 * many rows, whether personal data went out masked, and the filter (who, when and from where are
 * the entry's own columns).
 */
export function exportLogText(note: ExportNote): string {
  const personal = note.masked === null ? "" : note.masked ? `，${ExportLogText.masked}` : `，${ExportLogText.unmasked}`;
  return `${ExportLogText.prefix}：${note.title}，共${note.rows}行${personal}${note.filter ? `，条件：${note.filter}` : ""}`;
}

/** The words of export entries (系统日志 searches by them). */
export const ExportLogText = {
  prefix: "导出",
  masked: "敏感信息已脱敏",
  unmasked: "敏感信息未脱敏",
} as const;

const OPERATION_LABEL: Record<number, string> = {
  [OperateType.query]: "查询",
  [OperateType.add]: "添加",
  [OperateType.edit]: "编辑",
  [OperateType.delete]: "删除",
  [OperateType.import]: "导入",
  [OperateType.export]: "导出",
};

/** operate_type of a call, or null when it is a plain read (not logged). */
export function operateTypeOf(method: string, path: string): number | null {
  const last = path.split("/").pop() ?? "";
  if (/^import/i.test(last)) return OperateType.import;
  if (/^export/i.test(last)) return OperateType.export;
  if (method === "GET") return MUTATING_GET.test(path) ? OperateType.edit : null;
  if (method === "DELETE" || /^delete/i.test(last)) return OperateType.delete;
  if (/^(add|save|create|register)/i.test(last)) return OperateType.add;
  if (method === "PUT" || /^(edit|update)/i.test(last)) return OperateType.edit;
  return method === "POST" ? OperateType.edit : null;
}

function answerOutcome(answer: unknown, status: number): { ok: boolean; message: string } {
  const envelope = answer && typeof answer === "object" ? (answer as { success?: unknown; message?: unknown }) : null;
  const message = typeof envelope?.message === "string" ? envelope.message : "";
  if (status >= 400) return { ok: false, message: message || `HTTP ${status}` };
  if (envelope && envelope.success === false) return { ok: false, message };
  return { ok: true, message };
}

function safeTenant(auth: AuthContext): number | null {
  try {
    return currentTenantId(auth);
  } catch {
    return null;
  }
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

async function logSignIn(services: BackendServices, req: Request, answer: unknown): Promise<void> {
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {};
  const outcome = answerOutcome(answer, 200);
  const result = (answer as { result?: { userInfo?: { realname?: unknown; username?: unknown }; tenantList?: Array<{ id?: unknown }> } } | null)?.result;
  const username = (text(body.username) || text(result?.userInfo?.username)).trim().slice(0, 100);
  let realname = outcome.ok ? text(result?.userInfo?.realname) || null : null;
  let tenantId: number | null = null;
  if (outcome.ok) {
    const listed = (result?.tenantList ?? []).map((tenant) => Number(tenant.id)).filter((id) => id > 0);
    const asked = readTenantId(req);
    tenantId = listed.includes(asked) ? asked : (listed[0] ?? userTenantIds(null)[0]!);
  } else if (username) {
    // A failure is shown to the admins of the account's tenant (unknown names: the default one).
    const [user] = await services.db.orm
      .select({ realname: sysUser.realname, relTenantIds: sysUser.relTenantIds })
      .from(sysUser)
      .where(eq(sysUser.username, username));
    realname = user?.realname ?? null;
    tenantId = userTenantIds(user?.relTenantIds)[0]!;
  }
  services.logs.enqueue({
    logType: LogType.login,
    content: outcome.ok ? `用户名: ${username},登录成功！` : `用户名: ${username},登录失败！${outcome.message}`,
    username: username || null,
    realname,
    ip: clientIp(req),
    browser: describeBrowser(req.get("user-agent")),
    requestUrl: req.path,
    requestType: req.method,
    tenantId,
  });
}

async function logSignOut(services: BackendServices, req: Request, answer: unknown): Promise<void> {
  const token = readToken(req);
  if (!token || !answerOutcome(answer, 200).ok) return;
  const [session] = await services.db.orm
    .select({ username: sysSession.username, tenantId: sysSession.tenantId, realname: sysUser.realname })
    .from(sysSession)
    .leftJoin(sysUser, eq(sysUser.id, sysSession.userId))
    .where(eq(sysSession.tokenHash, tokenHash(token)));
  if (!session) return;
  services.logs.enqueue({
    logType: LogType.login,
    content: `用户名: ${session.username},退出成功！`,
    username: session.username,
    realname: session.realname,
    ip: clientIp(req),
    browser: describeBrowser(req.get("user-agent")),
    requestUrl: req.path,
    requestType: req.method,
    tenantId: session.tenantId ?? userTenantIds(null)[0]!,
  });
}

