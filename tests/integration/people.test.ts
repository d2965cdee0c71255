// 学籍管理 and 填值规则 over real HTTP, on PGlite and (when reachable) PostgreSQL: numbers that never
// repeat under concurrency, a student saved with its parents in one transaction, at most one
// payer, the student number from the fill rule, and tenants that never see each other's people.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { ONE_PAYER_MESSAGE } from "#contract/modules/people";
import { DEMO_STUDENT_COUNT } from "../../backend/seed/data/people";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const year = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric" }).format(new Date());

describe.each(databases)("people and fill rules on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string, headers?: Record<string, string>) => call(base, "GET", path, { token: admin, headers });
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, { token: admin, body });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const parentIds = async (count: number) =>
    (await rows<{ id: string }>(`SELECT id FROM school_parent WHERE tenant_id = 1 ORDER BY id LIMIT ${count}`)).map((row) => row.id);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  it("gives 50 concurrent requests 50 different numbers of one rule", async () => {
    await send("POST", "/sys/fillRule/add", { ruleName: "并发测试", ruleCode: "qa_race", ruleClass: "serial", prefix: "QA", datePattern: "yyyyMMdd", seqDigits: "3", resetCycle: "day" });
    const answers = await Promise.all(Array.from({ length: 50 }, () => get("/sys/fillRule/executeRuleByCode/qa_race")));
    const numbers = answers.map((answer) => answer.json.result as string);
    expect(answers.every((answer) => answer.json.success)).toBe(true);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.every((number) => /^QA\d{8}\d{3}$/.test(number))).toBe(true);
    expect(numbers.map((number) => Number(number.slice(-3))).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // The original's PUT answers the same way.
    expect((await send("PUT", "/sys/fillRule/executeRuleByCode/qa_race", {})).json.result).toMatch(/051$/);
  });

  it("refuses a rule whose counter would restart before its date changes, and an unknown rule", async () => {
    const answer = await send("POST", "/sys/fillRule/add", { ruleName: "坏规则", ruleCode: "qa_bad", ruleClass: "serial", datePattern: "yyyyMM", seqDigits: "4", resetCycle: "day" });
    expect(answer.json).toMatchObject({ success: false, message: expect.stringContaining("重置周期") });
    expect((await get("/sys/fillRule/executeRuleByCode/no_such_rule")).json).toMatchObject({ success: false, message: "填值规则不存在: no_such_rule" });
    const seeded = await get("/sys/fillRule/list?ruleCode=student_no");
    expect(seeded.json.result.records[0]).toMatchObject({ ruleCode: "student_no", prefix: "S", resetCycle_dictText: "每年" });
  });

  it("adds a student with two parents in one save, numbered by the fill rule", async () => {
    const [father, mother] = await parentIds(2);
    const added = await send("POST", "/school/student/add", {
      nameCn: "测试学生",
      sex: "1",
      grade: "3",
      status: "1",
      parents: [
        { parentId: father, relation: "1", isPayer: false },
        { parentId: mother, relation: "2", isPayer: true },
      ],
    });
    expect(added.json).toMatchObject({ success: true });
    const list = await get("/school/student/list?nameCn=测试学生");
    const [student] = list.json.result.records;
    // The demo school has DEMO_STUDENT_COUNT numbers of this year already.
    expect(student.studentNo).toMatch(new RegExp(`^S${year}\\d{4}$`));
    expect(Number(student.studentNo.slice(-4))).toBeGreaterThan(DEMO_STUDENT_COUNT);
    expect(student).toMatchObject({ grade_dictText: "三年级", sex_dictText: "男" });
    const parents = await get(`/school/student/queryParentsByStudentId?id=${student.id}`);
    expect(parents.json.result.map((row: Record<string, unknown>) => [row.parentId, row.relation_dictText, row.isPayer])).toEqual([
      [father, "父亲", false],
      [mother, "母亲", true],
    ]);
    expect(parents.json.result[0].parentId_dictText).toBeTruthy();

    // An edit with new rows replaces them; a student number never changes.
    const edited = await send("PUT", "/school/student/edit", { id: student.id, studentNo: "X1", parents: [{ parentId: mother, relation: "3", isPayer: "1" }] });
    expect(edited.json.success).toBe(true);
    expect(await rows(`SELECT relation, is_payer FROM school_student_parent WHERE student_id = '${student.id}'`)).toEqual([{ relation: "3", is_payer: true }]);
    expect(await rows(`SELECT student_no FROM school_student WHERE id = '${student.id}'`)).toEqual([{ student_no: student.studentNo }]);
  });

  it("leaves no student behind when a parent row fails", async () => {
    const [father] = await parentIds(1);
    const before = await rows<{ count: string | number }>(`SELECT count(*) AS count FROM school_student`);
    const answer = await send("POST", "/school/student/add", {
      nameCn: "半途学生",
      sex: "2",
      grade: "1",
      status: "1",
      parents: [
        { parentId: father, relation: "1", isPayer: true },
        { parentId: "no-such-parent", relation: "2", isPayer: false },
      ],
    });
    expect(answer.json).toMatchObject({ success: false, message: "家长第2行：家长不存在" });
    expect(await rows(`SELECT id FROM school_student WHERE name_cn = '半途学生'`)).toEqual([]);
    expect(await rows<{ count: string | number }>(`SELECT count(*) AS count FROM school_student`)).toEqual(before);
  });

  it("allows at most one payer, in the backend and in the database", async () => {
    const [father, mother] = await parentIds(2);
    const answer = await send("POST", "/school/student/add", {
      nameCn: "两位付款人",
      sex: "1",
      grade: "2",
      status: "1",
      parents: [
        { parentId: father, relation: "1", isPayer: true },
        { parentId: mother, relation: "2", isPayer: true },
      ],
    });
    expect(answer.json).toMatchObject({ success: false, message: ONE_PAYER_MESSAGE });
    expect(await rows(`SELECT id FROM school_student WHERE name_cn = '两位付款人'`)).toEqual([]);
    // Whatever writes the rows, the partial unique index keeps one payer per student.
    const [payer] = await rows<{ student_id: string; parent_id: string }>(`SELECT student_id, parent_id FROM school_student_parent WHERE is_payer LIMIT 1`);
    const other = (await parentIds(5)).find((id) => id !== payer!.parent_id)!;
    await expect(
      rows(`INSERT INTO school_student_parent (id, student_id, parent_id, relation, is_payer) VALUES ('qa_second_payer', '${payer!.student_id}', '${other}', '3', true)`),
    ).rejects.toThrow();
  });

  it("shows each parent's children and keeps the tenants apart", async () => {
    const parents = await get("/school/parent/list?pageSize=5");
    expect(parents.json.result.total).toBeGreaterThan(DEMO_STUDENT_COUNT / 2);
    expect(parents.json.result.records.every((record: { childrenText: string }) => /\((父亲|母亲|监护人)\)/.test(record.childrenText))).toBe(true);
    for (const path of ["/school/student/list", "/school/parent/list", "/school/corporation/list", "/school/teacher/list"]) {
      expect((await get(path)).json.result.total, path).toBeGreaterThan(0);
      expect((await get(path, { "tenant-id": "2" })).json.result.total, path).toBe(0);
    }
    const [student] = await rows<{ id: string }>(`SELECT id FROM school_student LIMIT 1`);
    expect((await get(`/school/student/queryParentsByStudentId?id=${student!.id}`, { "tenant-id": "2" })).json).toMatchObject({ success: false, message: "未找到对应数据" });
  });

  it("exports students and imports them back, numbered anew by the fill rule", async () => {
    const exported = await fetch(`${base}/school/student/exportXls?grade=5&column=studentNo&order=asc`, { headers: { "X-Access-Token": admin } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(["学号", "中文名", "英文名", "性别"]);
    const first = (sheet.getRow(4).values as unknown[]).slice(1);
    expect(first[0]).toMatch(/^S\d{8}$/);
    expect(header[header.indexOf("年级")] && first[header.indexOf("年级")]).toBe("五年级");

    // The exported layout imports back: the number column is the server's, a new one is given.
    const fresh = new ExcelJS.Workbook();
    const rowsSheet = fresh.addWorksheet("学生信息");
    rowsSheet.addRow(header);
    rowsSheet.addRow(first.map((value, index) => (header[index] === "中文名" ? "导入学生" : value)));
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await fresh.xlsx.writeBuffer())]), "students.xlsx");
    const imported = await fetch(`${base}/school/student/importExcel`, { method: "POST", headers: { "X-Access-Token": admin }, body: form });
    expect(await imported.json()).toMatchObject({ success: true, code: 200 });
    const [row] = await rows<{ student_no: string; grade: string }>(`SELECT student_no, grade FROM school_student WHERE name_cn = '导入学生'`);
    expect(row!.grade).toBe("5");
    expect(row!.student_no).not.toBe(first[0]);
    expect(row!.student_no).toMatch(new RegExp(`^S${year}\\d{4}$`));
  });

  it("refuses a teacher in another tenant's department and a bad phone", async () => {
    const [depart] = await rows<{ id: string }>(`SELECT id FROM sys_depart WHERE tenant_id = 2 LIMIT 1`);
    const teacher = { teacherNo: "QA001", name: "测试老师", status: "1" };
    expect((await send("POST", "/school/teacher/add", { ...teacher, departId: depart!.id })).json).toMatchObject({ success: false, message: "所属部门不存在" });
    expect((await send("POST", "/school/teacher/add", { ...teacher, phone: "12345" })).json).toMatchObject({ success: false, message: "请输入正确手机号" });
    expect((await send("POST", "/school/teacher/add", teacher)).json.success).toBe(true);
    expect((await get("/sys/duplicate/check?tableName=school_teacher&fieldName=teacher_no&fieldVal=QA001")).json.success).toBe(false);
  });
});
