// 凭证 (/billing/voucher): accounting vouchers with their double-entry lines (a grid on the page).
// Saving requires debits = credits to the fen (contract voucherProblem, the refusal names both
// sums); the backend sums the lines itself. 过账 (voucher:post) locks a voucher: edits are refused
// on the locked row, so a post racing an edit never lets the edit through. Nothing numbered is
// deleted (docs/decisions/156): a draft is voided (作废, voucher:void) with a reason and keeps its
// number; a posted voucher is corrected by a red reversing voucher (冲销, voucher:reverse,
// docs/decisions/165) and becomes 已冲销.
import { sql } from "drizzle-orm";
import { ReasonMessages, reversalSummary, voucherModule, VoucherMessages, voucherProblem, voucherSums, VoucherStatus, type VoucherEntryInput } from "#contract/modules/billing";
import { fenToYuan, toFen } from "#contract/money";
import { billVoucher } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { historyAdded, historyReason, updateWithHistory, withHistory } from "../../../crud/history";
import { schoolDay } from "../../system/fill-rule/fill-number";

const VOUCHER_NO_RULE = "voucher_no";

/** The body's lines as the contract checks them; refuses the first problem. */
function entriesOf(body: Record<string, unknown>): VoucherEntryInput[] {
  const raw = Array.isArray(body.entries) ? body.entries : [];
  if (raw.length > 200) throw new ApiError("分录不能超过200条");
  const entries = raw.map((item) => {
    const row = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "");
    return { account: text(row.account).slice(0, 100), debit: text(row.debit), credit: text(row.credit), remark: text(row.remark).slice(0, 255) };
  });
  const problem = voucherProblem(entries);
  if (problem) throw new ApiError(problem);
  return entries;
}

export const voucherCrud = createModuleCrud(voucherModule, {
  table: billVoucher,
  entity: { tenantColumn: "tenant_id" },
  excel: { operations: ["export"] },
  hooks: {
    prepare: (prepared) => {
      const sums = voucherSums(entriesOf(prepared.body));
      Object.assign(prepared.values, { debitTotal: fenToYuan(sums.debit), creditTotal: fenToYuan(sums.credit) });
    },
    beforeSave: async (save) => {
      if (save.operation === "edit") {
        const [row] = await save.tx.rows<{ status: string }>(sql`select status from bill_voucher where id = ${save.id} for update`);
        if (row?.status === VoucherStatus.posted) throw new ApiError(VoucherMessages.posted);
        if (row?.status === VoucherStatus.void) throw new ApiError(VoucherMessages.voided);
        if (row?.status === VoucherStatus.reversed) throw new ApiError(VoucherMessages.reversed);
        return;
      }
      const voucherNo = await nextNumber(save.tx, save.tenantId, VOUCHER_NO_RULE, save.services.config.schoolTimeZone);
      Object.assign(save.values, { voucherNo, status: VoucherStatus.draft });
    },
    afterSave: async (save) => {
      const entries = entriesOf(save.body);
      await save.tx.rows(sql`delete from bill_voucher_entry where voucher_id = ${save.id}`);
      const rows = entries.map((entry, index) => ({
        id: newId(),
        voucher_id: save.id,
        account: entry.account,
        debit: fenToYuan(toFen(entry.debit || "0")),
        credit: fenToYuan(toFen(entry.credit || "0")),
        remark: entry.remark || null,
        sort_no: index,
      }));
      await save.tx.rows(sql`
        insert into bill_voucher_entry (id, voucher_id, account, debit, credit, remark, sort_no)
        select r.id, r.voucher_id, r.account, r.debit, r.credit, r.remark, r.sort_no
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(id varchar, voucher_id varchar, account varchar, debit numeric, credit numeric, remark varchar, sort_no integer)`);
    },
  },
});

