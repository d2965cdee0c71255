// Who may hand out rights (issue #10, docs/decisions/008). Nobody gives a right he does not hold,
// nor widens his own: adding members to a role, authorising a role, assigning roles to a user and
// editing menus or buttons check that the actor holds, in the current tenant, every permission
// involved, and that he is not changing a role he is a member of (or his own roles). What changes
// an account as a whole needs the right in every tenant of the account (docs/decisions/007). The
// platform administrator passes every check. Every refusal is the contract's 510 answer.
import { and, eq, inArray } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { Messages } from "#contract/messages";
import { sysRole, sysRolePermission, sysUserRole } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import type { CrudContext, Executor } from "../../../crud/context";
import { userTenantIds } from "../../../crud/tenant";
import {
  buttonGranted,
  heldPermissions,
  holdsAll,
  isPlatformAdmin,
  menuGranted,
  splitCodes,
  type Actor,
  type HeldPermissions,
} from "./permission-service";

export function refused(): ApiError {
  return new ApiError(Messages.noPermission, ResultCode.noPermission);
}

function actor(context: CrudContext): Actor {
  return { userId: context.auth.user.id, tenantId: context.tenantId };
}

/** What the actor holds in the current tenant. */
export function actorHolds(executor: Executor, context: CrudContext): Promise<HeldPermissions> {
  return heldPermissions(executor.orm, actor(context));
}

/** Refuses unless the actor holds every one of `permissionIds` in the current tenant. */
export async function requireHeld(executor: Executor, context: CrudContext, permissionIds: Iterable<string>): Promise<void> {
  const ids = [...permissionIds];
  if (ids.length === 0) return;
  if (!holdsAll(await actorHolds(executor, context), ids)) throw refused();
}

/**
 * Refuses handing out `roleIds` (to a user, or new members to them) unless the actor holds every
 * permission each grants; a platform administrator role only a platform administrator hands out.
 */
export async function requireRolesWithin(executor: Executor, context: CrudContext, roleIds: readonly string[]): Promise<void> {
  if (roleIds.length === 0) return;
  const held = await actorHolds(executor, context);
  if (held === "all") return;
  const roles = await executor.orm.select({ platformAdmin: sysRole.platformAdmin }).from(sysRole).where(inArray(sysRole.id, [...roleIds]));
  if (roles.some((role) => role.platformAdmin === 1)) throw refused();
  const grants = await executor.orm
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .where(inArray(sysRolePermission.roleId, [...roleIds]));
  if (!holdsAll(held, grants.map((grant) => grant.id))) throw refused();
}

/**
 * Refuses giving a menu row an access it does not have yet (a page url, button codes) unless the
 * actor has that access himself: the row's holders would gain it (docs/decisions/008).
 */
export async function requireAccessHeld(
  executor: Executor,
  context: CrudContext,
  row: { url?: string | null; perms?: string | null; menuType?: number | null },
  before?: { url?: string | null; perms?: string | null; menuType?: number | null },
): Promise<void> {
  const who = actor(context);
  if (row.menuType === 2) {
    const old = before?.menuType === 2 ? splitCodes(before.perms) : [];
    for (const code of splitCodes(row.perms).filter((code) => !old.includes(code)))
      if (!(await buttonGranted(executor.orm, who, code))) throw refused();
  } else if (row.url && (before?.menuType === 2 || row.url !== before?.url)) {
    if (!(await menuGranted(executor.orm, who, row.url))) throw refused();
  }
}

/** Refuses changing a platform administrator role (its code, grants, rules) to anyone else. */
export async function requireRoleManageable(executor: Executor, context: CrudContext, roleId: string): Promise<void> {
  const [role] = await executor.orm.select({ platformAdmin: sysRole.platformAdmin }).from(sysRole).where(eq(sysRole.id, roleId));
  if (role?.platformAdmin === 1 && !(await isPlatformAdmin(executor.orm, context.auth.user.id))) throw refused();
}

/** Refuses a change that would widen the actor's own rights: his own roles, or a role he holds. */
export async function requireNotOwn(executor: Executor, context: CrudContext, target: { userIds?: readonly string[]; roleId?: string }): Promise<void> {
  const self = context.auth.user.id;
  const own = (target.userIds ?? []).includes(self) || (target.roleId !== undefined && (await memberOf(executor, self, target.roleId)));
  if (own && !(await isPlatformAdmin(executor.orm, self))) throw refused();
}

async function memberOf(executor: Executor, userId: string, roleId: string): Promise<boolean> {
  const rows = await executor.orm
    .select({ id: sysUserRole.id })
    .from(sysUserRole)
    .where(and(eq(sysUserRole.userId, userId), eq(sysUserRole.roleId, roleId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Refuses a change to accounts as a whole (password, status, e-mail, phone…) unless the actor
 * holds the button `code` in every tenant any of them belongs to.
 */
export async function requireInEveryTenant(
  executor: Executor,
  context: CrudContext,
  code: string,
  accounts: ReadonlyArray<{ id?: unknown; relTenantIds?: unknown }>,
): Promise<void> {
  await requireNoPlatformAccount(executor, context, accounts.map((account) => String(account.id ?? "")));
  const tenants = new Set(accounts.flatMap((account) => userTenantIds(typeof account.relTenantIds === "string" ? account.relTenantIds : null)));
  await requireInTenants(executor, context, code, tenants);
}

/**
 * Refuses changing, or removing, the account of a platform administrator to anyone but a platform
 * administrator: whoever controls that account controls every tenant.
 */
export async function requireNoPlatformAccount(executor: Executor, context: CrudContext, userIds: readonly string[]): Promise<void> {
  const ids = userIds.filter(Boolean);
  if (ids.length === 0) return;
  const platform = await executor.orm
    .select({ id: sysUserRole.id })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(inArray(sysUserRole.userId, ids), eq(sysRole.platformAdmin, 1)))
    .limit(1);
  if (platform.length > 0 && !(await isPlatformAdmin(executor.orm, context.auth.user.id))) throw refused();
}

/** Refuses unless the actor belongs to each of `tenants` and holds the button `code` there. */
export async function requireInTenants(executor: Executor, context: CrudContext, code: string, tenants: Iterable<number>): Promise<void> {
  const wanted = [...tenants];
  if (wanted.length === 0 || (await isPlatformAdmin(executor.orm, context.auth.user.id))) return;
  const mine = userTenantIds(context.auth.user.relTenantIds);
  for (const tenantId of wanted)
    if (!mine.includes(tenantId) || !(await buttonGranted(executor.orm, { userId: context.auth.user.id, tenantId }, code))) throw refused();
}
