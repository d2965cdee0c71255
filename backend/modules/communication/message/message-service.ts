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
import { deliverMail, queueMail } from "../mail/mail-service";
import { notConfiguredText, senderFor, type ProviderChannel } from "./message-senders";
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
    resolved.push({ shown: receiver, address });
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

export interface SendRequest {
  tenantId: number;
  username: string;
  templateCode: string;
  receivers: string[];
  values: TemplateValues;
}

export async function sendTemplateMessage(services: BackendServices, request: SendRequest): Promise<SentMessage[]> {
  const now = new Date();
  const written = await inTransaction(services.db, async (tx) => {
    const template = await findTemplate(tx, request.tenantId, request.templateCode);
    if (!template) throw new ApiError(MessageTexts.templateNotFound);
    const rendered = renderMessage(template, request.values);
    if (rendered.missing.length > 0) throw new ApiError(missingValuesMessage(rendered.missing));
    const channel = template.templateType;
    const receivers = await resolveReceivers(tx, request.tenantId, channel, request.receivers);
    const rows: Array<{ id: string; receiver: Receiver; relatedId: string | null; status: string }> = [];
    for (const receiver of receivers) {
      let relatedId: string | null = null;
      let status: string = MessageStatus.pending;
      if (channel === MessageChannel.site) {
        relatedId = newId();
        await tx.orm.insert(sysAnnouncement).values({
          id: relatedId,
          titile: rendered.title.slice(0, 100),
          msgContent: rendered.content,
          msgCategory: MsgCategory.system,
          msgType: MsgType.user,
          userIds: receiver.address,
          sendStatus: SendStatus.published,
          sendTime: now,
          sender: request.username,
          delFlag: DelFlag.present,
          busType: "message",
          // Its own id: the JeecgBoot Vue 3 client opens it in 我的消息 by busId (messageHref, decision 151).
          busId: relatedId,
          tenantId: request.tenantId,
          createBy: request.username,
          createTime: now,
        });
        await syncUserRecipients(tx.orm, relatedId, [receiver.address], request.username);
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
      rows.push({ id, receiver, relatedId, status });
    }
    return { channel, title: rendered.title, content: rendered.content, rows };
  });

  const sent: SentMessage[] = [];
  for (const row of written.rows) {
    let status = row.status;
    let result: string | null = null;
    if (written.channel === MessageChannel.site && row.relatedId) {
      await pushAnnouncement(services, { id: row.relatedId, titile: written.title, msgType: MsgType.user, tenantId: request.tenantId });
    } else if (written.channel === MessageChannel.mail && row.relatedId) {
      const outcome = await deliverMail(services, row.relatedId);
      status = outcome.sent ? MessageStatus.sent : MessageStatus.failed;
      result = outcome.error;
    } else if (written.channel === MessageChannel.sms || written.channel === MessageChannel.wechat) {
      const channel = written.channel as ProviderChannel;
      const sender = senderFor(channel, services.config);
      if (!sender) {
        status = MessageStatus.recorded;
        result = notConfiguredText(channel);
      } else {
        try {
          await sender.send({ channel, receiver: row.receiver.address, title: written.title, content: written.content });
          status = MessageStatus.sent;
          result = sender.name;
        } catch (error) {
          status = MessageStatus.failed;
          result = `${sender.name}: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
    }
    if (status !== row.status || result) {
      // Only a message still 待发送 takes its outcome (a row is sent once).
      await services.db.orm
        .update(sysMessage)
        .set({ esSendStatus: status, esResult: result, esSendTime: status === MessageStatus.sent ? new Date() : null, updateTime: new Date() })
        .where(and(eq(sysMessage.id, row.id), eq(sysMessage.esSendStatus, MessageStatus.pending)));
    }
    sent.push({ id: row.id, receiver: row.receiver.shown, status, result });
  }
  return sent;
}
