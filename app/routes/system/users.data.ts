// 用户管理: columns, search fields and the form, as declarations (docs/style.md). The zod schemas
// live in ./users.schema (loaded by the browser with the form, decision 063).
import type { ReactNode } from "react";
import type { ListColumn } from "~/components/widgets/list/list-page";
import type { FieldOption, FormField, SearchField } from "~/components/widgets/list/types";
import type { SuperQueryField } from "~/components/widgets/super-query";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const USER_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/UserList"],
  permissionPrefix: "user",
  url: {
    list: "/sys/user/list",
    add: "/sys/user/add",
    edit: "/sys/user/edit",
    delete: "/sys/user/delete",
    deleteBatch: "/sys/user/deleteBatch",
    exportXls: "/sys/user/exportXls",
    importExcel: "/sys/user/importExcel",
    queryById: "/sys/user/queryById",
  },
} as const;

export const userColumns: ListColumn[] = [
  { title: "用户账号", dataIndex: "username", sorter: true, width: 120 },
  { title: "用户姓名", dataIndex: "realname", sorter: true, width: 100 },
  { title: "工号", dataIndex: "workNo", sorter: true, width: 100 },
  { title: "性别", dataIndex: "sex", dict: true, sorter: true, width: 70 },
  { title: "生日", dataIndex: "birthday", width: 110 },
  { title: "手机号码", dataIndex: "phone", width: 120 },
  { title: "部门", dataIndex: "orgCodeTxt", width: 120 },
  { title: "状态", dataIndex: "status", dict: true, sorter: true, width: 80 },
  { title: "创建时间", dataIndex: "createTime", sorter: true, width: 170 },
];

/** The advanced query's fields (widgets.md §3): the columns a staff member filters users by. */
export const userSuperQuery: SuperQueryField[] = [
  { value: "username", text: "用户账号", type: "string" },
  { value: "realname", text: "用户姓名", type: "string" },
  { value: "workNo", text: "工号", type: "string" },
  { value: "sex", text: "性别", type: "list", dictCode: "sex" },
  { value: "birthday", text: "生日", type: "date" },
  { value: "phone", text: "手机号码", type: "string" },
  { value: "email", text: "邮箱", type: "string" },
  { value: "status", text: "状态", type: "list", dictCode: "user_status" },
  { value: "createTime", text: "创建时间", type: "datetime" },
];

export function userSearchFields(options: { sex: FieldOption[]; status: FieldOption[] }): SearchField[] {
  return [
    { name: "username", label: "账号", kind: "text" },
    { name: "realname", label: "姓名", kind: "text" },
    { name: "sex", label: "性别", kind: "select", options: options.sex },
    {
      name: "status",
      label: "用户状态",
      kind: "select",
      options: options.status,
    },
  ];
}

/**
 * The pickers of 职务, 角色分配 and 所属部门 (JeecgBoot's j-select-position, the role list and
 * j-select-depart) load their rows when opened, not with the list.
 */
export interface UserFormPickers {
  position: () => ReactNode;
  roles: () => ReactNode;
  departs: () => ReactNode;
}

export function userFormFields(options: { sex: FieldOption[] }, pickers: UserFormPickers): FormField[] {
  return [
    {
      name: "username",
      label: "用户账号",
      kind: "text",
      required: true,
      fixedOnEdit: true,
      duplicate: { tableName: "sys_user", fieldName: "username" },
    },
    {
      name: "password",
      label: "登录密码",
      kind: "password",
      required: true,
      onlyOnAdd: true,
    },
    {
      name: "confirmpassword",
      label: "确认密码",
      kind: "password",
      required: true,
      onlyOnAdd: true,
    },
    { name: "realname", label: "用户姓名", kind: "text", required: true },
    {
      name: "workNo",
      label: "工号",
      kind: "text",
      required: true,
      duplicate: { tableName: "sys_user", fieldName: "work_no" },
    },
    { name: "post", label: "职务", kind: "custom", render: pickers.position },
    {
      name: "selectedroles",
      label: "角色分配",
      kind: "custom",
      render: pickers.roles,
    },
    {
      name: "selecteddeparts",
      label: "所属部门",
      kind: "custom",
      render: pickers.departs,
    },
    { name: "birthday", label: "生日", kind: "date" },
    { name: "sex", label: "性别", kind: "radio", options: options.sex },
    {
      name: "email",
      label: "邮箱",
      kind: "text",
      duplicate: { tableName: "sys_user", fieldName: "email" },
    },
    {
      name: "phone",
      label: "手机号码",
      kind: "text",
      duplicate: { tableName: "sys_user", fieldName: "phone" },
    },
    { name: "telephone", label: "座机", kind: "text" },
  ];
}
