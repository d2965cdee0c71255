// Excel export and import declared on createCrud (`excel` option, backend/crud/excel/crud-excel.ts)
// for users and positions, over real HTTP on the full backend, on PGlite and (when reachable) on
// the local PostgreSQL server: the export keeps the list's WHERE (filters, tenant, hook
// conditions) and sort plus `selections`; the buttons' permissions are checked by the backend;
// an import goes through the add path (body rules, password, tenant, audit) all or nothing.
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { date, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { authEndpoints } from "../../backend/modules/system/auth/endpoints";
import { createCrud } from "../../backend/crud/engine";
import { defineEntity } from "../../backend/crud/entity";
import { stableId } from "../../backend/db/ids";
import { verifyPassword } from "../../backend/security/password";
import { decryptValue } from "../../backend/security/personal-data";
import { call, loginToken, loginTokenAfterChange, postgresReachable, serveEndpoints, startTestBackend, type ServedEndpoints, temporaryUploadDir, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

type Answer = { success: boolean; code: number; message: string; result: any };

describe.each(databases)("excel of the CRUD engine on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  /** Has the user page and user:add, but neither user:export nor user:import. */
  let clerk: string;
  temporaryUploadDir("crud-excel");
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    // A role with the user page and only the add button, given to a new user.
    const role = await call(base, "POST", "/sys/role/add", { token: admin, body: { roleCode: "excel_clerk", roleName: "录入员" } });
    expect(role.json.success).toBe(true);
    const [{ id: roleId }] = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'excel_clerk'`);
    const permissionIds = [stableId("menu", "/isystem/user"), stableId("menu", "/isystem/position"), stableId("button", "user:add")];
    const saved = await call(base, "POST", "/sys/permission/saveRolePermission", {
      token: admin,
      body: { roleId, permissionIds: permissionIds.join(","), lastpermissionIds: "" },
    });
    expect(saved.json.success).toBe(true);
    const added = await call(base, "POST", "/sys/user/add", {
      token: admin,
      body: { username: "excel_clerk", realname: "录入员", password: "Clerk-2026!", selectedroles: roleId },
    });
    expect(added.json.success).toBe(true);
    clerk = await loginTokenAfterChange(base, "excel_clerk", "Clerk-2026!");
  });
  afterAll(async () => {
    await server?.close();
  });

  async function download(pathAndQuery: string, token = admin, headers: Record<string, string> = {}) {
    const response = await fetch(`${base}${pathAndQuery}`, { headers: { "X-Access-Token": token, ...headers } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }

  /** Data rows (from row 4) as arrays of cell values. */
  function dataRows(sheet: ExcelJS.Worksheet): unknown[][] {
    const lines: unknown[][] = [];
    for (let row = 4; row <= sheet.rowCount; row++) lines.push((sheet.getRow(row).values as unknown[]).slice(1));
    return lines;
  }

  async function listUsernames(query: string, headers: Record<string, string> = {}): Promise<string[]> {
    const { json } = await call(base, "GET", `/sys/user/list?pageSize=1000&${query}`, { token: admin, headers });
    expect(json.success).toBe(true);
    return json.result.records.map((record: { username: string }) => record.username);
  }

  async function upload(route: string, workbook: ExcelJS.Workbook, token = admin): Promise<Answer> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "users.xlsx");
    const response = await fetch(`${base}${route}`, { method: "POST", headers: { "X-Access-Token": token }, body: form });
    return (await response.json()) as Answer;
  }

  function userSheet(lines: unknown[][]): ExcelJS.Workbook {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("用户列表");
    sheet.addRow(["用户列表报表"]);
    sheet.addRow(["导出人:管理员"]);
    sheet.addRow(["登录账号", "真实姓名", "工号", "性别", "生日", "电子邮件", "手机号码", "座机", "职务", "状态"]);
    for (const line of lines) sheet.addRow(line);
    return workbook;
  }

  it("exports the user list's filtered and sorted rows with JeecgBoot's columns and dictionary texts", async () => {
    const query = `sex=1&username=${encodeURIComponent("*_*")}&column=username&order=asc`;
    const { response, bytes } = await download(`/sys/user/exportXls?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("用户列表")}.xlsx`);
    const sheet = await sheetOf(bytes);
    expect(sheet.getCell("A1").value).toBe("用户列表报表");
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(["登录账号", "真实姓名", "工号", "性别", "生日", "电子邮件", "手机号码", "座机", "职务", "状态"]);
    const lines = dataRows(sheet);
    // Exactly the list endpoint's rows, in its order.
    const expected = await listUsernames(query);
    expect(expected.length).toBeGreaterThan(1);
    expect(lines.map((line) => line[0])).toEqual(expected);
    expect([...expected].sort()).toEqual(expected);
    const teacher = lines.find((line) => line[0] === "teacher_li")!;
    expect(teacher).toEqual(["teacher_li", "李明", "BIS0003", "男", undefined, "li.ming@school.example", "15801010003", undefined, "教师", "正常"]);
    // Descending, through POST as well (the client posts the same query).
    const post = await fetch(`${base}/sys/user/exportXls?${query.replace("order=asc", "order=desc")}`, { method: "POST", headers: { "X-Access-Token": admin } });
    expect(dataRows(await sheetOf(Buffer.from(await post.arrayBuffer()))).map((line) => line[0])).toEqual([...expected].reverse());
  });

  it("keeps the list's hook conditions (department) and exports only the selections", async () => {
    const [{ id: departId }] = await rows<{ id: string }>(`SELECT id FROM sys_depart WHERE org_code = 'A01A02'`);
    const { bytes } = await download(`/sys/user/exportXls?departId=${departId}`);
    expect(dataRows(await sheetOf(bytes)).map((line) => line[0])).toEqual(await listUsernames(`departId=${departId}`));

    const picked = await rows<{ id: string; username: string }>(
      `SELECT id, username FROM sys_user WHERE username IN ('teacher_li', 'dean_liu', 'finance_wang') ORDER BY username`,
    );
    const selected = await download(`/sys/user/exportXls?selections=${picked.map((row) => row.id).join(",")},&column=username&order=asc`);
    expect(dataRows(await sheetOf(selected.bytes)).map((line) => line[0])).toEqual(picked.map((row) => row.username));
  });

  it("exports only the current tenant's users", async () => {
    const tenant2 = { "tenant-id": "2" };
    const { bytes } = await download("/sys/user/exportXls?column=username&order=asc", admin, tenant2);
    const exported = dataRows(await sheetOf(bytes)).map((line) => line[0]);
    const expected = await rows<{ username: string }>(
      `SELECT username FROM sys_user WHERE del_flag = 0 AND ',' || coalesce(nullif(rel_tenant_ids, ''), '1') || ',' LIKE '%,2,%' ORDER BY username`,
    );
    expect(exported).toEqual(expected.map((row) => row.username));
    expect(exported).toContain("principal_zhang");
    expect(exported).not.toContain("teacher_li");
    // And the default tenant's export does not show a tenant-2-only user.
    const added = await call(base, "POST", "/sys/user/add", {
      token: admin,
      headers: tenant2,
      body: { username: "campus2_only", realname: "分校专属", password: "Pass-2026!" },
    });
    expect(added.json.success).toBe(true);
    const tenant1 = dataRows(await sheetOf((await download("/sys/user/exportXls")).bytes)).map((line) => line[0]);
    expect(tenant1).toContain("teacher_li");
    expect(tenant1).not.toContain("campus2_only");
  });

  it("refuses export and import to a user without user:export / user:import (code 510)", async () => {
    for (const [method, route] of [
      ["GET", "/sys/user/exportXls"],
      ["POST", "/sys/user/exportXls"],
      ["POST", "/sys/user/importExcel"],
      ["GET", "/sys/position/exportXls"],
      ["POST", "/sys/position/importExcel"],
    ] as const) {
      const { status, json } = await call(base, method, route, { token: clerk, body: method === "POST" ? {} : undefined });
      expect(status, route).toBe(200);
      expect(json, route).toMatchObject({ success: false, code: 510, message: "没有权限，请联系管理员授权" });
    }
    // The clerk does have the page: the list answers.
    expect((await call(base, "GET", "/sys/user/list", { token: clerk })).json.success).toBe(true);
  });

  it("imports good users through the add path: dictionary codes, default password, tenant and audit", async () => {
    const answer = await upload(
      "/sys/user/importExcel",
      userSheet([
        ["imp_alpha", "导入甲", "IMP001", "女", "1991-02-03", "alpha@school.example", "13900000001", "021-1234", "教师", "正常"],
        ["imp_beta", "导入乙", null, "男", null, null, "13900000002", null, null, "冻结"],
      ]),
    );
    expect(answer).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：2" });
    const imported = await rows<Record<string, unknown>>(
      `SELECT username, realname, work_no, sex, to_char(birthday, 'YYYY-MM-DD') AS birthday, email, phone, telephone, post, status,
              rel_tenant_ids, create_by, del_flag, password, salt FROM sys_user WHERE username LIKE 'imp\\_%' ORDER BY username`,
    );
    // Phones and e-mails are stored encrypted (docs/decisions/145).
    for (const row of imported) for (const column of ["email", "phone"]) if (typeof row[column] === "string") row[column] = decryptValue(row[column] as string);
    expect(imported).toMatchObject([
      {
        username: "imp_alpha",
        realname: "导入甲",
        work_no: "IMP001",
        sex: 2,
        birthday: "1991-02-03",
        email: "alpha@school.example",
        phone: "13900000001",
        telephone: "021-1234",
        post: "teacher",
        status: 1,
        rel_tenant_ids: "1",
        create_by: "admin",
        del_flag: 0,
      },
      { username: "imp_beta", sex: 1, status: 2, work_no: null, rel_tenant_ids: "1" },
    ]);
    // No known password (JeecgBoot's 123456 is gone): an administrator gives one, then the user
    // chooses their own (docs/decisions/011).
    expect(await verifyPassword("123456", imported[0]!.password as string)).toBe(false);
    expect(imported[0]!.salt).not.toBe(imported[1]!.salt);
    expect(await rows(`SELECT password_change_required FROM sys_user WHERE username = 'imp_alpha'`)).toEqual([{ password_change_required: true }]);

    // Imported in tenant 2: the user belongs to tenant 2 only.
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await userSheet([["imp_gamma", "导入丙"]]).xlsx.writeBuffer())]), "t2.xlsx");
    const inTenant2 = await fetch(`${base}/sys/user/importExcel`, { method: "POST", headers: { "X-Access-Token": admin, "tenant-id": "2" }, body: form });
    expect(await inTenant2.json()).toMatchObject({ success: true, code: 200 });
    expect(await rows(`SELECT rel_tenant_ids FROM sys_user WHERE username = 'imp_gamma'`)).toEqual([{ rel_tenant_ids: "2" }]);
  });

  it("imports nothing when a row is bad: code 201 and a report of row, column and reason", async () => {
    const before = await rows<{ n: string }>(`SELECT count(*)::text AS n FROM sys_user`);
    const answer = await upload(
      "/sys/user/importExcel",
      userSheet([
        ["imp_good_1", "好用户", "IMP101", "男", null, null, null, null, null, "正常"], // row 4: good
        ["teacher_li", "已存在的账号", null, null, null, null, null, null, null, null], // row 5: username taken
        ["imp_bad_phone", "坏手机", null, null, null, null, "12345", null, null, null], // row 6: phone pattern
        ["imp_no_name", null, null, null, null, null, null, null, null, null], // row 7: required realname
        ["imp_good_1", "同名", null, "未知", null, null, null, null, null, null], // row 8: duplicate in the file, bad option
        ["imp_dup_work", "重复工号", "BIS0002", "男", null, null, null, null, "校长", null], // row 9: work number taken
        ["坏 账号", "空格账号", null, null, null, "not-an-email", null, null, null, null], // row 10: username pattern, e-mail
        // row 11: a bad cell, a bad phone and a taken username, all reported at once (not one per attempt)
        ["finance_wang", "多处错误", null, "未知", null, null, "99999", null, null, null],
      ]),
    );
    expect(answer).toMatchObject({
      success: true,
      code: 201,
      message: "文件导入成功，但有错误。",
      result: { totalCount: 8, errorCount: 7, successCount: 0, msg: "总上传行数：8，已导入行数：0，错误行数：7", fileName: "用户列表_导入错误信息.xlsx" },
    });
    expect(await rows(`SELECT count(*)::text AS n FROM sys_user`)).toEqual(before);
    expect(await rows(`SELECT username FROM sys_user WHERE username IN ('imp_good_1', 'imp_bad_phone', 'imp_no_name', 'imp_dup_work')`)).toEqual([]);

    const report = await fetch(`${base}${answer.result.fileUrl}`);
    expect(report.status).toBe(200);
    const lines: unknown[][] = [];
    (await sheetOf(Buffer.from(await report.arrayBuffer()))).eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    expect(lines[0]).toEqual(["行号", "列", "错误原因"]);
    expect(lines.slice(1)).toEqual([
      [5, "登录账号", "“teacher_li”已存在"],
      [6, "手机号码", "请输入正确手机号"],
      [7, "真实姓名", "必填"],
      [8, "性别", "“未知”不是有效的选项"],
      [8, "登录账号", "与第4行重复"],
      [9, "工号", "“BIS0002”已存在"],
      [10, "登录账号", "只允许字母、数字、下划线"],
      [10, "电子邮件", "邮箱格式不正确"],
      [11, "性别", "“未知”不是有效的选项"],
      [11, "手机号码", "请输入正确手机号"],
      [11, "登录账号", "“finance_wang”已存在"],
    ]);
  });

  it("round-trips positions: export in the tenant, import new codes, refuse a taken one", async () => {
    const { bytes } = await download("/sys/position/exportXls?column=code&order=asc");
    const sheet = await sheetOf(bytes);
    const expected = await rows<{ code: string }>(`SELECT code FROM sys_position WHERE tenant_id = 1 ORDER BY code`);
    expect(dataRows(sheet).map((line) => line[0])).toEqual(expected.map((row) => row.code));

    const workbook = new ExcelJS.Workbook();
    const fresh = workbook.addWorksheet("职务信息");
    fresh.addRow(["职务编码", "职务名称"]);
    fresh.addRow(["librarian", "图书管理员"]);
    expect(await upload("/sys/position/importExcel", workbook)).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：1" });
    expect(await rows(`SELECT name, tenant_id, create_by FROM sys_position WHERE code = 'librarian'`)).toEqual([
      { name: "图书管理员", tenant_id: 1, create_by: "admin" },
    ]);
    // Codes are unique per tenant: `librarian` is taken in tenant 1 but free in tenant 2.
    const again = await upload("/sys/position/importExcel", workbook);
    expect(again).toMatchObject({ success: true, code: 201, result: { errorCount: 1 } });
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "p.xlsx");
    const inTenant2 = await fetch(`${base}/sys/position/importExcel`, { method: "POST", headers: { "X-Access-Token": admin, "tenant-id": "2" }, body: form });
    expect(await inTenant2.json()).toMatchObject({ success: true, code: 200 });
    expect(await rows(`SELECT tenant_id FROM sys_position WHERE code = 'librarian' ORDER BY tenant_id`)).toEqual([{ tenant_id: 1 }, { tenant_id: 2 }]);
  });

  it("round-trips roles: the export's rows import back under new codes, a taken code is refused", async () => {
    const { bytes } = await download("/sys/role/exportXls?column=roleCode&order=asc");
    const sheet = await sheetOf(bytes);
    const expected = await rows<{ role_code: string }>(`SELECT role_code FROM sys_role WHERE tenant_id = 1 ORDER BY role_code`);
    expect(dataRows(sheet).map((line) => line[1])).toEqual(expected.map((row) => row.role_code));

    const workbook = new ExcelJS.Workbook();
    const fresh = workbook.addWorksheet("角色信息");
    fresh.addRow(["角色名称", "角色编码", "描述"]);
    fresh.addRow(["图书管理", "library_staff", "图书馆的老师"]);
    expect(await upload("/sys/role/importExcel", workbook)).toMatchObject({ success: true, code: 200 });
    expect(await rows(`SELECT role_name, tenant_id FROM sys_role WHERE role_code = 'library_staff'`)).toEqual([{ role_name: "图书管理", tenant_id: 1 }]);
    expect(await upload("/sys/role/importExcel", workbook)).toMatchObject({ success: true, code: 201, result: { errorCount: 1 } });
    expect(await upload("/sys/role/importExcel", workbook, clerk)).toMatchObject({ success: false, code: 510 });
  });
});

// The batch add path on a throw-away table: columns with a default that only some rows set get
// their DEFAULT (not NULL) in the others, values take their column types, several INSERT chunks
// stay one transaction, and a duplicate key the checks could not see rolls everything back.
const engineTest = pgTable("excel_engine_test", {
  id: varchar("id", { length: 32 }).primaryKey(),
  code: varchar("code", { length: 32 }).notNull(),
  level: integer("level").notNull().default(7),
  born: date("born", { mode: "string" }),
  createBy: varchar("create_by", { length: 32 }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
const engineTestEntity = defineEntity(engineTest, {});
const engineTestCrud = createCrud({
  basePath: "/test/engine",
  entity: engineTestEntity,
  table: engineTest,
  pagePath: "/isystem/user",
  permissionPrefix: "user",
  tenant: null,
  operations: ["list"],
  access: { export: "user", import: "user" },
  body: { fields: { code: { label: "编码", required: true } } },
  excel: { columns: [{ property: "code", title: "编码", required: true }, { property: "level", title: "级别" }, { property: "born", title: "日期" }] },
});

describe.each(databases)("batch import of the engine on %s", (kind) => {
  let server: TestBackend;
  let app: ServedEndpoints;
  let base: string;
  let token: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    await server.backend.db.exec(`
      create table excel_engine_test (
        id varchar(32) primary key, code varchar(32) not null, level integer not null default 7, born date,
        create_by varchar(32), create_time timestamptz not null default now()
      );
      create unique index uniq_excel_engine_test_code on excel_engine_test (code);`);
    app = await serveEndpoints([...authEndpoints, ...engineTestCrud.endpoints], server.backend.services);
    base = app.base;
    token = await loginToken(base);
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  async function importRows(lines: unknown[][]): Promise<Answer> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("s");
    sheet.addRow(["编码", "级别", "日期"]);
    for (const line of lines) sheet.addRow(line);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "s.xlsx");
    return (await (await fetch(`${base}/test/engine/importExcel`, { method: "POST", headers: { "X-Access-Token": token }, body: form })).json()) as Answer;
  }

  it("gives rows that leave a defaulted column out its DEFAULT, in chunks of one transaction", async () => {
    const lines: unknown[][] = [];
    // 12,001 rows: every third sets its level (4,001 rows, one INSERT), the others not (8,000 rows, two).
    for (let index = 0; index < 12_001; index++) lines.push([`K${index}`, index % 3 === 0 ? index % 5 : null, index === 1 ? "2020-02-29" : null]);
    expect(await importRows(lines)).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：12001" });
    expect(await rows(`SELECT count(*)::int AS n, count(*) FILTER (WHERE level = 7)::int AS defaulted, count(DISTINCT create_by)::int AS creators FROM excel_engine_test`)).toEqual([
      // The 8,000 rows without a level; those with one keep theirs (0-4).
      { n: 12_001, defaulted: 8_000, creators: 1 },
    ]);
    expect(await rows(`SELECT code, level, to_char(born, 'YYYY-MM-DD') AS born, create_by FROM excel_engine_test WHERE code IN ('K0', 'K1', 'K3') ORDER BY code`)).toEqual([
      { code: "K0", level: 0, born: null, create_by: "admin" },
      { code: "K1", level: 7, born: "2020-02-29", create_by: "admin" },
      { code: "K3", level: 3, born: null, create_by: "admin" },
    ]);
  });

  it("rolls every chunk back when the database refuses a row the checks did not know about", async () => {
    // No `unique` declared: the duplicate reaches the unique index in the last chunk.
    const lines: unknown[][] = [];
    for (let index = 0; index < 6_000; index++) lines.push([`N${index}`, null, null]);
    lines.push(["K5", null, null]);
    expect(await importRows(lines)).toMatchObject({ success: false, code: 500, message: "文件导入失败:有重复数据！「编码」的值“K5”已存在，未导入任何数据" });
    expect(await rows(`SELECT count(*)::int AS n FROM excel_engine_test WHERE code LIKE 'N%'`)).toEqual([{ n: 0 }]);
  });
});
