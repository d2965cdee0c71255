// Personal data beyond the module definitions (issue #34 item 1, docs/decisions/136), over real HTTP
// on PGlite and (when reachable) PostgreSQL: 用户管理's staff phones and e-mails and an online form's
// fields marked 敏感 are masked by the backend for a caller without the page's 查看敏感信息 button
// (list, 详情, export file, the Vue 2 client's signed list call, 在线用户), searched by whole value
// only, and kept when a masked form is saved; with the button (platform administrators) they are in
// full and each 详情 is logged; report SQL never sees an online form's sensitive columns.
import { readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { computeSign, formatSignTimestamp } from "#contract/sign";
import { maskValue } from "#contract/modules/sensitive";
import { SensitiveLogText } from "../../backend/crud/sensitive";
import { migrationsFolder } from "../../backend/db/migrate";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const PASSWORD = "Keeper-Test-2026!";
const FORM = "guardian_contact";
const FORM_FIELDS = [
  { name: "guardian", label: "监护人", dbType: "string", length: 50, required: true },
  { name: "mobile", label: "手机", dbType: "string", length: 20, sensitive: "phone" },
  { name: "mail", label: "邮箱", dbType: "string", length: 100, sensitive: "email" },
];

describe.each(databases)("personal data of users and online forms on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  /** A role with 用户管理, 在线用户 and the online form's page and buttons, but no 查看敏感信息. */
  let keeper: string;
  let teacher: { id: string; phone: string; email: string };
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const get = (token: string, path: string) => call(base, "GET", path, { token });

  async function logLines(word: string): Promise<string[]> {
    await server.backend.services.logs.flush();
    return (await rows<{ log_content: string }>(`SELECT log_content FROM sys_log WHERE log_content LIKE '${word}%' ORDER BY create_time`)).map((row) => row.log_content);
  }

  async function sheetColumn(token: string, path: string, title: string): Promise<unknown[]> {
    const response = await fetch(`${base}${path}`, { headers: { "X-Access-Token": token } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    const at = header.indexOf(title);
    expect(at).toBeGreaterThanOrEqual(0);
    const values: unknown[] = [];
    for (let row = 4; row <= sheet.rowCount; row++) values.push((sheet.getRow(row).values as unknown[]).slice(1)[at]);
    return values;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    [teacher] = await rows<{ id: string; phone: string; email: string }>(`SELECT id, phone, email FROM sys_user WHERE username = 'teacher_li'`);

    // The online form, synchronised and in the menu (its buttons, 查看敏感信息 included).
    const added = await call(base, "POST", "/online/cgform/head/add", { token: admin, body: { tableName: FORM, tableTxt: "监护人联系", tableType: "1", fieldJson: JSON.stringify(FORM_FIELDS) } });
    expect(added.json.success).toBe(true);
    const [head] = await rows<{ id: string }>(`SELECT id FROM onl_cgform_head WHERE table_name = '${FORM}'`);
    expect((await call(base, "POST", `/online/cgform/head/doDbSynch?id=${head!.id}`, { token: admin })).json.success).toBe(true);
    expect((await call(base, "POST", `/online/cgform/head/addMenu?id=${head!.id}`, { token: admin })).json.success).toBe(true);

    const permissionIds = (
      await rows<{ id: string }>(
        `SELECT id FROM sys_permission WHERE del_flag = 0 AND (url IN ('/isystem', '/isystem/user', '/monitor', '/monitor/onlineUser', '/online', '/online/cgformList/${FORM}')
            OR ((perms LIKE 'user:%' OR perms LIKE 'online:${FORM}:%') AND perms NOT LIKE '%:viewSensitive'))`,
      )
    ).map((row) => row.id);
    expect((await call(base, "POST", "/sys/role/add", { token: admin, body: { roleCode: "user_keeper", roleName: "人事" } })).json.success).toBe(true);
    const [role] = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'user_keeper'`);
    const granted = await call(base, "POST", "/sys/permission/saveRolePermission", { token: admin, body: { roleId: role!.id, permissionIds: permissionIds.join(","), lastpermissionIds: "" } });
    expect(granted.json.success).toBe(true);
    expect((await call(base, "POST", "/sys/user/add", { token: admin, body: { username: "keeper_wu", realname: "吴人事", password: PASSWORD, selectedroles: role!.id } })).json.success).toBe(true);
    keeper = await loginTokenAfterChange(base, "keeper_wu", PASSWORD);
  });
  afterAll(async () => server?.close());

  const maskedTeacher = () => ({ phone: maskValue("phone", teacher.phone), email: maskValue("email", teacher.email) });

  it("masks 用户管理's list, detail and the Vue 2 client's signed list call without 查看敏感信息", async () => {
    const list = await get(keeper, "/sys/user/list?pageSize=500");
    expect(list.json.success).toBe(true);
    expect(list.json.result.records.find((record: { id: string }) => record.id === teacher.id)).toMatchObject(maskedTeacher());
    expect(list.text).not.toContain(teacher.phone);
    expect(list.text).not.toContain(teacher.email);
    expect((await get(keeper, `/sys/user/queryById?id=${teacher.id}`)).json.result).toMatchObject(maskedTeacher());

    const params = { column: "createTime", order: "desc", pageNo: "1", pageSize: "500", _t: String(Math.floor(Date.now() / 1000)) };
    const url = "/sys/user/list";
    const signed = await fetch(`${base}${url}?${new URLSearchParams(params)}`, {
      headers: { "X-Access-Token": keeper, "tenant-id": "1", "X-Sign": computeSign(url, params), "X-TIMESTAMP": formatSignTimestamp() },
    });
    const json = await signed.json();
    expect(json.result.records.find((record: { id: string }) => record.id === teacher.id)).toMatchObject(maskedTeacher());
    expect(await logLines(SensitiveLogText.view)).toEqual([]);
  });

  it("shows them in full with the button, and logs each detail view", async () => {
    const list = await get(admin, "/sys/user/list?pageSize=500");
    expect(list.json.result.records.find((record: { id: string }) => record.id === teacher.id)).toMatchObject({ phone: teacher.phone, email: teacher.email });
    expect((await get(admin, `/sys/user/queryById?id=${teacher.id}`)).json.result).toMatchObject({ phone: teacher.phone, email: teacher.email });
    expect(await logLines(SensitiveLogText.view)).toEqual([`${SensitiveLogText.view}：用户管理 ${teacher.id}`]);
  });

  it("masks the user export file without the button, and says so in the export log", async () => {
    const query = `selections=${teacher.id}`;
    expect(await sheetColumn(keeper, `/sys/user/exportXls?${query}`, "手机号码")).toEqual([maskValue("phone", teacher.phone)]);
    expect(await sheetColumn(keeper, `/sys/user/exportXls?${query}`, "电子邮件")).toEqual([maskValue("email", teacher.email)]);
    expect(await sheetColumn(admin, `/sys/user/exportXls?${query}`, "手机号码")).toEqual([teacher.phone]);
    const exports = await logLines("导出：用户列表");
    expect(exports).toHaveLength(3);
    expect(exports[0]).toContain("敏感信息已脱敏");
    expect(exports[2]).toContain("敏感信息未脱敏");
  });

  it("finds users by a whole phone or e-mail only, and offers no sort on them, without the button", async () => {
    const found = async (token: string, filter: string) =>
      ((await get(token, `/sys/user/list?${filter}&pageSize=500`)).json.result?.records ?? []).map((record: { id: string }) => record.id);
    expect(await found(keeper, `phone=${encodeURIComponent(`*${teacher.phone}*`)}`)).toEqual([teacher.id]);
    expect(await found(keeper, `email=${encodeURIComponent(teacher.email)}`)).toEqual([teacher.id]);
    expect(await found(keeper, `phone=${encodeURIComponent(`*${teacher.phone.slice(0, 6)}*`)}`)).toEqual([]);
    expect(await found(admin, `phone=${encodeURIComponent(`*${teacher.phone.slice(0, 6)}*`)}`)).toContain(teacher.id);
    const superQuery = encodeURIComponent(JSON.stringify([{ field: "phone", rule: "like", val: teacher.phone.slice(0, 6), type: "string" }]));
    expect(await found(keeper, `superQueryParams=${superQuery}&superQueryMatchType=and`)).toEqual([]);
    expect((await get(keeper, "/sys/user/list?column=phone&order=asc")).json.success).toBe(false);
    expect((await get(keeper, "/sys/user/list?phone_begin=150&phone_end=159")).json.success).toBe(false);
    expect((await get(admin, "/sys/user/list?column=phone&order=asc")).json.success).toBe(true);
  });

  it("keeps the stored phone and e-mail when a masked user form is saved", async () => {
    const shown = (await get(keeper, `/sys/user/queryById?id=${teacher.id}`)).json.result;
    const saved = await call(base, "PUT", "/sys/user/edit", { token: keeper, body: { ...shown, telephone: "010-88886666" } });
    expect(saved.json).toMatchObject({ success: true });
    expect(await rows(`SELECT phone, email, telephone FROM sys_user WHERE id = '${teacher.id}'`)).toEqual([{ phone: teacher.phone, email: teacher.email, telephone: "010-88886666" }]);
  });

  it("masks the phones of 在线用户 without the button", async () => {
    await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const own = (await get(keeper, "/sys/online/list?pageSize=200")).json.result.records.find((record: { username: string }) => record.username === "teacher_li");
    expect(own.phone).toBe(maskValue("phone", teacher.phone));
    const full = (await get(admin, "/sys/online/list?pageSize=200")).json.result.records.find((record: { username: string }) => record.username === "teacher_li");
    expect(full.phone).toBe(teacher.phone);
  });

  it("masks an online form's sensitive fields in its list, detail and export, and keeps them on a masked save", async () => {
    const added = await call(base, "POST", `/online/cgform/api/form/${FORM}`, { token: keeper, body: { guardian: "王女士", mobile: "13912345678", mail: "wang.li@example.com" } });
    expect(added.json.success).toBe(true);
    const masked = { mobile: "139****5678", mail: "w***@example.com" };
    const page = await get(keeper, `/online/cgform/api/getData/${FORM}`);
    expect(page.json.result.records).toEqual([expect.objectContaining({ guardian: "王女士", ...masked })]);
    expect(page.text).not.toContain("13912345678");
    const id = page.json.result.records[0].id as string;
    expect((await get(keeper, `/online/cgform/api/form/${FORM}/${id}`)).json.result).toMatchObject(masked);
    expect(await sheetColumn(keeper, `/online/cgform/api/${FORM}/exportXls`, "手机")).toEqual(["139****5678"]);
    // Found by the whole value only.
    expect((await get(keeper, `/online/cgform/api/getData/${FORM}?mobile=${encodeURIComponent("*1391234*")}`)).json.result.total).toBe(0);
    expect((await get(keeper, `/online/cgform/api/getData/${FORM}?mobile=13912345678`)).json.result.total).toBe(1);

    const shown = (await get(keeper, `/online/cgform/api/form/${FORM}?id=${id}`)).json.result;
    expect((await call(base, "PUT", `/online/cgform/api/form/${FORM}`, { token: keeper, body: { ...shown, guardian: "王丽" } })).json.success).toBe(true);
    expect(await rows(`SELECT guardian, mobile, mail FROM onlform_${FORM} WHERE id = '${id}'`)).toEqual([{ guardian: "王丽", mobile: "13912345678", mail: "wang.li@example.com" }]);

    // The platform administrator holds the form's 查看敏感信息: in full, and the detail is logged.
    expect((await get(admin, `/online/cgform/api/form/${FORM}/${id}`)).json.result).toMatchObject({ mobile: "13912345678", mail: "wang.li@example.com" });
    expect(await logLines(`${SensitiveLogText.view}：监护人联系`)).toEqual([`${SensitiveLogText.view}：监护人联系 ${id}`]);
  });

  it("leaves an online form's sensitive columns out of report SQL", async () => {
    const columns = (await rows<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'report' AND table_name = 'onlform_${FORM}'`)).map((row) => row.column_name);
    expect(columns).toContain("guardian");
    expect(columns).not.toContain("mobile");
    expect(columns).not.toContain("mail");
    const saved = await call(base, "POST", "/online/cgreport/head/add", { token: admin, body: { code: "guardians", name: "监护人", cgrSql: `select guardian from onlform_${FORM}` } });
    expect(saved.json.success).toBe(true);
    const [report] = await rows<{ id: string }>(`SELECT id FROM onl_cgreport_head WHERE code = 'guardians'`);
    const data = await get(admin, `/online/cgreport/api/getData/${report!.id}`);
    expect(data.json.success).toBe(true);
    expect(data.text).toContain("王丽");
    const sneaky = await call(base, "POST", "/online/cgreport/head/add", { token: admin, body: { code: "guardian_phones", name: "电话", cgrSql: `select mobile from onlform_${FORM}` } });
    const [other] = await rows<{ id: string }>(`SELECT id FROM onl_cgreport_head WHERE code = 'guardian_phones'`);
    const refused = other ? await get(admin, `/online/cgreport/api/getData/${other.id}`) : sneaky;
    expect(refused.text).not.toContain("13912345678");
  });

  it("refuses a sensitive mark on a field that is not text, or of an unknown kind", async () => {
    const define = (fields: unknown[]) =>
      call(base, "POST", "/online/cgform/head/add", { token: admin, body: { tableName: "bad_sensitive", tableTxt: "坏", tableType: "1", fieldJson: JSON.stringify(fields) } });
    expect((await define([{ name: "age", label: "年龄", dbType: "int", sensitive: "phone" }])).json.message).toBe("敏感字段“age”须为字符串或长文本，且不能使用字典");
    expect((await define([{ name: "code", label: "编码", dbType: "string", sensitive: "secret" }])).json.message).toBe("字段“code”的敏感类型不正确");
  });

  it("gives an older database 用户管理's 查看敏感信息 for the platform administrators only (migration 0660)", async () => {
    await rows(`DELETE FROM sys_permission WHERE perms = 'user:viewSensitive'`);
    await server.backend.db.execInTransaction(readFileSync(path.join(migrationsFolder(), "0660_user_sensitive_button.sql"), "utf8"));
    const [button] = await rows<{ id: string; parent_url: string }>(
      `SELECT b.id, p.url AS parent_url FROM sys_permission b JOIN sys_permission p ON p.id = b.parent_id WHERE b.perms = 'user:viewSensitive' AND b.menu_type = 2`,
    );
    expect(button!.parent_url).toBe("/isystem/user");
    const holders = await rows<{ platform_admin: number }>(`SELECT r.platform_admin FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id WHERE rp.permission_id = '${button!.id}'`);
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.every((holder) => Number(holder.platform_admin) === 1)).toBe(true);
    // Applied again: nothing changes.
    await server.backend.db.execInTransaction(readFileSync(path.join(migrationsFolder(), "0660_user_sensitive_button.sql"), "utf8"));
    expect(await rows(`SELECT id FROM sys_permission WHERE perms = 'user:viewSensitive'`)).toHaveLength(1);
  });
});
