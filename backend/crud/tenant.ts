// Tenant isolation of the CRUD engine (api-contract.md §2 "Token" tenant header, §6, §10).
//
// Decisions (also in migrations/0002_tenants_rules_categories.sql):
// - The current tenant is the request's `tenant-id` header (or X-Tenant-Id), else the tenant the
//   session was opened with, else the user's first tenant. A user whose rel_tenant_ids is empty
//   belongs to tenant 1, the default tenant, and cannot name another one.
// - sys_role, sys_depart and sys_position carry a tenant_id column; sys_user belongs to tenants
//   through its rel_tenant_ids comma list; dictionaries, categories and check rules are shared.
// - A role grants its menus and buttons only in its own tenant; the platform administrator role
//   is tenant-independent (docs/decisions/007, backend/modules/system/permission/permission-service.ts).
import { sql, type SQL } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { Messages } from "#contract/messages";
import type { AuthContext } from "../http/auth";
import { ApiError } from "../http/envelope";
import { columnRef } from "./conditions";
import { fieldByColumn, type EntityDefinition, type FieldDefinition } from "./entity";

export const DEFAULT_TENANT_ID = 1;

/** The tenant ids of a rel_tenant_ids list; an empty list means the default tenant. */
export function userTenantIds(relTenantIds: string | null | undefined): number[] {
  const ids = (relTenantIds ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return ids.length > 0 ? [...new Set(ids)] : [DEFAULT_TENANT_ID];
}

/** The tenant whose rows this request reads and writes. */
export function currentTenantId(auth: AuthContext): number {
  const allowed = userTenantIds(auth.user.relTenantIds);
  if (auth.tenantId > 0) {
    // auth.ts already refuses a foreign header for users with tenants; this also covers users
    // without any (they belong to the default tenant only).
    if (!allowed.includes(auth.tenantId)) throw new ApiError(Messages.tenantChanged, ResultCode.tokenInvalid, 401);
    return auth.tenantId;
  }
  const sessionTenant = auth.session.tenantId;
  if (sessionTenant && allowed.includes(sessionTenant)) return sessionTenant;
  return allowed[0]!;
}

/** How an entity's rows belong to tenants. */
export interface TenantScope {
  /** Only the rows of `tenantId`. */
  condition(tenantId: number): SQL;
  /** Gives a new row to `tenantId` (values are keyed by property). */
  assign(values: Record<string, unknown>, tenantId: number): void;
  /** The property holding the tenant, when requests may never write it. */
  managedProperty?: string;
}

/** Rows with a `tenant_id`-style integer column. */
export function columnTenantScope(entity: EntityDefinition, column = entity.tenantColumn ?? "tenant_id"): TenantScope {
  const field = requireField(entity, column);
  return {
    condition: (tenantId) => sql`${columnRef(entity, field)} = ${tenantId}`,
    assign: (values, tenantId) => {
      values[field.property] = tenantId;
    },
    managedProperty: field.property,
  };
}

/**
 * Rows that list their tenants in a comma-separated column (sys_user.rel_tenant_ids, contract §5).
 * An empty list means the default tenant, as for the signed-in user. strpos on `,list,` finds a
 * whole id, never a part of one (`1` is not in `11,12`).
 */
export function tenantListScope(entity: EntityDefinition, column: string): TenantScope {
  const field = requireField(entity, column);
  return {
    condition: (tenantId) => tenantListCondition(columnRef(entity, field), tenantId),
    assign: (values, tenantId) => {
      const current = typeof values[field.property] === "string" ? (values[field.property] as string) : "";
      if (current.trim() === "") values[field.property] = String(tenantId);
    },
  };
}

export function tenantListCondition(column: SQL, tenantId: number): SQL {
  const list = sql`',' || replace(coalesce(nullif(${column}, ''), ${String(DEFAULT_TENANT_ID)}), ' ', '') || ','`;
  return sql`strpos(${list}, ${`,${tenantId},`}) > 0`;
}

function requireField(entity: EntityDefinition, column: string): FieldDefinition {
  const field = fieldByColumn(entity, column);
  if (!field) throw new Error(`entity ${entity.table}: no tenant column ${column}`);
  return field;
}
