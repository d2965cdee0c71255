// The shop pays like everything else (issue #33 item 3, docs/decisions/161): an order's 付款 records
// a payment of 付款 (channel and time, payer the order's parent, the order's total, never allocated to
// bills) in the transaction that marks it 已付款, and a receipt is issued from it as from any payment;
// the payment is refunded only with its order (退款: stock back, a negative payment, a reason), never
// voided, reversed or allocated in 付款, and it is not "unallocated money" on the family's 对账单; an
// unpaid order is cancelled (取消: stock back, reason kept), never deleted. Many requests at once pay,
// refund or cancel an order exactly once. A commodity's 规格 (variants) each keep their own stock (and
// price): cart rows and order lines name one, 50 orders racing for the last 3 of a size place 3.
// PGlite, and PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { parentOwingOneBill } from "../support/books";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("the shop's payments, cancellations and refunds on %s", (kind) => {
  let server: TestBackend;
  let office: string;
  let finance: string;
  let categoryId: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const stockOf = async (id: string) => (await rows<{ stock: number }>(`select stock from shop_commodity where id = '${id}'`))[0]!.stock;
  const orderOf = async (id: string) =>
    (await rows<{ order_no: string; status: string; total: string; pay_channel: string | null; paid_at: string | null; close_reason: string | null }>(
      `select order_no, status, total::text total, pay_channel, to_char(paid_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') paid_at, close_reason from shop_order where id = '${id}'`,
    ))[0]!;
  const paymentsOf = (orderId: string) =>
    rows<{ id: string; payment_no: string; payer_type: string; payer_id: string; channel: string; amount: string; allocated_amount: string; status: string; kind: string; remark: string }>(
      `select id, payment_no, payer_type, payer_id, channel, amount::text amount, allocated_amount::text allocated_amount, status, kind, remark
       from bill_payment where order_id = '${orderId}' order by kind`,
    );
  const historyOf = (module: string, id: string) =>
    rows<{ action: string; reason: string | null; username: string }>(`select action, reason, username from sys_record_history where module = '${module}' and record_id = '${id}' order by id`);

  async function commodity(name: string, price: string, stock: number) {
    expect((await send(office, "POST", "/shop/commodity/add", { name, categoryId, price, stock: String(stock), status: "1" })).json).toMatchObject({ success: true });
    return (await rows<{ id: string }>(`select id from shop_commodity where name = '${name}'`))[0]!.id;
  }
  async function order(commodityId: string, quantity = 1) {
    const added = await send(office, "POST", "/shop/order/add", { parentId: "sp-p1", lines: [{ commodityId, quantity }] });
    expect(added.json).toMatchObject({ success: true });
    return (await rows<{ id: string }>(`select o.id from shop_order o join shop_order_item i on i.order_id = o.id where i.commodity_id = '${commodityId}' order by o.create_time desc, o.id desc limit 1`))[0]!.id;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    categoryId = (await rows<{ id: string }>(`select id from sys_category where code = 'A03A01'`))[0]!.id;
    // A bill the family owes: an order's payment is never allocated to it.
    await parentOwingOneBill(rows, "sp", { parent: "商城付款家长", student: "商城学生" }, "500.00", "2030-2031");
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("pays an order as a payment of 付款 with its channel and time, exactly once under 30 requests at once, and issues its receipt", async () => {
    const shirt = await commodity("校服衬衫", "89.50", 10);
    const id = await order(shirt, 2);
    expect((await send(office, "POST", "/shop/order/pay", { id })).json).toMatchObject({ success: false, message: "请选择支付方式" });
    expect((await send(office, "POST", "/shop/order/pay", { id, payChannel: "3", paidAt: "昨天" })).json).toMatchObject({ success: false, message: "付款时间格式不正确，应为yyyy-MM-dd HH:mm:ss" });
    expect((await send(finance, "POST", "/shop/order/pay", { id, payChannel: "3" })).json.success).toBe(false);
    expect(await paymentsOf(id)).toEqual([]);

    const answers = await Promise.all(Array.from({ length: 30 }, () => send(office, "POST", "/shop/order/pay", { id, payChannel: "3", paidAt: "2026-11-20 09:15:00" })));
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.json.success).every((answer) => answer.json.message === "当前订单状态不能付款")).toBe(true);
    const paid = await orderOf(id);
    expect(paid).toMatchObject({ status: "2", total: "179.00", pay_channel: "3", paid_at: "2026-11-20 09:15:00" });
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(answers.find((answer) => answer.json.success)!.json.message).toBe(`付款成功，付款单号 ${payment!.payment_no}`);
    expect(payment).toMatchObject({ payer_type: "1", payer_id: "sp-p1", channel: "3", amount: "179.00", allocated_amount: "0.00", status: "1", kind: "1", remark: `订单 ${paid.order_no}` });
    // No payment number was taken by the 29 refused requests: the next one follows.
    expect(await historyOf("shop_order", id)).toMatchObject([{ action: "add" }, { action: "pay", username: "dean_liu" }]);
    expect(await historyOf("bill_payment", payment!.id)).toMatchObject([{ action: "add" }]);

    // In 付款 like any payment, with its time on the school's clock; a receipt from it as from any.
    const listed = await send(finance, "GET", `/billing/payment/list?paymentNo=${payment!.payment_no}`);
    // The row says which order it is of (the page offers it no 冲销, 作废 or edit); 详情 names the order.
    expect(listed.json.result.records[0]).toMatchObject({ payerName: "商城付款家长", amount: 179, channel_dictText: "银行转账", paidAt: "2026-11-20 09:15:00", orderId: id, orderNo: paid.order_no });
    expect((await send(finance, "GET", `/billing/payment/queryById?id=${payment!.id}`)).json.result).toMatchObject({ orderId: id, orderNo: paid.order_no });
    const issued = await send(finance, "POST", "/billing/receipt/issue", { paymentId: payment!.id });
    expect(issued.json).toMatchObject({ success: true });
    const [receipt] = await rows<{ id: string; amount: string; payer_name: string }>(`select id, amount::text amount, payer_name from bill_receipt where payment_id = '${payment!.id}'`);
    expect(receipt).toMatchObject({ amount: "179.00", payer_name: "商城付款家长" });
    expect((await send(finance, "POST", "/billing/receipt/print", { id: receipt!.id })).json.result).toMatchObject({ amountInWords: "壹佰柒拾玖元整", printCount: 1 });

    // Never voided, reversed, edited nor allocated in 付款: the order's 退款 is the way.
    const refusal = `该付款属于订单 ${paid.order_no}，不能作废、冲销、修改或分配；请在订单中退款`;
    expect((await send(finance, "POST", "/billing/payment/void", { id: payment!.id, reason: "录错" })).json).toMatchObject({ success: false, message: refusal });
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: payment!.id, reason: "退回" })).json).toMatchObject({ success: false, message: refusal });
    expect((await send(finance, "POST", "/billing/payment/allocate", { id: payment!.id, allocations: [{ billId: "sp-b1", amount: "179.00" }] })).json).toMatchObject({ success: false, message: refusal });
    const edit = { id: payment!.id, payerType: "1", payerId: "sp-p1", channel: "1", amount: "179.00", paidAt: "2026-11-20 09:15:00", allocations: [{ billId: "sp-b1", amount: "100.00" }] };
    expect((await send(finance, "PUT", "/billing/payment/edit", edit)).json).toMatchObject({ success: false, message: refusal });
    await expect(rows(`update bill_payment set allocated_amount = 1 where id = '${payment!.id}'`)).rejects.toThrow();
    expect((await rows<{ n: number }>(`select count(*)::int n from bill_payment_allocation where payment_id = '${payment!.id}'`))[0]!.n).toBe(0);
    expect((await rows<{ paid: string }>(`select paid_amount::text paid from bill_bill where id = 'sp-b1'`))[0]!.paid).toBe("0.00");

    // The family's 对账单: the bill, and no unallocated payment from the shop.
    const statement = await send(finance, "GET", "/billing/statement?payerType=1&payerId=sp-p1&from=2026-01-01&to=2030-12-31");
    expect(statement.json.success).toBe(true);
    expect(statement.json.result.unallocated).toEqual([]);
    expect(statement.json.result.closing).toBe("500.00");
  });

  it("cancels an unpaid order with a reason (stock back, trace kept) once under 20 requests at once, and never deletes one", async () => {
    const socks = await commodity("校服袜子", "12.30", 5);
    const id = await order(socks, 2);
    expect(await stockOf(socks)).toBe(3);
    expect((await send(office, "DELETE", `/shop/order/delete?id=${id}`)).json.success).toBe(false);
    expect((await send(office, "DELETE", `/shop/order/deleteBatch?ids=${id}`)).json.success).toBe(false);
    expect((await send(office, "POST", "/shop/order/cancel", { id, reason: " " })).json).toMatchObject({ success: false, message: "请输入取消原因" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(office, "POST", "/shop/order/cancel", { id, reason: "家长改买别的" })));
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(1);
    expect(await stockOf(socks)).toBe(5);
    expect(await orderOf(id)).toMatchObject({ status: "6", close_reason: "家长改买别的", pay_channel: null });
    expect((await historyOf("shop_order", id)).at(-1)).toEqual({ action: "cancel", reason: "家长改买别的", username: "dean_liu" });
    expect(await paymentsOf(id)).toEqual([]);
    // A cancelled order is neither paid, edited nor cancelled again; a paid one is refunded, not cancelled.
    expect((await send(office, "POST", "/shop/order/pay", { id, payChannel: "1" })).json.message).toBe("当前订单状态不能付款");
    expect((await send(office, "PUT", "/shop/order/edit", { id, parentId: "sp-p1", lines: [{ commodityId: socks, quantity: 1 }] })).json.message).toBe("只有待付款的订单可以修改");
    const listed = await send(office, "GET", `/shop/order/list?orderNo=${(await orderOf(id)).order_no}`);
    expect(listed.json.result.records[0]).toMatchObject({ status_dictText: "已取消", closeReason: "家长改买别的" });
    const paidOrder = await order(socks, 1);
    expect((await send(office, "POST", "/shop/order/pay", { id: paidOrder, payChannel: "4" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/order/cancel", { id: paidOrder, reason: "不要了" })).json.message).toBe("当前订单状态不能取消");
    // The 删除 buttons are retired.
    const buttons = await rows<{ perms: string }>(`select perms from sys_permission where perms in ('order:delete', 'order:batch_delete', 'order:cancel') and menu_type = 2 and del_flag = 0`);
    expect(buttons.map((button) => button.perms)).toEqual(["order:cancel"]);
  });

  it("refunds a paid order with a reason: stock back, a negative payment, exactly once under 20 requests at once", async () => {
    const skirt = await commodity("校服裙", "128.45", 4);
    const id = await order(skirt, 3);
    expect((await send(office, "POST", "/shop/order/pay", { id, payChannel: "2" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/order/ship", { id })).json.success).toBe(true);
    expect(await stockOf(skirt)).toBe(1);
    expect((await send(office, "POST", "/shop/order/refund", { id })).json).toMatchObject({ success: false, message: "请输入退款原因" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(office, "POST", "/shop/order/refund", { id, reason: "尺码偏小" })));
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.json.success).every((answer) => answer.json.message === "当前订单状态不能退款")).toBe(true);
    expect(await stockOf(skirt)).toBe(4);
    const refunded = await orderOf(id);
    expect(refunded).toMatchObject({ status: "5", total: "385.35", close_reason: "尺码偏小" });
    const [payment, refund, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ amount: "385.35", kind: "1", status: "1", channel: "2" });
    expect(refund).toMatchObject({ amount: "-385.35", allocated_amount: "0.00", kind: "2", status: "1", channel: "2", payer_id: "sp-p1", remark: `退款：订单 ${refunded.order_no}，尺码偏小` });
    expect(await historyOf("bill_payment", refund!.id)).toEqual([{ action: "refund", reason: "尺码偏小", username: "dean_liu" }]);
    expect((await historyOf("shop_order", id)).map((row) => row.action)).toEqual(["add", "pay", "ship", "refund"]);
    // The order's money nets to zero, exactly; the refund gets its receipt as any refund.
    const [net] = await rows<{ net: string }>(`select sum(amount)::text net from bill_payment where order_id = '${id}' and status <> '4'`);
    expect(net!.net).toBe("0.00");
    expect((await send(finance, "POST", "/billing/receipt/issue", { paymentId: refund!.id })).json.success).toBe(true);
    expect((await send(finance, "POST", "/billing/payment/reverse", { id: refund!.id, reason: "退回" })).json.success).toBe(false);
    const statement = await send(finance, "GET", "/billing/statement?payerType=1&payerId=sp-p1&from=2026-01-01&to=2030-12-31");
    expect(statement.json.result.unallocated).toEqual([]);
  });

  it("keeps a stock per 规格: 50 orders at once for the last 3 of a size place exactly 3; cart and lines name the size", async () => {
    const variants = [
      { name: "S", price: "", stock: "3" },
      { name: "M", price: "95.00", stock: "5" },
    ];
    const bad = await send(office, "POST", "/shop/commodity/add", { name: "校服T恤", categoryId, price: "89.90", stock: "0", status: "1", variants: [...variants, { name: "S", price: "", stock: "1" }] });
    expect(bad.json).toMatchObject({ success: false, message: "规格「S」重复" });
    expect((await send(office, "POST", "/shop/commodity/add", { name: "校服T恤", categoryId, price: "89.90", stock: "0", status: "1", variants })).json.success).toBe(true);
    const tee = (await rows<{ id: string; stock: number }>(`select id, stock from shop_commodity where name = '校服T恤'`))[0]!;
    expect(tee.stock).toBe(8);
    const sizes = Object.fromEntries(
      (await rows<{ id: string; name: string }>(`select id, name from shop_commodity_variant where commodity_id = '${tee.id}'`)).map((row) => [row.name, row.id]),
    );
    const variantStock = async (name: string) => (await rows<{ stock: number }>(`select stock from shop_commodity_variant where id = '${sizes[name]}'`))[0]!.stock;
    const form = await send(office, "GET", `/shop/commodity/variants?commodityId=${tee.id}`);
    expect(form.json.result).toEqual([
      { name: "S", price: "", stock: "3" },
      { name: "M", price: "95.00", stock: "5" },
    ]);

    // A line of a commodity with variants names one of its own; one without names none.
    const place = (lines: unknown) => send(office, "POST", "/shop/order/add", { parentId: "sp-p1", lines });
    expect((await place([{ commodityId: tee.id, quantity: 1 }])).json.message).toBe("商品「校服T恤」请选择规格");
    expect((await place([{ commodityId: tee.id, variantId: "nope", quantity: 1 }])).json.message).toBe("规格不存在");
    const plain = await commodity("校徽", "5.00", 10);
    expect((await place([{ commodityId: plain, variantId: sizes.S, quantity: 1 }])).json.message).toBe("商品「校徽」没有规格");
    expect(await stockOf(tee.id)).toBe(8);

    const answers = await Promise.all(Array.from({ length: 50 }, () => place([{ commodityId: tee.id, variantId: sizes.S, quantity: 1 }])));
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(3);
    expect(answers.filter((answer) => !answer.json.success).every((answer) => answer.json.message === "商品「校服T恤」规格「S」库存不足")).toBe(true);
    expect(await variantStock("S")).toBe(0);
    expect(await variantStock("M")).toBe(5);
    expect(await stockOf(tee.id)).toBe(5);

    // Two sizes on one order, each at its price; the lines show the size.
    const mixed = await place([
      { commodityId: tee.id, variantId: sizes.M, quantity: 2 },
      { commodityId: plain, quantity: 1 },
    ]);
    expect(mixed.json.success).toBe(true);
    const [order] = await rows<{ id: string; total: string }>(`select o.id, o.total::text total from shop_order o join shop_order_item i on i.order_id = o.id where i.variant_id = '${sizes.M}'`);
    expect(order!.total).toBe("195.00");
    const lines = await send(office, "GET", `/shop/order/lines?orderId=${order!.id}`);
    expect(lines.json.result).toMatchObject([
      { commodityId: tee.id, variantId: sizes.M, variantName: "M", price: "95.00", quantity: 2 },
      { commodityId: plain, variantId: null, price: "5.00", quantity: 1 },
    ]);
    expect(await variantStock("M")).toBe(3);
    // 取消 gives the size its stock back; so does 退款 of a paid one.
    expect((await send(office, "POST", "/shop/order/cancel", { id: order!.id, reason: "换尺码" })).json.success).toBe(true);
    expect(await variantStock("M")).toBe(5);
    const [small] = await rows<{ id: string }>(`select o.id from shop_order o join shop_order_item i on i.order_id = o.id where i.variant_id = '${sizes.S}' limit 1`);
    expect((await send(office, "POST", "/shop/order/pay", { id: small!.id, payChannel: "1" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/order/refund", { id: small!.id, reason: "偏大" })).json.success).toBe(true);
    expect(await variantStock("S")).toBe(1);
    expect(await stockOf(tee.id)).toBe(6);

    // A size an order names is never removed; the stock of the others is edited on the grid.
    const edit = (list: unknown) => send(office, "PUT", "/shop/commodity/edit", { id: tee.id, name: "校服T恤", categoryId, price: "89.90", stock: "0", status: "1", variants: list });
    expect((await edit([{ name: "M", price: "95.00", stock: "5" }])).json.message).toBe("规格「S」已有订单或购物车，不能删除（可将库存设为0）");
    expect((await edit([{ name: "S", price: "", stock: "4" }, { name: "M", price: "", stock: "10" }, { name: "L", price: "99.00", stock: "2" }])).json.success).toBe(true);
    expect(await stockOf(tee.id)).toBe(16);
    expect(await rows(`select name, price::text price, stock from shop_commodity_variant where commodity_id = '${tee.id}' order by sort_no`)).toEqual([
      { name: "S", price: null, stock: 4 },
      { name: "M", price: null, stock: 10 },
      { name: "L", price: "99.00", stock: 2 },
    ]);
    expect(sizes.S).toBe((await rows<{ id: string }>(`select id from shop_commodity_variant where commodity_id = '${tee.id}' and name = 'S'`))[0]!.id);

    // The cart: a size is required, one row per size, and 下单 keeps it.
    await rows(`delete from shop_cart where parent_id = 'sp-p1'`);
    expect((await send(office, "POST", "/shop/cart/add", { parentId: "sp-p1", commodityId: tee.id, quantity: "1" })).json.message).toBe("商品「校服T恤」请选择规格");
    expect((await send(office, "POST", "/shop/cart/add", { parentId: "sp-p1", commodityId: tee.id, variantId: sizes.S, quantity: "2" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/cart/add", { parentId: "sp-p1", commodityId: tee.id, variantId: sizes.M, quantity: "1" })).json.success).toBe(true);
    expect((await send(office, "POST", "/shop/cart/add", { parentId: "sp-p1", commodityId: tee.id, variantId: sizes.M, quantity: "1" })).json.success).toBe(false);
    const cart = await send(office, "GET", "/shop/cart/list?parentId=sp-p1");
    expect(cart.json.result.records.map((row: { variantId_dictText: string }) => row.variantId_dictText).sort()).toEqual(["M", "S"]);
    const placed = await send(office, "POST", "/shop/cart/placeOrder", { parentId: "sp-p1" });
    expect(placed.json.success).toBe(true);
    const placedLines = await rows<{ variant_name: string; quantity: number; price: string }>(
      `select i.variant_name, i.quantity, i.price::text price from shop_order_item i join shop_order o on o.id = i.order_id where o.order_no = '${placed.json.result.orderNo}' order by i.variant_name`,
    );
    expect(placedLines).toEqual([
      { variant_name: "M", quantity: 1, price: "89.90" },
      { variant_name: "S", quantity: 2, price: "89.90" },
    ]);
    expect(await variantStock("S")).toBe(2);
    expect(await stockOf(tee.id)).toBe(13);
  });
});
