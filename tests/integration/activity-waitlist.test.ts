// Activities that fill like real ones (issue #29 item 5, docs/decisions/162), through the real
// backend on PGlite and PostgreSQL, with a local SMTP server and a local SMS webhook:
//  - 50 sign-ups at once for 5 places: 5 places taken, 45 waiting (候补) in arrival order with
//    positions 1..45, each answer naming its position; freed places (two cancellations at once, a
//    capacity raised) promote the first in line in order, each parent told by mail and SMS;
//  - eligible grades: a student of another grade refused, naming the grades;
//  - 批量报名 of a class and of a selection: 成功 / 候补 / 不符合年级 / 已报名 per student;
//  - 出勤 per session: the activity's days, marks saved and read back, only for students holding a place.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 19).replace("T", " ");
const STUDENTS = Array.from({ length: 50 }, (_, index) => `wl-s${index}`);

describe.each(databases)("activity waiting lists, grades, bulk sign-ups and attendance on %s", (kind) => {
  let server: TestBackend;
  let smtp: TestSmtp;
  let webhook: Server;
  const smsBodies: Array<{ receiver: string; content: string }> = [];
  let office: string;
  let finance: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });

  let activities = 0;
  async function openActivity(capacity: number, extra: Record<string, unknown> = {}) {
    const title = `候补测试${++activities}`;
    const body = { title, type: "1", startTime: inDays(10), signupDeadline: inDays(5), capacity: String(capacity), fee: "0", content: "<p>内容</p>", ...extra };
    expect((await send(office, "POST", "/activity/activity/add", body)).json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string }>(`select id from act_activity where title = '${title}'`);
    expect((await send(office, "POST", "/activity/activity/open", { id: row!.id })).json).toMatchObject({ success: true });
    return row!.id;
  }
  const signups = (activityId: string) =>
    rows<{ id: string; student_id: string; status: string; waitlist_no: number | null; signup_time: Date }>(
      `select id, student_id, status, waitlist_no, signup_time from act_signup where activity_id = '${activityId}' order by waitlist_no nulls first, signup_time, id`,
    );

  beforeAll(async () => {
    smtp = await startTestSmtp();
    webhook = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        smsBodies.push(JSON.parse(body));
        response.end("ok");
      });
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => webhook.once("listening", resolve));
    const smsWebhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/sms`;
    server = await startTestBackend(kind as "pglite" | "postgres", { smtpUrl: smtp.url, mailFrom: "school@school.example", smsWebhookUrl });
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    // Fifty first-graders (wl-s0 … wl-s49), each with a parent of his own (phone and e-mail stored as the parent form stores them).
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, sex, grade, status) values ${STUDENTS.map((id, index) => `('${id}', 1, 'WL${String(index).padStart(2, "0")}', '候补学生${index}', '1', '1', '1')`).join(", ")}`);
    for (let start = 0; start < STUDENTS.length; start += 10) {
      const answers = await Promise.all(
        STUDENTS.slice(start, start + 10).map((_, offset) => {
          const index = start + offset;
          return send(office, "POST", "/school/parent/add", { name: `候补家长${index}`, phone: `139${String(index).padStart(8, "0")}`, email: `parent${index}@family.example` });
        }),
      );
      for (const answer of answers) expect(answer.json, answer.json.message).toMatchObject({ success: true });
    }
    await rows(`
      insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer, sort_no)
      select 'wl-sp' || substr(s.id, 5), 1, s.id, p.id, '1', true, 0
      from school_student s join school_parent p on p.name = '候补家长' || substr(s.id, 5) where s.id like 'wl-s%'`);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await smtp?.stop();
    await new Promise((resolve) => webhook?.close(resolve));
  });

  it("holds 5 places and a waiting list in arrival order under 50 sign-ups at once, and promotes in order with a notice to each parent", { timeout: 120_000 }, async () => {
    const activityId = await openActivity(5);
    const answers = await Promise.all(STUDENTS.map((studentId) => send(office, "POST", "/activity/signup/add", { activityId, studentId })));
    for (const answer of answers) expect(answer.json.success, answer.json.message).toBe(true);
    expect(answers.filter((answer) => answer.json.message === "报名成功")).toHaveLength(5);

    const listed = await signups(activityId);
    const placed = listed.filter((signup) => signup.status === "1");
    const waiting = listed.filter((signup) => signup.status === "4");
    expect(placed).toHaveLength(5);
    expect(waiting).toHaveLength(45);
    // Consecutive arrival numbers, given in the order the sign-ups arrived (each took the activity's lock in turn).
    expect(waiting.map((signup) => signup.waitlist_no)).toEqual(Array.from({ length: 45 }, (_, index) => index + 1));
    const times = waiting.map((signup) => new Date(signup.signup_time).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...placed.map((signup) => new Date(signup.signup_time).getTime()))).toBeLessThanOrEqual(times[0]!);
    // Each answer named the position its sign-up holds.
    for (const signup of waiting) expect(answers[STUDENTS.indexOf(signup.student_id)]!.json.message).toBe(`名额已满，已加入候补，第${signup.waitlist_no}位`);

    // The list shows each waiting sign-up's position.
    const list = await send(office, "GET", `/activity/signup/list?activityId=${activityId}&status=4&pageSize=50`);
    const positionOf = new Map(list.json.result.records.map((record: { id: string; waitlistPosition: number }) => [record.id, record.waitlistPosition]));
    expect(waiting.map((signup) => positionOf.get(signup.id))).toEqual(waiting.map((signup) => signup.waitlist_no));

    // Two places freed at once: the first two in line take them, in order.
    const cancelled = await Promise.all(placed.slice(0, 2).map((signup) => send(office, "POST", "/activity/signup/cancel", { id: signup.id })));
    for (const answer of cancelled) expect(answer.json.message).toBe("取消成功，候补1人已转为正式报名并通知家长");
    const afterCancel = await signups(activityId);
    const statusOf = (rowsNow: typeof afterCancel, id: string) => rowsNow.find((signup) => signup.id === id)!.status;
    expect(waiting.map((signup) => statusOf(afterCancel, signup.id)).slice(0, 3)).toEqual(["1", "1", "4"]);
    expect(afterCancel.filter((signup) => signup.status === "1")).toHaveLength(5);

    // Capacity raised by 3: the next three in line.
    expect((await send(office, "PUT", "/activity/activity/edit", { id: activityId, capacity: "8" })).json).toMatchObject({ success: true });
    const afterRaise = await signups(activityId);
    expect(waiting.map((signup) => statusOf(afterRaise, signup.id)).slice(0, 6)).toEqual(["1", "1", "1", "1", "1", "4"]);
    expect(afterRaise.filter((signup) => signup.status === "1")).toHaveLength(8);
    // The rest keep their order, positions now 1..40.
    const still = await send(office, "GET", `/activity/signup/list?activityId=${activityId}&status=4&pageSize=50`);
    expect(still.json.result.records.map((record: { waitlistPosition: number }) => record.waitlistPosition).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    // A promoted sign-up is confirmed as any other; a waiting one cannot be.
    expect((await send(office, "POST", "/activity/signup/confirm", { id: waiting[0]!.id })).json.message).toBe("确认成功");
    expect((await send(office, "POST", "/activity/signup/confirm", { id: waiting[5]!.id })).json.message).toBe("候补中的报名不能确认，请等待名额空出");
    // The capacity cannot fall below the places held.
    expect((await send(office, "PUT", "/activity/activity/edit", { id: activityId, capacity: "7" })).json.message).toBe("名额不能少于已报名人数8");

    // Each promoted student's parent was told, by mail and by SMS, with his own names.
    const promoted = waiting.slice(0, 5).map((signup) => Number(signup.student_id.slice(4)));
    await smtp.waitForMail(5);
    expect(smtp.received.map((mail) => mail.to && !Array.isArray(mail.to) ? mail.to.text : "").sort()).toEqual(promoted.map((index) => `parent${index}@family.example`).sort());
    for (const index of promoted) {
      const mail = smtp.received.find((received) => !Array.isArray(received.to) && received.to?.text === `parent${index}@family.example`)!;
      expect(mail.subject).toMatch(/^活动候补转正：候补测试\d+$/);
      expect(mail.text).toContain(`候补家长${index}您好：候补学生${index} 报名的活动「`);
    }
    expect(smsBodies.map((body) => body.receiver).sort()).toEqual(promoted.map((index) => `139${String(index).padStart(8, "0")}`).sort());
    const messages = await rows<{ es_type: string; es_send_status: string }>(`select es_type, es_send_status from sys_message where template_code = 'ACTIVITY_WAITLIST' order by es_type`);
    expect(messages).toEqual([...Array(5).fill({ es_type: "1", es_send_status: "1" }), ...Array(5).fill({ es_type: "2", es_send_status: "1" })]);
  });

  it("refuses a student outside the activity's grades with a message naming them", async () => {
    const activityId = await openActivity(5, { grades: "2,3" });
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId: "wl-s0" })).json.message).toBe(
      "学生 候补学生0（一年级）不在本活动的适用年级（二年级、三年级）内，不能报名",
    );
    await rows(`update school_student set grade = '3' where id = 'wl-s1'`);
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId: "wl-s1" })).json.message).toBe("报名成功");
    await rows(`update school_student set grade = '1' where id = 'wl-s1'`);
    // The list shows the grades by name.
    const activity = await send(office, "GET", `/activity/activity/queryById?id=${activityId}`);
    expect(activity.json.result).toMatchObject({ grades: "2,3", grades_dictText: "二年级,三年级" });
  });

  it("signs up a class or a selection at once, each student's outcome reported", async () => {
    // A class of the current year with six of the fifty.
    const [year] = await rows<{ id: string }>(`select id from school_year where tenant_id = 1 and is_current = 'Y'`);
    await rows(`insert into school_class (id, tenant_id, year_id, grade, name, capacity) values ('wl-class', 1, '${year!.id}', '1', '候补测试班', 40)`);
    await rows(`update school_student set class_id = 'wl-class' where id in ('wl-s10', 'wl-s11', 'wl-s12', 'wl-s13', 'wl-s14', 'wl-s15')`);
    await rows(`update school_student set status = '3' where id = 'wl-s15'`);
    const activityId = await openActivity(3, { grades: "1" });
    expect((await send(office, "POST", "/activity/signup/add", { activityId, studentId: "wl-s10" })).json.message).toBe("报名成功");

    const byClass = await send(office, "POST", "/activity/signup/bulk", { activityId, classId: "wl-class" });
    expect(byClass.json.message).toBe("批量报名完成：成功 2，候补 2，不符合年级 0，已报名 1");
    // In class order (学号); the student who left (status 3) is not signed up.
    expect(byClass.json.result.results).toEqual([
      { studentId: "wl-s10", studentName: "候补学生10", outcome: "已报名" },
      { studentId: "wl-s11", studentName: "候补学生11", outcome: "成功" },
      { studentId: "wl-s12", studentName: "候补学生12", outcome: "成功" },
      { studentId: "wl-s13", studentName: "候补学生13", outcome: "候补", position: 1 },
      { studentId: "wl-s14", studentName: "候补学生14", outcome: "候补", position: 2 },
    ]);

    await rows(`update school_student set grade = '2' where id = 'wl-s21'`);
    const chosen = await send(office, "POST", "/activity/signup/bulk", { activityId, studentIds: ["wl-s20", "wl-s21", "wl-s11"] });
    expect(chosen.json.result.results.map((result: { outcome: string; position?: number }) => [result.outcome, result.position])).toEqual([
      ["候补", 3],
      ["不符合年级", undefined],
      ["已报名", undefined],
    ]);
    const listed = await signups(activityId);
    expect(listed.map((signup) => [signup.student_id, signup.status, signup.waitlist_no])).toEqual([
      ["wl-s10", "1", null],
      ["wl-s11", "1", null],
      ["wl-s12", "1", null],
      ["wl-s13", "4", 1],
      ["wl-s14", "4", 2],
      ["wl-s20", "4", 3],
    ]);
    // Without the button (财务 has no 报名 page) or without students, nothing is signed up.
    expect((await send(finance, "POST", "/activity/signup/bulk", { activityId, studentIds: ["wl-s30"] })).json.success).toBe(false);
    expect((await send(office, "POST", "/activity/signup/bulk", { activityId })).json.message).toBe("请选择班级或学生");
    expect(await signups(activityId)).toHaveLength(6);
  });

  it("keeps 出勤 per session for the students holding a place", async () => {
    const activityId = await openActivity(2, { startTime: inDays(10), endTime: inDays(12) });
    for (const studentId of ["wl-s40", "wl-s41", "wl-s42"]) await send(office, "POST", "/activity/signup/add", { activityId, studentId });
    const sheet = await send(office, "GET", `/activity/attendance/sheet?activityId=${activityId}`);
    expect(sheet.json.success, sheet.json.message).toBe(true);
    expect(sheet.json.result.sessions).toHaveLength(3);
    const [first, second] = sheet.json.result.sessions as string[];
    expect(sheet.json.result.date).toBe(first);
    // The two holding a place, not the one waiting.
    const students = sheet.json.result.students as Array<{ signupId: string; studentName: string; attendance: string | null }>;
    expect(students.map((student) => [student.studentName, student.attendance])).toEqual([
      ["候补学生40", null],
      ["候补学生41", null],
    ]);
    const marks = [
      { signupId: students[0]!.signupId, status: "1" },
      { signupId: students[1]!.signupId, status: "3" },
    ];
    expect((await send(office, "POST", "/activity/attendance/save", { activityId, date: second, marks })).json.message).toBe(`出勤已保存（${second}，2人）`);
    // Saved again: changed, not repeated.
    expect((await send(office, "POST", "/activity/attendance/save", { activityId, date: second, marks: [{ ...marks[1]!, status: "2" }] })).json.success).toBe(true);
    const read = await send(office, "GET", `/activity/attendance/sheet?activityId=${activityId}&date=${second}`);
    expect(read.json.result.students.map((student: { attendance: string | null }) => student.attendance)).toEqual(["1", "2"]);
    expect((await send(office, "GET", `/activity/attendance/sheet?activityId=${activityId}&date=${first}`)).json.result.students.map((student: { attendance: string | null }) => student.attendance)).toEqual([null, null]);
    expect((await rows<{ n: number }>(`select count(*)::int n from act_attendance a join act_session s on s.id = a.session_id where s.activity_id = '${activityId}'`))[0]!.n).toBe(2);

    // The one waiting has no attendance; a status outside the dictionary, or 财务 without the button, changes nothing.
    const [waiting] = await rows<{ id: string }>(`select id from act_signup where activity_id = '${activityId}' and status = '4'`);
    expect((await send(office, "POST", "/activity/attendance/save", { activityId, date: first, marks: [{ signupId: waiting!.id, status: "1" }] })).json.message).toBe(
      "出勤只能记录已报名（待确认或已确认）的学生",
    );
    expect((await send(office, "POST", "/activity/attendance/save", { activityId, date: first, marks: [{ signupId: students[0]!.signupId, status: "9" }] })).json.message).toBe(
      "出勤请选择出席、缺席或请假",
    );
    expect((await send(finance, "POST", "/activity/attendance/save", { activityId, date: first, marks: [{ signupId: students[0]!.signupId, status: "1" }] })).json.success).toBe(false);
    expect((await rows<{ n: number }>(`select count(*)::int n from act_session where activity_id = '${activityId}'`))[0]!.n).toBe(1);
  });

  it("keeps a community activity's 出勤 on its own menu and button, and neither kind's sheet opens the other's", async () => {
    const admin = await loginToken(server.url);
    const title = "社区出勤测试";
    const body = { title, type: "1", startTime: inDays(10), signupDeadline: inDays(5), capacity: "5", fee: "0", content: "<p>内容</p>", organiser: "家委会" };
    expect((await send(admin, "POST", "/activity/community/add", body)).json).toMatchObject({ success: true });
    const [community] = await rows<{ id: string; kind: string }>(`select id, kind from act_activity where title = '${title}'`);
    expect(community!.kind).toBe("2");
    expect((await send(admin, "POST", "/activity/community/open", { id: community!.id })).json).toMatchObject({ success: true });
    for (const studentId of ["wl-s45", "wl-s46"]) expect((await send(admin, "POST", "/activity/signup/add", { activityId: community!.id, studentId })).json).toMatchObject({ success: true });

    const sheet = await send(admin, "GET", `/activity/community/attendance/sheet?activityId=${community!.id}`);
    expect(sheet.json.success, sheet.json.message).toBe(true);
    const students = sheet.json.result.students as Array<{ signupId: string; studentName: string }>;
    expect(students.map((student) => student.studentName)).toEqual(["候补学生45", "候补学生46"]);
    const date = sheet.json.result.date as string;
    const marks = students.map((student) => ({ signupId: student.signupId, status: "1" }));
    expect((await send(admin, "POST", "/activity/community/attendance/save", { activityId: community!.id, date, marks })).json.message).toBe(`出勤已保存（${date}，2人）`);
    const read = await send(admin, "GET", `/activity/community/attendance/sheet?activityId=${community!.id}&date=${date}`);
    expect(read.json.result.students.map((student: { attendance: string | null }) => student.attendance)).toEqual(["1", "1"]);

    // Each kind's endpoints read and write only its own activities.
    const schoolActivity = await openActivity(2);
    expect((await send(admin, "GET", `/activity/attendance/sheet?activityId=${community!.id}`)).json.success).toBe(false);
    expect((await send(admin, "POST", "/activity/attendance/save", { activityId: community!.id, date, marks })).json.success).toBe(false);
    expect((await send(admin, "GET", `/activity/community/attendance/sheet?activityId=${schoolActivity}`)).json.success).toBe(false);
    // The button is the community's own: 财务 holds neither.
    expect((await send(finance, "POST", "/activity/community/attendance/save", { activityId: community!.id, date, marks })).json.success).toBe(false);
    expect((await rows<{ n: number }>(`select count(*)::int n from act_attendance a join act_session s on s.id = a.session_id where s.activity_id = '${community!.id}'`))[0]!.n).toBe(2);
  });
});
