// 报名 (/activity/signup): a student's sign-up for an activity (either kind). The add path (form,
// import) locks the activity's row, so capacity and deadline hold however many sign up at once
// (docs/decisions/033); one live sign-up per student and activity (and a partial unique index).
// 确认 confirms it and, for an activity with a fee, bills the fee on its own activity bill in the
// same transaction (./signup-bill.ts); 取消 frees the place and voids an unpaid bill, or refunds
// (退费) a paid one for whoever holds bill:refund (docs/decisions/138).
import { sql } from "drizzle-orm";
import {
  ActivityMessages,
  ActivityStatus,
  BulkSignupOutcome,
  MAX_BULK_SIGNUP,
  SignupStatus,
  communityActivityModule,
  signupModule,
} from "#contract/modules/activity";
import { toFen } from "#contract/money";
import { actSignup } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import { crudContext, inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import "../../billing/student-dictionary";
import { billSignup, isActivityBill, settleSignupBill, unbillLegacySignup, withRefundRetry, type SignupBillOutcome } from "./signup-bill";
import { BillKind, RefundMessages } from "#contract/modules/billing";
import { historyReason } from "../../../crud/history";
import { newId } from "../../../db/ids";
import { checkEligible, isEligible, lockActivity, promoteWaitlist, sendPromotionNotices, waitlistPosition, type PromotionNotice } from "./waitlist";

/**
 * Sign-ups of one import not yet written (insertMany runs every beforeSave, then one INSERT): per
 * transaction and activity, the students, the places and the waiting numbers they took, so a file
 * fills an activity and its waiting list exactly as one sign-up after another would.
 */
const unwritten = new WeakMap<object, Map<string, { students: Set<string>; placed: number; waiting: number }>>();

export const signupCrud = createModuleCrud(signupModule, {
  table: actSignup,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    beforeSave: async (save) => {
      if (save.operation === "edit") return;
      const activityId = String(save.values.activityId);
      const studentId = String(save.values.studentId);
      // Every sign-up of this activity queues here: the counts below cannot go stale.
      const activity = await lockActivity(save.tx, save.tenantId, activityId);
      if (!activity) throw new ApiError(ActivityMessages.unknownActivity);
      if (activity.status !== ActivityStatus.open) throw new ApiError(ActivityMessages.notOpen);
      if (activity.late) throw new ApiError(ActivityMessages.deadlinePassed);
      const [student] = await save.tx.rows<{ name: string; grade: string | null; parent_id: string | null }>(sql`
        select s.name_cn as name, s.grade,
               (select sp.parent_id from school_student_parent sp where sp.student_id = s.id order by sp.is_payer desc, sp.sort_no limit 1) as parent_id
        from school_student s where s.id = ${studentId} and s.tenant_id = ${save.tenantId}`);
      if (!student) throw new ApiError(ActivityMessages.unknownStudent);
      const [mine] = await save.tx.rows(sql`select 1 from act_signup where activity_id = ${activityId} and student_id = ${studentId} and status <> ${SignupStatus.cancelled} limit 1`);
      const batch = unwritten.get(save.tx) ?? new Map<string, { students: Set<string>; placed: number; waiting: number }>();
      unwritten.set(save.tx, batch);
      const ofActivity = batch.get(activityId) ?? { students: new Set<string>(), placed: 0, waiting: 0 };
      if (mine || ofActivity.students.has(studentId)) throw new ApiError(ActivityMessages.signedUpAlready);
      await checkEligible(save.tx, activity, student);
      ofActivity.students.add(studentId);
      batch.set(activityId, ofActivity);
      // Beyond capacity: 候补, numbered in arrival order (docs/decisions/162).
      const full = activity.placed + ofActivity.placed >= activity.capacity;
      if (full) ofActivity.waiting += 1;
      else ofActivity.placed += 1;
      Object.assign(save.values, {
        status: full ? SignupStatus.waiting : SignupStatus.pending,
        waitlistNo: full ? activity.lastWaitlistNo + ofActivity.waiting : null,
        paid: "N",
        signupTime: new Date(),
        billId: null,
        billItemId: null,
      });
      save.values.parentId ??= student.parent_id;
    },
    beforeDelete: async (remove) => {
      const [confirmed] = await remove.tx.rows(sql`
        select 1 from act_signup where id = any(${`{${remove.ids.join(",")}}`}::varchar[]) and status = ${SignupStatus.confirmed} limit 1`);
      if (confirmed) throw new ApiError(ActivityMessages.confirmedNotDeletable);
    },
    decorate: async (context, records) => {
      const waiting = records.filter((record) => String(record.status) === SignupStatus.waiting).map((record) => String(record.id));
      if (waiting.length > 0) {
        const positions = await context.services.db.rows<{ id: string; position: number }>(sql`
          select w.id, (select count(*)::int from act_signup o where o.activity_id = w.activity_id and o.status = ${SignupStatus.waiting} and o.waitlist_no <= w.waitlist_no) as position
          from act_signup w where w.id = any(${`{${waiting.join(",")}}`}::varchar[])`);
        const byId = new Map(positions.map((row) => [row.id, row.position]));
        for (const record of records) if (byId.has(String(record.id))) record.waitlistPosition = byId.get(String(record.id));
      }
      const billIds = [...new Set(records.map((record) => record.billId).filter((id): id is string => typeof id === "string"))];
      const refundIds = [...new Set(records.map((record) => record.refundPaymentId).filter((id): id is string => typeof id === "string"))];
      if (billIds.length === 0) return;
      const [bills, refunds] = await Promise.all([
        context.services.db.rows<{ id: string; bill_no: string; status: string; paid: string }>(
          sql`select id, bill_no, status, paid_amount::text as paid from bill_bill where id = any(${`{${billIds.join(",")}}`}::varchar[])`,
        ),
        refundIds.length === 0
          ? Promise.resolve([])
          : context.services.db.rows<{ id: string; payment_no: string; amount: string }>(
              sql`select id, payment_no, amount::text as amount from bill_payment where id = any(${`{${refundIds.join(",")}}`}::varchar[])`,
            ),
      ]);
      const byId = new Map(bills.map((bill) => [bill.id, bill]));
      const refundById = new Map(refunds.map((refund) => [refund.id, refund]));
      for (const record of records) {
        const bill = typeof record.billId === "string" ? byId.get(record.billId) : undefined;
        if (!bill) continue;
        record.billNo = bill.bill_no;
        // 已缴费 follows the bill: paid in full.
        record.paid = bill.status === "3" ? "Y" : "N";
        record.paid_dictText = bill.status === "3" ? "是" : "否";
        const refund = typeof record.refundPaymentId === "string" ? refundById.get(record.refundPaymentId) : undefined;
        // 待退费: cancelled, its bill still holding what was paid (docs/decisions/148).
        if (!refund && String(record.status) === SignupStatus.cancelled && bill.status !== "4" && toFen(bill.paid) > 0n) record.refundDue = bill.paid;
        if (refund) {
          record.refundNo = refund.payment_no;
          // What was paid back, as a positive amount.
          record.refundAmount = refund.amount.replace(/^-/, "");
        }
      }
    },
  },
});

