// Personal data in the record history (issue #34, docs/decisions/146), on PGlite and (when
// reachable) PostgreSQL: history rows written before the history masked sensitive columns hold
// phones, e-mails and passport numbers in clear; migration 0711 masks them (****** where a value
// was, null kept, other fields untouched), checked with SQL, and the history stays append-only.
// New rows of 用户管理, the school modules and an online form never hold a clear value (nor the
// ciphertext or its search hash).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrationsFolder } from "../../backend/db/migrate";
import { decryptValue } from "../../backend/security/personal-data";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const FORM = "pickup_contact";

describe.each(databases)("personal data in the record history on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const migration = () => readFileSync(path.join(migrationsFolder(), "0711_history_personal_data_masked.sql"), "utf8");

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    const fields = [
      { name: "person", label: "接送人", dbType: "string", length: 50 },
      { name: "mobile", label: "手机", dbType: "string", length: 20, sensitive: "phone" },
    ];
    expect((await call(base, "POST", "/online/cgform/head/add", { token: admin, body: { tableName: FORM, tableTxt: "接送联系", tableType: "1", fieldJson: JSON.stringify(fields) } })).json.success).toBe(true);
    const [head] = await rows<{ id: string }>(`SELECT id FROM onl_cgform_head WHERE table_name = '${FORM}'`);
    expect((await call(base, "POST", `/online/cgform/head/doDbSynch?id=${head!.id}`, { token: admin })).json.success).toBe(true);
  });
  afterAll(async () => server?.close());

  /** History rows (of any module) whose changes hold the text. */
  const holding = async (text: string) => rows<{ module: string }>(`SELECT module FROM sys_record_history WHERE changes::text LIKE '%${text}%'`);

  it("masks the clear values of older history rows, and only those (migration 0711)", async () => {
    const change = (field: string, old: string | null, value: string | null) => ({ field, old, new: value });
    const older: [string, unknown[]][] = [
      ["sys_user", [change("phone", "13811112222", "13833334444"), change("email", null, "old.mail@school.example"), change("realname", "旧名", "新名")]],
      ["school_student", [change("passport_no", "FR64000011", null), change("name_cn", "学生甲", "学生乙")]],
      ["school_parent", [change("phone", "13955556666", "13977778888"), change("wechat_open_id", "o-wx-older-id", null)]],
      ["school_teacher", [change("email", "teacher.old@school.example", "teacher.new@school.example")]],
      [`onlform_${FORM}`, [change("mobile", null, "13700009999"), change("person", "张三", "李四")]],
      ["school_corporation", [change("phone", "010-66667777", "010-66668888")]],
    ];
    for (const [module, changes] of older) {
      await server.backend.db.rows(
        sql`INSERT INTO sys_record_history (tenant_id, module, record_id, action, username, changes) VALUES (1, ${module}, 'older-row', 'edit', 'admin', ${JSON.stringify(changes)}::jsonb)`,
      );
    }
    for (const value of ["13811112222", "old.mail@school.example", "FR64000011", "13977778888", "o-wx-older-id", "teacher.new@school.example", "13700009999"]) {
      expect(await holding(value)).not.toEqual([]);
    }

    await server.backend.db.execInTransaction(migration());

    for (const value of ["13811112222", "13833334444", "old.mail@school.example", "FR64000011", "13955556666", "13977778888", "o-wx-older-id", "teacher.old@school.example", "teacher.new@school.example", "13700009999"]) {
      expect(await holding(value)).toEqual([]);
    }
    const after = await rows<{ module: string; changes: unknown }>(`SELECT module, changes FROM sys_record_history WHERE record_id = 'older-row' ORDER BY id`);
    const parsed = after.map((row) => [row.module, typeof row.changes === "string" ? JSON.parse(row.changes) : row.changes]);
    expect(parsed).toEqual([
      ["sys_user", [change("phone", "******", "******"), change("email", null, "******"), change("realname", "旧名", "新名")]],
      ["school_student", [change("passport_no", "******", null), change("name_cn", "学生甲", "学生乙")]],
      ["school_parent", [change("phone", "******", "******"), change("wechat_open_id", "******", null)]],
      ["school_teacher", [change("email", "******", "******")]],
      [`onlform_${FORM}`, [change("mobile", null, "******"), change("person", "张三", "李四")]],
      // A corporation's phone is the company's, not marked sensitive: kept.
      ["school_corporation", [change("phone", "010-66667777", "010-66668888")]],
    ]);
    // Still append-only after the migration, and applying it again changes nothing.
    await expect(rows(`UPDATE sys_record_history SET reason = 'x' WHERE record_id = 'older-row'`)).rejects.toThrow();
    await server.backend.db.execInTransaction(migration());
    expect(await rows(`SELECT count(*)::int AS n FROM sys_record_history WHERE record_id = 'older-row'`)).toEqual([{ n: 6 }]);
  });

  it("writes new history rows without any clear value, ciphertext or search hash", async () => {
    const [teacher] = await rows<{ id: string; phone: string }>(`SELECT id, phone FROM sys_user WHERE username = 'teacher_li'`);
    expect((await call(base, "PUT", "/sys/user/edit", { token: admin, body: { id: teacher!.id, phone: "13600007777", email: "li.history@school.example" } })).json.success).toBe(true);
    const added = await call(base, "POST", "/school/student/add", { token: admin, body: { nameCn: "历史学生", sex: "1", grade: "5", status: "1", passportNo: "DE55443322" } });
    expect(added.json.success).toBe(true);
    const [student] = await rows<{ id: string }>(`SELECT id FROM school_student WHERE name_cn = '历史学生'`);
    expect((await call(base, "PUT", "/school/student/edit", { token: admin, body: { id: student!.id, passportNo: "DE55443399" } })).json.success).toBe(true);
    const [parent] = await rows<{ id: string }>(`SELECT id FROM school_parent ORDER BY id LIMIT 1`);
    expect((await call(base, "PUT", "/school/parent/edit", { token: admin, body: { id: parent!.id, phone: "13522223333" } })).json.success).toBe(true);
    expect((await call(base, "POST", `/online/cgform/api/form/${FORM}`, { token: admin, body: { person: "王五", mobile: "13655554444" } })).json.success).toBe(true);
    expect((await call(base, "DELETE", `/school/student/delete?id=${student!.id}`, { token: admin })).json.success).toBe(true);

    for (const value of ["13600007777", "li.history@school.example", "DE55443322", "DE55443399", "13522223333", "13655554444", decryptValue(teacher!.phone), "pd1:"]) {
      expect(await holding(value)).toEqual([]);
    }
    const written = await rows<{ module: string; changes: string }>(
      `SELECT module, changes::text AS changes FROM sys_record_history WHERE record_id IN ('${teacher!.id}', '${student!.id}', '${parent!.id}') ORDER BY id`,
    );
    expect(written.map((row) => row.module)).toEqual(expect.arrayContaining(["sys_user", "school_student", "school_parent"]));
    for (const row of written) expect(row.changes).not.toMatch(/_hash"[^}]*"[\w-]{43}"/);
    // The history still tells that the phone changed, without the values.
    const history = await call(base, "GET", `/sys/user/history?id=${teacher!.id}`, { token: admin });
    expect(history.json.success).toBe(true);
    const changes = history.json.result.flatMap((entry: { changes: { field: string; old: string; new: string }[] }) => entry.changes);
    expect(changes.find((change: { field: string }) => change.field === "phone")).toMatchObject({ old: "******", new: "******" });
    expect(changes.find((change: { field: string }) => change.field === "phoneHash")).toBeUndefined();
  });
});
