// The category dictionary (/sys/category, api-contract.md §7 "Category"): engine CRUD on the shared
// tree plus the tree reads of the category select. Codes are hierarchical (`B02` → `B02A01`): a
// child's code must start with its parent's, and one is generated when none is sent.
import { and, eq, sql } from "drizzle-orm";
import { sysCategory } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage, okWithoutCode } from "../../../http/envelope";
import { createCrud, type SaveContext } from "../../../crud/engine";
import { crudContext, databaseExecutor } from "../../../crud/context";
import { singleId, splitIds } from "../../../crud/crud-messages";
import { dictTable } from "../../../crud/table-dict";
import { treeConditions } from "../../../crud/tree-data";
import { nextChildCode } from "../../../crud/tree-code";
import type { ListQueryParams } from "../../../crud/query-generator";
import { CATEGORY_ROOT_PID, categoryEntity } from "./category-entity";
import {
  categoriesUnderCode,
  categoryByCode,
  categoryById,
  categoryChildren,
  categoryNode,
  withSubtrees,
} from "./category-tree";
import { platformWrites } from "../permission/permission-service";
import { PAGES } from "#contract/pages";

export const CATEGORY_PAGE = PAGES["system/SysCategoryList"];
const CODE_LOCK = 727_102;

export const CategoryMessages = {
  codeWithChildren: "该分类下有子分类，不能修改分类编码",
} as const;

const badCodeMessage = (parentCode: string) => `编码不符合规范,须以"${parentCode}"开头!`;

/** A code that may be echoed in a message (contract §10: never echo what could be an attack). */
function echo(code: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(code) ? code : "";
}

async function beforeSave(save: SaveContext): Promise<void> {
  const { values } = save;
  if (save.operation === "edit") {
    if ("pid" in values && (values.pid ?? CATEGORY_ROOT_PID) !== save.existing?.pid) throw new ApiError("不支持修改上级分类");
    delete values.pid;
    // The codes below a category start with its code: they would no longer match a new one.
    if (typeof values.code === "string" && values.code !== save.existing?.code && (await categoryChildren(save.tx, save.id)).length > 0)
      throw new ApiError(CategoryMessages.codeWithChildren);
    if (typeof values.code === "string" && save.existing?.pid !== CATEGORY_ROOT_PID) {
      const parent = await categoryById(save.tx, String(save.existing?.pid));
      if (parent && !values.code.startsWith(parent.code)) throw new ApiError(badCodeMessage(parent.code));
    }
    return;
  }
  const pid = typeof values.pid === "string" && values.pid !== "" ? values.pid : CATEGORY_ROOT_PID;
  const parent = pid === CATEGORY_ROOT_PID ? undefined : await categoryById(save.tx, pid);
  if (pid !== CATEGORY_ROOT_PID && !parent) throw new ApiError("上级分类不存在");
  values.pid = pid;
  values.hasChild = "0";
  const parentCode = parent?.code ?? "";
  if (typeof values.code === "string") {
    if (!values.code.startsWith(parentCode)) throw new ApiError(badCodeMessage(parentCode));
    return;
  }
  await save.tx.rows(sql`select pg_advisory_xact_lock(${CODE_LOCK})`);
  const siblings = await categoryChildren(save.tx, pid);
  values.code = nextChildCode(parentCode, siblings.map((row) => row.code));
}

export const categoryCrud = createCrud({
  basePath: "/sys/category",
  title: "分类字典",
  entity: categoryEntity,
  table: sysCategory,
  pagePath: CATEGORY_PAGE,
  permissionPrefix: "category",
  tenant: null,
  // rootList / childList replace the plain list (contract §6 tree modules).
  operations: ["add", "edit", "delete", "deleteBatch", "queryById"],
  body: {
    fields: {
      name: { label: "分类名称", required: "请输入分类名称!" },
      // Generated when not sent (see beforeSave), so not required although NOT NULL.
      code: { label: "分类编码", required: false, pattern: /^[A-Za-z0-9]+$/, patternMessage: "分类编码只允许字母和数字" },
      hasChild: { readOnly: true },
    },
  },
  // JeecgBoot's category sheet (SysCategory's @Excel fields). An imported row names its parent by
  // id and brings its code: codes generated for several new siblings at once would collide.
  excel: {
    title: "分类字典",
    columns: [
      { property: "pid", title: "父级节点", required: true },
      { property: "name", title: "类型名称", required: true },
      { property: "code", title: "类型编码", required: true },
    ],
    unique: ["code"],
    uniqueScope: "all",
  },
  hooks: {
    beforeSave,
    afterSave: async (save) => {
      if (save.operation === "add" && save.values.pid !== CATEGORY_ROOT_PID)
        await save.tx.orm.update(sysCategory).set({ hasChild: "1" }).where(eq(sysCategory.id, String(save.values.pid)));
    },
    // A category goes with everything below it.
    beforeDelete: async (remove) => {
      const rows = await remove.tx.rows<{ id: string }>(sql`
        with recursive tree(id) as (
          select id from sys_category where id in (${sql.join(remove.ids.map((id) => sql`${id}`), sql`, `)})
          union
          select c.id from sys_category c join tree t on c.pid = t.id
        )
        select id from tree`);
      return rows.map((row) => row.id);
    },
    afterDelete: async (remove) => {
      await remove.tx.rows(
        sql`update sys_category c set has_child = '0' where has_child = '1' and not exists (select 1 from sys_category k where k.pid = c.id)`,
      );
    },
  },
});

const categoryDict = () => dictTable("sys_category")!;