const confirm = endpoint("POST", "/activity/signup/confirm", "signup:confirm", async (request) => {
  const context = crudContext(request);
  const id = singleId(request.body.id ?? request.query.id);
  if (!id) throw notFound();
  const billNo = await inTransaction(context.services.db, async (tx) => {
    const [signup] = await tx.rows<{ status: string; student_id: string; title: string; fee: string; start_time: Date | string }>(sql`
      select s.status, s.student_id, a.title, a.fee::text as fee, a.start_time
      from act_signup s join act_activity a on a.id = s.activity_id
      where s.id = ${id} and s.tenant_id = ${context.tenantId} for update of s`);
    if (!signup) throw notFound();
    if (signup.status === SignupStatus.confirmed) throw new ApiError(ActivityMessages.confirmedAlready);
    if (signup.status === SignupStatus.cancelled) throw new ApiError(ActivityMessages.cancelledAlready);
    if (signup.status === SignupStatus.waiting) throw new ApiError(ActivityMessages.waitingNotConfirmable);
    let bill: { billId: string; itemId: string } | null = null;
    if (toFen(signup.fee) > 0n)
      bill = await billSignup(tx, context, { studentId: signup.student_id, activityTitle: signup.title, fee: signup.fee, startTime: new Date(signup.start_time) });
    await tx.rows(sql`
      update act_signup set status = ${SignupStatus.confirmed}, bill_id = ${bill?.billId ?? null}, bill_item_id = ${bill?.itemId ?? null},
             update_by = ${context.username.slice(0, 32)}, update_time = now()
      where id = ${id}`);
    if (!bill) return null;
    const [row] = await tx.rows<{ bill_no: string }>(sql`select bill_no from bill_bill where id = ${bill.billId}`);
    return row!.bill_no;
  });
  return okMessage(billNo ? `确认成功，已生成活动账单 ${billNo}` : "确认成功");
}, { doc: { summary: "确认活动报名" } });

