// Fees and billing through the real backend (issue #12 part B): the term's bill generation
// (preview, all-or-nothing, never twice, also concurrently), allowances, hand-made bills whose
// totals the backend recomputes, 作废, and a corporation's receivable e-mailed over real SMTP,
// kept as 失败 while the server is down and delivered by 重发 once it is back.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { databaseExecutor, inTransaction, readTogether, type Executor } from "../../backend/crud/context";
import { retryFailedMails } from "../../backend/modules/communication/mail/mail-service";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import type { RecordHistoryEntry } from "#contract/record-history";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const YEAR = "2026-2027";
const STUDENTS = 24;

describe.each(databases)("billing on %s", (kind) => {
  let server: TestBackend;
  let smtp: TestSmtp;
  let base: string;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(base, method, path, { token, body });
  const count = async (where: string) => Number((await rows<{ n: number }>(`select count(*) as n from bill_bill where ${where}`))[0]!.n);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestBackend(kind as "pglite" | "postgres", { smtpUrl: smtp.url, mailFrom: "finance@school.example" });
    base = server.url;
    finance = await loginToken(base, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    // Only the test's own people and no bills (the seed's demo school is left out).
    for (const table of ["bill_receipt", "bill_payment_allocation", "bill_payment", "bill_bill_item", "bill_bill", "bill_receivable", "bill_allowance", "bill_project", "school_student_parent", "school_student", "school_parent", "school_corporation"])
      await rows(`delete from ${table}`);
    // The people of the test school: two corporations (C1 pays for students 1-10 and gives a
    // tuition allowance, C2 for 11-12) and parents who pay for the others.
    await rows(`insert into school_corporation (id, tenant_id, name, email) values
      ('t-c1', 1, '测试企业一', 'billing@corp-one.example'), ('t-c2', 1, '测试企业二', null)`);
    const students = Array.from({ length: STUDENTS }, (_, index) => {
      const n = index + 1;
      const corp = n <= 10 ? "'t-c1'" : n <= 12 ? "'t-c2'" : "null";
      return `('t-s${n}', 1, 'T${String(n).padStart(4, "0")}', '测试学生${n}', '1', ${corp})`;
    });
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status, corp_id) values ${students.join(",")},
      ('t-gone', 1, 'T9999', '已退学', '4', null)`);
    await rows(`insert into school_parent (id, tenant_id, name) select 't-p' || n, 1, '测试家长' || n from generate_series(13, ${STUDENTS}) n`);
    await rows(`insert into school_student_parent (id, student_id, parent_id, relation, is_payer)
      select 't-sp' || n, 't-s' || n, 't-p' || n, '1', true from generate_series(13, ${STUDENTS}) n`);
    for (const project of [
      { code: "TUITION", name: "学费", type: "1", unitPrice: "30000.10", period: "3", sortNo: 1 },
      { code: "BUS", name: "校车", type: "2", unitPrice: "0.1", period: "2", sortNo: 2 },
      { code: "BOOKS", name: "教材", type: "5", unitPrice: "1200", period: "4", sortNo: 3 },
    ]) {
      expect((await send(finance, "POST", "/billing/project/add", { ...project, active: 1 })).json).toMatchObject({ success: true });
    }
    const [tuition] = await rows<{ id: string }>(`select id from bill_project where code = 'TUITION'`);
    for (const term of ["1", "2"]) {
      const answer = await send(finance, "POST", "/billing/allowance/add", { corpId: "t-c1", schoolYear: YEAR, term, projectId: tuition!.id, percent: "12.5", status: "1" });
      expect(answer.json).toMatchObject({ success: true });
    }
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it("refuses an allowance with both an amount and a percent, or neither", async () => {
    const [tuition] = await rows<{ id: string }>(`select id from bill_project where code = 'TUITION'`);
    const body = { corpId: "t-c2", schoolYear: YEAR, term: "1", projectId: tuition!.id, status: "1" };
    expect((await send(finance, "POST", "/billing/allowance/add", { ...body, amount: "100", percent: "10" })).json.message).toBe("补贴金额和补贴比例请填写其中一项");
    expect((await send(finance, "POST", "/billing/allowance/add", body)).json.message).toBe("补贴金额和补贴比例请填写其中一项");
    expect((await send(finance, "POST", "/billing/allowance/add", { ...body, amount: "1.005" })).json.message).toBe("补贴金额格式不正确，最多两位小数");
  });

  it("previews the term's bills without writing any", async () => {
    const answer = await send(finance, "POST", "/billing/bill/generatePreview", { schoolYear: YEAR, term: "1" });
    expect(answer.json.success).toBe(true);
    const plan = answer.json.result;
    expect(plan.bills).toHaveLength(STUDENTS); // the student who left is not billed
    const corporate = plan.bills.find((bill: { studentId: string }) => bill.studentId === "t-s1");
    // 30000.10 + 5 × 0.10 + 1200 = 31200.60; 12.5 % of 30000.10 = 3750.0125 → 3750.01
    expect(corporate).toMatchObject({ payerType: "2", payerId: "t-c1", total: "31200.60", allowanceTotal: "3750.01", payable: "27450.59" });
    const parent = plan.bills.find((bill: { studentId: string }) => bill.studentId === "t-s13");
    expect(parent).toMatchObject({ payerType: "1", payerId: "t-p13", payerName: "测试家长13", allowanceTotal: "0.00", payable: "31200.60" });
    expect(plan.payableTotal).toBe("711314.30"); // 24 × 31200.60 − 10 × 3750.01
    expect(await count("true")).toBe(0);
  });

  it("refuses generation to a user without 生成账单", async () => {
    const answer = await send(teacher, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1" });
    expect(answer.json.success).toBe(false);
    expect(await count("true")).toBe(0);
  });

  it("leaves no bill at all when the generation fails half-way", async () => {
    // A fee so large that corporation 1's receivable (ten students) overflows numeric(12,2) once
    // every bill and item has been written: the whole transaction must roll back.
    await rows(`update bill_project set unit_price = 2000000000.00 where code = 'TUITION'`);
    const answer = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1" });
    expect(answer.json.success).toBe(false);
    await rows(`update bill_project set unit_price = 30000.10 where code = 'TUITION'`);
    expect(await count("true")).toBe(0);
    expect(Number((await rows<{ n: number }>(`select count(*) as n from bill_bill_item`))[0]!.n)).toBe(0);
    expect(Number((await rows<{ n: number }>(`select count(*) as n from bill_receivable`))[0]!.n)).toBe(0);
  });

  it("creates every bill once, with its receivables, and skips them the second time", async () => {
    const first = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1", dueDate: "2026-09-30" });
    expect(first.json).toMatchObject({ success: true, message: `已生成${STUDENTS}张账单`, result: { created: STUDENTS, payableTotal: "711314.30" } });
    expect(new Set(first.json.result.billNos).size).toBe(STUDENTS);
    expect(await count(`school_year = '${YEAR}' and term = '1'`)).toBe(STUDENTS);
    const [receivable] = await rows<{ total_amount: string; payer_name: string }>(
      `select total_amount::text, payer_name from bill_receivable where payer_id = 't-c1'`,
    );
    expect(receivable).toEqual({ total_amount: "274505.90", payer_name: "测试企业一" });
    const second = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1" });
    expect(second.json).toMatchObject({ success: true, message: `已生成0张账单，跳过${STUDENTS}名已有账单的学生`, result: { created: 0 } });
    expect(second.json.result.skipped[0]).toMatchObject({ studentId: "t-s1", studentNo: "T0001", studentName: "测试学生1" });
    expect(await count("true")).toBe(STUDENTS);
  });

  it("never bills a student twice when eight generations of a term run at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "2" })),
    );
    expect(answers.every((answer) => answer.json.success)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.json.result.created, 0)).toBe(STUDENTS);
    expect(await count(`term = '2'`)).toBe(STUDENTS);
    const doubled = await rows(`select student_id from bill_bill where term = '2' group by student_id having count(*) > 1`);
    expect(doubled).toEqual([]);
  });

  // The generation reads its plan with readTogether: a transaction is one connection, where
  // node-postgres only queues overlapping queries (deprecated; pg 9 refuses them).
  it("reads a plan's tables one at a time in a transaction, and at once on the database", async () => {
    const overlap = async (executor: Executor) => {
      let running = 0;
      let most = 0;
      const read = (table: string) => async () => {
        most = Math.max(most, (running += 1));
        try {
          return Number((await executor.rows<{ n: number }>(sql.raw(`select count(*) as n from ${table}`)))[0]!.n);
        } finally {
          running -= 1;
        }
      };
      const counts = await readTogether(executor, [read("school_student"), read("bill_project"), read("school_corporation")] as const);
      return { counts, most };
    };
    expect(await inTransaction(server.backend.db, overlap)).toEqual({ counts: [STUDENTS + 1, 3, 2], most: 1 });
    expect(await overlap(databaseExecutor(server.backend.db))).toEqual({ counts: [STUDENTS + 1, 3, 2], most: 3 });
  });

  it("recomputes a hand-made bill's totals itself and keeps one bill per student and term", async () => {
    const body = {
      studentId: "t-s13",
      schoolYear: "2027-2028",
      term: "1",
      payerType: "1",
      payerId: "t-p13",
      total: "1.00", // ignored: the backend prices the items
      payable: "1.00",
      items: [
        { name: "校服", quantity: "3", unitPrice: "0.1", allowance: "0.2" },
        { name: "活动", quantity: "1", unitPrice: "0.2", allowance: "5" },
      ],
    };
    expect((await send(finance, "POST", "/billing/bill/add", body)).json).toMatchObject({ success: true });
    const [bill] = await rows<{ id: string; total: string; allowance_total: string; payable: string; receivable_id: string }>(
      `select id, total::text, allowance_total::text, payable::text, receivable_id from bill_bill where school_year = '2027-2028'`,
    );
    expect(bill).toMatchObject({ total: "0.50", allowance_total: "0.40", payable: "0.10" });
    const items = await send(finance, "GET", `/billing/bill/items?billId=${bill!.id}`);
    expect(items.json.result.map((item: { amount: string; allowance: string }) => [item.amount, item.allowance])).toEqual([
      ["0.30", "0.20"],
      ["0.20", "0.20"],
    ]);
    const again = await send(finance, "POST", "/billing/bill/add", body);
    expect(again.json.message).toMatch(/^该学生本学期已有账单 BL\d{12}，不能重复创建$/);
    const edit = await send(finance, "PUT", "/billing/bill/edit", { ...body, id: bill!.id, items: [{ name: "校服", quantity: "2", unitPrice: "19.99" }] });
    expect(edit.json).toMatchObject({ success: true });
    const [receivable] = await rows<{ total_amount: string }>(`select total_amount::text from bill_receivable where id = '${bill!.receivable_id}'`);
    expect(receivable!.total_amount).toBe("39.98");
  });

  it("voids a bill with payments instead of deleting it, and its receivable follows", async () => {
    const [bill] = await rows<{ id: string; receivable_id: string }>(`select id, receivable_id from bill_bill where student_id = 't-s1' and term = '1'`);
    await rows(`update bill_bill set paid_amount = 100, status = '2' where id = '${bill!.id}'`);
    const refused = await send(finance, "DELETE", `/billing/bill/delete?id=${bill!.id}`);
    expect(refused.json).toMatchObject({ success: false, message: "已有付款的账单不能删除，请使用作废" });
    expect((await send(teacher, "POST", "/billing/bill/void", { id: bill!.id })).json.success).toBe(false);
    // 作废 takes a reason (issue #32 item 4): none is refused and changes nothing.
    expect((await send(finance, "POST", "/billing/bill/void", { id: bill!.id, reason: " " })).json).toMatchObject({ success: false, message: "请输入作废原因" });
    expect((await send(finance, "POST", "/billing/bill/void", { id: bill!.id, reason: "学生退学" })).json).toMatchObject({ success: true, message: "作废成功" });
    const [receivable] = await rows<{ total_amount: string }>(`select total_amount::text from bill_receivable where id = '${bill!.receivable_id}'`);
    expect(receivable!.total_amount).toBe("247055.31"); // 274505.90 − 27450.59
  });

  it("e-mails a corporation its receivable as an .xlsx holding the right total", async () => {
    const list = await send(finance, "GET", `/bill/bill/ReceivableBilllist?payerType=2&period=${YEAR}-1`);
    const receivable = list.json.result.records.find((record: { payerId: string }) => record.payerId === "t-c1");
    expect(receivable).toMatchObject({ payerType_dictText: "企业", totalAmount: 247055.31 });
    expect(receivable.billIds.split(",")).toHaveLength(9);
    expect((await send(teacher, "POST", "/bill/bill/emailCorpBill", { id: receivable.id })).json.success).toBe(false);
    const before = smtp.received.length;
    const answer = await send(finance, "POST", "/bill/bill/emailCorpBill", { id: receivable.id });
    expect(answer.json).toMatchObject({ success: true, message: "邮件发送成功" });
    const mail = await smtp.waitForMail(before + 1);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("billing@corp-one.example");
    expect(mail.subject).toContain(receivable.receivableNo);
    const attachment = mail.attachments[0]!;
    expect(attachment.filename).toBe(`应收账单-${receivable.receivableNo}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(attachment.content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    // 合计 (应收), 已收金额 and 余额 close the sheet, and the mail's text says the same.
    const closing = [sheet.rowCount - 2, sheet.rowCount - 1, sheet.rowCount].map((index) => sheet.getRow(index));
    expect(closing.map((row) => [row.getCell(1).value, Number(row.getCell(7).value).toFixed(2)])).toEqual([
      ["合计", "247055.31"],
      ["已收金额", "0.00"],
      ["余额", "247055.31"],
    ]);
    expect(mail.text).toContain("应收金额：¥247,055.31\n已收金额：¥0.00\n余额：¥247,055.31");
    const [stored] = await rows<{ status: string; emailed: boolean }>(
      `select m.status, r.emailed_at is not null as emailed from comm_mail m join bill_receivable r on r.id = m.related_id where m.related_id = '${receivable.id}'`,
    );
    expect(stored).toEqual({ status: "1", emailed: true });
    // Its 历史 says who e-mailed it and when (issue #32 item 5): one 发送邮件 row, 邮件发送时间 from empty.
    const history = (await send(finance, "GET", `/billing/receivable/history?id=${receivable.id}`)).json.result as RecordHistoryEntry[];
    const emailed = history.filter((entry) => entry.action === "email");
    expect(emailed).toHaveLength(1);
    expect(emailed[0]).toMatchObject({ actionText: "发送邮件", username: "finance_wang" });
    expect(emailed[0]!.changes).toEqual([expect.objectContaining({ field: "emailedAt", label: "邮件发送时间", old: null })]);
    // On the school's clock, as 详情 shows it (not the database's UTC text).
    const detail = (await send(finance, "GET", `/billing/receivable/queryById?id=${receivable.id}`)).json.result as { emailedAt: string };
    expect(detail.emailedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(emailed[0]!.changes[0]!.new).toBe(detail.emailedAt);
  });

  it("refuses to e-mail a parent's receivable or a corporation without an address", async () => {
    const [parentReceivable] = await rows<{ id: string }>(`select id from bill_receivable where payer_type = '1' limit 1`);
    expect((await send(finance, "POST", "/bill/bill/emailCorpBill", { id: parentReceivable!.id })).json.message).toBe("只有企业的应收账单可以邮件发送");
    const [noEmail] = await rows<{ id: string }>(`select id from bill_receivable where payer_id = 't-c2' limit 1`);
    expect((await send(finance, "POST", "/bill/bill/emailCorpBill", { id: noEmail!.id })).json.message).toBe("该企业没有设置邮箱，请先在企业信息中填写");
  });

  it("keeps a mail that fails while SMTP is down, and 重发 delivers it once it is back", async () => {
    const [receivable] = await rows<{ id: string }>(`select id from bill_receivable where payer_id = 't-c1' and period = '${YEAR}-2'`);
    await smtp.stop();
    const before = smtp.received.length;
    const failed = await send(finance, "POST", "/bill/bill/emailCorpBill", { id: receivable!.id });
    expect(failed.json.success).toBe(false);
    expect(failed.json.message).toMatch(/^邮件发送失败：.+。邮件已保存，可在 消息中心 → 邮件 中重发$/);
    const list = await send(finance, "GET", `/communication/mail/list?relatedId=${receivable!.id}`);
    const mail = list.json.result.records[0];
    expect(mail).toMatchObject({ status: "2", status_dictText: "失败", attempts: 1 });
    expect(mail.error).toMatch(/ECONNREFUSED|connect/i);
    const [notYet] = await rows<{ emailed: boolean }>(`select emailed_at is not null as emailed from bill_receivable where id = '${receivable!.id}'`);
    expect(notYet!.emailed).toBe(false);
    const emailRows = async () => ((await send(finance, "GET", `/billing/receivable/history?id=${receivable!.id}`)).json.result as RecordHistoryEntry[]).filter((entry) => entry.action === "email");
    expect(await emailRows()).toEqual([]);

    await smtp.start();
    const retried = await send(finance, "POST", "/communication/mail/retry", { id: mail.id });
    expect(retried.json).toMatchObject({ success: true, message: "重发成功" });
    const delivered = await smtp.waitForMail(before + 1);
    expect(delivered.attachments).toHaveLength(1);
    const [sent] = await rows<{ status: string; error: string | null; emailed: boolean }>(
      `select m.status, m.error, r.emailed_at is not null as emailed from comm_mail m join bill_receivable r on r.id = m.related_id where m.id = '${mail.id}'`,
    );
    expect(sent).toEqual({ status: "1", error: null, emailed: true });
    expect(await emailRows()).toHaveLength(1);
    // Sent mails are not sent again by 重发 or by the scheduled retry.
    expect((await send(finance, "POST", "/communication/mail/retry", { id: mail.id })).json.message).toBe("邮件已发送");
    expect(await retryFailedMails(server.backend.services)).toEqual({ tried: 0, sent: 0 });
    expect(smtp.received.length).toBe(before + 1);
  });

  it("retries failed mails from the scheduled job", async () => {
    await smtp.stop();
    const added = await send(finance, "POST", "/communication/mail/add", { mailTo: "someone@corp-one.example", subject: "测试", body: "你好" });
    // The mail is written first: its sending failed, the row stays as 失败.
    expect(added.json.success).toBe(true);
    const [failed] = await rows<{ id: string; status: string }>(`select id, status from comm_mail where subject = '测试'`);
    expect(failed!.status).toBe("2");
    await smtp.start();
    const before = smtp.received.length;
    expect(await retryFailedMails(server.backend.services)).toEqual({ tried: 1, sent: 1 });
    expect((await smtp.waitForMail(before + 1)).subject).toBe("测试");
  });
});
