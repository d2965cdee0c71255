// 首页's figures (issue #13 part 6) on the demo seed, checked against independent SQL counts: students
// by status and grade, outstanding receivables by payer type, payments by month (冲销 left out),
// sign-ups this month and the caller's unread notices; another tenant's rows never count. Each figure
// is answered only to a caller granted the list it summarises (issue #30 item 1): a teacher gets his
// students, activities, sign-ups and messages and no finance figure; finance gets no student figure.
// A teacher whose account is a teacher's 登录账号 gets his classes (docs/decisions/186).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { FIGURE_PAGES, type DashboardFigures } from "#contract/dashboard";

describe("dashboard figures", () => {
  let server: TestBackend;
  let admin: string;
  let finance: string;
  let teacher: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const figures = async (token: string) => {
    const answer = await call(server.url, "GET", "/school/dashboard/figures", { token });
    expect(answer.json?.success, answer.text).toBe(true);
    return answer.json.result as Required<DashboardFigures>;
  };

  beforeAll(async () => {
    server = await startTestBackend("pglite");
    admin = await loginToken(server.url);
    finance = await loginToken(server.url, "finance_wang", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    // Rows that the figures must count (this month, two months ago) and must not (冲销, tenant 2).
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status, grade) values
      ('df-s1', 1, 'DF01', '首页学生一', '1', '3'), ('df-s2', 1, 'DF02', '首页学生二', '2', '3'),
      ('df-s3', 2, 'DF03', '他校学生', '1', '3')`);
    await rows(`insert into school_parent (id, tenant_id, name) values ('df-p1', 1, '首页家长')`);
    await rows(`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, period, total_amount, received_amount, status) values
      ('df-r1', 1, 'DF-R1', '1', 'df-p1', '2030-1', 1000.10, 200.05, '2'),
      ('df-r2', 1, 'DF-R2', '1', 'df-p1', '2030-2', 500, 500, '3'),
      ('df-r3', 2, 'DF-R3', '1', 'df-p1', '2030-1', 9999, 0, '1')`);
    await rows(`insert into bill_payment (id, tenant_id, payment_no, payer_type, payer_id, channel, amount, paid_at, status) values
      ('df-y1', 1, 'DF-Y1', '1', 'df-p1', '1', 300.25, now(), '1'),
      ('df-y2', 1, 'DF-Y2', '1', 'df-p1', '1', 100.50, now() - interval '2 months', '1'),
      ('df-y3', 1, 'DF-Y3', '1', 'df-p1', '1', 777, now(), '4'),
      ('df-y4', 2, 'DF-Y4', '1', 'df-p1', '1', 888, now(), '1')`);
    const [activity] = await rows<{ id: string }>(`select id from act_activity where tenant_id = 1 limit 1`);
    await rows(`insert into act_signup (id, tenant_id, activity_id, student_id, signup_time) values
      ('df-g1', 1, '${activity?.id ?? "none"}', 'df-s1', now()), ('df-g2', 2, '${activity?.id ?? "none"}', 'df-s3', now())`);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers the tenant's figures, equal to independent counts", async () => {
    const zone = server.backend.services.config.schoolTimeZone;
    const result = await figures(admin);
    // Every figure but a teacher's own classes: the administrator's account is no teacher's.
    expect(Object.keys(result).sort()).toEqual(Object.keys(FIGURE_PAGES).filter((name) => name !== "myClasses").sort());

    const byStatus = await rows<{ key: string; count: number }>(
      `select status as key, count(*)::int as count from school_student where tenant_id = 1 group by status order by status`,
    );
    expect(result.studentsByStatus).toEqual(byStatus);
    const byGrade = await rows<{ key: string; count: number }>(
      `select s.grade as key, count(*)::int as count from school_student s
       left join sys_dict_item i on i.item_value = s.grade and i.dict_id = (select id from sys_dict where dict_code = 'grade' and del_flag = 0)
       where s.tenant_id = 1 and s.status = '1' group by s.grade, i.sort_order order by i.sort_order nulls last, s.grade`,
    );
    expect(result.studentsByGrade).toEqual(byGrade);
    expect(result.studentsByGrade.find((row) => row.key === "3")?.count).toBeGreaterThanOrEqual(1);

    const owed = await rows<{ key: string; count: number; amount: string }>(
      `select payer_type as key, count(*)::int as count, sum(total_amount - received_amount)::numeric(18,2)::text as amount
       from bill_receivable where tenant_id = 1 and status in ('1', '2') group by payer_type order by payer_type`,
    );
    expect(result.receivablesOutstanding).toEqual(owed);

    expect(result.paymentsByMonth).toHaveLength(12);
    const [thisMonth] = await rows<{ month: string; count: number; amount: string }>(
      `select to_char(now() at time zone '${zone}', 'YYYY-MM') as month, count(*)::int as count, coalesce(sum(amount), 0)::numeric(18,2)::text as amount
       from bill_payment where tenant_id = 1 and status <> '4'
         and to_char(paid_at at time zone '${zone}', 'YYYY-MM') = to_char(now() at time zone '${zone}', 'YYYY-MM')`,
    );
    expect(result.paymentsByMonth.at(-1)).toEqual(thisMonth);
    const [total] = await rows<{ count: number }>(
      `select count(*)::int as count from bill_payment where tenant_id = 1 and status <> '4'
         and date_trunc('month', paid_at at time zone '${zone}') between date_trunc('month', now() at time zone '${zone}') - interval '11 months'
           and date_trunc('month', now() at time zone '${zone}')`,
    );
    expect(result.paymentsByMonth.reduce((sum, month) => sum + month.count, 0)).toBe(total?.count);
    expect(thisMonth!.count).toBeGreaterThanOrEqual(1);

    const [signups] = await rows<{ count: number }>(
      `select count(*)::int as count from act_signup where tenant_id = 1
         and date_trunc('month', signup_time at time zone '${zone}') = date_trunc('month', now() at time zone '${zone}')`,
    );
    expect(result.signupsThisMonth).toBe(signups?.count);
    expect(result.signupsThisMonth).toBeGreaterThanOrEqual(1);

    const [pending] = await rows<{ count: number }>(`select count(*)::int as count from act_signup where tenant_id = 1 and status = '1'`);
    expect(result.signupsToConfirm).toBe(pending?.count);
    const [open] = await rows<{ count: number }>(`select count(*)::int as count from act_activity where tenant_id = 1 and kind = '1' and status = '2'`);
    expect(result.openActivities).toBe(open?.count);
  });

  it("answers a teacher his figures and no finance figure, and finance no student figure", async () => {
    const teachers = await figures(teacher);
    expect(Object.keys(teachers).sort()).toEqual(
      ["myClasses", "openActivities", "signupsThisMonth", "signupsToConfirm", "studentsByGrade", "studentsByStatus", "unreadNotices"].sort(),
    );
    expect(teachers).not.toHaveProperty("receivablesOutstanding");
    expect(teachers).not.toHaveProperty("paymentsByMonth");
    // The teacher's figures are the same numbers the administrator sees.
    const admins = await figures(admin);
    expect(teachers.studentsByStatus).toEqual(admins.studentsByStatus);
    expect(teachers.signupsToConfirm).toBe(admins.signupsToConfirm);
    // Every figure he is answered summarises a list his menu grants (no link to a 403).
    const pages = new Set(
      (await rows<{ url: string }>(`select distinct p.url from sys_permission p join sys_role_permission rp on rp.permission_id = p.id
        join sys_user_role ur on ur.role_id = rp.role_id join sys_user u on u.id = ur.user_id where u.username = 'teacher_li'`)).map((row) => row.url),
    );
    for (const name of Object.keys(teachers) as Array<keyof typeof FIGURE_PAGES>) expect(pages, name).toContain(FIGURE_PAGES[name]);

    const finances = await figures(finance);
    expect(Object.keys(finances).sort()).toEqual(["paymentsByMonth", "receivablesOutstanding", "unreadNotices"].sort());
  });

  it("answers a teacher the classes he is 班主任 of this year, with their students in school, and follows a change of 登录账号", async () => {
    const classesOf = (username: string) =>
      rows<{ id: string; name: string; students: number }>(`
        select c.id, c.name, (select count(*)::int from school_student s where s.class_id = c.id and s.status = '1') as students
        from school_class c join school_year y on y.id = c.year_id and y.is_current = 'Y'
        join school_teacher t on t.id = c.teacher_id join sys_user u on u.id = t.user_id
        where c.tenant_id = 1 and u.username = '${username}' order by c.name`);
    const mine = await classesOf("teacher_li");
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(mine.some((row) => row.students > 0)).toBe(true);
    expect((await figures(teacher)).myClasses).toEqual(mine);

    // 教师's 登录账号: an account of the school that is no other teacher's.
    const [other] = await rows<{ id: string; name: string }>(`select id, name from school_teacher where tenant_id = 1 and user_id is null
      and id in (select teacher_id from school_class) order by teacher_no limit 1`);
    const [li] = await rows<{ id: string }>(`select id from sys_user where username = 'teacher_li'`);
    const [chen] = await rows<{ id: string }>(`select id from sys_user where username = 'teacher_chen'`);
    const record = (await call(server.url, "GET", `/school/teacher/queryById?id=${other!.id}`, { token: admin })).json.result;
    const edit = (userId: string) => call(server.url, "PUT", "/school/teacher/edit", { token: admin, body: { ...record, userId } });
    const [liTeacher] = await rows<{ name: string }>(`select name from school_teacher where user_id = '${li!.id}'`);
    expect((await edit(li!.id)).json).toMatchObject({ success: false, message: `该登录账号已是教师「${liTeacher!.name}」的账号` });
    expect((await edit("no-such-account")).json).toMatchObject({ success: false, message: "登录账号不存在" });
    // teacher_chen's account moves to this teacher: his 首页 follows.
    await rows(`update school_teacher set user_id = null where user_id = '${chen!.id}'`);
    expect((await edit(chen!.id)).json.success).toBe(true);
    const chenToken = await loginToken(server.url, "teacher_chen", TEST_DEMO_PASSWORD);
    expect((await figures(chenToken)).myClasses).toEqual(await classesOf("teacher_chen"));
    expect((await classesOf("teacher_chen")).length).toBeGreaterThanOrEqual(1);
    // An account that is no teacher's gets no such figure (absent, not an empty list).
    await rows(`update school_teacher set user_id = null where user_id = '${chen!.id}'`);
    expect(await figures(chenToken)).not.toHaveProperty("myClasses");
  });

  it("counts the caller's unread notices, and reading one lowers the count", async () => {
    const [user] = await rows<{ id: string }>(`select id from sys_user where username = 'finance_wang'`);
    await rows(`insert into sys_announcement (id, titile, msg_content, msg_type, send_status, del_flag, tenant_id, msg_category, send_time)
      values ('df-n1', '首页通知', '内容', 'USER', '1', '0', 1, '1', now())`);
    await rows(`insert into sys_announcement_send (id, annt_id, user_id, read_flag) values ('df-m1', 'df-n1', '${user!.id}', '0')`);
    const before = (await figures(finance)).unreadNotices;
    const [unread] = await rows<{ count: number }>(
      `select count(*)::int as count from sys_announcement_send s join sys_announcement a on a.id = s.annt_id
       where s.user_id = '${user!.id}' and s.read_flag = '0' and a.tenant_id = 1 and a.send_status = '1' and a.del_flag = '0'`,
    );
    expect(before).toBe(unread?.count);
    expect(before).toBeGreaterThanOrEqual(1);
    await rows(`update sys_announcement_send set read_flag = '1' where id = 'df-m1'`);
    expect((await figures(finance)).unreadNotices).toBe(before - 1);
  });

  it("refuses a caller who is not signed in", async () => {
    const answer = await call(server.url, "GET", "/school/dashboard/figures");
    expect(answer.json?.success).not.toBe(true);
  });
});
