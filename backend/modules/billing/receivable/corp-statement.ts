// A corporation's statement for one receivable, as an .xlsx (exceljs): one row per bill item of
// the receivable's live bills, then the total (应收), 已收 and 余额, which are the receivable's own (recomputed from
// the bills in fen, never from the sheet).
import { loadExcelJs } from "../../../crud/excel/exceljs";
import { sql } from "drizzle-orm";
import type { Executor } from "../../../crud/context";

export interface StatementHeader {
  receivableNo: string;
  payerName: string;
  period: string;
  totalAmount: string;
  receivedAmount: string;
  balance: string;
}

export async function buildCorpStatement(executor: Executor, receivableId: string, header: StatementHeader): Promise<Buffer> {
  const rows = await executor.rows<{ bill_no: string; student_no: string | null; student_name: string | null; item: string; amount: string; allowance: string; payable: string }>(sql`
    select b.bill_no, s.student_no, s.name_cn as student_name, i.name as item,
           i.amount::text as amount, i.allowance::text as allowance, (i.amount - i.allowance)::text as payable
    from bill_bill b
    join bill_bill_item i on i.bill_id = b.id
    left join school_student s on s.id = b.student_id
    where b.receivable_id = ${receivableId} and b.status <> '4'
    order by b.bill_no, i.sort_no, i.id`);
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("对账单");
  sheet.columns = [
    { key: "billNo", width: 22 },
    { key: "studentNo", width: 14 },
    { key: "studentName", width: 14 },
    { key: "item", width: 16 },
    { key: "amount", width: 14, style: { numFmt: "#,##0.00" } },
    { key: "allowance", width: 14, style: { numFmt: "#,##0.00" } },
    { key: "payable", width: 14, style: { numFmt: "#,##0.00" } },
  ];
  sheet.addRow([`${header.payerName} 应收账单 ${header.receivableNo}`]).font = { bold: true, size: 14 };
  sheet.addRow([`期间: ${header.period}`]);
  sheet.addRow(["账单编号", "学号", "学生", "收费项目", "金额", "补贴", "应付金额"]).font = { bold: true };
  for (const row of rows) {
    // Cells hold numbers (what a spreadsheet sums); two decimals are exact as a double's text.
    sheet.addRow([row.bill_no, row.student_no, row.student_name, row.item, Number(row.amount), Number(row.allowance), Number(row.payable)]);
  }
  const total = sheet.addRow(["合计", null, null, null, null, null, Number(header.totalAmount)]);
  total.font = { bold: true };
  sheet.addRow(["已收金额", null, null, null, null, null, Number(header.receivedAmount)]).font = { bold: true };
  sheet.addRow(["余额", null, null, null, null, null, Number(header.balance)]).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
