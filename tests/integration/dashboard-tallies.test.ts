// 首页's kept totals (migration 0200, docs/decisions/059): payments per quarter hour and students per
// status and grade, maintained by the database in the
// writers' own transactions. Many cashiers and clerks at once (payments recorded, allocated to the
// same bills, edited, reversed, deleted; students added and moved): afterwards every total equals
// a full recount of its table, and the recount function (the migration's backfill) gives the same
// rows. PGlite, and PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import type { DashboardFigures } from "#contract/dashboard";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

const KEPT_PAYMENTS = `select tenant_id, bucket, payments::int as n, amount::numeric(18,2)::text as amount from bill_payment_tally
  where payments <> 0 or amount <> 0 order by tenant_id, bucket`;
const RECOUNT_PAYMENTS = `select tenant_id, payment_tally_bucket(paid_at) as bucket, count(*)::int as n, sum(amount)::numeric(18,2)::text as amount
  from bill_payment where status <> '4' group by 1, 2 order by 1, 2`;
const KEPT_STUDENTS = `select tenant_id, status, grade, students::int as n from school_student_tally where students <> 0 order by 1, 2, 3`;
const RECOUNT_STUDENTS = `select tenant_id, coalesce(status, '') as status, coalesce(grade, '') as grade, count(*)::int as n
  from school_student group by 1, 2, 3 order by 1, 2, 3`;
describe.each(databases)("dashboard tallies on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const expectKeptEqualsRecount = async () => {
    expect(await rows(KEPT_PAYMENTS)).toEqual(await rows(RECOUNT_PAYMENTS));
    expect(await rows(KEPT_STUDENTS)).toEqual(await rows(RECOUNT_STUDENTS));
  };

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    admin = await loginToken(server.url);
    await rows(`insert into school_parent (id, tenant_id, name) values ('tl-p1', 1, '统计测试家长')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status, grade) values
      ('tl-s1', 1, 'TL01', '统计学生一', '1', '3'), ('tl-s2', 1, 'TL02', '统计学生二', '1', '4')`);
    await rows(`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, payer_name, period, total_amount)
      values ('tl-r1', 1, 'TL-AR1', '1', 'tl-p1', '统计测试家长', '2031-2032-1', 3000.75)`);
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, payer_type, payer_id, receivable_id) values
      ('tl-b1', 1, 'TL-B1', 'tl-s1', '2031-2032', '1', 1000.25, 1000.25, '1', 'tl-p1', 'tl-r1'),
      ('tl-b2', 1, 'TL-B2', 'tl-s2', '2031-2032', '1', 2000.50, 2000.50, '1', 'tl-p1', 'tl-r1')`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("keeps every total equal to a recount while many writers race", async () => {
    await expectKeptEqualsRecount();
    const payment = (index: number, allocations?: Array<{ billId: string; amount: string }>) => ({
      payerType: "1",
      payerId: "tl-p1",
      channel: "3",
      amount: `${100 + index}.${String(index % 100).padStart(2, "0")}`,
      // Several payments in one quarter hour (the same kept row), others spread over months.
      paidAt: index % 3 === 0 ? "2025-09-05 10:30:00" : `2025-${String(1 + (index % 12)).padStart(2, "0")}-0${1 + (index % 9)} 0${index % 10}:1${index % 6}:00`,
      ...(allocations ? { allocations } : {}),
    });
    // Round 1: 30 payments at once, a third of them allocating to the same two bills (some refused).
    const first = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        send(finance, "POST", "/billing/payment/add", payment(index, index % 3 === 0 ? [{ billId: index % 2 ? "tl-b1" : "tl-b2", amount: "90" }] : undefined)),
      ),
    );
    expect(first.every((answer) => answer.json?.success), JSON.stringify(first.find((answer) => !answer.json?.success)?.json)).toBe(true);
    await expectKeptEqualsRecount();

    // Round 2: at once, reverse some, move others to another time and amount, void the
    // unallocated ones, record more, and add and move students.
    const mine = await rows<{ id: string; allocated: string }>(
      `select id, allocated_amount::text as allocated from bill_payment where payer_id = 'tl-p1' order by payment_no`,
    );
    const students = await rows<{ id: string }>(`select id from school_student where tenant_id = 1 and status = '1' order by student_no limit 10`);
    const work = [
      ...mine.map((row, index) => {
        if (index % 4 === 0) return send(finance, "POST", "/billing/payment/reverse", { id: row.id, reason: "统计测试冲销" });
        if (index % 4 === 1) return send(finance, "PUT", "/billing/payment/edit", { id: row.id, ...payment(index + 40), paidAt: "2025-10-10 08:00:00" });
        if (index % 4 === 2 && row.allocated === "0.00") return send(finance, "POST", "/billing/payment/void", { id: row.id, reason: "统计测试作废" });
        return send(finance, "POST", "/billing/payment/add", payment(index + 100, [{ billId: "tl-b1", amount: "0.01" }]));
      }),
      ...students.map((student, index) => send(admin, "POST", "/school/student/edit", { id: student.id, status: index % 2 ? "2" : "1", grade: String(1 + (index % 6)) })),
      ...Array.from({ length: 5 }, (_, index) => send(admin, "POST", "/school/student/add", { nameCn: `统计新生${index}`, sex: "1", grade: "2", status: "1" })),
    ];
    const answers = await Promise.all(work);
    // Allocations racing for what is left of a bill may be refused; nothing else may fail.
    const failures = answers.filter((answer) => !answer.json?.success && !/最多还可分配/.test(answer.json?.message ?? ""));
    expect(failures.map((answer) => answer.json?.message ?? answer.text)).toEqual([]);
    expect((await rows<{ n: number }>(`select count(*)::int as n from bill_payment where payer_id = 'tl-p1' and status = '4'`))[0]!.n).toBeGreaterThan(0);
    await expectKeptEqualsRecount();
  });

  it("recounts to the same totals (the migration's backfill) and the figures read them", async () => {
    const before = [await rows(KEPT_PAYMENTS), await rows(KEPT_STUDENTS)];
    for (const table of ["bill_payment_tally", "school_student_tally"]) await rows(`delete from ${table}`);
    await rows(`select rebuild_dashboard_tallies()`);
    expect([await rows(KEPT_PAYMENTS), await rows(KEPT_STUDENTS)]).toEqual(before);

    // The administrator: both the students' and the receivables' figures (each needs its list).
    const answer = await call(server.url, "GET", "/school/dashboard/figures", { token: admin });
    const figures = answer.json.result as Required<DashboardFigures>;
    const [active] = await rows<{ n: number }>(`select count(*)::int as n from school_student where tenant_id = 1 and status = '1'`);
    expect(figures.studentsByGrade.reduce((sum, row) => sum + row.count, 0)).toBe(active!.n);
    const [open] = await rows<{ amount: string }>(
      `select sum(total_amount - received_amount)::numeric(18,2)::text as amount from bill_receivable where tenant_id = 1 and status in ('1', '2') and payer_type = '1'`,
    );
    expect(figures.receivablesOutstanding.find((row) => row.key === "1")?.amount).toBe(open!.amount);
  });
});
