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
