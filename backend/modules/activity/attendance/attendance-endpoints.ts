// 出勤 of an activity (issue #29 item 5, docs/decisions/162): per session (one date of the activity:
// each day from its start to its end, and any date attendance was taken on), each student holding
// a place (待确认 or 已确认) is 出席, 缺席 or 请假. Each kind of activity has its own pair of endpoints
// (ATTENDANCE_BOOKS, decision 168): the sheet is read by whoever sees that kind's menu page (活动 or
// 社区活动) and covers only activities of that kind; saving needs that kind's button 出勤
// (activity:attendance, community:attendance). A session's row is written when its attendance is
// first saved, in the same transaction as its marks.
import { sql } from "drizzle-orm";
import { ATTENDANCE_BOOKS, ActivityMessages, AttendanceStatus, attendancePermission, type AttendanceBook } from "#contract/modules/activity";
import { crudContext, inTransaction } from "../../../crud/context";
import { notFound, singleId } from "../../../crud/crud-messages";
import { newId } from "../../../db/ids";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import { HOLDS_PLACE } from "../signup/waitlist";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The days listed for a long activity (a term's course): its first 120 days. */
const MAX_SESSION_DAYS = 120;
const STATUSES = new Set<string>(Object.values(AttendanceStatus));

/** The sheet and the save of one kind of activity (school 活动, 社区活动): its menu, its button, its rows. */
function attendanceEndpointsOf(book: AttendanceBook): Endpoint[] {
  const sheet = endpoint("GET", `${book.api}/sheet`, menuAccess(book.module.page), async (request) => {
    const context = crudContext(request);
    const activityId = singleId(request.query.activityId ?? request.query.id);
    if (!activityId) throw notFound();
    const zone = context.services.config.schoolTimeZone;
    const [activity] = await context.services.db.rows<{ id: string; title: string; location: string | null; start: string; end: string; capacity: number }>(sql`
      select id, title, location, capacity,
             to_char(start_time at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as start,
             to_char(coalesce(end_time, start_time) at time zone ${zone}, 'YYYY-MM-DD HH24:MI') as "end"
      from act_activity where id = ${activityId} and tenant_id = ${context.tenantId} and kind = ${book.kind}`);
    if (!activity) throw notFound();
    const sessions = (
      await context.services.db.rows<{ day: string }>(sql`
        select to_char(day, 'YYYY-MM-DD') as day from (
          select generate_series((a.start_time at time zone ${zone})::date,
                                 least((coalesce(a.end_time, a.start_time) at time zone ${zone})::date, (a.start_time at time zone ${zone})::date + ${MAX_SESSION_DAYS - 1}::int),
                                 interval '1 day')::date as day
          from act_activity a where a.id = ${activityId}
          union select session_date from act_session where activity_id = ${activityId}
        ) days order by day`)
    ).map((row) => row.day);
    const asked = String(request.query.date ?? "");
    const date = DATE.test(asked) ? asked : sessions[0]!;
    const students = await context.services.db.rows(sql`
      select s.id as "signupId", st.student_no as "studentNo", st.name_cn as "studentName", c.name as "className", s.status,
             (select a.status from act_attendance a join act_session se on se.id = a.session_id
               where a.signup_id = s.id and se.activity_id = ${activityId} and se.session_date = ${date}::date) as attendance
      from act_signup s
      join school_student st on st.id = s.student_id
      left join school_class c on c.id = st.class_id
      where s.activity_id = ${activityId} and s.tenant_id = ${context.tenantId} and s.status in ${HOLDS_PLACE}
      order by c.name nulls last, st.student_no, s.id`);
    return ok({ activity, sessions: sessions.includes(date) ? sessions : [...sessions, date].sort(), date, students });
  }, { doc: { summary: `${book.module.title}某场次的出勤表` } });

  /** Saves one session's marks: `{activityId, date, marks: [{signupId, status}]}`. */
  const save = endpoint("POST", `${book.api}/save`, attendancePermission(book), async (request) => {
    const context = crudContext(request);
    const activityId = singleId(request.body.activityId);
    if (!activityId) throw notFound();
    const date = String(request.body.date ?? "");
    if (!DATE.test(date) || Number.isNaN(Date.parse(date))) throw new ApiError(ActivityMessages.badSessionDate);
    const marks = (Array.isArray(request.body.marks) ? request.body.marks : []) as Array<{ signupId?: unknown; status?: unknown }>;
    for (const mark of marks) if (!STATUSES.has(String(mark.status))) throw new ApiError(ActivityMessages.badAttendance);
    const saved = await inTransaction(context.services.db, async (tx) => {
      const [activity] = await tx.rows(sql`select 1 from act_activity where id = ${activityId} and tenant_id = ${context.tenantId} and kind = ${book.kind}`);
      if (!activity) throw notFound();
      const signupIds = [...new Set(marks.map((mark) => String(mark.signupId)))];
      const holding = await tx.rows<{ id: string }>(sql`
        select id from act_signup where activity_id = ${activityId} and status in ${HOLDS_PLACE} and id = any(${`{${signupIds.join(",")}}`}::varchar[])`);
      if (holding.length !== signupIds.length) throw new ApiError(ActivityMessages.attendanceNotSignedUp);
      const user = context.username.slice(0, 32);
      const [session] = await tx.rows<{ id: string }>(sql`
        insert into act_session (id, tenant_id, activity_id, session_date, create_by)
        values (${newId()}, ${context.tenantId}, ${activityId}, ${date}::date, ${user})
        on conflict (activity_id, session_date) do update set update_by = ${user}, update_time = now()
        returning id`);
      for (const mark of marks) {
        await tx.rows(sql`
          insert into act_attendance (id, tenant_id, session_id, signup_id, status, create_by)
          values (${newId()}, ${context.tenantId}, ${session!.id}, ${String(mark.signupId)}, ${String(mark.status)}, ${user})
          on conflict (session_id, signup_id) do update set status = excluded.status, update_by = ${user}, update_time = now()`);
      }
      return marks.length;
    });
    return okMessage(`出勤已保存（${date}，${saved}人）`);
  }, { doc: { summary: `保存${book.module.title}某场次的出勤` } });
  return [sheet, save];
}

export const attendanceEndpoints: Endpoint[] = Object.values(ATTENDANCE_BOOKS).flatMap(attendanceEndpointsOf);
