// Activities and the shop through the real backend (issue #14): the status of an activity moves by
// actions only; sign-ups hold capacity and deadline when 50 parents race for the last 3 places;
// confirming a paid sign-up bills the fee on its own activity bill and cancelling voids it;
// orders take stock in the same transaction, never below zero when 100 orders race for 10; 退款
// and 取消 give it back; a cart becomes an order. On PGlite and on the PostgreSQL server when reachable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace("T", " ");

describe.each(databases)("activities and the shop on %s", (kind) => {
  let server: TestBackend;
  let office: string;
  let finance: string;
  let studentIds: string[];
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });

  async function newActivity(title: string, capacity: number, fee = "0", deadlineDays = 5) {
    const body = { title, type: "1", startTime: inDays(10), signupDeadline: inDays(deadlineDays), capacity: String(capacity), fee, content: "<p>内容</p>" };
    expect((await send(office, "POST", "/activity/activity/add", body)).json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string; status: string }>(`select id, status from act_activity where title = '${title}'`);
    return row!;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    // 财务 has neither the activity pages nor the shop.
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    studentIds = (await rows<{ id: string }>(`select id from school_student where tenant_id = 1 order by student_no limit 60`)).map((row) => row.id);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("seeds a term of activities, sign-ups, commodities and orders", async () => {
    const counts = await rows<{ a: number; s: number; c: number; o: number }>(
      `select (select count(*)::int from act_activity) a, (select count(*)::int from act_signup) s, (select count(*)::int from shop_commodity) c, (select count(*)::int from shop_order) o`,
    );
    expect(counts[0]!.a).toBeGreaterThanOrEqual(10);
    expect(counts[0]!.s).toBeGreaterThanOrEqual(50);
    expect(counts[0]!.c).toBeGreaterThanOrEqual(10);
    expect(counts[0]!.o).toBeGreaterThanOrEqual(30);
  });

  it("moves an activity's status by actions only, from the statuses each may start from", async () => {
    const activity = await newActivity("状态测试", 5);
    expect(activity.status).toBe("1");
    // The status of a body is ignored.
    await send(office, "PUT", "/activity/activity/edit", { id: activity.id, status: "3", capacity: "6" });
    expect((await rows<{ status: string }>(`select status from act_activity where id = '${activity.id}'`))[0]!.status).toBe("1");
    expect((await send(office, "POST", "/activity/activity/end", { id: activity.id })).json.message).toBe("当前状态不能结束");
    expect((await send(finance, "POST", "/activity/activity/open", { id: activity.id })).json.success).toBe(false);
    expect((await send(office, "POST", "/activity/activity/open", { id: activity.id })).json).toMatchObject({ success: true });
    expect((await send(office, "POST", "/activity/activity/end", { id: activity.id })).json).toMatchObject({ success: true });
    expect((await send(office, "PUT", "/activity/activity/edit", { id: activity.id, capacity: "8" })).json.message).toBe("已结束或已取消的活动不能修改");
    expect((await send(office, "POST", "/activity/activity/cancel", { id: activity.id })).json.message).toBe("当前状态不能取消");
  });

  it("lets exactly 3 of 50 racing sign-ups take the last 3 places, the other 47 wait (候补)", { timeout: 120_000 }, async () => {
    const activity = await newActivity("抢名额", 10);
    await send(office, "POST", "/activity/activity/open", { id: activity.id });
    for (const studentId of studentIds.slice(0, 7))
      expect((await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId })).json).toMatchObject({ success: true });
    const answers = await Promise.all(studentIds.slice(7, 57).map((studentId) => send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId })));
    expect(answers.every((answer) => answer.json.success)).toBe(true);
    expect(answers.filter((answer) => answer.json.message === "报名成功")).toHaveLength(3);
    // The waiting list's positions, 1 to 47, each given once (tests/integration/activity-waitlist.test.ts checks their order).
    const positions = answers.map((answer) => /^名额已满，已加入候补，第(\d+)位$/.exec(answer.json.message)?.[1]).filter(Boolean).map(Number);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, index) => index + 1));
    expect((await rows<{ n: number }>(`select count(*)::int n from act_signup where activity_id = '${activity.id}' and status in ('1', '2')`))[0]!.n).toBe(10);
    // Cancelling frees a place, which the first in line takes; a new sign-up joins the end of the line.
    const [first] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${activity.id}' order by signup_time limit 1`);
    expect((await send(office, "POST", "/activity/signup/cancel", { id: first!.id })).json.message).toBe("取消成功，候补1人已转为正式报名并通知家长");
    expect((await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId: studentIds[58] })).json.message).toBe("名额已满，已加入候补，第47位");
  });

  it("refuses a second sign-up of a student, a closed activity and a passed deadline", async () => {
    const activity = await newActivity("重复报名", 5);
    expect((await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId: studentIds[0] })).json.message).toBe("活动未开放报名");
    await send(office, "POST", "/activity/activity/open", { id: activity.id });
    expect((await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId: studentIds[0] })).json).toMatchObject({ success: true });
    expect((await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId: studentIds[0] })).json.message).toBe("该学生已报名此活动");
    await rows(`update act_activity set signup_deadline = now() - interval '1 minute' where id = '${activity.id}'`);
    expect((await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId: studentIds[1] })).json.message).toBe("报名已截止");
  });

  it("bills a confirmed paid sign-up on its own activity bill in the same transaction, and voids it when cancelled", async () => {
    const activity = await newActivity("收费活动", 5, "123.45");
    await send(office, "POST", "/activity/activity/open", { id: activity.id });
    // The student's term's bill stays as it is (docs/decisions/138).
    const studentId = studentIds[20]!;
    const termBills = () => rows<{ id: string; total: string; status: string }>(`select id, total::text total, status from bill_bill where student_id = '${studentId}' and kind = '1' order by id`);
    const before = await termBills();
    await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId });
    const [signup] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${activity.id}'`);
    const confirmed = await send(office, "POST", "/activity/signup/confirm", { id: signup!.id });
    expect(confirmed.json.message).toMatch(/^确认成功，已生成活动账单 BL\d+/);
    const [bill] = await rows<{ id: string; total: string; payable: string; status: string; kind: string }>(
      `select b.id, b.total::text total, b.payable::text payable, b.status, b.kind from bill_bill b join act_signup s on s.bill_id = b.id where s.id = '${signup!.id}'`,
    );
    expect(bill).toMatchObject({ total: "123.45", payable: "123.45", status: "1", kind: "2" });
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signup!.id })).json.message).toBe("该报名已确认");
    // A second paid activity of the same term gets a bill of its own.
    const second = await newActivity("收费活动二", 5, "10.05");
    await send(office, "POST", "/activity/activity/open", { id: second.id });
    await send(office, "POST", "/activity/signup/add", { activityId: second.id, studentId });
    const [other] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${second.id}'`);
    expect((await send(office, "POST", "/activity/signup/confirm", { id: other!.id })).json.success).toBe(true);
    const [otherBill] = await rows<{ id: string; total: string }>(`select b.id, b.total::text total from bill_bill b join act_signup s on s.bill_id = b.id where s.id = '${other!.id}'`);
    expect(otherBill!.id).not.toBe(bill!.id);
    expect(otherBill!.total).toBe("10.05");
    // Cancelling voids the unpaid activity bill; the other stays.
    expect((await send(office, "POST", "/activity/signup/cancel", { id: other!.id })).json.success).toBe(true);
    expect((await rows<{ status: string }>(`select status from bill_bill where id = '${otherBill!.id}'`))[0]!.status).toBe("4");
    expect((await rows<{ status: string }>(`select status from bill_bill where id = '${bill!.id}'`))[0]!.status).toBe("1");
    expect((await send(office, "DELETE", `/activity/signup/delete?id=${signup!.id}`)).json.message).toBe("已确认的报名不能删除，请先取消");
    await send(office, "POST", "/activity/signup/cancel", { id: signup!.id });
    expect((await rows<{ status: string }>(`select status from bill_bill where id = '${bill!.id}'`))[0]!.status).toBe("4");
    expect(await termBills()).toEqual(before);
  });

  it("cancels an activity's sign-ups with it: an unpaid fee leaves its bill, a paid one stays as a refund to do", async () => {
    const activity = await newActivity("取消的收费活动", 5, "50.00");
    await send(office, "POST", "/activity/activity/open", { id: activity.id });
    const [paidStudent, unpaidStudent, pendingStudent] = [studentIds[30]!, studentIds[31]!, studentIds[32]!];
    for (const studentId of [paidStudent, unpaidStudent, pendingStudent]) await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId });
    const signupOf = async (studentId: string) =>
      (await rows<{ id: string; status: string; bill_id: string | null; bill_item_id: string | null; remark: string | null }>(
        `select id, status, bill_id, bill_item_id, remark from act_signup where activity_id = '${activity.id}' and student_id = '${studentId}'`,
      ))[0]!;
    for (const studentId of [paidStudent, unpaidStudent]) expect((await send(office, "POST", "/activity/signup/confirm", { id: (await signupOf(studentId)).id })).json.success).toBe(true);
    // The cashier records the paying parent's 50.00 on the first bill.
    const [paidBill] = await rows<{ id: string; bill_no: string; payer_type: string; payer_id: string }>(
      `select id, bill_no, payer_type, payer_id from bill_bill where id = '${(await signupOf(paidStudent)).bill_id}'`,
    );
    const payment = await send(finance, "POST", "/billing/payment/add", {
      payerType: paidBill!.payer_type, payerId: paidBill!.payer_id, channel: "3", amount: "50.00", paidAt: inDays(0), allocations: [{ billId: paidBill!.id, amount: "50.00" }],
    });
    expect(payment.json).toMatchObject({ success: true });
    const unpaidBillId = (await signupOf(unpaidStudent)).bill_id!;

    const cancelled = await send(office, "POST", "/activity/activity/cancel", { id: activity.id });
    expect(cancelled.json).toMatchObject({ success: true, message: `取消成功，已取消3个报名；1张账单已缴费，请办理退款：${paidBill!.bill_no}` });
    for (const studentId of [paidStudent, unpaidStudent, pendingStudent]) expect((await signupOf(studentId)).status).toBe("3");
    // The unpaid fee's activity bill is voided (its line stays on it); the paid one stays, marked for the refund (退费 on 账单).
    expect((await rows<{ status: string; n: number }>(`select status, (select count(*)::int from bill_bill_item where bill_id = b.id) as n from bill_bill b where id = '${unpaidBillId}'`))[0]).toEqual({ status: "4", n: 1 });
    const refund = await signupOf(paidStudent);
    expect(refund.remark).toBe(`活动已取消，费用已缴（账单 ${paidBill!.bill_no}），待退款`);
    expect(refund.bill_item_id).not.toBeNull();
    expect((await rows<{ status: string; paid: string }>(`select status, paid_amount::text as paid from bill_bill where id = '${paidBill!.id}'`))[0]).toEqual({ status: "3", paid: "50.00" });
    expect((await send(office, "POST", "/activity/activity/cancel", { id: activity.id })).json.success).toBe(false);
  });

  it("lets the term's generation bill a student with an activity bill on a term's bill of its own", async () => {
    const activity = await newActivity("学期前的收费活动", 5, "20.00");
    await send(office, "POST", "/activity/activity/open", { id: activity.id });
    const studentId = studentIds[40]!;
    await rows(`update bill_bill set status = '4' where student_id = '${studentId}'`);
    await send(office, "POST", "/activity/signup/add", { activityId: activity.id, studentId });
    const [signup] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${activity.id}'`);
    expect((await send(office, "POST", "/activity/signup/confirm", { id: signup!.id })).json.success).toBe(true);
    const [bill] = await rows<{ id: string; bill_no: string; school_year: string; term: string }>(
      `select b.id, b.bill_no, b.school_year, b.term from bill_bill b join act_signup s on s.bill_id = b.id where s.id = '${signup!.id}'`,
    );
    const preview = await send(finance, "POST", "/billing/bill/generatePreview", { schoolYear: bill!.school_year, term: bill!.term });
    expect(preview.json.result.skipped.map((row: { studentId: string }) => row.studentId)).not.toContain(studentId);
    const planned = preview.json.result.bills.find((row: { studentId: string }) => row.studentId === studentId);
    expect(planned).toBeDefined();
    expect(planned.intoBillNo).toBeUndefined();

    const generated = await send(finance, "POST", "/billing/bill/generate", { schoolYear: bill!.school_year, term: bill!.term });
    expect(generated.json.success, generated.text).toBe(true);
    // Two live bills of the term: the activity's, untouched, and the term's with the projects.
    const live = await rows<{ id: string; kind: string; total: string }>(
      `select id, kind, total::text as total from bill_bill where student_id = '${studentId}' and school_year = '${bill!.school_year}' and term = '${bill!.term}' and status <> '4' order by kind`,
    );
    expect(live.map((row) => row.kind)).toEqual(["1", "2"]);
    expect(live[1]).toMatchObject({ id: bill!.id, total: "20.00" });
    expect(Number(live[0]!.total)).toBeGreaterThan(0);
    // A second generation finds the term's bill and skips the student.
    const again = await send(finance, "POST", "/billing/bill/generatePreview", { schoolYear: bill!.school_year, term: bill!.term });
    expect(again.json.result.skipped.map((row: { studentId: string }) => row.studentId)).toContain(studentId);
  });

  it("lets exactly 10 of 100 racing orders take a stock of 10, and 退款 gives it back", async () => {
    const [category] = await rows<{ id: string }>(`select id from sys_category where code = 'A03A01'`);
    expect((await send(office, "POST", "/shop/commodity/add", { name: "限量徽章", categoryId: category!.id, price: "19.90", stock: "10", status: "1" })).json).toMatchObject({ success: true });
    const [commodity] = await rows<{ id: string }>(`select id from shop_commodity where name = '限量徽章'`);
    const [parent] = await rows<{ id: string }>(`select id from school_parent where tenant_id = 1 order by id limit 1`);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => send(office, "POST", "/shop/order/add", { parentId: parent!.id, lines: [{ commodityId: commodity!.id, quantity: 1 }] })),
    );
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(10);
    expect(new Set(answers.filter((answer) => !answer.json.success).map((answer) => answer.json.message))).toEqual(new Set(["商品「限量徽章」库存不足"]));
    expect((await rows<{ stock: number }>(`select stock from shop_commodity where id = '${commodity!.id}'`))[0]!.stock).toBe(0);
    const orders = await rows<{ id: string; total: string; receiver: string }>(
      `select o.id, o.total::text total, o.receiver from shop_order o join shop_order_item i on i.order_id = o.id where i.commodity_id = '${commodity!.id}'`,
    );
    expect(orders).toHaveLength(10);
    expect(orders[0]!.total).toBe("19.90");
    expect(orders[0]!.receiver).toBeTruthy();
    const order = orders[0]!.id;
    expect((await send(office, "POST", "/shop/order/ship", { id: order })).json.message).toBe("当前订单状态不能发货");
    expect((await send(office, "POST", "/shop/order/pay", { id: order, payChannel: "2" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/order/ship", { id: order })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/order/refund", { id: order })).json.message).toBe("请输入退款原因");
    expect((await send(office, "POST", "/shop/order/refund", { id: order, reason: "尺码不合" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/order/refund", { id: order, reason: "再退" })).json.message).toBe("当前订单状态不能退款");
    expect((await rows<{ stock: number }>(`select stock from shop_commodity where id = '${commodity!.id}'`))[0]!.stock).toBe(1);
  });

  it("computes totals itself, moves stock by an edit's difference and places a parent's cart as an order", async () => {
    const [category] = await rows<{ id: string }>(`select id from sys_category where code = 'A03A02'`);
    await send(office, "POST", "/shop/commodity/add", { name: "练习本", categoryId: category!.id, price: "0.10", stock: "100", status: "1" });
    await send(office, "POST", "/shop/commodity/add", { name: "铅笔", categoryId: category!.id, price: "0.20", stock: "100", status: "1" });
    const commodities = await rows<{ id: string; name: string }>(`select id, name from shop_commodity where name in ('练习本', '铅笔') order by name`);
    const pencil = commodities.find((row) => row.name === "铅笔")!.id;
    const book = commodities.find((row) => row.name === "练习本")!.id;
    const [parent] = await rows<{ id: string }>(`select id from school_parent where tenant_id = 1 order by id limit 1 offset 1`);
    await rows(`delete from shop_cart where parent_id = '${parent!.id}'`);
    expect((await send(office, "POST", "/shop/cart/add", { parentId: parent!.id, commodityId: book, quantity: "3" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/cart/add", { parentId: parent!.id, commodityId: pencil, quantity: "1" })).json.success).toBe(true);
    expect((await send(finance, "POST", "/shop/cart/placeOrder", { parentId: parent!.id })).json.success).toBe(false);
    // An edit changes the quantity only: another commodity is refused (the engine's fixed fields).
    const [bookRow] = await rows<{ id: string }>(`select id from shop_cart where parent_id = '${parent!.id}' and commodity_id = '${book}'`);
    expect((await send(office, "PUT", "/shop/cart/edit", { id: bookRow!.id, quantity: "3", commodityId: pencil })).json).toMatchObject({ success: false, message: "商品不允许修改" });
    expect((await send(office, "PUT", "/shop/cart/edit", { id: bookRow!.id, quantity: "3", commodityId: book })).json.success).toBe(true);
    expect((await rows<{ commodity_id: string }>(`select commodity_id from shop_cart where id = '${bookRow!.id}'`))[0]!.commodity_id).toBe(book);
    const placed = await send(office, "POST", "/shop/cart/placeOrder", { parentId: parent!.id, total: "0.01" });
    expect(placed.json.message).toMatch(/^下单成功，订单号 DD\d{12}$/);
    const [order] = await rows<{ id: string; total: string }>(`select id, total::text total from shop_order where order_no = '${placed.json.result.orderNo}'`);
    expect(order!.total).toBe("0.50"); // 3 × 0.10 + 0.20, never the body's total
    expect((await rows<{ n: number }>(`select count(*)::int n from shop_cart where parent_id = '${parent!.id}'`))[0]!.n).toBe(0);
    expect((await send(office, "POST", "/shop/cart/placeOrder", { parentId: parent!.id })).json.message).toBe("该家长的购物车是空的");
    // An edit of the unpaid order moves the stock by the difference.
    expect((await send(office, "PUT", "/shop/order/edit", { id: order!.id, lines: [{ commodityId: book, quantity: 5 }] })).json.success).toBe(true);
    const stock = await rows<{ name: string; stock: number }>(`select name, stock from shop_commodity where name in ('练习本', '铅笔') order by name`);
    expect(Object.fromEntries(stock.map((row) => [row.name, row.stock]))).toEqual({ 练习本: 95, 铅笔: 100 });
    expect((await rows<{ total: string }>(`select total::text total from shop_order where id = '${order!.id}'`))[0]!.total).toBe("0.50");
    // Cancelling the unpaid order gives its stock back (an order is never deleted, docs/decisions/161).
    expect((await send(office, "DELETE", `/shop/order/delete?id=${order!.id}`)).json.success).toBe(false);
    expect((await send(office, "POST", "/shop/order/cancel", { id: order!.id, reason: "家长不要了" })).json.success).toBe(true);
    expect((await rows<{ stock: number }>(`select stock from shop_commodity where id = '${book}'`))[0]!.stock).toBe(100);
  });

  it("imports sign-ups through the same capacity rule: beyond the places a file's rows wait (候补) in its order", async () => {
    const activity = await newActivity("导入报名", 2);
    await send(office, "POST", "/activity/activity/open", { id: activity.id });
    const sheetOf = async (students: string[]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet("报名");
      sheet.addRow(["活动", "学生"]);
      const names = await rows<{ id: string; name_cn: string }>(`select id, name_cn from school_student where id in (${students.map((id) => `'${id}'`).join(",")})`);
      for (const id of students) sheet.addRow(["导入报名", names.find((row) => row.id === id)!.name_cn]);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), "signups.xlsx");
      return (await fetch(`${server.url}/activity/signup/importExcel`, { method: "POST", headers: { "X-Access-Token": office }, body: form })).json();
    };
    // Students with names of their own (a name shared by two students is ambiguous in a sheet).
    const unique = await rows<{ id: string }>(`select min(id) id from school_student where tenant_id = 1 group by name_cn having count(*) = 1 order by 1 limit 3`);
    expect((await sheetOf(unique.map((row) => row.id))).success).toBe(true);
    const signed = await rows<{ student_id: string; status: string; waitlist_no: number | null }>(
      `select student_id, status, waitlist_no from act_signup where activity_id = '${activity.id}' order by student_id`,
    );
    expect(signed).toEqual(unique.map((row, index) => ({ student_id: row.id, status: index < 2 ? "1" : "4", waitlist_no: index < 2 ? null : 1 })));
  });

  it("keeps community activities apart and shows a chosen one's sign-ups and bills", async () => {
    const body = { title: "社区测试", type: "6", organiser: "家委会", startTime: inDays(10), signupDeadline: inDays(5), capacity: "5", fee: "20" };
    expect((await send(office, "POST", "/activity/community/add", body)).json.success).toBe(true);
    const [community] = await rows<{ id: string; kind: string }>(`select id, kind from act_activity where title = '社区测试'`);
    expect(community!.kind).toBe("2");
    // The school's page neither lists nor moves it.
    expect((await send(office, "GET", `/activity/activity/queryById?id=${community!.id}`)).json.success).toBe(false);
    expect((await send(office, "POST", "/activity/activity/open", { id: community!.id })).json.success).toBe(false);
    expect((await send(office, "POST", "/activity/community/open", { id: community!.id })).json.success).toBe(true);
    const list = await send(office, "GET", `/activity/community/list?activityId=${community!.id}&pageSize=100`);
    expect(list.json.result.records.every((row: { id: string }) => row.id !== undefined)).toBe(true);
    expect(list.json.result.records.some((row: { title: string }) => row.title === "社区测试")).toBe(true);
    expect(list.json.result.records.some((row: { title: string }) => row.title === "抢名额")).toBe(false);
    const studentId = studentIds[30]!;
    await send(office, "POST", "/activity/signup/add", { activityId: community!.id, studentId });
    const [signup] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${community!.id}'`);
    await send(office, "POST", "/activity/signup/confirm", { id: signup!.id });
    const signups = await send(office, "GET", `/activity/signup/ofActivity?activityId=${community!.id}`);
    expect(signups.json.result).toEqual([expect.objectContaining({ status: "2", billNo: expect.stringMatching(/^BL/) })]);
    const bills = await send(office, "GET", `/activity/signup/bills?activityId=${community!.id}`);
    expect(bills.json.result).toEqual([expect.objectContaining({ itemName: "活动：社区测试", amount: "20.00" })]);
  });

  it("saves a third-party activity with its students in one transaction", async () => {
    const body = { provider: "测试机构", title: "夏令营", fee: "100", students: [{ studentId: studentIds[0] }, { studentId: studentIds[1], remark: "过敏" }] };
    expect((await send(office, "POST", "/activity/thirdParty/add", body)).json.success).toBe(true);
    const [activity] = await rows<{ id: string }>(`select id from act_third_party where title = '夏令营'`);
    const students = await send(office, "GET", `/activity/thirdParty/students?id=${activity!.id}`);
    expect(students.json.result.map((row: { studentId: string; remark: string }) => [row.studentId, row.remark])).toEqual([
      [studentIds[0], ""],
      [studentIds[1], "过敏"],
    ]);
    // A bad row leaves the activity as it was.
    const bad = await send(office, "PUT", "/activity/thirdParty/edit", { id: activity!.id, title: "夏令营改", students: [{ studentId: "no-such-student" }] });
    expect(bad.json.message).toBe("学生第1行：学生不存在");
    expect((await rows<{ title: string }>(`select title from act_third_party where id = '${activity!.id}'`))[0]!.title).toBe("夏令营");
    expect((await rows<{ n: number }>(`select count(*)::int n from act_third_party_student where activity_id = '${activity!.id}'`))[0]!.n).toBe(2);
  });
});
