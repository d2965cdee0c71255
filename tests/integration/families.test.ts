// Families the school can reach (issue #29 item 3, docs/decisions/163), over real HTTP on PGlite and
// (when reachable) PostgreSQL: a new parent added with the student in one transaction, a parent
// matched by phone, the student export → import round trip keeping every family (with clear and with
// masked phones, a masked phone never written), and 批量分班 / 批量修改状态 with their permissions and
// a class's capacity under concurrent requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { StudentParentMessages } from "#contract/modules/people";
import { ClassMessages } from "#contract/modules/classes";
import { searchHash } from "../../backend/security/personal-data";
import { call, loginToken, postgresReachable, startTestBackend, userWithRole, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const PASSWORD = "Clerk#Families2026";

describe.each(databases)("families on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  let teacher: string;
  let clerk: string;
  const send = (method: string, path: string, body?: unknown, token = admin) => call(base, method, path, { token, body });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const count = async (text: string) => Number((await rows<{ count: string | number }>(text))[0]!.count);
  const studentId = async (name: string) => (await rows<{ id: string }>(`SELECT id FROM school_student WHERE name_cn = '${name}'`))[0]?.id;
  /** A student's family as `parent name/relation/payer`, in the grid's order. */
  const family = async (name: string) =>
    (
      await rows<{ line: string }>(`SELECT p.name || '/' || l.relation || '/' || l.is_payer AS line FROM school_student_parent l
        JOIN school_parent p ON p.id = l.parent_id JOIN school_student s ON s.id = l.student_id WHERE s.name_cn = '${name}' ORDER BY l.sort_no`)
    ).map((row) => row.line);
  const addStudent = (nameCn: string, parents: unknown[], token = admin) => send("POST", "/school/student/add", { nameCn, sex: "1", grade: "3", status: "1", parents }, token);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    // 学生 with 添加 and 编辑 only: no 批量分班, no 批量修改状态, no 家长 添加.
    const permissionIds = (
      await rows<{ id: string }>(`SELECT id FROM sys_permission WHERE del_flag = 0 AND (url IN ('/school', '/school/student') OR perms IN ('student:add', 'student:edit'))`)
    ).map((row) => row.id);
    clerk = await userWithRole(base, admin, { roleCode: "family_clerk", roleName: "录入员", permissionIds }, { username: "clerk_zhou", realname: "周录入", password: PASSWORD });
  });
  afterAll(async () => server?.close());

  it("adds a new parent with the student in one save, and leaves neither behind when a later row fails", async () => {
    const [existing] = await rows<{ id: string; name: string }>(`SELECT id, name FROM school_parent WHERE tenant_id = 1 ORDER BY id LIMIT 1`);
    const added = await addStudent("新家庭学生", [
      { parent: { name: "新家长甲", phone: "13912340001", email: "jia@family.example" }, relation: "1", isPayer: true },
      { parentId: existing!.id, relation: "2", isPayer: false },
    ]);
    expect(added.json).toMatchObject({ success: true });
    expect(await family("新家庭学生")).toEqual(["新家长甲/1/true", `${existing!.name}/2/false`]);
    // Stored as the parent module stores it: encrypted, found by its search hash.
    const [parent] = await rows<{ phone: string }>(`SELECT phone FROM school_parent WHERE phone_hash = '${searchHash("phone", "13912340001")}'`);
    expect(parent!.phone).not.toContain("13912340001");

    const parents = await count(`SELECT count(*) AS count FROM school_parent`);
    const failed = await addStudent("半途家庭", [
      { parent: { name: "新家长乙", phone: "13912340002" }, relation: "2", isPayer: false },
      { parentId: "no-such-parent", relation: "1", isPayer: false },
    ]);
    expect(failed.json).toMatchObject({ success: false, message: "家长第2行：家长不存在" });
    expect(await studentId("半途家庭")).toBeUndefined();
    expect(await count(`SELECT count(*) AS count FROM school_parent`)).toBe(parents);

    // The parent module's own checks, before anything is written.
    const badPhone = await addStudent("错号家庭", [{ parent: { name: "新家长丙", phone: "12345" }, relation: "1", isPayer: false }]);
    expect(badPhone.json).toMatchObject({ success: false, message: "家长第1行：请输入正确手机号" });
    expect(await studentId("错号家庭")).toBeUndefined();
  });

  it("matches a new parent by phone, refuses another parent's phone, and needs 家长 添加 to add one", async () => {
    const parents = await count(`SELECT count(*) AS count FROM school_parent`);
    const matched = await addStudent("同号学生", [{ parent: { name: "新家长甲", phone: "139 1234 0001" }, relation: "1", isPayer: true }]);
    expect(matched.json.success).toBe(true);
    expect(await count(`SELECT count(*) AS count FROM school_parent`)).toBe(parents);
    expect(await family("同号学生")).toEqual(["新家长甲/1/true"]);

    const other = await addStudent("冒名学生", [{ parent: { name: "另一人", phone: "13912340001" }, relation: "1", isPayer: false }]);
    expect(other.json).toMatchObject({ success: false, message: `家长第1行：${StudentParentMessages.phoneOfOther("新家长甲")}` });

    const refused = await addStudent("无权学生", [{ parent: { name: "新家长丁", phone: "13912340004" }, relation: "1", isPayer: false }], clerk);
    expect(refused.json).toMatchObject({ success: false, message: StudentParentMessages.mayNotAdd });
    expect(await studentId("无权学生")).toBeUndefined();
    // Choosing an existing parent needs no more than 学生 添加.
    expect((await addStudent("有权学生", [{ parent: { name: "新家长甲", phone: "13912340001" }, relation: "1", isPayer: false }], clerk)).json.success).toBe(true);
  });

  it("searches the picker by name or whole phone, each option with a masked phone and children", async () => {
    const byName = await send("GET", "/school/parent/options?keyword=新家长甲", undefined, teacher);
    expect(byName.json.result).toEqual([{ value: expect.any(String), text: "新家长甲", description: expect.stringMatching(/^139\*\*\*\*0001 · 子女：.*新家庭学生\(父亲\)/) }]);
    const byPhone = await send("GET", "/school/parent/options?keyword=13912340001");
    expect(byPhone.json.result).toEqual([{ value: byName.json.result[0].value, text: "新家长甲", description: expect.stringMatching(/^13912340001 · /) }]);
  });

  async function exportStudents(ids: string[], token: string): Promise<ExcelJS.Workbook> {
    const exported = await fetch(`${base}/school/student/exportXls?selections=${ids.join(",")}&column=nameCn&order=asc`, { headers: { "X-Access-Token": token } });
    expect(exported.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exported.arrayBuffer()) as ArrayBuffer);
    return workbook;
  }
  async function importStudents(workbook: ExcelJS.Workbook) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "students.xlsx");
    const imported = await fetch(`${base}/school/student/importExcel`, { method: "POST", headers: { "X-Access-Token": admin }, body: form });
    return (await imported.json()) as { success: boolean; code: number; message: string; result?: { fileUrl?: string } };
  }
  const sheetRows = (workbook: ExcelJS.Workbook) => {
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1).map(String);
    const data: Array<Record<string, unknown>> = [];
    for (let at = 4; at <= sheet.rowCount; at++) {
      const values = (sheet.getRow(at).values as unknown[]).slice(1);
      data.push(Object.fromEntries(header.map((title, index) => [title, values[index] ?? null])));
    }
    return data;
  };

  it("keeps every family through export → import: parents created once for siblings, then matched by phone", async () => {
    const siblings = [
      { parent: { name: "往返父亲", phone: "13912340011", email: "fu@family.example" }, relation: "1", isPayer: true },
      { parent: { name: "往返母亲", phone: "13912340012" }, relation: "2", isPayer: false },
    ];
    expect((await addStudent("往返甲", siblings)).json.success).toBe(true);
    const [father, mother] = await rows<{ id: string }>(`SELECT parent_id AS id FROM school_student_parent l JOIN school_student s ON s.id = l.student_id WHERE s.name_cn = '往返甲' ORDER BY l.sort_no`);
    expect(
      (await addStudent("往返乙", [{ parentId: mother!.id, relation: "2", isPayer: true }, { parentId: father!.id, relation: "1", isPayer: false }])).json.success,
    ).toBe(true);
    const names = ["往返乙", "往返甲"];
    const before = { 往返甲: await family("往返甲"), 往返乙: await family("往返乙") };
    const ids = await Promise.all(names.map(studentId));
    const workbook = await exportStudents(ids as string[], admin);
    const exported = sheetRows(workbook);
    expect(exported.map((row) => [row["中文名"], row["家长1姓名"], row["家长1关系"], row["家长1手机"], row["家长1付款人"], row["家长2姓名"], row["家长2邮箱"]])).toEqual([
      ["往返乙", "往返母亲", "母亲", "13912340012", "是", "往返父亲", "fu@family.example"],
      ["往返甲", "往返父亲", "父亲", "13912340011", "是", "往返母亲", null],
    ]);

    // A fresh state: the students and their parents gone, the file brings both back.
    expect((await send("DELETE", `/school/student/deleteBatch?ids=${ids.join(",")}`)).json.success).toBe(true);
    expect((await send("DELETE", `/school/parent/deleteBatch?ids=${father!.id},${mother!.id}`)).json.success).toBe(true);
    const parents = await count(`SELECT count(*) AS count FROM school_parent`);
    expect(await importStudents(workbook)).toMatchObject({ success: true, code: 200 });
    expect({ 往返甲: await family("往返甲"), 往返乙: await family("往返乙") }).toEqual(before);
    expect(await count(`SELECT count(*) AS count FROM school_parent`)).toBe(parents + 2);

    // Again with the parents still there: matched by phone, none added.
    const again = await Promise.all(names.map(studentId));
    expect((await send("DELETE", `/school/student/deleteBatch?ids=${again.join(",")}`)).json.success).toBe(true);
    expect(await importStudents(workbook)).toMatchObject({ success: true, code: 200 });
    expect({ 往返甲: await family("往返甲"), 往返乙: await family("往返乙") }).toEqual(before);
    expect(await count(`SELECT count(*) AS count FROM school_parent`)).toBe(parents + 2);
  });

  it("exports masked phones without 查看敏感信息, and an import matches them by name and mask, never writing one", async () => {
    const names = ["往返乙", "往返甲"];
    const before = { 往返甲: await family("往返甲"), 往返乙: await family("往返乙") };
    const ids = (await Promise.all(names.map(studentId))) as string[];
    const workbook = await exportStudents(ids, teacher);
    const exported = sheetRows(workbook);
    expect(exported.map((row) => row["家长1手机"])).toEqual(["139****0012", "139****0011"]);
    const stored = await rows(`SELECT id, phone, phone_hash, email FROM school_parent WHERE name IN ('往返父亲', '往返母亲') ORDER BY id`);

    expect((await send("DELETE", `/school/student/deleteBatch?ids=${ids.join(",")}`)).json.success).toBe(true);
    expect(await importStudents(workbook)).toMatchObject({ success: true, code: 200 });
    expect({ 往返甲: await family("往返甲"), 往返乙: await family("往返乙") }).toEqual(before);
    expect(await rows(`SELECT id, phone, phone_hash, email FROM school_parent WHERE name IN ('往返父亲', '往返母亲') ORDER BY id`)).toEqual(stored);

    // A masked phone that names nobody is a row of the error report, and nothing is imported.
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1).map(String);
    sheet.getRow(4).getCell(header.indexOf("家长1姓名") + 1).value = "无名氏";
    sheet.getRow(4).getCell(header.indexOf("中文名") + 1).value = "脱敏学生";
    const students = await count(`SELECT count(*) AS count FROM school_student`);
    const refused = await importStudents(workbook);
    expect(refused).toMatchObject({ success: true, code: 201 });
    expect(await count(`SELECT count(*) AS count FROM school_student`)).toBe(students);
    const report = new ExcelJS.Workbook();
    await report.xlsx.load((await (await fetch(`${base}${refused.result!.fileUrl}`)).arrayBuffer()) as ArrayBuffer);
    expect((report.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual([4, undefined, `家长第1行：${StudentParentMessages.maskedUnmatched}`]);
  });

  it("assigns selected students to a class and changes their status, in one transaction, with the count", async () => {
    const [year] = await rows<{ id: string }>(`SELECT id FROM school_year WHERE tenant_id = 1 AND is_current = 'Y'`);
    expect((await send("POST", "/school/class/add", { yearId: year!.id, grade: "4", name: "批量测试班", capacity: 3 })).json.success).toBe(true);
    const [target] = await rows<{ id: string }>(`SELECT id FROM school_class WHERE name = '批量测试班'`);
    const ids = (await Promise.all(["往返甲", "往返乙"].map(studentId))) as string[];

    const assigned = await send("POST", "/school/student/batchClass", { ids: ids.join(","), classId: target!.id });
    expect(assigned.json).toMatchObject({ success: true, message: "已将2名学生分到批量测试班" });
    expect(await rows(`SELECT class_id, grade FROM school_student WHERE id IN ('${ids.join("','")}')`)).toEqual([
      { class_id: target!.id, grade: "4" },
      { class_id: target!.id, grade: "4" },
    ]);
    expect(await count(`SELECT count(*) AS count FROM school_class_student WHERE class_id = '${target!.id}'`)).toBe(2);
    expect(await count(`SELECT count(*) AS count FROM sys_record_history WHERE module = 'school_student' AND record_id = '${ids[0]}' AND action = 'edit'`)).toBeGreaterThan(0);

    // Full: two more do not fit in 3 places, and neither moves.
    const others = (await rows<{ id: string }>(`SELECT id FROM school_student WHERE tenant_id = 1 AND class_id IS DISTINCT FROM '${target!.id}' ORDER BY id LIMIT 2`)).map((row) => row.id);
    const full = await send("POST", "/school/student/batchClass", { ids: others, classId: target!.id });
    expect(full.json).toMatchObject({ success: false, message: ClassMessages.classFull("批量测试班", 3) });
    expect(await count(`SELECT count(*) AS count FROM school_student WHERE class_id = '${target!.id}'`)).toBe(2);

    const changed = await send("POST", "/school/student/batchStatus", { ids: ids.join(","), status: "2" });
    expect(changed.json).toMatchObject({ success: true, message: "已将2名学生的状态改为休学" });
    expect(await rows(`SELECT DISTINCT status FROM school_student WHERE id IN ('${ids.join("','")}')`)).toEqual([{ status: "2" }]);
    expect((await send("POST", "/school/student/batchStatus", { ids: ids.join(","), status: "9" })).json).toMatchObject({ success: false, message: "请选择状态" });
  });

  it("refuses 批量分班 and 批量修改状态 without their buttons", async () => {
    const ids = (await Promise.all(["往返甲", "往返乙"].map(studentId))) as string[];
    const [other] = await rows<{ id: string }>(`SELECT c.id FROM school_class c JOIN school_year y ON y.id = c.year_id WHERE y.is_current = 'Y' AND c.name <> '批量测试班' AND c.tenant_id = 1 LIMIT 1`);
    for (const [path, body] of [
      ["/school/student/batchClass", { ids: ids.join(","), classId: other!.id }],
      ["/school/student/batchStatus", { ids: ids.join(","), status: "1" }],
    ] as const) {
      const answer = await send("POST", path, body, clerk);
      expect(answer.json.success, path).toBe(false);
    }
    expect(await rows(`SELECT DISTINCT status FROM school_student WHERE id IN ('${ids.join("','")}')`)).toEqual([{ status: "2" }]);
  });

  it("fills a class to its capacity and no further under 12 concurrent 批量分班", async () => {
    const [year] = await rows<{ id: string }>(`SELECT id FROM school_year WHERE tenant_id = 1 AND is_current = 'Y'`);
    expect((await send("POST", "/school/class/add", { yearId: year!.id, grade: "5", name: "并发测试班", capacity: 5 })).json.success).toBe(true);
    const [target] = await rows<{ id: string }>(`SELECT id FROM school_class WHERE name = '并发测试班'`);
    const students = (await rows<{ id: string }>(`SELECT id FROM school_student WHERE tenant_id = 1 AND class_id IS NULL OR class_id <> '${target!.id}' ORDER BY id LIMIT 12`)).map((row) => row.id);
    const answers = await Promise.all(students.map((id) => send("POST", "/school/student/batchClass", { ids: id, classId: target!.id })));
    expect(answers.filter((answer) => answer.json.success)).toHaveLength(5);
    expect(answers.filter((answer) => !answer.json.success).every((answer) => answer.json.message === ClassMessages.classFull("并发测试班", 5))).toBe(true);
    expect(await count(`SELECT count(*) AS count FROM school_class_student WHERE class_id = '${target!.id}'`)).toBe(5);
  });
});
