// Children's personal data (issue #34 item 1) over real HTTP, on PGlite and (when reachable)
// PostgreSQL: a user without the module's 查看敏感信息 button gets passport numbers, phones,
// e-mails and WeChat ids masked by the backend in every answer (list, picker list, detail, export
// file, the Vue 2 client's signed list call); with it, in full, and each detail view and unmasked
// export is logged; a masked value posted back keeps the stored one; granting the button in
// 角色管理 → 授权 shows them in full.
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { computeSign, formatSignTimestamp } from "#contract/sign";
import { maskValue } from "#contract/modules/sensitive";
import { stableId } from "../../backend/db/ids";
import { SensitiveLogText } from "../../backend/crud/sensitive";
import { decryptValue, encryptValue, searchHash } from "../../backend/security/personal-data";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("personal data masked by right on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  /** 教师: the student, parent and teacher pages with their buttons, but not 查看敏感信息. */
  let teacher: string;
  /** 教务: the same pages with 查看敏感信息. */
  let clerk: string;
  let student: { id: string; passport_no: string };
  let parent: { id: string; phone: string; email: string; wechat_open_id: string };
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  /** Rows with their stored (encrypted: docs/decisions/119) texts in clear. */
  const opened = async <T>(text: string) =>
    (await rows<Record<string, unknown>>(text)).map((row) => Object.fromEntries(Object.entries(row).map(([name, value]) => [name, typeof value === "string" ? decryptValue(value) : value]))) as T[];

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    clerk = await loginToken(base, "clerk_sun", TEST_DEMO_PASSWORD);
    [student] = await opened(`SELECT id, passport_no FROM school_student WHERE tenant_id = 1 AND passport_no IS NOT NULL ORDER BY id LIMIT 1`);
    await rows(`UPDATE school_parent SET email = '${encryptValue("zhang.wei@example.com")}', email_hash = '${searchHash("email", "zhang.wei@example.com")}', wechat_open_id = 'oWx_4f2a9c8812' WHERE id = (SELECT id FROM school_parent WHERE tenant_id = 1 AND phone IS NOT NULL ORDER BY id LIMIT 1)`);
    [parent] = await opened(`SELECT id, phone, email, wechat_open_id FROM school_parent WHERE tenant_id = 1 AND phone IS NOT NULL ORDER BY id LIMIT 1`);
  });
  afterAll(async () => server?.close());

  const masked = () => ({
    phone: maskValue("phone", parent.phone),
    email: maskValue("email", parent.email),
    wechatOpenId: maskValue("wechat", parent.wechat_open_id),
  });

  async function logLines(word: string): Promise<Array<{ log_content: string; userid: string }>> {
    await server.backend.services.logs.flush();
    return rows(`SELECT log_content, userid FROM sys_log WHERE log_content LIKE '${word}%' ORDER BY create_time`);
  }

  it("masks the list, the picker list and the detail for a user without the right", async () => {
    expect(maskValue("idNumber", "FR64123452")).toBe("FR64****52");
    expect(maskValue("phone", "13812345678")).toBe("138****5678");
    expect(maskValue("email", "zhang@example.com")).toBe("z***@example.com");

    const list = await call(base, "GET", `/school/parent/list?pageSize=500`, { token: teacher });
    const listed = list.json.result.records.find((record: { id: string }) => record.id === parent.id);
    expect(listed).toMatchObject(masked());
    expect(JSON.stringify(list.json)).not.toContain(parent.phone);
    // A picker asks the same list with a search: the same masks.
    const picker = await call(base, "GET", `/school/parent/list?phone=${parent.phone}&pageSize=10`, { token: teacher });
    expect(picker.json.result.records).toEqual([expect.objectContaining({ id: parent.id, ...masked() })]);

    const detail = await call(base, "GET", `/school/student/queryById?id=${student.id}`, { token: teacher });
    expect(detail.json.result.passportNo).toBe(maskValue("idNumber", student.passport_no));
    expect(detail.json.result.passportNo).toMatch(/^.{4}\*{4}.{2}$/);
    expect(await logLines(SensitiveLogText.view)).toEqual([]);
  });

  it("masks the Vue 2 client's signed list call", async () => {
    const params = { column: "createTime", order: "desc", pageNo: "1", pageSize: "500", _t: String(Math.floor(Date.now() / 1000)) };
    const url = "/school/parent/list";
    const response = await fetch(`${base}${url}?${new URLSearchParams(params)}`, {
      headers: { "X-Access-Token": teacher, "tenant-id": "1", "X-Sign": computeSign(url, params), "X-TIMESTAMP": formatSignTimestamp() },
    });
    const json = await response.json();
    expect(json.success).toBe(true);
    expect(json.result.records.find((record: { id: string }) => record.id === parent.id)).toMatchObject(masked());
  });

  it("shows everything with the right, and logs who viewed which record", async () => {
    const detail = await call(base, "GET", `/school/parent/queryById?id=${parent.id}`, { token: clerk });
    expect(detail.json.result).toMatchObject({ phone: parent.phone, email: parent.email, wechatOpenId: parent.wechat_open_id });
    const list = await call(base, "GET", `/school/student/list?pageSize=500`, { token: clerk });
    expect(list.json.result.records.find((record: { id: string }) => record.id === student.id)).toMatchObject({ passportNo: student.passport_no });
    const logged = await logLines(SensitiveLogText.view);
    expect(logged).toEqual([{ log_content: `${SensitiveLogText.view}：家长信息 ${parent.id}`, userid: "clerk_sun" }]);
  });

  async function exportRows(token: string, query: string): Promise<unknown[][]> {
    const response = await fetch(`${base}/school/student/exportXls?${query}`, { headers: { "X-Access-Token": token } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(3).values as unknown[]).slice(1);
    const at = header.indexOf("护照号");
    expect(at).toBeGreaterThanOrEqual(0);
    const lines: unknown[][] = [];
    for (let row = 4; row <= sheet.rowCount; row++) lines.push([(sheet.getRow(row).values as unknown[]).slice(1)[at]]);
    return lines;
  }

  it("masks the export file without the right, and logs an unmasked export with its filter", async () => {
    const query = `selections=${student.id}`;
    expect(await exportRows(teacher, query)).toEqual([[maskValue("idNumber", student.passport_no)]]);
    expect(await logLines(SensitiveLogText.export)).toEqual([]);
    expect(await exportRows(clerk, query)).toEqual([[student.passport_no]]);
    expect(await logLines(SensitiveLogText.export)).toEqual([{ log_content: `${SensitiveLogText.export}：学生信息 ${query}`, userid: "clerk_sun" }]);
  });

  it("keeps the stored value when a masked form is saved, and takes a new one typed over it", async () => {
    const shown = (await call(base, "GET", `/school/parent/queryById?id=${parent.id}`, { token: teacher })).json.result;
    expect(shown.phone).toBe(maskValue("phone", parent.phone));
    const saved = await call(base, "PUT", "/school/parent/edit", { token: teacher, body: { ...shown, position: "工程师" } });
    expect(saved.json).toMatchObject({ success: true });
    expect(await opened(`SELECT phone, email, wechat_open_id, position FROM school_parent WHERE id = '${parent.id}'`)).toEqual([
      { phone: parent.phone, email: parent.email, wechat_open_id: parent.wechat_open_id, position: "工程师" },
    ]);
    const again = (await call(base, "GET", `/school/parent/queryById?id=${parent.id}`, { token: teacher })).json.result;
    const typed = await call(base, "PUT", "/school/parent/edit", { token: teacher, body: { ...again, phone: "13900001111" } });
    expect(typed.json).toMatchObject({ success: true });
    expect(await opened(`SELECT phone, email FROM school_parent WHERE id = '${parent.id}'`)).toEqual([{ phone: "13900001111", email: parent.email }]);
    parent.phone = "13900001111";
  });

  it("shows the data in full once 角色管理 → 授权 grants 查看敏感信息", async () => {
    const [{ id: roleId }] = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'teacher'`);
    const granted = (await rows<{ permission_id: string }>(`SELECT permission_id FROM sys_role_permission WHERE role_id = '${roleId}'`)).map((row) => row.permission_id);
    const button = stableId("button", "parent:viewSensitive");
    expect(granted).not.toContain(button);
    const saved = await call(base, "POST", "/sys/permission/saveRolePermission", {
      token: admin,
      body: { roleId, permissionIds: [...granted, button].join(","), lastpermissionIds: granted.join(",") },
    });
    expect(saved.json.success).toBe(true);
    const again = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const detail = await call(base, "GET", `/school/parent/queryById?id=${parent.id}`, { token: again });
    expect(detail.json.result).toMatchObject({ phone: parent.phone, email: parent.email });
    // Students stay masked: the button is per module.
    const student2 = await call(base, "GET", `/school/student/queryById?id=${student.id}`, { token: again });
    expect(student2.json.result.passportNo).toBe(maskValue("idNumber", student.passport_no));
  });
});
