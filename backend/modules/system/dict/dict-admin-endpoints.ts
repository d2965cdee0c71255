// The dictionary page (/sys/dict and /sys/dictItem, api-contract.md §7 "Dictionary admin"):
// engine CRUD on shared tables (dictionaries are the application's configuration, not a tenant's).
// Dictionaries go to the recycle bin (del_flag); every change clears the DictionaryService cache so
// sign-in and queryAllDictItems answer the new items at once.
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { sysDict, sysDictItem } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, failure, ok, okMessage } from "../../../http/envelope";
import { databaseExecutor, type Executor } from "../../../crud/context";
import { singleId, splitIds } from "../../../crud/crud-messages";
import { selectRecords } from "../../../crud/page";
import { createCrud, type CrudHooks, type SaveContext } from "../../../crud/engine";
import { defineEntity } from "../../../crud/entity";
import { registerDictTable } from "../../../crud/table-dict";
import { presentCondition } from "../../../crud/store";
import { platformWrites } from "../permission/permission-service";
import { PAGES } from "#contract/pages";

const DICT_PAGE = PAGES["system/DictList"];

export const dictEntity = defineEntity(sysDict, { softDeleteColumn: "del_flag" });
export const dictItemEntity = defineEntity(sysDictItem, {
  fields: { status: { dictCode: "valid_status" } },
  defaultSort: { property: "sortOrder", order: "asc" },
});

registerDictTable({ entity: dictEntity, columns: ["id", "dict_code", "dict_name"], scope: () => presentCondition(dictEntity) });

const clearCache: CrudHooks["afterCommit"] = (context) => context.services.dictionaries.clearCache();

export const DictAdminMessages = {
  codeTaken: "字典编码已存在!",
  itemValueTaken: "该值不可用，系统中已存在！",
  available: "该值可用！",
  notInRecycleBin: "所选字典不在回收站中",
} as const;

/**
 * Dictionary codes are unique across every row, recycled ones too (the unique index of
 * sys_dict.dict_code): answered plainly before the database would refuse it.
 */
async function checkDict(save: SaveContext): Promise<void> {
  const code = save.values.dictCode as string | undefined;
  if (code === undefined || code === null) return;
  const conditions: SQL[] = [eq(sysDict.dictCode, code)];
  if (save.operation === "edit") conditions.push(ne(sysDict.id, save.id));
  const [taken] = await save.tx.orm.select({ id: sysDict.id }).from(sysDict).where(and(...conditions)).limit(1);
  if (taken) throw new ApiError(DictAdminMessages.codeTaken);
}

/** Another item of the same dictionary already holds `value` (`exceptId`: the item being edited). */
async function itemValueTaken(executor: Executor, dictId: string, value: string, exceptId?: string): Promise<boolean> {
  const conditions: SQL[] = [eq(sysDictItem.dictId, dictId), eq(sysDictItem.itemValue, value)];
  if (exceptId) conditions.push(ne(sysDictItem.id, exceptId));
  const [taken] = await executor.orm.select({ id: sysDictItem.id }).from(sysDictItem).where(and(...conditions)).limit(1);
  return taken !== undefined;
}

export const dictCrud = createCrud({
  basePath: "/sys/dict",
  title: "数据字典",
  entity: dictEntity,
  table: sysDict,
  pagePath: DICT_PAGE,
  permissionPrefix: "dict",
  tenant: null,
  body: {
    fields: {
      dictName: { label: "字典名称", required: "请输入字典名称!" },
      // A comma would make the code read as a table dictionary (contract §7 dict code forms).
      dictCode: {
        label: "字典编码",
        required: "请输入字典编码!",
        pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
        patternMessage: "字典编码只能包含字母、数字和下划线，且以字母开头",
      },
      description: { label: "描述" },
      type: { label: "字典类型" },
    },
  },
  // JeecgBoot's dictionary sheet: the dictionaries themselves (their items are kept in 字典配置).
  excel: {
    title: "数据字典",
    columns: [
      { property: "dictName", title: "字典名称", required: true },
      { property: "dictCode", title: "字典编码", required: true },
      { property: "description", title: "描述" },
    ],
    unique: ["dictCode"],
    uniqueScope: "all",
  },
  hooks: { beforeSave: checkDict, afterCommit: clearCache },
});

async function checkItem(save: SaveContext): Promise<void> {
  const dictId = (save.values.dictId ?? save.existing?.dictId) as string | undefined;
  if (save.operation === "add" || "dictId" in save.values) {
    const [dict] = dictId
      ? await save.tx.orm
          .select({ id: sysDict.id })
          .from(sysDict)
          .where(and(eq(sysDict.id, dictId), eq(sysDict.delFlag, 0)))
      : [];
    if (!dict) throw new ApiError("字典不存在");
  }
  if (save.values.status !== undefined && save.values.status !== null && save.values.status !== 0 && save.values.status !== 1)
    throw new ApiError("状态不正确");
  const value = (save.values.itemValue ?? save.existing?.itemValue) as string | undefined;
  if (dictId && value !== undefined && (await itemValueTaken(save.tx, dictId, value, save.operation === "edit" ? save.id : undefined)))
    throw new ApiError(DictAdminMessages.itemValueTaken);
}