/** The refund's words for the answer of 取消 / 退费. */
function refundAnswer(outcome: SignupBillOutcome): string {
  if (outcome.kind === "kept") return `，${RefundMessages.refundDue(outcome.paid, outcome.billNo)}`;
  return outcome.kind === "refunded" ? `，${RefundMessages.refunded(outcome.amount, outcome.paymentNo, outcome.receiptNo)}` : "";
}

/** 退费: the button on 账单 (bill:refund), also needed to cancel a paid sign-up. */
export const RefundButton = "bill:refund";

/**
 * 取消报名: frees the place; an activity bill with nothing paid is voided, a paid one is refunded by
 * whoever holds 退费 (bill:refund, checked before the transaction: PGlite has one connection); for
 * anyone else the paid part waits for 财务's 退费 and the unpaid remainder is waived (待退费,
 * docs/decisions/148). A sign-up whose fee is a line of the term's bill (decision 033) keeps that rule.
 */
const cancel = endpoint("POST", "/activity/signup/cancel", "signup:cancel", async (request) => {
  const context = crudContext(request);
  const id = singleId(request.body.id ?? request.query.id);
  if (!id) throw notFound();
  const reason = historyReason(request.body) || RefundMessages.voidReason;
  const mayRefund = await context.services.permissions.hasButton(context.auth, RefundButton);
  const [known] = await context.services.db.rows<{ activity_id: string }>(sql`select activity_id from act_signup where id = ${id} and tenant_id = ${context.tenantId}`);
  if (!known) throw notFound();
  const outcome = await withRefundRetry(context, async (tx) => {
    // The activity's row first (where sign-ups queue, docs/decisions/162), then the sign-up's.
    await lockActivity(tx, context.tenantId, known.activity_id);
    const [signup] = await tx.rows<{ status: string; bill_id: string | null; bill_item_id: string | null }>(sql`
      select status, bill_id, bill_item_id from act_signup where id = ${id} and tenant_id = ${context.tenantId} for update`);
    if (!signup) throw notFound();
    if (signup.status === SignupStatus.cancelled) throw new ApiError(ActivityMessages.cancelledAlready);
    let settled: SignupBillOutcome = { kind: "none" };
    if (signup.bill_id && (await isActivityBill(tx, signup.bill_id))) settled = await settleSignupBill(tx, context, signup.bill_id, { refund: mayRefund ? "do" : "keep", reason });
    else if (signup.bill_id && signup.bill_item_id) await unbillLegacySignup(tx, { tenantId: context.tenantId, username: context.username, action: "cancel" }, signup.bill_id, signup.bill_item_id);
    await tx.rows(sql`
      update act_signup set status = ${SignupStatus.cancelled}, bill_item_id = null,
             refund_payment_id = ${settled.kind === "refunded" ? settled.paymentId : null},
             remark = coalesce(${settled.kind === "kept" ? ActivityMessages.signupRefundDue(settled.billNo) : null}, remark),
             update_by = ${context.username.slice(0, 32)}, update_time = now()
      where id = ${id}`);
    // The place it held goes to the first in line.
    const notices = await promoteWaitlist(tx, context, known.activity_id);
    return { settled, notices };
  });
  await sendPromotionNotices(context.services, outcome.notices);
  return okMessage(`取消成功${refundAnswer(outcome.settled)}${promotedAnswer(outcome.notices)}`);
}, { doc: { summary: "取消活动报名" } });

/** The answer's words for the sign-ups a freed place promoted from the waiting list. */
function promotedAnswer(notices: readonly PromotionNotice[]): string {
  return notices.length > 0 ? `，候补${notices.length}人已转为正式报名并通知家长` : "";
}

