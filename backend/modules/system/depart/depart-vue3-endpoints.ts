// What the JeecgBoot Vue 3 client's 部门管理 and its department pickers call beyond the original
// contract (issue #31 item 3, docs/decisions/124): a department's heads (负责人: sys_user.depart_ids
// with user_identity 2, as JeecgBoot keeps them), the path up to the top for a picker to open, the
// low-code edit of a department, and the post and position lookups (no posts here: empty). All in
// the caller's tenant; another tenant's id behaves as an unknown one.
import { sql } from "drizzle-orm";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId, splitIds } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { runListQuery } from "../../../crud/page";
import { allOf, findRow, findRows, presentCondition } from "../../../crud/store";
import { pickColumns } from "../../../crud/picker-columns";
import { userEntity } from "../user/user-entity";
import { userCrud } from "../user/user-crud";
import { departEntity, departTenantScope } from "./depart-entity";
import { PAGES } from "#contract/pages";

const DEPART_PAGE = PAGES["system/DepartList"];

export const DepartVue3Messages = {
  headChanged: "设置成功",
  notMember: "该用户不属于此部门",
  noDepart: "departId 和 orgCode 不能都为空！",
  moveRefused: "请在部门的「编辑」中修改上级部门（机构编码随上级重新生成）",
  importRefused: "部门不支持导入，请在页面上新增（机构编码由上级部门生成）",
  edited: "编辑成功",
} as const;

const visibleDeparts = (context: CrudContext) => allOf([departTenantScope.condition(context.tenantId), presentCondition(departEntity)]);

async function requireDepart(executor: Executor, context: CrudContext, id: string | undefined) {
  const depart = id ? await findRow(executor, departEntity, id, visibleDeparts(context)) : undefined;
  if (!depart) throw notFound();
  return depart;
}

/** `depart_ids` (a comma list) holds the department. */
const headsOf = (departId: string) =>
  sql`(',' || coalesce(${columnRef(userEntity, fieldByProperty(userEntity, "departIds")!)}, '') || ',') like ${`%,${departId},%`}`;

/** Makes `userId` a head of `departId` or no longer one (JeecgBoot's changeDepartChargePerson). */
async function setHead(tx: Executor, context: CrudContext, departId: string, userId: string, head: boolean): Promise<void> {
  const [user] = await findRows(tx, userEntity, [userId], userCrud.visibility(context));
  if (!user) throw notFound();
  const [member] = await tx.rows(sql`select 1 from sys_user_depart where user_id = ${userId} and dep_id = ${departId}`);
  if (head && !member) throw new ApiError(DepartVue3Messages.notMember);
  const ids = String(user.departIds ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "" && id !== departId);
  if (head) ids.push(departId);
  await tx.rows(
    sql`update sys_user set depart_ids = ${ids.join(",") || null}, user_identity = ${ids.length > 0 ? 2 : 1},
        update_by = ${context.username.slice(0, 32)}, update_time = now() where id = ${userId}`,
  );
}

const PATH_COLUMNS = ["id", "parentId", "departName", "orgCode", "orgCategory", "departOrder"];

