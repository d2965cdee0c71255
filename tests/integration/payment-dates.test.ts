// A payment records money that has moved (issue #32, docs/decisions/178): its 付款时间 is never later
// than now on the school's clock, on every path that records one — 付款's add and edit, a shop
// order's 付款, a WeChat statement's trades (whose payments 生成缺失付款 makes) — refused in Chinese
// words with nothing written (no payment, no number, no history); now and any earlier time are
// accepted. A statement ending today holds the payments of today. PGlite, and PostgreSQL when one
// answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { formatWireDate, formatWireDateTime } from "#contract/clock";
import type { StatementAnswer } from "#contract/modules/billing-statement";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { parentOwingOneBill } from "../support/books";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { wechatStatementCsv } from "../support/wechat-statement";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const ZONE = "Asia/Shanghai";
const FUTURE = "付款时间不能晚于当前时间";
/** The school's wall time `minutes` from now. */
const wallTime = (minutes: number) => formatWireDateTime(new Date(Date.now() + minutes * 60_000), ZONE);

describe.each(databases)("payments are never dated in the future on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let office: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const payment = (paidAt: string, extra: Record<string, unknown> = {}) => ({ payerType: "1", payerId: "pd-p1", channel: "3", amount: "10.50", paidAt, ...extra });
  const count = async (text: string) => (await rows<{ n: number }>(`select count(*)::int as n from ${text}`))[0]!.n;
  const payments = () => count(`bill_payment where payer_id = 'pd-p1'`);
  const history = () => count(`sys_record_history where module = 'bill_payment' and record_id in (select id from bill_payment where payer_id = 'pd-p1')`);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    await parentOwingOneBill(rows, "pd", { parent: "付款日期家长", student: "付款日期学生" }, "800.00", "2026-2027");
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it("refuses 付款 dated later than now, on add and on edit, and writes nothing; accepts now and earlier", async () => {
    for (const paidAt of [wallTime(24 * 60), wallTime(3), "2099-01-01 00:00:00"]) {
      const refused = await send(finance, "POST", "/billing/payment/add", payment(paidAt, { allocations: [{ billId: "pd-b1", amount: "10.50" }] }));
      expect(refused.json).toMatchObject({ success: false, message: FUTURE });
    }
    expect(await payments()).toBe(0);
    expect((await rows<{ paid: string }>(`select paid_amount::text as paid from bill_bill where id = 'pd-b1'`))[0]!.paid).toBe("0.00");

    // Now (as the picker's 此刻 sends it) and the past are accepted.
    expect((await send(finance, "POST", "/billing/payment/add", payment(wallTime(0), { tradeNo: "PD-NOW" }))).json).toMatchObject({ success: true });
    expect((await send(finance, "POST", "/billing/payment/add", payment("2026-09-01 08:00:00", { tradeNo: "PD-PAST" }))).json).toMatchObject({ success: true });
    expect(await payments()).toBe(2);
    const [past] = await rows<{ id: string; paid_at: string }>(
      `select id, to_char(paid_at at time zone '${ZONE}', 'YYYY-MM-DD HH24:MI:SS') as paid_at from bill_payment where trade_no = 'PD-PAST'`,
    );
    const historyBefore = await history();

    // An edit moving it to tomorrow is refused and leaves it as it was.
    const edit = { id: past!.id, ...payment(wallTime(24 * 60)) };
    expect((await send(finance, "PUT", "/billing/payment/edit", edit)).json).toMatchObject({ success: false, message: FUTURE });
    expect((await rows<{ paid_at: string }>(`select to_char(paid_at at time zone '${ZONE}', 'YYYY-MM-DD HH24:MI:SS') as paid_at from bill_payment where id = '${past!.id}'`))[0]).toEqual({
      paid_at: "2026-09-01 08:00:00",
    });
    expect(await history()).toBe(historyBefore);
    expect((await send(finance, "PUT", "/billing/payment/edit", { ...edit, paidAt: "2026-09-02 08:00:00" })).json).toMatchObject({ success: true });
  });

  it("refuses a shop order's 付款 dated later than now: the order stays unpaid, no payment is recorded", async () => {
    const categoryId = (await rows<{ id: string }>(`select id from sys_category where code = 'A03A01'`))[0]!.id;
    expect((await send(office, "POST", "/shop/commodity/add", { name: "付款日期校服", categoryId, price: "20.50", stock: "5", status: "1" })).json).toMatchObject({ success: true });
    const commodityId = (await rows<{ id: string }>(`select id from shop_commodity where name = '付款日期校服'`))[0]!.id;
    expect((await send(office, "POST", "/shop/order/add", { parentId: "pd-p1", lines: [{ commodityId, quantity: 1 }] })).json).toMatchObject({ success: true });
    const [order] = await rows<{ id: string; status: string }>(`select o.id, o.status from shop_order o join shop_order_item i on i.order_id = o.id where i.commodity_id = '${commodityId}'`);
    const before = await payments();

    expect((await send(office, "POST", "/shop/order/pay", { id: order!.id, payChannel: "3", paidAt: wallTime(24 * 60) })).json).toMatchObject({ success: false, message: FUTURE });
    expect((await rows<{ status: string; paid_at: string | null }>(`select status, paid_at from shop_order where id = '${order!.id}'`))[0]).toEqual({ status: order!.status, paid_at: null });
    expect(await payments()).toBe(before);

    expect((await send(office, "POST", "/shop/order/pay", { id: order!.id, payChannel: "3", paidAt: wallTime(-5) })).json).toMatchObject({ success: true });
    expect(await payments()).toBe(before + 1);
  });

  it("refuses a WeChat statement holding a trade dated later than now, importing none of it", async () => {
    const upload = async (content: string) => {
      const form = new FormData();
      form.append("file", new Blob([content], { type: "text/csv" }), "账单.csv");
      const response = await fetch(`${server.url}/billing/wechatTrade/importExcel`, { method: "POST", headers: { "X-Access-Token": finance }, body: form });
      return (await response.json()) as { success: boolean; message: string };
    };
    const future = wallTime(24 * 60);
    const statement = wechatStatementCsv([
      { time: "2026-10-02 09:00:00", transactionId: "4200000001202610020000000901", outTradeNo: "PD-WX-1", openId: "o-pd-1", amount: "100.00" },
      { time: future, transactionId: "4200000001202610020000000902", outTradeNo: "PD-WX-2", openId: "o-pd-1", amount: "200.00" },
    ]);
    expect(await upload(statement)).toMatchObject({ success: false, message: `第3行的交易时间 ${future} 晚于当前时间：账单只含已发生的交易` });
    expect(await count(`bill_wechat_trade where out_trade_no like 'PD-WX-%'`)).toBe(0);
  });

  it("a statement ending today holds the payment of a moment ago (decision 178)", async () => {
    const paidAt = wallTime(-1);
    expect((await send(finance, "POST", "/billing/payment/add", payment(paidAt, { amount: "300.25", tradeNo: "PD-TODAY", allocations: [{ billId: "pd-b1", amount: "300.25" }] }))).json).toMatchObject({
      success: true,
    });
    const [today] = await rows<{ payment_no: string }>(`select payment_no from bill_payment where trade_no = 'PD-TODAY'`);
    const answer = await send(finance, "GET", "/billing/statement?payerType=1&payerId=pd-p1");
    const statement = answer.json.result as StatementAnswer;
    expect(statement.to).toBe(formatWireDate(new Date(), ZONE));
    expect(statement.lines.find((line) => line.number === today!.payment_no)).toMatchObject({ kind: "payment", received: "300.25", at: paidAt });
    expect(statement.closing).toBe("499.75");
  });
});
