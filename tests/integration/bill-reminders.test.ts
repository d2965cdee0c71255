// 催缴未付账单 and jobs per tenant (issue #15): the RemindUnpaidBillJob queues a reminder mail
// through the mail outbox to each overdue payer with an e-mail address and sends it over real SMTP,
// once per bill, payer and school day (re-runs and concurrent runs add nothing), over its own
// tenant's bills only; the 定时任务 endpoints list and touch only the caller's tenant's jobs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { remindUnpaidBills, unpaidBillReminderText } from "../../backend/modules/billing/bill/bill-reminder";
import { SCHOOL_DEFAULT_JOBS } from "../../backend/modules/monitor/quartz-job/job-kinds";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const REMIND = "org.jeecg.modules.quartz.job.RemindUnpaidBillJob";
const TENANT_2 = { "tenant-id": "2" };
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the reminder's text", () => {
  it("lists each bill with its outstanding amount and the total, in yuan from fen", () => {
    const { subject, body } = unpaidBillReminderText("测试企业一", [
      { billNo: "B-1", studentName: "学生甲", schoolYear: "2026-2027", term: "1", dueDate: "2026-09-01", outstandingFen: 3_000_010n },
      { billNo: "B-2", studentName: null, schoolYear: "2026-2027", term: "1", dueDate: "2026-09-10", outstandingFen: 5n },
    ]);
    expect(subject).toBe("缴费提醒：2 张账单逾期未缴清");
    expect(body).toContain("测试企业一，您好");
    expect(body).toContain("合计待缴 30,000.15 元");
    expect(body).toContain("账单号 B-1，学生 学生甲，2026-2027 学年第 1 学期，应缴日期 2026-09-01，待缴 30,000.10 元");
    expect(body).toContain("账单号 B-2，学生 -，");
  });
});

