// sys_user as an engine entity (contract §5): logically deleted, in tenants through
// rel_tenant_ids, password/salt secret (derived), sex/status/post translated, phone and e-mail
// stored encrypted (docs/decisions/145).
import { sysUser } from "../../../db/schema";
import { defineEntity } from "../../../crud/entity";
import { openRecords, registerEncryptedEntity, sealValues } from "../../../crud/encrypted";
import type { ListRecord } from "../../../crud/page";
import { searchHash } from "../../../security/personal-data";
import { tenantListScope } from "../../../crud/tenant";
import { registerDictTable } from "../../../crud/table-dict";
import { allOf, presentCondition } from "../../../crud/store";

export const userEntity = defineEntity(sysUser, {
  fields: {
    sex: { dictCode: "sex" },
    status: { dictCode: "user_status" },
    // The position code; positions are per tenant, so the text is the current tenant's.
    post: { dictCode: "sys_position,name,code" },
    // Staff phones and e-mails (issue #34, docs/decisions/145): ciphertext with the search hash
    // beside, found by exact value only, never sorted, as the school modules' (decision 119).
    phone: { sortable: false, encrypted: { kind: "phone", hashColumn: "phone_hash" } },
    email: { sortable: false, encrypted: { kind: "email", hashColumn: "email_hash" } },
  },
  softDeleteColumn: "del_flag",
});
// The start-up pass encrypts what is still in clear; the rotation re-encrypts them.
registerEncryptedEntity(userEntity);
export const userTenantScope = tenantListScope(userEntity, "rel_tenant_ids");

registerDictTable({
  entity: userEntity,
  columns: ["id", "username", "realname", "work_no"],
  scope: (tenantId) => allOf([userTenantScope.condition(tenantId), presentCondition(userEntity)]),
});

/** An account's phone and e-mail as sys_user stores them: ciphertext with their search hashes. */
export interface SealedContacts {
  phone?: string | null;
  phoneHash?: string | null;
  email?: string | null;
  emailHash?: string | null;
}

/**
 * The columns to write for a phone and an e-mail outside the engine (个人设置, registration):
 * each given value (empty text is no value) sealed with its hash; an absent one is not written.
 */
export function sealedContacts(values: { phone?: string | null; email?: string | null }): SealedContacts {
  const given: Record<string, unknown> = {};
  if (values.phone !== undefined) given.phone = values.phone || null;
  if (values.email !== undefined) given.email = values.email || null;
  return sealValues(userEntity, given) as SealedContacts;
}

/** A row's phone and e-mail in clear (a row read outside the engine). */
export function openedContacts<T extends { phone?: string | null; email?: string | null }>(row: T): T {
  const opened = { ...row } as T & ListRecord;
  openRecords(userEntity, [opened]);
  return opened;
}

/** The search hash an account's phone or e-mail is looked up by (sign-in by phone, registration). */
export function contactHash(kind: "phone" | "email", value: string): string {
  return searchHash(kind, value) ?? "";
}
