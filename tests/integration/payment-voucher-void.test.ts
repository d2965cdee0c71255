// Payments and vouchers are voided, never deleted (issue #32 item 4, docs/decisions/156): a payment
// recorded by mistake, never allocated nor receipted, is voided (作废) with a reason and keeps its
// number, out of every total; one that was allocated or receipted is reversed (冲销) instead; a
// draft voucher is voided with a reason, a posted one stays; the backend serves no delete of either.
// Both number series have no gap and no repeat when 20 requests record and void at once. PGlite,
// and PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { parentOwingOneBill } from "../support/books";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("payments and vouchers voided, never deleted, on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const payment = (amount: string, extra: Record<string, unknown> = {}) => ({ payerType: "1", payerId: "pv-p1", channel: "4", amount, paidAt: "2026-09-05 10:30:00", ...extra });
  const entries = (amount: string) => [
    { account: "1001 库存现金", debit: amount, credit: "" },
    { account: "6001 学费收入", debit: "", credit: amount },
  ];
  const paymentByTrade = async (tradeNo: string) =>
    (await rows<{ id: string; payment_no: string; status: string; void_reason: string | null; voided_by: string | null }>(
      `select id, payment_no, status, void_reason, voided_by from bill_payment where trade_no = '${tradeNo}'`,
    ))[0]!;
  const voucherBySummary = async (summary: string) =>
    (await rows<{ id: string; voucher_no: string; status: string; void_reason: string | null }>(`select id, voucher_no, status, void_reason from bill_voucher where summary = '${summary}'`))[0]!;
  const historyOf = (module: string, id: string) =>
    rows<{ action: string; reason: string | null }>(`select action, reason from sys_record_history where module = '${module}' and record_id = '${id}' order by id`);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    await parentOwingOneBill(rows, "pv", { parent: "作废测试家长", student: "作废学生" }, "1000.50", "2030-2031");
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("voids a payment recorded by mistake with a reason, keeps its number and takes it out of the totals; others are reversed", async () => {
    expect((await send(finance, "POST", "/billing/payment/add", payment("88.50", { tradeNo: "PV-MISTAKE" }))).json.success).toBe(true);
    const mistake = await paymentByTrade("PV-MISTAKE");
    // No delete at all; no reason, no void; no right, no void.
    expect((await send(finance, "DELETE", `/billing/payment/delete?id=${mistake.id}`)).json.success).toBe(false);
    expect((await send(finance, "DELETE", `/billing/payment/deleteBatch?ids=${mistake.id}`)).json.success).toBe(false);
    expect((await send(finance, "POST", "/billing/payment/void", { id: mistake.id, reason: "  " })).json).toMatchObject({ success: false, message: "请输入作废原因" });
    expect((await send(teacher, "POST", "/billing/payment/void", { id: mistake.id, reason: "无权" })).json.success).toBe(false);
    expect((await paymentByTrade("PV-MISTAKE")).status).toBe("1");

    const voided = await send(finance, "POST", "/billing/payment/void", { id: mistake.id, reason: "重复录入" });
    expect(voided.json).toMatchObject({ success: true, message: "作废成功" });
    expect(await paymentByTrade("PV-MISTAKE")).toEqual({ ...mistake, status: "4", void_reason: "重复录入", voided_by: "finance_wang" });
    expect((await send(finance, "POST", "/billing/payment/void", { id: mistake.id, reason: "再作废" })).json).toMatchObject({ success: false, message: "该付款已作废" });
    expect(await historyOf("bill_payment", mistake.id)).toEqual([
      { action: "add", reason: null },
      { action: "void", reason: "重复录入" },
    ]);
    const listed = await send(finance, "GET", `/billing/payment/list?paymentNo=${mistake.payment_no}`);
    expect(listed.json.result.records[0]).toMatchObject({ paymentNo: mistake.payment_no, status: "4", status_dictText: "已作废", voidReason: "重复录入" });
    // A voided payment is neither edited, allocated nor receipted; the totals leave it out.
    expect((await send(finance, "PUT", "/billing/payment/edit", { id: mistake.id, ...payment("88.50", { remark: "改" }) })).json.success).toBe(false);
    expect((await send(finance, "POST", "/billing/payment/allocate", { id: mistake.id, allocations: [{ billId: "pv-b1", amount: "1" }] })).json.success).toBe(false);
    expect((await send(finance, "POST", "/billing/receipt/issue", { paymentId: mistake.id })).json.success).toBe(false);
    const [tally] = await rows<{ n: number }>(`select count(*)::int as n from bill_payment where id = '${mistake.id}' and status <> '4'`);
    expect(tally!.n).toBe(0);

    // Allocated, or receipted: 冲销, never 作废.
    expect((await send(finance, "POST", "/billing/payment/add", payment("100.25", { tradeNo: "PV-ALLOC", allocations: [{ billId: "pv-b1", amount: "100.25" }] }))).json.success).toBe(true);
    const allocated = await paymentByTrade("PV-ALLOC");
    expect((await send(finance, "POST", "/billing/payment/void", { id: allocated.id, reason: "录错" })).json).toMatchObject({
      success: false,
      message: "已分配或已开收据的付款不能作废，请使用冲销",
    });
    expect((await send(finance, "POST", "/billing/payment/add", payment("20.00", { tradeNo: "PV-RECEIPTED" }))).json.success).toBe(true);
    const receipted = await paymentByTrade("PV-RECEIPTED");
    expect((await send(finance, "POST", "/billing/receipt/issue", { paymentId: receipted.id })).json.success).toBe(true);
    expect((await send(finance, "POST", "/billing/payment/void", { id: receipted.id, reason: "录错" })).json.message).toBe("已分配或已开收据的付款不能作废，请使用冲销");
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: allocated.id, reason: "银行退回" })).json.success).toBe(true);
    expect((await rows(`select paid_amount::text as paid, status from bill_bill where id = 'pv-b1'`))[0]).toEqual({ paid: "0.00", status: "1" });
  });

  it("voids a draft voucher with a reason and keeps its number; a posted one stays", async () => {
    expect((await send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: "作废凭证", entries: entries("10.50") })).json.success).toBe(true);
    expect((await send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: "过账凭证", entries: entries("20.50") })).json.success).toBe(true);
    const draft = await voucherBySummary("作废凭证");
    const posted = await voucherBySummary("过账凭证");
    expect((await send(finance, "DELETE", `/billing/voucher/delete?id=${draft.id}`)).json.success).toBe(false);
    expect((await send(finance, "DELETE", `/billing/voucher/deleteBatch?ids=${draft.id}`)).json.success).toBe(false);
    expect((await send(finance, "POST", "/billing/voucher/void", { id: draft.id })).json).toMatchObject({ success: false, message: "请输入作废原因" });
    expect((await send(teacher, "POST", "/billing/voucher/void", { id: draft.id, reason: "无权" })).json.success).toBe(false);

    expect((await send(finance, "POST", "/billing/voucher/void", { id: draft.id, reason: "科目填错" })).json).toMatchObject({ success: true, message: "作废成功" });
    expect(await voucherBySummary("作废凭证")).toEqual({ ...draft, status: "3", void_reason: "科目填错" });
    expect((await send(finance, "POST", "/billing/voucher/void", { id: draft.id, reason: "再作废" })).json.message).toBe("该凭证已作废");
    expect((await send(finance, "POST", "/billing/voucher/post", { id: draft.id })).json.message).toBe("已作废的凭证不能修改或过账");
    expect((await send(finance, "PUT", "/billing/voucher/edit", { id: draft.id, voucherDate: "2026-09-06", summary: "改了", entries: entries("1") })).json.message).toBe(
      "已作废的凭证不能修改或过账",
    );
    expect(await historyOf("bill_voucher", draft.id)).toEqual([
      { action: "add", reason: null },
      { action: "void", reason: "科目填错" },
    ]);
    const listed = await send(finance, "GET", `/billing/voucher/list?voucherNo=${draft.voucher_no}`);
    expect(listed.json.result.records[0]).toMatchObject({ status: "3", status_dictText: "已作废", voidReason: "科目填错" });

    expect((await send(finance, "POST", "/billing/voucher/post", { id: posted.id })).json.success).toBe(true);
    expect((await send(finance, "POST", "/billing/voucher/void", { id: posted.id, reason: "想作废" })).json.message).toBe("已过账的凭证不能作废，请使用冲销");
    expect((await voucherBySummary("过账凭证")).status).toBe("2");
  });

  it("numbers payments and vouchers without gap or repeat when 20 requests record and void at once", { timeout: 240_000 }, async () => {
    const numberOf = (value: string) => Number(value.slice(-4));
    // Round 1: 20 payments and 20 vouchers recorded at once.
    const first = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => send(finance, "POST", "/billing/payment/add", payment(`${10 + index}.05`, { tradeNo: `PV-C-${String(index).padStart(2, "0")}` }))),
      ...Array.from({ length: 20 }, (_, index) => send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: `并发凭证${index}`, entries: entries(`${index + 1}.05`) })),
    ]);
    expect(first.filter((answer) => !answer.json.success).map((answer) => answer.json.message)).toEqual([]);

    // Round 2: ten of each voided twice at once, while ten more of each are recorded.
    const payments = await rows<{ id: string }>(`select id from bill_payment where trade_no like 'PV-C-%' order by trade_no`);
    const vouchers = await rows<{ id: string }>(`select id from bill_voucher where summary like '并发凭证%' order by voucher_no`);
    const second = await Promise.all([
      ...[...payments.slice(0, 10), ...payments.slice(0, 10)].map((row) => send(finance, "POST", "/billing/payment/void", { id: row.id, reason: "并发作废" })),
      ...[...vouchers.slice(0, 10), ...vouchers.slice(0, 10)].map((row) => send(finance, "POST", "/billing/voucher/void", { id: row.id, reason: "并发作废" })),
      ...Array.from({ length: 10 }, (_, index) => send(finance, "POST", "/billing/payment/add", payment(`${50 + index}.50`, { tradeNo: `PV-D-${String(index).padStart(2, "0")}` }))),
      ...Array.from({ length: 10 }, (_, index) => send(finance, "POST", "/billing/voucher/add", { voucherDate: "2026-09-05", summary: `并发凭证再${index}`, entries: entries("3.50") })),
    ]);
    const messages = second.map((answer) => answer.json.message as string);
    expect(messages.filter((message) => message === "作废成功")).toHaveLength(20);
    expect(messages.filter((message) => message === "该付款已作废")).toHaveLength(10);
    expect(messages.filter((message) => message === "该凭证已作废")).toHaveLength(10);
    expect(second.filter((answer) => !answer.json.success && !/^该(付款|凭证)已作废$/.test(answer.json.message))).toEqual([]);

    // Each series of today (the demo school's are numbered in their own days): every number used
    // once, consecutive, voided ones kept with their reason.
    for (const [table, column] of [
      ["bill_payment", "payment_no"],
      ["bill_voucher", "voucher_no"],
    ] as const) {
      const [latest] = await rows<{ no: string }>(`select ${column} as no from ${table} where create_time > now() - interval '1 hour' order by ${column} desc limit 1`);
      const prefix = latest!.no.slice(0, -4);
      const all = await rows<{ no: string; status: string; reason: string | null }>(
        `select ${column} as no, status, void_reason as reason from ${table} where tenant_id = 1 and ${column} like '${prefix}%' order by ${column}`,
      );
      const series = all.map((row) => numberOf(row.no));
      expect(new Set(series).size).toBe(series.length);
      expect(series).toEqual(Array.from({ length: series.length }, (_, index) => series[0]! + index));
      expect(series.length).toBeGreaterThanOrEqual(30);
      const voided = all.filter((row) => row.reason === "并发作废");
      expect(voided).toHaveLength(10);
      expect(new Set(voided.map((row) => row.status))).toEqual(new Set([table === "bill_payment" ? "4" : "3"]));
    }
  });
});
