// 账龄分析 and 余额 (issue #33 item 2, docs/decisions/110), through the real backend on PGlite and
// PostgreSQL: the open amounts of live bills by days overdue per payer and in total, each figure's
// link (the bill list's `overdue` filter) listing exactly the bills it sums, 余额 = 应收 − 已收 on
// 应收账单 whatever writes the totals, the report's menu and access, and its date checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { AGEING_BUCKETS, type AgeingAnswer } from "#contract/modules/billing";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const AS_OF = "2030-06-30";

/** The date `days` before AS_OF. */
const before = (days: number) => new Date(Date.parse(`${AS_OF}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

describe.each(databases)("ageing report on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    for (const table of ["bill_receipt", "bill_payment_allocation", "bill_payment", "bill_bill_item", "bill_bill", "bill_receivable"]) await rows(`delete from ${table}`);
    await rows(`insert into school_parent (id, tenant_id, name) values ('ag-p1', 1, '账龄家长一'), ('ag-p2', 1, '账龄家长二')`);
    await rows(`insert into school_corporation (id, tenant_id, name) values ('ag-c1', 1, '账龄企业')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values ('ag-s1', 1, 'AG01', '账龄学生一', '1'), ('ag-s2', 1, 'AG02', '账龄学生二', '1')`);
    // [id, student, payer type, payer, year, payable, paid, due date, status]
    const bills: Array<[string, string, string, string, string, string, string, string | null, string]> = [
      ["ag-b1", "ag-s1", "1", "ag-p1", "2020-2021", "100.50", "0", before(0), "1"], // 0-30 (due today)
      ["ag-b2", "ag-s1", "1", "ag-p1", "2021-2022", "200.05", "50.00", before(30), "2"], // 0-30, 150.05 open
      ["ag-b3", "ag-s1", "1", "ag-p1", "2022-2023", "300.00", "0", before(31), "1"], // 31-60
      ["ag-b4", "ag-s1", "1", "ag-p1", "2023-2024", "400.00", "0", before(90), "1"], // 61-90
      ["ag-b5", "ag-s1", "1", "ag-p1", "2024-2025", "500.00", "0", before(91), "1"], // 90+
      ["ag-b6", "ag-s1", "1", "ag-p1", "2025-2026", "600.00", "0", before(-1), "1"], // not due
      ["ag-b7", "ag-s1", "1", "ag-p1", "2026-2027", "700.00", "0", null, "1"], // not due (no date)
      ["ag-b8", "ag-s1", "1", "ag-p1", "2027-2028", "800.00", "800.00", before(200), "3"], // paid: out
      ["ag-b9", "ag-s1", "1", "ag-p1", "2028-2029", "900.00", "0", before(200), "4"], // void: out
      ["ag-b10", "ag-s2", "1", "ag-p2", "2020-2021", "10.00", "0", before(100), "1"], // 90+
      ["ag-b11", "ag-s2", "2", "ag-c1", "2021-2022", "5000.00", "1000.00", before(45), "2"], // 31-60, 4000 open
    ];
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, due_date, payer_type, payer_id, status) values ${bills
      .map(([id, student, type, payer, year, payable, paid, due, status]) => `('${id}', 1, '${id.toUpperCase()}', '${student}', '${year}', '1', ${payable}, ${payable}, ${paid}, ${due ? `'${due}'` : "null"}, '${type}', '${payer}', '${status}')`)
      .join(",")}`);
  });

  afterAll(async () => {
    await server?.close();
  });

  const report = async (query = `asOf=${AS_OF}`) => {
    const answer = await send(finance, "GET", `/billing/ageing?${query}`);
    expect(answer.json).toMatchObject({ success: true });
    return answer.json.result as AgeingAnswer;
  };

  it("sums each payer's open amounts by days overdue, largest payer first, and the totals", async () => {
    const answer = await report();
    expect(answer.asOf).toBe(AS_OF);
    expect(answer.payers).toBe(3);
    expect(answer.rows.map((row) => [row.payerName, row.total])).toEqual([
      ["账龄企业", "4000.00"],
      ["账龄家长一", "2750.55"],
      ["账龄家长二", "10.00"],
    ]);
    const parent = answer.rows[1]!;
    expect(parent).toMatchObject({ payerType: "1", payerId: "ag-p1" });
    expect(parent.amounts).toEqual({ notDue: "1300.00", "0-30": "250.55", "31-60": "300.00", "61-90": "400.00", "90+": "500.00" });
    expect(parent.counts).toEqual({ notDue: 2, "0-30": 2, "31-60": 1, "61-90": 1, "90+": 1 });
    expect(answer.totals.amounts).toEqual({ notDue: "1300.00", "0-30": "250.55", "31-60": "4300.00", "61-90": "400.00", "90+": "510.00" });
    expect(answer.totals.total).toBe("6760.55");
  });

  it("pages the payers and keeps the totals of all", async () => {
    const second = await report(`asOf=${AS_OF}&pageNo=2&pageSize=2`);
    expect(second.rows.map((row) => row.payerId)).toEqual(["ag-p2"]);
    expect(second.payers).toBe(3);
    expect(second.totals.total).toBe("6760.55");
    expect((await report(`asOf=${AS_OF}&pageNo=9&pageSize=2`)).payers).toBe(3);
  });

  it("links every figure to exactly its bills in the bill list", async () => {
    const answer = await report();
    const listed = async (query: string) => {
      const list = await send(finance, "GET", `/billing/bill/list?pageSize=100&${query}`);
      expect(list.json).toMatchObject({ success: true });
      return (list.json.result.records as Array<{ id: string }>).map((record) => record.id).sort();
    };
    const expected: Record<string, string[]> = { notDue: ["ag-b6", "ag-b7"], "0-30": ["ag-b1", "ag-b2"], "31-60": ["ag-b3"], "61-90": ["ag-b4"], "90+": ["ag-b5"] };
    for (const bucket of AGEING_BUCKETS) {
      const ids = await listed(`asOf=${AS_OF}&overdue=${encodeURIComponent(bucket.key)}&payerType=1&payerId=ag-p1`);
      expect(ids).toEqual(expected[bucket.key]!.sort());
      expect(ids).toHaveLength(answer.rows[1]!.counts[bucket.key]);
    }
    expect(await listed(`asOf=${AS_OF}&overdue=open&payerType=1&payerId=ag-p1`)).toEqual(["ag-b1", "ag-b2", "ag-b3", "ag-b4", "ag-b5", "ag-b6", "ag-b7"].sort());
    expect(await listed(`asOf=${AS_OF}&overdue=${encodeURIComponent("90+")}`)).toEqual(["ag-b10", "ag-b5"]);
    // Another day, other buckets: thirty days later ag-b3 is 61 days overdue.
    expect(await listed(`asOf=2030-07-30&overdue=61-90&payerId=ag-p1`)).toEqual(["ag-b3"]);
  });

  it("answers today's report without a date and refuses a malformed one", async () => {
    expect((await report("")).asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = await send(finance, "GET", "/billing/ageing?asOf=2030-13-45x");
    expect(bad.json).toMatchObject({ success: false, message: "日期格式不正确，应为yyyy-MM-dd" });
  });

  it("is the finance menu's page: finance sees it, a teacher is refused", async () => {
    const menu = await rows<{ name: string; parent: string }>(`select p.name, g.name as parent from sys_permission p join sys_permission g on g.id = p.parent_id where p.url = '/billing/ageing'`);
    expect(menu).toEqual([{ name: "账龄分析", parent: "收费管理" }]);
    expect((await send(teacher, "GET", `/billing/ageing?asOf=${AS_OF}`)).json.success).toBe(false);
  });

  it("shows 余额 = 应收 − 已收 on 应收账单, kept by the database through every writer", async () => {
    await rows(`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, period, total_amount, received_amount)
      values ('ag-r1', 1, 'AG-R1', '1', 'ag-p1', '2030-2031-1', 1234.55, 200.05)`);
    const list = await send(finance, "GET", "/bill/bill/ReceivableBilllist?receivableNo=AG-R1");
    expect(list.json.result.records[0]).toMatchObject({ totalAmount: 1234.55, receivedAmount: 200.05, balance: 1034.5 });
    await rows(`update bill_receivable set received_amount = 1234.55 where id = 'ag-r1'`);
    const [row] = await rows<{ balance: string }>(`select balance::text from bill_receivable where id = 'ag-r1'`);
    expect(row!.balance).toBe("0.00");
    // Only the remark is edited by hand; the balance cannot be written.
    const edit = await send(finance, "PUT", "/billing/receivable/edit", { id: "ag-r1", remark: "核对", balance: "99" });
    expect(edit.json).toMatchObject({ success: true });
    expect((await rows<{ balance: string }>(`select balance::text from bill_receivable where id = 'ag-r1'`))[0]!.balance).toBe("0.00");
  });
});
