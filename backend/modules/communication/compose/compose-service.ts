// 群发 (issue #29 item 4, docs/decisions/166): preview, send, deliver, resend.
// - Preview: the recipients resolved (./compose-recipients.ts), three of them merged, the count per
//   channel and who has no address for it.
// - Send: in one transaction, the 群发 row (its request key unique: a double click finds the first
//   and writes nothing) and one 消息 row per recipient and channel, with its own merged text: 站内 a
//   notice to the staff member (已发送), 邮件 an outbox mail (待发送), 短信/微信 待发送; a recipient
//   without the channel's address gets a 失败 row naming what is missing. After the commit the
//   待发送 rows are delivered in the background, a few at a time (../message/message-delivery.ts).
// - Resend: 重发失败 (and the RetryFailedComposeJob) put the failed rows with an address back to
//   待发送 (the update claims each row once) and deliver them again; the job also delivers the rows
//   left 待发送 by a process that stopped before sending them. Each delivery holds a lease on its row
//   (docs/decisions/177), so that no message goes out twice.
import { sql } from "drizzle-orm";
import {
  COMPOSE_CHANNELS,
  ComposeTexts,
  channelLabel,
  unknownMergeFields,
  type ComposeDetail,
  type ComposeDraft,
  type ComposeOptions,
  type ComposePreview,
  type ComposeRecord,
  type MergeField,
} from "#contract/modules/compose";
import { MessageChannel, MessageStatus } from "#contract/modules/message";
import { maskValue } from "#contract/modules/sensitive";
import { renderTemplate, templatePlaceholders } from "#contract/template";
import { databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { seesSensitive } from "../../../crud/sensitive";
import { tenantListCondition } from "../../../crud/tenant";
import { newId } from "../../../db/ids";
import { sysMessage } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import { decryptValue } from "../../../security/personal-data";
import type { Logger } from "../../../services";
import { MsgType } from "../../system/announcement/constants";
import { pushAnnouncement } from "../../system/announcement/push";
import { STALE_PENDING, leaseFree, onMailSent, queueMails } from "../mail/mail-service";
import { deliverMessage, type DeliveryDependencies } from "../message/message-delivery";
import { announceToUser } from "../message/message-service";
import { receiverValues } from "../message/sms-receiver";
import { resolveSelection, type Recipient, type ResolvedSelection } from "./compose-recipients";

/** sys_message.template_code of a 群发's rows; comm_mail.related_type of its mails (related_id: the 消息 row). */
export const COMPOSE_CODE = "COMPOSE";
/** Rows a delivery sends at once. */
const DELIVERY_CONCURRENCY = 5;

// A mail resent by the RetryFailedMailJob or 邮件 → 重发: its 消息 row follows.
onMailSent(COMPOSE_CODE, async (db, messageId) => {
  await db.rows(sql`
    update sys_message set es_send_status = ${MessageStatus.sent}, es_result = null, es_send_time = now(), update_time = now()
     where id = ${messageId} and es_send_status <> ${MessageStatus.sent}`);
});

/** Whether the channel reaches this kind of recipient: 站内 staff only, 微信 parents only. */
const applies = (channel: string, recipient: Recipient) =>
  channel === MessageChannel.site ? recipient.kind === "user" : channel === MessageChannel.wechat ? recipient.kind === "parent" : true;

function checkDraft(draft: ComposeDraft, selection: ResolvedSelection | undefined): void {
  if (!draft.subject.trim()) throw new ApiError(ComposeTexts.subjectRequired);
  if (!draft.body.trim()) throw new ApiError(ComposeTexts.bodyRequired);
  const unknown = unknownMergeFields(draft.subject, draft.body);
  if (unknown.length > 0) throw new ApiError(ComposeTexts.unknownFields(unknown));
  if (draft.channels.length === 0) throw new ApiError(ComposeTexts.channelRequired);
  const activityName: MergeField = "activityName";
  if (selection && !selection.activity && templatePlaceholders(`${draft.subject}\n${draft.body}`).includes(activityName)) throw new ApiError(ComposeTexts.activityOnly);
  if (selection && selection.recipients.length === 0) throw new ApiError(ComposeTexts.noRecipients);
}

/** The chosen channels in the page's order (站内, 短信, 微信, 邮件), each once. */
const chosenChannels = (draft: ComposeDraft) => COMPOSE_CHANNELS.filter((item) => draft.channels.includes(item.channel));

/** The recipient's subject and body: the one renderer of templates (contract/template.ts). */
export function mergeFor(draft: Pick<ComposeDraft, "subject" | "body">, recipient: Recipient): { subject: string; body: string } {
  return { subject: renderTemplate(draft.subject, recipient.values).text, body: renderTemplate(draft.body, recipient.values).text };
}

async function resolveDraft(executor: Executor, context: CrudContext, draft: ComposeDraft): Promise<ResolvedSelection> {
  checkDraft(draft, undefined);
  const selection = await resolveSelection(executor, context, draft.selection);
  checkDraft(draft, selection);
  return selection;
}

export async function previewCompose(context: CrudContext, draft: ComposeDraft): Promise<ComposePreview> {
  const selection = await resolveDraft(databaseExecutor(context.services.db), context, draft);
  return {
    recipients: selection.recipients.length,
    samples: selection.recipients.slice(0, 3).map((recipient) => ({ name: recipient.name, ...mergeFor(draft, recipient) })),
    channels: chosenChannels(draft).map(({ channel, label }) => {
      const reached = selection.recipients.filter((recipient) => applies(channel, recipient));
      return {
        channel,
        label,
        count: reached.filter((recipient) => recipient.addresses[channel]).length,
        missing: reached.filter((recipient) => !recipient.addresses[channel]).map((recipient) => recipient.name),
      };
    }),
  };
}

interface SendOutcome {
  id: string;
  messages: number;
  /** False when the request key had already sent this 群发 (nothing written again). */
  created: boolean;
}

export async function sendCompose(context: CrudContext, draft: ComposeDraft & { requestKey: string }): Promise<SendOutcome> {
  const { tenantId, username } = context;
  const now = new Date();
  const channels = chosenChannels(draft).map((item) => item.channel as string);
  const written = await inTransaction(context.services.db, async (tx) => {
    const selection = await resolveDraft(tx, context, draft);
    const composeId = newId();
    const [inserted] = await tx.rows<{ id: string }>(sql`
      insert into comm_compose (id, tenant_id, request_key, subject, body, selection, selection_text, channels, recipient_count, message_count, create_by, create_time)
      values (${composeId}, ${tenantId}, ${draft.requestKey}, ${draft.subject.slice(0, 255)}, ${draft.body}, ${JSON.stringify(draft.selection)}, ${selection.text},
              ${channels.join(",")}, ${selection.recipients.length}, 0, ${username.slice(0, 32)}, ${now.toISOString()}::timestamptz)
      on conflict (tenant_id, request_key) do nothing
      returning id`);
    if (!inserted) {
      const [first] = await tx.rows<{ id: string; message_count: number }>(
        sql`select id, message_count from comm_compose where tenant_id = ${tenantId} and request_key = ${draft.requestKey}`,
      );
      return { id: first!.id, messages: first!.message_count, created: false, pending: [] as string[], announcements: [] as string[] };
    }
    const rows: Array<typeof sysMessage.$inferInsert> = [];
    const mails: Parameters<typeof queueMails>[1][number][] = [];
    const mailRows: Array<typeof sysMessage.$inferInsert> = [];
    const announcements: string[] = [];
    for (const recipient of selection.recipients) {
      const merged = mergeFor(draft, recipient);
      for (const channel of channels) {
        if (!applies(channel, recipient)) continue;
        const address = recipient.addresses[channel] ?? "";
        const row: typeof sysMessage.$inferInsert = {
          id: newId(),
          tenantId,
          templateCode: COMPOSE_CODE,
          esType: channel,
          ...(address && channel !== MessageChannel.site ? receiverValues(channel, address.slice(0, 100)) : { esReceiver: channel === MessageChannel.site ? recipient.name : "", esReceiverHash: null }),
          esTitle: merged.subject.slice(0, 255),
          esContent: merged.body,
          esSendStatus: address ? MessageStatus.pending : MessageStatus.failed,
          esResult: address ? null : ComposeTexts.noAddress[channel]!,
          composeId,
          recipientName: recipient.name.slice(0, 100),
          createBy: username.slice(0, 32),
          createTime: now,
        };
        if (address && channel === MessageChannel.site) {
          row.relatedId = await announceToUser(tx, { tenantId, username, userId: address, title: merged.subject, content: merged.body, now });
          row.esSendStatus = MessageStatus.sent;
          row.esSendTime = now;
          announcements.push(row.relatedId);
        } else if (address && channel === MessageChannel.mail) {
          mails.push({ tenantId, to: address, subject: merged.subject, body: merged.body, relatedType: COMPOSE_CODE, relatedId: row.id, createdBy: username });
          mailRows.push(row);
        }
        rows.push(row);
      }
    }
    const mailIds = await queueMails(tx, mails);
    mailRows.forEach((row, index) => (row.relatedId = mailIds[index]));
    for (let start = 0; start < rows.length; start += 500) await tx.orm.insert(sysMessage).values(rows.slice(start, start + 500));
    await tx.rows(sql`update comm_compose set message_count = ${rows.length} where id = ${composeId}`);
    const pending = rows.filter((row) => row.esSendStatus === MessageStatus.pending).map((row) => row.id!);
    return { id: composeId, messages: rows.length, created: true, pending, announcements };
  });
  for (const id of written.announcements) {
    await pushAnnouncement(context.services, { id, titile: draft.subject, msgType: MsgType.user, tenantId });
  }
  deliverInBackground(context.services, written.pending);
  return { id: written.id, messages: written.messages, created: written.created };
}

/** Sends the 待发送 rows among `ids`, DELIVERY_CONCURRENCY at a time; answers how many went out. */
export async function deliverComposeMessages(deps: DeliveryDependencies, ids: readonly string[]): Promise<number> {
  let sent = 0;
  for (let start = 0; start < ids.length; start += 200) {
    const queued = await deps.db.rows<{ id: string; channel: string; receiver: string; title: string; content: string; mail_id: string | null }>(sql`
      select id, es_type as channel, es_receiver as receiver, es_title as title, es_content as content, related_id as mail_id
        from sys_message where id = any(${`{${ids.slice(start, start + 200).join(",")}}`}::varchar[]) and es_send_status = ${MessageStatus.pending}
       order by recipient_name, id`);
    let next = 0;
    const worker = async () => {
      while (next < queued.length) {
        const row = queued[next++]!;
        const outcome = await deliverMessage(deps, { ...row, receiver: decryptValue(row.receiver), mailId: row.mail_id });
        if (outcome.status === MessageStatus.sent) sent += 1;
      }
    };
    await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, worker));
  }
  return sent;
}

