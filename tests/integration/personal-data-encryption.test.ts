// Personal data encrypted at rest (issue #34 item 2, docs/decisions/119), on PGlite and (when
// reachable) PostgreSQL: the seeded rows are encrypted when the backend starts (checked with SQL:
// no clear passport number, phone or e-mail is left), a new student's passport number is stored as
// ciphertext with its search hash and found by exact value only, report SQL does not see the
// columns, the rotation re-encrypts every value under a new key in batches, and a wrong key is a
// clear refusal rather than unreadable data.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { checkKeys } from "../../backend/crud/encrypted";
import { rotatePersonalData } from "../../backend/crud/encrypted-rotation";
import { decryptValue, installKeyring, keyring, parseKeyring } from "../../backend/security/personal-data";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

const FIRST = { personalDataKeys: "t1:first secret of the school", personalDataHashKey: "search hash secret" };
const ROTATED = "t2:second secret of the school,t1:first secret of the school";

/** The encrypted columns of the people tables. */
const COLUMNS = [
  ["school_student", "passport_no"],
  ["school_parent", "phone"],
  ["school_parent", "email"],
  ["school_teacher", "phone"],
  ["school_teacher", "email"],
] as const;

// The process's keyring, which the tests replace, is the next file's too (the files of a worker share
// its process, docs/decisions/152): put back as found.
const keyringFound = keyring();
afterAll(() => installKeyring(keyringFound));

