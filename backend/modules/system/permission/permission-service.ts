// What a user may see and do: menus and buttons granted through the user's roles in the tenant
// the user works in (the request's tenant), plus the tenant-independent platform administrator
// role, which may do everything (docs/decisions/007). A button's status '0' changes only what the
// browser shows (docs/spec/app-shell.md §6): the backend grants an endpoint only through roles.
import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database, Orm } from "../../../db/client";
import { sysPermission, sysRole, sysRolePermission, sysUserRole } from "../../../db/schema";
import { PlatformOwnedKinds, type AuthEntry, type MenuNode, type PermissionAnswer, type PlatformOwnedKind } from "#contract/permission";
import type { PermissionCode } from "#contract/permission-codes";
import type { AuthContext } from "../../../http/auth";
import { requireAuth, type Endpoint } from "../../../http/endpoint";
import { ApiError } from "../../../http/envelope";
import { ResultCode } from "#contract/envelope";
import { currentTenantId } from "../../../crud/tenant";
import { buildMenuTree, type PermissionRow } from "./menu-tree";

const HOME_TITLE = "首页";

/** The top-level 首页 row, which every menu answer holds. */
function homeRow(): SQL {
  return and(eq(sysPermission.name, HOME_TITLE), sql`coalesce(${sysPermission.parentId}, '') = ''`)!;
}

/** Whose rights are asked: a user working in a tenant. */
export interface Actor {
  userId: string;
  tenantId: number;
  /** Known from the request's session (AuthContext); asked of the database when absent. */
  platformAdmin?: boolean;
}

export function actorOf(auth: AuthContext): Actor {
  return { userId: auth.user.id, tenantId: currentTenantId(auth), platformAdmin: auth.user.platformAdmin };
}

/** The user's roles that act in the actor's tenant: the tenant's own, and platform roles. */
function actingRole(actor: Actor): SQL {
  return and(eq(sysUserRole.userId, actor.userId), or(eq(sysRole.tenantId, actor.tenantId), eq(sysRole.platformAdmin, 1)))!;
}

/** What an actor holds: every permission row (platform administrator), or these ids. */
export type HeldPermissions = "all" | ReadonlySet<string>;

export function holdsAll(held: HeldPermissions, permissionIds: Iterable<string>): boolean {
  if (held === "all") return true;
  for (const id of permissionIds) if (!held.has(id)) return false;
  return true;
}

export class PermissionService {
  constructor(private readonly db: Database) {}

  /** Every sys_permission row granted to the actor's roles (del_flag 0), by sort_no. */
  private async grantedRows(actor: Actor) {
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
      .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
      .where(and(actingRole(actor), eq(sysPermission.delFlag, 0)))
      .orderBy(asc(sysPermission.sortNo), asc(sysPermission.id));
  }

  async answerFor(auth: AuthContext, safeMode: boolean): Promise<PermissionAnswer> {
    const rows = await this.grantedRows(actorOf(auth));
    const menuRows: PermissionRow[] = rows.filter((row) => row.menuType !== 2);
    if (!menuRows.some((row) => row.name === HOME_TITLE && !row.parentId)) {
      const [home] = await this.db.orm
        .select()
        .from(sysPermission)
        .where(and(homeRow(), eq(sysPermission.delFlag, 0)));
      if (home) menuRows.unshift(home);
    }
    const menu: MenuNode[] = buildMenuTree(menuRows);
    const buttons: AuthEntry[] = rows
      .filter((row) => row.menuType === 2 && row.status === "1")
      .map((row) => ({ action: row.perms ?? "", type: row.permsType ?? "1", describe: row.name }));
    const allAuth = await this.allButtons();
    // Whether the buttons of the platform's kinds are the user's to press (docs/decisions/150).
    return { menu, auth: buttons, allAuth, sysSafeMode: safeMode, platformAdmin: auth.user.platformAdmin };
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
   * The backend's own button check: one of the actor's roles in the tenant grants a live type-2
   * row listing the code. Unknown codes are refused; a platform administrator may do anything.
   */
  async hasButton(auth: AuthContext, code: PermissionCode): Promise<boolean> {
    return buttonGranted(this.db.orm, actorOf(auth), code);
  }

  /**
   * The menu access kind (`menu:/isystem/user`): one of the actor's roles in the tenant grants a
   * live menu row (menu_type 0 or 1) whose url is `url`. Reading a page's data needs the page.
   */
  async hasMenu(auth: AuthContext, url: string): Promise<boolean> {
    return menuGranted(this.db.orm, actorOf(auth), url);
  }
}

/** Holds the user a platform administrator role (tenant-independent, all-powerful)? */
export async function isPlatformAdmin(orm: Orm, userId: string): Promise<boolean> {
  const rows = await orm
    .select({ id: sysRole.id })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.platformAdmin, 1)))
    .limit(1);
  return rows.length > 0;
}

