// 职务管理: columns, search fields and the form, as declarations (STYLE.md). The zod schema is
// used by the browser before posting and by the action before calling the backend.
import { z } from "zod";
import type { ListColumn } from "~/components/list/list-page";
import type { FieldOption, FormField, SearchField } from "~/components/list/types";
import type { SuperQueryField } from "~/components/super-query";

export const POSITION_PAGE = {
  path: "/isystem/position",
  permissionPrefix: "position",
  url: {
    list: "/sys/position/list",
    add: "/sys/position/add",
    edit: "/sys/position/edit",
    delete: "/sys/position/delete",
    deleteBatch: "/sys/position/deleteBatch",
    exportXls: "/sys/position/exportXls",
    importExcel: "/sys/position/importExcel",
  },
} as const;

/** The backend's rule for codes (backend/modules/position): letters, digits, `_` and `-`. */
export const POSITION_CODE = /^[A-Za-z0-9_-]+$/;

export const positionFormSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "请输入职务编码!")
    .max(100, "最大长度100位字符")
    .refine((code) => code === "" || POSITION_CODE.test(code), "职务编码只允许字母、数字、下划线和横线"),
  name: z.string().trim().min(1, "请输入职务名称!").max(100, "最大长度100位字符"),
  postRank: z.string().trim().min(1, "请选择职级!"),
  id: z.string().optional(),
});

export const positionColumns: ListColumn[] = [
  { title: "职务编码", dataIndex: "code", sorter: true, width: 160 },
  { title: "职务名称", dataIndex: "name", sorter: true, width: 180 },
  {
    title: "职级",
    dataIndex: "postRank",
    dict: true,
    sorter: true,
    width: 120,
  },
  { title: "创建时间", dataIndex: "createTime", sorter: true, width: 170 },
];

export const positionSearchFields: SearchField[] = [
  { name: "name", label: "职务名称", kind: "text" },
  { name: "code", label: "职务编码", kind: "text" },
];

export function positionFormFields(options: { ranks: FieldOption[] }): FormField[] {
  return [
    // The school's 通用编码规则 (check rule `common`): a letter first, 3 to 12 characters.
    {
      name: "code",
      label: "职务编码",
      kind: "text",
      required: true,
      fixedOnEdit: true,
      checkRule: "common",
      duplicate: { tableName: "sys_position", fieldName: "code" },
    },
    { name: "name", label: "职务名称", kind: "text", required: true },
    {
      name: "postRank",
      label: "职级",
      kind: "select",
      required: true,
      options: options.ranks,
    },
  ];
}

/** The advanced query's fields (高级查询). */
export const positionSuperQuery: SuperQueryField[] = [
  { value: "code", text: "职务编码", type: "string" },
  { value: "name", text: "职务名称", type: "string" },
  { value: "postRank", text: "职级", type: "list", dictCode: "position_rank" },
  { value: "createTime", text: "创建时间", type: "datetime" },
];
