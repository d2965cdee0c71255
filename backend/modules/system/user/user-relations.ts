// A user's roles and departments within one tenant (sys_user_role, sys_user_depart). A user may
// belong to several tenants (contract §5 rel_tenant_ids); saving the roles or departments chosen in
// one tenant leaves those of the other tenants alone.
import { and, asc, eq, inArray } from "drizzle-orm";
import { sysDepart, sysRole, sysUserDepart, sysUserRole } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import type { Executor } from "../../../crud/context";

/** `a,b,` → [a, b] without blanks or repeats; non-text counts as none. */
export function commaIds(raw: unknown): string[] {
  if (typeof raw !== "string") return [];
  return [...new Set(raw.split(",").map((id) => id.trim()).filter(Boolean))];
}

export async function tenantRoleIds(executor: Executor, tenantId: number): Promise<string[]> {
  const rows = await executor.orm.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.tenantId, tenantId));
  return rows.map((row) => row.id);
}

async function tenantDepartIds(executor: Executor, tenantId: number): Promise<string[]> {
  const rows = await executor.orm
    .select({ id: sysDepart.id })
    .from(sysDepart)
    .where(and(eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, "0")));
  return rows.map((row) => row.id);
}

/** Makes `roleIds` the user's roles in `tenantId`; ids outside the tenant are refused. */
export async function replaceUserRoles(executor: Executor, userId: string, roleIds: readonly string[], tenantId: number): Promise<void> {
  const inTenant = await tenantRoleIds(executor, tenantId);
  if (roleIds.some((id) => !inTenant.includes(id))) throw new ApiError("所选角色不存在");
  if (inTenant.length > 0)
    await executor.orm.delete(sysUserRole).where(and(eq(sysUserRole.userId, userId), inArray(sysUserRole.roleId, inTenant)));
  if (roleIds.length > 0)
    await executor.orm.insert(sysUserRole).values(roleIds.map((roleId) => ({ id: newId(), userId, roleId })));
}

/** Makes `departIds` the user's departments in `tenantId`; ids outside the tenant are refused. */
export async function replaceUserDeparts(
  executor: Executor,
  userId: string,
  departIds: readonly string[],
  tenantId: number,
): Promise<void> {
  const inTenant = await tenantDepartIds(executor, tenantId);
  if (departIds.some((id) => !inTenant.includes(id))) throw new ApiError("所选部门不存在");
  const tenantAll = await executor.orm.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.tenantId, tenantId));
  const all = tenantAll.map((row) => row.id);
  if (all.length > 0)
    await executor.orm.delete(sysUserDepart).where(and(eq(sysUserDepart.userId, userId), inArray(sysUserDepart.depId, all)));
  if (departIds.length > 0)
    await executor.orm.insert(sysUserDepart).values(departIds.map((depId) => ({ id: newId(), userId, depId })));
}

/** Removes the user from `tenantId`'s roles and departments (the user leaves that tenant). */
export async function dropTenantRelations(executor: Executor, userId: string, tenantId: number): Promise<void> {
  const roles = await tenantRoleIds(executor, tenantId);
  if (roles.length > 0)
    await executor.orm.delete(sysUserRole).where(and(eq(sysUserRole.userId, userId), inArray(sysUserRole.roleId, roles)));
  const departs = await executor.orm.select({ id: sysDepart.id }).from(sysDepart).where(eq(sysDepart.tenantId, tenantId));
  const departIds = departs.map((row) => row.id);
  if (departIds.length > 0)
    await executor.orm.delete(sysUserDepart).where(and(eq(sysUserDepart.userId, userId), inArray(sysUserDepart.depId, departIds)));
}

export async function userRoleIds(executor: Executor, userId: string, tenantId: number): Promise<string[]> {
  const rows = await executor.orm
    .select({ id: sysRole.id })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.tenantId, tenantId)))
    .orderBy(asc(sysRole.roleCode));
  return rows.map((row) => row.id);
}

export async function userDepartments(executor: Executor, userIds: readonly string[], tenantId: number) {
  if (userIds.length === 0) return [];
  return executor.orm
    .select({ userId: sysUserDepart.userId, id: sysDepart.id, departName: sysDepart.departName, orgCode: sysDepart.orgCode })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(and(inArray(sysUserDepart.userId, [...userIds]), eq(sysDepart.tenantId, tenantId), eq(sysDepart.delFlag, "0")))
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
}