export const departVue3Endpoints: Endpoint[] = [
  // GET ?departId=&pageNo&pageSize: the department's heads, a page of the user list.
  endpoint("GET", "/sys/sysDepart/getDepartmentHead", menuAccess(DEPART_PAGE), async (request) => {
    const context = crudContext(request);
    const depart = await requireDepart(databaseExecutor(context.services.db), context, singleId(request.query.departId));
    const { departId: _departId, ...query } = request.req.query as Record<string, unknown>;
    const built = await userCrud.listQuery(context, query, { conditions: [headsOf(String(depart.id))] });
    const page = await runListQuery(context.services.db, userEntity, built);
    await userCrud.decorate(context, page.records);
    return ok(page);
  }, { doc: { summary: "查询部门的负责人" } }),

  // PUT {departId, userId, status}: status true makes the member a head, false ends it.
  endpoint("PUT", "/sys/user/changeDepartChargePerson", "depart:edit", async (request) => {
    const context = crudContext(request);
    const departId = singleId(request.body.departId);
    const userId = singleId(request.body.userId);
    const head = request.body.status === true || request.body.status === "true";
    await inTransaction(context.services.db, async (tx) => {
      await requireDepart(tx, context, departId);
      if (!userId) throw notFound();
      await setHead(tx, context, departId!, userId, head);
    });
    return okMessage(DepartVue3Messages.headChanged);
  }, { doc: { summary: "设置部门的负责人" } }),

  // GET ?departId=a,b | orgCode=x,y: for each, the ids from the top down to it and those departments.
  endpoint("GET", "/sys/sysDepart/queryAllParentId", "user", async (request) => {
    const context = crudContext(request);
    const byId = splitIds(request.query.departId);
    const byCode = splitIds(request.query.orgCode);
    if (byId.length === 0 && byCode.length === 0) return failure(DepartVue3Messages.noDepart);
    const answer: Record<string, { parentIds: string[]; parentMap: Record<string, unknown> }> = {};
    const keys = byId.length > 0 ? byId.map((id) => ["id", id] as const) : byCode.map((code) => ["org_code", code] as const);
    for (const [column, value] of keys) {
      const rows = await context.services.db.rows<{ id: string }>(sql`
        with recursive up(id, parent_id, depth) as (
          select id, parent_id, 0 from sys_depart where ${sql.identifier(column)} = ${value} and tenant_id = ${context.tenantId} and del_flag = '0'
          union all
          select d.id, d.parent_id, u.depth + 1 from sys_depart d join up u on d.id = u.parent_id
          where d.tenant_id = ${context.tenantId} and d.del_flag = '0' and u.depth < 64
        )
        select id from up order by depth desc`);
      const ids = rows.map((row) => row.id);
      const records = await findRows(databaseExecutor(context.services.db), departEntity, ids, visibleDeparts(context));
      answer[value] = {
        parentIds: ids,
        parentMap: Object.fromEntries(records.map((record) => [String(record.id), pickColumns(record, PATH_COLUMNS)])),
      };
    }
    return ok(answer);
  }, { doc: { summary: "查询部门的全部上级部门" } }),

  // GET ?id=: the low-code edit form of a department (name, parent, heads).
  endpoint("GET", "/sys/user/getUpdateDepartInfo", menuAccess(DEPART_PAGE), async (request) => {
    const context = crudContext(request);
    const executor = databaseExecutor(context.services.db);
    const depart = await requireDepart(executor, context, singleId(request.query.id));
    const heads = await executor.rows<{ id: string }>(
      sql`select u.id from sys_user u where ${allOf([sql`u.del_flag = 0`, sql`(',' || coalesce(u.depart_ids, '') || ',') like ${`%,${String(depart.id)},%`}`])}
          and u.id in (select user_id from sys_user_depart where dep_id = ${String(depart.id)}) order by u.username`,
    );
    const [child] = await executor.rows(sql`select 1 from sys_depart where parent_id = ${String(depart.id)} and del_flag = '0' limit 1`);
    return ok({
      departId: depart.id,
      departName: depart.departName,
      parentId: depart.parentId ?? "",
      hasSub: child !== undefined,
      chargePersonList: heads.map((row) => row.id),
    });
  }, { doc: { summary: "查询用户的部门调整信息" } }),

  // PUT {departId, departName, parentId, chargePersonList}: renames and sets the heads; moving a
  // department is 编辑's (its org codes follow the new parent).
  endpoint("PUT", "/sys/user/doUpdateDepartInfo", "depart:edit", async (request) => {
    const context = crudContext(request);
    const departId = singleId(request.body.departId);
    const name = typeof request.body.departName === "string" ? request.body.departName.trim() : "";
    const heads = Array.isArray(request.body.chargePersonList) ? request.body.chargePersonList.map(String) : splitIds(request.body.chargePersonList);
    await inTransaction(context.services.db, async (tx) => {
      const depart = await requireDepart(tx, context, departId);
      const parentId = typeof request.body.parentId === "string" ? request.body.parentId : undefined;
      if (parentId !== undefined && parentId !== (depart.parentId ?? "")) throw new ApiError(DepartVue3Messages.moveRefused);
      if (name && name !== depart.departName)
        await tx.rows(sql`update sys_depart set depart_name = ${name.slice(0, 100)}, update_by = ${context.username.slice(0, 32)}, update_time = now() where id = ${departId!}`);
      const before = await tx.rows<{ id: string }>(sql`select id from sys_user where ${headsOf(departId!)}`);
      for (const row of before) if (!heads.includes(row.id)) await setHead(tx, context, departId!, row.id, false);
      for (const userId of heads) if (!before.some((row) => row.id === userId)) await setHead(tx, context, departId!, userId, true);
    });
    return okMessage(DepartVue3Messages.edited);
  }, { doc: { summary: "保存用户的部门调整" } }),

  // Posts and positions of the department tree: this school has none (decision 085).
  endpoint("GET", "/sys/sysDepart/getDepPostIdByDepId", "user", async () => ok(""), { doc: { summary: "查询部门下的岗位（本校不设岗位，为空）" } }),
  endpoint("GET", "/sys/sysDepart/getPositionByDepartId", "user", async () => ok([]), { doc: { summary: "查询部门的职务（本校不设，为空）" } }),

  // The tree's drag and drop: a move renumbers the subtree's org codes, so it is 编辑's.
  endpoint("PUT", "/sys/sysDepart/updateChangeDepart", "depart:edit", async () => failure(DepartVue3Messages.moveRefused), { doc: { summary: "拖动调整部门（不支持，答复原因）" } }),
  endpoint("POST", "/sys/sysDepart/importExcel", "depart:import", async () => failure(DepartVue3Messages.importRefused), { doc: { summary: "从Excel导入部门（不支持，答复原因）" } }),
];