/** Refuses (no permission, `message`) a caller who holds no platform administrator role. */
export async function requirePlatformAdmin(orm: Orm, userId: string, message: string): Promise<void> {
  if (!(await isPlatformAdmin(orm, userId))) throw new ApiError(message, ResultCode.noPermission);
}

/**
 * The hooks of an installation-wide module (租户, 网关路由, 访问控制): only a platform administrator
 * lists it or prepares a change of it; `message` is the refusal.
 */
export function platformOnlyHooks(message: string) {
  return {
    prepare: async (prepared: { services: { db: { orm: Orm } }; auth: AuthContext }) => requirePlatformAdmin(prepared.services.db.orm, prepared.auth.user.id, message),
    listConditions: async (context: { services: { db: { orm: Orm } }; auth: AuthContext }): Promise<SQL[]> => {
      await requirePlatformAdmin(context.services.db.orm, context.auth.user.id, message);
      return [];
    },
  };
}

/**
 * Does `served` change something? An endpoint that answers GET reads (its other methods are the
 * same call as a client sends it: an export by POST); one without GET writes.
 */
export function writesSomething(served: Endpoint): boolean {
  return served.methods === "ALL" || !served.methods.includes("GET");
}

/**
 * The endpoints of a kind the platform owns (docs/decisions/144): every one that writes is refused
 * (the kind's message, 510) to a caller without a platform administrator role, before its handler
 * runs; reading stays as each endpoint's own access says. Whatever path serves the endpoint (our web
 * app's, a JeecgBoot client's) serves it wrapped. A write must be guarded by one of the kind's
 * buttons (contract/permission.ts), which the web app hides from everyone else: one list for both.
 */
export function platformWrites(endpoints: readonly Endpoint[], kind: PlatformOwnedKind): Endpoint[] {
  return endpoints.map((served) => (writesSomething(served) ? platformOnlyEndpoint(served, kind) : served));
}

/** `served`, refused (the kind's message) to anyone but a platform administrator. */
export function platformOnlyEndpoint(served: Endpoint, kind: PlatformOwnedKind): Endpoint {
  const { message, buttons } = PlatformOwnedKinds[kind];
  if (!(buttons as readonly string[]).includes(served.access)) {
    throw new Error(`${served.path}: a write of the platform's ${kind} needs one of its buttons (contract/permission.ts PlatformOwnedKinds), not ${served.access}`);
  }
  return {
    ...served,
    handle: async (request) => {
      await requirePlatformAdmin(request.services.db.orm, requireAuth(request).user.id, message);
      return served.handle(request);
    },
  };
}

/** The permission ids the actor's roles grant in the actor's tenant ("all": platform administrator). */
export async function heldPermissions(orm: Orm, actor: Actor): Promise<HeldPermissions> {
  if (actor.platformAdmin ?? (await isPlatformAdmin(orm, actor.userId))) return "all";
  const rows = await orm
    .selectDistinct({ id: sysRolePermission.permissionId })
    .from(sysRolePermission)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(actingRole(actor));
  // Everyone is shown the home page (getUserPermissionByToken adds it), so everyone holds it.
  const home = await orm
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(homeRow());
  return new Set([...rows, ...home].map((row) => row.id));
}

/** The button `code` in the actor's tenant (see PermissionService.hasButton). */
export async function buttonGranted(orm: Orm, actor: Actor, code: string): Promise<boolean> {
  return granted(orm, actor, and(eq(sysPermission.menuType, 2), sql`strpos(${sysPermission.perms}, ${code}) > 0`)!, (row) =>
    splitCodes(row.perms).includes(code),
  );
}

/** The page `url` in the actor's tenant (see PermissionService.hasMenu). */
export async function menuGranted(orm: Orm, actor: Actor, url: string): Promise<boolean> {
  return granted(orm, actor, and(eq(sysPermission.url, url), inArray(sysPermission.menuType, [0, 1]))!, () => true);
}

async function granted(orm: Orm, actor: Actor, rowCondition: SQL, matches: (row: { perms: string | null }) => boolean): Promise<boolean> {
  if (actor.platformAdmin ?? (await isPlatformAdmin(orm, actor.userId))) return true;
  const rows = await orm
    .select({ perms: sysPermission.perms })
    .from(sysPermission)
    .innerJoin(sysRolePermission, eq(sysRolePermission.permissionId, sysPermission.id))
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRolePermission.roleId))
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(actingRole(actor), eq(sysPermission.delFlag, 0), rowCondition));
  return rows.some(matches);
}

export function splitCodes(perms: string | null | undefined): string[] {
  return (perms ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
}