export const voucherEndpoints: Endpoint[] = [
  ...voucherCrud.endpoints,
  endpoint("GET", "/billing/voucher/entries", menuAccess(voucherModule.page), async (request) => {
    const context = crudContext(request);
    const id = singleId(request.query.voucherId);
    const voucher = id ? await voucherCrud.findById(context, id) : undefined;
    if (!voucher || !id) throw notFound();
    const rows = await context.services.db.rows(sql`
      select account, case when debit = 0 then '' else debit::text end as debit, case when credit = 0 then '' else credit::text end as credit,
             coalesce(remark, '') as remark
      from bill_voucher_entry where voucher_id = ${id} order by sort_no, id`);
    return ok(rows);
  }, { doc: { summary: "凭证的分录" } }),
  endpoint("POST", "/billing/voucher/post", "voucher:post", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    await inTransaction(context.services.db, async (tx) => {
      const [voucher] = await tx.rows<{ status: string }>(sql`select status from bill_voucher where id = ${id} and tenant_id = ${context.tenantId} for update`);
      if (!voucher) throw notFound();
      if (voucher.status === VoucherStatus.posted || voucher.status === VoucherStatus.reversed) throw new ApiError(VoucherMessages.postedAlready);
      if (voucher.status === VoucherStatus.void) throw new ApiError(VoucherMessages.voided);
      await withHistory(tx, voucherCrud.historyActor(context), voucherCrud.history, [id], { action: "post" }, () =>
        tx.rows(sql`
          update bill_voucher set status = ${VoucherStatus.posted}, posted_by = ${context.username.slice(0, 32)}, posted_at = now(),
                 update_by = ${context.username.slice(0, 32)}, update_time = now()
          where id = ${id}`),
      );
    });
    return okMessage("过账成功");
  }, { doc: { summary: "凭证过账" } }),
  // 作废 of a draft: the voucher stays with its number, its state and the reason (no gap in the series).
  endpoint("POST", "/billing/voucher/void", "voucher:void", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = historyReason(request.body);
    if (!reason) throw new ApiError(ReasonMessages.void);
    const username = context.username.slice(0, 32);
    await inTransaction(context.services.db, async (tx) => {
      // Under the row's lock, as 过账 and 编辑 take it: a void racing a post sees the post.
      const [voucher] = await tx.rows<{ status: string }>(sql`select status from bill_voucher where id = ${id} and tenant_id = ${context.tenantId} for update`);
      if (!voucher) throw notFound();
      if (voucher.status === VoucherStatus.posted) throw new ApiError(VoucherMessages.voidPosted);
      if (voucher.status === VoucherStatus.void) throw new ApiError(VoucherMessages.voidedAlready);
      if (voucher.status === VoucherStatus.reversed) throw new ApiError(VoucherMessages.reversed);
      const history = { ...voucherCrud.historyActor(context), action: "void", reason };
      await updateWithHistory(tx, history, voucherCrud.history, [id], history, sql`
        update bill_voucher v set status = ${VoucherStatus.void}, void_reason = ${reason.slice(0, 255)}, voided_by = ${username}, voided_at = now(),
               update_by = ${username}, update_time = now()
        where v.id = ${id}
        returning v.*`);
    });
    return okMessage("作废成功");
  }, { doc: { summary: "作废凭证" } }),
  // 红字冲销 of a posted voucher (docs/decisions/165): in one transaction, a new posted voucher dated
  // today with the same accounts and every amount negated, and the original 已冲销, linked each way.
  endpoint("POST", "/billing/voucher/reverse", "voucher:reverse", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = historyReason(request.body);
    if (!reason) throw new ApiError(ReasonMessages.reverse);
    const username = context.username.slice(0, 32);
    const timeZone = context.services.config.schoolTimeZone;
    const reversalNo = await inTransaction(context.services.db, async (tx) => {
      // The original's row lock: of two reversals at once, the second sees 已冲销.
      const [voucher] = await tx.rows<{ voucher_no: string; status: string; reversal_of: string | null; debit_total: string; credit_total: string }>(sql`
        select voucher_no, status, reversal_of, debit_total::text, credit_total::text
        from bill_voucher where id = ${id} and tenant_id = ${context.tenantId} for update`);
      if (!voucher) throw notFound();
      if (voucher.status === VoucherStatus.reversed) throw new ApiError(VoucherMessages.reversed);
      if (voucher.status !== VoucherStatus.posted) throw new ApiError(VoucherMessages.reverseDraft);
      if (voucher.reversal_of) throw new ApiError(VoucherMessages.reverseReversal);
      const redId = newId();
      const redNo = await nextNumber(tx, context.tenantId, VOUCHER_NO_RULE, timeZone);
      const { year, month, day } = schoolDay(new Date(), timeZone);
      await tx.rows(sql`
        insert into bill_voucher (id, tenant_id, voucher_no, voucher_date, summary, debit_total, credit_total, status, posted_by, posted_at,
                                  reversal_of, reversal_of_no, create_by, create_time)
        values (${redId}, ${context.tenantId}, ${redNo}, ${`${year}-${month}-${day}`}, ${reversalSummary(voucher.voucher_no, reason)},
                -(${voucher.debit_total}::numeric), -(${voucher.credit_total}::numeric), ${VoucherStatus.posted}, ${username}, now(),
                ${id}, ${voucher.voucher_no}, ${username}, now())`);
      // The same lines in the same order, red: each amount negated (a side left empty stays 0).
      await tx.rows(sql`
        insert into bill_voucher_entry (id, voucher_id, account, debit, credit, remark, sort_no)
        select md5(${redId} || e.id), ${redId}, e.account, -e.debit, -e.credit, e.remark, e.sort_no
        from bill_voucher_entry e where e.voucher_id = ${id}`);
      const history = { ...voucherCrud.historyActor(context), action: "reverse", reason };
      await historyAdded(tx, history, voucherCrud.history, [redId], history);
      await updateWithHistory(tx, history, voucherCrud.history, [id], history, sql`
        update bill_voucher v set status = ${VoucherStatus.reversed}, reversal_id = ${redId}, reversal_no = ${redNo},
               reverse_reason = ${reason.slice(0, 255)}, reversed_by = ${username}, reversed_at = now(), update_by = ${username}, update_time = now()
        where v.id = ${id}
        returning v.*`);
      return redNo;
    });
    return okMessage(`冲销成功，红字凭证 ${reversalNo}`);
  }, { doc: { summary: "红字冲销凭证" } }),
];
