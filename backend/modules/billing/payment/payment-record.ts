// A payment recorded by a workflow rather than by the 付款 form: a sign-up's refund (退费,
// docs/decisions/138), a shop order's payment and its refund (161). Numbered by the fill rule
// payment_no in the caller's transaction (a rolled-back one gives its number back), with its add
// history row in the same transaction.
import { sql } from "drizzle-orm";
import { PaidAtMessages, PaymentKind, PaymentStatus } from "#contract/modules/billing";
import { ApiError } from "../../../http/envelope";
import type { CrudContext, Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { historyAdded, type HistoryAction } from "../../../crud/history";
import { PaymentHistory } from "../history-sources";
import { nextNumber } from "../../system/fill-rule/fill-rule-service";

export interface RecordedPayment {
  /** Never null in the table (NOT NULL): a bill's payer, as the bill holds it. */
  payerType: string | null;
  payerId: string | null;
  payerName: string | null;
  /** dict payment_channel. */
  channel: string;
  /** Two-decimal text; negative for a refund. */
  amount: string;
  /** Now when absent. */
  paidAt?: Date;
  kind: (typeof PaymentKind)[keyof typeof PaymentKind];
  remark: string;
  /** A sign-up's refund is allocated whole to its bill (the caller writes the allocation). */
  allocated: boolean;
  /** The shop order it is of (never allocated). */
  orderId?: string;
}

/** How far ahead of the server's clock a browser's "now" may be (its 此刻 sent a moment later). */
const CLOCK_GRACE_MS = 60_000;

/**
 * Money recorded as paid (a payment, a refund) has moved: a 付款时间 later than now is refused, on
 * every path that records one (docs/decisions/178). An instant, so the school's zone is the one the
 * wall time was read in; a minute's grace for a browser's clock slightly ahead of the server's.
 */
export function refuseFuturePaidAt(paidAt: unknown, now = Date.now()): void {
  if (paidAt instanceof Date && paidAt.getTime() > now + CLOCK_GRACE_MS) throw new ApiError(PaidAtMessages.future);
}

export async function recordPayment(tx: Executor, context: CrudContext, payment: RecordedPayment, change: HistoryAction): Promise<{ id: string; paymentNo: string }> {
  refuseFuturePaidAt(payment.paidAt);
  const id = newId();
  const paymentNo = await nextNumber(tx, context.tenantId, "payment_no", context.services.config.schoolTimeZone);
  const allocated = payment.allocated ? payment.amount : "0";
  const status = payment.allocated ? PaymentStatus.allocated : PaymentStatus.unallocated;
  await tx.rows(sql`
    insert into bill_payment (id, tenant_id, payment_no, payer_type, payer_id, payer_name, channel, amount, allocated_amount, paid_at, status, kind, remark, order_id, create_by, create_time)
    values (${id}, ${context.tenantId}, ${paymentNo}, ${payment.payerType}, ${payment.payerId}, ${payment.payerName?.slice(0, 100) ?? null}, ${payment.channel},
            ${payment.amount}::numeric, ${allocated}::numeric, coalesce(${payment.paidAt?.toISOString() ?? null}::timestamptz, now()), ${status}, ${payment.kind},
            ${payment.remark.slice(0, 255)}, ${payment.orderId ?? null}, ${context.username.slice(0, 32)}, now())`);
  await historyAdded(tx, { tenantId: context.tenantId, username: context.username }, PaymentHistory, [id], change);
  return { id, paymentNo };
}
