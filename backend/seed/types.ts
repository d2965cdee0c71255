// Shapes of the demo school's seed data. The seed runner (./index.ts) turns them into rows
// with deterministic ids, so that reseeding a fresh database yields the same ids.
import type { PermissionCode } from "#contract/permission-codes";

/** A button permission row (sys_permission.menu_type = 2), e.g. `student:add`. */
export interface ButtonSeed {
  /** Shown in the permission tree, e.g. 添加按钮. */
  name: string;
  /** The button's permission code: `student:add` (contract/permission-codes.ts). */
  perms: PermissionCode;
  /** '1' hide when not granted (default), '2' show disabled. */
  permsType?: "1" | "2";
  /** '1' active (default); '0' inactive: the button is shown to everyone. */
  status?: "0" | "1";
}

/** A menu row (menu_type 0 at the top level, 1 below). */
export interface MenuSeed {
  title: string;
  /** Route path, or an http(s) URL for an external link. */
  path: string;
  /** Front-end component name, e.g. `layouts/RouteView`, `system/UserList`, `school/StudentList`. */
  component: string;
  componentName?: string;
  icon?: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  /** Opens in a new window (internal_or_external = 1). */
  external?: boolean;
  /** '0' means the route is not registered (is_route = 0). */
  route?: boolean;
  hideTab?: boolean;
  buttons?: ButtonSeed[];
  children?: MenuSeed[];
}

export interface DictSeed {
  code: string;
  name: string;
  description?: string;
  /** 0 string values, 1 number values. */
  type?: 0 | 1;
  /** [value, text] pairs in display order; a third element `false` marks the item disabled. */
  items: Array<[string, string] | [string, string, false]>;
}

export interface TenantSeed {
  id: number;
  name: string;
}

export interface DepartSeed {
  orgCode: string;
  /** Tenant of a top-level department (its subtree follows); default 1. */
  tenant?: number;
  name: string;
  nameEn?: string;
  /** 1 company, 2 department, 3 position. */
  category: "1" | "2" | "3";
  children?: DepartSeed[];
}

export interface PositionSeed {
  code: string;
  name: string;
  /** dict position_rank */
  rank: string;
}

export interface RoleSeed {
  code: string;
  name: string;
  description: string;
  /** The tenant-independent platform administrator role (authz, docs/decisions/007). */
  platformAdmin?: boolean;
  /**
   * Menus granted: 'all', or a list of menu paths; a granted menu grants its buttons
   * and its ancestors. `/dashboard/analysis` is granted to everyone by the seed runner.
   */
  grants: "all" | string[];
  /**
   * A granted page's 查看敏感信息 button (`…:viewSensitive`) too; by default a role gets every
   * other button of its pages but sees personal data masked (docs/decisions/087).
   */
  viewSensitive?: boolean;
}

export interface UserSeed {
  username: string;
  realname: string;
  /** 1 male, 2 female */
  sex: 1 | 2;
  email: string;
  phone: string;
  workNo: string;
  /** position code */
  post?: string;
  roles: string[];
  departs: string[];
  tenants: number[];
}

/** A sys_check_rule row; items become rule_json. */
export interface CheckRuleSeed {
  code: string;
  name: string;
  description: string;
  items: Array<{ digits: string; pattern: string; message: string }>;
}

/** A sys_category node; codes follow the tree (`A01` → `A01A01`). */
export interface CategorySeed {
  code: string;
  name: string;
  children?: CategorySeed[];
}
