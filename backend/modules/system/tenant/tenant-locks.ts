// The lock a user's save shares with a tenant's delete (./tenant-endpoints.ts): a tenant with
// users is never deleted, also when the user is saved at the same moment.
import { sql } from "drizzle-orm";
import type { Executor } from "../../../crud/context";
import { ApiError } from "../../../http/envelope";

/**
 * Shares the lock of the tenant rows a user is saved into, and refuses a tenant that is gone: a
 * delete of that tenant (which takes the rows FOR UPDATE) waits for the save, or the save for it.
 */
export async function lockTenants(tx: Executor, tenantIds: readonly number[]): Promise<void> {
  if (tenantIds.length === 0) return;
  const rows = await tx.rows<{ id: number }>(
    sql`select id from sys_tenant where id in (${sql.join(tenantIds.map((id) => sql`${id}`), sql`, `)}) for share`,
  );
  if (rows.length < new Set(tenantIds).size) throw new ApiError("所选租户不存在");
}

