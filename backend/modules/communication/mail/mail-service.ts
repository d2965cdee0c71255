// The mail outbox (docs/spec/school-domain.md "Communication": Mail). A mail is never lost: its row
// and attachments are committed first (待发送), then it is sent over SMTP (nodemailer, SMTP_URL),
// then the row says 已发送 or 失败 with the error text. Failed mails are sent again by 重发 or by
// retryFailedMails(), which a scheduled job may call. A delivery holds a lease on the row while it sends
// (docs/decisions/177): two deliveries of one mail at once send it once.
import { sql } from "drizzle-orm";
import { newId } from "../../../db/ids";
import type { Database } from "../../../db/client";
import type { BackendConfig } from "../../../config";
import { inTransaction, type Executor } from "../../../crud/context";

export const MailStatus = { pending: "0", sent: "1", failed: "2" } as const;

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  tenantId: number;
  to: string;
  cc?: string;
  subject: string;
  body: string;
  attachments?: MailAttachment[];
  relatedType?: string;
  relatedId?: string;
  createdBy: string;
}

export interface MailOutcome {
  id: string;
  sent: boolean;
  error: string | null;
  /** Another delivery holds the mail right now: it was not sent by this one. */
  busy?: boolean;
}

/** How long a delivery may hold a mail or a message (the SMTP timeouts below add up to less). */
export const DELIVERY_LEASE = sql`interval '2 minutes'`;
/** The condition a delivery claims a row on: nobody holds it, or its holder stopped long ago. */
export const leaseFree = sql`(delivery_lease is null or delivery_lease < now())`;
/** Rows 待发送 for longer than this with nobody holding them were left by a process that stopped. */
export const STALE_PENDING = sql`interval '2 minutes'`;

/** What 重发 says of a mail another delivery is sending at that moment. */
export const MAIL_IN_DELIVERY = "邮件正在发送中，请稍后刷新查看结果";

/** The reason a mail failed, shown on 邮件: without a mail server configured. */
export const MAIL_NOT_CONFIGURED = "未配置邮件服务器（环境变量 SMTP_URL），邮件未发送";

/** Milliseconds: a mail server that does not answer fails the mail instead of holding the request. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * What a feature does when its mail went out (e.g. a receivable's emailedAt), by related type;
 * `sentFor` is who asked for the mail (its create_by).
 */
type SentHandler = (db: Database, relatedId: string, sentFor: string) => Promise<void>;
const sentHandlers = new Map<string, SentHandler>();

export function onMailSent(relatedType: string, handler: SentHandler): void {
  sentHandlers.set(relatedType, handler);
}

interface MailDependencies {
  db: Database;
  config: Pick<BackendConfig, "smtpUrl" | "mailFrom">;
}

/** Writes the mail's row (待发送) inside the caller's transaction; answers its id. */
export async function queueMail(tx: Executor, mail: OutgoingMail): Promise<string> {
  const [id] = await queueMails(tx, [mail]);
  for (const attachment of mail.attachments ?? []) {
    await tx.rows(sql`
      insert into comm_mail_attachment (id, mail_id, filename, content_type, content)
      values (${newId()}, ${id}, ${attachment.filename}, ${attachment.contentType}, ${attachment.content})`);
  }
  return id!;
}

/** Writes many mails' rows (待发送, without attachments) in a few statements; answers their ids in order. */
export async function queueMails(tx: Executor, mails: readonly Omit<OutgoingMail, "attachments">[]): Promise<string[]> {
  const ids = mails.map(() => newId());
  for (let start = 0; start < mails.length; start += 500) {
    const values = mails.slice(start, start + 500).map(
      (mail, offset) =>
        sql`(${ids[start + offset]}, ${mail.tenantId}, ${mail.to}, ${mail.cc ?? null}, ${mail.subject}, ${mail.body}, ${MailStatus.pending},
             ${mail.relatedType ?? null}, ${mail.relatedId ?? null}, ${mail.createdBy.slice(0, 32)})`,
    );
    await tx.rows(sql`
      insert into comm_mail (id, tenant_id, mail_to, cc, subject, body, status, related_type, related_id, create_by)
      values ${sql.join(values, sql`, `)}`);
  }
  return ids;
}

