// What the history of money records holds (docs/decisions/070): a bill's snapshot carries its items,
// a payment's its allocations, so that a change of either shows on the record's 历史 tab, whether it
// came through the form or through a workflow (generation, allocation, 冲销, 作废).
import { sql } from "drizzle-orm";
import type { HistorySource } from "../../crud/history";

export const BillHistory: HistorySource = {
  table: "bill_bill",
  // Its instalments too (docs/decisions/159): a 分期 or a late fee moving them shows on 历史.
  extra: sql`jsonb_build_object('items', (select string_agg(i.name || ' ' || i.amount::text || case when i.allowance <> 0 then ' -' || i.allowance::text else '' end, '；' order by i.sort_no, i.id) from bill_bill_item i where i.bill_id = t.id),
                                'instalments', (select string_agg(to_char(n.due_date, 'YYYY-MM-DD') || ' ' || n.amount::text, '；' order by n.seq) from bill_instalment n where n.bill_id = t.id))`,
};

export const PaymentHistory: HistorySource = {
  table: "bill_payment",
  extra: sql`jsonb_build_object('allocations', (select string_agg(b.bill_no || ' ' || a.amount::text, '；' order by a.sort_no, a.id) from bill_payment_allocation a join bill_bill b on b.id = a.bill_id where a.payment_id = t.id))`,
};

export const ReceivableHistory: HistorySource = { table: "bill_receivable" };

/** Labels of what the snapshots add. */
export const HistoryLabels = { items: "账单明细", allocations: "分配明细", instalments: "分期" } as const;
