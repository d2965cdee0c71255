// Departments (/sys/sysDepart, api-contract.md §5 sys_depart, §7 "Department tree"): engine CRUD
// per tenant with generated hierarchical org codes, and the trees the pickers read. A department
// is deleted with everything below it (logically), and its members leave it.
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { sysDepart, sysUserDepart } from "../../../db/schema";
import { endpoint, menuAccess, requireAuth, type Endpoint, type EndpointHandler, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, failure, ok } from "../../../http/envelope";
import { createCrud, type SaveContext } from "../../../crud/engine";
import { crudContext, databaseExecutor, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId, splitIds } from "../../../crud/crud-messages";
import { columnRef } from "../../../crud/conditions";
import { fieldByProperty } from "../../../crud/entity";
import { selectRecords, type ListRecord } from "../../../crud/page";
import { allOf, findRow } from "../../../crud/store";
import { LIKE_ESCAPE, likePattern } from "../../../crud/values";
import { nextChildCode } from "../../../crud/tree-code";
import { userEntity } from "../user/user-entity";
import { userCrud } from "../user/user-crud";
import { departEntity } from "./depart-entity";
import { departIdTree, departTree, type DepartTreeNode } from "./depart-tree";
import { pickColumns } from "../../../crud/picker-columns";
import { departPermissionEndpoints } from "./depart-permissions";
import { departVue3Endpoints } from "./depart-vue3-endpoints";
import { departUserEndpoints, refreshCurrentDepartments } from "./depart-users";
import { PAGES } from "#contract/pages";

export const DEPART_PAGE = PAGES["system/DepartList"];
/** org_category of a post (dictionary org_category: 1 company, 2 department, 3 post). */
const POST_CATEGORY = "3";
/** Serialises org-code generation across instances (pg_advisory_xact_lock key). */
const ORG_CODE_LOCK = 727_101;

const column = (property: string) => columnRef(departEntity, fieldByProperty(departEntity, property)!);
const departOrder = () => sql`${column("departOrder")} asc nulls first, ${column("orgCode")} asc`;

async function departRecords(context: CrudContext, condition?: SQL): Promise<ListRecord[]> {
  return selectRecords(context.services.db, departEntity, {
    where: allOf([departCrud.visibility(context), condition]),
    orderBy: departOrder(),
  });
}

/** The code of a new department under `parentCode` (org codes are unique across tenants). */
async function nextOrgCode(tx: Executor, parentId: string | null, parentCode: string): Promise<string> {
  await tx.rows(sql`select pg_advisory_xact_lock(${ORG_CODE_LOCK})`);
  const siblings = await tx.rows<{ org_code: string }>(
    parentId
      ? sql`select org_code from sys_depart where parent_id = ${parentId}`
      : sql`select org_code from sys_depart where coalesce(parent_id, '') = ''`,
  );
  return nextChildCode(parentCode, siblings.map((row) => row.org_code));
}

async function beforeSave(save: SaveContext): Promise<void> {
  const { values } = save;
  const parentId = typeof values.parentId === "string" && values.parentId !== "" ? values.parentId : null;
  if (save.operation === "edit") {
    // Moving a department would re-code its whole subtree; the original's dialog does not offer it.
    if ("parentId" in values && parentId !== (save.existing?.parentId ?? null)) throw new ApiError("不支持修改上级部门");
    delete values.parentId;
    return;
  }
  let parentCode = "";
  if (parentId) {
    const parent = await findRow(save.tx, departEntity, parentId, departCrud.visibility(save));
    if (!parent) throw new ApiError("上级部门不存在");
    // A post (岗位) is a leaf of the organisation chart (the original's rule, kept here too).
    if (String(parent.orgCategory) === POST_CATEGORY) throw new ApiError("岗位下无法添加子级！");
    parentCode = String(parent.orgCode);
  }
  values.parentId = parentId;
  values.orgCode = await nextOrgCode(save.tx, parentId, parentCode);
  values.orgType = parentId ? "2" : "1";
  values.orgCategory ??= parentId ? "2" : "1";
  values.departOrder ??= 0;
  values.status ??= "1";
}

