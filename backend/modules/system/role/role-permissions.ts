// Role authorisation (api-contract.md §4 "Related endpoints"): the whole permission tree for the
// authorise drawer, a role's granted ids, and saving the difference the drawer sends.
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { sysPermission, sysPermissionDataRule, sysRolePermission } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import type { Executor } from "../../../crud/context";

/** TreeModel of SysPermissionController.queryTreeList. */
export interface PermissionTreeNode {
  key: string;
  title: string | null;
  slotTitle: string | null;
  label: string | null;
  value: string;
  icon: string | null;
  parentId: string | null;
  ruleFlag: number | null;
  isLeaf: boolean;
  children?: PermissionTreeNode[];
}

export async function permissionTree(executor: Executor): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
  const rows = await executor.orm
    .select({
      id: sysPermission.id,
      parentId: sysPermission.parentId,
      name: sysPermission.name,
      icon: sysPermission.icon,
      isLeaf: sysPermission.isLeaf,
      ruleFlag: sysPermission.ruleFlag,
    })
    .from(sysPermission)
    .where(eq(sysPermission.delFlag, 0))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  // A menu with data rules is flagged even when its rule_flag was not kept up to date, so the
  // drawer always offers its rules.
  const ruled = await executor.orm
    .selectDistinct({ id: sysPermissionDataRule.permissionId })
    .from(sysPermissionDataRule)
    .where(isNotNull(sysPermissionDataRule.permissionId));
  const withRules = new Set(ruled.map((row) => row.id));
  const nodes = new Map<string, PermissionTreeNode>();
  for (const row of rows)
    nodes.set(row.id, {
      key: row.id,
      title: row.name,
      slotTitle: row.name,
      label: row.name,
      value: row.id,
      icon: row.icon,
      parentId: row.parentId,
      ruleFlag: withRules.has(row.id) ? 1 : (row.ruleFlag ?? 0),
      isLeaf: row.isLeaf === 1,
    });
  const roots: PermissionTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return { treeList: roots, ids: rows.map((row) => row.id) };
}

export async function rolePermissionIds(executor: Executor, roleId: string): Promise<string[]> {
  const rows = await executor.orm
    .select({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .innerJoin(sysPermission, eq(sysPermission.id, sysRolePermission.permissionId))
    .where(and(eq(sysRolePermission.roleId, roleId), eq(sysPermission.delFlag, 0)))
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  return rows.map((row) => row.id);
}

/**
 * Saves what the drawer changed: ids in `permissionIds` but not in `lastPermissionIds` are
 * granted, ids only in `lastPermissionIds` are revoked (SysRolePermissionServiceImpl). Changes
 * someone else made meanwhile to other ids survive. Unknown permission ids are refused.
 */
export async function saveRolePermissions(
  executor: Executor,
  roleId: string,
  permissionIds: readonly string[],
  lastPermissionIds: readonly string[],
  /** Checks the ids that would change (granted or revoked) before anything is written. */
  checkChanged: (changed: readonly string[]) => Promise<void>,
): Promise<void> {
  const now = new Set(permissionIds);
  const before = new Set(lastPermissionIds);
  const added = [...now].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !now.has(id));
  await checkChanged([...added, ...removed]);
  if (added.length > 0) {
    const known = await executor.orm.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.id, added));
    if (known.length !== added.length) throw new ApiError("所选权限不存在");
    await executor.orm
      .insert(sysRolePermission)
      .values(added.map((permissionId) => ({ id: newId(), roleId, permissionId, operateDate: new Date() })))
      .onConflictDoNothing();
  }
  if (removed.length > 0)
    await executor.orm
      .delete(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, roleId), inArray(sysRolePermission.permissionId, removed)));
}
