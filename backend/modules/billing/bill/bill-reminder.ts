// 催缴未付账单 (the RemindUnpaidBillJob kind): a reminder mail to each payer of a tenant's bills that
// are still 未付 or 部分 some days after their due date, through the mail outbox (消息中心 → 邮件).
//
// At most one reminder per bill, payer and school day, across re-runs and instances: the run
// inserts bill_reminder rows keyed (bill, payer, day) ON CONFLICT DO NOTHING and mails only the
// bills whose row it inserted, all in one transaction with the queued mails; a run racing another
// waits on the key and inserts nothing. The wording is the tenant's 消息模板 `bill_reminder`. The mails are sent after the commit; one that fails stays
// 失败 for 重发 or the RetryFailedMailJob.
import { sql, type SQL } from "drizzle-orm";
import { formatMoney, toFen } from "#contract/money";
import type { Database } from "../../../db/client";
import type { BackendConfig } from "../../../config";
import { inTransaction } from "../../../crud/context";
import { MessageChannel } from "#contract/modules/message";
import { deliverMail, queueMail } from "../../communication/mail/mail-service";
import { findTemplate, renderMessage } from "../../communication/message/message-service";
import { schoolDay } from "../../system/fill-rule/fill-number";
import { decryptValue } from "../../../security/personal-data";

/** comm_mail.related_type of a reminder (related_id: the payer). */
export const REMINDER_MAIL_TYPE = "bill_reminder";

export interface ReminderBill {
  billNo: string;
  studentName: string | null;
  schoolYear: string;
  term: string;
  dueDate: string;
  /** payable − paid, in fen (of a bill in instalments: what is open of its overdue instalments). */
  outstandingFen: bigint;
  /** The overdue instalments' numbers (e.g. "1、2") of a bill in instalments. */
  instalments?: string;
}

/** The 消息模板 code of the reminder; its placeholders are BILL_REMINDER_VALUES. */
export const BILL_REMINDER_TEMPLATE_CODE = "bill_reminder";

/** The seeded template (migration 0130 writes the same): the built-in text with placeholders. */
export const BILL_REMINDER_TEMPLATE = {
  templateCode: BILL_REMINDER_TEMPLATE_CODE,
  templateName: "缴费提醒：${billCount} 张账单逾期未缴清",
  templateType: MessageChannel.mail,
  templateContent: [
    "${payerName}，您好：",
    "",
    "以下账单已过应缴日期，尚未缴清，合计待缴 ${total} 元：",
    "${bills}",
    "",
    "请尽快缴费。如已缴费，请忽略本邮件。",
  ].join("\n"),
  templateTestJson: JSON.stringify({ payerName: "张三", billCount: 1, total: "1200.00", bills: "- 账单号 B0001，学生 张小明，2025-2026 学年第 1 学期，应缴日期 2025-09-01，待缴 1200.00 元" }),
} as const;

/** The values a reminder template is rendered with. */
export function unpaidBillReminderValues(payerName: string, bills: readonly ReminderBill[]): Record<string, string | number> {
  const total = bills.reduce((sum, bill) => sum + bill.outstandingFen, 0n);
  const lines = bills.map(
    (bill) =>
      `- 账单号 ${bill.billNo}，学生 ${bill.studentName ?? "-"}，${bill.schoolYear} 学年第 ${bill.term} 学期，` +
      `应缴日期 ${bill.dueDate}${bill.instalments ? `（第 ${bill.instalments} 期）` : ""}，待缴 ${formatMoney(bill.outstandingFen)} 元`,
  );
  return { payerName, billCount: bills.length, total: formatMoney(total), bills: lines.join("\n") };
}

/**
 * The reminder's subject and text: the tenant's 消息模板 `bill_reminder` (a 邮件 template) when it
 * exists and all its placeholders have values, else the built-in wording (the same as the seeded template).
 */
export function unpaidBillReminderText(
  payerName: string,
  bills: readonly ReminderBill[],
  template?: { templateName: string; templateContent: string; templateType: string },
): { subject: string; body: string } {
  const values = unpaidBillReminderValues(payerName, bills);
  const chosen = template && template.templateType === MessageChannel.mail ? template : BILL_REMINDER_TEMPLATE;
  let rendered = renderMessage(chosen, values);
  if (rendered.missing.length > 0) rendered = renderMessage(BILL_REMINDER_TEMPLATE, values);
  return { subject: rendered.title, body: rendered.content };
}

export interface ReminderOutcome {
  /** Overdue bills of the tenant (whatever their payer). */
  overdueBills: number;
  /** Bills newly reminded by this run (not reminded yet today). */
  remindedBills: number;
  /** Mails queued (one per payer) and how many went out now. */
  mails: number;
  sent: number;
  /** Payers of overdue bills without an e-mail address. */
  payersWithoutEmail: number;
}

interface Inserted {
  reminder_id: string;
  bill_id: string;
  payer_type: string;
  payer_id: string;
  bill_no: string;
  student_name: string | null;
  school_year: string;
  term: string;
  due_date: string;
  outstanding: string;
  seqs: string | null;
  payer_name: string;
  email: string;
}

/**
 * The bills of `tenantId` still 未付/部分 more than `overdueDays` after their due date (`today`, a school
 * day): id, payer, bill_no, student_id, school year, term, due_date, outstanding, seqs, payer_name, email.
 * The reminder and 群发's 逾期未缴付款人 (../../communication/compose) read the same bills.
 */
