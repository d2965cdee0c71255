// 租户管理 (/sys/tenant, api-contract.md §5 sys_tenant, §7): the tenants on the module engine, and
// queryList, the tenants a form offers. Tenants are the installation's, not a tenant's rows:
// - only a platform administrator adds, edits or deletes one (docs/decisions/043);
// - others with the page see only the tenants they belong to;
// - a tenant's number comes from a sequence (the tenant-id header and rel_tenant_ids name it);
// - a new tenant gets the platform's default templates and jobs as its own (./school-defaults.ts);
// - a tenant that still has users is not deleted. The delete locks the tenant rows first, and a
//   user saved into a tenant shares that lock (lockTenants), so neither can slip past the other.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { TenantMessages, tenantModule } from "#contract/modules/tenant";
import { sysTenant } from "../../../db/schema";
import type { Orm } from "../../../db/client";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { formatDateTime } from "../../../http/format";
import { ApiError, ok } from "../../../http/envelope";
import { crudContext, type CrudContext, type Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { commaIds } from "../user/user-relations";
import { tenantListCondition, userTenantIds } from "../../../crud/tenant";
import { isPlatformAdmin, platformOnlyHooks, requirePlatformAdmin } from "../permission/permission-service";
import { registerDictTable } from "../../../crud/table-dict";
import { copySchoolDefaults } from "./school-defaults";


export const TENANT_PAGE = tenantModule.page;

/** The next free tenant number: the sequence, past numbers taken by hand or by the seed. */
async function nextTenantId(tx: Executor): Promise<number> {
  for (;;) {
    const [row] = await tx.rows<{ id: string | number; taken: boolean }>(
      sql`select n as id, exists (select 1 from sys_tenant where id = n) as taken from (select nextval('sys_tenant_id_seq')::integer as n) as next`,
    );
    if (!row!.taken) return Number(row!.id);
  }
}

function checkPeriod(values: Record<string, unknown>, existing?: Record<string, unknown>) {
  const begin = values.beginDate ?? existing?.beginDate;
  const end = values.endDate ?? existing?.endDate;
  if (begin && end && new Date(end as string | Date).getTime() < new Date(begin as string | Date).getTime()) throw new ApiError(TenantMessages.endBeforeBegin);
}

export const tenantCrud = createModuleCrud(tenantModule, {
  table: sysTenant,
  tenant: null,
  entity: { defaultSort: { property: "id", order: "asc" } },
  hooks: {
    prepare: platformOnlyHooks(TenantMessages.platformOnly).prepare,
    // Everyone but a platform administrator sees only the tenants of his account.
    listConditions: async (context) =>
      (await isPlatformAdmin(context.services.db.orm, context.auth.user.id))
        ? []
        : [inArray(sysTenant.id, userTenantIds(context.auth.user.relTenantIds))],
    beforeSave: async (save) => {
      checkPeriod(save.values, save.existing);
      if (save.operation === "add") save.id = String(await nextTenantId(save.tx));
    },
    // A new school gets the platform's default templates and jobs as its own (docs/decisions/144).
    afterSave: async (save) => {
      if (save.operation === "add") await copySchoolDefaults(save.tx, Number(save.id), save.username);
    },
    afterCommit: async (context, operation) => {
      if (operation === "add") await context.services.scheduler.sync();
    },
    beforeDelete: async (remove) => {
      await requirePlatformAdmin(remove.tx.orm, remove.auth.user.id, TenantMessages.platformOnly);
      const ids = remove.ids.map(Number).filter((id) => Number.isSafeInteger(id));
      if (ids.length === 0) return [];
      const tenants = await remove.tx.rows<{ id: number; name: string }>(
        sql`select id, name from sys_tenant where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by id for update`,
      );
      for (const tenant of tenants) {
        const [row] = await remove.tx.rows<{ users: string | number }>(
          sql`select count(*) as users from sys_user where ${tenantListCondition(sql.raw("rel_tenant_ids"), tenant.id)}`,
        );
        const users = Number(row?.users ?? 0);
        if (users > 0) throw new ApiError(TenantMessages.hasUsers(tenant.name, users));
      }
      return tenants.map((tenant) => String(tenant.id));
    },
  },
});

// The Vue 3.9 client's user form picks tenants from `sys_tenant,name,id`: the caller sees only the
// tenant it works in (tenants never see each other; docs/decisions/085).
registerDictTable({ entity: tenantCrud.entity, columns: ["id", "name"], scope: (tenantId) => sql`id = ${tenantId}` });

export const tenantEndpoints: Endpoint[] = [
  ...tenantCrud.endpoints,
  // The tenants a form offers (SysTenantController.queryList): the enabled ones, optionally of
  // `ids`; within the caller's own tenants unless a platform administrator asks.
  endpoint("GET", "/sys/tenant/queryList", "user", async (request) => {
    const context = crudContext(request);
    const orm = context.services.db.orm;
    const wanted = commaIds(request.query.ids).map(Number).filter((id) => Number.isSafeInteger(id));
    const conditions = [eq(sysTenant.status, 1)];
    if (wanted.length > 0) conditions.push(inArray(sysTenant.id, wanted));
    if (!(await isPlatformAdmin(orm, context.auth.user.id))) conditions.push(inArray(sysTenant.id, userTenantIds(context.auth.user.relTenantIds)));
    const rows = await orm.select().from(sysTenant).where(and(...conditions)).orderBy(asc(sysTenant.id));
    return ok(
      rows.map((row) => ({
        ...row,
        beginDate: formatDateTime(row.beginDate),
        endDate: formatDateTime(row.endDate),
        createTime: formatDateTime(row.createTime),
        updateTime: formatDateTime(row.updateTime),
      })),
    );
  }, { doc: { summary: "租户列表（不分页）" } }),
];