/** Deliveries under way in this process (a test or a shutdown may wait for them). */
const running = new Set<Promise<unknown>>();

function deliverInBackground(services: DeliveryDependencies & { logger: Logger }, ids: readonly string[]): void {
  if (ids.length === 0) return;
  const delivery = deliverComposeMessages(services, ids)
    .catch((error) => services.logger.error("[compose] delivering a 群发 failed", error))
    .finally(() => running.delete(delivery));
  running.add(delivery);
}

/** Resolves once every delivery started so far in this process has finished. */
export async function composeDeliveriesSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

/**
 * Puts the failed rows with an address (of one 群发, else of every 群发 of the tenant) back to 待发送,
 * claiming each once, and answers their ids for delivery.
 */
async function claimFailed(deps: DeliveryDependencies, tenantId: number, composeId?: string): Promise<string[]> {
  const compose = composeId === undefined ? sql`compose_id is not null` : sql`compose_id = ${composeId}`;
  const claimed = await deps.db.rows<{ id: string }>(sql`
    update sys_message set es_send_status = ${MessageStatus.pending}, es_result = null, update_time = now()
     where tenant_id = ${tenantId} and ${compose} and es_send_status = ${MessageStatus.failed} and es_receiver <> ''
     returning id`);
  return claimed.map((row) => row.id);
}