/** 退费 from 账单: an activity bill's payments refunded, its sign-up cancelled when still live. */
const refund = endpoint("POST", "/activity/signup/refund", RefundButton, async (request) => {
  const context = crudContext(request);
  // The bill's id (账单's row action posts it as `id`).
  const billId = singleId(request.body.billId ?? request.body.id ?? request.query.billId ?? request.query.id);
  if (!billId) throw notFound();
  const reason = historyReason(request.body) || RefundMessages.voidReason;
  const activityIds = (await context.services.db.rows<{ activity_id: string }>(sql`
    select distinct activity_id from act_signup where bill_id = ${billId} and tenant_id = ${context.tenantId} order by activity_id`)).map((row) => row.activity_id);
  const outcome = await withRefundRetry(context, async (tx) => {
    // The activities' rows first (where sign-ups queue, docs/decisions/162).
    for (const activityId of activityIds) await lockActivity(tx, context.tenantId, activityId);
    const [bill] = await tx.rows<{ kind: string; status: string; paid: string }>(
      sql`select kind, status, paid_amount::text as paid from bill_bill where id = ${billId} and tenant_id = ${context.tenantId}`,
    );
    if (!bill) throw notFound();
    if (bill.kind !== BillKind.activity) throw new ApiError(RefundMessages.notActivityBill);
    if (bill.status === "4") throw new ApiError(RefundMessages.voided);
    if (toFen(bill.paid) <= 0n) throw new ApiError(RefundMessages.nothingPaid);
    // The sign-up's row first (the order of 取消报名), then the refund, the bill and its receivable.
    const signups = await tx.rows<{ id: string }>(sql`select id from act_signup where bill_id = ${billId} and tenant_id = ${context.tenantId} order by id for update`);
    const settled = await settleSignupBill(tx, context, billId, { refund: "do", reason });
    if (settled.kind !== "refunded") throw new ApiError(RefundMessages.nothingPaid);
    for (const signup of signups) {
      await tx.rows(sql`
        update act_signup set status = ${SignupStatus.cancelled}, bill_item_id = null, refund_payment_id = ${settled.paymentId},
               update_by = ${context.username.slice(0, 32)}, update_time = now()
        where id = ${signup.id}`);
    }
    const notices: PromotionNotice[] = [];
    for (const activityId of activityIds) notices.push(...(await promoteWaitlist(tx, context, activityId)));
    return { settled, notices };
  });
  await sendPromotionNotices(context.services, outcome.notices);
  return okMessage(`退费成功${refundAnswer(outcome.settled)}${promotedAnswer(outcome.notices)}`);
}, { doc: { summary: "活动报名退款" } });

/**
 * An activity's live sign-ups cancelled with it (docs/decisions/060), in the caller's transaction
 * that holds the activity's row: pending ones simply; a confirmed one's unpaid activity bill is
 * voided (a sign-up of before activity bills: its line taken off an unpaid term's bill); a paid bill
 * stays as a refund to do, made by 财务 with 退费 (the sign-up keeps its item and says so in its
 * remark; docs/decisions/138). Answers the refunds' bill numbers.
 */
export async function cancelSignupsOf(tx: Executor, context: CrudContext, activityId: string): Promise<{ cancelled: number; refundBills: string[] }> {
  const live = await tx.rows<{ id: string; bill_id: string | null; bill_item_id: string | null }>(sql`
    select id, bill_id, bill_item_id from act_signup
    where activity_id = ${activityId} and tenant_id = ${context.tenantId} and status <> ${SignupStatus.cancelled}
    order by id for update`);
  const refunds: string[] = [];
  for (const signup of live) {
    let kept = false;
    if (signup.bill_id && (await isActivityBill(tx, signup.bill_id)))
      kept = (await settleSignupBill(tx, context, signup.bill_id, { refund: "keep", reason: RefundMessages.activityCancelled })).kind === "kept";
    else if (signup.bill_id && signup.bill_item_id)
      kept = (await unbillLegacySignup(tx, { tenantId: context.tenantId, username: context.username, action: "cancel" }, signup.bill_id, signup.bill_item_id, "keep")) === "kept";
    let remark: string | null = null;
    if (kept) {
      const [bill] = await tx.rows<{ bill_no: string }>(sql`select bill_no from bill_bill where id = ${signup.bill_id}`);
      refunds.push(bill!.bill_no);
      remark = ActivityMessages.refundDue(bill!.bill_no);
    }
    await tx.rows(sql`
      update act_signup set status = ${SignupStatus.cancelled}, bill_item_id = ${kept ? signup.bill_item_id : null},
             remark = coalesce(${remark}, remark), update_by = ${context.username.slice(0, 32)}, update_time = now()
      where id = ${signup.id}`);
  }
  return { cancelled: live.length, refundBills: [...new Set(refunds)].sort() };
}

