// Receipts that are never lost (issue #32 item 4, docs/decisions/106): a receipt is voided (作废)
// with a reason, never deleted; its number stays with its state and the reason; the payment's next
// receipt takes a new number marked 重开; a reprint is a 补打 with its count; and the receipt number
// series has no gap and no repeat when 20 requests issue, void and reissue at once. PGlite, and
// PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("receipts voided, reissued and numbered without gaps on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const paymentIds: string[] = [];

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    await rows(`insert into school_parent (id, tenant_id, name) values ('rc-p1', 1, '收据测试家长')`);
    for (let index = 0; index < 40; index++) {
      const answer = await send(finance, "POST", "/billing/payment/add", {
        payerType: "1",
        payerId: "rc-p1",
        channel: "4",
        amount: `${100 + index}.50`,
        paidAt: "2026-09-05 10:30:00",
        tradeNo: `RC-T-${String(index).padStart(2, "0")}`,
      });
      expect(answer.json.success).toBe(true);
    }
    for (const row of await rows<{ id: string }>(`select id from bill_payment where trade_no like 'RC-T-%' order by trade_no`)) paymentIds.push(row.id);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  const receiptOf = async (paymentId: string) =>
    rows<{ id: string; receipt_no: string; status: string; void_reason: string | null; reissue_of_no: string | null }>(
      `select id, receipt_no, status, void_reason, reissue_of_no from bill_receipt where payment_id = '${paymentId}' order by receipt_no`,
    );

  it("voids a receipt with a reason, keeps its number, reissues it marked 重开, and marks reprints 补打", async () => {
    const paymentId = paymentIds[0]!;
    const issued = await send(finance, "POST", "/billing/receipt/issue", { paymentId });
    expect(issued.json).toMatchObject({ success: true, message: `收据 ${issued.json.result.receiptNo} 已开具` });
    const id = issued.json.result.id as string;
    expect((await send(finance, "POST", "/billing/receipt/print", { id })).json.result.printCount).toBe(1);
    expect((await send(finance, "POST", "/billing/receipt/print", { id })).json.result).toMatchObject({ printCount: 2, reissueOfNo: null });

    // No reason, no void; no right, no void; no delete at all.
    expect((await send(finance, "POST", "/billing/receipt/void", { id })).json).toMatchObject({ success: false, message: "请输入作废原因" });
    expect((await send(teacher, "POST", "/billing/receipt/void", { id, reason: "无权" })).json.success).toBe(false);
    expect((await send(finance, "DELETE", `/billing/receipt/delete?id=${id}`)).json.success).toBe(false);
    expect((await send(finance, "DELETE", `/billing/receipt/deleteBatch?ids=${id}`)).json.success).toBe(false);
    expect((await receiptOf(paymentId)).map((row) => row.status)).toEqual(["1"]);

    const voided = await send(finance, "POST", "/billing/receipt/void", { id, reason: "交款人姓名写错" });
    expect(voided.json).toMatchObject({ success: true, message: "作废成功" });
    expect((await send(finance, "POST", "/billing/receipt/void", { id, reason: "再作废" })).json).toMatchObject({ success: false, message: "该收据已作废" });
    expect((await send(finance, "POST", "/billing/receipt/print", { id })).json).toMatchObject({ success: false, message: "已作废的收据不能打印" });
    const listed = await send(finance, "GET", `/billing/receipt/list?receiptNo=${issued.json.result.receiptNo}`);
    expect(listed.json.result.records[0]).toMatchObject({ receiptNo: issued.json.result.receiptNo, status: "2", status_dictText: "已作废", voidReason: "交款人姓名写错" });

    // 重开 from the voided receipt: a new number, naming the one it replaces.
    const reissued = await send(finance, "POST", "/billing/receipt/issue", { receiptId: id });
    const newNo = reissued.json.result.receiptNo as string;
    expect(reissued.json).toMatchObject({ success: true, message: `收据 ${newNo} 已重开（原收据 ${issued.json.result.receiptNo} 已作废）` });
    expect(newNo > issued.json.result.receiptNo).toBe(true);
    expect((await send(finance, "POST", "/billing/receipt/issue", { paymentId })).json).toMatchObject({ success: false, message: `该付款已开具收据 ${newNo}` });
    expect(await receiptOf(paymentId)).toEqual([
      { id, receipt_no: issued.json.result.receiptNo, status: "2", void_reason: "交款人姓名写错", reissue_of_no: null },
      { id: reissued.json.result.id, receipt_no: newNo, status: "1", void_reason: null, reissue_of_no: issued.json.result.receiptNo },
    ]);
    const printed = await send(finance, "POST", "/billing/receipt/print", { id: reissued.json.result.id });
    expect(printed.json.result).toMatchObject({ printCount: 1, reissueOfNo: issued.json.result.receiptNo });

    // The history keeps the void with its reason and the reissue.
    const history = await rows<{ record_id: string; action: string; reason: string | null }>(
      `select record_id, action, reason from sys_record_history where module = 'bill_receipt' and record_id in ('${id}', '${reissued.json.result.id}') and action in ('void', 'reissue') order by id`,
    );
    expect(history).toEqual([
      { record_id: id, action: "void", reason: "交款人姓名写错" },
      { record_id: reissued.json.result.id, action: "reissue", reason: null },
    ]);
  });

  it("numbers receipts without gap or repeat when 20 requests issue, void and reissue at once", async () => {
    const numberOf = (receiptNo: string) => Number(receiptNo.slice(-4));
    const before = await rows<{ receipt_no: string }>(`select receipt_no from bill_receipt order by receipt_no desc limit 1`);
    // Today's series (the demo school's receipts are numbered in their own days).
    const prefix = before[0]!.receipt_no.slice(0, -4);
    const start = numberOf(before[0]!.receipt_no);
    const batch = paymentIds.slice(1, 21);

    // Round 1: 20 payments receipted at once, and each asked twice: exactly one receipt each.
    const first = await Promise.all([...batch, ...batch].map((paymentId) => send(finance, "POST", "/billing/receipt/issue", { paymentId })));
    expect(first.filter((answer) => answer.json.success)).toHaveLength(20);
    for (const refused of first.filter((answer) => !answer.json.success)) expect(refused.json.message).toMatch(/^该付款已开具收据 RC\d{12}$/);

    // Round 2: ten receipts voided while ten more payments are receipted, all at once.
    const issued = new Map<string, string>();
    for (const paymentId of batch) issued.set(paymentId, (await receiptOf(paymentId))[0]!.id);
    const voiding = batch.slice(0, 10);
    const second = await Promise.all([
      ...voiding.map((paymentId) => send(finance, "POST", "/billing/receipt/void", { id: issued.get(paymentId), reason: "并发作废" })),
      ...paymentIds.slice(21, 31).map((paymentId) => send(finance, "POST", "/billing/receipt/issue", { paymentId })),
    ]);
    expect(second.map((answer) => answer.json.message).filter((message) => !/^(作废成功|收据 RC\d{12} 已开具)$/.test(message))).toEqual([]);

    // Round 3: each voided receipt reissued twice at once: one new receipt per payment.
    const third = await Promise.all([...voiding, ...voiding].map((paymentId) => send(finance, "POST", "/billing/receipt/issue", { receiptId: issued.get(paymentId) })));
    expect(third.filter((answer) => answer.json.success)).toHaveLength(10);

    // The series: every number from start+1 on is used exactly once, in order, with no gap.
    const all = await rows<{ receipt_no: string; payment_id: string; status: string }>(`select receipt_no, payment_id, status from bill_receipt order by receipt_no`);
    const series = all.filter((row) => row.receipt_no.startsWith(prefix)).map((row) => numberOf(row.receipt_no)).filter((value) => value > start);
    expect(series).toEqual(Array.from({ length: 40 }, (_, index) => start + 1 + index));
    expect(new Set(all.map((row) => row.receipt_no)).size).toBe(all.length);
    // One live receipt per payment; each voided one kept, with its reason.
    const live = await rows<{ payment_id: string; n: number }>(`select payment_id, count(*)::int as n from bill_receipt where status = '1' group by payment_id having count(*) > 1`);
    expect(live).toEqual([]);
    for (const paymentId of voiding) {
      const receipts = await receiptOf(paymentId);
      expect(receipts.map((row) => [row.status, row.void_reason, row.reissue_of_no === null])).toEqual([
        ["2", "并发作废", true],
        ["1", null, false],
      ]);
    }
  });
});
