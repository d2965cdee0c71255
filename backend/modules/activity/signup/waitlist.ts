// The waiting list (候补) of an activity and its eligible grades (issue #29 item 5,
// docs/decisions/162). Every function here runs in a transaction that holds the activity's row
// (`for update`): the sign-ups of one activity queue on it, so the places counted, the arrival
// numbers given and the promotions made cannot go stale however many sign up at once.
// A promoted sign-up becomes 待确认, as a new sign-up within capacity is (its bill is made at 确认,
// docs/decisions/138), and its parent is told by e-mail and SMS: the rows are written in the
// transaction (the outbox, 消息), sent after the commit by the existing senders.
import { sql } from "drizzle-orm";
import { ActivityMessages, SignupStatus } from "#contract/modules/activity";
import { MessageChannel, MessageStatus } from "#contract/modules/message";
import type { CrudContext, Executor } from "../../../crud/context";
import { newId } from "../../../db/ids";
import { ApiError } from "../../../http/envelope";
import { decryptValue } from "../../../security/personal-data";
import type { BackendServices } from "../../../services";
import { queueMail } from "../../communication/mail/mail-service";
import { deliverMessage } from "../../communication/message/message-delivery";
import { receiverValues } from "../../communication/message/sms-receiver";

/** Statuses that hold a place, as SQL (候补 and 已取消 hold none). */
export const HOLDS_PLACE = sql.raw(`('${SignupStatus.pending}', '${SignupStatus.confirmed}')`);

export interface LockedActivity {
  title: string;
  status: string;
  capacity: number;
  grades: string | null;
  late: boolean;
  /** Places held now (待确认 and 已确认). */
  placed: number;
  /** The last arrival number given to the waiting list (0 when none). */
  lastWaitlistNo: number;
}

/** Locks the activity's row and counts its places: the first statement of every sign-up writer. */
export async function lockActivity(tx: Executor, tenantId: number, activityId: string): Promise<LockedActivity | undefined> {
  const [activity] = await tx.rows<Omit<LockedActivity, "placed" | "lastWaitlistNo">>(sql`
    select title, status, capacity, grades, now() > signup_deadline as late
    from act_activity where id = ${activityId} and tenant_id = ${tenantId} for update`);
  if (!activity) return undefined;
  // Counted by a statement of its own, after the lock: on PostgreSQL a statement that waited for
  // the row reads everything else as it was when it started (READ COMMITTED), so counts taken in
  // the locking statement would miss the sign-ups committed while it waited.
  const [counts] = await tx.rows<Pick<LockedActivity, "placed" | "lastWaitlistNo">>(sql`
    select count(*) filter (where status in ${HOLDS_PLACE})::int as "placed", coalesce(max(waitlist_no), 0)::int as "lastWaitlistNo"
    from act_signup where activity_id = ${activityId}`);
  return { ...activity, ...counts! };
}

/** The grades of an activity: none = every grade. */
export const eligibleGrades = (grades: string | null | undefined): string[] =>
  String(grades ?? "")
    .split(",")
    .map((grade) => grade.trim())
    .filter(Boolean);

export const isEligible = (activity: Pick<LockedActivity, "grades">, grade: string | null): boolean => {
  const grades = eligibleGrades(activity.grades);
  return grades.length === 0 || (grade !== null && grades.includes(grade));
};

/**
 * Refuses a student whose grade is not among the activity's eligible grades, naming them. The
 * grades' names are read through the transaction (PGlite has one connection: a read beside it
 * would wait for it).
 */
export async function checkEligible(tx: Executor, activity: Pick<LockedActivity, "grades">, student: { name: string; grade: string | null }): Promise<void> {
  if (isEligible(activity, student.grade)) return;
  const items = await tx.rows<{ value: string; text: string }>(sql`
    select i.item_value as value, i.item_text as text from sys_dict_item i join sys_dict d on d.id = i.dict_id
    where d.dict_code = 'grade' and d.del_flag = 0 order by i.sort_order, i.id`);
  const text = (value: string | null) => items.find((item) => item.value === value)?.text ?? value ?? "无年级";
  throw new ApiError(ActivityMessages.notEligible(student.name, text(student.grade), eligibleGrades(activity.grades).map(text).join("、")));
}

/** A waiting sign-up's position: its rank among the activity's sign-ups still waiting. */
export async function waitlistPosition(executor: Executor, signupId: string): Promise<number | null> {
  const [row] = await executor.rows<{ position: number | null }>(sql`
    select case when s.status = ${SignupStatus.waiting}
                then (select count(*)::int from act_signup w where w.activity_id = s.activity_id and w.status = ${SignupStatus.waiting} and w.waitlist_no <= s.waitlist_no)
           end as position
    from act_signup s where s.id = ${signupId}`);
  return row?.position ?? null;
}

