// Menu and permission answer of getUserPermissionByToken (docs/spec/api-contract.md §4).
import { z } from "zod";
import type { ActionOf, PermissionCode, PermissionPrefix } from "./permission-codes";

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
  /** Holds a platform administrator role: may press the buttons of the platform's kinds (PlatformOwnedKinds). */
  platformAdmin: z.boolean().default(false),
});
export type PermissionAnswer = z.infer<typeof permissionAnswerSchema>;

/** The buttons of a kind's usual writes: `prefix:add`, edit, delete, batch_delete, import, and `more` (each a code of the prefix). */
function writeButtons<Prefix extends PermissionPrefix>(prefix: Prefix, ...more: ActionOf<Prefix>[]): PermissionCode[] {
  // `${Prefix}:${ActionOf<Prefix>}` is a PermissionCode by ActionOf's definition, which TypeScript does not see through.
  return ["add", "edit", "delete", "batch_delete", "import", ...more].map((action) => `${prefix}:${action}` as PermissionCode);
}

/**
 * The kinds only a platform administrator changes (docs/decisions/144): shared by every school,
 * read by each school's administrators, written by the platform's. Each names its refusal and the
 * buttons of its writes. The backend refuses those writes to anyone else (`platformWrites`, which
 * also refuses to serve a write whose button is not listed here), and the web app hides the buttons
 * from anyone else (`canPress`, docs/decisions/150): one list for both.
 */
export const PlatformOwnedKinds = {
  fillRule: { message: "填值规则由平台统一维护，只有平台管理员可以修改", buttons: writeButtons("fillRule") },
  checkRule: { message: "校验规则由平台统一维护，只有平台管理员可以修改", buttons: writeButtons("checkRule") },
  dict: { message: "数据字典由平台统一维护，只有平台管理员可以修改", buttons: writeButtons("dict") },
  category: { message: "分类字典由平台统一维护，只有平台管理员可以修改", buttons: writeButtons("category") },
  menu: { message: "菜单和按钮由平台统一维护，只有平台管理员可以修改", buttons: ["permission:add", "permission:edit", "permission:delete", "permission:batch_delete"] },
  dataRule: { message: "数据规则由平台统一维护，只有平台管理员可以修改", buttons: writeButtons("dataRule") },
  onlineForm: { message: "表单定义由平台统一维护，只有平台管理员可以修改或同步数据库", buttons: writeButtons("online:cgform", "db_sync", "add_menu") },
  reportMenu: { message: "菜单和按钮由平台统一维护，只有平台管理员可以生成菜单", buttons: ["onlCgreport:menu"] },
} as const satisfies Record<string, { message: string; buttons: readonly PermissionCode[] }>;

export type PlatformOwnedKind = keyof typeof PlatformOwnedKinds;

/** Each platform-owned kind's refusal. */
export const PlatformOwnedMessages = Object.fromEntries(Object.entries(PlatformOwnedKinds).map(([kind, { message }]) => [kind, message])) as {
  [Kind in PlatformOwnedKind]: (typeof PlatformOwnedKinds)[Kind]["message"];
};

const PLATFORM_OWNED_BUTTONS: ReadonlySet<string> = new Set(Object.values(PlatformOwnedKinds).flatMap((kind) => kind.buttons));

/** Is `code` the button of a write only a platform administrator makes? */
export function isPlatformOwnedButton(code: string): boolean {
  return PLATFORM_OWNED_BUTTONS.has(code.trim());
}
