// Instalments and late fees (issue #33 item 1, docs/decisions/159), through the real backend on
// PGlite and PostgreSQL: a project's plan splits the generated bill (3 × one-third, the remainder fen
// on the last; projects falling due the same day together); payments go to the earliest instalment
// first; the ageing and the reminders follow the instalments' due dates; 分期 plans again what is not
// paid in full; a project's late fee is charged by its job once per bill and day (twice run, three
// runs at once), capped, as its own line with its history; after every step the open amount of the
// bills equals the receivables', per payer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder } from "../../backend/db/migrate";
import { chargeLateFees } from "../../backend/modules/billing/bill/late-fee";
import { remindUnpaidBills } from "../../backend/modules/billing/bill/bill-reminder";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const YEAR = "2040-2041";
const LATE_FEE_JOB = "org.jeecg.modules.quartz.job.ChargeLateFeeJob";
/** Noon in the school's zone (Asia/Shanghai) of a date. */
const at = (date: string) => new Date(`${date}T12:00:00+08:00`);

describe.each(databases)("instalments and late fees on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  let admin: string;
  let billId: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });

  const disagreements = () =>
    rows<{ payer: string }>(`
      with b as (
        select payer_type || ':' || coalesce(payer_id, '') as payer, sum(payable - paid_amount) as open
        from bill_bill where tenant_id = 1 and status <> '4' group by 1),
      r as (
        select payer_type || ':' || payer_id as payer, sum(total_amount - received_amount) as open
        from bill_receivable where tenant_id = 1 and status <> '4' group by 1)
      select coalesce(b.payer, r.payer) as payer from b full join r on r.payer = b.payer
      where coalesce(b.open, 0) <> coalesce(r.open, 0)`);
  /** Bills whose instalments do not sum to their payable. */
  const unbalanced = () =>
    rows<{ id: string }>(`select b.id from bill_bill b join bill_instalment i on i.bill_id = b.id group by b.id, b.payable having sum(i.amount) <> b.payable or max(i.cumulative) <> b.payable`);
  const instalments = async (id = billId) =>
    ((await send(finance, "GET", `/billing/bill/instalments?billId=${id}`)).json.result as Array<{ seq: number; dueDate: string; amount: string; paid: string; balance: string; state: string }>).map(
      (row) => [row.dueDate, row.amount, row.paid, row.balance],
    );
  const bill = async (id = billId) => (await rows<{ payable: string; paid: string; status: string; due: string }>(`select payable::text, paid_amount::text as paid, status, to_char(due_date, 'YYYY-MM-DD') as due from bill_bill where id = '${id}'`))[0]!;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    admin = await loginToken(server.url);
    // Only the test's bills: the ageing's page of payers and the reminders read every bill of the school.
    for (const table of ["bill_wechat_trade", "bill_receipt", "bill_payment", "act_signup", "bill_reminder", "comm_mail", "bill_bill_item", "bill_bill", "bill_receivable"])
      await rows(`delete from ${table}`);
    await rows(`update bill_project set active = 0`);
    await rows(`update school_student set status = '4'`);
    await rows(`insert into school_parent (id, tenant_id, name, email) values ('il-p', 1, '分期家长', 'instalments@home.example'), ('il-q', 1, '滞纳家长', null)`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status, grade) values ('il-s1', 1, 'IL01', '分期学生', '1', '3'), ('il-s2', 1, 'IL02', '滞纳学生', '1', '3')`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer) values ('il-sp1', 1, 'il-s1', 'il-p', '1', true), ('il-sp2', 1, 'il-s2', 'il-q', '1', true)`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("keeps a project's instalment plan and late fee rule, and refuses bad ones", async () => {
    const tuition = { code: "IL_TUITION", name: "学费", type: "1", unitPrice: "1000.00", period: "3", active: 1, sortNo: 1, instalmentCount: 3, lateFeeMode: "1", lateFeeValue: "10", lateFeeDays: 5, lateFeeCap: "25" };
    expect((await send(finance, "POST", "/billing/project/add", tuition)).json).toMatchObject({ success: true });
    const books = { code: "IL_BOOKS", name: "书本费", type: "2", unitPrice: "100.01", period: "3", active: 1, sortNo: 2, instalmentCount: 2, instalmentDates: "2040-12-01, 2040-09-01" };
    expect((await send(finance, "POST", "/billing/project/add", books)).json).toMatchObject({ success: true });
    expect((await rows(`select instalment_dates from bill_project where code = 'IL_BOOKS'`))[0]).toEqual({ instalment_dates: "2040-09-01,2040-12-01" });
    const wrongDates = await send(finance, "POST", "/billing/project/add", { ...books, code: "IL_X", instalmentDates: "2040-09-01" });
    expect(wrongDates.json).toMatchObject({ success: false, message: "分期到期日须为2个日期（yyyy-MM-dd，逗号分隔），或不填（每月一期）" });
    const noValue = await send(finance, "POST", "/billing/project/add", { ...books, code: "IL_Y", instalmentDates: "", lateFeeMode: "2" });
    expect(noValue.json).toMatchObject({ success: false, message: "请填写滞纳金金额或比例" });
    const percent = await send(finance, "POST", "/billing/project/add", { ...books, code: "IL_Z", instalmentDates: "", lateFeeMode: "2", lateFeeValue: "101" });
    expect(percent.json).toMatchObject({ success: false, message: "滞纳金比例不能超过100" });
  });

  it("generates a bill in instalments: one-third each, the remainder fen on the last, same-day parts together", async () => {
    const answer = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1", dueDate: "2040-09-01", studentNos: "IL01" });
    expect(answer.json).toMatchObject({ success: true, message: "已生成1张账单" });
    [{ id: billId }] = await rows<{ id: string }>(`select id from bill_bill where student_id = 'il-s1' and school_year = '${YEAR}'`) as [{ id: string }];
    // 学费 1,000.00 monthly from 09-01 in three; 书本费 100.01 on its two dates.
    expect(await instalments()).toEqual([
      ["2040-09-01", "383.33", "0.00", "383.33"],
      ["2040-10-01", "333.33", "0.00", "333.33"],
      ["2040-11-01", "333.34", "0.00", "333.34"],
      ["2040-12-01", "50.01", "0.00", "50.01"],
    ]);
    expect(await bill()).toMatchObject({ payable: "1100.01", due: "2040-12-01" });
    expect(await unbalanced()).toEqual([]);
    expect(await disagreements()).toEqual([]);
  });

  it("pays the earliest instalment first; the ageing and its links follow the instalments' due dates", async () => {
    const paid = await send(finance, "POST", "/billing/payment/add", { payerType: "1", payerId: "il-p", channel: "3", amount: "500.00", paidAt: "2026-09-20 10:00:00", allocations: [{ billId, amount: "500.00" }] });
    expect(paid.json).toMatchObject({ success: true });
    expect(await instalments()).toEqual([
      ["2040-09-01", "383.33", "383.33", "0.00"],
      ["2040-10-01", "333.33", "116.67", "216.66"],
      ["2040-11-01", "333.34", "0.00", "333.34"],
      ["2040-12-01", "50.01", "0.00", "50.01"],
    ]);
    const states = ((await send(finance, "GET", `/billing/bill/instalments?billId=${billId}`)).json.result as Array<{ state: string }>).map((row) => row.state);
    expect(states[0]).toBe("已付");
    const ageing = (await send(finance, "GET", "/billing/ageing?asOf=2040-10-15")).json.result as { totals: { amounts: Record<string, string>; counts: Record<string, number> }; rows: Array<{ payerId: string; amounts: Record<string, string> }> };
    const payer = ageing.rows.find((row) => row.payerId === "il-p")!;
    expect(payer.amounts).toMatchObject({ notDue: "383.35", "0-30": "216.66", "31-60": "0.00" });
    // Each figure's link lists its bills: the one bill is behind both of its figures.
    for (const [bucket, count] of [["0-30", 1], ["notDue", 1], ["31-60", 0]] as const) {
      const list = await send(finance, "GET", `/billing/bill/list?asOf=2040-10-15&overdue=${bucket}&payerType=1&payerId=il-p`);
      expect([bucket, list.json.result.total]).toEqual([bucket, count]);
    }
    expect(await disagreements()).toEqual([]);
  });

  it("reminds of the overdue instalments only, with what of them is open", async () => {
    const outcome = await remindUnpaidBills(server.backend.services, 1, 0, at("2040-10-15"));
    expect(outcome).toMatchObject({ remindedBills: 1, mails: 1 });
    const [mail] = await rows<{ body: string }>(`select body from comm_mail where related_type = 'bill_reminder' and related_id = 'il-p'`);
    expect(mail!.body).toContain("应缴日期 2040-10-01（第 2 期），待缴 216.66 元");
    // Not yet overdue on the first instalment's day: nothing more to remind.
    await rows(`delete from bill_reminder`);
    expect(await remindUnpaidBills(server.backend.services, 1, 0, at("2040-09-25"))).toMatchObject({ remindedBills: 0 });
  });

  it("plans again what is not paid in full (分期), for those who may, in date order", async () => {
    const refused = await send(teacher, "POST", "/billing/bill/instalments", { id: billId, count: 2, dueDates: ["2040-11-15", "2040-12-15"] });
    expect(refused.json.success).toBe(false);
    const disorder = await send(finance, "POST", "/billing/bill/instalments", { id: billId, count: 2, dueDates: ["2040-12-15", "2040-11-15"] });
    expect(disorder.json).toMatchObject({ success: false, message: "各期到期日须按先后顺序，且不早于已付清的期次" });
    const before = await send(finance, "POST", "/billing/bill/instalments", { id: billId, count: 1, dueDates: ["2040-08-01"] });
    expect(before.json).toMatchObject({ success: false, message: "各期到期日须按先后顺序，且不早于已付清的期次" });
    const answer = await send(finance, "POST", "/billing/bill/instalments", { id: billId, count: 2, dueDates: "2040-11-15,2040-12-15" });
    expect(answer.json).toMatchObject({ success: true, message: "已分为3期" });
    // The paid first instalment stays; 1,100.01 − 383.33 = 716.68 in two.
    expect(await instalments()).toEqual([
      ["2040-09-01", "383.33", "383.33", "0.00"],
      ["2040-11-15", "358.34", "116.67", "241.67"],
      ["2040-12-15", "358.34", "0.00", "358.34"],
    ]);
    expect(await bill()).toMatchObject({ payable: "1100.01", due: "2040-12-15" });
    const history = (await send(finance, "GET", `/billing/bill/history?id=${billId}`)).json.result as Array<{ actionText: string }>;
    expect(history.map((row) => row.actionText)).toContain("分期");
    expect(await unbalanced()).toEqual([]);
  });

  it("charges the late fee once a day after N days overdue, twice run or three runs at once, up to its cap", async () => {
    const charge = (date: string) => chargeLateFees(server.backend.services, 1, at(date));
    // The earliest open instalment is due 2040-11-15: 5 days later is not yet "more than 5".
    expect(await charge("2040-11-20")).toMatchObject({ chargedBills: 0 });
    expect(await charge("2040-11-21")).toMatchObject({ chargedBills: 1, charged: "10.00" });
    expect(await charge("2040-11-21")).toMatchObject({ chargedBills: 0, chargedBefore: 1 });
    const together = await Promise.all([charge("2040-11-22"), charge("2040-11-22"), charge("2040-11-22")]);
    expect(together.map((outcome) => outcome.chargedBills).sort()).toEqual([0, 0, 1]);
    // The cap: 25.00 in all, so the third day adds 5.00 and the fourth nothing.
    expect(await charge("2040-11-23")).toMatchObject({ chargedBills: 1, charged: "5.00" });
    expect(await charge("2040-11-24")).toMatchObject({ chargedBills: 0 });
    const lines = await rows<{ name: string; amount: string; kind: string | null }>(`select name, amount::text, kind from bill_bill_item where bill_id = '${billId}' order by sort_no`);
    expect(lines.at(-1)).toEqual({ name: "滞纳金：学费", amount: "25.00", kind: "lateFee" });
    expect(await rows(`select to_char(fee_date, 'YYYY-MM-DD') as day, amount::text from bill_late_fee where bill_id = '${billId}' order by fee_date`)).toEqual([
      { day: "2040-11-21", amount: "10.00" },
      { day: "2040-11-22", amount: "10.00" },
      { day: "2040-11-23", amount: "5.00" },
    ]);
    // The bill, its overdue instalment and its receivable move with it; the history says 滞纳金.
    expect(await bill()).toMatchObject({ payable: "1125.01", status: "2" });
    expect(await instalments()).toEqual([
      ["2040-09-01", "383.33", "383.33", "0.00"],
      ["2040-11-15", "383.34", "116.67", "266.67"],
      ["2040-12-15", "358.34", "0.00", "358.34"],
    ]);
    const history = (await send(finance, "GET", `/billing/bill/history?id=${billId}`)).json.result as Array<{ actionText: string; reason: string | null }>;
    expect(history.filter((row) => row.actionText === "滞纳金").map((row) => row.reason).sort()).toEqual(["滞纳金 2040-11-21", "滞纳金 2040-11-22", "滞纳金 2040-11-23"]);
    expect(await unbalanced()).toEqual([]);
    expect(await disagreements()).toEqual([]);
    // The database's own guard: a second row of the same bill and day is refused.
    await expect(rows(`insert into bill_late_fee (id, tenant_id, bill_id, fee_date, amount) values ('il-dup', 1, '${billId}', '2040-11-21', 1)`)).rejects.toThrow();
    // A bill with late fees is reduced or voided, not edited by hand.
    const edit = await send(finance, "PUT", "/billing/bill/edit", { id: billId, studentId: "il-s1", schoolYear: YEAR, term: "1", items: [{ name: "学费", quantity: 1, unitPrice: "1" }] });
    expect(edit.json.success).toBe(false);
  });

  it("every school has the job in 定时任务, daily at 01:30 and stopped until the school starts it (migration 0871)", async () => {
    const jobs = () =>
      rows<{ tenant_id: number; cron_expression: string; status: number; n: number }>(`
        select tenant_id, min(cron_expression) as cron_expression, min(status) as status, count(*)::int as n from sys_quartz_job
         where job_class_name = '${LATE_FEE_JOB}' group by tenant_id order by tenant_id`);
    const tenants = (await rows<{ id: number }>(`select id from sys_tenant order by id`)).map((row) => row.id);
    expect(tenants.length).toBeGreaterThan(1);
    expect(await jobs()).toEqual(tenants.map((tenant_id) => ({ tenant_id, cron_expression: "0 30 1 * * ?", status: -1, n: 1 })));
    const listed = (await send(admin, "GET", `/sys/quartzJob/list?jobClassName=${encodeURIComponent(LATE_FEE_JOB)}`)).json.result.records as Array<Record<string, unknown>>;
    expect(listed).toEqual([expect.objectContaining({ jobClassName: LATE_FEE_JOB, cronExpression: "0 30 1 * * ?", status: -1 })]);
    // An older database: a school made before the migration gets it, once; a school that added one keeps its own.
    await rows(`delete from sys_quartz_job where tenant_id = ${tenants[1]} and job_class_name = '${LATE_FEE_JOB}'`);
    await rows(`update sys_quartz_job set cron_expression = '0 0 2 * * ?', status = 0 where tenant_id = 1 and job_class_name = '${LATE_FEE_JOB}'`);
    const migration = readFileSync(path.join(migrationsFolder(), "0871_late_fee_job.sql"), "utf8");
    await server.backend.db.exec(migration);
    await server.backend.db.exec(migration);
    expect(await jobs()).toEqual(tenants.map((tenant_id) => ({ tenant_id, cron_expression: tenant_id === 1 ? "0 0 2 * * ?" : "0 30 1 * * ?", status: tenant_id === 1 ? 0 : -1, n: 1 })));
    await rows(`update sys_quartz_job set cron_expression = '0 30 1 * * ?', status = -1 where tenant_id = 1 and job_class_name = '${LATE_FEE_JOB}'`);
  });

  it("runs as a scheduled job of the school: charged today once, however often it runs", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(new Date());
    const due = new Date(Date.parse(`${today}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10);
    const generated = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "2", dueDate: due, studentNos: "IL02" });
    expect(generated.json).toMatchObject({ success: true });
    const [{ id }] = (await rows<{ id: string }>(`select id from bill_bill where student_id = 'il-s2' and term = '2'`)) as [{ id: string }];
    // The school's own row (migration 0871), run by 立即执行 as the bursar would.
    const job = ((await send(admin, "GET", `/sys/quartzJob/list?jobClassName=${encodeURIComponent(LATE_FEE_JOB)}`)).json.result.records as Array<{ id: string }>)[0]!;
    const runOnce = async () => {
      const before = (await send(admin, "GET", `/sys/quartzJob/runs?jobId=${job.id}`)).json.result.total as number;
      expect((await send(admin, "GET", `/sys/quartzJob/execute?id=${job.id}`)).json).toMatchObject({ success: true });
      let message = "";
      await expect
        .poll(async () => {
          const runs = (await send(admin, "GET", `/sys/quartzJob/runs?jobId=${job.id}`)).json.result;
          message = runs.records[0]?.message ?? "";
          return runs.total > before && runs.records[0].outcome !== "running" ? runs.records[0].outcome : "waiting";
        }, { timeout: 30_000 })
        .toBe("success");
      return message;
    };
    expect(await runOnce()).toContain("本次计收 1 张，合计 10.00 元");
    expect(await runOnce()).toContain("今天已计收的账单 1 张，不再计收");
    expect(await bill(id)).toMatchObject({ payable: "1110.01" });
    expect(await rows(`select count(*)::int as n from bill_late_fee where bill_id = '${id}'`)).toEqual([{ n: 1 }]);
    expect(await unbalanced()).toEqual([]);
    expect(await disagreements()).toEqual([]);
  });
});
