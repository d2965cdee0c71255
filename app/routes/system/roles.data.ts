// 角色管理: columns, search fields and the form, as declarations (STYLE.md). The zod schema is
// used by the browser before posting and by the action before calling the backend; the texts are
// JeecgBoot's RoleModal rules.
import { z } from "zod";
import type { ListColumn } from "~/components/list/list-page";
import type { FormField, SearchField } from "~/components/list/types";
import type { SuperQueryField } from "~/components/super-query";

export const ROLE_PAGE = {
  path: "/isystem/roleUserList",
  permissionPrefix: "role",
  url: {
    list: "/sys/role/list",
    add: "/sys/role/add",
    edit: "/sys/role/edit",
    delete: "/sys/role/delete",
    deleteBatch: "/sys/role/deleteBatch",
    exportXls: "/sys/role/exportXls",
    importExcel: "/sys/role/importExcel",
  },
  /** Buttons of the page beyond the standard ones (backend/seed/data/menu.ts). */
  buttons: { authorize: "role:authorize", users: "role:users" },
} as const;

const CHINESE = /[\u4E00-\u9FA5]/;

export const roleFormSchema = z.object({
  roleName: z.string().trim().min(1, "请输入角色名称!").min(2, "长度在 2 到 30 个字符").max(30, "长度在 2 到 30 个字符"),
  roleCode: z
    .string()
    .trim()
    .min(1, "请输入角色编码!")
    .max(64, "长度不超过 64 个字符")
    .refine((code) => !CHINESE.test(code), "角色编码不可输入汉字!"),
  description: z.string().trim().max(126, "长度不超过 126 个字符").default(""),
  id: z.string().optional(),
});

export type RoleForm = z.infer<typeof roleFormSchema>;

export const roleColumns: ListColumn[] = [
  { title: "角色名称", dataIndex: "roleName", sorter: true, width: 160 },
  { title: "角色编码", dataIndex: "roleCode", sorter: true, width: 160 },
  { title: "描述", dataIndex: "description", width: 260 },
  { title: "创建时间", dataIndex: "createTime", sorter: true, width: 170 },
];

export const roleSearchFields: SearchField[] = [
  { name: "roleName", label: "角色名称", kind: "text" },
  { name: "roleCode", label: "角色编码", kind: "text" },
];

export const roleFormFields: FormField[] = [
  { name: "roleName", label: "角色名称", kind: "text", required: true },
  {
    name: "roleCode",
    label: "角色编码",
    kind: "text",
    required: true,
    fixedOnEdit: true,
  },
  { name: "description", label: "描述", kind: "textarea" },
];

// ---- the users of one role (the 用户 drawer) ----------------------------------------------------

/** The resource route of the users drawer (its list, and adding or removing users). */
export const ROLE_USERS_ROUTE = "/api/system/role-users";

export const roleUserColumns: ListColumn[] = [
  { title: "用户账号", dataIndex: "username", width: 140 },
  { title: "用户姓名", dataIndex: "realname", width: 120 },
  { title: "状态", dataIndex: "status", dict: true, width: 80 },
  { title: "创建时间", dataIndex: "createTime", width: 170 },
];

export const roleUserSearchFields: SearchField[] = [{ name: "username", label: "用户账号", kind: "text" }];

/** The advanced query's fields (高级查询). */
export const roleSuperQuery: SuperQueryField[] = [
  { value: "roleName", text: "角色名称", type: "string" },
  { value: "roleCode", text: "角色编码", type: "string" },
  { value: "description", text: "描述", type: "string" },
  { value: "createTime", text: "创建时间", type: "datetime" },
];
