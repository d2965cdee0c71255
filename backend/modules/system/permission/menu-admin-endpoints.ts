// 菜单管理 (/isystem/permission): the menu, sub-menu and button rows of sys_permission, as
// SysPermissionController (api-contract.md §4 "Related endpoints", §5 sys_permission). The table
// is shared by every tenant, like the original. Reading needs the page; writing needs the seeded
// `permission:*` buttons. Every change runs in one transaction and keeps `is_leaf` right, because
// getUserPermissionByToken stops at leaf rows. The backend keeps no menu cache: the permission
// answer is read from the table on every call, so the next call sees a change.
import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { sysPermission } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { singleId, splitIds } from "../../../crud/crud-messages";
import {
  buildMenuAdminTree,
  flatMenuList,
  MenuMessages,
  MenuType,
  normaliseMenu,
  parseMenuBody,
  permissionCodes,
  toTreeNode,
  withDescendants,
  type MenuRow,
  type MenuValues,
} from "./menu-admin-rules";
import { requireAccessHeld, requireHeld } from "./delegation";
import { platformWrites } from "./permission-service";
import { PAGES } from "#contract/pages";

export const MENU_PAGE = PAGES["system/PermissionList"];

const live = eq(sysPermission.delFlag, 0);

async function allRows(executor: Executor, where?: SQL): Promise<MenuRow[]> {
  return (await executor.orm
    .select()
    .from(sysPermission)
    .where(where ? and(live, where) : live)
    .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id))) as MenuRow[];
}

async function findMenu(executor: Executor, id: string, forUpdate = false): Promise<MenuRow | undefined> {
  const query = executor.orm.select().from(sysPermission).where(and(eq(sysPermission.id, id), live));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row as MenuRow | undefined;
}

async function childCount(executor: Executor, parentId: string): Promise<number> {
  const [row] = await executor.rows<{ count: unknown }>(
    sql`select count(*) as "count" from sys_permission where parent_id = ${parentId} and del_flag = 0`,
  );
  return Number(row?.count ?? 0);
}

async function setLeaf(executor: Executor, id: string, leaf: boolean): Promise<void> {
  await executor.orm.update(sysPermission).set({ isLeaf: leaf ? 1 : 0 }).where(eq(sysPermission.id, id));
}

/** After children left `parentId`: a parent without children is a leaf again. */
async function refreshLeaf(executor: Executor, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return;
  await setLeaf(executor, parentId, (await childCount(executor, parentId)) === 0);
}

/** True when another live button row already lists one of `codes`. */
async function permsTaken(executor: Executor, codes: readonly string[], exceptId?: string): Promise<boolean> {
  for (const code of codes) {
    const conditions = [live, eq(sysPermission.menuType, MenuType.button), sql`strpos(${sysPermission.perms}, ${code}) > 0`];
    if (exceptId) conditions.push(ne(sysPermission.id, exceptId));
    const rows = await executor.orm.select({ perms: sysPermission.perms }).from(sysPermission).where(and(...conditions));
    if (rows.some((row) => permissionCodes(row.perms).includes(code))) return true;
  }
  return false;
}

/** checkPermDuplication of the original: a menu path is taken by another live menu with the same 聚合路由 flag. */
async function urlTaken(executor: Executor, url: string, alwaysShow: number, exceptId?: string): Promise<boolean> {
  const conditions = [
    live,
    inArray(sysPermission.menuType, [MenuType.top, MenuType.sub]),
    eq(sysPermission.url, url),
    sql`coalesce(${sysPermission.alwaysShow}, 0) = ${alwaysShow}`,
  ];
  if (exceptId) conditions.push(ne(sysPermission.id, exceptId));
  const rows = await executor.orm.select({ id: sysPermission.id }).from(sysPermission).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

/** The checks that need rows: the parent, the tree's shape, and the unique paths and codes. */
async function checkAgainstRows(executor: Executor, values: MenuValues, selfId?: string): Promise<void> {
  if (values.parentId) {
    const parent = await findMenu(executor, values.parentId);
    if (!parent) throw new ApiError(MenuMessages.parentMissing);
    if (parent.menuType === MenuType.button) throw new ApiError(MenuMessages.parentIsButton);
    if (selfId) {
      const rows = await allRows(executor);
      const childrenOf = childIndex(rows);
      if (withDescendants([selfId], childrenOf).includes(values.parentId)) throw new ApiError(MenuMessages.parentCycle);
    }
  }
  if (values.menuType === MenuType.button) {
    if (await permsTaken(executor, permissionCodes(values.perms), selfId)) throw new ApiError(MenuMessages.permsTaken);
  } else if (values.url && (await urlTaken(executor, values.url, values.alwaysShow ?? 0, selfId))) {
    throw new ApiError(MenuMessages.urlTaken);
  }
}

function childIndex(rows: readonly Pick<MenuRow, "id" | "parentId">[]): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const row of rows) {
    if (!row.parentId) continue;
    const list = index.get(row.parentId) ?? [];
    list.push(row.id);
    index.set(row.parentId, list);
  }
  return index;
}

