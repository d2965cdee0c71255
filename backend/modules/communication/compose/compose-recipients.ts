// The recipients of a 群发 (docs/decisions/166) and each one's merge values: the one place that knows
// who a class, a grade, an activity's sign-ups or the payers of overdue bills are, and what
// `${parentName}`, `${studentName}`, `${className}`, `${amountDue}`, `${dueDate}`, `${activityName}`
// are for a parent or a staff member. 测试发送 of 消息模板 asks it for its receivers' own values too.
// Addresses are decrypted here, on the server; what leaves it is the caller's business.
import { sql, type SQL } from "drizzle-orm";
import { ComposeTarget, ComposeTexts, type ComposeSelection, type MergeValues } from "#contract/modules/compose";
import { MessageChannel } from "#contract/modules/message";
import { SignupStatus } from "#contract/modules/activity";
import { formatMoney, toFen } from "#contract/money";
import type { CrudContext, Executor } from "../../../crud/context";
import { tenantListCondition } from "../../../crud/tenant";
import { ApiError } from "../../../http/envelope";
import { decryptValue, searchHash } from "../../../security/personal-data";
import { overdueBillsSql } from "../../billing/bill/bill-reminder";
import { schoolDay } from "../../system/fill-rule/fill-number";

export interface Recipient {
  kind: "parent" | "user";
  id: string;
  name: string;
  /** By channel: the decrypted address ("" when none; 站内: the user's id, parents none). */
  addresses: Record<string, string>;
  values: MergeValues;
}

/** What the selection reads as on the 群发's list (班级 一年级1班, 另选家长 3 人…). */
export interface ResolvedSelection {
  recipients: Recipient[];
  text: string;
  /** The target is an activity's sign-ups: `${activityName}` has a value. */
  activity: boolean;
}

interface ParentRow {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  wechat_open_id: string | null;
  student_name: string | null;
  class_name: string | null;
  amount_due: string;
  due_date: string | null;
}

const open = (stored: string | null | undefined) => (stored ? decryptValue(stored).trim() : "");

/**
 * Each parent of `links` (a query of parent_id, student_id) with his values: the names and current
 * classes of his children among the links, what he owes (his open receivables, exact numeric), and
 * the earliest due date he has not paid (an instalment's when the bill is in instalments).
 */
async function parentsOf(executor: Executor, tenantId: number, links: SQL): Promise<ParentRow[]> {
  return executor.rows<ParentRow>(sql`
    with links as (${links})
    select p.id, p.name, p.phone, p.email, p.wechat_open_id,
           (select string_agg(distinct st.name_cn, '、') from links l join school_student st on st.id = l.student_id where l.parent_id = p.id) as student_name,
           (select string_agg(distinct c.name, '、') from links l join school_student st on st.id = l.student_id
              join school_class c on c.id = st.class_id where l.parent_id = p.id) as class_name,
           (select coalesce(sum(r.total_amount - r.received_amount), 0)::text from bill_receivable r
             where r.tenant_id = p.tenant_id and r.payer_type = '1' and r.payer_id = p.id and r.status in ('1', '2')) as amount_due,
           (select to_char(min(coalesce((select min(i.due_date) from bill_instalment i where i.bill_id = b.id and i.cumulative > b.paid_amount), b.due_date)), 'YYYY-MM-DD')
              from bill_bill b
             where b.tenant_id = p.tenant_id and b.payer_type = '1' and b.payer_id = p.id and b.status in ('1', '2') and b.payable > b.paid_amount) as due_date
      from school_parent p
     where p.tenant_id = ${tenantId} and p.id in (select parent_id from links where parent_id is not null)
     order by p.name, p.id`);
}

