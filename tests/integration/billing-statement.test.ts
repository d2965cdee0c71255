// 对账单 (issue #33 item 2, docs/decisions/160), through the real backend on PGlite and PostgreSQL: a
// family with bills over three years, payments, a 冲销, a voided bill and an activity refund; the
// opening balance, every line's running balance and the closing balance exact to the fen, the
// closing balance equal to what the family's 应收账单 say it owes; the .xlsx; the mail received by a
// local SMTP server with 应收, 已收 and 余额; the page's access and the tenant wall.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import type { StatementAnswer } from "#contract/modules/billing-statement";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { booksProblems } from "../support/books";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace("T", " ");

describe.each(databases)("statements on %s", (kind) => {
  let server: TestBackend;
  let smtp: TestSmtp;
  let finance: string;
  let principal: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });

  /** A bill made through the bill page, then dated `at` (school time, GMT+8). */
  async function bill(studentId: string, schoolYear: string, term: string, amount: string, at: string): Promise<string> {
    const answer = await send(finance, "POST", "/billing/bill/add", { studentId, schoolYear, term, items: [{ name: "学费", quantity: "1", unitPrice: amount }] });
    expect(answer.json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string; bill_no: string }>(`select id, bill_no from bill_bill where student_id = '${studentId}' and school_year = '${schoolYear}' and term = '${term}' and status <> '4'`);
    await rows(`update bill_bill set create_time = '${at}+08' where id = '${row!.id}'`);
    return row!.id;
  }
  async function pay(billId: string | null, amount: string, paidAt: string): Promise<string> {
    const allocations = billId ? [{ billId, amount }] : [];
    const answer = await send(finance, "POST", "/billing/payment/add", { payerType: "1", payerId: "st-p1", channel: "3", amount, paidAt, allocations });
    expect(answer.json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string }>(`select id from bill_payment where payer_id = 'st-p1' and paid_at = '${paidAt}+08'`);
    return row!.id;
  }
  const statement = async (query: string, token = finance) => {
    const answer = await send(token, "GET", `/billing/statement?${query}`);
    expect(answer.json).toMatchObject({ success: true });
    return answer.json.result as StatementAnswer;
  };
  const owed = async () =>
    (await rows<{ balance: string }>(`select coalesce(sum(balance), 0)::text as balance from bill_receivable where tenant_id = 1 and payer_type = '1' and payer_id = 'st-p1' and status <> '4'`))[0]!.balance;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestBackend(kind as "pglite" | "postgres", { smtpUrl: smtp.url, mailFrom: "finance@school.example" });
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    principal = await loginToken(server.url, "principal_zhang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    await rows(`insert into school_parent (id, tenant_id, name, email) values ('st-p1', 1, '对账家长', 'family@statement.example'), ('st-p2', 1, '无邮箱家长', null), ('st-x1', 2, '别校家长', 'x@other.example')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, sex, grade, status) values ('st-s1', 1, 'ST01', '对账学生一', '1', '1', '1'), ('st-s2', 1, 'ST02', '对账学生二', '1', '1', '1')`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer, sort_no) values ('st-sp1', 1, 'st-s1', 'st-p1', '1', true, 0), ('st-sp2', 1, 'st-s2', 'st-p1', '1', true, 0)`);

    // 2023: two bills, one paid in full and one in part (the opening balance of 2024: 5,000.25).
    const b1 = await bill("st-s1", "2023-2024", "1", "10000.00", "2023-09-01 10:00:00");
    const b2 = await bill("st-s2", "2023-2024", "1", "8000.50", "2023-09-01 10:00:00");
    await pay(b1, "10000.00", "2023-09-15 09:00:00");
    await pay(b2, "3000.25", "2023-10-10 09:00:00");
    // 2024: a bill paid, the payment reversed, paid again; a bill voided.
    const b3 = await bill("st-s1", "2024-2025", "1", "10500.00", "2024-09-01 10:00:00");
    const b4 = await bill("st-s2", "2024-2025", "2", "500.00", "2024-09-01 10:00:00");
    expect((await send(finance, "POST", "/billing/bill/void", { id: b4, reason: "重复开单" })).json).toMatchObject({ success: true });
    await rows(`update bill_bill set voided_at = '2024-09-03 11:00:00+08' where id = '${b4}'`);
    const p3 = await pay(b3, "10500.00", "2024-09-20 09:00:00");
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: p3, reason: "银行退票" })).json).toMatchObject({ success: true });
    await rows(`update bill_payment set reversed_at = '2024-10-05 15:00:00+08' where id = '${p3}'`);
    await pay(b3, "10500.00", "2024-10-08 09:00:00");
    // 2025: a bill paid in part.
    const b5 = await bill("st-s1", "2025-2026", "1", "11000.00", "2025-09-01 10:00:00");
    await pay(b5, "5000.00", "2025-09-10 09:00:00");

    // An activity's fee, paid, then the sign-up cancelled: the refund (退费) and its bill voided.
    const activity = { title: "对账活动", type: "1", startTime: inDays(10), signupDeadline: inDays(5), capacity: "5", fee: "300.00", content: "<p>内容</p>" };
    expect((await send(principal, "POST", "/activity/activity/add", activity)).json).toMatchObject({ success: true });
    const [activityRow] = await rows<{ id: string }>(`select id from act_activity where title = '对账活动'`);
    expect((await send(principal, "POST", "/activity/activity/open", { id: activityRow!.id })).json).toMatchObject({ success: true });
    expect((await send(principal, "POST", "/activity/signup/add", { activityId: activityRow!.id, studentId: "st-s2" })).json).toMatchObject({ success: true });
    const [signup] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${activityRow!.id}'`);
    expect((await send(principal, "POST", "/activity/signup/confirm", { id: signup!.id })).json).toMatchObject({ success: true });
    const [activityBill] = await rows<{ bill_id: string }>(`select bill_id from act_signup where id = '${signup!.id}'`);
    await rows(`update bill_bill set create_time = '2025-12-01 10:00:00+08' where id = '${activityBill!.bill_id}'`);
    const p6 = await pay(activityBill!.bill_id, "300.00", "2025-12-02 09:00:00");
    expect((await send(principal, "POST", "/activity/signup/cancel", { id: signup!.id })).json).toMatchObject({ success: true });
    const [refund] = await rows<{ id: string }>(`select id from bill_payment where payer_id = 'st-p1' and kind = '2'`);
    expect(refund).toBeDefined();
    await rows(`update bill_payment set paid_at = '2025-12-05 14:00:00+08' where id = '${refund!.id}'`);
    await rows(`update bill_bill set voided_at = '2025-12-05 14:00:01+08' where id = '${activityBill!.bill_id}'`);
    expect(p6).toBeTruthy();
    // Money paid and not yet allocated: told, not counted.
    await pay(null, "200.00", "2026-01-05 09:00:00");
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it("states a family's opening balance, every movement with its running balance, and the closing balance that 应收账单 owes", async () => {
    const answer = await statement("payerType=1&payerId=st-p1&from=2024-01-01");
    expect(answer).toMatchObject({ payerName: "对账家长", hasEmail: true, from: "2024-01-01", opening: "5000.25" });
    expect(answer.lines.map((line) => [line.at, line.kindText, line.charged, line.received, line.balance])).toEqual([
      ["2024-09-01 10:00:00", "账单", "10500.00", "0.00", "15500.25"],
      ["2024-09-01 10:00:00", "账单", "500.00", "0.00", "16000.25"],
      ["2024-09-03 11:00:00", "作废", "-500.00", "0.00", "15500.25"],
      ["2024-09-20 09:00:00", "付款", "0.00", "10500.00", "5000.25"],
      ["2024-10-05 15:00:00", "冲销", "0.00", "-10500.00", "15500.25"],
      ["2024-10-08 09:00:00", "付款", "0.00", "10500.00", "5000.25"],
      ["2025-09-01 10:00:00", "账单", "11000.00", "0.00", "16000.25"],
      ["2025-09-10 09:00:00", "付款", "0.00", "5000.00", "11000.25"],
      ["2025-12-01 10:00:00", "账单", "300.00", "0.00", "11300.25"],
      ["2025-12-02 09:00:00", "付款", "0.00", "300.00", "11000.25"],
      ["2025-12-05 14:00:00", "退费", "0.00", "-300.00", "11300.25"],
      ["2025-12-05 14:00:01", "作废", "-300.00", "0.00", "11000.25"],
    ]);
    expect(answer).toMatchObject({ charged: "21500.00", received: "15500.00", closing: "11000.25" });
    // The lines name their bills and reasons.
    expect(answer.lines[2]!.summary).toContain("原因：重复开单");
    expect(answer.lines[4]!.summary).toContain("原因：银行退票");
    expect(answer.lines[3]!.summary).toMatch(/^银行转账 账单 BL/);
    expect(answer.lines[0]!.summary).toContain("对账学生一 2024-2025 上学期");
    // Closing today = what the family's 应收账单 say it owes.
    expect(await owed()).toBe("11000.25");
    expect(answer.unallocated).toEqual([expect.objectContaining({ at: "2026-01-05 09:00:00", amount: "200.00" })]);
    expect(await booksProblems(rows, "st-")).toEqual([]);
  });

  it("opens and closes any period exactly: before, between and over the years", async () => {
    const all = await statement("payerType=1&payerId=st-p1&from=2020-01-01");
    expect(all.opening).toBe("0.00");
    expect(all.lines).toHaveLength(16);
    expect(all.closing).toBe("11000.25");
    const year2024 = await statement("payerType=1&payerId=st-p1&from=2024-01-01&to=2024-12-31");
    expect(year2024).toMatchObject({ opening: "5000.25", charged: "10500.00", received: "10500.00", closing: "5000.25" });
    expect(year2024.lines).toHaveLength(6);
    // The day's bounds are the school's (GMT+8): 2024-09-01 10:00 is in a period of that one day.
    const day = await statement("payerType=1&payerId=st-p1&from=2024-09-01&to=2024-09-01");
    expect(day).toMatchObject({ opening: "5000.25", charged: "11000.00", closing: "16000.25" });
    const later = await statement("payerType=1&payerId=st-p1&from=2025-01-01");
    expect(later.opening).toBe("5000.25");
    expect(later.closing).toBe("11000.25");
  });

  it("refuses what is not a statement, and keeps to the page's roles and the tenant", async () => {
    const refused = async (query: string) => (await send(finance, "GET", `/billing/statement?${query}`)).json.message;
    expect(await refused("payerType=3&payerId=st-p1")).toBe("请选择付款方类型和付款方");
    expect(await refused("payerType=1")).toBe("请选择付款方类型和付款方");
    expect(await refused("payerType=1&payerId=st-p1&from=2024-13-01")).toBe("日期格式不正确，应为yyyy-MM-dd");
    expect(await refused("payerType=1&payerId=st-p1&from=2025-01-02&to=2025-01-01")).toBe("开始日期不能晚于结束日期");
    // Another school's parent is nobody here.
    expect(await refused("payerType=1&payerId=st-x1")).toBe("付款方不存在");
    expect((await send(teacher, "GET", "/billing/statement?payerType=1&payerId=st-p1")).json.success).toBe(false);
    expect((await send(teacher, "POST", "/billing/statement/email", { payerType: "1", payerId: "st-p1" })).json.success).toBe(false);
    const menu = await rows<{ name: string; parent: string }>(`select p.name, g.name as parent from sys_permission p join sys_permission g on g.id = p.parent_id where p.url = '/billing/statement'`);
    expect(menu).toEqual([{ name: "对账单", parent: "收费管理" }]);
  });

  it("downloads the statement as an .xlsx that closes with the balance", async () => {
    const response = await fetch(`${server.url}/billing/statement/exportXls?payerType=1&payerId=st-p1&from=2024-01-01`, { headers: { "X-Access-Token": finance, "tenant-id": "1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(4).getCell(2).value).toBe("期初余额");
    expect(Number(sheet.getRow(4).getCell(7).value).toFixed(2)).toBe("5000.25");
    expect(sheet.getRow(sheet.rowCount).getCell(2).value).toBe("期末余额");
    expect(Number(sheet.getRow(sheet.rowCount).getCell(7).value).toFixed(2)).toBe("11000.25");
    expect(sheet.rowCount).toBe(3 + 1 + 12 + 2);
  });

  it("e-mails the family its statement with 应收, 已收 and 余额, and says so when it has no address", async () => {
    const before = smtp.received.length;
    const answer = await send(finance, "POST", "/billing/statement/email", { payerType: "1", payerId: "st-p1", from: "2024-01-01" });
    expect(answer.json).toMatchObject({ success: true, message: "对账单已发送" });
    const mail = await smtp.waitForMail(before + 1);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("family@statement.example");
    expect(mail.subject).toContain("对账家长 对账单");
    expect(mail.text).toContain("期初余额：¥5,000.25");
    expect(mail.text).toContain("本期应收：¥21,500.00");
    expect(mail.text).toContain("本期已收：¥15,500.00");
    expect(mail.text).toContain("期末余额：¥11,000.25");
    expect(mail.attachments[0]!.filename).toMatch(/^对账单-对账家长-2024-01-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [row] = await rows<{ status: string }>(`select status from comm_mail where mail_to = 'family@statement.example' order by create_time desc limit 1`);
    expect(row!.status).toBe("1");
    expect((await send(finance, "POST", "/billing/statement/email", { payerType: "1", payerId: "st-p2" })).json.message).toBe(
      "付款方 无邮箱家长 没有设置邮箱，请先在家长或企业信息中填写",
    );
  });
});
