// 账单 (/billing/bill): bills with their items (a grid on the page). The backend prices every
// item and recomputes the totals (never trusted from the form), numbers new bills, keeps one
// live bill per student and term, and files each bill under its payer's receivable. A bill with
// payments is voided (作废), not deleted. 生成账单: preview, then one transaction.
import { sql } from "drizzle-orm";
import { BillKind, billModule, BillingMessages, ReasonMessages } from "#contract/modules/billing";
import { billBill } from "../../../db/schema";
import type { SaveContext } from "../../../crud/engine";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, databaseExecutor, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import "../student-dictionary";
import { fenToYuan, MoneyFormatError, toFen } from "#contract/money";
import { addNames, namesOf } from "../billing-names";
import { PayerType, priceItems } from "./bill-plan";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";
import { insertJsonRows, NumberRule, receivablePeriod, receivablesFor, recomputeReceivables, refreshBills } from "./bill-store";
import { historyReason, withHistory, type HistoryChange } from "../../../crud/history";
import { BillHistory, HistoryLabels } from "../history-sources";
import { ageingBillCondition, ageingDate } from "../receivable/ageing";
import { checkGenerationRequest, generateBills, previewGeneration } from "./bill-generation";
import { instalmentsOf, InstalmentMessages, replanInstalments, replanRequest, resplitInstalments } from "./instalments";
import { LATE_FEE_KIND } from "./late-fee";

export const BILL_PAGE = billModule.page;
/** dict bill_status. */
export const BillStatus = { unpaid: "1", partial: "2", paid: "3", void: "4" } as const;

export const BillMessages = {
  noItems: BillingMessages.noItems,
  tooManyItems: "账单明细不能超过100条",
  itemName: "请输入明细名称",
  badItem: (row: number) => `第${row}条明细的数量、单价或补贴格式不正确`,
  billedAlready: (billNo: string) => `该学生本学期已有账单 ${billNo}，不能重复创建`,
  locked: "已付款、部分付款或已作废的账单不能修改",
  activityBill: "活动账单随报名确认生成，不能修改或删除；请在报名中取消报名，或使用退费",
  activityBillVoid: "活动账单随报名取消作废，请在报名中取消报名，或使用退费",
  hasPayments: "已有付款的账单不能删除，请使用作废",
  voidedAlready: "该账单已作废",
  unknownStudent: "学生不存在",
  noPayer: "该学生没有付款人，请先在学生信息中设置付款家长或付费企业",
  voided: "作废成功",
  reduceReason: "请输入减免原因",
  reduceAmount: "请输入减免金额，最多两位小数",
  reduceTooMuch: (open: string) => `减免金额不能超过账单未付金额 ${open}`,
  reduced: "减免成功",
  lateFees: "已计滞纳金的账单不能修改，请使用减免或作废",
  generated: (created: number, skipped: number, extended = 0, noPayer = 0) =>
    `已生成${created}张账单${extended ? `，${extended}张已有活动费用的账单加入了本学期项目` : ""}${skipped ? `，跳过${skipped}名已有账单的学生` : ""}${noPayer ? `，${noPayer}名学生无付款人未生成` : ""}`,
} as const;

interface ItemInput {
  projectId: string | null;
  name: string;
  quantity: unknown;
  unitPrice: unknown;
  allowance: unknown;
}

/** The body's items, priced: amounts, capped allowances and totals, all computed here. */
function pricedItems(body: Record<string, unknown>) {
  const raw = body.items;
  if (!Array.isArray(raw) || raw.length === 0) throw new ApiError(BillMessages.noItems);
  if (raw.length > 100) throw new ApiError(BillMessages.tooManyItems);
  const inputs: ItemInput[] = raw.map((item) => {
    const row = (item && typeof item === "object" ? item : {}) as Record<string, unknown>;
    const name = typeof row.name === "string" ? row.name.trim() : "";
    if (!name || name.length > 100) throw new ApiError(BillMessages.itemName);
    return {
      projectId: typeof row.projectId === "string" && row.projectId ? row.projectId : null,
      name,
      quantity: row.quantity ?? "1",
      unitPrice: row.unitPrice,
      allowance: row.allowance === null || row.allowance === "" || row.allowance === undefined ? "0" : row.allowance,
    };
  });
  try {
    const priced = priceItems(inputs);
    return { inputs, ...priced };
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    const row = inputs.findIndex((input) => {
      try {
        priceItems([input]);
        return false;
      } catch {
        return true;
      }
    });
    throw new ApiError(BillMessages.badItem(row + 1));
  }
}