// Categories are the platform's (docs/decisions/144): only a platform administrator changes them.
export const categoryEndpoints: Endpoint[] = [
  ...platformWrites(categoryCrud.endpoints, "category"),

  endpoint("GET", "/sys/category/rootList", menuAccess(CATEGORY_PAGE), async (request) => {
    const context = crudContext(request);
    const query = { ...(request.req.query as ListQueryParams) };
    // A search by name or code looks at every level (SysCategoryController.rootList); otherwise
    // only the top level is listed.
    const searching = [query.name, query.code].some((value) => typeof value === "string" && value.trim() !== "");
    if (!searching && (typeof query.pid !== "string" || query.pid.trim() === "")) query.pid = CATEGORY_ROOT_PID;
    return ok(await categoryCrud.list(context, query));
  }, { doc: { summary: "分类字典的根节点列表" } }),

  endpoint("GET", "/sys/category/childList", menuAccess(CATEGORY_PAGE), async (request) => {
    const context = crudContext(request);
    const pid = singleId(request.query.pid);
    if (!pid) return ok([]);
    const records = await categoryCrud.listAll(context, { pid, column: "code", order: "asc" }, 1000);
    return ok(records);
  }, { doc: { summary: "分类字典的子节点列表" } }),

  // The Vue 3 list's refresh of its open rows: the children of several parents, as a page.
  endpoint("GET", "/sys/category/getChildListBatch", menuAccess(CATEGORY_PAGE), async (request) => {
    const context = crudContext(request);
    const parentIds = splitIds(request.query.parentIds);
    if (parentIds.length === 0) return ok({ records: [], total: 0, size: 10, current: 1, pages: 0 });
    // A trailing comma makes the filter a list (`pid IN (…)`, contract §6).
    const records = await categoryCrud.listAll(context, { pid: `${parentIds.join(",")},`, column: "code", order: "asc" }, 5000);
    return ok({ records, total: records.length, size: 10, current: 1, pages: 1 });
  }, { doc: { summary: "批量查询多个分类的子节点" } }),

  endpoint("GET", "/sys/category/checkCode", "user", async ({ query, services }) => {
    const code = (query.code ?? "").trim();
    if (!code) return failure("错误,类型编码为空!");
    const pid = (query.pid ?? "").trim();
    if (!pid || pid === CATEGORY_ROOT_PID) return okMessage("该编码可用");
    const parent = await categoryById(databaseExecutor(services.db), pid);
    if (!parent) return failure("上级分类不存在");
    return code.startsWith(parent.code) ? okMessage("该编码可用") : failure(badCodeMessage(parent.code));
  }, { doc: { summary: "校验分类编码唯一" } }),

  // The top level under `pcode` ('0': the roots); async=false nests every level below.
  endpoint("GET", "/sys/category/loadTreeRoot", "user", async ({ query, services }) => {
    const executor = databaseExecutor(services.db);
    const pcode = (query.pcode ?? "").trim() || CATEGORY_ROOT_PID;
    let pid = CATEGORY_ROOT_PID;
    if (pcode !== CATEGORY_ROOT_PID) {
      const parent = await categoryByCode(executor, pcode);
      if (!parent) return failure(`该编码【${echo(pcode)}】不存在，请核实!`);
      pid = parent.id;
    }
    const nodes = (await categoryChildren(executor, pid, treeConditions(categoryDict(), query.condition))).map(categoryNode);
    return okWithoutCode(query.async === "false" ? await withSubtrees(executor, nodes) : nodes);
  }, { doc: { summary: "加载分类树的根节点" } }),

  endpoint("GET", "/sys/category/loadTreeChildren", "user", async ({ query, services }) => {
    const pid = singleId(query.pid);
    if (!pid) return failure("加载分类字典树参数有误.[null]!");
    const rows = await categoryChildren(databaseExecutor(services.db), pid, treeConditions(categoryDict(), query.condition));
    return okWithoutCode(rows.map(categoryNode));
  }, { doc: { summary: "加载分类树的子节点" } }),

  // `pid` wins over `pcode`; `pcode=0` is the top level (contract §7).
  endpoint("GET", "/sys/category/loadTreeData", "user", async ({ query, services }) => {
    const executor = databaseExecutor(services.db);
    let pid = singleId(query.pid);
    if (!pid) {
      const pcode = (query.pcode ?? "").trim();
      if (!pcode) return failure("加载分类字典树参数有误.[null]!");
      pid = pcode === CATEGORY_ROOT_PID ? CATEGORY_ROOT_PID : (await categoryByCode(executor, pcode))?.id;
      if (!pid) return failure("加载分类字典树参数有误.[code]!");
    }
    const rows = await categoryChildren(executor, pid, treeConditions(categoryDict(), query.condition));
    return okWithoutCode(rows.map(categoryNode));
  }, { doc: { summary: "加载分类字典的树形数据" } }),

  // The names of `ids`, in order; unknown ids dropped, or kept with delNotExist=false.
  endpoint("GET", "/sys/category/loadDictItem", "user", async ({ query, services }) => {
    const ids = splitIds(query.ids);
    const keepUnknown = query.delNotExist === "false";
    const rows =
      ids.length === 0
        ? []
        : await services.db.orm
            .select({ id: sysCategory.id, name: sysCategory.name })
            .from(sysCategory)
            .where(and(sql`${sysCategory.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`));
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return okWithoutCode(ids.flatMap((id) => (names.has(id) ? [names.get(id)!] : keepUnknown ? [id] : [])));
  }, { doc: { summary: "按编码查询分类的名称" } }),

  endpoint("GET", "/sys/category/loadAllData", "user", async ({ query, services }) => {
    const code = (query.code ?? "").trim();
    const rows = await categoriesUnderCode(databaseExecutor(services.db), code);
    return okWithoutCode(rows.map((row) => ({ value: row.value, text: row.text, title: row.text })));
  }, { doc: { summary: "某分类编码下的全部分类（下拉选项）" } }),
];
