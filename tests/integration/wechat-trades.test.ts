// 微信交易 through the real backend (issue #13): the merchant statement imported twice adds its
// trades once; reconciliation matches by outTradeNo, then by amount + payer + day, lists what
// differs and what is missing on either side, and 生成缺失付款 creates the missing payment (once,
// also when asked twice at once). PGlite, and PostgreSQL when one answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { wechatStatementCsv, wechatStatementXlsx } from "../support/wechat-statement";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const PERIOD = { from: "2020-01-01", to: "2020-01-31" };

const statement = wechatStatementCsv([
  { time: "2020-01-02 09:00:00", transactionId: "4200000001203001020000000001", outTradeNo: "OUT-1", openId: "o-wx-1", amount: "100.00" },
  { time: "2020-01-02 10:00:00", transactionId: "4200000001203001020000000002", outTradeNo: "SHOP-2", openId: "o-wx-1", amount: "200.00" },
  { time: "2020-01-03 10:00:00", transactionId: "4200000001203001030000000003", outTradeNo: "OUT-3", openId: "o-wx-1", amount: "301.00" },
  { time: "2020-01-04 10:00:00", transactionId: "4200000001203001040000000005", outTradeNo: "OUT-5", openId: "o-wx-1", amount: "500.50" },
  { time: "2020-01-05 10:00:00", transactionId: "4200000001203001050000000006", outTradeNo: "OUT-6", openId: "o-stranger", amount: "600.00" },
  { time: "2020-01-05 11:00:00", transactionId: "4200000001203001050000000007", outTradeNo: "OUT-7", openId: "o-wx-1", amount: "700.00", state: "CLOSED" },
]);

