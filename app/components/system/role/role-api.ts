// The browser's calls to the role page's resource routes (app/routes/api/system/role-*.tsx).
// Browsers never call the backend; these routes do. Never throws for a failed answer: a
// signed-out browser is redirected by the route guard, which fetch sees as a redirect.
import { callRoute, postRoute, type RouteFailure } from "~/lib/route-call";

export const ROLE_API = {
  permissions: "/api/system/role-permissions",
  dataRule: "/api/system/role-datarule",
} as const;

export type RoleApiFailure = RouteFailure;

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

function request<T extends object>(url: string, init: RequestInit = {}): Promise<RoleApiAnswer<T>> {
  return callRoute<RoleApiAnswer<T>>(url, init);
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
  return postRoute<RoleApiAnswer<T>>(path, fields);
}

/** A drawer's width: JeecgBoot's, but never wider than the screen (phones). */
export function drawerWidth(preferred: number): number {
  return typeof window === "undefined" ? preferred : Math.min(preferred, window.innerWidth);
}
