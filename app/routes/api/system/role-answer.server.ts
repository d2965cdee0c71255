// The server half of the role page's resource routes (app/components/system/role/role-api.ts):
// the page's guard, and backend failures as `{ ok: false, message, kind }` answers the drawers
// show in place, never route errors.
import { data } from "react-router";
import { BackendError } from "~/services/api.server";
import { forgetAllPermissions, type RouteRequest } from "~/services/auth.server";
import { requireMenuPage, type MenuPageAccess } from "~/services/menu-access.server";
import type { RoleApiAnswer, RoleApiFailure } from "~/components/system/role/role-api";
import { PAGES } from "#contract/pages";

export const ROLE_PAGE_PATH = PAGES["system/RoleUserList"];

/** Only users who may open 角色管理 reach these routes (the backend checks each call again). */
export function requireRolePage(route: RouteRequest): Promise<MenuPageAccess> {
  return requireMenuPage(route, ROLE_PAGE_PATH);
}

export async function answerRoleApi<T extends object>(work: () => Promise<T>): Promise<RoleApiAnswer<T>> {
  try {
    return { ok: true, ...(await work()) };
  } catch (error) {
    if (error instanceof BackendError) return { ok: false, message: error.failure.message, kind: error.failure.kind };
    throw error;
  }
}

/** A request refused before asking the backend (HTTP 400, same answer shape). */
/** A change of role grants or members: on success every session's menu is loaded again. */
export async function changeRoleApi<T extends object>(work: () => Promise<T>): Promise<RoleApiAnswer<T>> {
  const answer = await answerRoleApi(work);
  if (answer.ok) forgetAllPermissions();
  return answer;
}

export function refuseRoleApi(message: string) {
  return data<RoleApiFailure>({ ok: false, message, kind: "business" }, { status: 400 });
}

/** A single id from a form or query: non-empty, short, no separators. */
export function idParam(value: FormDataEntryValue | string | null): string | null {
  const text = typeof value === "string" ? value.trim() : "";
  return text && text.length <= 64 && !/[,/?#\s]/.test(text) ? text : null;
}

/** `a,b,` → [a, b] of valid ids; null when one is not an id. */
export function idListParam(value: FormDataEntryValue | string | null): string[] | null {
  const parts = (typeof value === "string" ? value : "").split(",").map((part) => part.trim()).filter(Boolean);
  const ids = parts.map((part) => idParam(part));
  return ids.every((id): id is string => id !== null) ? [...new Set(ids)] : null;
}
