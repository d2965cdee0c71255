// Fee schedules that fit a school (issue #33 item 1, docs/decisions/111), through the real backend on
// PGlite and PostgreSQL: a project's price by grade (a grade without one pays the unit price), the
// generation for one grade, one class or a list of students, sibling discounts (three children, two
// paying parents: only the second child of the same parent gets them) and 减免 with its reason, both
// as lines of the bill; after every step the open amount of the bills equals the receivables', per
// payer (the invariant of docs/decisions/071).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const YEAR = "2040-2041";

describe.each(databases)("fee schedules on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
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

  /** A student's bill of the term: its payable and its lines (name, amount, kind). */
  const billOf = async (studentId: string) => {
    const [bill] = await rows<{ id: string; payable: string; receivable_id: string }>(
      `select id, payable::text, receivable_id from bill_bill where student_id = '${studentId}' and school_year = '${YEAR}' and status <> '4'`,
    );
    if (!bill) return undefined;
    const lines = await rows<{ name: string; amount: string; kind: string | null }>(`select name, amount::text, kind from bill_bill_item where bill_id = '${bill.id}' order by sort_no`);
    return { ...bill, lines: lines.map((line) => [line.name, line.amount, line.kind]) };
  };

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    // Only the test's projects are billed, only the test's students are enrolled.
    await rows(`update bill_project set active = 0`);
    await rows(`update school_student set status = '4'`);
    // One family: 父亲 pays the two eldest, 母亲 the youngest (three children, two payers), and a
    // classmate paid by an employer.
    await rows(`insert into school_parent (id, tenant_id, name) values ('fs-father', 1, '费用父亲'), ('fs-mother', 1, '费用母亲')`);
    await rows(`insert into school_corporation (id, tenant_id, name) values ('fs-corp', 1, '费用企业')`);
    await rows(`insert into school_year (id, tenant_id, name, term1_start, term1_end, term2_start, term2_end) values ('fs-y', 1, '2040-2041', '2040-09-01', '2041-01-20', '2041-02-20', '2041-07-01')`);
    await rows(`insert into school_class (id, tenant_id, year_id, grade, name) values ('fs-k51', 1, 'fs-y', '5', '费用五(1)班'), ('fs-k31', 1, 'fs-y', '3', '费用三(1)班'), ('fs-k32', 1, 'fs-y', '3', '费用三(2)班')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status, grade, class_id, birthday, corp_id) values
      ('fs-c1', 1, 'FS01', '老大', '1', '5', 'fs-k51', '2014-03-01', null),
      ('fs-c2', 1, 'FS02', '老二', '1', '3', 'fs-k32', '2016-05-01', null),
      ('fs-c3', 1, 'FS03', '老三', '1', '3', 'fs-k31', '2017-09-01', null),
      ('fs-c4', 1, 'FS04', '企业学生', '1', '3', 'fs-k32', '2016-01-01', 'fs-corp')`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer) values
      ('fs-sp1', 1, 'fs-c1', 'fs-father', '1', true), ('fs-sp2', 1, 'fs-c2', 'fs-father', '1', true), ('fs-sp3', 1, 'fs-c3', 'fs-mother', '2', true)`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("keeps a project's grade prices and its sibling discount, and refuses bad ones", async () => {
    const tuition = { code: "FS_TUITION", name: "学费", type: "1", unitPrice: "10000.00", period: "3", active: 1, sortNo: 1, siblingPercent: "10", prices: [{ grade: "3", unitPrice: "12000.50" }, { grade: "5", unitPrice: "15000" }] };
    const added = await send(finance, "POST", "/billing/project/add", tuition);
    expect([added.json.success, added.json.message]).toEqual([true, "添加成功！"]);
    const bus = { code: "FS_BUS", name: "校车", type: "2", unitPrice: "300", period: "2", active: 1, sortNo: 2, siblingAmount: "100" };
    expect((await send(finance, "POST", "/billing/project/add", bus)).json).toMatchObject({ success: true });
    const both = await send(finance, "POST", "/billing/project/add", { ...bus, code: "FS_X", siblingPercent: "5" });
    expect(both.json).toMatchObject({ success: false, message: "兄弟姐妹优惠只能填写比例或金额其中一项" });
    const twice = await send(finance, "POST", "/billing/project/add", { ...bus, code: "FS_Y", siblingAmount: "", prices: [{ grade: "1", unitPrice: "1" }, { grade: "1", unitPrice: "2" }] });
    expect(twice.json).toMatchObject({ success: false, message: "年级价格中年级 1 重复" });
    const [project] = await rows<{ id: string }>(`select id from bill_project where code = 'FS_TUITION'`);
    const prices = await send(finance, "GET", `/billing/project/prices?projectId=${project!.id}`);
    expect(prices.json.result).toEqual([{ grade: "3", unitPrice: "12000.50" }, { grade: "5", unitPrice: "15000.00" }]);
    // An edit without `prices` leaves them; an edit with them replaces them.
    expect((await send(finance, "PUT", "/billing/project/edit", { ...tuition, id: project!.id, prices: undefined, remark: "按年级" })).json).toMatchObject({ success: true });
    expect((await send(finance, "GET", `/billing/project/prices?projectId=${project!.id}`)).json.result).toHaveLength(2);
  });

  it("generates for one grade only: grade prices, the second child's sibling discount as lines", async () => {
    const preview = await send(finance, "POST", "/billing/bill/generatePreview", { schoolYear: YEAR, term: "1", grade: "3" });
    expect(preview.json).toMatchObject({ success: true });
    expect((preview.json.result.bills as Array<{ studentNo: string }>).map((bill) => bill.studentNo).sort()).toEqual(["FS02", "FS03", "FS04"]);
    const answer = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1", grade: "3" });
    expect(answer.json).toMatchObject({ success: true, message: "已生成3张账单" });
    // 老二: the father's second child — 10% off tuition (of the grade's 12,000.50) and 100 off the bus.
    expect(await billOf("fs-c2")).toMatchObject({
      payable: "12200.45",
      lines: [
        ["学费", "12000.50", null],
        ["兄弟姐妹优惠：学费", "-1200.05", "sibling"],
        ["校车", "1500.00", null],
        ["兄弟姐妹优惠：校车", "-100.00", "sibling"],
      ],
    });
    // 老三: the mother's first (and only) child; the employer's student: no parent, no discount.
    expect(await billOf("fs-c3")).toMatchObject({ payable: "13500.50", lines: [["学费", "12000.50", null], ["校车", "1500.00", null]] });
    expect(await billOf("fs-c4")).toMatchObject({ payable: "13500.50" });
    expect(await billOf("fs-c1")).toBeUndefined();
    expect(await disagreements()).toEqual([]);
  });

  it("generates for a list of students: the eldest pays the grade's price in full", async () => {
    const answer = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "1", studentNos: "FS01, FS02" });
    expect(answer.json).toMatchObject({ success: true, message: "已生成1张账单，跳过1名已有账单的学生" });
    expect(await billOf("fs-c1")).toMatchObject({ payable: "16500.00", lines: [["学费", "15000.00", null], ["校车", "1500.00", null]] });
    expect(await disagreements()).toEqual([]);
  });

  it("generates for one class of the second term, and the sibling rank holds whoever is billed", async () => {
    const answer = await send(finance, "POST", "/billing/bill/generate", { schoolYear: YEAR, term: "2", className: "费用三(2)班" });
    expect(answer.json).toMatchObject({ success: true, message: "已生成2张账单" });
    const billed = await rows<{ student_id: string; payable: string }>(`select student_id, payable::text from bill_bill where school_year = '${YEAR}' and term = '2' order by student_id`);
    expect(billed).toEqual([
      { student_id: "fs-c2", payable: "12200.45" },
      { student_id: "fs-c4", payable: "13500.50" },
    ]);
    const refused = await send(finance, "POST", "/billing/bill/generatePreview", { schoolYear: YEAR, term: "2", studentNos: ["FS01", 7] });
    expect(refused.json).toMatchObject({ success: false, message: "生成范围格式不正确" });
    expect(await disagreements()).toEqual([]);
  });

  it("减免 adds a line with its reason, moves the bill and its receivable, and keeps its history", async () => {
    const bill = (await billOf("fs-c3"))!;
    const [receivableBefore] = await rows<{ total: string }>(`select total_amount::text as total from bill_receivable where id = '${bill.receivable_id}'`);
    expect((await send(teacher, "POST", "/billing/bill/reduce", { id: bill.id, amount: "1", reason: "x" })).json.success).toBe(false);
    expect((await send(finance, "POST", "/billing/bill/reduce", { id: bill.id, amount: "100" })).json).toMatchObject({ success: false, message: "请输入减免原因" });
    expect((await send(finance, "POST", "/billing/bill/reduce", { id: bill.id, amount: "0", reason: "困难补助" })).json).toMatchObject({ success: false, message: "请输入减免金额，最多两位小数" });
    expect((await send(finance, "POST", "/billing/bill/reduce", { id: bill.id, amount: "13500.51", reason: "困难补助" })).json).toMatchObject({
      success: false,
      message: "减免金额不能超过账单未付金额 13500.50",
    });
    const reduced = await send(finance, "POST", "/billing/bill/reduce", { id: bill.id, amount: "500.50", reason: "困难补助" });
    expect(reduced.json).toMatchObject({ success: true, message: "减免成功" });
    expect(await billOf("fs-c3")).toMatchObject({ payable: "13000.00", lines: [["学费", "12000.50", null], ["校车", "1500.00", null], ["减免：困难补助", "-500.50", "reduction"]] });
    const [receivableAfter] = await rows<{ total: string }>(`select total_amount::text as total from bill_receivable where id = '${bill.receivable_id}'`);
    expect(Number(receivableBefore!.total) - Number(receivableAfter!.total)).toBeCloseTo(500.5, 2);
    const history = await rows<{ action: string; reason: string }>(`select action, reason from sys_record_history where module = 'bill_bill' and record_id = '${bill.id}' and action = 'reduce'`);
    expect(history).toEqual([{ action: "reduce", reason: "困难补助" }]);
    expect(await disagreements()).toEqual([]);
  });
});
