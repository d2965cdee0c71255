// 数据字典: the dictionary list and its items (JeecgBoot DictList / DictModal / DictItemList /
// DictItemModal), as declarations. Each zod schema checks its form in the browser and in the
// action; the backend checks the same rules again (dict-admin-endpoints.ts).
import { z } from "zod";
import type { ListColumn } from "~/components/widgets/list/list-page";
import type { FormField, SearchField, FieldOption } from "~/components/widgets/list/types";
import type { ListPageDefinition } from "~/services/list.server";
import type { SuperQueryField } from "~/components/widgets/super-query";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const DICT_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/DictList"],
  permissionPrefix: "dict",
  url: {
    list: "/sys/dict/list",
    add: "/sys/dict/add",
    edit: "/sys/dict/edit",
    delete: "/sys/dict/delete",
    deleteBatch: "/sys/dict/deleteBatch",
    exportXls: "/sys/dict/exportXls",
    importExcel: "/sys/dict/importExcel",
  },
} as const;

/** The resource route of the items drawer (its list, saves and deletes). */
export const DICT_ITEMS_ROUTE = "/api/system/dict-items";

/** Same rule as the backend: a comma would make the code read as a table dictionary. */
const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]*$/;

export const dictFormSchema = z.object({
  id: z.string().optional(),
  dictName: z.string().trim().min(1, "请输入字典名称!").max(100, "最大长度100位字符"),
  dictCode: z.string().trim().min(1, "请输入字典编码!").max(100, "最大长度100位字符").regex(DICT_CODE, "字典编码只能包含字母、数字和下划线，且以字母开头"),
  description: z.string().trim().max(255, "最大长度255位字符").default(""),
});

export const dictPageDefinition: ListPageDefinition<typeof dictFormSchema> = {
  url: DICT_PAGE.url,
  form: dictFormSchema,
};

export const dictColumns: ListColumn[] = [
  { title: "字典名称", dataIndex: "dictName", sorter: true, width: 200 },
  { title: "字典编号", dataIndex: "dictCode", sorter: true, width: 200 },
  { title: "描述", dataIndex: "description", width: 300 },
];

export const dictSearchFields: SearchField[] = [
  { name: "dictName", label: "字典名称", kind: "text" },
  { name: "dictCode", label: "字典编号", kind: "text" },
];

export const dictFormFields: FormField[] = [
  { name: "dictName", label: "字典名称", kind: "text", required: true },
  {
    name: "dictCode",
    label: "字典编码",
    kind: "text",
    required: true,
    fixedOnEdit: true,
    duplicate: { tableName: "sys_dict", fieldName: "dict_code" },
  },
  { name: "description", label: "描述", kind: "textarea" },
];

// ---- the items of one dictionary (the 字典配置 drawer) -------------------------------------------

/** What the item form sends; the dictionary comes from the drawer's route (`?dictId=`). */
export const dictItemFormSchema = z.object({
  id: z.string().optional(),
  itemText: z.string().trim().min(1, "请输入名称!").max(100, "最大长度100位字符"),
  itemValue: z.string().trim().min(1, "请输入数据值!").max(100, "最大长度100位字符"),
  description: z.string().trim().max(255, "最大长度255位字符").default(""),
  sortOrder: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || /^-?\d+$/.test(value), "排序值必须是整数"),
  status: z.enum(["0", "1"], { message: "状态不正确" }).default("1"),
});

export type DictItemForm = z.infer<typeof dictItemFormSchema>;

/** Items in the order of their 排序值 (JeecgBoot's DictItemList). */
export const DICT_ITEM_SORT = { column: "sortOrder", order: "asc" } as const;

/** The items of one dictionary: listed by it (the `dictId` filter), saved into it. */
export function dictItemPageDefinition(dictId: string): ListPageDefinition<typeof dictItemFormSchema> {
  return {
    url: {
      list: "/sys/dictItem/list",
      add: "/sys/dictItem/add",
      edit: "/sys/dictItem/edit",
      delete: "/sys/dictItem/delete",
      deleteBatch: "/sys/dictItem/deleteBatch",
    },
    defaultSort: DICT_ITEM_SORT,
    form: dictItemFormSchema,
    toBody: (values) => ({
      dictId,
      itemText: values.itemText,
      itemValue: values.itemValue,
      description: values.description,
      sortOrder: values.sortOrder === "" ? 1 : Number(values.sortOrder),
      status: Number(values.status),
    }),
  };
}

// Narrow enough for the 860px drawer with the engine's 操作 column.
export const dictItemColumns: ListColumn[] = [
  { title: "名称", dataIndex: "itemText", width: 120 },
  { title: "数据值", dataIndex: "itemValue", width: 100 },
  { title: "描述", dataIndex: "description", width: 140 },
  { title: "排序值", dataIndex: "sortOrder", width: 80 },
  { title: "是否启用", dataIndex: "status", dict: true, width: 90 },
];

export function dictItemSearchFields(statuses: FieldOption[]): SearchField[] {
  return [
    { name: "itemText", label: "名称", kind: "text" },
    { name: "status", label: "状态", kind: "select", options: statuses },
  ];
}

/** The advanced query's fields (高级查询). */
export const dictSuperQuery: SuperQueryField[] = [
  { value: "dictName", text: "字典名称", type: "string" },
  { value: "dictCode", text: "字典编号", type: "string" },
  { value: "description", text: "描述", type: "string" },
  { value: "createTime", text: "创建时间", type: "datetime" },
];