export function overdueBillsSql(tenantId: number, today: string, overdueDays: number): SQL {
  // A bill in instalments is overdue by its instalments (docs/decisions/159): the reminder names the
  // overdue ones, from the earliest due date, and what of them is still open.
  return sql`
    SELECT b.id, b.payer_type, b.payer_id, b.bill_no, b.student_id, b.school_year, b.term,
           coalesce(due.first_due, b.due_date) AS due_date, coalesce(due.open, b.payable - b.paid_amount) AS outstanding, due.seqs,
           coalesce(p.name, c.name) AS payer_name, nullif(trim(coalesce(p.email, c.email)), '') AS email
      FROM bill_bill b
      LEFT JOIN LATERAL (
        SELECT min(i.due_date) AS first_due, sum(least(i.amount, i.cumulative - b.paid_amount)) AS open, string_agg(i.seq::text, '、' ORDER BY i.seq) AS seqs
          FROM bill_instalment i
         WHERE i.bill_id = b.id AND i.cumulative > b.paid_amount AND i.due_date < ${today}::date - ${overdueDays}::int) due ON true
      LEFT JOIN school_parent p ON b.payer_type = '1' AND p.id = b.payer_id AND p.tenant_id = b.tenant_id
      LEFT JOIN school_corporation c ON b.payer_type = '2' AND c.id = b.payer_id AND c.tenant_id = b.tenant_id
     WHERE b.tenant_id = ${tenantId} AND b.status IN ('1', '2') AND b.payable > b.paid_amount
       AND CASE WHEN EXISTS (SELECT 1 FROM bill_instalment i WHERE i.bill_id = b.id) THEN due.first_due IS NOT NULL
                ELSE b.due_date < ${today}::date - ${overdueDays}::int END`;
}

/** Bills of `tenantId` still 未付/部分 more than `overdueDays` after their due date (school days). */
export async function remindUnpaidBills(
  deps: { db: Database; config: Pick<BackendConfig, "smtpUrl" | "mailFrom" | "schoolTimeZone"> },
  tenantId: number,
  overdueDays: number,
  now = new Date(),
): Promise<ReminderOutcome> {
  const { year, month, day } = schoolDay(now, deps.config.schoolTimeZone);
  const today = `${year}-${month}-${day}`;
  const overdue = overdueBillsSql(tenantId, today, overdueDays);
  const { inserted, counts } = await inTransaction(deps.db, async (tx) => {
    const [counts] = await tx.rows<{ bills: number; without_email: number }>(sql`
      SELECT count(*)::int AS bills,
             count(DISTINCT (o.payer_type, o.payer_id)) FILTER (WHERE o.email IS NULL)::int AS without_email
        FROM (${overdue}) o`);
    const inserted = await tx.rows<Inserted>(sql`
      WITH o AS (${overdue}),
      added AS (
        INSERT INTO bill_reminder (id, tenant_id, bill_id, payer_type, payer_id, remind_date)
        SELECT replace(gen_random_uuid()::text, '-', ''), ${tenantId}, o.id, o.payer_type, o.payer_id, ${today}::date
          FROM o WHERE o.email IS NOT NULL AND o.payer_id IS NOT NULL
        ON CONFLICT (bill_id, payer_type, payer_id, remind_date) DO NOTHING
        RETURNING id, bill_id)
      SELECT added.id AS reminder_id, o.id AS bill_id, o.payer_type, o.payer_id, o.bill_no, s.name_cn AS student_name,
             o.school_year, o.term, to_char(o.due_date, 'YYYY-MM-DD') AS due_date, o.outstanding::text AS outstanding,
             o.seqs, o.payer_name, o.email
        FROM added JOIN o ON o.id = added.bill_id
        LEFT JOIN school_student s ON s.id = o.student_id
       ORDER BY o.payer_type, o.payer_id, o.due_date, o.bill_no`);
    const byPayer = new Map<string, Inserted[]>();
    for (const row of inserted) {
      const key = `${row.payer_type}\u0000${row.payer_id}`;
      byPayer.set(key, [...(byPayer.get(key) ?? []), row]);
    }
    const mailIds: string[] = [];
    const template = byPayer.size > 0 ? await findTemplate(tx, tenantId, BILL_REMINDER_TEMPLATE_CODE) : undefined;
    for (const rows of byPayer.values()) {
      const first = rows[0]!;
      const { subject, body } = unpaidBillReminderText(
        first.payer_name,
        rows.map((row) => ({
          billNo: row.bill_no,
          studentName: row.student_name,
          schoolYear: row.school_year,
          term: row.term,
          dueDate: row.due_date,
          outstandingFen: toFen(row.outstanding),
          ...(row.seqs ? { instalments: row.seqs } : {}),
        })),
        template,
      );
      const mailId = await queueMail(tx, {
        tenantId,
        // A parent's e-mail is stored encrypted (docs/decisions/119); a corporation's is not.
        to: decryptValue(first.email),
        subject,
        body,
        relatedType: REMINDER_MAIL_TYPE,
        relatedId: first.payer_id,
        createdBy: "system",
      });
      const reminderIds = rows.map((row) => row.reminder_id);
      await tx.rows(sql`UPDATE bill_reminder SET mail_id = ${mailId} WHERE id = any(${`{${reminderIds.join(",")}}`}::varchar[])`);
      mailIds.push(mailId);
    }
    return { inserted: { rows: inserted.length, mailIds }, counts };
  });
  let sent = 0;
  for (const id of inserted.mailIds) if ((await deliverMail(deps, id)).sent) sent += 1;
  return {
    overdueBills: counts?.bills ?? 0,
    remindedBills: inserted.rows,
    mails: inserted.mailIds.length,
    sent,
    payersWithoutEmail: counts?.without_email ?? 0,
  };
}
