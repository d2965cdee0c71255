// Activity fees are their own bills, and a paid sign-up's cancellation is a refund (issue #32 item 6,
// docs/decisions/138), through the real backend on PGlite and PostgreSQL:
//  - 确认 of a sign-up with a fee creates its own activity bill for the student's payer and that
//    payer's receivable; the term's bill (paid) is not touched; a student without a payer is refused;
//  - 取消 of an unpaid one voids the bill with its reason and frees the place;
//  - 取消 of a paid (or partly paid) one refunds what was paid: a negative payment allocated back to
//    the bill, receipted, with history rows; only for whoever holds 退费 (bill:refund); the payments
//    that paid it can no longer be reversed or moved; 退费 on 账单 does the same for finance;
//  - 20 and more cancellations, confirmations, sign-ups and a payment at once keep the places and
//    the money exact (tests/support/books.ts after the race).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { booksProblems } from "../support/books";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace("T", " ");
const STUDENTS = Array.from({ length: 24 }, (_, index) => `ab-s${index}`);

describe.each(databases)("activity bills and refunds on %s", (kind) => {
  let server: TestBackend;
  let office: string;
  let finance: string;
  let principal: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const books = () => booksProblems(rows, "ab-");

  let activities = 0;
  async function openActivity(capacity: number, fee: string) {
    const title = `退费测试${++activities}`;
    const body = { title, type: "1", startTime: inDays(10), signupDeadline: inDays(5), capacity: String(capacity), fee, content: "<p>内容</p>" };
    expect((await send(office, "POST", "/activity/activity/add", body)).json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string }>(`select id from act_activity where title = '${title}'`);
    expect((await send(office, "POST", "/activity/activity/open", { id: row!.id })).json).toMatchObject({ success: true });
    return row!.id;
  }
  async function signUp(activityId: string, studentId: string) {
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId })).json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${activityId}' and student_id = '${studentId}' and status <> '3'`);
    return row!.id;
  }
  const signupRow = async (id: string) =>
    (await rows<{ status: string; bill_id: string | null; refund_payment_id: string | null }>(`select status, bill_id, refund_payment_id from act_signup where id = '${id}'`))[0]!;
  const billRow = async (id: string) =>
    (
      await rows<{ bill_no: string; kind: string; status: string; payable: string; paid: string; payer_type: string; payer_id: string; receivable_id: string; school_year: string; term: string }>(
        `select bill_no, kind, status, payable::text as payable, paid_amount::text as paid, payer_type, payer_id, receivable_id, school_year, term from bill_bill where id = '${id}'`,
      )
    )[0]!;
  const pay = (billId: string, payerId: string, amount: string) =>
    send(finance, "POST", "/billing/payment/add", { payerType: "1", payerId, channel: "3", amount, paidAt: inDays(0), allocations: [{ billId, amount }] });

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    // 教务 and 财务 both: cancels sign-ups and holds 退费.
    principal = await loginToken(server.url, "principal_zhang", TEST_DEMO_PASSWORD);
    await rows(`insert into school_parent (id, tenant_id, name) values ${STUDENTS.map((_, index) => `('ab-p${index}', 1, '退费家长${index}')`).join(", ")}`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, sex, grade, status) values ${STUDENTS.map((id, index) => `('${id}', 1, 'AB${String(index).padStart(2, "0")}', '退费学生${index}', '1', '1', '1')`).join(", ")}`);
    // Every student but ab-s0 has a paying parent.
    await rows(`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer, sort_no) values ${STUDENTS.map((id, index) => `('ab-sp${index}', 1, '${id}', 'ab-p${index}', '1', ${index > 0}, 0)`).join(", ")}`);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("confirms a sign-up with a fee onto its own activity bill for the student's payer, never the term's bill", async () => {
    // The term's bill of the activity's term, paid in full.
    const activityId = await openActivity(5, "123.45");
    const signupId = await signUp(activityId, "ab-s1");
    const confirmed = await send(office, "POST", "/activity/signup/confirm", { id: signupId });
    expect(confirmed.json.message).toMatch(/^确认成功，已生成活动账单 BL\d+$/);
    const activityBill = await billRow((await signupRow(signupId)).bill_id!);
    expect(activityBill).toMatchObject({ kind: "2", status: "1", payable: "123.45", paid: "0.00", payer_type: "1", payer_id: "ab-p1" });

    // A term's bill for the same term, made after the activity's, and paid: a second activity leaves it alone.
    const term = await send(finance, "POST", "/billing/bill/add", {
      studentId: "ab-s1", schoolYear: activityBill.school_year, term: activityBill.term, items: [{ name: "学费", quantity: "1", unitPrice: "1000.00" }],
    });
    expect(term.json).toMatchObject({ success: true });
    const [termBill] = await rows<{ id: string }>(`select id from bill_bill where student_id = 'ab-s1' and kind = '1' and status <> '4'`);
    expect((await pay(termBill!.id, "ab-p1", "1000.00")).json).toMatchObject({ success: true });
    const second = await signUp(await openActivity(5, "10.05"), "ab-s1");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: second })).json.success).toBe(true);
    const secondBill = await billRow((await signupRow(second)).bill_id!);
    expect(secondBill).toMatchObject({ kind: "2", status: "1", payable: "10.05" });
    expect(await billRow(termBill!.id)).toMatchObject({ kind: "1", status: "3", payable: "1000.00", paid: "1000.00" });
    // All three under the payer's one receivable of the term.
    expect(new Set([activityBill.receivable_id, secondBill.receivable_id, (await billRow(termBill!.id)).receivable_id])).toHaveLength(1);
    const [receivable] = await rows<{ total: string; received: string }>(
      `select total_amount::text as total, received_amount::text as received from bill_receivable where id = '${activityBill.receivable_id}'`,
    );
    expect(receivable).toEqual({ total: "1133.50", received: "1000.00" });

    // The sign-up list names its bill (the page links it to 账单's 详情).
    const list = await send(office, "GET", `/activity/signup/list?activityId=${activityId}`);
    expect(list.json.result.records).toEqual([expect.objectContaining({ id: signupId, billId: (await signupRow(signupId)).bill_id, billNo: activityBill.bill_no })]);
    // An activity's bill is its sign-up's: not voided, edited or deleted from 账单.
    const billId = (await signupRow(signupId)).bill_id!;
    expect((await send(finance, "POST", "/billing/bill/void", { id: billId, reason: "手工作废" })).json.message).toBe("活动账单随报名取消作废，请在报名中取消报名，或使用退费");
    expect((await send(finance, "DELETE", `/billing/bill/delete?id=${billId}`)).json.message).toBe("活动账单随报名确认生成，不能修改或删除；请在报名中取消报名，或使用退费");

    // A student without a payer is refused, in the spec's words; the sign-up stays pending.
    const payerless = await signUp(activityId, "ab-s0");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: payerless })).json.message).toBe(
      "学生 退费学生0 无付款人（付款家长或付费企业），不能确认收费活动的报名，请先在学生档案中设置",
    );
    expect(await signupRow(payerless)).toMatchObject({ status: "1", bill_id: null });
    expect(await books()).toEqual([]);
  });

  it("voids an unpaid sign-up's activity bill with its reason when cancelled, and frees the place", async () => {
    const activityId = await openActivity(1, "66.60");
    const signupId = await signUp(activityId, "ab-s2");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signupId })).json.success).toBe(true);
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId: "ab-s3" })).json.message).toBe("名额已满，已加入候补，第1位");
    const billId = (await signupRow(signupId)).bill_id!;
    expect((await send(office, "POST", "/activity/signup/cancel", { id: signupId })).json.message).toBe("取消成功，候补1人已转为正式报名并通知家长");
    expect(await billRow(billId)).toMatchObject({ status: "4", paid: "0.00" });
    expect(await rows(`select action, reason from sys_record_history where module = 'bill_bill' and record_id = '${billId}' order by id`)).toEqual([
      { action: "add", reason: null },
      { action: "void", reason: "报名取消" },
    ]);
    // The freed place went to the one waiting (docs/decisions/162).
    expect(await rows(`select status from act_signup where activity_id = '${activityId}' and student_id = 'ab-s3'`)).toEqual([{ status: "1" }]);
    expect(await books()).toEqual([]);
  });

  it("refunds a paid sign-up when cancelled by whoever holds 退费: a negative payment, receipted, with history", async () => {
    const activityId = await openActivity(1, "123.45");
    const signupId = await signUp(activityId, "ab-s4");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signupId })).json.success).toBe(true);
    const billId = (await signupRow(signupId)).bill_id!;
    // Partly paid.
    const paid = await pay(billId, "ab-p4", "100.00");
    expect(paid.json).toMatchObject({ success: true });
    const [payment] = await rows<{ id: string }>(`select id from bill_payment where payer_id = 'ab-p4' and kind = '1'`);

    const cancelled = await send(principal, "POST", "/activity/signup/cancel", { id: signupId });
    expect(cancelled.json.message).toMatch(/^取消成功，已退费 100\.00（退费单 PM\d+，收据 \S+）$/);
    const signup = await signupRow(signupId);
    expect(signup).toMatchObject({ status: "3", refund_payment_id: expect.any(String) });
    const [refund] = await rows<{ payment_no: string; kind: string; amount: string; allocated: string; status: string; payer_type: string; payer_id: string; channel: string }>(
      `select payment_no, kind, amount::text as amount, allocated_amount::text as allocated, status, payer_type, payer_id, channel from bill_payment where id = '${signup.refund_payment_id}'`,
    );
    expect(refund).toMatchObject({ kind: "2", amount: "-100.00", allocated: "-100.00", status: "3", payer_type: "1", payer_id: "ab-p4", channel: "3" });
    expect(await rows(`select amount::text as amount from bill_payment_allocation where payment_id = '${signup.refund_payment_id}'`)).toEqual([{ amount: "-100.00" }]);
    expect(await rows(`select amount::text as amount, amount_in_words as words, status from bill_receipt where payment_id = '${signup.refund_payment_id}'`)).toEqual([
      { amount: "-100.00", words: "壹佰元整", status: "1" },
    ]);
    expect(await billRow(billId)).toMatchObject({ status: "4", paid: "0.00" });
    // The list shows the refund; the place is free.
    const list = await send(principal, "GET", `/activity/signup/list?activityId=${activityId}`);
    expect(list.json.result.records).toEqual([expect.objectContaining({ id: signupId, refundNo: refund!.payment_no, refundAmount: "100.00" })]);
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId: "ab-s5" })).json).toMatchObject({ success: true });

    // History: the bill voided with its reason and its paid amount taken back; the refund added; its receipt issued.
    expect(await rows(`select action, reason from sys_record_history where module = 'bill_bill' and record_id = '${billId}' order by id`)).toEqual([
      { action: "add", reason: null },
      { action: "allocate", reason: null },
      { action: "void", reason: "报名取消" },
      { action: "refund", reason: "报名取消" },
    ]);
    expect(await rows(`select action, reason from sys_record_history where module = 'bill_payment' and record_id = '${signup.refund_payment_id}' order by id`)).toEqual([
      { action: "refund", reason: "报名取消" },
    ]);
    expect(await rows(`select h.action from sys_record_history h join bill_receipt r on r.id = h.record_id where h.module = 'bill_receipt' and r.payment_id = '${signup.refund_payment_id}'`)).toEqual([
      { action: "issue" },
    ]);

    // The payment that paid it keeps its allocation, naming the refund to reverse first; the refund is never edited.
    const refunded = `账单 ${(await billRow(billId)).bill_no} 已退费（退费单 ${refund!.payment_no}），其付款不能冲销或改变分配；如该笔退费未实际支付，请先冲销退费单 ${refund!.payment_no}`;
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: payment!.id, reason: "冲销" })).json.message).toBe(refunded);
    expect((await send(finance, "POST", "/billing/payment/allocate", { id: payment!.id, allocations: [] })).json.message).toBe(refunded);
    expect((await send(finance, "PUT", "/billing/payment/edit", { id: signup.refund_payment_id, remark: "改" })).json.message).toBe("退费记录不能修改或分配");
    expect((await send(finance, "POST", "/billing/payment/allocate", { id: signup.refund_payment_id, allocations: [] })).json.message).toBe("退费记录不能修改或分配");
    expect(await books()).toEqual([]);
  });

  it("leaves a paid sign-up cancelled by someone without 退费 as 待退费: the place freed, the unpaid remainder waived, the paid part for 财务", async () => {
    const activityId = await openActivity(1, "88.80");
    const signupId = await signUp(activityId, "ab-s7");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signupId })).json.success).toBe(true);
    const billId = (await signupRow(signupId)).bill_id!;
    expect((await pay(billId, "ab-p7", "40.00")).json).toMatchObject({ success: true });
    const billNo = (await billRow(billId)).bill_no;

    // 教务 cancels (no 退费): the sign-up is cancelled and the place freed; nothing is owed any more.
    expect((await send(office, "POST", "/activity/signup/cancel", { id: signupId })).json.message).toBe(`取消成功，已缴 40.00 待财务退费（账单 ${billNo}）`);
    expect(await signupRow(signupId)).toMatchObject({ status: "3", refund_payment_id: null });
    expect(await billRow(billId)).toMatchObject({ status: "3", payable: "40.00", paid: "40.00" });
    expect(await rows(`select name, amount::text as amount, kind from bill_bill_item where bill_id = '${billId}' order by sort_no`)).toEqual([
      { name: expect.stringMatching(/^活动：/), amount: "88.80", kind: null },
      { name: "减免：报名已取消，未缴部分免收", amount: "-48.80", kind: "reduction" },
    ]);
    expect(await rows(`select action, reason from sys_record_history where module = 'bill_bill' and record_id = '${billId}' order by id`)).toEqual([
      { action: "add", reason: null },
      { action: "allocate", reason: null },
      { action: "reduce", reason: "报名已取消，未缴部分免收" },
    ]);
    const [receivable] = await rows<{ open: string }>(
      `select (total_amount - received_amount)::text as open from bill_receivable where id = '${(await billRow(billId)).receivable_id}'`,
    );
    expect(receivable!.open).toBe("0.00");
    const list = await send(office, "GET", `/activity/signup/list?activityId=${activityId}`);
    expect(list.json.result.records).toEqual([expect.objectContaining({ id: signupId, refundDue: "40.00", remark: `报名已取消，费用已缴（账单 ${billNo}），待退费` })]);
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId: "ab-s8" })).json).toMatchObject({ success: true });
    expect(await books()).toEqual([]);

    // 财务 refunds what was paid.
    expect((await send(finance, "POST", "/activity/signup/refund", { id: billId, reason: "报名取消退费" })).json.message).toMatch(/^退费成功，已退费 40\.00（退费单 PM\d+，收据 \S+）$/);
    expect(await billRow(billId)).toMatchObject({ status: "4", paid: "0.00" });
    expect(await signupRow(signupId)).toMatchObject({ status: "3", refund_payment_id: expect.any(String) });
    expect(await books()).toEqual([]);
  });

  it("reverses a refund whose money never went out, then the payments that paid its bill, exactly", async () => {
    const activityId = await openActivity(3, "100.00");
    const signupId = await signUp(activityId, "ab-s9");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signupId })).json.success).toBe(true);
    const billId = (await signupRow(signupId)).bill_id!;
    const activityBill = await billRow(billId);
    // The term's bill of the same term, and a split payment over both; a second payment on the activity.
    expect((await send(finance, "POST", "/billing/bill/add", {
      studentId: "ab-s9", schoolYear: activityBill.school_year, term: activityBill.term, items: [{ name: "学费", quantity: "1", unitPrice: "500.00" }],
    })).json).toMatchObject({ success: true });
    const [termBill] = await rows<{ id: string }>(`select id from bill_bill where student_id = 'ab-s9' and kind = '1' and status <> '4'`);
    const split = await send(finance, "POST", "/billing/payment/add", {
      payerType: "1", payerId: "ab-p9", channel: "3", amount: "540.00", paidAt: inDays(0),
      allocations: [{ billId: termBill!.id, amount: "500.00" }, { billId, amount: "40.00" }],
    });
    expect(split.json).toMatchObject({ success: true });
    expect((await pay(billId, "ab-p9", "30.00")).json).toMatchObject({ success: true });
    const [splitPayment, secondPayment] = await rows<{ id: string }>(`select id from bill_payment where payer_id = 'ab-p9' and kind = '1' order by amount desc`);
    const cancelled = await send(principal, "POST", "/activity/signup/cancel", { id: signupId });
    expect(cancelled.json.message).toMatch(/^取消成功，已退费 70\.00/);
    const refundId = (await signupRow(signupId)).refund_payment_id!;
    const [refund] = await rows<{ payment_no: string }>(`select payment_no from bill_payment where id = '${refundId}'`);

    // The split payment is refused, naming the refund to reverse first.
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: splitPayment!.id, reason: "转账退回" })).json.message).toBe(
      `账单 ${activityBill.bill_no} 已退费（退费单 ${refund!.payment_no}），其付款不能冲销或改变分配；如该笔退费未实际支付，请先冲销退费单 ${refund!.payment_no}`,
    );
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: refundId })).json.message).toBe("请输入冲销原因");

    // The refund's 冲销: the bill holds its 70.00 again, awaiting the refund (the open 30.00 waived).
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: refundId, reason: "退费未实际支付" })).json.message).toBe("冲销成功");
    expect(await rows(`select status, allocated_amount::text as allocated from bill_payment where id = '${refundId}'`)).toEqual([{ status: "4", allocated: "0.00" }]);
    expect(await billRow(billId)).toMatchObject({ status: "3", payable: "70.00", paid: "70.00" });
    expect(await signupRow(signupId)).toMatchObject({ status: "3", refund_payment_id: null });
    expect(await books()).toEqual([]);
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: refundId, reason: "再冲" })).json.message).toBe("该付款已冲销");

    // Now the split payment reverses: the term's bill owes its 500.00 again, the activity bill keeps 30.00 to refund.
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: splitPayment!.id, reason: "转账退回" })).json.message).toBe("冲销成功");
    expect(await billRow(termBill!.id)).toMatchObject({ status: "1", paid: "0.00", payable: "500.00" });
    expect(await billRow(billId)).toMatchObject({ status: "3", payable: "30.00", paid: "30.00" });
    expect(await books()).toEqual([]);

    // The second payment reversed too: nothing left to refund, the bill is voided.
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: secondPayment!.id, reason: "重复录入" })).json.message).toBe("冲销成功");
    expect(await billRow(billId)).toMatchObject({ status: "4", paid: "0.00" });
    expect(await rows(`select action, reason from sys_record_history where module = 'bill_bill' and record_id = '${billId}' and action in ('void', 'reduce') order by id`)).toEqual([
      { action: "void", reason: "报名取消" },
      { action: "reduce", reason: "报名已取消，未缴部分免收" },
      { action: "reduce", reason: "报名已取消，未缴部分免收" },
      { action: "void", reason: "报名已取消，无已缴费用" },
    ]);
    const [receivable] = await rows<{ total: string; received: string }>(
      `select total_amount::text as total, received_amount::text as received from bill_receivable where id = '${activityBill.receivable_id}'`,
    );
    expect(receivable).toEqual({ total: "500.00", received: "0.00" });
    expect(await books()).toEqual([]);
  });

  it("lets finance refund a paid activity bill from 账单 after the activity was cancelled", async () => {
    const activityId = await openActivity(3, "50.00");
    const signupId = await signUp(activityId, "ab-s6");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signupId })).json.success).toBe(true);
    const billId = (await signupRow(signupId)).bill_id!;
    expect((await pay(billId, "ab-p6", "50.00")).json).toMatchObject({ success: true });
    // 教务 cancels the activity without the right to refund: the paid bill stays, a refund to do.
    const billNo = (await billRow(billId)).bill_no;
    expect((await send(office, "POST", "/activity/activity/cancel", { id: activityId })).json.message).toBe(`取消成功，已取消1个报名；1张账单已缴费，请办理退款：${billNo}`);
    expect(await billRow(billId)).toMatchObject({ status: "3", paid: "50.00" });
    expect(await books()).toEqual([]);

    const [termBill] = await rows<{ id: string }>(`select id from bill_bill where student_id = 'ab-s1' and kind = '1' and status <> '4'`);
    expect((await send(finance, "POST", "/activity/signup/refund", { id: termBill!.id, reason: "退费" })).json.message).toBe("只有活动账单可以退费");
    expect((await send(office, "POST", "/activity/signup/refund", { id: billId, reason: "退费" })).json.success).toBe(false);
    const refunded = await send(finance, "POST", "/activity/signup/refund", { id: billId, reason: "活动取消退费" });
    expect(refunded.json.message).toMatch(/^退费成功，已退费 50\.00（退费单 PM\d+，收据 \S+）$/);
    expect(await billRow(billId)).toMatchObject({ status: "4", paid: "0.00" });
    expect(await signupRow(signupId)).toMatchObject({ status: "3", refund_payment_id: expect.any(String) });
    expect((await send(finance, "POST", "/activity/signup/refund", { id: billId, reason: "再退" })).json.message).toBe("该账单已作废");
    expect(await books()).toEqual([]);
  });

  it("keeps the places and the money exact under 20 cancellations, confirmations, sign-ups and a payment at once", { timeout: 120_000 }, async () => {
    const activityId = await openActivity(8, "88.80");
    const students = STUDENTS.slice(10, 22);
    const ids: string[] = [];
    for (const studentId of students.slice(0, 8)) ids.push(await signUp(activityId, studentId));
    const [confirmed, pending] = [ids.slice(0, 6), ids.slice(6, 8)];
    for (const id of confirmed) expect((await send(office, "POST", "/activity/signup/confirm", { id })).json.success).toBe(true);
    const billOf = async (id: string) => (await signupRow(id)).bill_id!;
    // Three paid in full, one in part, two unpaid (one of which a parent pays during the race).
    for (const [index, amount] of [[0, "88.80"], [1, "88.80"], [2, "88.80"], [3, "40.00"]] as const)
      expect((await pay(await billOf(confirmed[index]!), `ab-p${10 + index}`, amount)).json).toMatchObject({ success: true });
    const racedBill = await billOf(confirmed[4]!);

    const requests = [
      ...confirmed.flatMap((id) => [send(principal, "POST", "/activity/signup/cancel", { id }), send(principal, "POST", "/activity/signup/cancel", { id })]),
      ...pending.flatMap((id) => [send(office, "POST", "/activity/signup/confirm", { id }), send(office, "POST", "/activity/signup/confirm", { id })]),
      ...students.slice(8).map((studentId) => send(office, "POST", "/activity/signup/add", { activityId, studentId })),
      pay(racedBill, "ab-p14", "88.80"),
    ];
    expect(requests.length).toBeGreaterThanOrEqual(21);
    const answers = await Promise.all(requests);
    for (const answer of answers) expect(answer.json.message ?? "").not.toMatch(/服务器内部错误|操作失败/);
    // Each sign-up cancelled once, each pending one confirmed once.
    for (let index = 0; index < confirmed.length; index++) {
      const pair = answers.slice(index * 2, index * 2 + 2).map((answer) => answer.json.message);
      expect(pair.filter((message) => message?.startsWith("取消成功"))).toHaveLength(1);
      expect(pair).toContain("该报名已取消");
    }
    const confirms = answers.slice(12, 16).map((answer) => answer.json.message);
    expect(confirms.filter((message) => message?.startsWith("确认成功"))).toHaveLength(2);
    expect(confirms.filter((message) => message === "该报名已确认")).toHaveLength(2);

    // The places: the two confirmed and the sign-ups that found one, never more than 8.
    const added = answers.slice(16, 20).filter((answer) => answer.json.success).length;
    const [live] = await rows<{ n: number }>(`select count(*)::int as n from act_signup where activity_id = '${activityId}' and status <> '3'`);
    expect(live!.n).toBe(2 + added);
    expect(live!.n).toBeLessThanOrEqual(8);
    // The money: one refund per paid sign-up, of what it had paid (the raced payment refunded when it came first).
    const racedPaid = answers[20]!.json.success === true;
    const refunds = await rows<{ amount: string }>(`select amount::text as amount from bill_payment where kind = '2' and payer_id in (${students.map((_, index) => `'ab-p${10 + index}'`).join(", ")}) order by id`);
    expect(refunds.map((row) => row.amount).sort()).toEqual([...(racedPaid ? ["-88.80"] : []), "-88.80", "-88.80", "-88.80", "-40.00"].sort());
    expect(await rows(`select status from bill_bill where id in (${confirmed.map((id) => `(select bill_id from act_signup where id = '${id}')`).join(", ")}) group by status`)).toEqual([{ status: "4" }]);
    expect(await books()).toEqual([]);
  });
});
