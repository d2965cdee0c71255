// 角色管理: the page of the role module (contract/modules/role.ts); widths and the drawers' columns
// are its own.
import { roleModule } from "#contract/modules/role";
import type { ListColumn } from "~/components/widgets/list/list-page";
import { modulePage } from "~/components/widgets/list/module-page";
import type { SearchField } from "~/components/widgets/list/types";

export const rolePage = modulePage(roleModule, {
  columns: { roleName: { width: 160 }, roleCode: { width: 160 }, description: { width: 260, sorter: false }, createTime: { width: 170 } },
  // A new code is asked of /sys/role/checkRoleCode by the route (the original's 角色编码已存在).
  form: { roleCode: { duplicate: undefined } },
});

export const ROLE_PAGE = {
  path: roleModule.page,
  permissionPrefix: roleModule.permissionPrefix,
  url: rolePage.list.url,
  /** Buttons of the page beyond the standard ones (backend/seed/data/menu.ts). */
  buttons: { authorize: "role:authorize", users: "role:users" },
} as const;

export const roleFormSchema = rolePage.list.form;
export const roleColumns = rolePage.columns;
export const roleSearchFields = rolePage.searchFields({});
export const roleFormFields = rolePage.formFields({});
/** The advanced query's fields (高级查询). */
export const roleSuperQuery = rolePage.superQuery;

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
