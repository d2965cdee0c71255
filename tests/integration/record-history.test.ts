// The history of every record (issue #32 item 5, docs/decisions/070), through the real backend: a
// plain save, and every money operation — generation, payment with allocation, reallocation, 冲销,
// 作废, receipt issue and print, voucher 过账 — leaves exactly its history rows, in the transaction
// of the change (a refused change leaves none); the rows name fields by label and codes by their
// dictionary texts; whoever may see the record reads them, nobody may change them, not even SQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("record history on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  /** History rows written since `mark` (the last id before the operation), per module and action. */
  const since = async (mark: number) =>
    rows<{ module: string; record_id: string; action: string; username: string; reason: string | null }>(
      `select module, record_id, action, username, reason from sys_record_history where id > ${mark} order by id`,
    );
  const mark = async () => Number((await rows<{ id: string }>(`select coalesce(max(id), 0)::text as id from sys_record_history`))[0]!.id);
  const summary = (list: Array<{ module: string; action: string; record_id: string }>) => list.map((row) => `${row.module}:${row.action}:${row.record_id}`).sort();

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    await rows(`insert into school_parent (id, tenant_id, name) values ('rh-p1', 1, '历史测试家长')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values ('rh-s1', 1, 'RH01', '历史学生一', '1'), ('rh-s2', 1, 'RH02', '历史学生二', '1')`);
    await rows(`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, payer_name, period, total_amount)
      values ('rh-r1', 1, 'RH-AR1', '1', 'rh-p1', '历史测试家长', '2031-2032-1', 3000.50)`);
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, payer_type, payer_id, receivable_id) values
      ('rh-b1', 1, 'RH-B1', 'rh-s1', '2031-2032', '1', 1000.25, 1000.25, '1', 'rh-p1', 'rh-r1'),
      ('rh-b2', 1, 'RH-B2', 'rh-s2', '2031-2032', '1', 2000.25, 2000.25, '1', 'rh-p1', 'rh-r1')`);
  });

  afterAll(async () => {
    await server?.close();
  });

  let projectId = "";
  let paymentId = "";

  it("a plain add and edit write one row each, with labels and dictionary texts; the reader sees them", async () => {
    const before = await mark();
    const added = await send(finance, "POST", "/billing/project/add", { code: "RH_P1", name: "历史项目", type: "1", unitPrice: "100.50", period: "3", active: "1", sortNo: "9" });
    expect(added.json).toMatchObject({ success: true });
    projectId = (await rows<{ id: string }>(`select id from bill_project where code = 'RH_P1'`))[0]!.id;
    const edited = await send(finance, "PUT", "/billing/project/edit", { id: projectId, code: "RH_P1", name: "历史项目（改）", type: "1", unitPrice: "120", period: "3", active: "0", sortNo: "9" });
    expect(edited.json).toMatchObject({ success: true });
    expect(summary(await since(before))).toEqual([`bill_project:add:${projectId}`, `bill_project:edit:${projectId}`]);

    const answer = await send(finance, "GET", `/billing/project/history?id=${projectId}`);
    expect(answer.json).toMatchObject({ success: true });
    const [add, edit] = answer.json.result as Array<{ action: string; actionText: string; username: string; changes: Array<{ field: string; label: string; old: string | null; new: string | null }> }>;
    expect(add).toMatchObject({ action: "add", actionText: "新增", username: "finance_wang" });
    expect(add!.changes).toEqual(expect.arrayContaining([{ field: "name", label: "项目名称", old: null, new: "历史项目" }]));
    expect(edit).toMatchObject({ action: "edit", actionText: "编辑" });
    // Only what changed, named by its label; 状态 by its dictionary's texts; exact decimals.
    expect(edit!.changes).toEqual([
      { field: "active", label: "状态", old: "有效", new: "无效" },
      { field: "name", label: "项目名称", old: "历史项目", new: "历史项目（改）" },
      { field: "unitPrice", label: "单价", old: "100.50", new: "120.00" },
    ]);
  });

  it("nobody edits or deletes a history row: no endpoint, and the database refuses even the administrator's SQL", async () => {
    for (const statement of [`update sys_record_history set username = 'x'`, `delete from sys_record_history`, `truncate sys_record_history`]) {
      await expect(rows(statement)).rejects.toThrow();
    }
    const answer = await send(finance, "POST", "/billing/project/history", { id: projectId });
    expect(answer.json.success).not.toBe(true);
  });

  it("a refused change leaves no history", async () => {
    const before = await mark();
    // An allocation beyond the payment: refused inside the transaction, after the payment's insert.
    const refused = await send(finance, "POST", "/billing/payment/add", {
      payerType: "1", payerId: "rh-p1", channel: "3", amount: "100", paidAt: "2026-09-05 10:30:00",
      allocations: [{ billId: "rh-b1", amount: "100.01" }],
    });
    expect(refused.json).toMatchObject({ success: false });
    expect(await since(before)).toEqual([]);
  });

  it("a payment with its allocation: the payment, each bill and the receivable, once each", async () => {
    const before = await mark();
    const answer = await send(finance, "POST", "/billing/payment/add", {
      payerType: "1", payerId: "rh-p1", channel: "3", amount: "1500.25", paidAt: "2026-09-05 10:30:00", tradeNo: "RH-1",
      allocations: [{ billId: "rh-b1", amount: "1000.25" }, { billId: "rh-b2", amount: "500" }],
    });
    expect(answer.json).toMatchObject({ success: true });
    paymentId = (await rows<{ id: string }>(`select id from bill_payment where trade_no = 'RH-1'`))[0]!.id;
    expect(summary(await since(before))).toEqual(
      [`bill_bill:allocate:rh-b1`, `bill_bill:allocate:rh-b2`, `bill_payment:add:${paymentId}`, `bill_receivable:allocate:rh-r1`].sort(),
    );
    const bill = await send(finance, "GET", `/billing/bill/history?id=rh-b2`);
    const changes = (bill.json.result as Array<{ changes: Array<{ field: string; label: string; old: string; new: string }> }>)[0]!.changes;
    expect(changes).toEqual([
      { field: "paidAmount", label: "已付金额", old: "0.00", new: "500.00" },
      { field: "status", label: "状态", old: "未付", new: "部分" },
    ]);
    const payment = await send(finance, "GET", `/billing/payment/history?id=${paymentId}`);
    const added = (payment.json.result as Array<{ changes: Array<{ field: string; label: string; new: string }> }>)[0]!.changes;
    expect(added).toEqual(expect.arrayContaining([{ field: "allocations", label: "分配明细", old: null, new: "RH-B1 1000.25；RH-B2 500.00" }]));
    // As 详情 shows them (docs/decisions/189): the amount by formatMoney, the time on the school's clock.
    expect(added).toEqual(
      expect.arrayContaining([
        { field: "amount", label: "付款金额", old: null, new: "1,500.25" },
        { field: "paidAt", label: "付款时间", old: null, new: "2026-09-05 10:30:00" },
      ]),
    );
  });

  it("a reallocation, a 冲销 with its reason and a bill's 作废 each leave exactly their rows", async () => {
    let before = await mark();
    const moved = await send(finance, "POST", "/billing/payment/allocate", { id: paymentId, allocations: [{ billId: "rh-b1", amount: "1000.25" }, { billId: "rh-b2", amount: "400" }] });
    expect(moved.json).toMatchObject({ success: true });
    // rh-b1 is unchanged: no row for it.
    expect(summary(await since(before))).toEqual([`bill_bill:allocate:rh-b2`, `bill_payment:allocate:${paymentId}`, `bill_receivable:allocate:rh-r1`].sort());

    before = await mark();
    const reversed = await send(finance, "POST", "/billing/payment/reverse", { id: paymentId, reason: "录错付款方" });
    expect(reversed.json).toMatchObject({ success: true });
    const reversal = await since(before);
    expect(summary(reversal)).toEqual([`bill_bill:reverse:rh-b1`, `bill_bill:reverse:rh-b2`, `bill_payment:reverse:${paymentId}`, `bill_receivable:reverse:rh-r1`].sort());
    expect(new Set(reversal.map((row) => row.reason))).toEqual(new Set(["录错付款方"]));

    before = await mark();
    expect((await send(finance, "POST", "/billing/bill/void", { id: "rh-b2", reason: "重复开单" })).json).toMatchObject({ success: true });
    expect(summary(await since(before))).toEqual([`bill_bill:void:rh-b2`, `bill_receivable:void:rh-r1`]);
  });

  it("the term's generation writes one row per bill and receivable it creates; a second generation none", async () => {
    const before = await mark();
    const answer = await send(finance, "POST", "/billing/bill/generate", { schoolYear: "2032-2033", term: "1" });
    expect(answer.json).toMatchObject({ success: true });
    const created = await rows<{ id: string }>(`select id from bill_bill where school_year = '2032-2033' and term = '1'`);
    const receivables = await rows<{ id: string }>(`select id from bill_receivable where period = '2032-2033-1'`);
    expect(created.length).toBeGreaterThan(0);
    const written = await since(before);
    expect(written.filter((row) => row.module === "bill_bill").map((row) => row.record_id).sort()).toEqual(created.map((row) => row.id).sort());
    // Each receivable: created, then its totals computed.
    const receivableRows = written.filter((row) => row.module === "bill_receivable");
    expect(new Set(receivableRows.map((row) => row.record_id))).toEqual(new Set(receivables.map((row) => row.id)));
    expect(written.every((row) => row.action === "generate" && row.username === "finance_wang")).toBe(true);
    const again = await mark();
    await send(finance, "POST", "/billing/bill/generate", { schoolYear: "2032-2033", term: "1" });
    expect(await since(again)).toEqual([]);
  });

  it("a receipt's issue and print, and a voucher's 过账, leave their rows", async () => {
    const payment = await send(finance, "POST", "/billing/payment/add", { payerType: "1", payerId: "rh-p1", channel: "4", amount: "10.50", paidAt: "2026-09-06 10:30:00", tradeNo: "RH-2" });
    expect(payment.json).toMatchObject({ success: true });
    const id = (await rows<{ id: string }>(`select id from bill_payment where trade_no = 'RH-2'`))[0]!.id;
    let before = await mark();
    const issued = await send(finance, "POST", "/billing/receipt/issue", { paymentId: id });
    expect(issued.json).toMatchObject({ success: true });
    const receiptId = issued.json.result.id as string;
    await send(finance, "POST", "/billing/receipt/print", { id: receiptId });
    expect(summary(await since(before))).toEqual([`bill_receipt:issue:${receiptId}`, `bill_receipt:print:${receiptId}`]);

    const voucher = await send(finance, "POST", "/billing/voucher/add", {
      voucherDate: "2031-09-06", summary: "历史凭证",
      entries: [{ account: "1001", debit: "10.50", credit: "0" }, { account: "6001", debit: "0", credit: "10.50" }],
    });
    expect(voucher.json).toMatchObject({ success: true });
    const voucherId = (await rows<{ id: string }>(`select id from bill_voucher where summary = '历史凭证'`))[0]!.id;
    before = await mark();
    expect((await send(finance, "POST", "/billing/voucher/post", { id: voucherId })).json).toMatchObject({ success: true });
    expect(summary(await since(before))).toEqual([`bill_voucher:post:${voucherId}`]);
  });

  it("the history is read by whoever may see the record, in the record's tenant only", async () => {
    const denied = await send(teacher, "GET", `/billing/bill/history?id=rh-b1`);
    expect(denied.json.success).toBe(false);
    const unknown = await send(finance, "GET", `/billing/bill/history?id=nope`);
    expect(unknown.json.success).toBe(false);
  });

  it("a sensitive field's history never holds its clear value, even for a reader who may see it", async () => {
    const admin = await loginToken(server.url);
    const before = await mark();
    const saved = await send(admin, "PUT", "/school/parent/edit", { id: "rh-p1", name: "历史测试家长", phone: "13912345678" });
    expect(saved.json).toMatchObject({ success: true });
    const written = await rows<{ changes: unknown }>(`select changes::text as changes from sys_record_history where id > ${before} and module = 'school_parent'`);
    expect(written).toHaveLength(1);
    expect(String(written[0]!.changes)).not.toContain("13912345678");
    const shown = await send(admin, "GET", `/school/parent/history?id=rh-p1`);
    expect(shown.json.result.at(-1).changes).toEqual([{ field: "phone", label: "手机号", old: null, new: "******" }]);
  });

  it("a masked column's change never shows its value", async () => {
    const [row] = await rows<{ changes: unknown }>(
      `select sys_record_history_changes('{"id":"1","password":"old-hash","name":"a"}', '{"id":"1","password":"new-hash","name":"b"}', '{password}') as changes`,
    );
    const changes = typeof row!.changes === "string" ? JSON.parse(row!.changes) : row!.changes;
    expect(changes).toEqual([
      { field: "name", old: "a", new: "b" },
      { field: "password", old: "******", new: "******" },
    ]);
    // The one-UPDATE path's writer (migration 0950) records the same change, and nothing for a row
    // that did not change.
    const snapshots = `'{"id":"1","password":"old-hash","name":"a","amount":500.00}', '{"id":"1","password":"new-hash","name":"b","amount":500.00}'`;
    const [wrote] = await rows<{ wrote: boolean }>(`select sys_record_history_edit(1, 'rh_masked', 'm1', 'edit', 'tester', null, ${snapshots}, '{password}') as wrote`);
    const [same] = await rows<{ wrote: boolean }>(`select sys_record_history_edit(1, 'rh_masked', 'm2', 'edit', 'tester', null, '{"id":"2","a":1}', '{"id":"2","a":1}', '{}') as wrote`);
    expect([wrote!.wrote, same!.wrote]).toEqual([true, false]);
    const stored = await rows<{ record_id: string; changes: unknown }>(`select record_id, changes from sys_record_history where module = 'rh_masked'`);
    expect(stored.map((entry) => ({ ...entry, changes: typeof entry.changes === "string" ? JSON.parse(entry.changes) : entry.changes }))).toEqual([
      { record_id: "m1", changes: changes },
    ]);
  });
});