function writable(row: MenuRow): MenuValues {
  const { id: _id, isLeaf: _leaf, delFlag: _del, ruleFlag: _rule, createBy: _cb, createTime: _ct, updateBy: _ub, updateTime: _ut, ...values } = row;
  return values;
}

function parsed(body: Record<string, unknown>): MenuValues {
  const values = parseMenuBody(body);
  if ("error" in values) throw new ApiError(values.error);
  return values;
}

function normalised(merged: MenuValues): MenuValues {
  const result = normaliseMenu(merged);
  if ("error" in result) throw new ApiError(result.error);
  return result.values;
}

export async function addMenu(context: CrudContext, body: Record<string, unknown>): Promise<string> {
  const values = normalised(parsed(body));
  const id = newId();
  await inTransaction(context.services.db, async (tx) => {
    if (values.parentId) await requireHeld(tx, context, [values.parentId]);
    await checkAgainstRows(tx, values);
    await requireAccessHeld(tx, context, values);
    await tx.orm.insert(sysPermission).values({
      ...values,
      id,
      menuType: values.menuType!,
      isLeaf: 1,
      delFlag: 0,
      ruleFlag: 0,
      createBy: context.username.slice(0, 32),
      createTime: new Date(),
    });
    if (values.parentId) await setLeaf(tx, values.parentId, false);
  });
  return id;
}

export async function editMenu(context: CrudContext, body: Record<string, unknown>): Promise<void> {
  const id = singleId(body.id);
  if (!id) throw new ApiError(MenuMessages.notFound);
  const changes = parsed(body);
  await inTransaction(context.services.db, async (tx) => {
    const existing = await findMenu(tx, id, true);
    if (!existing) throw new ApiError(MenuMessages.notFound);
    const values = normalised({ ...writable(existing), ...changes });
    // Only a row you hold, moved only under a row you hold (docs/decisions/008).
    await requireHeld(tx, context, [id, ...(values.parentId ? [values.parentId] : [])]);
    const children = await childCount(tx, id);
    if (values.menuType === MenuType.button && children > 0) throw new ApiError(MenuMessages.parentIsButton);
    await checkAgainstRows(tx, values, id);
    await requireAccessHeld(tx, context, values, existing);
    await tx.orm
      .update(sysPermission)
      .set({ ...values, menuType: values.menuType!, isLeaf: children === 0 ? 1 : 0, updateBy: context.username.slice(0, 32), updateTime: new Date() })
      .where(eq(sysPermission.id, id));
    const oldParent = existing.parentId || null;
    const newParent = values.parentId || null;
    if (oldParent !== newParent) {
      if (newParent) await setLeaf(tx, newParent, false);
      await refreshLeaf(tx, oldParent);
    }
  });
}

/**
 * Deletes the rows and everything below them (role grants and data rules go with them through the
 * foreign keys), then makes parents without children leaves again. Ids already gone with an
 * ancestor in the same batch are fine; only a request naming no live row is refused.
 */
export async function deleteMenus(context: CrudContext, ids: readonly string[]): Promise<number> {
  return inTransaction(context.services.db, async (tx) => {
    // One writer at a time: a concurrent add under a row being deleted must not survive it.
    await tx.orm.select({ id: sysPermission.id }).from(sysPermission).where(inArray(sysPermission.id, [...ids])).for("update");
    const rows = (await tx.orm
      .select({ id: sysPermission.id, parentId: sysPermission.parentId })
      .from(sysPermission)
      .where(live)) as Pick<MenuRow, "id" | "parentId">[];
    const known = new Set(rows.map((row) => row.id));
    const requested = ids.filter((id) => known.has(id));
    if (requested.length === 0) throw new ApiError(MenuMessages.notFound);
    const doomed = withDescendants(requested, childIndex(rows));
    await requireHeld(tx, context, doomed);
    const doomedSet = new Set(doomed);
    const parents = new Set(rows.filter((row) => doomedSet.has(row.id) && row.parentId && !doomedSet.has(row.parentId)).map((row) => row.parentId!));
    await tx.orm.delete(sysPermission).where(inArray(sysPermission.id, doomed));
    for (const parent of parents) await refreshLeaf(tx, parent);
    return doomed.length;
  });
}