/** The ids and every visible descendant (a department goes with its subtree). */
async function withDescendants(tx: Executor, context: CrudContext, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.rows<{ id: string }>(sql`
    with recursive tree(id) as (
      select id from sys_depart where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
      union
      select d.id from sys_depart d join tree t on d.parent_id = t.id
    )
    select tree.id from tree join sys_depart on sys_depart.id = tree.id where ${departCrud.visibility(context)}`);
  return rows.map((row) => row.id);
}

export const departCrud = createCrud({
  basePath: "/sys/sysDepart",
  title: "部门管理",
  entity: departEntity,
  table: sysDepart,
  pagePath: DEPART_PAGE,
  permissionPrefix: "depart",
  body: {
    fields: {
      departName: { label: "机构名称", required: "请输入机构/部门名称!" },
      orgCategory: { label: "机构类型", pattern: /^[123]$/, patternMessage: "机构类型不正确" },
      mobile: { label: "电话" },
      fax: { label: "传真" },
      address: { label: "地址" },
      memo: { label: "备注" },
      departOrder: { label: "排序" },
      // Generated from the tree (./tree-code.ts), never sent.
      orgCode: { readOnly: true },
      orgType: { readOnly: true },
    },
  },
  // JeecgBoot's department sheet. Export only: every new department's org code is computed from
  // its siblings, which a batch of rows inserted at once would give twice (importExcel below).
  excel: {
    title: "部门信息",
    operations: ["export"],
    columns: [
      { property: "departName", title: "机构/部门名称" },
      { property: "orgCode", title: "机构编码" },
      { property: "orgCategory", title: "机构类型" },
      { property: "departOrder", title: "排序" },
      { property: "mobile", title: "电话" },
      { property: "fax", title: "传真" },
      { property: "address", title: "地址" },
      { property: "memo", title: "备注" },
    ],
  },
  hooks: {
    beforeSave,
    beforeDelete: (remove) => withDescendants(remove.tx, remove, remove.ids),
    // The members leave the deleted departments; the users themselves stay (docs/decisions/006).
    afterDelete: async (remove, deleted) => {
      if (deleted.length === 0) return;
      const left = await remove.tx.orm
        .delete(sysUserDepart)
        .where(inArray(sysUserDepart.depId, [...deleted]))
        .returning({ userId: sysUserDepart.userId });
      await refreshCurrentDepartments(remove.tx, [...new Set(left.map((row) => row.userId))]);
    },
  },
});

/** What the department pickers and trees show; the page's holders get the whole record. */
const DEPART_PICKER_COLUMNS = ["id", "key", "value", "title", "parentId", "departName", "orgCode", "orgCategory", "orgType", "departOrder", "isLeaf"];

function pickNode(node: DepartTreeNode): ListRecord {
  return { ...pickColumns(node, DEPART_PICKER_COLUMNS), children: node.children ? node.children.map(pickNode) : null };
}

/** Department trees as a picker answers them to callers without 部门管理 (issue #10). */
async function forCaller(request: EndpointRequest, nodes: DepartTreeNode[]): Promise<ListRecord[]> {
  return (await request.services.permissions.hasMenu(requireAuth(request), DEPART_PAGE)) ? nodes : nodes.map(pickNode);
}

/** One level for lazy trees: children of `pid`, or the top level. */
const oneLevel: EndpointHandler = async (request) => {
  const context = crudContext(request);
  const pid = singleId(request.query.pid);
  const parent = column("parentId");
  const records = await departRecords(context, pid ? sql`${parent} = ${pid}` : sql`coalesce(${parent}, '') = ''`);
  const ids = records.map((record) => String(record.id));
  const withChildren = new Set(
    ids.length === 0
      ? []
      : (
          await context.services.db.orm
            .selectDistinct({ parentId: sysDepart.parentId })
            .from(sysDepart)
            .where(and(inArray(sysDepart.parentId, ids), eq(sysDepart.delFlag, "0")))
        ).map((row) => row.parentId),
  );
  return ok(
    await forCaller(
      request,
      departTree(records).map((node) => ({ ...node, isLeaf: !withChildren.has(node.id as string), children: null })),
    ),
  );
};

