// The receipt's print view (/billing/receipt/print?id=): plain HTML with print CSS for A5 paper and
// no script, printed with the browser's print. Opening it counts one print (the backend's
// `POST /billing/receipt/print`, receipt:print); every print after the first is marked 补打 (a copy)
// with its count, a reissued receipt names the voided one it replaces, and a voided one is refused.
import { z } from "zod";
import { formatMoney } from "#contract/money";
import type { Route } from "./+types/receipt-print";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { escapeHtml as escape } from "~/services/print-sheet";

const receiptSchema = z.object({
  receiptNo: z.string(),
  paymentNo: z.string(),
  payerName: z.string().nullable(),
  amount: z.string(),
  amountInWords: z.string(),
  issuedAt: z.string(),
  issuer: z.string().nullable(),
  printCount: z.number(),
  remark: z.string().nullable(),
  reissueOfNo: z.string().nullable().optional(),
  channel: z.string(),
  paidAt: z.string(),
  tradeNo: z.string().nullable(),
  paymentStatus: z.string(),
  bills: z.array(z.object({ billNo: z.string(), studentName: z.string().nullable(), schoolYear: z.string(), term: z.string(), amount: z.string() })),
});

/** dict payment_channel and school_term (the print view has no dictionary loader). */
const CHANNELS: Record<string, string> = { "1": "微信", "2": "支付宝", "3": "银行转账", "4": "现金" };
const TERMS: Record<string, string> = { "1": "上学期", "2": "下学期" };

/** yyyy-MM-dd HH:mm of a backend time (already in the school's zone when it is text). */
const shortTime = (value: string) => escape(value.replace("T", " ").slice(0, 16));

const STYLE = `
@page { size: A5 landscape; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "SimSun", "Songti SC", "WenQuanYi Zen Hei", serif; color: #000; margin: 0; padding: 16px; background: #f0f0f0; }
.sheet { width: 190mm; min-height: 128mm; margin: 0 auto; background: #fff; padding: 8mm 10mm; border: 1px solid #ccc; }
h1 { text-align: center; font-size: 22px; letter-spacing: 12px; margin: 0 0 4mm; }
.meta { display: flex; justify-content: space-between; font-size: 13px; margin-bottom: 3mm; }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th, td { border: 1px solid #000; padding: 2mm 3mm; text-align: left; vertical-align: top; }
th { width: 24mm; font-weight: normal; background: #fafafa; }
.amount-words { font-size: 16px; font-weight: bold; letter-spacing: 1px; }
.bills td, .bills th { font-size: 12px; }
.sign { display: flex; justify-content: space-between; margin-top: 6mm; font-size: 13px; }
.hint { text-align: center; color: #666; font-size: 12px; margin: 8px 0 0; }
.void { color: #c00; font-weight: bold; }
.copy { float: right; border: 2px solid #c00; color: #c00; font-weight: bold; padding: 1mm 3mm; font-size: 14px; }
@media print {
  body { background: #fff; padding: 0; }
  .sheet { border: none; width: auto; min-height: 0; padding: 0; }
  .hint { display: none; }
}`;

function page(receipt: z.infer<typeof receiptSchema>): string {
  const bills = receipt.bills
    .map((bill) => `<tr><td>${escape(bill.billNo)}</td><td>${escape(bill.studentName)}</td><td>${escape(bill.schoolYear)} ${escape(TERMS[bill.term] ?? bill.term)}</td><td>${escape(formatMoney(bill.amount))}</td></tr>`)
    .join("");
  // A refund (退费, a negative payment: docs/decisions/138) prints as a refund receipt.
  const refund = receipt.amount.trim().startsWith("-");
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>收据 ${escape(receipt.receiptNo)}</title><style>${STYLE}</style></head>
<body><main class="sheet">
${receipt.printCount > 1 ? `<div class="copy">补打（副本）第 ${receipt.printCount} 次打印</div>` : ""}
<h1>${refund ? "退费收据" : "收款收据"}</h1>
<div class="meta"><span>收据编号：${escape(receipt.receiptNo)}</span><span>开具日期：${shortTime(receipt.issuedAt).slice(0, 10)}</span></div>
<table>
<tr><th>${refund ? "退款对象" : "交款人"}</th><td colspan="3">${escape(receipt.payerName)}</td></tr>
<tr><th>${refund ? "退款金额（大写）" : "金额（大写）"}</th><td colspan="3" class="amount-words">人民币${escape(receipt.amountInWords)}</td></tr>
<tr><th>金额（小写）</th><td>${escape(formatMoney(receipt.amount, { currency: true }))}</td><th>付款方式</th><td>${escape(CHANNELS[receipt.channel] ?? receipt.channel)}</td></tr>
<tr><th>付款单号</th><td>${escape(receipt.paymentNo)}</td><th>付款时间</th><td>${shortTime(receipt.paidAt)}</td></tr>
${receipt.tradeNo ? `<tr><th>交易单号</th><td colspan="3">${escape(receipt.tradeNo)}</td></tr>` : ""}
${receipt.reissueOfNo ? `<tr><th>重开</th><td colspan="3">重开，原收据 ${escape(receipt.reissueOfNo)} 已作废</td></tr>` : ""}
${receipt.remark ? `<tr><th>备注</th><td colspan="3">${escape(receipt.remark)}</td></tr>` : ""}
${receipt.paymentStatus === "4" ? `<tr><th>状态</th><td colspan="3" class="void">该付款已冲销</td></tr>` : ""}
</table>
${bills ? `<table class="bills" style="margin-top:3mm"><tr><th>账单编号</th><th>学生</th><th>学期</th><th>金额</th></tr>${bills}</table>` : ""}
<div class="sign"><span>收款单位（盖章）：</span><span>开具人：${escape(receipt.issuer)}</span><span>第 ${receipt.printCount} 次打印</span></div>
</main>
<p class="hint">使用浏览器的打印（Ctrl+P）打印本收据，纸张 A5 横向。</p>
</body></html>`;
}

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/billing/receipt");
  const id = route.url.searchParams.get("id") ?? "";
  try {
    const { result } = await access.signedIn.api.post("/billing/receipt/print", receiptSchema, { id });
    return new Response(page(result), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    const failure = failureData(error);
    return new Response(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>收据</title></head><body><p>${escape(failure.failure.message)}</p></body></html>`, {
      status: failure.failure.kind === "forbidden" || failure.failure.kind === "no-permission" ? 403 : 404,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
}
