// The tenant wall around reports (issue #27 item 1, docs/decisions/078): the hostile corpus
// (./report-hostile-corpus/corpus.ts), run by a tenant-2 administrator holding 报表配置, through the
// report endpoints and straight through the report runner past the parser, on PGlite and on
// PostgreSQL. No answer may hold a row of another tenant, a user of another tenant or a secret
// (password and salt hashes, sign-in codes, messages, sessions, tokens, data-source passwords, logs).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { runReportQueries } from "../../backend/modules/online/report/report-runner";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { HOSTILE_CORPUS } from "./report-hostile-corpus/corpus";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const TENANT_2 = { "tenant-id": "2" };
const PASSWORD = "Wall-Test-2026!";

describe.each(databases)("the report wall on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  let campus: string;
  const forbidden = new Set<string>();
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const as = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, headers: TENANT_2, body });

  /** What in `answer` must not be there: a forbidden value, or a row of a tenant other than 2. */
  function leaks(answer: unknown): string[] {
    const text = JSON.stringify(answer);
    const found = [...forbidden].filter((value) => text.includes(value));
    for (const match of text.matchAll(/\\?"tenant_id\\?":\s*(\d+)/g)) if (match[1] !== "2") found.push(`tenant_id ${match[1]}`);
    return found;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
    // An online form's table with a row in each tenant.
    const form = await call(server.url, "POST", "/online/cgform/head/add", {
      token: admin,
      body: { tableName: "wall_canary", tableTxt: "墙", tableType: "1", fieldJson: JSON.stringify([{ name: "note", label: "备注", dbType: "string", length: 50 }]) },
    });
    expect(form.json.success).toBe(true);
    const [head] = await rows<{ id: string }>("select id from onl_cgform_head where table_name = 'wall_canary'");
    expect((await call(server.url, "POST", `/online/cgform/head/doDbSynch?id=${head!.id}`, { token: admin })).json.success).toBe(true);
    await server.backend.db.exec(`
      INSERT INTO onlform_wall_canary (id, tenant_id, note) VALUES ('wallcanaryform1', 1, 'CANARY_FORM_T1'), ('wallcanaryform2', 2, 'visible_form_t2');
      INSERT INTO school_student (id, tenant_id, student_no, name_cn, passport_no, status) VALUES ('wallcanarystudent1', 1, 'WALL0001', 'CANARY_STUDENT_T1', 'CANARY_PASSPORT_T1', '1');
      INSERT INTO sys_sms_code (mobile_hash, mode, code_hash, salt, attempts, sent_at, expires_at) VALUES ('CANARY_MOBILE_HASH', '0', 'CANARY_CODE_HASH', 'CANARY_CODE_SALT', 0, now(), now() + interval '5 minutes');
      INSERT INTO sys_message (id, tenant_id, es_type, es_receiver, es_title, es_content) VALUES ('wallcanarymsg2', 2, '1', '13900000000', '验证码', 'CANARY_MESSAGE_T2');
      INSERT INTO sys_data_source (id, tenant_id, code, name, db_type, db_url, db_username, db_password) VALUES ('wallcanaryds2', 2, 'wall', 'wall', 'postgresql', 'jdbc:postgresql://127.0.0.1:5432/x', 'u', 'CANARY_DS_PASSWORD');
      INSERT INTO sys_log (id, log_type, log_content, tenant_id, create_time) VALUES ('wallcanarylog2', 1, 'CANARY_LOG_T2', 2, now());
      INSERT INTO comm_mail (id, tenant_id, mail_to, subject, body, status) VALUES ('wallcanarymail2', 2, 'a@b.example', 's', 'CANARY_MAIL_T2', '0');`);

    // Tenant 2's administrator with 报表配置 and its buttons.
    const permissionIds = (await rows<{ id: string }>("select id from sys_permission where url in ('/online', '/online/cgreport') or perms like 'onlCgreport:%'")).map((row) => row.id);
    expect((await as(admin, "POST", "/sys/role/add", { roleCode: "wall_admin", roleName: "wall_admin" })).json.success).toBe(true);
    const [role] = await rows<{ id: string }>("select id from sys_role where role_code = 'wall_admin' and tenant_id = 2");
    const granted = await as(admin, "POST", "/sys/permission/saveRolePermission", { roleId: role!.id, permissionIds: permissionIds.join(","), lastpermissionIds: "" });
    expect(granted.json.success).toBe(true);
    expect((await as(admin, "POST", "/sys/user/add", { username: "wall_campus2", realname: "wall_campus2", password: PASSWORD, selectedroles: role!.id })).json.success).toBe(true);
    campus = await loginTokenAfterChange(server.url, "wall_campus2", PASSWORD);

    // What must never come back: every secret column's values, every row id of another tenant,
    // and the phones and e-mails of users outside tenant 2.
    const secrets = await rows<{ v: string }>(`
      select password as v from sys_user union select salt from sys_user union select code_hash from sys_sms_code union select salt from sys_sms_code
      union select token_hash from sys_session union select value from sys_app_secret union select db_password from sys_data_source
      union select es_content from sys_message union select log_content from sys_log union select body from comm_mail
      union select code from sys_captcha union select ticket_hash from sys_third_login_ticket`);
    const tenantTables = await rows<{ table_name: string }>(`
      select c.table_name from information_schema.columns c join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
       where c.table_schema = 'public' and c.column_name = 'tenant_id'`);
    const own = new Set<string>();
    const others: string[] = [];
    for (const { table_name: table } of tenantTables) {
      for (const row of await rows<{ id: string; tenant_id: number }>(`select id::text as id, tenant_id from ${table}`)) (row.tenant_id === 2 ? own.add(row.id) : others.push(row.id));
    }
    const users = await rows<{ id: string; phone: string | null; email: string | null }>("select id, phone, email from sys_user where coalesce(rel_tenant_ids, '') !~ '(^|,)2(,|$)'");
    for (const value of [...secrets.map((row) => row.v), ...others.filter((id) => !own.has(id)), ...users.flatMap((user) => [user.id, user.phone, user.email])]) {
      if (value && value.length >= 6) forbidden.add(value);
    }
    for (const canary of ["CANARY_FORM_T1", "CANARY_STUDENT_T1", "CANARY_PASSPORT_T1"]) forbidden.add(canary);
    for (const canary of ["wallcanaryform1", "wallcanarystudent1", "CANARY_CODE_HASH", "CANARY_MESSAGE_T2", "CANARY_DS_PASSWORD", "CANARY_LOG_T2", "CANARY_MAIL_T2"]) {
      expect(forbidden.has(canary), canary).toBe(true);
    }
  }, 120_000);
  afterAll(async () => server?.close());

  it("holds a corpus of at least 200 hostile texts", () => {
    expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(HOSTILE_CORPUS).size).toBe(HOSTILE_CORPUS.length);
  });

  it("answers no other tenant's row and no secret through the report endpoints", async () => {
    const leaked: string[] = [];
    for (const [index, text] of HOSTILE_CORPUS.entries()) {
      const saved = await as(campus, "POST", "/online/cgreport/head/add", { code: `wall_${index}`, name: `墙${index}`, cgrSql: text });
      const answers: unknown[] = [saved.json];
      if (saved.json?.success) {
        const [report] = await rows<{ id: string }>(`select id from onl_cgreport_head where code = 'wall_${index}' and tenant_id = 2`);
        answers.push((await as(campus, "GET", `/online/cgreport/api/getData/${report!.id}?pageSize=1000`)).json);
      }
      const found = leaks(answers);
      if (found.length > 0) leaked.push(`${text} → ${found.slice(0, 3).join(", ")}`);
    }
    expect(leaked).toEqual([]);
  }, 300_000);

  it("answers no other tenant's row and no secret from the database itself, past the parser", async () => {
    const leaked: string[] = [];
    for (const text of HOSTILE_CORPUS) {
      let answer: unknown;
      try {
        answer = await runReportQueries({ kind: "embedded", db: server.backend.db, tenantId: 2 }, [{ text, values: [] }], { timeoutMs: 5_000, log: () => undefined });
      } catch (error) {
        answer = (error as Error).message;
      }
      const found = leaks(answer);
      if (found.length > 0) leaked.push(`${text} → ${found.slice(0, 3).join(", ")}`);
    }
    expect(leaked).toEqual([]);
    // The database still works for the report: its own tenant's rows come back, and nothing changed.
    const [own] = await runReportQueries({ kind: "embedded", db: server.backend.db, tenantId: 2 }, [{ text: "select note, tenant_id from onlform_wall_canary", values: [] }], { timeoutMs: 5_000, log: () => undefined });
    expect(own!.rows).toEqual([{ note: "visible_form_t2", tenant_id: 2 }]);
    const [students] = await rows<{ n: number }>("select count(*)::int as n from school_student where id = 'wallcanarystudent1' and name_cn = 'CANARY_STUDENT_T1'");
    expect(students!.n).toBe(1);
  }, 300_000);
});
