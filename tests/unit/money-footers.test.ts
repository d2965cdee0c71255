// Exact money on every screen (issue #32 item 2): the one formatter (contract/money.ts formatMoney)
// and every 合计 footer of the money grids (bill items, payment allocation, voucher entries, order
// lines), fed `.50` and `.05` amounts: the footers add exact decimals and never drop them.
import { describe, expect, it } from "vitest";
import { formatMoney, formatQuantity, sumAmounts } from "#contract/money";
import { billModule, paymentModule, receiptModule, voucherModule, receivableModule } from "#contract/modules/billing";
import { columnsOf as billItemColumns, totalsText } from "../../app/components/billing/bill-items";
import { allocationColumns, allocationText, VOUCHER_COLUMNS, voucherSumsText } from "../../app/components/billing/payment-rows";
import { columnsOf as orderLineColumns, totalText } from "../../app/components/shop/order-lines";
import { statisticText } from "../../app/components/widgets/grid/numbers";
import type { GridColumn, GridRow } from "../../app/components/widgets/grid/types";
import { modulePage } from "../../app/components/widgets/list/module-page";

/** Rows whose amounts in `key` end in .50 and .05: 58,152.50 + 24,847.50 + 0.05 + 1,000.05. */
function rowsOf(key: string): GridRow[] {
  return ["58152.50", "24847.50", "0.05", "1000.05"].map((amount, index) => ({ id: String(index), [key]: amount }));
}

const GRIDS: Array<[name: string, columns: readonly GridColumn[]]> = [
  ["bill items", billItemColumns([])],
  ["payment allocation", allocationColumns([])],
  ["voucher entries", VOUCHER_COLUMNS],
  ["order lines", orderLineColumns([])],
];

describe("the money formatter", () => {
  it("shows thousands separators and two decimals, ¥ where a currency is shown", () => {
    expect(formatMoney("58152.5")).toBe("58,152.50");
    expect(formatMoney(58152.5)).toBe("58,152.50");
    expect(formatMoney(7_999_950n)).toBe("79,999.50");
    expect(formatMoney("0.05")).toBe("0.05");
    expect(formatMoney("-1234567.05", { currency: true })).toBe("-¥1,234,567.05");
    expect(formatMoney("4321301.25", { currency: true })).toBe("¥4,321,301.25");
    expect(formatMoney("999")).toBe("999.00");
    expect(formatMoney(null)).toBe("");
    expect(formatMoney("")).toBe("");
    expect(formatMoney("n/a")).toBe("n/a");
  });

  it("sums on exact decimals, never floats", () => {
    expect(sumAmounts(["0.1", "0.2", "", null, "x"])).toBe(30n);
    expect(sumAmounts(Array.from({ length: 1000 }, () => "0.05"))).toBe(5000n);
  });

  it("shows whole quantities as integers", () => {
    expect(formatQuantity("2.00")).toBe("2");
    expect(formatQuantity("1")).toBe("1");
    expect(formatQuantity("1.50")).toBe("1.50");
    expect(formatQuantity("")).toBe("");
  });
});

describe("every 合计 footer keeps the decimals", () => {
  for (const [name, columns] of GRIDS) {
    it(`${name}: every column with statistics is money and adds .50 and .05 exactly`, () => {
      const summed = columns.filter((column) => (column.statistics?.length ?? 0) > 0);
      expect(summed.length).toBeGreaterThan(0);
      for (const column of summed) {
        expect(column.money, `${name} ${column.key}`).toBe(true);
        expect(statisticText(rowsOf(column.key), column, "sum")).toBe("84,000.10");
        expect(statisticText(rowsOf(column.key), column, "average")).toBe("21,000.03");
      }
    });
  }

  it("a number column that is not money keeps spec §5 (integer parts)", () => {
    expect(statisticText(rowsOf("n"), { key: "n" }, "sum")).toBe("83999");
  });

  it("the lines under the grids add the same way", () => {
    const amounts = ["58152.50", "24847.50", "0.05", "1000.05"];
    expect(totalsText(amounts.map((amount) => ({ name: "x", quantity: "1", unitPrice: amount, allowance: "0.05" })))).toBe("合计 84,000.10，补贴 0.20，应付 83,999.90");
    expect(allocationText(amounts.map((amount, index) => ({ billId: String(index), amount })), "84000.60")).toBe("分配合计 84,000.10，未分配 0.50");
    const entries = [
      ...amounts.map((amount) => ({ account: "银行存款", debit: amount, credit: "" })),
      { account: "学费收入", debit: "", credit: "84000.60" },
    ];
    expect(voucherSumsText(entries)).toBe("借方合计 84,000.10，贷方合计 84,000.60（不平衡，差额 -0.50）");
    const commodities = amounts.map((price, index) => ({ id: String(index), name: `c${index}`, price, stock: 9 }));
    expect(totalText(amounts.map((_, index) => ({ commodityId: String(index), quantity: "1" })), commodities)).toBe("合计 84,000.10（以提交后系统计算为准）");
  });
});

describe("lists and details show amounts one way", () => {
  it("renders every money field of the fee modules with the formatter, in the list and the detail", () => {
    for (const definition of [billModule, paymentModule, receiptModule, voucherModule, receivableModule]) {
      const page = modulePage(definition);
      const moneyFields = Object.entries(definition.fields).filter(([, field]) => field.money);
      expect(moneyFields.length, definition.title).toBeGreaterThan(0);
      for (const [property] of moneyFields) {
        const column = page.columns.find((candidate) => candidate.dataIndex === property);
        if (column) expect(column.render?.(58152.5, { id: "1" }), `${definition.title} ${property}`).toBe("58,152.50");
        const field = page.formFields({}).find((candidate) => candidate.name === property);
        if (field) expect(field.detail?.({ [property]: "24847.5" }), `${definition.title} ${property}`).toBe("24,847.50");
      }
    }
  });

  it("shows a negative amount (red figures: a reversing voucher's) in red, in the list and the detail", () => {
    const page = modulePage(voucherModule);
    const red = (node: unknown) => {
      const element = node as { props?: { className?: string; children?: unknown } };
      return { className: element.props?.className, text: element.props?.children };
    };
    expect(red(page.columns.find((column) => column.dataIndex === "debitTotal")!.render!(-1200.5, { id: "1" }))).toEqual({ className: "money-negative", text: "-1,200.50" });
    expect(red(page.formFields({}).find((field) => field.name === "creditTotal")!.detail!({ creditTotal: "-0.05" }))).toEqual({ className: "money-negative", text: "-0.05" });
    expect(page.columns.find((column) => column.dataIndex === "debitTotal")!.render!(0, { id: "1" })).toBe("0.00");
  });
});
