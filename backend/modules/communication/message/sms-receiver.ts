// The receiver of an SMS row of 消息 (sys_message, issue #34 item 2, docs/decisions/155): a phone,
// stored encrypted with its search hash through the CRUD engine's one mechanism (../../../crud/encrypted.ts);
// the other channels' receivers (usernames, e-mail addresses, WeChat ids) stay as they are. The
// start-up pass and the rotation cover the SMS rows only (`encryptedRows`). 消息's list and detail
// show it in clear to a caller with `message:viewSensitive`, masked as a phone to the others, and
// find an SMS row by the whole phone (its hash), the others' receivers as before.
import { sql, type SQL } from "drizzle-orm";
import { MessageChannel } from "#contract/modules/message";
import { maskValue } from "#contract/modules/sensitive";
import type { CrudContext } from "../../../crud/context";
import { registerEncryptedEntity, sealValues } from "../../../crud/encrypted";
import { fieldCondition } from "../../../crud/conditions";
import { defineEntity, fieldByProperty, type EntityDefinition } from "../../../crud/entity";
import { param, parseValueRule, type ListQueryParams } from "../../../crud/query-generator";
import { seesSensitive } from "../../../crud/sensitive";
import type { ListRecord } from "../../../crud/page";
import { sysMessage } from "../../../db/schema";
import { decryptValue } from "../../../security/personal-data";

export const smsReceiverEntity: EntityDefinition = {
  ...defineEntity(sysMessage, { fields: { esReceiver: { sortable: false, encrypted: { kind: "phone", hashColumn: "es_receiver_hash" } } } }),
  encryptedRows: { column: "es_type", value: MessageChannel.sms },
};
registerEncryptedEntity(smsReceiverEntity);

/** sys_message with every receiver in clear: the other channels' rows. */
const clearEntity = defineEntity(sysMessage);

/**
 * 消息's search by 接收人 (`esReceiver`, which the list's entity does not search itself): the other
 * channels' rows by the value's rule as any text; the SMS rows by the whole phone's hash (a part of
 * a phone finds none; an order comparison none).
 */
export function receiverConditions(_context: unknown, query: ListQueryParams): SQL[] {
  const raw = param(query, "esReceiver");
  const parsed = raw === undefined ? undefined : parseValueRule(raw);
  if (!parsed) return [];
  const clear = fieldCondition(clearEntity, fieldByProperty(clearEntity, "esReceiver")!, parsed.rule, parsed.value);
  if (!clear) return [];
  let hashed: SQL | undefined;
  try {
    hashed = fieldCondition(smsReceiverEntity, fieldByProperty(smsReceiverEntity, "esReceiver")!, parsed.rule, parsed.value);
  } catch {
    hashed = undefined;
  }
  const sms = MessageChannel.sms;
  return [sql`((sys_message.es_type <> ${sms} and ${clear}) or (sys_message.es_type = ${sms} and ${hashed ?? sql`false`}))`];
}

/** The receiver columns of a new sys_message row: an SMS row's sealed, another's as given. */
export function receiverValues(channel: string, receiver: string): { esReceiver: string; esReceiverHash: string | null } {
  if (channel !== MessageChannel.sms) return { esReceiver: receiver, esReceiverHash: null };
  const sealed = sealValues(smsReceiverEntity, { esReceiver: receiver });
  return { esReceiver: String(sealed.esReceiver), esReceiverHash: (sealed.esReceiverHash as string | null) ?? null };
}

/** 消息's records: each SMS row's receiver in clear, masked as a phone without `message:viewSensitive`. */
/** Whether `record` (opened by openSmsReceivers) shows an SMS row's phone in full: 系统日志 then logs the view. */
export async function smsReceiverInFull(context: CrudContext, record: ListRecord): Promise<boolean> {
  return record.esType === MessageChannel.sms && typeof record.esReceiver === "string" && record.esReceiver !== "" && (await seesSensitive(context, "message"));
}

export async function openSmsReceivers(context: CrudContext, records: ListRecord[]): Promise<void> {
  const sms = records.filter((record) => record.esType === MessageChannel.sms && typeof record.esReceiver === "string" && record.esReceiver !== "");
  if (sms.length === 0) return;
  const full = await seesSensitive(context, "message");
  for (const record of sms) {
    const clear = decryptValue(record.esReceiver as string);
    record.esReceiver = full ? clear : maskValue("phone", clear);
  }
}