export const dictItemCrud = createCrud({
  basePath: "/sys/dictItem",
  title: "字典项",
  entity: dictItemEntity,
  table: sysDictItem,
  pagePath: DICT_PAGE,
  permissionPrefix: "dict",
  tenant: null,
  body: {
    fields: {
      dictId: { label: "字典", required: "字典不存在" },
      itemText: { label: "名称", required: "请输入名称!" },
      itemValue: { label: "数据值", required: "请输入数据值!" },
      description: { label: "描述" },
      sortOrder: { label: "排序值" },
      status: { label: "状态" },
    },
  },
  hooks: { beforeSave: checkItem, afterCommit: clearCache },
});

// Dictionaries are the platform's (docs/decisions/144): every write, the recycle bin's too, is a
// platform administrator's; a school's administrators read them.
export const dictAdminEndpoints: Endpoint[] = platformWrites([
  ...dictCrud.endpoints,
  ...dictItemCrud.endpoints,
  // The item form's live check (SysDictItemController.doDictItemCheck): the value is free within
  // its dictionary; `id` is the item being edited.
  endpoint("GET", "/sys/dictItem/dictItemCheck", menuAccess(DICT_PAGE), async (request) => {
    const dictId = singleId(request.query.dictId);
    const value = request.query.itemValue ?? "";
    if (!dictId || value === "") return ok(DictAdminMessages.available, DictAdminMessages.available);
    const taken = await itemValueTaken(databaseExecutor(request.services.db), dictId, value, singleId(request.query.id));
    return taken ? failure(DictAdminMessages.itemValueTaken) : ok(DictAdminMessages.available, DictAdminMessages.available);
  }, { doc: { summary: "校验字典项的值在字典内唯一" } }),
  ...dictRecycleBinEndpoints(),
], "dict");

/**
 * The recycle bin of 数据字典 (contract §7: deleteList, back/{id}, deletePhysic/{id}; the Vue 3
 * client's putRecycleBin {ids} and deleteRecycleBin?ids= for several): restoring and removing for
 * good are deleting's business (`dict:delete`); a dictionary removed for good takes its items.
 */
function dictRecycleBinEndpoints(): Endpoint[] {
  const recycled = (ids: readonly string[]) =>
    sql`del_flag = 1 and id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
  const restore = async (request: EndpointRequest, ids: string[]) => {
    if (ids.length === 0) throw new ApiError(DictAdminMessages.notInRecycleBin);
    const rows = await request.services.db.rows(
      sql`update sys_dict set del_flag = 0, update_by = ${(request.auth?.user.username ?? "").slice(0, 32)}, update_time = now() where ${recycled(ids)} returning id`,
    );
    if (rows.length === 0) throw new ApiError(DictAdminMessages.notInRecycleBin);
    await request.services.dictionaries.clearCache();
    return okMessage("还原成功");
  };
  const remove = async (request: EndpointRequest, ids: string[]) => {
    if (ids.length === 0) throw new ApiError(DictAdminMessages.notInRecycleBin);
    const rows = await request.services.db.rows(sql`delete from sys_dict where ${recycled(ids)} returning id`);
    if (rows.length === 0) throw new ApiError(DictAdminMessages.notInRecycleBin);
    return okMessage("删除成功!");
  };
  return [
    endpoint("GET", "/sys/dict/deleteList", menuAccess(DICT_PAGE), async (request) =>
      ok(
        await selectRecords(request.services.db, dictEntity, {
          where: sql`del_flag = 1`,
          orderBy: sql`update_time desc nulls last, dict_code asc`,
          limit: 1000,
        }),
      ), { doc: { summary: "字典回收站列表" } },
    ),
    endpoint("PUT", "/sys/dict/back/:id", "dict:delete", async (request) => restore(request, splitIds(request.params.id)), { doc: { summary: "从回收站还原一个字典" } }),
    endpoint("PUT", "/sys/dict/putRecycleBin", "dict:delete", async (request) => restore(request, splitIds(request.body.ids)), { doc: { summary: "从回收站批量还原字典" } }),
    endpoint("DELETE", "/sys/dict/deletePhysic/:id", "dict:delete", async (request) => remove(request, splitIds(request.params.id)), { doc: { summary: "彻底删除回收站中的一个字典" } }),
    endpoint("DELETE", "/sys/dict/deleteRecycleBin", "dict:delete", async (request) => remove(request, splitIds(request.query.ids)), { doc: { summary: "彻底删除回收站中的多个字典" } }),
  ];
}
