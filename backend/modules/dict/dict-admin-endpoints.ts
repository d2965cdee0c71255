// The dictionary page (/sys/dict and /sys/dictItem, api-contract.md §7 "Dictionary admin"):
// engine CRUD on shared tables (dictionaries are the application's configuration, not a tenant's).
// Dictionaries go to the recycle bin (del_flag); every change clears the DictionaryService cache so
// sign-in and queryAllDictItems answer the new items at once.
import { and, eq, ne, type SQL } from "drizzle-orm";
import { sysDict, sysDictItem } from "../../db/schema";
import type { Endpoint } from "../../http/endpoint";
import { ApiError } from "../../http/envelope";
import { createCrud, type CrudHooks, type SaveContext } from "../../crud/engine";
import { defineEntity } from "../../crud/entity";
import { registerDictTable } from "../../crud/table-dict";
import { presentCondition } from "../../crud/store";

const DICT_PAGE = "/isystem/dict";

export const dictEntity = defineEntity(sysDict, { softDeleteColumn: "del_flag" });
export const dictItemEntity = defineEntity(sysDictItem, {
  fields: { status: { dictCode: "valid_status" } },
  defaultSort: { property: "sortOrder", order: "asc" },
});

registerDictTable({ entity: dictEntity, columns: ["id", "dict_code", "dict_name"], scope: () => presentCondition(dictEntity) });

const clearCache: CrudHooks["afterCommit"] = (context) => context.services.dictionaries.clearCache();

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
  hooks: { afterCommit: clearCache },
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
  if (dictId && value !== undefined) {
    const conditions: SQL[] = [eq(sysDictItem.dictId, dictId), eq(sysDictItem.itemValue, value)];
    if (save.operation === "edit") conditions.push(ne(sysDictItem.id, save.id));
    const [taken] = await save.tx.orm.select({ id: sysDictItem.id }).from(sysDictItem).where(and(...conditions)).limit(1);
    if (taken) throw new ApiError("该值不可用，系统中已存在！");
  }
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

export const dictAdminEndpoints: Endpoint[] = [...dictCrud.endpoints, ...dictItemCrud.endpoints];
