// The browser's calls to the role page's resource routes (app/routes/api/system/role-*.tsx).
// Browsers never call the backend; these routes do. Never throws for a failed answer: a
// signed-out browser is redirected by the route guard, which fetch sees as a redirect.
import { Messages } from "#contract/messages";
import type { FailureKind } from "~/services/api-errors";

export const ROLE_API = {
  permissions: "/api/system/role-permissions",
  dataRule: "/api/system/role-datarule",
} as const;

export interface RoleApiFailure {
  ok: false;
  message: string;
  kind: FailureKind;
}

export type RoleApiAnswer<T extends object> = ({ ok: true } & T) | RoleApiFailure;

/** The authorisation tree of /sys/permission/queryTreeList (TreeModel). */
export interface PermissionNode {
  key: string;
  title: string;
  ruleFlag: number | null;
  children?: PermissionNode[];
}

export interface RolePermissions {
  tree: PermissionNode[];
  /** The role's granted ids (menus and buttons). */
  checked: string[];
}

export interface DataRuleItem {
  id: string;
  ruleName: string;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
  status: string | null;
}

const SESSION_ENDED: RoleApiFailure = { ok: false, kind: "unauthorized", message: Messages.sessionExpired };

async function request<T extends object>(url: string, init: RequestInit = {}): Promise<RoleApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers }, redirect: "manual" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, kind: "timeout", message: Messages.networkTimeout };
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return SESSION_ENDED;
  try {
    const body = (await response.json()) as unknown;
    if (typeof body === "object" && body !== null && "ok" in body) return body as RoleApiAnswer<T>;
  } catch {
    // Not JSON: fall through to the status.
  }
  return { ok: false, kind: "server", message: `HTTP ${response.status}` };
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== "") search.set(key, String(value));
  return `${path}?${search.toString()}`;
}

export function getRoleApi<T extends object>(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal) {
  return request<T>(withQuery(path, query), { signal });
}

export function postRoleApi<T extends object>(path: string, fields: Record<string, string>) {
  return request<T>(path, { method: "POST", body: new URLSearchParams(fields) });
}

/** A drawer's width: JeecgBoot's, but never wider than the screen (phones). */
export function drawerWidth(preferred: number): number {
  return typeof window === "undefined" ? preferred : Math.min(preferred, window.innerWidth);
}
