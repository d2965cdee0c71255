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
  // A transaction keeps its locks to its end: a tenant it locked once (an import saves thousands of
  // users into the same one) needs no second round trip.
  const held = tx.transaction ? heldLocks(tx) : null;
  const wanted = [...new Set(tenantIds)].filter((id) => !held?.has(id));
  if (wanted.length === 0) return;
  const rows = await tx.rows<{ id: number }>(sql`select id from sys_tenant where id in (${sql.join(wanted.map((id) => sql`${id}`), sql`, `)}) for share`);
  if (rows.length < wanted.length) throw new ApiError("所选租户不存在");
  for (const id of wanted) held?.add(id);
}

/** The tenant rows each transaction holds locked. */
const locked = new WeakMap<Executor, Set<number>>();

function heldLocks(tx: Executor): Set<number> {
  let held = locked.get(tx);
  if (!held) locked.set(tx, (held = new Set()));
  return held;
}

