// 菜单管理: columns, the search field and the form that changes with the menu type (JeecgBoot
// PermissionList / PermissionModal). The zod schema checks the form in the browser and in the
// action, with the backend's own messages; the backend checks it all again.
import { z } from "zod";
import type { ListPageDefinition } from "~/services/list.server";
import type { FieldOption, SearchField } from "~/components/widgets/list/types";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const MENU_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/PermissionList"],
  permissionPrefix: "permission",
  url: {
    list: "/sys/permission/list",
    add: "/sys/permission/add",
    edit: "/sys/permission/edit",
    delete: "/sys/permission/delete",
    deleteBatch: "/sys/permission/deleteBatch",
  },
} as const;

/** sys_permission.menu_type */
export const MENU_TYPES: FieldOption[] = [
  { value: "0", label: "一级菜单" },
  { value: "1", label: "子菜单" },
  { value: "2", label: "按钮/权限" },
];

export const PERMS_TYPES: FieldOption[] = [
  { value: "1", label: "可见/可访问(授权后可见/可访问)" },
  { value: "2", label: "可编辑(未授权时禁用)" },
];

export const BUTTON_STATUSES: FieldOption[] = [
  { value: "1", label: "有效" },
  { value: "0", label: "无效" },
];

export function menuTypeText(value: unknown): string {
  const type = value === null || value === undefined ? "" : String(value);
  return MENU_TYPES.find((option) => option.value === type)?.label ?? type;
}

/** The form's menu type: a new record without one is a top menu (the radio's default). */
export function formMenuType(values: Record<string, unknown>): "0" | "1" | "2" {
  const type = values.menuType === undefined || values.menuType === null ? "" : String(values.menuType);
  return type === "1" || type === "2" ? type : "0";
}

export const isButtonForm = (values: Record<string, unknown>) => formMenuType(values) === "2";
export const isMenuForm = (values: Record<string, unknown>) => formMenuType(values) !== "2";

export const menuSearchFields: SearchField[] = [{ name: "name", label: "菜单名称", kind: "text", exact: true }];

/** Switch values as the form keeps them ("true"/"false", or the record's 1/0), "" when untouched. */
const flag = (fallback: boolean) =>
  z
    .string()
    .default("")
    .transform((value) => (value === "" ? fallback : value === "true" || value === "1"));

const trimmed = z.string().trim().default("");

/** The form's fields by type, with the messages of the backend (menu-admin-rules.ts). */
export const menuFormSchema = z
  .object({
    id: z.string().optional(),
    menuType: z.string().default(""),
    name: trimmed,
    parentId: trimmed,
    url: trimmed,
    component: trimmed,
    redirect: trimmed,
    perms: trimmed,
    permsType: z.string().default(""),
    status: z.string().default(""),
    icon: trimmed,
    sortNo: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || Number.isFinite(Number(value)), "排序必须是数字"),
    route: flag(true),
    hidden: flag(false),
    keepAlive: flag(false),
    alwaysShow: flag(false),
    internalOrExternal: flag(false),
  })
  .superRefine((form, context) => {
    const type = formMenuType(form);
    const need = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (type === "2") {
      if (!form.name) need("name", "请输入按钮/权限名称!");
      if (!form.parentId) need("parentId", "请选择上级菜单!");
      if (!form.perms.split(",").some((code) => code.trim() !== "")) need("perms", "请输入授权标识!");
      return;
    }
    if (!form.name) need("name", "请输入菜单名称!");
    if (type === "1" && !form.parentId) need("parentId", "请选择上级菜单!");
    if (!form.url) need("url", "请输入菜单路径!");
    if (!form.component) need("component", "请输入前端组件!");
  });

export type MenuForm = z.infer<typeof menuFormSchema>;

/** The checked form → SysPermission's wire body (numbers and booleans as JeecgBoot sends them). */
export function menuBody(form: MenuForm): Record<string, unknown> {
  const menuType = Number(formMenuType(form));
  const orNull = (value: string) => (value === "" ? null : value);
  if (menuType === 2)
    return {
      menuType,
      name: form.name,
      parentId: form.parentId,
      perms: form.perms,
      permsType: form.permsType || "1",
      status: form.status || "1",
    };
  return {
    menuType,
    name: form.name,
    parentId: menuType === 0 ? null : form.parentId,
    url: form.url,
    component: form.component,
    redirect: menuType === 0 ? orNull(form.redirect) : null,
    icon: orNull(form.icon),
    sortNo: form.sortNo === "" ? 1 : Number(form.sortNo),
    route: form.route,
    hidden: form.hidden,
    keepAlive: form.keepAlive,
    alwaysShow: form.alwaysShow,
    internalOrExternal: form.internalOrExternal,
  };
}

export const menuPageDefinition: ListPageDefinition<typeof menuFormSchema> = {
  url: MENU_PAGE.url,
  form: menuFormSchema,
  toBody: (values) => menuBody(values),
};
