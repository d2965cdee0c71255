// 消息 (issue #13 part 5): a template (sys_sms_template) rendered with named values and sent to
// receivers over its channel, each message kept as a sys_message row with its status:
// - 站内: a published USER announcement to that user (their bell and 我的消息), pushed live;
// - 邮件: a mail of the outbox (消息中心 → 邮件), sent after the commit, 失败 kept for 重发;
// - 短信 / 微信: the channel's sender (./message-senders.ts), else 已记录 with what would be sent.
// All rows (messages, announcements, mails) are written in one transaction; sending follows the commit.
import { decryptValue } from "../../../security/personal-data";
import { and, eq, sql } from "drizzle-orm";
import { EMAIL_LIST_PATTERN } from "#contract/modules/mail";
import { MessageChannel, MessageStatus, MessageTexts } from "#contract/modules/message";
import { missingValuesMessage, renderTemplate, type TemplateValues } from "#contract/template";
import { inTransaction, type Executor } from "../../../crud/context";
import { tenantListCondition } from "../../../crud/tenant";
import { newId } from "../../../db/ids";
import { sysMessage, sysSmsTemplate, sysUser } from "../../../db/schema";
import { ApiError } from "../../../http/envelope";
import type { BackendServices } from "../../../services";
import { DelFlag, MsgCategory, MsgType, SendStatus } from "../../system/announcement/constants";
import { pushAnnouncement } from "../../system/announcement/push";
import { syncUserRecipients } from "../../system/announcement/recipients";
import { sysAnnouncement } from "../../system/announcement/schema";
import { queueMail } from "../mail/mail-service";
import { ownValues } from "../compose/compose-recipients";
import { deliverMessage } from "./message-delivery";
import { receiverValues } from "./sms-receiver";

export const MAX_RECEIVERS = 100;
const PHONE = /^1[3-9]\d{9}$/;

export type TemplateRow = typeof sysSmsTemplate.$inferSelect;

export interface SentMessage {
  id: string;
  receiver: string;
  status: string;
  result: string | null;
}

export async function findTemplate(executor: Executor, tenantId: number, code: string): Promise<TemplateRow | undefined> {
  const [row] = await executor.orm
    .select()
    .from(sysSmsTemplate)
    .where(and(eq(sysSmsTemplate.tenantId, tenantId), eq(sysSmsTemplate.templateCode, code)));
  return row;
}

/** The template's title and content with `values`; missing values are the caller's error. */
export function renderMessage(template: Pick<TemplateRow, "templateName" | "templateContent">, values: TemplateValues) {
  const title = renderTemplate(template.templateName, values);
  const content = renderTemplate(template.templateContent, values);
  const missing = [...new Set([...title.missing, ...content.missing])];
  return { title: title.text, content: content.text, missing };
}

interface Receiver {
  /** What the message row shows (a username, an address, a phone number). */
  shown: string;
  /** 站内: the user's id; 邮件: the address; 短信: the phone; 微信: the receiver as given. */
  address: string;
  /** The user named by username (the others are addresses). */
  username?: string;
}

/** Usernames become the user's id, e-mail or phone for the channel; addresses are checked. */
async function resolveReceivers(executor: Executor, tenantId: number, channel: string, receivers: string[]): Promise<Receiver[]> {
  const resolved: Receiver[] = [];
  for (const receiver of receivers) {
    const looksLikeAddress =
      (channel === MessageChannel.mail && receiver.includes("@")) || (channel === MessageChannel.sms && /^\d+$/.test(receiver));
    if (channel === MessageChannel.wechat) {
      resolved.push({ shown: receiver, address: receiver });
      continue;
    }
    if (looksLikeAddress) {
      if (channel === MessageChannel.mail && !EMAIL_LIST_PATTERN.regex.test(receiver)) throw new ApiError(MessageTexts.badEmail(receiver));
      if (channel === MessageChannel.sms && !PHONE.test(receiver)) throw new ApiError(MessageTexts.badPhone(receiver));
      resolved.push({ shown: receiver, address: receiver });
      continue;
    }
    const [user] = await executor.orm
      .select({ id: sysUser.id, email: sysUser.email, phone: sysUser.phone })
      .from(sysUser)
      .where(and(eq(sysUser.username, receiver), eq(sysUser.delFlag, 0), tenantListCondition(sql`${sysUser.relTenantIds}`, tenantId)));
    if (!user) throw new ApiError(MessageTexts.unknownUser(receiver));
    // Phones and e-mails are stored encrypted (docs/decisions/145).
    const stored = channel === MessageChannel.site ? user.id : channel === MessageChannel.mail ? user.email : user.phone;
    const address = stored ? decryptValue(stored).trim() : stored;
    if (!address) throw new ApiError(channel === MessageChannel.mail ? MessageTexts.badEmail(receiver) : MessageTexts.badPhone(receiver));
    resolved.push({ shown: receiver, address, username: receiver });
  }
  return resolved;
}

