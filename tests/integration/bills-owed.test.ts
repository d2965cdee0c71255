// Every amount is owed by someone (issue #32 item 1, docs/decisions/071), through the real backend:
// the term's generation names students without a payer (「无付款人」) and bills none of them unless
// a payer is chosen for them; a bill made before its student had a payer takes the student's when
// saved again, and finds its receivable; after every step the open amount of the bills equals the
// open amount of the receivables, per payer. PGlite, and PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("bills owed by someone on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token: finance, body });

  /** Payers whose bills' open amount differs from their receivables' (none when the books agree). */
  const disagreements = () =>
    rows<{ payer: string; bills: string; receivables: string }>(`
      with b as (
        select payer_type || ':' || coalesce(payer_id, '') as payer, sum(payable - paid_amount) as open
        from bill_bill where tenant_id = 1 and status <> '4' group by 1),
      r as (
        select payer_type || ':' || payer_id as payer, sum(total_amount - received_amount) as open
        from bill_receivable where tenant_id = 1 and status <> '4' group by 1)
      select coalesce(b.payer, r.payer) as payer, coalesce(b.open, 0)::text as bills, coalesce(r.open, 0)::text as receivables
      from b full join r on r.payer = b.payer
      where coalesce(b.open, 0) <> coalesce(r.open, 0)`);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    await rows(`insert into school_parent (id, tenant_id, name) values ('ow-p1', 1, '补录家长')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values ('ow-s1', 1, 'OW01', '无付款人学生', '1')`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("the demo school's books agree before anything", async () => {
    expect(await disagreements()).toEqual([]);
  });

  it("the preview names a student without a payer under noPayer and plans no bill for them", async () => {
    const preview = await send("POST", "/billing/bill/generatePreview", { schoolYear: "2033-2034", term: "1" });
    expect(preview.json).toMatchObject({ success: true });
    const plan = preview.json.result as { bills: Array<{ studentId: string; payerId: string | null }>; noPayer: Array<{ studentId: string; studentNo: string; studentName: string }> };
    expect(plan.noPayer).toContainEqual({ studentId: "ow-s1", studentNo: "OW01", studentName: "无付款人学生", parents: [] });
    expect(plan.bills.some((bill) => bill.studentId === "ow-s1")).toBe(false);
    expect(plan.bills.every((bill) => Boolean(bill.payerId))).toBe(true);
  });

  it("the generation skips and counts them; every bill it makes has a payer and a receivable", async () => {
    const answer = await send("POST", "/billing/bill/generate", { schoolYear: "2033-2034", term: "1" });
    expect(answer.json).toMatchObject({ success: true });
    const skipped = (answer.json.result.noPayer as unknown[]).length;
    expect(answer.json.message).toContain(`，${skipped}名学生无付款人未生成`);
    expect(await rows(`select id from bill_bill where student_id = 'ow-s1'`)).toEqual([]);
    expect(await rows(`select id from bill_bill where school_year = '2033-2034' and (payer_id is null or receivable_id is null)`)).toEqual([]);
    expect(await disagreements()).toEqual([]);
  });

  it("a payer chosen in the dialog bills the student to that payer's receivable", async () => {
    const answer = await send("POST", "/billing/bill/generate", { schoolYear: "2033-2034", term: "1", payers: JSON.stringify([{ studentId: "ow-s1", payerType: "1", payerId: "ow-p1" }]) });
    expect(answer.json).toMatchObject({ success: true });
    const [bill] = await rows<{ payer_id: string; receivable_id: string | null }>(`select payer_id, receivable_id from bill_bill where student_id = 'ow-s1' and school_year = '2033-2034'`);
    expect(bill).toMatchObject({ payer_id: "ow-p1" });
    const [receivable] = await rows<{ payer_id: string; total: string }>(`select payer_id, total_amount::text as total from bill_receivable where id = '${bill!.receivable_id}'`);
    expect(receivable!.payer_id).toBe("ow-p1");
    expect(await disagreements()).toEqual([]);
  });

  it("a bill made without a payer takes the student's payer when saved again, and its receivable", async () => {
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values ('ow-s2', 1, 'OW02', '后补付款人学生', '1')`);
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, payer_type, payer_id, receivable_id)
      values ('ow-b2', 1, 'OW-B2', 'ow-s2', '2034-2035', '1', 100.50, 100.50, '1', null, null)`);
    await rows(`insert into bill_bill_item (id, bill_id, name, quantity, unit_price, amount, allowance, sort_no) values ('ow-i2', 'ow-b2', '学费', 1, 100.50, 100.50, 0, 0)`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer) values ('ow-sp2', 1, 'ow-s2', 'ow-p1', '1', true)`);
    const saved = await send("PUT", "/billing/bill/edit", { id: "ow-b2", studentId: "ow-s2", schoolYear: "2034-2035", term: "1", payerType: "1", items: [{ name: "学费", quantity: "1", unitPrice: "100.50" }] });
    expect(saved.json).toMatchObject({ success: true });
    const [bill] = await rows<{ payer_id: string; receivable_id: string | null }>(`select payer_id, receivable_id from bill_bill where id = 'ow-b2'`);
    expect(bill!.payer_id).toBe("ow-p1");
    const [receivable] = await rows<{ total: string }>(`select total_amount::text as total from bill_receivable where id = '${bill!.receivable_id}'`);
    expect(receivable!.total).toBe("100.50");
    expect(await disagreements()).toEqual([]);
  });

  it("the preview offers a payerless student's own parents, and a parent chosen among them is billed (the dialog's picker)", async () => {
    await rows(`insert into school_parent (id, tenant_id, name) values ('ow-p3a', 1, '未付款家长甲'), ('ow-p3b', 1, '未付款家长乙')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values ('ow-s3', 1, 'OW03', '有家长无付款人', '1')`);
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer, sort_no) values
      ('ow-sp3a', 1, 'ow-s3', 'ow-p3a', '1', false, 0), ('ow-sp3b', 1, 'ow-s3', 'ow-p3b', '2', false, 1)`);
    const term = { schoolYear: "2035-2036", term: "1", studentNos: "OW03" };
    const preview = await send("POST", "/billing/bill/generatePreview", term);
    expect(preview.json.result.noPayer).toEqual([
      { studentId: "ow-s3", studentNo: "OW03", studentName: "有家长无付款人", parents: [{ id: "ow-p3a", name: "未付款家长甲" }, { id: "ow-p3b", name: "未付款家长乙" }] },
    ]);
    expect(preview.json.result.bills).toEqual([]);
    const payers = JSON.stringify([{ studentId: "ow-s3", payerType: "1", payerId: "ow-p3b" }]);
    const chosen = await send("POST", "/billing/bill/generatePreview", { ...term, payers });
    expect(chosen.json.result.noPayer).toEqual([]);
    expect(chosen.json.result.bills).toMatchObject([{ studentId: "ow-s3", payerType: "1", payerId: "ow-p3b", payerName: "未付款家长乙", payerChosen: true }]);
    const answer = await send("POST", "/billing/bill/generate", { ...term, payers });
    expect(answer.json).toMatchObject({ success: true, message: "已生成1张账单" });
    const [bill] = await rows<{ payer_id: string; receivable_id: string | null }>(`select payer_id, receivable_id from bill_bill where student_id = 'ow-s3' and school_year = '2035-2036'`);
    expect(bill!.payer_id).toBe("ow-p3b");
    expect(bill!.receivable_id).not.toBeNull();
    expect(await disagreements()).toEqual([]);
  });

  it("refuses a bill made by hand for a student nobody pays for, and writes nothing", async () => {
    const before = await rows<{ count: string }>(`select count(*)::text as count from bill_bill`);
    const answer = await send("POST", "/billing/bill/add", { studentId: "ow-s1", schoolYear: "2036-2037", term: "1", items: [{ name: "学费", quantity: "1", unitPrice: "10.50" }] });
    expect(answer.json).toMatchObject({ success: false, message: "该学生没有付款人，请先在学生信息中设置付款家长或付费企业" });
    expect(await rows<{ count: string }>(`select count(*)::text as count from bill_bill`)).toEqual(before);
  });

  it("refuses a malformed payer choice", async () => {
    const answer = await send("POST", "/billing/bill/generatePreview", { schoolYear: "2033-2034", term: "1", payers: "[{\"studentId\":\"ow-s1\",\"payerType\":\"9\"}]" });
    expect(answer.json).toMatchObject({ success: false, message: "付款人选择格式不正确" });
  });
});