/** The bills an activity's sign-ups created or added to (the 缴费 tab of 社区活动). */
const activityBills = endpoint("GET", "/activity/signup/bills", menuAccess(communityActivityModule.page), async (request) => {
  const context = crudContext(request);
  const activityId = singleId(request.query.activityId);
  if (!activityId) throw notFound();
  const rows = await context.services.db.rows(sql`
    select b.id, b.bill_no as "billNo", st.name_cn as "studentName", i.name as "itemName", i.amount::text as amount,
           b.payable::text as payable, b.paid_amount::text as "paidAmount", b.status, s.id as "signupId"
    from act_signup s
    join bill_bill b on b.id = s.bill_id
    left join bill_bill_item i on i.id = s.bill_item_id
    left join school_student st on st.id = s.student_id
    where s.activity_id = ${activityId} and s.tenant_id = ${context.tenantId}
    order by b.bill_no`);
  return ok(rows);
}, { doc: { summary: "活动报名的账单" } });

/** An activity's sign-ups (the 报名 tab of 社区活动). */
const activitySignups = endpoint("GET", "/activity/signup/ofActivity", menuAccess(communityActivityModule.page), async (request) => {
  const context = crudContext(request);
  const activityId = singleId(request.query.activityId);
  if (!activityId) throw notFound();
  const rows = await context.services.db.rows(sql`
    select s.id, st.name_cn as "studentName", p.name as "parentName", to_char(s.signup_time at time zone ${context.services.config.schoolTimeZone}, 'YYYY-MM-DD HH24:MI:SS') as "signupTime",
           s.status, b.bill_no as "billNo", s.bill_id as "billId"
    from act_signup s
    left join school_student st on st.id = s.student_id
    left join school_parent p on p.id = s.parent_id
    left join bill_bill b on b.id = s.bill_id
    where s.activity_id = ${activityId} and s.tenant_id = ${context.tenantId}
    order by s.signup_time, s.id`);
  return ok(rows);
}, { doc: { summary: "一个活动的报名列表" } });

/** 添加 answers the waiting position of a sign-up beyond capacity (名额已满，已加入候补，第N位). */
const addPath = `${signupModule.api}/add`;
const crudEndpoints = signupCrud.endpoints.map((crud): Endpoint =>
  crud.path !== addPath
    ? crud
    : {
        ...crud,
        handle: async (request) => {
          const context = crudContext(request);
          const id = await signupCrud.insert(context, request.body);
          const position = await waitlistPosition(context.services.db, id);
          return okMessage(position === null ? ActivityMessages.signedUp : ActivityMessages.waiting(position));
        },
      },
);

interface BulkResult {
  studentId: string;
  studentName: string;
  outcome: (typeof BulkSignupOutcome)[keyof typeof BulkSignupOutcome];
  position?: number;
}

/**
 * 批量报名: a class's 在读 students or a selection, signed up in one transaction under the
 * activity's lock, in class-list order (学号) or the selection's: each student 成功 (a place),
 * 候补 (with its position), 不符合年级 or 已报名; one student's refusal does not stop the others.
 */
