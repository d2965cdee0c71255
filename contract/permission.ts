// Menu and permission answer of getUserPermissionByToken (docs/spec/api-contract.md §4).
import { z } from "zod";

export interface MenuMeta {
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  title?: string;
  componentName?: string;
  icon?: string;
  url?: string;
  hideMenu?: boolean;
  hideTab?: boolean;
  permissionList?: unknown[];
  /** Codes of which the user needs one to see the entry (docs/spec/app-shell.md §2 "meta.permission"). */
  permission?: string[];
}

export interface MenuNode {
  id: string;
  route: "0" | "1";
  path: string;
  name: string;
  component?: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: MenuMeta;
  children?: MenuNode[];
}

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.string(),
    route: z.enum(["0", "1"]).catch("1"),
    path: z.string(),
    name: z.string(),
    component: z.string().nullish(),
    redirect: z.string().nullish(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    meta: z
      .object({
        keepAlive: z.boolean().optional(),
        internalOrExternal: z.boolean().optional(),
        title: z.string().optional(),
        componentName: z.string().optional(),
        icon: z.string().optional(),
        url: z.string().optional(),
        hideMenu: z.boolean().optional(),
        hideTab: z.boolean().optional(),
        permissionList: z.array(z.unknown()).optional(),
        permission: z.array(z.string()).optional(),
      })
      .catch({}),
    children: z.array(menuNodeSchema).optional(),
  }),
);

export const authEntrySchema = z.object({
  action: z.string().nullish().transform((value) => value ?? ""),
  type: z.coerce.string().nullish().transform((value) => value ?? "1"),
  describe: z.string().nullish(),
  status: z.coerce.string().nullish(),
});
export type AuthEntry = z.infer<typeof authEntrySchema>;

export const permissionAnswerSchema = z.object({
  menu: z.array(menuNodeSchema),
  auth: z.array(authEntrySchema).default([]),
  allAuth: z.array(authEntrySchema).default([]),
  sysSafeMode: z.boolean().default(false),
});
export type PermissionAnswer = z.infer<typeof permissionAnswerSchema>;

/**
 * The refusals of the kinds only a platform administrator changes (docs/decisions/144): shared by
 * every school, read by each school's administrators, written by the platform's.
 */
export const PlatformOwnedMessages = {
  fillRule: "填值规则由平台统一维护，只有平台管理员可以修改",
  checkRule: "校验规则由平台统一维护，只有平台管理员可以修改",
  dict: "数据字典由平台统一维护，只有平台管理员可以修改",
  category: "分类字典由平台统一维护，只有平台管理员可以修改",
  menu: "菜单和按钮由平台统一维护，只有平台管理员可以修改",
  dataRule: "数据规则由平台统一维护，只有平台管理员可以修改",
  onlineForm: "表单定义由平台统一维护，只有平台管理员可以修改或同步数据库",
  reportMenu: "菜单和按钮由平台统一维护，只有平台管理员可以生成菜单",
} as const;