/** The student's payer (bill-plan.ts payerOf) when the body names none. */
async function defaultPayer(save: SaveContext): Promise<void> {
  // A bill named a payer keeps it; a bill without one (made before its student had a payer) takes
  // the student's when saved again, and so finds its receivable (docs/decisions/071).
  if (save.values.payerId || (save.existing?.payerId && !save.values.payerType)) return;
  const [student] = await save.tx.rows<{ corp_id: string | null; parent_id: string | null }>(sql`
    select s.corp_id, (select sp.parent_id from school_student_parent sp where sp.student_id = s.id and sp.is_payer limit 1) as parent_id
    from school_student s where s.id = ${String(save.values.studentId)} and s.tenant_id = ${save.tenantId}`);
  if (!student) throw new ApiError(BillMessages.unknownStudent);
  // Every amount is owed by someone: no bill for a student nobody pays for (issue #32 item 1).
  if (!student.corp_id && !student.parent_id) throw new ApiError(BillMessages.noPayer);
  Object.assign(save.values, student.corp_id ? { payerType: PayerType.corporation, payerId: student.corp_id } : { payerType: PayerType.parent, payerId: student.parent_id });
}

async function fileUnderReceivable(save: SaveContext): Promise<void> {
  await defaultPayer(save);
  const payerType = (save.values.payerType ?? save.existing?.payerType) as string | null | undefined;
  const payerId = (save.values.payerId ?? save.existing?.payerId) as string | null | undefined;
  const schoolYear = String(save.values.schoolYear ?? save.existing?.schoolYear);
  const term = String(save.values.term ?? save.existing?.term);
  if (!payerType || !payerId) {
    save.values.receivableId = null;
    return;
  }
  const kind = payerType === "2" ? "corporation" : "parent";
  const payerName = (await namesOf(save, kind, [payerId], save.tx)).get(payerId)?.name ?? null;
  const receivables = await receivablesFor(
    save.tx,
    { tenantId: save.tenantId, timeZone: save.services.config.schoolTimeZone, createdBy: save.username },
    receivablePeriod(schoolYear, term),
    [{ payerType, payerId, payerName }],
    { tenantId: save.tenantId, username: save.username, action: save.operation },
  );
  save.values.receivableId = receivables.get(`${payerType}\u0000${payerId}`) ?? null;
}

