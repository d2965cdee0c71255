// 分类字典 (/isystem/category, JeecgBoot SysCategoryList): columns, search fields and the form, as
// declarations (docs/style.md). Codes are hierarchical: a child's starts with its parent's, and the
// backend generates one when none is given (api-contract.md §7 "Category").
import type { ReactNode } from "react";
import { z } from "zod";
import type { ListColumn } from "~/components/widgets/list/list-page";
import type { FormField, SearchField } from "~/components/widgets/list/types";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const CATEGORY_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/SysCategoryList"],
  permissionPrefix: "category",
  url: {
    list: "/sys/category/rootList",
    add: "/sys/category/add",
    edit: "/sys/category/edit",
    delete: "/sys/category/delete",
    deleteBatch: "/sys/category/deleteBatch",
    childList: "/sys/category/childList",
    checkCode: "/sys/category/checkCode",
  },
  defaultSort: { column: "code", order: "asc" },
} as const;

/** The pid of the top level. */
export const ROOT_PID = "0";

export const categoryFormSchema = z.object({
  id: z.string().optional(),
  pid: z.string().default(""),
  name: z.string().trim().min(1, "请输入分类名称!").max(100, "分类名称长度不能超过100个字符"),
  code: z
    .string()
    .trim()
    .max(100, "分类编码长度不能超过100个字符")
    .regex(/^[A-Za-z0-9]*$/, "分类编码只允许字母和数字")
    .default(""),
});

export type CategoryForm = z.infer<typeof categoryFormSchema>;

/** The backend body: no code means "generate one" (add) or "keep it" (edit); roots have no pid. */
export function categoryBody(values: CategoryForm): Record<string, unknown> {
  const { id: _id, pid, code, name } = values;
  return { name, ...(code ? { code } : {}), ...(pid && pid !== ROOT_PID ? { pid } : {}) };
}

export const categoryColumns: ListColumn[] = [
  { title: "分类名称", dataIndex: "name", width: 260 },
  { title: "分类编码", dataIndex: "code", sorter: true, width: 200 },
];

export const categorySearchFields: SearchField[] = [
  { name: "name", label: "名称", kind: "text" },
  { name: "code", label: "编码", kind: "text" },
];

/** `parentField` shows the parent's name (the record's `parentName`); the parent is never changed. */
export function categoryFormFields(parentField: (record: Record<string, unknown> | null) => ReactNode): FormField[] {
  return [
    {
      name: "pid",
      label: "父级节点",
      kind: "custom",
      render: ({ record }) => parentField(record),
      visibleWhen: (values) => typeof values.pid === "string" && values.pid !== "" && values.pid !== ROOT_PID,
    },
    { name: "name", label: "分类名称", kind: "text", required: true },
    { name: "code", label: "分类编码", kind: "text", placeholder: "请输入分类编码，不填则自动生成", duplicate: { tableName: "sys_category", fieldName: "code" } },
  ];
}
