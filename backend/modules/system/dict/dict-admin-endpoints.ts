// The dictionary page (/sys/dict and /sys/dictItem, api-contract.md §7 "Dictionary admin"):
// engine CRUD on shared tables (dictionaries are the application's configuration, not a tenant's).
// Dictionaries go to the recycle bin (del_flag); every change clears the DictionaryService cache so
// sign-in and queryAllDictItems answer the new items at once.
import { and, eq, ne, type SQL } from "drizzle-orm";
import { sysDict, sysDictItem } from "../../../db/schema";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, failure, ok } from "../../../http/envelope";
import { databaseExecutor, type Executor } from "../../../crud/context";
import { singleId } from "../../../crud/crud-messages";
import { createCrud, type CrudHooks, type SaveContext } from "../../../crud/engine";
import { defineEntity } from "../../../crud/entity";
import { registerDictTable } from "../../../crud/table-dict";
import { presentCondition } from "../../../crud/store";

const DICT_PAGE = "/isystem/dict";

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

export const dictAdminEndpoints: Endpoint[] = [
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
  }),
];