function parentRecipient(row: ParentRow, activityName?: string): Recipient {
  return {
    kind: "parent",
    id: row.id,
    name: row.name,
    addresses: { [MessageChannel.sms]: open(row.phone), [MessageChannel.mail]: open(row.email), [MessageChannel.wechat]: open(row.wechat_open_id) },
    values: {
      parentName: row.name,
      studentName: row.student_name ?? "",
      className: row.class_name ?? "",
      amountDue: formatMoney(toFen(row.amount_due)),
      dueDate: row.due_date ?? "",
      ...(activityName === undefined ? {} : { activityName }),
    },
  };
}

interface UserRow {
  id: string;
  realname: string | null;
  username: string;
  phone: string | null;
  email: string | null;
}

function userRecipient(row: UserRow, activityName?: string): Recipient {
  const name = row.realname || row.username;
  return {
    kind: "user",
    id: row.id,
    name,
    addresses: { [MessageChannel.site]: row.id, [MessageChannel.sms]: open(row.phone), [MessageChannel.mail]: open(row.email), [MessageChannel.wechat]: "" },
    values: { parentName: name, studentName: "", className: "", amountDue: "", dueDate: "", ...(activityName === undefined ? {} : { activityName }) },
  };
}

const idArray = (ids: readonly string[]) => sql`${`{${ids.map((id) => `"${id.replace(/["\\]/g, "")}"`).join(",")}}`}::varchar[]`;

/** The target's parent ↔ student links, its text, and the activity's name; refuses another tenant's class or activity. */
async function targetLinks(executor: Executor, context: CrudContext, target: string): Promise<{ links: SQL; text: string; activityName?: string }> {
  const { tenantId } = context;
  const colon = target.indexOf(":");
  const kind = colon < 0 ? target : target.slice(0, colon);
  const value = colon < 0 ? "" : target.slice(colon + 1);
  const childrenWhere = (condition: SQL) => sql`
    select sp.parent_id, s.id as student_id from school_student s join school_student_parent sp on sp.student_id = s.id
     where s.tenant_id = ${tenantId} and coalesce(s.status, '1') = '1' and ${condition}`;
  switch (kind) {
    case ComposeTarget.class: {
      const [found] = await executor.rows<{ name: string }>(sql`
        select c.name from school_class c join school_year y on y.id = c.year_id and y.is_current = 'Y'
         where c.id = ${value} and c.tenant_id = ${tenantId}`);
      if (!found) throw new ApiError(ComposeTexts.classNotFound);
      return { links: childrenWhere(sql`s.class_id = ${value}`), text: `班级 ${found.name}` };
    }
    case ComposeTarget.grade: {
      // Through the executor, not the dictionary service: this runs inside the send's transaction, and
      // PGlite has one connection (a read beside the transaction would wait for it).
      const [grade] = await executor.rows<{ text: string }>(sql`
        select i.item_text as text from sys_dict_item i join sys_dict d on d.id = i.dict_id
         where d.dict_code = 'grade' and d.del_flag = 0 and i.item_value = ${value}`);
      if (!grade) throw new ApiError(ComposeTexts.badTarget);
      return { links: childrenWhere(sql`s.grade = ${value}`), text: `年级 ${grade.text}` };
    }
    case ComposeTarget.activity: {
      const [activity] = await executor.rows<{ title: string }>(sql`select title from act_activity where id = ${value} and tenant_id = ${tenantId}`);
      if (!activity) throw new ApiError(ComposeTexts.activityNotFound);
      // The sign-up's parent when it names one, else every parent of the student.
      const links = sql`
        select sp.parent_id, s.student_id from act_signup s join school_student_parent sp on sp.student_id = s.student_id
         where s.activity_id = ${value} and s.status = ${SignupStatus.confirmed} and (s.parent_id is null or sp.parent_id = s.parent_id)`;
      return { links, text: `活动报名 ${activity.title}`, activityName: activity.title };
    }
    case ComposeTarget.overdue: {
      const { year, month, day } = schoolDay(new Date(), context.services.config.schoolTimeZone);
      const links = sql`select o.payer_id as parent_id, o.student_id from (${overdueBillsSql(tenantId, `${year}-${month}-${day}`, 0)}) o where o.payer_type = '1'`;
      return { links, text: "逾期未缴的付款家长" };
    }
    default:
      throw new ApiError(ComposeTexts.badTarget);
  }
}

