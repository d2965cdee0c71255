// Endpoint definitions: every route declares who may call it, and whether it is signed.
// The router (./router.ts) enforces both before the handler runs.
import type { Request, Response } from "express";
import type { z } from "zod";
import { ResultCode, type Result } from "#contract/envelope";
import { Messages } from "#contract/messages";
import type { PermissionCode } from "#contract/permission-codes";
import type { BackendServices } from "../services";
import type { AuthContext } from "./auth";
import { ApiError } from "./envelope";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * `public`: anyone; `user`: any signed-in user; `menu:<page path>` (e.g. `menu:/isystem/user`): the
 * caller's roles grant the sys_permission menu row whose url is that path (reading a page's data
 * needs the page); a PermissionCode (contract/permission-codes.ts, e.g. `user:add`) is a button
 * the caller's roles must grant (docs/spec/app-shell.md §6). Any other string fails typecheck.
 */
export type Access = "public" | "user" | MenuAccess | PermissionCode;

/** Prefix of the menu access kind: `menu:/isystem/user`. */
export const MENU_ACCESS_PREFIX = "menu:";

/** The access that needs a page: `menu:/isystem/user`. */
export type MenuAccess = `${typeof MENU_ACCESS_PREFIX}${string}`;

/** The access that needs the menu row whose url is `pagePath`. */
export function menuAccess(pagePath: string): MenuAccess {
  return `${MENU_ACCESS_PREFIX}${pagePath}`;
}

function isMenuAccess(access: MenuAccess | PermissionCode): access is MenuAccess {
  return access.startsWith(MENU_ACCESS_PREFIX);
}

export interface EndpointRequest {
  req: Request;
  res: Response;
  services: BackendServices;
  /** Present on every endpoint whose access is not `public`. */
  auth: AuthContext | null;
  query: Record<string, string>;
  body: Record<string, unknown>;
  params: Record<string, string>;
}

/** A handler answers an envelope, or `null` when it wrote the response itself (files, streams). */
export type EndpointHandler = (request: EndpointRequest) => Promise<Result<unknown> | unknown[] | null>;

/** What 接口文档 (the generated OpenAPI document, backend/modules/monitor/api-doc) says of an endpoint. */
export interface EndpointDoc {
  summary?: string;
  /** The query string's parameters. */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
}

export interface Endpoint {
  methods: HttpMethod[] | "ALL";
  path: string;
  access: Access;
  /** Checked with X-Sign / X-TIMESTAMP, as the original's signed list (contract §3). */
  signed?: boolean;
  handle: EndpointHandler;
  doc?: EndpointDoc;
}

export function endpoint(
  methods: HttpMethod | HttpMethod[] | "ALL",
  path: string,
  access: Access,
  handle: EndpointHandler,
  options: { signed?: boolean; doc?: EndpointDoc } = {},
): Endpoint {
  return {
    methods: methods === "ALL" ? "ALL" : Array.isArray(methods) ? methods : [methods],
    path,
    access,
    handle,
    signed: options.signed ?? false,
    ...(options.doc ? { doc: options.doc } : {}),
  };
}

/** `served` at another path too: a JeecgBoot client's other name for the same call (docs/decisions/085). */
export function servedAt(served: Endpoint, path: string): Endpoint {
  return { ...served, path };
}

/** The signed-in context of a non-public endpoint. */
export function requireAuth(request: EndpointRequest): AuthContext {
  if (!request.auth) throw new Error(`endpoint reached without authentication: ${request.req.path}`);
  return request.auth;
}

/**
 * Refuses (510) a caller whose roles do not grant `access` (a menu or a button; `public` and `user`
 * pass): the router's check before every handler, and a handler's own when which access applies
 * depends on what is sent.
 */
export async function requireAccess(services: BackendServices, auth: AuthContext, access: Access): Promise<void> {
  if (access === "public" || access === "user") return;
  const granted = isMenuAccess(access)
    ? await services.permissions.hasMenu(auth, access.slice(MENU_ACCESS_PREFIX.length))
    : await services.permissions.hasButton(auth, access);
  if (!granted) throw new ApiError(Messages.noPermission, ResultCode.noPermission);
}
