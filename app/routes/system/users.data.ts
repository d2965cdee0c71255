// 用户管理: columns, search fields and the form, as declarations (STYLE.md). The zod schema is
// used by the browser before posting and by the action before calling the backend.
import type { ReactNode } from "react";
import { z } from "zod";
import type { ListColumn } from "~/components/list/list-page";
import type { FieldOption, FormField, SearchField } from "~/components/list/types";
import type { SuperQueryField } from "~/components/super-query";

export const USER_PAGE = {
  path: "/isystem/user",
  permissionPrefix: "user",
  url: {
    list: "/sys/user/list",
    add: "/sys/user/add",
    edit: "/sys/user/edit",
    delete: "/sys/user/delete",
    deleteBatch: "/sys/user/deleteBatch",
    exportXls: "/sys/user/exportXls",
    importExcel: "/sys/user/importExcel",
  },
} as const;

const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
/** JeecgBoot's user password rule: 8+ characters with letters, digits and a symbol. */
const STRONG_PASSWORD = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
const optional = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || pattern.test(value), message);

const userBase = {
  username: z
    .string()
    .trim()
    .min(1, "请输入用户账号!")
    .regex(/^[A-Za-z0-9_]+$/, "只允许字母、数字、下划线"),
  realname: z.string().trim().min(1, "请输入用户名称!").max(100, "最大长度100位字符"),
  workNo: z.string().trim().min(1, "请输入工号").max(100, "最大长度100位字符"),
  sex: z.string().default(""),
  birthday: z.string().default(""),
  phone: optional(MOBILE, "请输入正确的手机号码!").default(""),
  email: optional(EMAIL, "请输入正确格式的电子邮件!").default(""),
  telephone: z.string().trim().max(45, "最大长度45位字符").default(""),
  post: z.string().default(""),
  selectedroles: z.string().default(""),
  selecteddeparts: z.string().default(""),
};

/** Adding a user also sets the password; editing never does (the backend keeps the hash). */
export const userFormSchema = z
  .object({
    ...userBase,
    password: z.string().optional(),
    confirmpassword: z.string().optional(),
    id: z.string().optional(),
  })
  .superRefine((form, context) => {
    if (form.id) return;
    if (!form.password)
      context.addIssue({
        code: "custom",
        path: ["password"],
        message: "请输入密码!",
      });
    else if (!STRONG_PASSWORD.test(form.password))
      context.addIssue({
        code: "custom",
        path: ["password"],
        message: "密码由8位数字、大小写字母和特殊符号组成!",
      });
    if (!form.confirmpassword)
      context.addIssue({
        code: "custom",
        path: ["confirmpassword"],
        message: "请重新输入登录密码!",
      });
    else if (form.password !== form.confirmpassword)
      context.addIssue({
        code: "custom",
        path: ["confirmpassword"],
        message: "两次输入的密码不一样！",
      });
  });

/** 密码 (the administrator's reset, JeecgBoot's PasswordModal): the same strength rule as adding. */
export const resetPasswordSchema = z
  .object({
    username: z.string().min(1, "请选择用户"),
    password: z.string().min(1, "请输入登录密码!").regex(STRONG_PASSWORD, "密码由8位数字、大小写字母和特殊符号组成!"),
    confirmpassword: z.string().min(1, "请重新输入登录密码!"),
  })
  .refine((form) => form.password === form.confirmpassword, {
    path: ["confirmpassword"],
    message: "两次输入的密码不一样！",
  });

export const userColumns: ListColumn[] = [
  { title: "用户账号", dataIndex: "username", sorter: true, width: 120 },
  { title: "用户姓名", dataIndex: "realname", sorter: true, width: 100 },
  { title: "工号", dataIndex: "workNo", sorter: true, width: 100 },
  { title: "性别", dataIndex: "sex", dict: true, sorter: true, width: 70 },
  { title: "生日", dataIndex: "birthday", width: 110 },
  { title: "手机号码", dataIndex: "phone", width: 120 },
  { title: "部门", dataIndex: "orgCode", dict: true, width: 120 },
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