/** `a, b;c` → ["a", "b", "c"], repeats dropped. */
export function parseReceivers(text: unknown): string[] {
  const list = [...new Set(String(text ?? "").split(/[,;，；\s]+/).map((item) => item.trim()).filter(Boolean))];
  if (list.length === 0) throw new ApiError(MessageTexts.receiverRequired);
  if (list.length > MAX_RECEIVERS) throw new ApiError(MessageTexts.tooManyReceivers);
  return list;
}

/**
 * 站内: a published USER announcement to `userId` (their bell and 我的消息), written in the caller's
 * transaction; answers its id, which pushAnnouncement pushes live after the commit.
 */
export async function announceToUser(
  tx: Executor,
  message: { tenantId: number; username: string; userId: string; title: string; content: string; now: Date },
): Promise<string> {
  const id = newId();
  await tx.orm.insert(sysAnnouncement).values({
    id,
    titile: message.title.slice(0, 100),
    msgContent: message.content,
    msgCategory: MsgCategory.system,
    msgType: MsgType.user,
    userIds: message.userId,
    sendStatus: SendStatus.published,
    sendTime: message.now,
    sender: message.username,
    delFlag: DelFlag.present,
    busType: "message",
    // Its own id: the JeecgBoot Vue 3 client opens it in 我的消息 by busId (messageHref, decision 151).
    busId: id,
    tenantId: message.tenantId,
    createBy: message.username,
    createTime: message.now,
  });
  await syncUserRecipients(tx.orm, id, [message.userId], message.username);
  return id;
}

export interface SendRequest {
  tenantId: number;
  username: string;
  templateCode: string;
  receivers: string[];
  values: TemplateValues;
}

/**
 * 测试发送: the template rendered for each receiver with the test data and his own values over it
 * (a parent's or a user's name, children, class, amount due…: ../compose/compose-recipients.ts, the
 * renderer 群发 uses), written in one transaction, sent after the commit.
 */
export async function sendTemplateMessage(services: BackendServices, request: SendRequest): Promise<SentMessage[]> {
  const now = new Date();
  const written = await inTransaction(services.db, async (tx) => {
    const template = await findTemplate(tx, request.tenantId, request.templateCode);
    if (!template) throw new ApiError(MessageTexts.templateNotFound);
    const channel = template.templateType;
    const receivers = await resolveReceivers(tx, request.tenantId, channel, request.receivers);
    const rows: Array<{ id: string; receiver: Receiver; relatedId: string | null; status: string; title: string; content: string }> = [];
    for (const receiver of receivers) {
      const own = await ownValues(tx, request.tenantId, channel, receiver.address, receiver.username);
      // His own values where he has them (a staff member has no children), the test data for the rest.
      const rendered = renderMessage(template, { ...request.values, ...Object.fromEntries(Object.entries(own).filter(([, value]) => value !== "")) });
      if (rendered.missing.length > 0) throw new ApiError(missingValuesMessage(rendered.missing));
      let relatedId: string | null = null;
      let status: string = MessageStatus.pending;
      if (channel === MessageChannel.site) {
        relatedId = await announceToUser(tx, { tenantId: request.tenantId, username: request.username, userId: receiver.address, title: rendered.title, content: rendered.content, now });
        status = MessageStatus.sent;
      } else if (channel === MessageChannel.mail) {
        relatedId = await queueMail(tx, {
          tenantId: request.tenantId,
          to: receiver.address,
          subject: rendered.title,
          body: rendered.content,
          relatedType: "message",
          createdBy: request.username,
        });
      }
      const id = newId();
      await tx.orm.insert(sysMessage).values({
        id,
        tenantId: request.tenantId,
        templateCode: template.templateCode,
        esType: channel,
        ...receiverValues(channel, receiver.shown.slice(0, 100)),
        esTitle: rendered.title.slice(0, 255),
        esContent: rendered.content,
        esSendStatus: status,
        esSendTime: status === MessageStatus.sent ? now : null,
        relatedId,
        createBy: request.username.slice(0, 32),
        createTime: now,
      });
      rows.push({ id, receiver, relatedId, status, title: rendered.title, content: rendered.content });
    }
    return { channel, rows };
  });

  const sent: SentMessage[] = [];
  for (const row of written.rows) {
    let outcome = { status: row.status, result: null as string | null };
    if (written.channel === MessageChannel.site && row.relatedId) {
      await pushAnnouncement(services, { id: row.relatedId, titile: row.title, msgType: MsgType.user, tenantId: request.tenantId });
    } else {
      outcome = await deliverMessage(services, { id: row.id, channel: written.channel, receiver: row.receiver.address, title: row.title, content: row.content, mailId: row.relatedId });
    }
    sent.push({ id: row.id, receiver: row.receiver.shown, status: outcome.status, result: outcome.result });
  }
  return sent;
}