/** Queues a mail in its own transaction, then sends it. */
export async function sendNewMail(deps: MailDependencies, mail: OutgoingMail): Promise<MailOutcome> {
  const id = await inTransaction(deps.db, (tx) => queueMail(tx, mail));
  return deliverMail(deps, id);
}

/**
 * Sends a queued or failed mail and records the outcome. A mail already sent is not sent twice:
 * the row is claimed (status 待发送 → sending attempt) with a conditional update first.
 */
export async function deliverMail(deps: MailDependencies, id: string): Promise<MailOutcome> {
  const claimed = await deps.db.rows<{
    id: string;
    mail_to: string;
    cc: string | null;
    subject: string;
    body: string | null;
    related_type: string | null;
    related_id: string | null;
    create_by: string | null;
  }>(sql`
    update comm_mail set attempts = attempts + 1, delivery_lease = now() + ${DELIVERY_LEASE}, update_time = now()
    where id = ${id} and status <> ${MailStatus.sent} and ${leaseFree}
    returning id, mail_to, cc, subject, body, related_type, related_id, create_by`);
  const mail = claimed[0];
  if (!mail) {
    const [row] = await deps.db.rows<{ status: string }>(sql`select status from comm_mail where id = ${id}`);
    return !row || row.status === MailStatus.sent ? { id, sent: true, error: null } : { id, sent: false, error: MAIL_IN_DELIVERY, busy: true };
  }
  const attachments = await deps.db.rows<{ filename: string; content_type: string; content: Uint8Array }>(
    sql`select filename, content_type, content from comm_mail_attachment where mail_id = ${id} order by id`,
  );
  let error: string | null = null;
  try {
    if (!deps.config.smtpUrl) throw new Error(MAIL_NOT_CONFIGURED);
    // The URL's query may tune the transport (`?connectionTimeout=…`); the defaults wait 2 minutes.
    const url = new URL(deps.config.smtpUrl);
    for (const [name, value] of Object.entries(SMTP_TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
    // nodemailer is imported on the first mail sent (docs/decisions/175), not at every start.
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport(url.toString());
    try {
      await transport.sendMail({
        from: deps.config.mailFrom,
        to: mail.mail_to,
        cc: mail.cc ?? undefined,
        subject: mail.subject,
        text: mail.body ?? "",
        attachments: attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.content_type,
          content: Buffer.from(attachment.content),
        })),
      });
    } finally {
      transport.close();
    }
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  await deps.db.rows(sql`
    update comm_mail
    set status = ${error ? MailStatus.failed : MailStatus.sent},
        error = ${error},
        sent_at = ${error ? null : new Date().toISOString()}::timestamptz,
        delivery_lease = null,
        update_time = now()
    where id = ${id}`);
  const handler = mail.related_type ? sentHandlers.get(mail.related_type) : undefined;
  if (!error && handler && mail.related_id) await handler(deps.db, mail.related_id, mail.create_by || "system");
  return { id, sent: error === null, error };
}

/**
 * Sends every failed mail (of `tenantId`, when given) again, and every 待发送 one whose delivery never
 * ran (a restart after the commit), oldest first, `limit` at a time: what a scheduled job calls.
 * Answers how many were tried and how many went out.
 */
export async function retryFailedMails(deps: MailDependencies, limit = 100, tenantId?: number): Promise<{ tried: number; sent: number }> {
  const tenant = tenantId === undefined ? sql`` : sql` and tenant_id = ${tenantId}`;
  const failed = await deps.db.rows<{ id: string }>(sql`
    select id from comm_mail
     where (status = ${MailStatus.failed} or (status = ${MailStatus.pending} and create_time < now() - ${STALE_PENDING})) and ${leaseFree}${tenant}
     order by create_time, id limit ${limit}`);
  let sent = 0;
  for (const { id } of failed) if ((await deliverMail(deps, id)).sent) sent += 1;
  return { tried: failed.length, sent };
}