export interface PromotionNotice {
  signupId: string;
  mailId: string | null;
  /** sys_message rows: the mail's and the SMS's. */
  messages: Array<{ id: string; channel: string; receiver: string; mailId: string | null }>;
  title: string;
  content: string;
}

/**
 * Moves the first in line into the places free now (capacity − places held), in arrival order,
 * and writes each parent's notice (mail and SMS rows, 待发送). The caller holds the activity's row.
 */
export async function promoteWaitlist(tx: Executor, context: CrudContext, activityId: string): Promise<PromotionNotice[]> {
  const [free] = await tx.rows<{ free: number; title: string }>(sql`
    select a.capacity - (select count(*)::int from act_signup s where s.activity_id = a.id and s.status in ${HOLDS_PLACE}) as free, a.title
    from act_activity a where a.id = ${activityId}`);
  if (!free || free.free <= 0) return [];
  const promoted = await tx.rows<{ id: string; student_name: string | null; parent_name: string | null; phone: string | null; email: string | null }>(sql`
    with first as (
      select id from act_signup where activity_id = ${activityId} and status = ${SignupStatus.waiting}
      order by waitlist_no, id limit ${free.free}
    ), moved as (
      update act_signup s set status = ${SignupStatus.pending}, signup_time = now(), update_by = ${context.username.slice(0, 32)}, update_time = now()
      from first where s.id = first.id
      returning s.id, s.student_id, s.parent_id, s.waitlist_no
    )
    select m.id, st.name_cn as student_name, p.name as parent_name, p.phone, p.email
    from moved m left join school_student st on st.id = m.student_id left join school_parent p on p.id = m.parent_id
    order by m.waitlist_no`);
  const notices: PromotionNotice[] = [];
  for (const signup of promoted) {
    const title = ActivityMessages.promotedTitle(free.title);
    const content = ActivityMessages.promotedBody(signup.parent_name ?? "家长", signup.student_name ?? "", free.title);
    const notice: PromotionNotice = { signupId: signup.id, mailId: null, messages: [], title, content };
    const email = signup.email ? decryptValue(signup.email).trim() : "";
    const phone = signup.phone ? decryptValue(signup.phone).trim() : "";
    if (email) {
      notice.mailId = await queueMail(tx, { tenantId: context.tenantId, to: email, subject: title, body: content, relatedType: "activity-waitlist", relatedId: signup.id, createdBy: context.username });
      notice.messages.push({ id: await messageRow(tx, context, MessageChannel.mail, email, title, content, notice.mailId), channel: MessageChannel.mail, receiver: email, mailId: notice.mailId });
    }
    if (phone) notice.messages.push({ id: await messageRow(tx, context, MessageChannel.sms, phone, title, content, null), channel: MessageChannel.sms, receiver: phone, mailId: null });
    notices.push(notice);
  }
  return notices;
}

async function messageRow(tx: Executor, context: CrudContext, channel: string, receiver: string, title: string, content: string, relatedId: string | null): Promise<string> {
  const id = newId();
  const receiverColumns = receiverValues(channel, receiver.slice(0, 100));
  await tx.rows(sql`
    insert into sys_message (id, tenant_id, template_code, es_type, es_receiver, es_receiver_hash, es_title, es_content, es_send_status, related_id, create_by, create_time)
    values (${id}, ${context.tenantId}, ${"ACTIVITY_WAITLIST"}, ${channel}, ${receiverColumns.esReceiver}, ${receiverColumns.esReceiverHash}, ${title.slice(0, 255)}, ${content},
            ${MessageStatus.pending}, ${relatedId}, ${context.username.slice(0, 32)}, now())`);
  return id;
}

/** After the commit: the mails sent over SMTP, the SMS through its sender; each 消息 row takes its outcome. */
export async function sendPromotionNotices(services: BackendServices, notices: readonly PromotionNotice[]): Promise<void> {
  const ids = notices.flatMap((notice) => notice.messages.map((message) => message.id));
  if (ids.length === 0) return;
  // Only the rows that were committed (a hook's transaction may have been rolled back after it).
  const committed = new Set(
    (await services.db.rows<{ id: string }>(sql`select id from sys_message where id = any(${`{${ids.join(",")}}`}::varchar[])`)).map((row) => row.id),
  );
  for (const notice of notices) {
    for (const message of notice.messages.filter((candidate) => committed.has(candidate.id))) {
      await deliverMessage(services, { ...message, title: notice.title, content: notice.content });
    }
  }
}