describe.each(databases)("unpaid-bill reminders and jobs per tenant on %s", (kind) => {
  let server: TestBackend;
  let smtp: TestSmtp;
  let base: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const as = (headers: Record<string, string> = {}) => ({
    get: (path: string) => call(base, "GET", path, { token: admin, headers }),
    post: (path: string, body: unknown) => call(base, "POST", path, { token: admin, headers, body }),
    put: (path: string, body: unknown) => call(base, "PUT", path, { token: admin, headers, body }),
    delete: (path: string) => call(base, "DELETE", path, { token: admin, headers }),
  });
  const reminderMails = async () => rows<{ tenant_id: number; mail_to: string; status: string; related_id: string }>(
    `select tenant_id, mail_to, status, related_id from comm_mail where related_type = 'bill_reminder' order by mail_to, create_time`,
  );
  const jobId = async (headers: Record<string, string>, description: string) => {
    const answer = await as(headers).get(`/sys/quartzJob/list?description=${encodeURIComponent(description)}`);
    expect(answer.json.success, answer.text).toBe(true);
    return (answer.json.result.records as Array<{ id: string }>)[0]?.id;
  };
  const lastRun = async (headers: Record<string, string>, id: string) => {
    const answer = await as(headers).get(`/sys/quartzJob/runs?jobId=${id}&pageSize=1`);
    return (answer.json.result?.records as Array<{ outcome: string; message: string | null }> | undefined)?.[0];
  };
  const runOnce = async (headers: Record<string, string>, id: string) => {
    const before = (await as(headers).get(`/sys/quartzJob/runs?jobId=${id}`)).json.result.total as number;
    expect((await as(headers).get(`/sys/quartzJob/execute?id=${id}`)).json).toMatchObject({ success: true });
    await expect.poll(async () => {
      const runs = (await as(headers).get(`/sys/quartzJob/runs?jobId=${id}`)).json.result;
      return runs.total > before && runs.records[0].outcome !== "running" ? runs.records[0].outcome : "waiting";
    }, { timeout: 30_000 }).toBe("success");
    return (await lastRun(headers, id))!.message ?? "";
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestBackend(kind as "pglite" | "postgres", { smtpUrl: smtp.url, mailFrom: "finance@school.example" });
    base = server.url;
    admin = await loginToken(base);
    for (const table of ["bill_wechat_trade", "bill_receipt", "bill_payment", "act_signup", "bill_reminder", "comm_mail", "bill_bill_item", "bill_bill", "bill_receivable", "school_student_parent", "school_student", "school_parent", "school_corporation"])
      await rows(`delete from ${table}`);
    await rows(`insert into school_corporation (id, tenant_id, name, email) values ('r-c1', 1, '提醒企业', 'pay@corp.example')`);
    await rows(`insert into school_parent (id, tenant_id, name, email) values
      ('r-p1', 1, '有邮箱家长', 'parent@home.example'), ('r-p2', 1, '无邮箱家长', null), ('r-p3', 2, '二校区家长', 'parent2@home.example')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values
      ('r-s1', 1, 'R001', '学生一', '1'), ('r-s2', 1, 'R002', '学生二', '1'), ('r-s3', 1, 'R003', '学生三', '1'), ('r-s4', 2, 'R004', '学生四', '1')`);
    const due = (days: number) => `current_date - ${days}`;
    // Overdue: two of the corporation's (未付, 部分), one of each parent of tenant 1, one of tenant 2.
    // Not reminded: a paid bill, a voided one, one not yet due, one without a due date.
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, payable, paid_amount, due_date, payer_type, payer_id, status) values
      ('r-b1', 1, 'RB-1', 'r-s1', '2026-2027', '1', 1000.10, 0, ${due(20)}, '2', 'r-c1', '1'),
      ('r-b2', 1, 'RB-2', 'r-s2', '2026-2027', '1', 500.00, 200.50, ${due(3)}, '2', 'r-c1', '2'),
      ('r-b3', 1, 'RB-3', 'r-s3', '2026-2027', '1', 80.00, 0, ${due(10)}, '1', 'r-p1', '1'),
      ('r-b4', 1, 'RB-4', 'r-s3', '2026-2027', '2', 90.00, 0, ${due(10)}, '1', 'r-p2', '1'),
      ('r-b5', 1, 'RB-5', 'r-s1', '2025-2026', '1', 70.00, 70.00, ${due(40)}, '2', 'r-c1', '3'),
      ('r-b6', 1, 'RB-6', 'r-s1', '2025-2026', '2', 60.00, 0, ${due(40)}, '2', 'r-c1', '4'),
      ('r-b7', 1, 'RB-7', 'r-s2', '2027-2028', '1', 50.00, 0, current_date + 5, '2', 'r-c1', '1'),
      ('r-b8', 1, 'RB-8', 'r-s2', '2027-2028', '2', 40.00, 0, null, '2', 'r-c1', '1'),
      ('r-b9', 2, 'RB-9', 'r-s4', '2026-2027', '1', 30.00, 0, ${due(5)}, '1', 'r-p3', '1')`);
  });

  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
  });

  it("mails each overdue payer of the job's tenant once, and nothing more when run again the same day", async () => {
    const remind = (await jobId({}, "工作日上午9点提醒未缴账单"))!;
    const before = smtp.received.length;
    const message = await runOnce({}, remind);
    expect(message).toContain("逾期 0 天以上未缴清的账单 4 张；本次提醒 3 张");
    expect(message).toContain("提醒邮件 2 封，已发送 2 封");
    expect(message).toContain("没有邮箱的付款方 1 个，未提醒");
    await smtp.waitForMail(before + 2);
    const mails = smtp.received.slice(before);
    const toCorp = mails.find((mail) => mail.subject?.includes("2 张账单"))!;
    expect(toCorp.text).toContain("提醒企业，您好");
    expect(toCorp.text).toContain("账单号 RB-1，学生 学生一");
    expect(toCorp.text).toContain("待缴 1,000.10 元");
    expect(toCorp.text).toContain("账单号 RB-2，学生 学生二");
    expect(toCorp.text).toContain("待缴 299.50 元");
    expect(toCorp.text).toContain("合计待缴 1,299.60 元");
    expect(toCorp.text).not.toMatch(/RB-[4-9]/);
    const toParent = mails.find((mail) => mail.subject === "缴费提醒：1 张账单逾期未缴清")!;
    expect(toParent.text).toContain("账单号 RB-3");
    // Listed on 消息中心 → 邮件 as sent, in tenant 1.
    expect(await reminderMails()).toEqual([
      { tenant_id: 1, mail_to: "parent@home.example", status: "1", related_id: "r-p1" },
      { tenant_id: 1, mail_to: "pay@corp.example", status: "1", related_id: "r-c1" },
    ]);

    // Again the same day: nothing new.
    const again = await runOnce({}, remind);
    expect(again).toContain("本次提醒 0 张");
    expect(again).toContain("提醒邮件 0 封");
    expect(await reminderMails()).toHaveLength(2);
    expect(smtp.received.length).toBe(before + 2);
  });

  it("reminds a bill once per day however many runs race for it", async () => {
    const tomorrow = new Date(Date.now() + DAY_MS);
    const before = smtp.received.length;
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => remindUnpaidBills(server.backend.services, 1, 0, tomorrow)),
    );
    expect(outcomes.reduce((sum, outcome) => sum + outcome.remindedBills, 0)).toBe(3);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.mails, 0)).toBe(2);
    await smtp.waitForMail(before + 2);
    const [counted] = await rows<{ n: number; days: number }>(`select count(*)::int as n, count(distinct remind_date)::int as days from bill_reminder where tenant_id = 1`);
    expect(counted).toEqual({ n: 6, days: 2 });
    expect(await reminderMails()).toHaveLength(4);
    // The unique key, not a check before the insert: a second row for the same day is refused.
    await expect(rows(`insert into bill_reminder (id, tenant_id, bill_id, payer_type, payer_id, remind_date)
      select 'dup' || id, tenant_id, bill_id, payer_type, payer_id, remind_date from bill_reminder limit 1`)).rejects.toThrow();
    expect(smtp.received.length).toBe(before + 2);
  });

  it("keeps jobs per tenant: a tenant lists, edits, runs and reads only its own jobs", async () => {
    const seeded = (await jobId({}, "工作日上午9点提醒未缴账单"))!;
    // Tenant 2 sees none of tenant 1's jobs (only its own copies of the defaults, docs/decisions/144)
    // and cannot touch them.
    const listed = (await as(TENANT_2).get("/sys/quartzJob/list?pageSize=100")).json.result.records as Array<{ id: string }>;
    expect(listed).toHaveLength(SCHOOL_DEFAULT_JOBS.length);
    expect(listed.map((job) => job.id)).not.toContain(seeded);
    expect((await as(TENANT_2).get(`/sys/quartzJob/queryById?id=${seeded}`)).json.success).toBe(false);
    for (const path of [`/sys/quartzJob/pause?id=${seeded}`, `/sys/quartzJob/resume?id=${seeded}`, `/sys/quartzJob/execute?id=${seeded}`, `/sys/quartzJob/runs?jobId=${seeded}`]) {
      expect((await as(TENANT_2).get(path)).json.success, path).toBe(false);
    }
    expect((await as(TENANT_2).put("/sys/quartzJob/edit", { id: seeded, parameter: "9" })).json.success).toBe(false);
    expect((await as(TENANT_2).delete(`/sys/quartzJob/delete?id=${seeded}`)).json.success).toBe(false);
    const [untouched] = await rows<{ parameter: string; status: number; del_flag: number }>(`select parameter, status, del_flag from sys_quartz_job where id = '${seeded}'`);
    expect(untouched).toEqual({ parameter: "0", status: -1, del_flag: 0 });

    // Its own job belongs to it, whatever the body says, and runs over its bills only.
    const added = await as(TENANT_2).post("/sys/quartzJob/add", { jobClassName: REMIND, cronExpression: "0 0 9 * * ?", parameter: "0", description: "二校区催缴", status: -1, tenantId: 1 });
    expect(added.json.success, added.text).toBe(true);
    const own = (await jobId(TENANT_2, "二校区催缴"))!;
    expect((await rows<{ tenant_id: number }>(`select tenant_id from sys_quartz_job where id = '${own}'`))[0]!.tenant_id).toBe(2);
    expect(await jobId({}, "二校区催缴")).toBeUndefined();
    expect((await as().get(`/sys/quartzJob/execute?id=${own}`)).json.success).toBe(false);

    const before = smtp.received.length;
    const message = await runOnce(TENANT_2, own);
    expect(message).toContain("逾期 0 天以上未缴清的账单 1 张；本次提醒 1 张");
    const mail = await smtp.waitForMail(before + 1);
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe("parent2@home.example");
    expect(mail.text).toContain("账单号 RB-9");
    expect((await reminderMails()).filter((row) => row.tenant_id === 2)).toEqual([{ tenant_id: 2, mail_to: "parent2@home.example", status: "1", related_id: "r-p3" }]);
    expect((await as(TENANT_2).get(`/sys/quartzJob/runs?jobId=${own}`)).json.result.total).toBe(1);
    expect((await as(TENANT_2).get(`/sys/quartzJob/pause?id=${own}`)).json).toMatchObject({ success: true });
  });
});