describe.each(databases)("WeChat trades on %s", (kind) => {
  let server: TestBackend;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const upload = async (token: string, name: string, content: string | ArrayBuffer) => {
    const form = new FormData();
    const type = typeof content === "string" ? "text/csv" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    form.append("file", new Blob([content], { type }), name);
    const response = await fetch(`${server.url}/billing/wechatTrade/importExcel`, { method: "POST", headers: { "X-Access-Token": token }, body: form });
    return (await response.json()) as { success: boolean; message: string };
  };

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    await rows(`insert into school_parent (id, tenant_id, name, wechat_open_id) values ('wx-p1', 1, '微信家长', 'o-wx-1')`);
    // P1 by its trade number; P2 (no number) by amount, payer and day; P3 differs; P4 has no trade.
    await rows(`insert into bill_payment (id, tenant_id, payment_no, payer_type, payer_id, payer_name, channel, amount, paid_at, trade_no) values
      ('wx-m1', 1, 'WX-PM1', '1', 'wx-p1', '微信家长', '1', 100.00, '2020-01-02 09:00:05+08', 'OUT-1'),
      ('wx-m2', 1, 'WX-PM2', '1', 'wx-p1', '微信家长', '1', 200.00, '2020-01-02 18:00:00+08', null),
      ('wx-m3', 1, 'WX-PM3', '1', 'wx-p1', '微信家长', '1', 300.00, '2020-01-03 10:00:00+08', 'OUT-3'),
      ('wx-m4', 1, 'WX-PM4', '1', 'wx-p1', '微信家长', '1', 400.00, '2020-01-04 12:00:00+08', 'OUT-4')`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("imports the statement's trades once, however often the file comes", async () => {
    expect(await upload(teacher, "账单.csv", statement)).toMatchObject({ success: false });
    expect(await upload(finance, "账单.csv", statement)).toEqual(expect.objectContaining({ success: true, message: "导入成功：新增6笔交易" }));
    expect(await upload(finance, "账单.csv", statement)).toEqual(expect.objectContaining({ success: true, message: "导入成功：新增0笔交易，6笔已导入过" }));
    const [count] = await rows<{ n: number }>(`select count(*)::int as n from bill_wechat_trade where transaction_id like '42000000012030%'`);
    expect(count!.n).toBe(6);
    const [first] = await rows<{ amount: string; day: string }>(
      `select amount::text as amount, to_char(trade_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as day from bill_wechat_trade where out_trade_no = 'OUT-1'`,
    );
    expect(first).toEqual({ amount: "100.00", day: "2020-01-02 09:00:00" });
    expect((await upload(finance, "名单.csv", "姓名,金额\n张三,1")).message).toContain("不是微信支付交易账单");
  });

  it("imports the Excel statement (text cells with the backtick, summary lines) once, however often it comes", async () => {
    // March 2020: outside the period reconciled below.
    const workbook = await wechatStatementXlsx([
      { time: "2020-03-02 09:15:00", transactionId: "4200000001203003020000000101", outTradeNo: "XL-1", openId: "o-wx-1", amount: "1280.50" },
      { time: "2020-03-02 23:59:59", transactionId: "4200000001203003020000000102", outTradeNo: "XL-2", openId: "o-wx-2", amount: "0.01" },
      { time: "2020-03-03 00:00:00", transactionId: "4200000001203003030000000103", outTradeNo: "XL-3", openId: "o-wx-1", amount: "99999.99", state: "REFUND" },
    ]);
    expect(await upload(finance, "微信支付账单.xlsx", workbook)).toEqual(expect.objectContaining({ success: true, message: "导入成功：新增3笔交易" }));
    expect(await upload(finance, "微信支付账单.xlsx", workbook)).toEqual(expect.objectContaining({ success: true, message: "导入成功：新增0笔交易，3笔已导入过" }));
    const stored = await rows<{ transaction_id: string; out_trade_no: string; amount: string; trade_state: string; time: string }>(
      `select transaction_id, out_trade_no, amount::text as amount, trade_state, to_char(trade_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as time
       from bill_wechat_trade where out_trade_no like 'XL-%' order by out_trade_no`,
    );
    expect(stored).toEqual([
      { transaction_id: "4200000001203003020000000101", out_trade_no: "XL-1", amount: "1280.50", trade_state: "SUCCESS", time: "2020-03-02 09:15:00" },
      { transaction_id: "4200000001203003020000000102", out_trade_no: "XL-2", amount: "0.01", trade_state: "SUCCESS", time: "2020-03-02 23:59:59" },
      { transaction_id: "4200000001203003030000000103", out_trade_no: "XL-3", amount: "99999.99", trade_state: "REFUND", time: "2020-03-03 00:00:00" },
    ]);
  });

  it("reconciles: matched, differing, and missing on either side", async () => {
    const answer = await send(finance, "POST", "/billing/wechatTrade/reconcile", PERIOD);
    expect(answer.json.success).toBe(true);
    const result = answer.json.result;
    expect(result.matched).toBe(2);
    expect(result.differing).toEqual([expect.objectContaining({ outTradeNo: "OUT-3", tradeAmount: "301.00", paymentAmount: "300.00", paymentNo: "WX-PM3" })]);
    expect(result.missingPayments.map((row: { outTradeNo: string }) => row.outTradeNo).sort()).toEqual(["OUT-5", "OUT-6"]);
    expect(result.missingTrades).toEqual([expect.objectContaining({ paymentNo: "WX-PM4", outTradeNo: "OUT-4" })]);
    expect(result.unknownPayers).toBe(1);
    const reconciled = await rows<{ out_trade_no: string; payment_id: string }>(`select out_trade_no, payment_id from bill_wechat_trade where reconciled = 1 order by out_trade_no`);
    expect(reconciled).toEqual([
      { out_trade_no: "OUT-1", payment_id: "wx-m1" },
      { out_trade_no: "SHOP-2", payment_id: "wx-m2" },
    ]);
  });

  it("creates the missing payments once, even when asked twice at once", async () => {
    const answers = await Promise.all([1, 2].map(() => send(finance, "POST", "/billing/wechatTrade/createMissingPayments", PERIOD)));
    expect(answers.map((answer) => answer.json.result.created).sort()).toEqual([0, 1]);
    const created = await rows<{ payer_id: string; amount: string; channel: string; trade_no: string; status: string }>(
      `select payer_id, amount::text as amount, channel, trade_no, status from bill_payment where trade_no = 'OUT-5'`,
    );
    expect(created).toEqual([{ payer_id: "wx-p1", amount: "500.50", channel: "1", trade_no: "OUT-5", status: "1" }]);
    const again = await send(finance, "POST", "/billing/wechatTrade/reconcile", PERIOD);
    expect(again.json.result.matched).toBe(3);
    expect(again.json.result.missingPayments.map((row: { outTradeNo: string }) => row.outTradeNo)).toEqual(["OUT-6"]);
  });
});
