// 付款, 收据, 凭证 through the real backend (issue #13 part 1): a payment allocated over two bills
// moves their statuses and the receivable in one transaction; neither a payment nor a bill is ever
// over-allocated, also with 20 cashiers allocating to one bill at once; 冲销 restores the bills;
// receipts carry the amount in capitals and count their prints; vouchers balance to the fen and
// 过账 locks them against edit and delete. PGlite, and PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("payments, receipts and vouchers on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const bill = async (id: string) => (await rows<{ status: string; paid: string }>(`select status, paid_amount::text as paid from bill_bill where id = '${id}'`))[0];
  const receivable = async () => (await rows<{ received: string; status: string }>(`select received_amount::text as received, status from bill_receivable where id = 'pt-r1'`))[0];
  const payment = (amount: string, extra: Record<string, unknown> = {}) => ({
    payerType: "1",
    payerId: "pt-p1",
    channel: "3",
    amount,
    paidAt: "2026-09-05 10:30:00",
    ...extra,
  });

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    // A parent paying for two children: a receivable with their two bills, and a third bill that
    // twenty cashiers race for.
    await rows(`insert into school_parent (id, tenant_id, name) values ('pt-p1', 1, '付款测试家长')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status) values
      ('pt-s1', 1, 'PT01', '付款学生一', '1'), ('pt-s2', 1, 'PT02', '付款学生二', '1'), ('pt-s3', 1, 'PT03', '付款学生三', '1')`);
    await rows(`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, payer_name, period, total_amount)
      values ('pt-r1', 1, 'PT-AR1', '1', 'pt-p1', '付款测试家长', '2030-2031-1', 3000.50)`);
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, payer_type, payer_id, receivable_id) values
      ('pt-b1', 1, 'PT-B1', 'pt-s1', '2030-2031', '1', 1000.25, 1000.25, '1', 'pt-p1', 'pt-r1'),
      ('pt-b2', 1, 'PT-B2', 'pt-s2', '2030-2031', '1', 2000.25, 2000.25, '1', 'pt-p1', 'pt-r1'),
      ('pt-b3', 1, 'PT-B3', 'pt-s3', '2030-2031', '1', 5000.50, 5000.50, '1', 'pt-p1', null)`);
  });

  afterAll(async () => {
    await server?.close();
  });

  let firstPayment = "";

  it("records a payment allocated over two bills: one paid in full, one in part, and the receivable follows", async () => {
    const answer = await send(finance, "POST", "/billing/payment/add", {
      ...payment("1500.25", { tradeNo: "WX-OUT-1" }),
      allocations: [
        { billId: "pt-b1", amount: "1000.25" },
        { billId: "pt-b2", amount: "500" },
      ],
    });
    expect(answer.json).toMatchObject({ success: true });
    const [stored] = await rows<{ id: string; payment_no: string; payer_name: string; allocated: string; status: string }>(
      `select id, payment_no, payer_name, allocated_amount::text as allocated, status from bill_payment where trade_no = 'WX-OUT-1'`,
    );
    firstPayment = stored!.id;
    expect(stored).toMatchObject({ payer_name: "付款测试家长", allocated: "1500.25", status: "3" });
    expect(stored!.payment_no).toMatch(/^PM\d{8}\d{4}$/);
    expect(await bill("pt-b1")).toEqual({ status: "3", paid: "1000.25" });
    expect(await bill("pt-b2")).toEqual({ status: "2", paid: "500.00" });
    expect(await receivable()).toEqual({ received: "1500.25", status: "2" });
    const grid = await send(finance, "GET", `/billing/payment/allocations?paymentId=${firstPayment}`);
    expect(grid.json.result).toEqual([
      { billId: "pt-b1", billNo: "PT-B1", amount: "1000.25", billId_dictText: "PT-B1 付款学生一 2030-2031-1" },
      { billId: "pt-b2", billNo: "PT-B2", amount: "500.00", billId_dictText: "PT-B2 付款学生二 2030-2031-1" },
    ]);
  });

  it("refuses to allocate more than the payment holds or the bill owes, and writes nothing", async () => {
    const over = await send(finance, "POST", "/billing/payment/add", { ...payment("100", { tradeNo: "OVER-1" }), allocations: [{ billId: "pt-b2", amount: "100.01" }] });
    expect(over.json).toMatchObject({ success: false, message: "分配合计 100.01 超过付款金额 100.00" });
    const owed = await send(finance, "POST", "/billing/payment/add", { ...payment("2000", { tradeNo: "OVER-2" }), allocations: [{ billId: "pt-b2", amount: "1500.26" }] });
    expect(owed.json).toMatchObject({ success: false, message: "账单 PT-B2 最多还可分配 1500.25" });
    const paidBill = await send(finance, "POST", "/billing/payment/add", { ...payment("10", { tradeNo: "OVER-3" }), allocations: [{ billId: "pt-b1", amount: "0.01" }] });
    expect(paidBill.json).toMatchObject({ success: false, message: "账单 PT-B1 最多还可分配 0.00" });
    expect(await rows(`select id from bill_payment where trade_no like 'OVER-%'`)).toEqual([]);
    expect(await bill("pt-b2")).toEqual({ status: "2", paid: "500.00" });
    // An edit may not take the amount below what is allocated.
    const shrink = await send(finance, "PUT", "/billing/payment/edit", { id: firstPayment, ...payment("1000") });
    expect(shrink.json).toMatchObject({ success: false, message: "付款金额不能小于已分配金额 1500.25" });
  });

  it("never over-allocates a bill when 20 cashiers allocate to it at once", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      const answer = await send(finance, "POST", "/billing/payment/add", payment("1000", { tradeNo: `RACE-${index}` }));
      expect(answer.json.success).toBe(true);
    }
    for (const row of await rows<{ id: string }>(`select id from bill_payment where trade_no like 'RACE-%' order by trade_no`)) ids.push(row.id);
    const answers = await Promise.all(ids.map((id) => send(finance, "POST", "/billing/payment/allocate", { id, allocations: [{ billId: "pt-b3", amount: "1000" }] })));
    // 5000.50 owed: five allocations of 1000 fit, the sixth would exceed it.
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(5);
    for (const refused of answers.filter((answer) => !answer.json.success)) expect(refused.json.message).toBe("账单 PT-B3 最多还可分配 0.50");
    expect(await bill("pt-b3")).toEqual({ status: "2", paid: "5000.00" });
    const [sum] = await rows<{ total: string; n: number }>(`select sum(amount)::text as total, count(*)::int as n from bill_payment_allocation where bill_id = 'pt-b3'`);
    expect(sum).toEqual({ total: "5000.00", n: 5 });
    const statuses = await rows<{ status: string; n: number }>(`select status, count(*)::int as n from bill_payment where trade_no like 'RACE-%' group by status order by status`);
    expect(statuses).toEqual([
      { status: "1", n: 15 },
      { status: "3", n: 5 },
    ]);
  });

  it("checks each action's permission on the backend", async () => {
    expect((await send(teacher, "POST", "/billing/payment/add", payment("1"))).json.success).toBe(false);
    expect((await send(teacher, "POST", "/billing/payment/allocate", { id: firstPayment, allocations: [] })).json.success).toBe(false);
    expect((await send(teacher, "POST", "/billing/payment/reverse", { id: firstPayment, reason: "无权" })).json.success).toBe(false);
    expect((await send(teacher, "POST", "/billing/receipt/issue", { paymentId: firstPayment })).json.success).toBe(false);
    expect((await send(teacher, "POST", "/billing/voucher/post", { id: "x" })).json.success).toBe(false);
    expect(await bill("pt-b1")).toEqual({ status: "3", paid: "1000.25" });
  });

  it("issues one receipt per payment, numbered, with the amount in capitals, and counts its prints", async () => {
    const issued = await send(finance, "POST", "/billing/receipt/issue", { paymentId: firstPayment });
    expect(issued.json).toMatchObject({ success: true });
    expect(issued.json.result.receiptNo).toMatch(/^RC\d{8}\d{4}$/);
    const again = await send(finance, "POST", "/billing/receipt/issue", { paymentId: firstPayment });
    expect(again.json).toMatchObject({ success: false, message: `该付款已开具收据 ${issued.json.result.receiptNo}` });
    const first = await send(finance, "POST", "/billing/receipt/print", { id: issued.json.result.id });
    expect(first.json.result).toMatchObject({ amount: "1500.25", amountInWords: "壹仟伍佰元贰角伍分", payerName: "付款测试家长", printCount: 1, tradeNo: "WX-OUT-1" });
    expect(first.json.result.bills.map((row: { billNo: string }) => row.billNo)).toEqual(["PT-B1", "PT-B2"]);
    // One clock (issue #32 item 3): the print view's times are the lists' times, to the second.
    const listed = await send(finance, "GET", `/billing/receipt/list?receiptNo=${issued.json.result.receiptNo}`);
    expect(first.json.result.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(first.json.result.issuedAt).toBe(listed.json.result.records[0].issuedAt);
    const payments = await send(finance, "GET", `/billing/payment/list?tradeNo=WX-OUT-1`);
    expect(first.json.result.paidAt).toBe(payments.json.result.records[0].paidAt);
    const second = await send(finance, "POST", "/billing/receipt/print", { id: issued.json.result.id });
    expect(second.json.result.printCount).toBe(2);
  });

  it("冲销 restores the bills' statuses and the receivable, and a reversed payment is not allocated again", async () => {
    // 冲销 takes a reason (issue #32 item 4): none is refused and changes nothing.
    const bare = await send(finance, "POST", "/billing/payment/reverse", { id: firstPayment });
    expect(bare.json).toMatchObject({ success: false, message: "请输入冲销原因" });
    expect(await bill("pt-b1")).toEqual({ status: "3", paid: "1000.25" });
    const answer = await send(finance, "POST", "/billing/payment/reverse", { id: firstPayment, reason: "付款方录错" });
    expect(answer.json).toMatchObject({ success: true, message: "冲销成功" });
    // A reversed payment has nothing allocated any more (its allocation rows stay as its record).
    const [reversed] = await rows<{ allocated: string; status: string }>(`select allocated_amount::text as allocated, status from bill_payment where id = '${firstPayment}'`);
    expect(reversed).toEqual({ allocated: "0.00", status: "4" });
    expect(await rows(`select bill_id from bill_payment_allocation where payment_id = '${firstPayment}' order by bill_id`)).toEqual([{ bill_id: "pt-b1" }, { bill_id: "pt-b2" }]);
    expect(await bill("pt-b1")).toEqual({ status: "1", paid: "0.00" });
    expect(await bill("pt-b2")).toEqual({ status: "1", paid: "0.00" });
    expect(await receivable()).toEqual({ received: "0.00", status: "1" });
    const again = await send(finance, "POST", "/billing/payment/allocate", { id: firstPayment, allocations: [{ billId: "pt-b1", amount: "1" }] });
    expect(again.json).toMatchObject({ success: false, message: "已冲销的付款不能修改或分配" });
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: firstPayment, reason: "再冲一次" })).json.message).toBe("该付款已冲销");
    // The bill keeps the reversed allocation as history: it is voided, not deleted.
    expect((await send(finance, "DELETE", "/billing/bill/delete?id=pt-b1")).json).toMatchObject({ success: false, message: "已有付款的账单不能删除，请使用作废" });
  });

  it("refuses a voucher whose debits and credits differ, naming both sums, and saves a balanced one", async () => {
    const entries = [
      { account: "1002 银行存款", debit: "1500.25", credit: "" },
      { account: "6001 学费收入", debit: "", credit: "1500.24" },
    ];
    const refused = await send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: "收学费", entries });
    expect(refused.json).toMatchObject({ success: false, message: "借贷不平衡：借方合计 1500.25，贷方合计 1500.24" });
    entries[1]!.credit = "1500.25";
    const saved = await send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: "收学费", entries });
    expect(saved.json).toMatchObject({ success: true });
    const [voucher] = await rows<{ id: string; voucher_no: string; debit: string; credit: string; status: string }>(
      `select id, voucher_no, debit_total::text as debit, credit_total::text as credit, status from bill_voucher where summary = '收学费'`,
    );
    expect(voucher).toMatchObject({ debit: "1500.25", credit: "1500.25", status: "1" });
    expect(voucher!.voucher_no).toMatch(/^JZ\d{6}\d{4}$/);
    const lines = await send(finance, "GET", `/billing/voucher/entries?voucherId=${voucher!.id}`);
    expect(lines.json.result).toEqual([
      { account: "1002 银行存款", debit: "1500.25", credit: "", remark: "" },
      { account: "6001 学费收入", debit: "", credit: "1500.25", remark: "" },
    ]);
  });

  it("过账 locks a voucher: the backend refuses its edit, delete and void", async () => {
    const [voucher] = await rows<{ id: string }>(`select id from bill_voucher where summary = '收学费'`);
    const id = voucher!.id;
    expect((await send(finance, "POST", "/billing/voucher/post", { id })).json).toMatchObject({ success: true });
    const entries = [
      { account: "1001 库存现金", debit: "1", credit: "" },
      { account: "6001 学费收入", debit: "", credit: "1" },
    ];
    const edit = await send(finance, "PUT", "/billing/voucher/edit", { id, voucherDate: "2026-09-06", summary: "改了", entries });
    expect(edit.json).toMatchObject({ success: false, message: "已过账的凭证不能修改" });
    // Nothing numbered is deleted (docs/decisions/156), and a posted voucher is not voided either.
    expect((await send(finance, "DELETE", `/billing/voucher/delete?id=${id}`)).json.success).toBe(false);
    expect((await send(finance, "POST", "/billing/voucher/void", { id, reason: "想删掉" })).json).toMatchObject({ success: false, message: "已过账的凭证不能作废，请使用冲销" });
    expect(await rows(`select summary from bill_voucher where id = '${id}'`)).toEqual([{ summary: "收学费" }]);
    expect((await send(finance, "POST", "/billing/voucher/post", { id })).json.message).toBe("该凭证已过账");
  });
});
