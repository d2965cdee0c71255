// Sending one 消息 row (sys_message) that is 待发送, after the commit that wrote it: 邮件 through its
// outbox mail (deliverMail: SMTP, the mail kept 失败 for 重发 and the RetryFailedMailJob), 短信 and
// 微信 through the channel's sender (./message-senders.ts), else 已记录 with what would be sent. The
// row takes its outcome only while it is still 待发送 (a row is sent once). 测试发送, the waiting
// list's notices and 群发 all send through here.
import { and, eq } from "drizzle-orm";
import { MessageChannel, MessageStatus } from "#contract/modules/message";
import type { BackendConfig } from "../../../config";
import type { Database } from "../../../db/client";
import { sysMessage } from "../../../db/schema";
import { deliverMail } from "../mail/mail-service";
import { notConfiguredText, senderFor, type ProviderChannel } from "./message-senders";

export type DeliveryDependencies = { db: Database; config: Pick<BackendConfig, "smtpUrl" | "mailFrom" | "smsWebhookUrl" | "wechatWebhookUrl"> };

export interface QueuedMessage {
  id: string;
  channel: string;
  /** The address in clear (an SMS row's phone decrypted). */
  receiver: string;
  title: string;
  content: string;
  /** 邮件: the outbox mail. */
  mailId: string | null;
}

export interface DeliveryOutcome {
  status: string;
  result: string | null;
}

export async function deliverMessage(deps: DeliveryDependencies, message: QueuedMessage): Promise<DeliveryOutcome> {
  let outcome: DeliveryOutcome;
  try {
    if (message.channel === MessageChannel.mail && message.mailId) {
      const sent = await deliverMail(deps, message.mailId);
      outcome = sent.sent ? { status: MessageStatus.sent, result: null } : { status: MessageStatus.failed, result: sent.error };
    } else if (message.channel === MessageChannel.sms || message.channel === MessageChannel.wechat) {
      const channel = message.channel as ProviderChannel;
      const sender = senderFor(channel, deps.config);
      if (!sender) outcome = { status: MessageStatus.recorded, result: notConfiguredText(channel) };
      else {
        try {
          await sender.send({ channel, receiver: message.receiver, title: message.title, content: message.content });
          outcome = { status: MessageStatus.sent, result: sender.name };
        } catch (error) {
          outcome = { status: MessageStatus.failed, result: `${sender.name}: ${error instanceof Error ? error.message : String(error)}` };
        }
      }
    } else return { status: MessageStatus.pending, result: null };
  } catch (error) {
    outcome = { status: MessageStatus.failed, result: error instanceof Error ? error.message : String(error) };
  }
  await deps.db.orm
    .update(sysMessage)
    .set({ esSendStatus: outcome.status, esResult: outcome.result, esSendTime: outcome.status === MessageStatus.sent ? new Date() : null, updateTime: new Date() })
    .where(and(eq(sysMessage.id, message.id), eq(sysMessage.esSendStatus, MessageStatus.pending)));
  return outcome;
}
