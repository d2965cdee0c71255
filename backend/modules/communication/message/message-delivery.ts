// Sending one 消息 row (sys_message) that is 待发送, after the commit that wrote it: 邮件 through its
// outbox mail (deliverMail: SMTP, the mail kept 失败 for 重发 and the RetryFailedMailJob), 短信 and
// 微信 through the channel's sender (./message-senders.ts), else 已记录 with what would be sent. The
// row is claimed first with a lease (docs/decisions/177: two deliveries of one row at once send it
// once; a lease left by a stopped process expires) and takes its outcome only while it is still 待发送.
// 测试发送, the waiting list's notices and 群发 all send through here.
import { sql } from "drizzle-orm";
import { MessageChannel, MessageStatus } from "#contract/modules/message";
import type { BackendConfig } from "../../../config";
import type { Database } from "../../../db/client";
import { DELIVERY_LEASE, deliverMail, leaseFree } from "../mail/mail-service";
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

/** What deliverMessage answers when another delivery holds the row (or it is no longer 待发送). */
const notMine: DeliveryOutcome = { status: MessageStatus.pending, result: null };

export async function deliverMessage(deps: DeliveryDependencies, message: QueuedMessage): Promise<DeliveryOutcome> {
  // What has no sender here (站内, a mail row without its outbox mail) stays as it is.
  const mail = message.channel === MessageChannel.mail ? message.mailId : null;
  if (!mail && message.channel !== MessageChannel.sms && message.channel !== MessageChannel.wechat) return notMine;
  const claimed = await deps.db.rows(sql`
    update sys_message set delivery_lease = now() + ${DELIVERY_LEASE}
     where id = ${message.id} and es_send_status = ${MessageStatus.pending} and ${leaseFree}
     returning id`);
  if (claimed.length === 0) return notMine;
  let outcome: DeliveryOutcome;
  try {
    if (mail) {
      const sent = await deliverMail(deps, mail);
      // Another delivery is sending the mail: the row follows its outcome (onMailSent) or is picked up again.
      if (sent.busy) {
        await deps.db.rows(sql`update sys_message set delivery_lease = null where id = ${message.id}`);
        return notMine;
      }
      outcome = sent.sent ? { status: MessageStatus.sent, result: null } : { status: MessageStatus.failed, result: sent.error };
    } else {
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
    }
  } catch (error) {
    outcome = { status: MessageStatus.failed, result: error instanceof Error ? error.message : String(error) };
  }
  await deps.db.rows(sql`
    update sys_message
       set es_send_status = ${outcome.status}, es_result = ${outcome.result}, es_send_time = ${outcome.status === MessageStatus.sent ? sql`now()` : null},
           delivery_lease = null, update_time = now()
     where id = ${message.id} and es_send_status = ${MessageStatus.pending}`);
  return outcome;
}
