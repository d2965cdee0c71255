// What a user may see and do: menus and buttons granted through the user's roles.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sysPermission, sysRolePermission, sysUserRole } from "../../db/schema";
import type { AuthEntry, MenuNode, PermissionAnswer } from "#contract/permission";
import { buildMenuTree, type PermissionRow } from "./menu-tree";

const HOME_TITLE = "首页";

export class PermissionService {
  constructor(private readonly db: Database) {}

  /** Every sys_permission row granted to the user's roles (del_flag 0), by sort_no. */
  private async grantedRows(userId: string) {
    return this.db.orm
      .selectDistinct({
        id: sysPermission.id,
        parentId: sysPermission.parentId,
        name: sysPermission.name,
        url: sysPermission.url,
        component: sysPermission.component,
        componentName: sysPermission.componentName,
        redirect: sysPermission.redirect,
        menuType: sysPermission.menuType,
        icon: sysPermission.icon,
        isRoute: sysPermission.isRoute,
        isLeaf: sysPermission.isLeaf,
        keepAlive: sysPermission.keepAlive,
        hidden: sysPermission.hidden,
        hideTab: sysPermission.hideTab,
        alwaysShow: sysPermission.alwaysShow,
        internalOrExternal: sysPermission.internalOrExternal,
        perms: sysPermission.perms,
        permsType: sysPermission.permsType,
        status: sysPermission.status,
        sortNo: sysPermission.sortNo,
      })
      .from(sysPermission)
      .innerJoin(sysRolePermission, eq(sysRolePermission.permissionId, sysPermission.id))
      .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
      .where(and(eq(sysUserRole.userId, userId), eq(sysPermission.delFlag, 0)))
      .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  }

  async answerFor(userId: string, safeMode: boolean): Promise<PermissionAnswer> {
    const rows = await this.grantedRows(userId);
    const menuRows: PermissionRow[] = rows.filter((row) => row.menuType !== 2);
    if (!menuRows.some((row) => row.name === HOME_TITLE && !row.parentId)) {
      const [home] = await this.db.orm
        .select()
        .from(sysPermission)
        .where(and(eq(sysPermission.name, HOME_TITLE), eq(sysPermission.delFlag, 0), sql`coalesce(${sysPermission.parentId}, '') = ''`));
      if (home) menuRows.unshift(home);
    }
    const menu: MenuNode[] = buildMenuTree(menuRows);
    const auth: AuthEntry[] = rows
      .filter((row) => row.menuType === 2 && row.status === "1")
      .map((row) => ({ action: row.perms ?? "", type: row.permsType ?? "1", describe: row.name }));
    const allAuth = await this.allButtons();
    return { menu, auth, allAuth, sysSafeMode: safeMode };
  }

  async allButtons(): Promise<AuthEntry[]> {
    const rows = await this.db.orm
      .select({
        action: sysPermission.perms,
        status: sysPermission.status,
        type: sysPermission.permsType,
        describe: sysPermission.name,
      })
      .from(sysPermission)
      .where(and(eq(sysPermission.menuType, 2), eq(sysPermission.delFlag, 0)))
      .orderBy(asc(sysPermission.sortNo));
    return rows.map((row) => ({
      action: row.action ?? "",
      status: row.status ?? "1",
      type: row.type ?? "1",
      describe: row.describe,
    }));
  }

  /**
   * The backend's own button check: granted when one of the user's active type-2 rows lists the
   * code, or when the code's rule is inactive (status '0': everyone). Unknown codes are refused.
   */
  async hasButton(userId: string, code: string): Promise<boolean> {
    const rows = await this.db.orm
      .select({ perms: sysPermission.perms, status: sysPermission.status, id: sysPermission.id })
      .from(sysPermission)
      .where(and(eq(sysPermission.menuType, 2), eq(sysPermission.delFlag, 0), sql`strpos(${sysPermission.perms}, ${code}) > 0`));
    const matching = rows.filter((row) => splitCodes(row.perms).includes(code));
    if (matching.length === 0) return false;
    if (matching.some((row) => row.status === "0")) return true;
    const activeIds = matching.filter((row) => row.status === "1").map((row) => row.id);
    if (activeIds.length === 0) return false;
    const granted = await this.db.orm
      .select({ id: sysRolePermission.id })
      .from(sysRolePermission)
      .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
      .where(and(eq(sysUserRole.userId, userId), inArray(sysRolePermission.permissionId, activeIds)))
      .limit(1);
    return granted.length > 0;
  }

  /**
   * The menu access kind (`menu:/isystem/user`): one of the user's roles grants a live menu row
   * (menu_type 0 or 1) whose url is `url`. Reading a page's data needs the page itself.
   */
  async hasMenu(userId: string, url: string): Promise<boolean> {
    const granted = await this.db.orm
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .innerJoin(sysRolePermission, eq(sysRolePermission.permissionId, sysPermission.id))
      .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
      .where(
        and(
          eq(sysUserRole.userId, userId),
          eq(sysPermission.url, url),
          inArray(sysPermission.menuType, [0, 1]),
          eq(sysPermission.delFlag, 0),
        ),
      )
      .limit(1);
    return granted.length > 0;
  }
}

export function splitCodes(perms: string | null | undefined): string[] {
  return (perms ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
}