export const departEndpoints: Endpoint[] = [
  ...departCrud.endpoints,
  ...departUserEndpoints,
  ...departVue3Endpoints,
  ...departPermissionEndpoints,

  endpoint("GET", "/sys/sysDepart/queryTreeList", "user", async (request) => {
    const context = crudContext(request);
    const ids = splitIds(request.query.ids);
    const idColumn = column("id");
    const records = await departRecords(
      context,
      ids.length > 0 ? sql`${idColumn} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : undefined,
    );
    return ok(await forCaller(request, departTree(records)));
  }, { doc: { summary: "部门树（全部部门）" } }),

  endpoint("GET", "/sys/sysDepart/queryIdTree", "user", async (request) => {
    const records = await departRecords(crudContext(request));
    return ok(departIdTree(departTree(records)));
  }, { doc: { summary: "部门树（以ID为值，供选择）" } }),

  endpoint("GET", "/sys/sysDepart/queryDepartTreeSync", "user", oneLevel, { doc: { summary: "逐级加载部门树" } }),
  // The Vue 3.9 client's department tree: departments and posts; this school has no post nodes.
  endpoint("GET", "/sys/sysDepart/queryDepartAndPostTreeSync", "user", oneLevel, { doc: { summary: "逐级加载部门和岗位树" } }),

  // A position's rank relations (v3.9's 部门 form): this school keeps no ranks, so none.
  endpoint("GET", "/sys/sysDepart/getRankRelation", "user", async () => ok([]), { doc: { summary: "部门岗位的职级关系（本校不设职级，为空）" } }),

  // "上级/部门" of a department by org code or id (v3.9's user list 部门 column, pickers).
  endpoint("GET", "/sys/sysDepart/getDepartPathNameByOrgCode", "user", async (request) => {
    const context = crudContext(request);
    const orgCode = (request.query.orgCode ?? "").trim();
    const depId = singleId(request.query.depId);
    if (!orgCode && !depId) return ok("", "");
    const all = await departRecords(context);
    const byId = new Map(all.map((record) => [String(record.id), record]));
    let current = all.find((record) => (depId ? String(record.id) === depId : record.orgCode === orgCode));
    const names: string[] = [];
    for (let depth = 0; current && depth < 50; depth++) {
      names.unshift(String(current.departName ?? ""));
      current = current.parentId ? byId.get(String(current.parentId)) : undefined;
    }
    return ok(names.join("/"), "");
  }, { doc: { summary: "按机构编码查询部门的完整路径名" } }),

  endpoint("GET", "/sys/sysDepart/searchBy", "user", async (request) => {
    const context = crudContext(request);
    const keyword = (request.query.keyWord ?? "").trim();
    if (!keyword) return failure("未查询匹配数据！");
    const records = await departRecords(
      context,
      sql`${column("departName")} ilike ${likePattern(keyword, "like")} escape ${sql.raw(`'${LIKE_ESCAPE}'`)}`,
    );
    if (records.length === 0) return failure("未查询匹配数据！");
    // Matches are answered flat, each a root of its own (the original's searhBy).
    return ok(await forCaller(request, records.map((record) => departTree([{ ...record, parentId: null }])[0]!)));
  }, { doc: { summary: "按名称搜索部门" } }),

  endpoint("GET", "/sys/sysDepart/getUsersByDepartId", menuAccess(DEPART_PAGE), async (request) => {
    const context = crudContext(request);
    const departId = singleId(request.query.id);
    if (!departId || !(await findRow(databaseExecutor(context.services.db), departEntity, departId, departCrud.visibility(context))))
      throw notFound();
    const users = await selectRecords(context.services.db, userEntity, {
      where: allOf([
        sql`${columnRef(userEntity, fieldByProperty(userEntity, "id")!)} in (select user_id from sys_user_depart where dep_id = ${departId})`,
        userCrud.visibility(context),
      ]),
      orderBy: sql`${columnRef(userEntity, fieldByProperty(userEntity, "username")!)} asc`,
      limit: 1000,
    });
    return ok(users);
  }, { doc: { summary: "查询部门的用户（选择负责人）" } }),
];
