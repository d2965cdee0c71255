// 首页配置 (issue #31 item 3, docs/decisions/135): a role's home page in the JeecgBoot Vue 3 client
// (SysRoleIndexController add / edit / queryByCode, RoleIndexModal.vue). Kept per role in
// sys_role_index, so it is the role's tenant's and goes with the role. A user working in a tenant
// gets the enabled home page of his acting roles with the lowest priority number (JeecgBoot's
// getDynamicIndexByUserRole): the Vue 3 client opens it after signing in (userInfo.homePath) and its
// 首页 menu entry shows it. Reading is the role page's; saving is editing the role (`role:edit`).
import { and, asc, eq, or, sql } from "drizzle-orm";
import { sysRole, sysRoleIndex, sysUserRole } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { selectRecords } from "../../../crud/page";
import { allOf } from "../../../crud/store";
import type { Database } from "../../../db/client";
import type { Actor } from "../permission/permission-service";
import { roleEntity } from "./role-entity";
import { ROLE_PAGE, roleCrud } from "./role-crud";

export const RoleHomeMessages = {
  added: "添加成功！",
  edited: "编辑成功!",
  urlRequired: "首页路由不能为空",
  componentRequired: "组件地址不能为空",
  tooLong: "首页路由或组件地址过长",
  badPriority: "优先级须为整数",
  notFound: "未找到对应数据",
} as const;

type RoleIndexRow = typeof sysRoleIndex.$inferSelect;

/** The wire shape of SysRoleIndex (relationType ROLE: this backend keeps no per-user home page). */
function toWire(row: RoleIndexRow, roleCode: string) {
  return {
    id: row.id,
    roleCode,
    url: row.url,
    component: row.component,
    route: row.isRoute,
    priority: row.priority,
    status: row.status,
    relationType: "ROLE",
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
  };
}

/** The role of `roleCode` visible in the caller's tenant (codes are unique within a tenant). */
async function roleByCode(executor: Executor, context: CrudContext, roleCode: unknown): Promise<{ id: string; roleCode: string }> {
  const code = typeof roleCode === "string" ? roleCode.trim() : "";
  if (!code) throw notFound();
  const codeColumn = columnRef(roleEntity, fieldByProperty(roleEntity, "roleCode")!);
  const [role] = await selectRecords(executor, roleEntity, {
    where: allOf([sql`${codeColumn} = ${code}`, roleCrud.visibility(context)]),
    orderBy: sql`1`,
    limit: 1,
  });
  if (!role) throw notFound();
  return { id: String(role.id), roleCode: code };
}

/** The form's values, checked as JeecgBoot's form requires them (route and component required). */
function parseForm(body: Record<string, unknown>) {
  const url = typeof body.url === "string" ? body.url.trim() : "";
  const component = typeof body.component === "string" ? body.component.trim() : "";
  if (!url) throw new ApiError(RoleHomeMessages.urlRequired);
  if (!component) throw new ApiError(RoleHomeMessages.componentRequired);
  if (url.length > 100 || component.length > 255) throw new ApiError(RoleHomeMessages.tooLong);
  const priority = body.priority === undefined || body.priority === null || body.priority === "" ? 0 : Number(body.priority);
  if (!Number.isInteger(priority)) throw new ApiError(RoleHomeMessages.badPriority);
  return {
    // JeecgBoot's login prefixes a missing slash; kept with it, as the client routes it.
    url: url.startsWith("/") ? url : `/${url}`,
    component,
    isRoute: body.route === undefined ? true : body.route === true || body.route === "true" || body.route === 1,
    priority,
    status: String(body.status ?? "0") === "1" ? "1" : "0",
  };
}

async function save(context: CrudContext, body: Record<string, unknown>, operation: "add" | "edit"): Promise<void> {
  const values = parseForm(body);
  await inTransaction(context.services.db, async (tx) => {
    const role = await roleByCode(tx, context, body.roleCode);
    const [existing] = await tx.orm.select().from(sysRoleIndex).where(eq(sysRoleIndex.roleId, role.id)).for("update");
    // The modal chooses add or edit by whether queryByCode found one; two tabs may disagree, so
    // the role's one row is written either way. An edit must name that row.
    if (operation === "edit" && (!existing || (body.id && body.id !== existing.id))) throw new ApiError(RoleHomeMessages.notFound);
    const by = context.username.slice(0, 32);
    if (existing) await tx.orm.update(sysRoleIndex).set({ ...values, updateBy: by, updateTime: new Date() }).where(eq(sysRoleIndex.id, existing.id));
    else await tx.orm.insert(sysRoleIndex).values({ id: newId(), roleId: role.id, ...values, createBy: by });
  });
}

/** The enabled home page of the actor's roles in his tenant with the lowest priority, if any. */
export async function homePageFor(db: Database, actor: Actor): Promise<{ url: string; component: string; isRoute: boolean } | undefined> {
  const [row] = await db.orm
    .select({ url: sysRoleIndex.url, component: sysRoleIndex.component, isRoute: sysRoleIndex.isRoute })
    .from(sysRoleIndex)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRoleIndex.roleId))
    .innerJoin(sysRole, eq(sysRole.id, sysRoleIndex.roleId))
    .where(
      and(
        eq(sysUserRole.userId, actor.userId),
        or(eq(sysRole.tenantId, actor.tenantId), eq(sysRole.platformAdmin, 1)),
        eq(sysRoleIndex.status, "1"),
      ),
    )
    .orderBy(asc(sysRoleIndex.priority), asc(sysRoleIndex.createTime), asc(sysRoleIndex.id))
    .limit(1);
  return row;
}

export const roleHomeEndpoints: Endpoint[] = [
  // GET ?roleCode= → the role's row, or null (the modal then adds one).
  endpoint("GET", "/sys/sysRoleIndex/queryByCode", menuAccess(ROLE_PAGE), async (request) => {
    const context = crudContext(request);
    const executor = databaseExecutor(context.services.db);
    const role = await roleByCode(executor, context, request.query.roleCode);
    const [row] = await executor.orm.select().from(sysRoleIndex).where(eq(sysRoleIndex.roleId, role.id));
    return ok(row ? toWire(row, role.roleCode) : null);
  }, { doc: { summary: "按角色编码查询角色的首页配置" } }),

  endpoint("POST", "/sys/sysRoleIndex/add", "role:edit", async (request) => {
    await save(crudContext(request), request.body, "add");
    return okMessage(RoleHomeMessages.added);
  }, { doc: { summary: "添加角色的首页配置" } }),

  endpoint(["PUT", "POST"], "/sys/sysRoleIndex/edit", "role:edit", async (request) => {
    await save(crudContext(request), request.body, "edit");
    return okMessage(RoleHomeMessages.edited);
  }, { doc: { summary: "编辑角色的首页配置" } }),

  // JeecgBoot caches the home pages in Redis; here each sign-in and menu reads them, so there is
  // nothing to clear.
  endpoint(["GET", "POST"], "/sys/sysRoleIndex/cleanDefaultIndexCache", "user", async () => ok(null, ""), { doc: { summary: "清除首页配置的缓存" } }),
];
