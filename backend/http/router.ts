// Turns endpoint definitions into an Express router that answers with the envelope.
// Order per request: body → address rules → token (unless public) → the tenant's address rules →
// menu or button permission → signature → handler.
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { ResultCode } from "#contract/envelope";
import { databaseError } from "../db/errors";
import { Messages } from "#contract/messages";
import { ApiError, failure } from "./envelope";
import { authenticate, type AuthContext } from "./auth";
import { verifySignature } from "./signature";
import { requireAdmittedAddress } from "./address-check";
import { requireAccess, type Endpoint } from "./endpoint";
import type { BackendServices } from "../services";
import { notesOf, watchRequests } from "../modules/monitor/log/request-journal";
import { announce } from "../realtime/web-events";

/**
 * Writes that change what a session may see (menus, data rules, role grants, role members, a
 * user's roles or tenants): every web server forgets its cached permission answers
 * (docs/decisions/062). Over-inclusive on purpose: a needless reload costs one request per session.
 */
const PERMISSION_WRITES = /^\/sys\/(permission|role|user|tenant)\//;

const BODY_LIMIT = "10mb";

export function buildRouter(endpoints: Endpoint[], services: BackendServices): Router {
  const router = express.Router();
  router.use(express.json({ limit: BODY_LIMIT }));
  router.use(express.urlencoded({ extended: false, limit: BODY_LIMIT }));
  // monitor: the request trace and the sign-in / operation logs (after the body is parsed).
  router.use(watchRequests(services));

  for (const definition of endpoints) {
    const handler = async (req: Request, res: Response) => {
      let auth: AuthContext | null = null;
      const notes = notesOf(res);
      notes.endpointPath = definition.path;
      // 访问控制 (docs/decisions/134): the platform's address rules, then the tenant's once known.
      await requireAdmittedAddress(req, services, null);
      if (definition.access !== "public") {
        auth = await authenticate(req, services);
        notes.auth = auth;
        await requireAdmittedAddress(req, services, auth);
        if (definition.access !== "user") await requireAccess(services, auth, definition.access);
      }
      if (definition.signed) verifySignature(req, services.config.signatureSecret);
      const answer = await definition.handle({
        req,
        res,
        services,
        auth,
        query: flatQuery(req),
        body: req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {},
        params: req.params as Record<string, string>,
      });
      notes.answer = answer;
      if (req.method !== "GET" && PERMISSION_WRITES.test(definition.path) && (answer as { success?: unknown } | null)?.success === true) {
        announce(services, "permissions");
      }
      if (answer !== null && !res.headersSent) res.json(answer);
    };
    const route = router.route(definition.path);
    if (definition.methods === "ALL") route.all(handler);
    else for (const method of definition.methods) route[lower(method)](handler);
  }

  // Known path, other method → 405; unknown path → 404 (contract §1 codes).
  router.use((req, res) => {
    const known = endpoints.some((definition) => matchesPath(definition.path, req.path));
    if (known) res.status(405).json(failure(Messages.methodNotAllowed, ResultCode.methodNotAllowed));
    else res.status(404).json(failure(Messages.pathNotFound, ResultCode.notFound));
  });

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const answer = toFailure(error, req, services);
    notesOf(res).answer = answer.body;
    if (!res.headersSent) res.status(answer.status).json(answer.body);
  });
  return router;
}

function toFailure(error: unknown, req: Request, services: BackendServices) {
  if (error instanceof ApiError) return { status: error.httpStatus, body: failure(error.message, error.code) };
  // drizzle wraps the driver's error (DrizzleQueryError): look inside for its SQLSTATE.
  const pgCode = databaseError(error)?.code;
  if (pgCode === "23505") return { status: 200, body: failure(Messages.duplicateRecord) };
  if (pgCode === "22001") return { status: 200, body: failure("字段太长,超出数据库字段的长度") };
  const type = (error as { type?: string }).type;
  if (type === "entity.parse.failed") return { status: 200, body: failure(`${Messages.operationFailed}请求内容不是合法的JSON`) };
  if (type === "entity.too.large") return { status: 200, body: failure(`${Messages.operationFailed}请求内容过大`) };
  // Express's own client errors (a malformed `%` escape in the path, a bad body encoding…).
  const status = (error as { status?: unknown }).status;
  if (typeof status === "number" && status >= 400 && status < 500) return { status: 400, body: failure(`${Messages.operationFailed}请求格式不正确`) };
  // Never leak SQL or stack traces to the client (contract §10): log them, answer plainly.
  services.logger.error(`[backend] ${req.method} ${req.originalUrl} failed`, error);
  return { status: 200, body: failure(`${Messages.operationFailed}服务器内部错误，请联系管理员`) };
}

function flatQuery(req: Request): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.query)) {
    if (typeof value === "string") flat[key] = value;
    else if (Array.isArray(value) && typeof value[0] === "string") flat[key] = value[0];
  }
  return flat;
}

function lower(method: string): "get" | "post" | "put" | "delete" {
  return method.toLowerCase() as "get" | "post" | "put" | "delete";
}

function matchesPath(pattern: string, path: string): boolean {
  const expression = new RegExp(
    "^" + pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\?:[A-Za-z_]+/g, "[^/]+") + "/?$",
  );
  return expression.test(path);
}
