// The rules of 菜单管理 (SysPermissionController / SysPermissionServiceImpl, api-contract.md §4-§5
// sys_permission), pure so they are unit-tested without a database: the wire body of add / edit
// (JeecgBoot's SysPermission names: `route`, `keepAlive`, `alwaysShow`… as booleans), what a menu
// and a button each need, and the SysPermissionTree answer of /sys/permission/list.
import { z } from "zod";
import { formatDateTime } from "../../../http/format";
import type { PermissionRow } from "./menu-tree";

export const MenuType = { top: 0, sub: 1, button: 2 } as const;

export const MenuMessages = {
  added: "添加成功！",
  edited: "修改成功！",
  deleted: "删除成功!",
  notFound: "未找到菜单信息",
  badIds: "参数不识别！",
  badType: "菜单类型不正确",
  nameRequired: "请输入菜单名称!",
  buttonNameRequired: "请输入按钮/权限名称!",
  urlRequired: "请输入菜单路径!",
  componentRequired: "请输入前端组件!",
  parentRequired: "请选择上级菜单!",
  parentMissing: "上级菜单不存在",
  parentIsButton: "按钮/权限下不能再添加下级",
  parentCycle: "上级菜单不能是当前菜单或其下级菜单",
  permsRequired: "请输入授权标识!",
  permsTaken: "授权标识已存在!",
  urlTaken: "菜单路径已存在!",
  badPermsType: "授权策略不正确",
  badStatus: "状态不正确",
  // checkPermDuplication (as the original's answer)
  available: "该值可用！",
  taken: "该值不可用，系统中已存在！",
} as const;

/** The row as stored (drizzle property names of sys_permission), flags as 0/1. */
export interface MenuRow extends PermissionRow {
  perms: string | null;
  permsType: string | null;
  sortNo: number | null;
  description: string | null;
  delFlag: number;
  ruleFlag: number | null;
  status: string | null;
  createBy: string | null;
  createTime: Date | string | null;
  updateBy: string | null;
  updateTime: Date | string | null;
}

/** What a request may write; everything else (id, leaf, del_flag, audit) is the server's. */
export type MenuValues = Partial<
  Pick<
    MenuRow,
    | "parentId"
    | "name"
    | "url"
    | "component"
    | "componentName"
    | "redirect"
    | "menuType"
    | "perms"
    | "permsType"
    | "sortNo"
    | "alwaysShow"
    | "icon"
    | "isRoute"
    | "keepAlive"
    | "hidden"
    | "hideTab"
    | "description"
    | "status"
    | "internalOrExternal"
  >
>;

const text = (max: number, label: string) =>
  z.union([z.string(), z.number()]).nullable().transform((value, context) => {
    if (value === null) return null;
    const trimmed = String(value).trim();
    if (trimmed === "") return null;
    if ([...trimmed].length > max) {
      context.addIssue({ code: "custom", message: `${label}长度不能超过${max}个字符` });
      return z.NEVER;
    }
    return trimmed;
  });

/** JeecgBoot sends booleans; forms may send 1/0 or their text. Stored as smallint 0/1. */
const flag = (label: string) =>
  z.union([z.boolean(), z.number(), z.string()]).nullable().transform((value, context) => {
    if (value === null || value === "") return null;
    if (value === true || value === 1 || value === "1" || value === "true") return 1;
    if (value === false || value === 0 || value === "0" || value === "false") return 0;
    context.addIssue({ code: "custom", message: `${label}格式不正确` });
    return z.NEVER;
  });

const bodySchema = z.object({
  parentId: text(32, "上级菜单").optional(),
  name: text(255, "菜单名称").optional(),
  url: text(255, "菜单路径").optional(),
  component: text(255, "前端组件").optional(),
  componentName: text(100, "组件名称").optional(),
  redirect: text(255, "默认跳转地址").optional(),
  menuType: z
    .union([z.number(), z.string()])
    .nullable()
    .transform((value, context) => {
      const number = typeof value === "number" ? value : value === null || value.trim() === "" ? NaN : Number(value);
      if (number !== 0 && number !== 1 && number !== 2) {
        context.addIssue({ code: "custom", message: MenuMessages.badType });
        return z.NEVER;
      }
      return number;
    })
    .optional(),
  perms: text(1000, "授权标识").optional(),
  permsType: text(10, "授权策略").optional(),
  sortNo: z
    .union([z.number(), z.string()])
    .nullable()
    .transform((value, context) => {
      if (value === null || value === "") return null;
      const number = Number(value);
      if (!Number.isFinite(number)) {
        context.addIssue({ code: "custom", message: "排序必须是数字" });
        return z.NEVER;
      }
      return number;
    })
    .optional(),
  alwaysShow: flag("聚合路由").optional(),
  icon: text(100, "菜单图标").optional(),
  route: flag("是否路由菜单").optional(),
  keepAlive: flag("是否缓存路由").optional(),
  hidden: flag("隐藏路由").optional(),
  hideTab: flag("隐藏Tab").optional(),
  description: text(255, "描述").optional(),
  status: text(2, "状态").optional(),
  internalOrExternal: flag("打开方式").optional(),
});

/**
 * A request body → the values it writes (absent properties stay absent: an edit keeps them).
 * Unknown properties, ids, leaf flags and audit columns are never taken from the body.
 */