/** 重发失败 of one 群发: answers how many rows were put back; they are sent in the background. */
export async function retryCompose(context: CrudContext, composeId: string): Promise<number> {
  await findCompose(context, composeId);
  const ids = await claimFailed(context.services, context.tenantId, composeId);
  if (ids.length === 0) throw new ApiError(ComposeTexts.nothingToRetry);
  deliverInBackground(context.services, ids);
  return ids.length;
}

/** The rows of the tenant's 群发 left 待发送 by a delivery that never ran (nobody holds them for a while). */
async function stalePending(deps: DeliveryDependencies, tenantId: number): Promise<string[]> {
  const rows = await deps.db.rows<{ id: string }>(sql`
    select id from sys_message
     where tenant_id = ${tenantId} and compose_id is not null and es_send_status = ${MessageStatus.pending}
       and create_time < now() - ${STALE_PENDING} and ${leaseFree}`);
  return rows.map((row) => row.id);
}

/** The RetryFailedComposeJob: every failed row of the tenant's 群发, and every one left 待发送, sent now. */
export async function retryFailedCompose(deps: DeliveryDependencies, tenantId: number): Promise<{ tried: number; sent: number }> {
  const ids = [...(await stalePending(deps, tenantId)), ...(await claimFailed(deps, tenantId))];
  return { tried: ids.length, sent: await deliverComposeMessages(deps, ids) };
}

async function findCompose(context: CrudContext, id: string): Promise<ComposeRecord & { body: string }> {
  const [found] = await composeRecords(context, sql`and c.id = ${id}`, 1);
  if (!found) throw new ApiError(ComposeTexts.notFound);
  return found;
}