describe.each(databases)("personal data encrypted at rest on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const passport = "FR64123452";

  beforeAll(async () => {
    installKeyring(parseKeyring({ keys: FIRST.personalDataKeys, hashKey: FIRST.personalDataHashKey }));
    server = await startTestBackend(kind as "pglite" | "postgres", FIRST);
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  async function notUnder(prefix: string): Promise<number> {
    let count = 0;
    for (const [table, column] of COLUMNS) {
      const [row] = await rows<{ n: unknown }>(`SELECT count(*) AS n FROM ${table} WHERE ${column} <> '' AND ${column} NOT LIKE '${prefix}%'`);
      count += Number(row!.n);
    }
    return count;
  }

  it("encrypts the rows already there when it starts: SQL finds no clear value", async () => {
    expect(await notUnder("pd1:t1:")).toBe(0);
    const [counted] = await rows<{ n: unknown }>(`SELECT count(*) AS n FROM school_student WHERE passport_no IS NOT NULL`);
    expect(Number(counted!.n)).toBeGreaterThan(100);
    // A seeded value in clear is found nowhere in the table, and each row has its search hash.
    const [sample] = await rows<{ id: string; passport_no: string; passport_no_hash: string }>(`SELECT id, passport_no, passport_no_hash FROM school_student WHERE passport_no IS NOT NULL ORDER BY id LIMIT 1`);
    const clear = decryptValue(sample!.passport_no);
    expect(clear).toMatch(/^[A-Z]{2}\d{8}$/);
    expect(sample!.passport_no_hash).toMatch(/^[\w-]{43}$/);
    expect(await rows(`SELECT id FROM school_student s WHERE to_jsonb(s)::text LIKE '%${clear}%'`)).toEqual([]);
    const [phones] = await rows<{ n: unknown }>(`SELECT count(*) AS n FROM school_parent WHERE phone ~ '^1[3-9][0-9]{9}$'`);
    expect(Number(phones!.n)).toBe(0);
    // The API still answers it in clear to an administrator.
    const detail = await call(base, "GET", `/school/student/queryById?id=${sample!.id}`, { token: admin });
    expect(detail.json.result.passportNo).toBe(clear);
  });

  it("stores a new value as ciphertext with its hash, and finds it by exact value only", async () => {
    const added = await call(base, "POST", "/school/student/add", {
      token: admin,
      body: { nameCn: "加密学生", sex: "1", grade: "5", status: "1", passportNo: passport },
    });
    expect(added.json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string; passport_no: string; passport_no_hash: string }>(`SELECT id, passport_no, passport_no_hash FROM school_student WHERE name_cn = '加密学生'`);
    expect(row!.passport_no).toMatch(/^pd1:t1:/);
    expect(await rows(`SELECT id FROM school_student s WHERE to_jsonb(s)::text LIKE '%${passport}%'`)).toEqual([]);

    const found = async (query: string) =>
      ((await call(base, "GET", `/school/student/list?${query}&pageSize=50`, { token: admin })).json.result?.records ?? []).map((record: { id: string }) => record.id);
    expect(await found(`passportNo=${passport}`)).toEqual([row!.id]);
    // The search box sends `*value*`; another case or spaces around are the same passport.
    expect(await found(`passportNo=${encodeURIComponent(`*${passport}*`)}`)).toEqual([row!.id]);
    expect(await found(`passportNo=${encodeURIComponent(` fr64123452 `)}`)).toEqual([row!.id]);
    expect(await found(`passportNo=FR6412`)).toEqual([]);
    // Not sortable: the list refuses the order rather than sorting ciphertext.
    const sorted = await call(base, "GET", `/school/student/list?column=passportNo&order=asc`, { token: admin });
    expect(sorted.json.success).toBe(false);

    // An edit writes a new ciphertext and hash; the old value no longer finds it.
    const edited = await call(base, "PUT", "/school/student/edit", { token: admin, body: { id: row!.id, passportNo: "DE99887766" } });
    expect(edited.json).toMatchObject({ success: true });
    expect(await found(`passportNo=${passport}`)).toEqual([]);
    expect(await found(`passportNo=DE99887766`)).toEqual([row!.id]);
    const [after] = await rows<{ passport_no: string; passport_no_hash: string }>(`SELECT passport_no, passport_no_hash FROM school_student WHERE id = '${row!.id}'`);
    expect(after!.passport_no_hash).not.toBe(row!.passport_no_hash);
    expect(decryptValue(after!.passport_no)).toBe("DE99887766");
  });

  it("encrypts the rows of an Excel import (one multi-row statement)", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("学生信息");
    sheet.addRow(["中文名", "性别", "年级", "状态", "护照号"]);
    sheet.addRow(["导入加密", "男", "五年级", "在读", "US12345678"]);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), "students.xlsx");
    const imported = await fetch(`${base}/school/student/importExcel`, { method: "POST", headers: { "X-Access-Token": admin }, body: form });
    expect(await imported.json()).toMatchObject({ success: true });
    const [row] = await rows<{ passport_no: string; passport_no_hash: string | null }>(`SELECT passport_no, passport_no_hash FROM school_student WHERE name_cn = '导入加密'`);
    expect(row!.passport_no).toMatch(/^pd1:t1:/);
    expect(row!.passport_no_hash).not.toBeNull();
    expect(decryptValue(row!.passport_no)).toBe("US12345678");
  });

  it("leaves the columns out of report SQL", async () => {
    const columns = await rows<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'report' AND table_name IN ('school_student', 'school_parent', 'school_teacher')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    const names = columns.map((column) => `${column.table_name}.${column.column_name}`);
    for (const hidden of ["school_student.passport_no", "school_student.passport_no_hash", "school_parent.phone", "school_parent.email", "school_parent.wechat_open_id", "school_teacher.phone", "school_teacher.email_hash"]) {
      expect(names).not.toContain(hidden);
    }
    expect(names).toContain("school_student.name_cn");
  });

  it("refuses a wrong key plainly, before anything is written with it", async () => {
    await expect(checkKeys(server.backend.db, parseKeyring({ keys: "t1:not the first secret", hashKey: FIRST.personalDataHashKey }))).rejects.toThrow(
      'PERSONAL_DATA_KEYS: the key "t1" is not the key this database\'s personal data was encrypted with under that id',
    );
    await expect(checkKeys(server.backend.db, parseKeyring({ keys: FIRST.personalDataKeys, hashKey: "another hash secret" }))).rejects.toThrow(
      "PERSONAL_DATA_HASH_KEY is not the key this database's search hashes were made with",
    );
    const [row] = await rows<{ passport_no: string }>(`SELECT passport_no FROM school_student WHERE passport_no IS NOT NULL LIMIT 1`);
    expect(() => decryptValue(row!.passport_no, parseKeyring({ keys: "t9:other", hashKey: "x" }))).toThrow('encrypted with the key "t1", which PERSONAL_DATA_KEYS does not hold');
  });

  it("rotates every value to a new key in batches, and reads and finds them after", async () => {
    const before = await rows<{ id: string; passport_no: string }>(`SELECT id, passport_no FROM school_student WHERE passport_no IS NOT NULL ORDER BY id LIMIT 3`);
    const batches: number[] = [];
    const outcome = await rotatePersonalData(server.backend.db, { keys: ROTATED, hashKey: FIRST.personalDataHashKey, batchSize: 100, onBatch: (_, rows) => batches.push(rows) });
    expect(outcome.keyId).toBe("t2");
    // The people tables and 用户管理's (decision 145).
    expect(outcome.left).toMatchObject({ school_student: 0, school_parent: 0, school_teacher: 0, sys_user: 0 });
    expect(Object.values(outcome.left).every((count) => count === 0)).toBe(true);
    expect(outcome.written.school_student).toBeGreaterThan(100);
    expect(Math.max(...batches)).toBeLessThanOrEqual(100);
    expect(await notUnder("pd1:t2:")).toBe(0);

    // The backend restarted with the new list (here: the process's keyring) reads and finds them.
    installKeyring(parseKeyring({ keys: ROTATED, hashKey: FIRST.personalDataHashKey }));
    const clear = decryptValue(before[0]!.passport_no, parseKeyring({ keys: FIRST.personalDataKeys, hashKey: FIRST.personalDataHashKey }));
    const detail = await call(base, "GET", `/school/student/queryById?id=${before[0]!.id}`, { token: admin });
    expect(detail.json.result.passportNo).toBe(clear);
    const list = await call(base, "GET", `/school/student/list?passportNo=${clear}`, { token: admin });
    expect(list.json.result.records.map((record: { id: string }) => record.id)).toEqual([before[0]!.id]);
    // The old key may go now.
    installKeyring(parseKeyring({ keys: "t2:second secret of the school", hashKey: FIRST.personalDataHashKey }));
    expect((await call(base, "GET", `/school/student/queryById?id=${before[0]!.id}`, { token: admin })).json.result.passportNo).toBe(clear);
    // A second run finds nothing to do.
    const again = await rotatePersonalData(server.backend.db, { keys: ROTATED, hashKey: FIRST.personalDataHashKey });
    expect(Object.values(again.written).reduce((sum, count) => sum + count, 0)).toBe(0);
  });
});
