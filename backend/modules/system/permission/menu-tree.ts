// Builds the menu answer of getUserPermissionByToken from sys_permission rows (api-contract.md §4).
// Pure: rows in, nodes out, so every quirk of the original is unit-tested without a database.
import { createHash } from "node:crypto";
import type { MenuMeta, MenuNode } from "#contract/permission";

export interface PermissionRow {
  id: string;
  parentId: string | null;
  name: string | null;
  url: string | null;
  component: string | null;
  componentName: string | null;
  redirect: string | null;
  menuType: number;
  icon: string | null;
  isRoute: number | null;
  isLeaf: number | null;
  keepAlive: number | null;
  hidden: number | null;
  hideTab: number | null;
  alwaysShow: number | null;
  internalOrExternal: number | null;
}

const EXTERNAL = /^(https?:\/\/|\{\{)/;

export function isExternalUrl(url: string | null | undefined): boolean {
  return !!url && EXTERNAL.test(url);
}

/** Rows must already be sorted by sort_no; buttons (menu_type 2) are ignored. */
export function buildMenuTree(rows: PermissionRow[]): MenuNode[] {
  const menus = rows.filter((row) => row.menuType !== 2);
  const ids = new Set(menus.map((row) => row.id));
  const children = new Map<string, PermissionRow[]>();
  const roots: PermissionRow[] = [];
  for (const row of menus) {
    if (!row.parentId) roots.push(row);
    else if (ids.has(row.parentId)) {
      const list = children.get(row.parentId) ?? [];
      list.push(row);
      children.set(row.parentId, list);
    }
    // A child whose parent is not granted has nowhere to hang: dropped, as in the original.
  }
  const build = (row: PermissionRow, topLevel: boolean): MenuNode => {
    const node = toNode(row, topLevel);
    const kids = row.isLeaf === 1 ? [] : (children.get(row.id) ?? []);
    if (kids.length > 0) {
      node.children = kids.map((child) => build(child, false));
      if (topLevel && node.children.every((child) => child.hidden)) {
        node.hidden = true;
        node.meta = { hideMenu: true };
      }
    }
    return node;
  };
  return roots.map((row) => build(row, true));
}

function toNode(row: PermissionRow, topLevel: boolean): MenuNode {
  const url = row.url ?? "";
  const external = isExternalUrl(url);
  const meta: MenuMeta = {
    keepAlive: row.keepAlive === 1,
    internalOrExternal: row.internalOrExternal === 1,
    title: row.name ?? "",
    componentName: row.componentName || lastSegment(row.component ?? ""),
  };
  if (row.icon) meta.icon = row.icon;
  if (external) meta.url = url;
  if (row.hidden === 1) meta.hideMenu = true;
  if (row.hideTab === 1) meta.hideTab = true;
  const node: MenuNode = {
    id: row.id,
    route: row.isRoute === 0 ? "0" : "1",
    path: external ? createHash("md5").update(url).digest("hex") : url,
    name: row.componentName || routeName(url),
    component: row.component,
    meta,
  };
  if (topLevel) node.redirect = row.redirect ?? null;
  if (row.hidden === 1) node.hidden = true;
  if (row.alwaysShow === 1) node.alwaysShow = true;
  return node;
}

function routeName(url: string): string {
  return url.replace(/^\//, "").replaceAll("/", "-").replaceAll(":", "@");
}

function lastSegment(component: string): string {
  return component.slice(component.lastIndexOf("/") + 1);
}
