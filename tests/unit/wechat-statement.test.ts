// The WeChat Pay statement (backend/modules/billing/wechat-trade/wechat-statement.ts): the real
// format with its backtick-prefixed fields and summary lines; and the reconciliation's matching
// (by outTradeNo, then amount + payer + day).
import { describe, expect, it } from "vitest";
import { csvRows, parseStatement } from "../../backend/modules/billing/wechat-trade/wechat-statement";
import { reconcile } from "../../backend/modules/billing/wechat-trade/reconcile";
import { wechatStatementCsv } from "../support/wechat-statement";

const csv = wechatStatementCsv([
  { time: "2026-09-01 10:15:02", transactionId: "4200002001202609011234567890", outTradeNo: "PM202609010001", openId: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", amount: "38000.00" },
  { time: "2026-09-01 11:00:00", transactionId: "4200002001202609011234567891", outTradeNo: "", openId: "oUpF8uN2", amount: "0.01", state: "REFUND", goods: "校车 9月" },
]);

describe("WeChat Pay statement", () => {
  it("reads the trades without their backticks and stops at the summary lines", () => {
    const parsed = parseStatement(csvRows(csv));
    expect(parsed.declaredCount).toBe(2);
    expect(parsed.problems).toEqual([]);
    expect(parsed.trades).toHaveLength(2);
    expect(parsed.trades[0]).toEqual({
      tradeTime: "2026-09-01 10:15:02",
      transactionId: "4200002001202609011234567890",
      outTradeNo: "PM202609010001",
      openId: "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o",
      tradeState: "SUCCESS",
      amountFen: 3_800_000n,
      refundFen: 0n,
      goodsName: "学费",
      attach: "",
    });
    expect(parsed.trades[1]).toMatchObject({ tradeState: "REFUND", amountFen: 1n, outTradeNo: "" });
  });

  it("names a row it cannot read, and refuses a file that is not a statement", () => {
    const broken = csv.replace("`38000.00", "`38,000.00");
    expect(parseStatement(csvRows(broken)).problems[0]?.message).toBe("第2行的交易时间、微信订单号或金额格式不正确");
    expect(() => parseStatement(csvRows("姓名,金额\n张三,1"))).toThrow("不是微信支付交易账单");
  });

  it("names a trade dated later than now: a statement holds only what happened (docs/decisions/178)", () => {
    expect(parseStatement(csvRows(csv), "2026-09-01 11:00:00").problems).toEqual([]);
    expect(parseStatement(csvRows(csv), "2026-09-01 10:59:59").problems).toEqual([{ line: 3, message: "第3行的交易时间 2026-09-01 11:00:00 晚于当前时间：账单只含已发生的交易" }]);
  });
});

describe("reconciliation", () => {
  it("matches by outTradeNo, then by amount, payer and day, and lists what differs or is missing", () => {
    const result = reconcile(
      [
        { id: "t1", outTradeNo: "PM1", amountFen: 100n, payerId: "p1", day: "2026-09-01" },
        { id: "t2", outTradeNo: "PM2", amountFen: 200n, payerId: "p1", day: "2026-09-01" },
        { id: "t3", outTradeNo: "X-UNKNOWN", amountFen: 300n, payerId: "p2", day: "2026-09-02" },
        { id: "t4", outTradeNo: "", amountFen: 400n, payerId: "p3", day: "2026-09-03" },
      ],
      [
        { id: "m1", tradeNo: "PM1", amountFen: 100n, payerId: "p1", day: "2026-09-01" },
        { id: "m2", tradeNo: "PM2", amountFen: 250n, payerId: "p1", day: "2026-09-01" },
        { id: "m3", tradeNo: null, amountFen: 300n, payerId: "p2", day: "2026-09-02" },
        { id: "m4", tradeNo: "PM4", amountFen: 500n, payerId: "p9", day: "2026-09-04" },
      ],
    );
    expect(result.matched).toEqual([
      { tradeId: "t1", paymentId: "m1", by: "outTradeNo" },
      { tradeId: "t3", paymentId: "m3", by: "amountPayerDay" },
    ]);
    expect(result.differing).toEqual([{ tradeId: "t2", paymentId: "m2" }]);
    expect(result.missingPayments).toEqual(["t4"]);
    expect(result.missingTrades).toEqual(["m4"]);
  });
});
