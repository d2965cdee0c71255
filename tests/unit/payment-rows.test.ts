// The allocation and voucher grids' pure logic (app/components/billing/payment-rows.ts): sums in
// exact fen, the texts under the grids, and the contract's voucher check they share with the backend.
import { describe, expect, it } from "vitest";
import { voucherProblem } from "#contract/modules/billing";
import { allocationText, openBillText, voucherSumsText } from "../../app/components/billing/payment-rows";
import { parseJsonRows } from "../../app/components/widgets/grid/grid-value";

describe("payment and voucher grids", () => {
  it("sums allocations in fen against the payment", () => {
    expect(allocationText([{ billId: "a", amount: "0.1" }, { billId: "b", amount: "0.2" }], "1")).toBe("分配合计 0.30，未分配 0.70");
    expect(allocationText([{ billId: "a", amount: "100.01" }], "100")).toBe("分配合计 100.01 超过付款金额 100.00");
    expect(allocationText([{ billId: "a", amount: "x" }], "100")).toBe("请输入正确的分配金额");
    expect(openBillText({ id: "1", billNo: "BL1", studentName: "王小明", payable: "2000.25", paidAmount: "500" })).toBe("BL1 王小明 应付2,000.25 未付1,500.25");
    expect(parseJsonRows("nope")).toEqual([]);
  });

  it("shows both voucher sums and refuses an unbalanced voucher with them", () => {
    const entries = [
      { account: "银行存款", debit: "0.1", credit: "" },
      { account: "银行存款", debit: "0.2", credit: "" },
      { account: "学费收入", debit: "", credit: "0.31" },
    ];
    expect(voucherSumsText(entries)).toBe("借方合计 0.30，贷方合计 0.31（不平衡，差额 -0.01）");
    expect(voucherProblem(entries)).toBe("借贷不平衡：借方合计 0.30，贷方合计 0.31");
    entries[2]!.credit = "0.30";
    expect(voucherSumsText(entries)).toBe("借方合计 0.30，贷方合计 0.30（平衡）");
    expect(voucherProblem(entries)).toBeNull();
    expect(voucherProblem([entries[0]!])).toBe("请至少添加两条分录");
    expect(voucherProblem([{ account: "a", debit: "1", credit: "1" }, entries[2]!])).toBe("第1条分录只能填写借方或贷方其中一项");
    expect(voucherProblem([{ account: "", debit: "1", credit: "" }, entries[2]!])).toBe("第1条分录请输入科目");
  });
});