const bulk = endpoint("POST", "/activity/signup/bulk", "signup:bulk", async (request) => {
  const context = crudContext(request);
  const activityId = singleId(request.body.activityId);
  if (!activityId) throw notFound();
  const classId = typeof request.body.classId === "string" && request.body.classId ? request.body.classId : null;
  // A selection: student ids, or student numbers (学号) separated by commas, spaces or lines.
  const byNumber = typeof request.body.studentNos === "string" && request.body.studentNos.trim() !== "";
  const chosen = byNumber
    ? [...new Set(String(request.body.studentNos).split(/[\s,，;；]+/).filter(Boolean))]
    : Array.isArray(request.body.studentIds)
      ? [...new Set(request.body.studentIds.map(String).filter(Boolean))]
      : [];
  // Ids and numbers are letters, digits, '-' and '_': anything else names no student.
  if (chosen.some((value) => !/^[\w-]{1,32}$/.test(value))) throw new ApiError(ActivityMessages.unknownStudent);
  if (!classId && chosen.length === 0) throw new ApiError(ActivityMessages.bulkEmpty);
  if (chosen.length > MAX_BULK_SIGNUP) throw new ApiError(ActivityMessages.bulkTooMany);
  const results = await inTransaction(context.services.db, async (tx) => {
    const activity = await lockActivity(tx, context.tenantId, activityId);
    if (!activity) throw new ApiError(ActivityMessages.unknownActivity);
    if (activity.status !== ActivityStatus.open) throw new ApiError(ActivityMessages.notOpen);
    if (activity.late) throw new ApiError(ActivityMessages.deadlinePassed);
    const students = await tx.rows<{ id: string; name: string; grade: string | null; parent_id: string | null; signed: boolean }>(sql`
      select s.id, s.name_cn as name, s.grade,
             (select sp.parent_id from school_student_parent sp where sp.student_id = s.id order by sp.is_payer desc, sp.sort_no limit 1) as parent_id,
             exists (select 1 from act_signup a where a.activity_id = ${activityId} and a.student_id = s.id and a.status <> ${SignupStatus.cancelled}) as signed
      from school_student s
      where s.tenant_id = ${context.tenantId}
        and ${classId ? sql`s.class_id = ${classId} and s.status = '1'` : sql`${byNumber ? sql`s.student_no` : sql`s.id`} = any(${`{${chosen.join(",")}}`}::varchar[])`}
      order by ${classId ? sql`s.student_no, s.id` : sql`array_position(${`{${chosen.join(",")}}`}::varchar[], ${byNumber ? sql`s.student_no` : sql`s.id`}::varchar)`}`);
    if (students.length > MAX_BULK_SIGNUP) throw new ApiError(ActivityMessages.bulkTooMany);
    let { placed, lastWaitlistNo } = activity;
    const out: BulkResult[] = [];
    for (const student of students) {
      const base = { studentId: student.id, studentName: student.name };
      if (student.signed) {
        out.push({ ...base, outcome: BulkSignupOutcome.already });
        continue;
      }
      if (!isEligible(activity, student.grade)) {
        out.push({ ...base, outcome: BulkSignupOutcome.notEligible });
        continue;
      }
      const full = placed >= activity.capacity;
      if (full) lastWaitlistNo += 1;
      else placed += 1;
      await tx.rows(sql`
        insert into act_signup (id, tenant_id, activity_id, student_id, parent_id, signup_time, status, paid, waitlist_no, create_by, create_time)
        values (${newId()}, ${context.tenantId}, ${activityId}, ${student.id}, ${student.parent_id}, now(), ${full ? SignupStatus.waiting : SignupStatus.pending}, 'N',
                ${full ? lastWaitlistNo : null}, ${context.username.slice(0, 32)}, now())`);
      out.push(full ? { ...base, outcome: BulkSignupOutcome.waiting, position: lastWaitlistNo } : { ...base, outcome: BulkSignupOutcome.signedUp });
    }
    // Positions among those waiting now (earlier arrivals may have left the queue).
    const [waitingBefore] = await tx.rows<{ n: number }>(sql`
      select count(*)::int as n from act_signup where activity_id = ${activityId} and status = ${SignupStatus.waiting} and waitlist_no <= ${activity.lastWaitlistNo}`);
    for (const result of out) if (result.position !== undefined) result.position = waitingBefore!.n + (result.position - activity.lastWaitlistNo);
    return out;
  });
  const count = (outcome: string) => results.filter((result) => result.outcome === outcome).length;
  const summary = Object.values(BulkSignupOutcome)
    .map((outcome) => `${outcome} ${count(outcome)}`)
    .join("，");
  return ok({ results }, `批量报名完成：${summary}`);
}, { doc: { summary: "批量报名（班级或所选学生）" } });

export const signupEndpoints: Endpoint[] = [...crudEndpoints, confirm, cancel, refund, bulk, activityBills, activitySignups];