async function listTree(executor: Executor, name: string | undefined) {
  const keyword = name?.trim();
  if (!keyword) return buildMenuAdminTree(await allRows(executor));
  const escaped = keyword.replace(/[!%_]/g, (character) => `!${character}`);
  return flatMenuList(await allRows(executor, sql`${sysPermission.name} ilike ${`%${escaped}%`} escape '!'`));
}

// Menus and buttons are the platform's (docs/decisions/144): every write is a platform
// administrator's, whatever buttons a school's role holds; a school's administrators read the tree.
export const menuAdminEndpoints: Endpoint[] = platformWrites([
  // The whole tree, not paged (SysPermissionTree); `name` answers a flat list of matches.
  // The Vue 3 client's 菜单管理 reads the default home page (SysRoleIndexController.queryDefIndex):
  // here always 首页, which every menu holds.
  endpoint("GET", "/sys/sysRoleIndex/queryDefIndex", menuAccess(MENU_PAGE), async () =>
    ok({ roleCode: "DEF_INDEX_ALL", url: "/dashboard/analysis", component: "dashboard/Analysis", isRoute: true, priority: 0, status: "1" }, ""), { doc: { summary: "查询当前用户的默认首页" } },
  ),

  endpoint("GET", "/sys/permission/list", menuAccess(MENU_PAGE), async (request) =>
    ok(await listTree(databaseExecutor(request.services.db), request.query.name)), { doc: { summary: "菜单管理-菜单树列表" } },
  ),

  endpoint("POST", "/sys/permission/add", "permission:add", async (request) => {
    await addMenu(crudContext(request), request.body);
    return okMessage(MenuMessages.added);
  }, { doc: { summary: "菜单管理-添加" } }),

  endpoint(["PUT", "POST"], "/sys/permission/edit", "permission:edit", async (request) => {
    await editMenu(crudContext(request), request.body);
    return okMessage(MenuMessages.edited);
  }, { doc: { summary: "菜单管理-编辑" } }),

  endpoint("DELETE", "/sys/permission/delete", "permission:delete", async (request) => {
    const id = singleId(request.query.id ?? request.body.id);
    if (!id) throw new ApiError(MenuMessages.notFound);
    await deleteMenus(crudContext(request), [id]);
    return okMessage(MenuMessages.deleted);
  }, { doc: { summary: "菜单管理-通过ID删除" } }),

  endpoint("DELETE", "/sys/permission/deleteBatch", "permission:batch_delete", async (request) => {
    const ids = splitIds(request.query.ids ?? request.body.ids);
    if (ids.length === 0) throw new ApiError(MenuMessages.badIds);
    await deleteMenus(crudContext(request), ids);
    return okMessage(MenuMessages.deleted);
  }, { doc: { summary: "菜单管理-批量删除" } }),

  endpoint("GET", "/sys/permission/queryById", menuAccess(MENU_PAGE), async (request) => {
    const id = singleId(request.query.id);
    const row = id ? await findMenu(databaseExecutor(request.services.db), id) : undefined;
    if (!row) throw new ApiError(MenuMessages.notFound);
    return ok(toTreeNode(row));
  }, { doc: { summary: "菜单管理-通过ID查询" } }),

  // The form's live check (SysPermissionController.checkPermDuplication): `url` with `alwaysShow`
  // as the original; `perms` (a button's codes) as our addition. `id` is the row being edited.
  endpoint("GET", "/sys/permission/checkPermDuplication", menuAccess(MENU_PAGE), async (request) => {
    const executor = databaseExecutor(request.services.db);
    const id = singleId(request.query.id);
    const url = request.query.url?.trim();
    const perms = permissionCodes(request.query.perms);
    if (!url && perms.length === 0) return ok(MenuMessages.available, MenuMessages.available);
    const alwaysShow = request.query.alwaysShow === "true" || request.query.alwaysShow === "1" ? 1 : 0;
    const taken = (url && (await urlTaken(executor, url, alwaysShow, id))) || (perms.length > 0 && (await permsTaken(executor, perms, id)));
    return taken ? failure(MenuMessages.taken) : ok(MenuMessages.available, MenuMessages.available);
  }, { doc: { summary: "校验菜单路径唯一" } }),
], "menu");