/** Everyone the selection names, each once (a parent of two targeted children is one recipient). */
export async function resolveSelection(executor: Executor, context: CrudContext, selection: ComposeSelection): Promise<ResolvedSelection> {
  const { tenantId } = context;
  const recipients: Recipient[] = [];
  const texts: string[] = [];
  let activity = false;
  const parentIds = new Set<string>();
  if (selection.target) {
    const target = await targetLinks(executor, context, selection.target);
    texts.push(target.text);
    activity = target.activityName !== undefined;
    for (const row of await parentsOf(executor, tenantId, target.links)) {
      parentIds.add(row.id);
      recipients.push(parentRecipient(row, target.activityName));
    }
  }
  const chosenParents = selection.parentIds.filter((id) => !parentIds.has(id));
  if (selection.parentIds.length > 0) {
    texts.push(`另选家长 ${selection.parentIds.length} 人`);
    if (chosenParents.length > 0) {
      const links = sql`select p.id as parent_id, sp.student_id from school_parent p left join school_student_parent sp on sp.parent_id = p.id where p.id = any(${idArray(chosenParents)})`;
      for (const row of await parentsOf(executor, tenantId, links)) recipients.push(parentRecipient(row, activity ? "" : undefined));
    }
  }
  if (selection.userIds.length > 0) {
    texts.push(`另选教职工 ${selection.userIds.length} 人`);
    const users = await executor.rows<UserRow>(sql`
      select u.id, u.realname, u.username, u.phone, u.email from sys_user u
       where u.id = any(${idArray(selection.userIds)}) and u.del_flag = 0 and ${tenantListCondition(sql`u.rel_tenant_ids`, tenantId)}
       order by u.realname, u.id`);
    // With an activity's sign-ups, the others chosen beside them have no activity: "".
    for (const row of users) recipients.push(userRecipient(row, activity ? "" : undefined));
  }
  if (texts.length === 0) throw new ApiError(ComposeTexts.recipientsRequired);
  return { recipients, text: texts.join("，").slice(0, 500), activity };
}

/**
 * 测试发送's receivers, each with his own values (docs/decisions/166): a username is that user; a phone
 * or an e-mail address is the tenant's parent with it (by its search hash), else the user with it.
 */
export async function ownValues(executor: Executor, tenantId: number, channel: string, receiver: string, username?: string): Promise<MergeValues> {
  if (username !== undefined) {
    const users = await executor.rows<UserRow>(sql`
      select id, realname, username, phone, email from sys_user
       where username = ${username} and del_flag = 0 and ${tenantListCondition(sql`rel_tenant_ids`, tenantId)}`);
    return users[0] ? userRecipient(users[0]).values : {};
  }
  const kind = channel === MessageChannel.mail ? "email" : channel === MessageChannel.sms ? "phone" : undefined;
  if (!kind) return {};
  const hash = searchHash(kind, receiver);
  if (!hash) return {};
  const column = sql.raw(kind === "email" ? "email_hash" : "phone_hash");
  const links = sql`
    select p.id as parent_id, sp.student_id from school_parent p left join school_student_parent sp on sp.parent_id = p.id
     where p.tenant_id = ${tenantId} and p.${column} = ${hash}`;
  const [parent] = await parentsOf(executor, tenantId, links);
  if (parent) return parentRecipient(parent).values;
  const users = await executor.rows<UserRow>(sql`
    select id, realname, username, phone, email from sys_user
     where ${column} = ${hash} and del_flag = 0 and ${tenantListCondition(sql`rel_tenant_ids`, tenantId)} order by create_time, id limit 1`);
  return users[0] ? userRecipient(users[0]).values : {};
}
