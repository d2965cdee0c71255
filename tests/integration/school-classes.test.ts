// School years, classes and promotion (issue #29 items 1-2), through the real backend on PGlite and
// PostgreSQL when one answers: classes list in the 年级 dictionary's order; a student's 班级 is a
// class of the current year, gives him its grade and respects its capacity; the roster names the
// paying parents; 升级 of 2,000 students moves every class one grade up into the next year in one
// transaction (the last grade graduates), and the undo puts every student back, refused once the
// new year has a bill.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const GRADES = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];

describe.each(databases)("school years and classes on %s", (kind) => {
  let server: TestBackend;
  let office: string;
  let currentYearId: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const send = (method: string, path: string, body?: unknown) => call(server.url, method, path, { token: office, body });
  /** Every student's class, grade and status, in id order (what an undo must give back). */
  const snapshot = () => rows<{ id: string; class_id: string | null; grade: string | null; status: string | null }>(`select id, class_id, grade, status from school_student where tenant_id = 1 order by id`);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    const [year] = await rows<{ id: string }>(`select id from school_year where tenant_id = 1 and is_current = 'Y'`);
    currentYearId = year!.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it("the demo school has a current year 2026-2027 whose classes list in the grades' order", async () => {
    const years = await send("GET", "/school/year/list?isCurrent=Y");
    expect(years.json.result.records.map((row: { name: string }) => row.name)).toEqual(["2026-2027"]);
    const classes = await send("GET", `/school/class/list?yearId=${currentYearId}&pageSize=100`);
    expect(classes.json.success).toBe(true);
    const grades = (classes.json.result.records as Array<{ grade: string }>).map((row) => row.grade);
    expect(grades.length).toBe(39);
    expect(grades).toEqual([...grades].sort((a, b) => GRADES.indexOf(a) - GRADES.indexOf(b)));
    expect(grades.indexOf("2")).toBeLessThan(grades.indexOf("10"));
    const first = classes.json.result.records[0];
    expect(first).toMatchObject({ grade_dictText: "学前班", name: "学前1班" });
    expect(typeof first.teacherId_dictText).toBe("string");
    // The students' list sorted by grade follows the dictionary too.
    const students = await send("GET", "/school/student/list?column=grade&order=asc&pageSize=300");
    const studentGrades = (students.json.result.records as Array<{ grade: string }>).map((row) => row.grade);
    expect(studentGrades).toEqual([...studentGrades].sort((a, b) => GRADES.indexOf(a) - GRADES.indexOf(b)));
  });

  it("the student list filters by class and shows it; the roster lists the class's students and payers", async () => {
    const [busiest] = await rows<{ class_id: string; count: number }>(
      `select class_id, count(*)::int as count from school_student where class_id is not null group by class_id order by count(*) desc, class_id limit 1`,
    );
    const listed = await send("GET", `/school/student/list?classId=${busiest!.class_id}&pageSize=100`);
    expect(listed.json.result.total).toBe(busiest!.count);
    const [name] = await rows<{ name: string }>(`select name from school_class where id = '${busiest!.class_id}'`);
    for (const student of listed.json.result.records) expect(student.classId_dictText).toBe(name!.name);
    const roster = await send("GET", `/school/class/roster?id=${busiest!.class_id}`);
    expect(roster.json.success).toBe(true);
    expect(roster.json.result.students.length).toBe(busiest!.count);
    const [payers] = await rows<{ count: number }>(
      `select count(*)::int as count from school_student s join school_student_parent sp on sp.student_id = s.id and sp.is_payer where s.class_id = '${busiest!.class_id}'`,
    );
    expect(roster.json.result.students.filter((row: { payerName: string | null }) => row.payerName).length).toBe(payers!.count);
    // Payers' phones are stored encrypted (docs/decisions/119): the roster answers them in clear.
    const phones = roster.json.result.students.map((row: { payerPhone: string | null }) => row.payerPhone).filter(Boolean);
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toMatch(/^1[3-9]\d{9}$/);
    const counted = await send("GET", `/school/class/queryById?id=${busiest!.class_id}`);
    expect(counted.json.result.studentCount).toBe(busiest!.count);
    // A student's 照片 (an uploaded image's path) is on the roster; the others have none.
    const first = roster.json.result.students[0] as { studentId: string };
    await rows(`update school_student set photo = 'student/photo_1.png' where id = '${first.studentId}'`);
    const photos = (await send("GET", `/school/class/roster?id=${busiest!.class_id}`)).json.result.students.map((row: { photo: string | null }) => row.photo);
    expect(photos.filter(Boolean)).toEqual(["student/photo_1.png"]);
  });

  it("a student's class gives him its grade, must be of the current year and has room", async () => {
    const add = await send("POST", "/school/class/add", { yearId: currentYearId, grade: "3", name: "三年级实验班", capacity: "1" });
    expect(add.json).toMatchObject({ success: true });
    const [made] = await rows<{ id: string }>(`select id from school_class where name = '三年级实验班'`);
    const student = { nameCn: "分班学生", sex: "1", grade: "7", status: "1", classId: made!.id };
    expect((await send("POST", "/school/student/add", student)).json).toMatchObject({ success: true });
    const [placed] = await rows<{ grade: string; year_id: string }>(
      `select s.grade, m.year_id from school_student s join school_class_student m on m.student_id = s.id where s.name_cn = '分班学生'`,
    );
    expect(placed).toEqual({ grade: "3", year_id: currentYearId });
    expect((await send("POST", "/school/student/add", { ...student, nameCn: "满员学生" })).json).toMatchObject({ success: false, message: "班级三年级实验班已满（容量1人）" });
    expect((await send("POST", "/school/class/add", { yearId: currentYearId, grade: "3", name: "三年级实验班" })).json).toMatchObject({ success: false, message: "该学年已有同名班级" });
    expect((await send("DELETE", `/school/class/delete?id=${made!.id}`)).json).toMatchObject({ success: false, message: "班级中还有学生，不能删除" });
    await rows(`delete from school_student where name_cn = '分班学生'`);
    expect((await send("DELETE", `/school/class/delete?id=${made!.id}`)).json).toMatchObject({ success: true });
  });

  it("promotes 2,000 students one grade up in one transaction, graduates the last grade, and undoes it", async () => {
    await rows(`
      insert into school_student (id, tenant_id, student_no, name_cn, grade, class_id, status)
      select 'pr-' || g, 1, 'PR' || lpad(g::text, 5, '0'), '升级学生' || g, c.grade, c.id, '1'
        from generate_series(1, 2000) g
        join lateral (select id, grade from school_class where year_id = '${currentYearId}' order by id offset (g % 39) limit 1) c on true`);
    const before = await snapshot();
    const [counts] = await rows<{ enrolled: number; last: number; others: number }>(`
      select count(*) filter (where s.status = '1')::int as enrolled,
             count(*) filter (where s.status = '1' and c.grade = '12')::int as last,
             count(*) filter (where s.status <> '1')::int as others
        from school_student s join school_class c on c.id = s.class_id where c.year_id = '${currentYearId}'`);
    expect(counts!.enrolled).toBeGreaterThan(2000);

    const preview = await send("GET", "/school/year/promotePreview");
    expect(preview.json.success).toBe(true);
    expect(preview.json.result).toMatchObject({ fromYear: "2026-2027", toYear: "2027-2028", createsYear: true, students: counts!.enrolled - counts!.last, graduates: counts!.last, leftBehind: counts!.others });
    expect(preview.json.result.classes[0]).toMatchObject({ className: "学前1班", grade: "0", nextGrade: "1", nextClassName: "一年级1班" });
    expect(preview.json.result.classes.at(-1)).toMatchObject({ grade: "12" });
    expect(preview.json.result.classes.at(-1).nextGrade).toBeUndefined();
    // The preview changes nothing.
    expect(await snapshot()).toEqual(before);

    const started = Date.now();
    const promoted = await send("POST", "/school/year/promote", {});
    const took = Date.now() - started;
    expect(promoted.json).toMatchObject({ success: true, message: `升级完成：${counts!.enrolled - counts!.last}名学生升入2027-2028学年，${counts!.last}名学生毕业` });
    console.log(`[school-classes ${kind}] promotion of ${before.length} students: ${took} ms`);

    const [next] = await rows<{ id: string; is_current: string; term1_start: string }>(`select id, is_current, term1_start::text from school_year where name = '2027-2028'`);
    expect(next).toMatchObject({ is_current: "Y", term1_start: "2027-09-01" });
    const [after] = await rows<{ moved: number; graduated: number; unplaced: number; history: number; classes: number }>(`
      select (select count(*)::int from school_student s join school_class c on c.id = s.class_id where c.year_id = '${next!.id}' and s.status = '1') as moved,
             (select count(*)::int from school_promotion_student ps join school_student s on s.id = ps.student_id where ps.from_grade = '12' and ps.from_status = '1' and s.status = '3' and s.class_id is null) as graduated,
             (select count(*)::int from school_student s where s.class_id is not null and not exists (select 1 from school_class c where c.id = s.class_id and c.year_id = '${next!.id}')) as unplaced,
             (select count(*)::int from school_class_student where year_id = '${currentYearId}') as history,
             (select count(*)::int from school_class where year_id = '${next!.id}') as classes`);
    expect(after).toEqual({ moved: counts!.enrolled - counts!.last, graduated: counts!.last, unplaced: 0, history: counts!.enrolled + counts!.others, classes: 36 });
    // Every moved student is one grade up, in the class named one grade up.
    const [wrong] = await rows<{ count: number }>(`
      select count(*)::int as count from school_promotion_student ps
        join school_student s on s.id = ps.student_id
        join school_class c on c.id = s.class_id
       where ps.from_status = '1' and (s.grade::int <> ps.from_grade::int + 1 or c.grade <> s.grade)`);
    expect(wrong!.count).toBe(0);

    // A bill of the new year ends the undo.
    await rows(`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, payer_type) values ('pr-bill', 1, 'PR-BILL', 'pr-1', '2027-2028', '1', 0, 0, '1')`);
    expect((await send("POST", "/school/year/undoPromotion", {})).json).toMatchObject({ success: false, message: "2027-2028学年已有账单，不能撤销升级" });
    await rows(`delete from bill_bill where id = 'pr-bill'`);

    const undone = await send("POST", "/school/year/undoPromotion", {});
    expect(undone.json).toMatchObject({ success: true, message: `已撤销升级，${counts!.enrolled + counts!.others}名学生回到原班级` });
    expect(await snapshot()).toEqual(before);
    expect(await rows(`select id from school_year where name = '2027-2028'`)).toEqual([]);
    const [restored] = await rows<{ id: string }>(`select id from school_year where is_current = 'Y' and tenant_id = 1`);
    expect(restored!.id).toBe(currentYearId);
    const [history] = await rows<{ count: number }>(`select count(*)::int as count from school_class_student where year_id = '${currentYearId}'`);
    expect(history!.count).toBe(counts!.enrolled + counts!.others);
    expect((await send("POST", "/school/year/undoPromotion", {})).json).toMatchObject({ success: false, message: "没有可撤销的升级" });
  }, 180_000);

  it("only a caller with 升级 may promote; teachers may not", async () => {
    const teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    const answer = await call(server.url, "GET", "/school/year/promotePreview", { token: teacher });
    expect(answer.json.success).toBe(false);
    const list = await call(server.url, "GET", "/school/class/list", { token: teacher });
    expect(list.json.success).toBe(false);
  });
});
