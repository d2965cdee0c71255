// The statement's print view (/billing/statement/print?payerType=&payerId=&from=&to=): plain HTML
// with print CSS for A4 paper and no script, printed with the browser's print, like the receipt's
// (docs/decisions/160). Read through `GET /billing/statement/print` (statement:print).
import { formatMoney } from "#contract/money";
import type { StatementAnswer } from "#contract/modules/billing-statement";
import type { Route } from "./+types/statement-print";
import { statementSchema } from "~/components/billing/statement-schema";
import { requireMenuPage } from "~/services/menu-access.server";
import { failureData } from "~/services/route-errors.server";
import { escapeHtml as escape } from "~/services/print-sheet";

/** An amount, blank when nothing moved. */
const cell = (value: string) => (value === "0.00" ? "" : escape(formatMoney(value)));

const STYLE = `
@page { size: A4 portrait; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "SimSun", "Songti SC", "WenQuanYi Zen Hei", serif; color: #000; margin: 0; padding: 16px; background: #f0f0f0; }
.sheet { width: 210mm; min-height: 297mm; margin: 0 auto; background: #fff; padding: 12mm; border: 1px solid #ccc; }
h1 { text-align: center; font-size: 22px; letter-spacing: 12px; margin: 0 0 4mm; }
.meta { display: flex; justify-content: space-between; font-size: 13px; margin-bottom: 3mm; }
table { width: 100%; border-collapse: collapse; font-size: 11px; }
th, td { border: 1px solid #000; padding: 1.5mm 2mm; text-align: left; vertical-align: top; }
th { font-weight: normal; background: #fafafa; }
td.money, th.money { text-align: right; white-space: nowrap; }
td.time { white-space: nowrap; }
tr.total td { font-weight: bold; }
.figures { margin-bottom: 4mm; }
.figures td { font-size: 13px; }
.note { font-size: 12px; margin-top: 3mm; }
.sign { display: flex; justify-content: space-between; margin-top: 8mm; font-size: 13px; }
.hint { text-align: center; color: #666; font-size: 12px; margin: 8px 0 0; }
@media print {
  body { background: #fff; padding: 0; }
  .sheet { border: none; width: auto; min-height: 0; padding: 0; }
  .hint { display: none; }
  thead { display: table-header-group; }
}`;

function page(statement: StatementAnswer): string {
  const lines = statement.lines
    .map(
      (line) =>
        `<tr><td class="time">${escape(line.at)}</td><td>${escape(line.kindText)}</td><td>${escape(line.number)}</td><td>${escape(line.summary)}</td><td class="money">${cell(line.charged)}</td><td class="money">${cell(line.received)}</td><td class="money">${escape(formatMoney(line.balance))}</td></tr>`,
    )
    .join("");
  const unallocated = statement.unallocated.map((payment) => `${escape(payment.number)} ${escape(formatMoney(payment.amount))}`).join("；");
  return `<!DOCTYPE html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>对账单 ${escape(statement.payerName)}</title><style>${STYLE}</style></head>
<body><main class="sheet">
<h1>对账单</h1>
<div class="meta"><span>付款方：${escape(statement.payerName)}</span><span>期间：${escape(statement.from)} 至 ${escape(statement.to)}</span></div>
<table class="figures"><tr><th>期初余额</th><td class="money">${escape(formatMoney(statement.opening, { currency: true }))}</td><th>本期应收</th><td class="money">${escape(formatMoney(statement.charged, { currency: true }))}</td><th>本期已收</th><td class="money">${escape(formatMoney(statement.received, { currency: true }))}</td><th>期末余额</th><td class="money closing">${escape(formatMoney(statement.closing, { currency: true }))}</td></tr></table>
<table class="lines">
<thead><tr><th>日期</th><th>类型</th><th>单号</th><th>摘要</th><th class="money">应收</th><th class="money">已收</th><th class="money">余额</th></tr></thead>
<tbody>
<tr class="total"><td>${escape(statement.from)}</td><td colspan="5">期初余额</td><td class="money">${escape(formatMoney(statement.opening))}</td></tr>
${lines}
<tr class="total"><td>${escape(statement.to)}</td><td colspan="3">本期合计 / 期末余额</td><td class="money">${escape(formatMoney(statement.charged))}</td><td class="money">${escape(formatMoney(statement.received))}</td><td class="money">${escape(formatMoney(statement.closing))}</td></tr>
</tbody></table>
${unallocated ? `<p class="note">未分配的付款（不计入余额）：${unallocated}</p>` : ""}
<p class="note">余额 = 应收 − 已收。账单按开具日期、付款按付款时间列出；如有疑问请与学校财务联系。</p>
<div class="sign"><span>学校财务（盖章）：</span><span>付款方确认：</span></div>
</main>
<p class="hint">使用浏览器的打印（Ctrl+P）打印本对账单，纸张 A4 纵向。</p>
</body></html>`;
}

export async function loader(route: Route.LoaderArgs) {
  const access = await requireMenuPage(route, "/billing/statement");
  const search = route.url.searchParams;
  const query = Object.fromEntries(["payerType", "payerId", "from", "to"].map((name) => [name, search.get(name) ?? ""]).filter(([, value]) => value !== ""));
  try {
    const { result } = await access.signedIn.api.get("/billing/statement/print", statementSchema, query);
    return new Response(page(result), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
  } catch (error) {
    const failure = failureData(error);
    return new Response(`<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>对账单</title></head><body><p>${escape(failure.failure.message)}</p></body></html>`, {
      status: failure.failure.kind === "forbidden" || failure.failure.kind === "no-permission" ? 403 : 400,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  }
}