export const billCrud = createModuleCrud(billModule, {
  history: { extra: BillHistory.extra, labels: { items: HistoryLabels.items, instalments: HistoryLabels.instalments } },
  table: billBill,
  entity: { tenantColumn: "tenant_id" },
  // Bills are made by generation or by hand with their items, not from a sheet.
  excel: { operations: ["export"] },
  hooks: {
    prepare: (prepared) => {
      const priced = pricedItems(prepared.body);
      Object.assign(prepared.values, { total: priced.total, allowanceTotal: priced.allowanceTotal, payable: priced.payable });
    },
    beforeSave: async (save) => {
      if (save.operation === "edit" && (save.existing?.status !== BillStatus.unpaid || Number(save.existing?.paidAmount ?? 0) !== 0))
        throw new ApiError(BillMessages.locked);
      // An activity's bill is its sign-up's: made on 确认, voided or refunded on 取消 (docs/decisions/138).
      if (save.operation === "edit" && save.existing?.kind === BillKind.activity) throw new ApiError(BillMessages.activityBill);
      // The form would bring a late fee back as a typed line, without its kind (docs/decisions/159).
      if (save.operation === "edit") {
        const [charged] = await save.tx.rows(sql`select 1 from bill_bill_item where bill_id = ${save.id} and kind = ${LATE_FEE_KIND} limit 1`);
        if (charged) throw new ApiError(BillMessages.lateFees);
      }
      const studentId = String(save.values.studentId ?? save.existing?.studentId);
      const schoolYear = String(save.values.schoolYear ?? save.existing?.schoolYear);
      const term = String(save.values.term ?? save.existing?.term);
      // One live term's bill per student and term (docs/decisions/026); activity bills are apart (138).
      const kind = save.operation === "add" ? (activityBodies.has(save.body) ? BillKind.activity : BillKind.term) : String(save.existing?.kind ?? BillKind.term);
      if (kind === BillKind.term) {
        const [other] = await save.tx.rows<{ bill_no: string }>(sql`
          select bill_no from bill_bill
          where tenant_id = ${save.tenantId} and student_id = ${studentId} and school_year = ${schoolYear} and term = ${term}
            and status <> '4' and kind = ${BillKind.term} and id <> ${save.id}`);
        if (other) throw new ApiError(BillMessages.billedAlready(other.bill_no));
      }
      if (save.operation === "add") {
        const billNo = await nextNumber(save.tx, save.tenantId, NumberRule.bill, save.services.config.schoolTimeZone);
        Object.assign(save.values, { billNo, status: BillStatus.unpaid, paidAmount: "0", kind });
      }
      await fileUnderReceivable(save);
    },
    afterSave: async (save) => {
      const priced = pricedItems(save.body);
      await save.tx.rows(sql`delete from bill_bill_item where bill_id = ${save.id}`);
      await insertJsonRows(
        save.tx,
        "bill_bill_item",
        priced.items.map((item, index) => ({
          id: newId(),
          bill_id: save.id,
          project_id: priced.inputs[index]!.projectId,
          name: priced.inputs[index]!.name,
          ...{ quantity: item.quantity, unit_price: item.unitPrice, amount: item.amount, allowance: item.allowance },
          sort_no: index,
        })),
      );
      // An unpaid bill in instalments keeps their due dates; its new payable is split over them again.
      if (save.operation === "edit") await resplitInstalments(save.tx, save.id);
      await recomputeReceivables(save.tx, [save.values.receivableId as string | null, save.existing?.receivableId as string | null], { ...billCrud.historyActor(save), action: save.operation });
    },
    beforeDelete: async (remove) => {
      const paid = await remove.tx.rows<{ id: string }>(sql`
        select id from bill_bill b where id = any(${`{${remove.ids.join(",")}}`}::varchar[])
          and (paid_amount > 0 or status in ('2', '3') or exists (select 1 from bill_payment_allocation a where a.bill_id = b.id))`);
      if (paid.length > 0) throw new ApiError(BillMessages.hasPayments);
      const [signed] = await remove.tx.rows(sql`select 1 from act_signup where bill_id = any(${`{${remove.ids.join(",")}}`}::varchar[]) limit 1`);
      if (signed) throw new ApiError(BillMessages.activityBill);
      const receivables = await remove.tx.rows<{ receivable_id: string | null }>(
        sql`select distinct receivable_id from bill_bill where id = any(${`{${remove.ids.join(",")}}`}::varchar[])`,
      );
      deletedReceivables.set(remove.tx, receivables.map((row) => row.receivable_id));
    },
    afterDelete: async (remove) => {
      await recomputeReceivables(remove.tx, deletedReceivables.get(remove.tx) ?? [], { ...billCrud.historyActor(remove), action: "delete" });
      deletedReceivables.delete(remove.tx);
    },
    // The bills behind a figure of 账龄分析: `overdue` (a bucket, or "open") on `asOf`.
    listConditions: (context, query) => {
      const overdue = typeof query.overdue === "string" ? query.overdue : "";
      if (!overdue) return [];
      const condition = ageingBillCondition(overdue, ageingDate(query.asOf, context.services.config.schoolTimeZone));
      return condition ? [condition] : [];
    },
    decorate: async (context, records) => {
      await addNames(context, records, "payerId", (record) => (record.payerType === "2" ? "corporation" : record.payerType === "1" ? "parent" : null), "payerName");
      // 详情 names the receivable by its number, never its id (issue #32 item 7).
      await addNames(context, records, "receivableId", "receivable", "receivableNo");
    },
  },
});