export function parseMenuBody(body: unknown): MenuValues | { error: string } {
  const parsed = bodySchema.safeParse(body && typeof body === "object" && !Array.isArray(body) ? body : {});
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "提交的数据格式不正确" };
  const { route, ...rest } = parsed.data;
  const values: MenuValues = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  if (route !== undefined) values.isRoute = route;
  return values;
}

/** Comma-separated permission codes, trimmed, blanks dropped. */
export function permissionCodes(perms: string | null | undefined): string[] {
  return (perms ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
}

/**
 * The complete record after the change (the existing row merged with the values), normalised by
 * type as the original's service does: a top menu has no parent; a button keeps only what a
 * button means (name, parent, perms, strategy, status, order). Answers the first broken rule.
 */
export function normaliseMenu(merged: MenuValues & { menuType?: number | null }): { values: MenuValues } | { error: string } {
  const menuType = merged.menuType ?? MenuType.top;
  if (menuType !== 0 && menuType !== 1 && menuType !== 2) return { error: MenuMessages.badType };
  const values: MenuValues = { ...merged, menuType };
  if (menuType === MenuType.button) {
    if (!values.name) return { error: MenuMessages.buttonNameRequired };
    if (!values.parentId) return { error: MenuMessages.parentRequired };
    const codes = permissionCodes(values.perms);
    if (codes.length === 0) return { error: MenuMessages.permsRequired };
    values.perms = codes.join(",");
    // '0' is a menu row's default: a menu turned into a button starts as "visible when granted".
    values.permsType = !values.permsType || values.permsType === "0" ? "1" : values.permsType;
    if (values.permsType !== "1" && values.permsType !== "2") return { error: MenuMessages.badPermsType };
    values.status = values.status ?? "1";
    if (values.status !== "0" && values.status !== "1") return { error: MenuMessages.badStatus };
    for (const key of ["url", "component", "componentName", "redirect", "icon"] as const) values[key] = null;
    for (const key of ["alwaysShow", "keepAlive", "hidden", "hideTab", "internalOrExternal"] as const) values[key] = 0;
    values.isRoute = 1;
    return { values };
  }
  if (!values.name) return { error: MenuMessages.nameRequired };
  if (menuType === MenuType.top) values.parentId = null;
  else if (!values.parentId) return { error: MenuMessages.parentRequired };
  if (!values.url) return { error: MenuMessages.urlRequired };
  if (!values.component) return { error: MenuMessages.componentRequired };
  values.perms = null;
  values.permsType = values.permsType ?? "0";
  values.status = values.status ?? "1";
  for (const key of ["alwaysShow", "keepAlive", "hidden", "hideTab", "internalOrExternal"] as const) values[key] = values[key] ?? 0;
  values.isRoute = values.isRoute ?? 1;
  values.sortNo = values.sortNo ?? 1;
  return { values };
}

/** SysPermissionTree: the row with JeecgBoot's wire names and booleans, `key`/`title` for trees. */
export interface MenuTreeNode {
  id: string;
  key: string;
  title: string | null;
  parentId: string | null;
  name: string | null;
  perms: string | null;
  permsType: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number | null;
  menuType: number;
  isLeaf: boolean;
  route: boolean;
  keepAlive: boolean;
  description: string | null;
  delFlag: number;
  alwaysShow: boolean;
  hidden: boolean;
  hideTab: boolean;
  status: string | null;
  icon: string | null;
  internalOrExternal: boolean;
  ruleFlag: number | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  children?: MenuTreeNode[];
}

export function toTreeNode(row: MenuRow, leaf = row.isLeaf === 1): MenuTreeNode {
  return {
    id: row.id,
    key: row.id,
    title: row.name,
    parentId: row.parentId || null,
    name: row.name,
    perms: row.perms,
    permsType: row.permsType,
    component: row.component,
    componentName: row.componentName,
    url: row.url,
    redirect: row.redirect,
    sortNo: row.sortNo === null ? null : Number(row.sortNo),
    menuType: row.menuType,
    isLeaf: leaf,
    route: row.isRoute !== 0,
    keepAlive: row.keepAlive === 1,
    description: row.description,
    delFlag: row.delFlag,
    alwaysShow: row.alwaysShow === 1,
    hidden: row.hidden === 1,
    hideTab: row.hideTab === 1,
    status: row.status,
    icon: row.icon,
    internalOrExternal: row.internalOrExternal === 1,
    ruleFlag: row.ruleFlag,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
  };
}

/**
 * The whole tree of /sys/permission/list, rows already sorted by sort_no. Children hang under
 * their parent whatever its leaf flag (a stale flag must not hide rows from the administrator);
 * `children` is present only when there are some. A row whose parent is gone is shown at the top,
 * so it can still be found and deleted.
 */
export function buildMenuAdminTree(rows: readonly MenuRow[]): MenuTreeNode[] {
  const nodes = new Map<string, MenuTreeNode>();
  for (const row of rows) nodes.set(row.id, toTreeNode(row));
  const roots: MenuTreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  for (const node of nodes.values()) node.isLeaf = !node.children;
  return roots;
}

/** A name search answers a flat list, every row a leaf (as the original). */
export function flatMenuList(rows: readonly MenuRow[]): MenuTreeNode[] {
  return rows.map((row) => toTreeNode(row, true));
}

/** `id` and every id below it, from a parent → children index. */
export function withDescendants(ids: readonly string[], childrenOf: ReadonlyMap<string, readonly string[]>): string[] {
  const seen = new Set<string>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const child of childrenOf.get(id) ?? []) stack.push(child);
  }
  return [...seen];
}
