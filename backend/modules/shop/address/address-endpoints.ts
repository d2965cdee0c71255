// 地址 (/shop/address): a parent's addresses on the module definition. The area selector sends the
// district; province and city are derived and checked here. One default per parent
// (docs/decisions/040): every write that may touch the default locks the parent row first, then
// switches the default in the same transaction; the partial unique index uniq_shop_address_default
// is the last guard. 设为默认 (POST /shop/address/setDefault) does the switch alone.
import { sql } from "drizzle-orm";
import { AddressMessages, addressModule } from "#contract/modules/address";
import { shopAddress } from "../../../db/schema";
import type { Executor } from "../../../crud/context";
import { crudContext, inTransaction } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import type { SaveContext } from "../../../crud/engine";
import { createModuleCrud } from "../../../crud/module";
import type { RowValues } from "../../../crud/store";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, okMessage } from "../../../http/envelope";
import { areaText, knownArea } from "./address-area";

/** dict yn. */
const YES = "Y";
const NO = "N";

/**
 * Serialises every default switch of one parent: a row lock on the parent, held to the end of
 * the transaction (a second writer waits, then sees the first one's default).
 */
async function lockParent(tx: Executor, tenantId: number, parentId: string): Promise<void> {
  const [parent] = await tx.rows<{ id: string }>(sql`select id from school_parent where id = ${parentId} and tenant_id = ${tenantId} for update`);
  if (!parent) throw new ApiError(AddressMessages.unknownParent);
}

/** Clears the parent's default except on `keepId`. */
async function clearDefault(tx: Executor, tenantId: number, parentId: string, keepId: string, username: string): Promise<void> {
  await tx.rows(sql`
    update shop_address set is_default = ${NO}, update_by = ${username.slice(0, 32)}, update_time = now()
    where tenant_id = ${tenantId} and parent_id = ${parentId} and is_default = ${YES} and id <> ${keepId}`);
}

/** Rows of one import that claimed a parent's default (the last one wins, as one by one would). */
const batchDefaults = new WeakMap<Executor, Map<string, RowValues>>();

async function settleDefault(save: SaveContext): Promise<void> {
  const parentId = String(save.values.parentId ?? save.existing?.parentId ?? "");
  await lockParent(save.tx, save.tenantId, parentId);
  let claimed = batchDefaults.get(save.tx);
  if (!claimed) batchDefaults.set(save.tx, (claimed = new Map()));
  const isDefault = save.values.isDefault ?? save.existing?.isDefault ?? NO;
  if (isDefault === YES) {
    await clearDefault(save.tx, save.tenantId, parentId, save.id, save.username);
    const earlier = claimed.get(parentId);
    if (earlier && earlier !== save.values) earlier.isDefault = NO;
    claimed.set(parentId, save.values);
    return;
  }
  if (save.values.isDefault === undefined) save.values.isDefault = NO;
  // A parent's first address is the default.
  if (save.operation === "add" && !claimed.has(parentId)) {
    const [current] = await save.tx.rows(sql`select 1 from shop_address where tenant_id = ${save.tenantId} and parent_id = ${parentId} and is_default = ${YES} limit 1`);
    if (!current) {
      save.values.isDefault = YES;
      claimed.set(parentId, save.values);
    }
  }
}

export const addressCrud = createModuleCrud(addressModule, {
  table: shopAddress,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    // The area: a known district, with its province and city (no database needed).
    prepare: ({ values }) => {
      if (values.district === undefined) return;
      const codes = knownArea(String(values.district));
      if (!codes) throw new ApiError(AddressMessages.badArea);
      Object.assign(values, codes);
    },
    beforeSave: settleDefault,
    decorate: (_context, records) => {
      for (const record of records) record.areaText = areaText(record.district as string | null);
    },
  },
});

export const addressEndpoints: Endpoint[] = [
  ...addressCrud.endpoints,
  endpoint("POST", "/shop/address/setDefault", `${addressModule.permissionPrefix}:edit`, async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const address = await addressCrud.findById(context, id);
    if (!address) throw notFound();
    await inTransaction(context.services.db, async (tx) => {
      const parentId = String(address.parentId);
      await lockParent(tx, context.tenantId, parentId);
      await clearDefault(tx, context.tenantId, parentId, id, context.username);
      const [updated] = await tx.rows(sql`
        update shop_address set is_default = ${YES}, update_by = ${context.username.slice(0, 32)}, update_time = now()
        where id = ${id} and tenant_id = ${context.tenantId} and parent_id = ${parentId} returning id`);
      if (!updated) throw notFound();
    });
    return okMessage(AddressMessages.defaultSet);
  }, { doc: { summary: "设为默认收货地址" } }),
];

/** A parent's addresses, default first, for the parent's detail view (家长 → 地址). */
export async function addressesOfParents(executor: Executor, tenantId: number, parentIds: readonly string[]): Promise<Map<string, string[]>> {
  const byParent = new Map<string, string[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await executor.rows<{ parent_id: string; receiver: string; phone: string; district: string; detail: string; is_default: string }>(sql`
    select parent_id, receiver, phone, district, detail, is_default from shop_address
    where tenant_id = ${tenantId} and parent_id in (${sql.join(parentIds.map((id) => sql`${id}`), sql`, `)})
    order by is_default desc, create_time, id`);
  for (const row of rows) {
    const line = `${row.receiver} ${row.phone} ${areaText(row.district)} ${row.detail}${row.is_default === YES ? "（默认）" : ""}`;
    byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), line]);
  }
  return byParent;
}