/** The bodies of activity bills being added (insertActivityBill): never a client's body. */
const activityBodies = new WeakSet<object>();

/**
 * Adds an activity's own bill (a confirmed sign-up's fee, docs/decisions/138) through the bill
 * module's add path (number, payer, receivable, history), in the caller's transaction.
 */
export async function insertActivityBill(context: CrudContext, body: Record<string, unknown>, tx: Executor): Promise<string> {
  activityBodies.add(body);
  return billCrud.insert(context, body, tx);
}

/** The receivables of the bills a delete removes, from beforeDelete to afterDelete. */
const deletedReceivables = new WeakMap<object, Array<string | null>>();

export const billEndpoints: Endpoint[] = [
  ...billCrud.endpoints,
  endpoint("GET", "/billing/bill/items", menuAccess(BILL_PAGE), async (request) => {
    const context = crudContext(request);
    const id = singleId(request.query.billId);
    const bill = id ? await billCrud.findById(context, id) : undefined;
    if (!bill || !id) throw notFound();
    const items = await context.services.db.rows(sql`
      select id, project_id as "projectId", name, quantity::text as quantity, unit_price::text as "unitPrice",
             amount::text as amount, allowance::text as allowance, sort_no as "sortNo", kind
      from bill_bill_item where bill_id = ${id} order by sort_no, id`);
    return ok(items);
  }, { doc: { summary: "账单的明细" } }),
  // The bill's instalments (分期) with what each has received (期次, 到期日, 金额, 已收, 余额, 状态).
  endpoint("GET", "/billing/bill/instalments", menuAccess(BILL_PAGE), async (request) => {
    const context = crudContext(request);
    const id = singleId(request.query.billId);
    const bill = id ? await billCrud.findById(context, id) : undefined;
    if (!bill || !id) throw notFound();
    const today = ageingDate(undefined, context.services.config.schoolTimeZone);
    return ok(await instalmentsOf(databaseExecutor(context.services.db), id, today));
  }, { doc: { summary: "查询账单的分期" } }),
  // 分期: split a bill, or plan again what its instalments not yet paid in full hold (docs/decisions/159).
  endpoint("POST", "/billing/bill/instalments", "bill:instalment", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const plan = replanRequest(request.body);
    const count = await inTransaction(context.services.db, async (tx) => {
      const [bill] = await tx.rows<{ id: string; status: string; payable: string; paid_amount: string }>(sql`
        select id, status, payable::text, paid_amount::text from bill_bill where id = ${id} and tenant_id = ${context.tenantId} for update`);
      if (!bill) throw notFound();
      const history: HistoryChange = { ...billCrud.historyActor(context), action: "instalment" };
      let count = 0;
      await withHistory(tx, history, billCrud.history, [id], history, async () => {
        count = await replanInstalments(tx, { id, status: bill.status, payable: bill.payable, paidAmount: bill.paid_amount }, plan);
      });
      return count;
    });
    return okMessage(InstalmentMessages.done(count));
  }, { doc: { summary: "重新设置账单的分期" } }),
  endpoint("POST", "/billing/bill/void", "bill:void", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = historyReason(request.body);
    if (!reason) throw new ApiError(ReasonMessages.void);
    await inTransaction(context.services.db, async (tx) => {
      const [bill] = await tx.rows<{ status: string; receivable_id: string | null; signed: boolean }>(sql`
        select status, receivable_id, kind = ${BillKind.activity} and exists (select 1 from act_signup s where s.bill_id = b.id and s.status <> '3') as signed
        from bill_bill b where id = ${id} and tenant_id = ${context.tenantId} for update`);
      if (!bill) throw notFound();
      if (bill.status === BillStatus.void) throw new ApiError(BillMessages.voidedAlready);
      if (bill.signed) throw new ApiError(BillMessages.activityBillVoid);
      const history: HistoryChange = { ...billCrud.historyActor(context), action: "void", reason };
      await withHistory(tx, history, billCrud.history, [id], history, () =>
        tx.rows(sql`update bill_bill set status = ${BillStatus.void}, update_by = ${context.username.slice(0, 32)}, update_time = now() where id = ${id}`),
      );
      await recomputeReceivables(tx, [bill.receivable_id], history);
    });
    return okMessage(BillMessages.voided);
  }, { doc: { summary: "作废账单" } }),
  // 减免: a one-off reduction of a live bill's open amount, with its reason, as a negative line
  // (docs/decisions/111); the bill's totals, status and receivable follow, with their history.
  endpoint("POST", "/billing/bill/reduce", "bill:reduce", async (request) => {
    const context = crudContext(request);
    const id = singleId(request.body.id ?? request.query.id);
    if (!id) throw notFound();
    const reason = typeof request.body.reason === "string" ? request.body.reason.trim() : "";
    if (!reason || reason.length > 90) throw new ApiError(BillMessages.reduceReason);
    let amount: bigint;
    try {
      amount = toFen(request.body.amount);
    } catch {
      throw new ApiError(BillMessages.reduceAmount);
    }
    if (amount <= 0n) throw new ApiError(BillMessages.reduceAmount);
    await inTransaction(context.services.db, async (tx) => {
      const [bill] = await tx.rows<{ status: string; payable: string; paid_amount: string; next: number }>(sql`
        select status, payable::text, paid_amount::text,
               (select coalesce(max(sort_no) + 1, 0) from bill_bill_item i where i.bill_id = b.id)::int as next
        from bill_bill b where id = ${id} and tenant_id = ${context.tenantId} for update`);
      if (!bill) throw notFound();
      if (bill.status === BillStatus.void) throw new ApiError(BillMessages.voidedAlready);
      const open = toFen(bill.payable) - toFen(bill.paid_amount);
      if (amount > open) throw new ApiError(BillMessages.reduceTooMuch(fenToYuan(open < 0n ? 0n : open)));
      const history: HistoryChange = { ...billCrud.historyActor(context), action: "reduce", reason };
      await withHistory(tx, history, billCrud.history, [id], history, async () => {
        const line = fenToYuan(-amount);
        await tx.rows(sql`
          insert into bill_bill_item (id, bill_id, project_id, name, quantity, unit_price, amount, allowance, sort_no, kind)
          values (${newId()}, ${id}, null, ${`减免：${reason}`}, 1, ${line}, ${line}, 0, ${bill.next}, 'reduction')`);
        await refreshBills(tx, [id], history);
      });
    });
    return okMessage(BillMessages.reduced);
  }, { doc: { summary: "减免账单金额" } }),
  endpoint("POST", "/billing/bill/generatePreview", "bill:generate", async (request) => {
    const context = crudContext(request);
    return ok(await previewGeneration(context.services.db, checkGenerationRequest(request.body, context.tenantId, context.services.config.schoolTimeZone)));
  }, { doc: { summary: "批量生成账单的预览" } }),
  endpoint("POST", "/billing/bill/generate", "bill:generate", async (request) => {
    const context = crudContext(request);
    const outcome = await generateBills(context.services.db, checkGenerationRequest(request.body, context.tenantId, context.services.config.schoolTimeZone), context.username);
    const message = BillMessages.generated(outcome.created, outcome.plan.skipped.length, outcome.extended, outcome.plan.noPayer.length);
    return ok(
      {
        created: outcome.created,
        billNos: outcome.billNos,
        skipped: outcome.plan.skipped,
        noPayer: outcome.plan.noPayer,
        payableTotal: outcome.plan.payableTotal,
      },
      message,
    );
  }, { doc: { summary: "按收费项目批量生成账单" } }),
];