async function composeRecords(context: CrudContext, where: ReturnType<typeof sql>, limit: number): Promise<Array<ComposeRecord & { body: string }>> {
  const rows = await context.services.db.rows<{
    id: string; subject: string; body: string; selection_text: string; channels: string; recipient_count: number; message_count: number;
    create_by: string | null; create_time: string; pending: number; sent: number; failed: number; recorded: number;
  }>(sql`
    select c.id, c.subject, c.body, c.selection_text, c.channels, c.recipient_count, c.message_count, c.create_by,
           to_char(c.create_time at time zone ${context.services.config.schoolTimeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time,
           count(m.id) filter (where m.es_send_status = ${MessageStatus.pending})::int as pending,
           count(m.id) filter (where m.es_send_status = ${MessageStatus.sent})::int as sent,
           count(m.id) filter (where m.es_send_status = ${MessageStatus.failed})::int as failed,
           count(m.id) filter (where m.es_send_status = ${MessageStatus.recorded})::int as recorded
      from comm_compose c left join sys_message m on m.compose_id = c.id
     where c.tenant_id = ${context.tenantId} ${where}
     group by c.id
     order by c.create_time desc, c.id desc
     limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    body: row.body,
    selectionText: row.selection_text,
    channels: row.channels.split(",").map(channelLabel).join("、"),
    recipientCount: row.recipient_count,
    messageCount: row.message_count,
    createBy: row.create_by,
    createTime: row.create_time,
    counts: { pending: row.pending, sent: row.sent, failed: row.failed, recorded: row.recorded },
  }));
}

export async function listCompose(context: CrudContext): Promise<ComposeRecord[]> {
  return (await composeRecords(context, sql``, 200)).map(({ body: _body, ...record }) => record);
}

/** One 群发 with each recipient's row; phones and e-mails masked without message:viewSensitive. */
export async function composeDetail(context: CrudContext, id: string): Promise<ComposeDetail> {
  const record = await findCompose(context, id);
  const full = await seesSensitive(context, "message");
  const messages = await context.services.db.rows<{
    id: string; recipient_name: string | null; channel: string; receiver: string; title: string | null; content: string | null;
    status: string; result: string | null; send_time: string | null;
  }>(sql`
    select id, recipient_name, es_type as channel, es_receiver as receiver, es_title as title, es_content as content, es_send_status as status,
           es_result as result, to_char(es_send_time at time zone ${context.services.config.schoolTimeZone}, 'YYYY-MM-DD HH24:MI:SS') as send_time
      from sys_message where compose_id = ${id} and tenant_id = ${context.tenantId}
     order by recipient_name, es_type, id`);
  return {
    ...record,
    messages: messages.map((row) => {
      const clear = decryptValue(row.receiver);
      const kind = row.channel === MessageChannel.sms ? "phone" : row.channel === MessageChannel.mail ? "email" : undefined;
      return {
        id: row.id,
        recipientName: row.recipient_name ?? "",
        channel: row.channel,
        receiver: full || !kind ? clear : maskValue(kind, clear),
        title: row.title ?? "",
        content: row.content ?? "",
        status: row.status,
        result: row.result,
        sendTime: row.send_time,
      };
    }),
  };
}

/** What the form offers: the current year's classes, the grades, the activities, parents (phones masked) and staff. */
export async function composeOptions(context: CrudContext): Promise<ComposeOptions> {
  const { db } = context.services;
  const tenantId = context.tenantId;
  const [classes, grades, activities, parents, users] = await Promise.all([
    db.rows<{ id: string; name: string; grade: string }>(sql`
      select c.id, c.name, c.grade from school_class c join school_year y on y.id = c.year_id and y.is_current = 'Y'
       where c.tenant_id = ${tenantId} order by c.grade, c.name`),
    context.services.dictionaries.items("grade"),
    db.rows<{ id: string; title: string }>(sql`select id, title from act_activity where tenant_id = ${tenantId} order by create_time desc, id limit 200`),
    db.rows<{ id: string; name: string; phone: string | null }>(sql`select id, name, phone from school_parent where tenant_id = ${tenantId} order by name, id limit 3000`),
    db.rows<{ id: string; realname: string | null; username: string }>(sql`
      select id, realname, username from sys_user where del_flag = 0 and ${tenantListCondition(sql`rel_tenant_ids`, tenantId)} order by realname, username`),
  ]);
  return {
    classes,
    grades: grades.map(({ value, text }) => ({ value, text })),
    activities,
    parents: parents.map((parent) => ({ id: parent.id, name: parent.name, phone: parent.phone ? maskValue("phone", decryptValue(parent.phone)) : "" })),
    users: users.map((user) => ({ id: user.id, realname: user.realname ?? user.username, username: user.username })),
  };
}
