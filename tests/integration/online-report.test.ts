// 报表配置 and /online/cgreport/api/* (issue #18 part 2): hostile report texts refused by the parser
// and by the database role, parameters bound (never spliced), paging / sort / query fields, the
// 30 s cache dropped by an edit, the export, access; on PostgreSQL a runaway report stopped by its
// statement timeout and run as school_report_reader (which reads the report views of its tenant only:
// ./report-wall.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../backend/db/migrate";
import { sql } from "drizzle-orm";
import { ReportMessages } from "#contract/modules/online-report";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const reachable = await postgresReachable();

const FIXTURE = `
  CREATE TABLE report_fixture (id integer PRIMARY KEY, name varchar(50) NOT NULL, kind varchar(10) NOT NULL, amount numeric(10,2) NOT NULL, created date NOT NULL, tenant_id integer NOT NULL DEFAULT 1);
  INSERT INTO report_fixture SELECT n, 'name_' || n, CASE WHEN n % 2 = 0 THEN 'even' ELSE 'odd' END, n * 1.5, DATE '2026-01-01' + n FROM generate_series(1, 60) AS n;
  INSERT INTO report_fixture SELECT n, 'other_' || n, 'odd', 1, DATE '2026-01-01', 2 FROM generate_series(1001, 1010) AS n;
  INSERT INTO report_source (table_name, scope) VALUES ('report_fixture', 'tenant');
  SELECT report_expose('report_fixture');`;

const HOSTILE: Array<[string, string]> = [
  ["select 1 as a; select 2 as b", ReportMessages.multipleStatements],
  ["with gone as (delete from report_fixture returning *) select * from gone", ReportMessages.modifying],
  ["with moved as (update report_fixture set name = 'x' returning id) select id from moved", ReportMessages.modifying],
  ["with added as (insert into report_fixture values (999, 'x', 'x', 1, now()) returning id) select id from added", ReportMessages.modifying],
  ["update report_fixture set name = 'x'", ReportMessages.notSelect],
  ["select pg_sleep(5)", ReportMessages.functionRefused("pg_sleep")],
  ["select set_config('role', 'postgres', false)", ReportMessages.functionRefused("set_config")],
  ["select * from dblink('host=127.0.0.1', 'select 1') as t(a int)", ReportMessages.functionRefused("dblink")],
  ["select lo_import('/etc/passwd')", ReportMessages.functionRefused("lo_import")],
  ["select pg_read_file('/etc/passwd')", ReportMessages.functionRefused("pg_read_file")],
  ["select pg_catalog.pg_read_binary_file('/etc/passwd')", ReportMessages.functionRefused("pg_catalog.pg_read_binary_file")],
  ["select name from report_fixture where id = (select count(*) from pg_catalog.pg_terminate_backend(1))", ReportMessages.functionRefused("pg_catalog.pg_terminate_backend")],
  ["select rolpassword from pg_authid", ReportMessages.tableRefused("pg_authid")],
  ["select * from pg_catalog.pg_shadow", ReportMessages.tableRefused("pg_catalog.pg_shadow")],
  ["select * from report_fixture join pg_user on true", ReportMessages.tableRefused("pg_user")],
  ["select table_name from information_schema.tables", ReportMessages.tableRefused("information_schema.tables")],
  ["select * from sys_data_source", ReportMessages.tableRefused("sys_data_source")],
  ["select token_hash from sys_session", ReportMessages.tableRefused("sys_session")],
  ["select username, password from sys_user", ReportMessages.columnRefused("password")],
  ["select * into stolen from report_fixture", ReportMessages.selectInto],
  ["select * from report_fixture for update", ReportMessages.locking],
  ["select * from (select * from report_fixture for share) locked", ReportMessages.locking],
  ["with recursive forever(n) as (select 1 union all select n + 1 from forever) select * from forever", ReportMessages.recursive],
  ["select $1 as a", ReportMessages.dollarQuote],
  ["select $$ x $$ as a", ReportMessages.dollarQuote],
];

describe("online reports (PGlite)", () => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, { token: admin, body });
  const add = async (code: string, cgrSql: string, extra: Record<string, unknown> = {}) => {
    const answer = await send("POST", "/online/cgreport/head/add", { code, name: `报表${code}`, cgrSql, ...extra });
    return answer.json;
  };
  const idOf = async (code: string) => (await send("GET", `/online/cgreport/head/list?code=${code}`)).json.result.records[0].id as string;

  beforeAll(async () => {
    server = await startTestBackend("pglite");
    base = server.url;
    admin = await loginToken(base);
    await server.backend.db.exec(FIXTURE);
  });
  afterAll(async () => server?.close());

  it("refuses every hostile report text on save and on 解析SQL, and leaves the data as it was", async () => {
    for (const [index, [text, message]] of HOSTILE.entries()) {
      const saved = await add(`bad_${index}`, text);
      expect(saved, text).toMatchObject({ success: false, message });
      const parsed = await send("POST", "/online/cgreport/head/parseSql", { sql: text });
      expect(parsed.json, text).toMatchObject({ success: false, message });
    }
    const [left] = await server.backend.db.rows<{ n: number; names: number }>(sql`select count(*)::int as n, count(*) filter (where name like 'name_%')::int as names from report_fixture where tenant_id = 1`);
    expect(left).toEqual({ n: 60, names: 60 });
    const rows = (await send("GET", "/online/cgreport/head/list?code=bad_*")).json.result.records;
    expect(rows).toHaveLength(0);
  });

  it("runs under the report role: users without their secrets, a table outside the report views fails without the database's words", async () => {
    const parsed = await send("POST", "/online/cgreport/head/parseSql", { sql: "select * from sys_user" });
    expect(parsed.json.success).toBe(true);
    const fields = parsed.json.result.fields.map((field: { fieldName: string }) => field.fieldName);
    expect(fields).toContain("realname");
    expect(fields).not.toContain("password");
    expect(fields).not.toContain("phone");
    const hidden = await send("POST", "/online/cgreport/head/parseSql", { sql: "select * from sys_permission" });
    expect(hidden.json).toMatchObject({ success: false, message: ReportMessages.failed });
    const who = await send("POST", "/online/cgreport/head/parseSql", { sql: "select current_user as who, username from sys_user" });
    expect(who.json.success).toBe(true);
  });

  it("detects columns and parameters, pages, sorts, filters and binds parameters", async () => {
    const text = "select id, name, kind, amount, created from report_fixture where name like '%${kw}%' and (${minId}::int is null or id >= ${minId}::int)";
    const parsed = await send("POST", "/online/cgreport/head/parseSql", { sql: text });
    expect(parsed.json.success).toBe(true);
    expect(parsed.json.result.fields).toEqual([
      { fieldName: "id", fieldType: "Integer" },
      { fieldName: "name", fieldType: "String" },
      { fieldName: "kind", fieldType: "String" },
      { fieldName: "amount", fieldType: "BigDecimal" },
      { fieldName: "created", fieldType: "Date" },
    ]);
    expect(parsed.json.result.params.map((param: { paramName: string }) => param.paramName)).toEqual(["kw", "minId"]);
    const undeclared = await add("fixture_missing", text);
    expect(undeclared).toMatchObject({ success: false, message: ReportMessages.undeclaredParam("kw") });

    const saved = await add("fixture", text, {
      items: [
        { fieldName: "id", fieldTxt: "编号", fieldType: "Integer", isOrder: "1" },
        { fieldName: "name", fieldTxt: "名称", fieldType: "String", isSearch: "1" },
        { fieldName: "kind", fieldTxt: "类别", fieldType: "String", isSearch: "1", dictCode: "" },
        { fieldName: "amount", fieldTxt: "金额", fieldType: "BigDecimal", isTotal: "1" },
        { fieldName: "created", fieldTxt: "日期", fieldType: "Date", isSearch: "1", searchMode: "group" },
      ],
      params: [
        { paramName: "kw", paramTxt: "关键字", paramValue: "" },
        { paramName: "minId", paramTxt: "最小编号", paramValue: "" },
      ],
    });
    expect(saved.success).toBe(true);
    const id = await idOf("fixture");

    const columns = (await send("GET", `/online/cgreport/api/getRpColumns/fixture`)).json.result;
    expect(columns).toMatchObject({ cgRpConfigId: id, cgRpConfigName: "报表fixture" });
    expect(columns.columns.map((column: { dataIndex: string }) => column.dataIndex)).toEqual(["id", "name", "kind", "amount", "created"]);
    const queryInfo = (await send("GET", `/online/cgreport/api/getQueryInfo/${id}`)).json.result;
    expect(queryInfo).toEqual([
      { field: "name", label: "名称", view: "text", mode: "single", fieldType: "String" },
      { field: "kind", label: "类别", view: "text", mode: "single", fieldType: "String" },
      { field: "created", label: "日期", view: "date", mode: "group", fieldType: "Date" },
    ]);

    const page = async (query: string) => (await send("GET", `/online/cgreport/api/getData/${id}?${query}`)).json;
    const first = await page("pageNo=2&pageSize=10&column=id&order=asc");
    expect(first.result.total).toBe(60);
    expect(first.result.records.map((row: { id: number }) => row.id)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(first.result.records[0]).toMatchObject({ name: "name_11", kind: "odd", amount: "16.50", created: "2026-01-12" });
    const desc = await page("pageNo=1&pageSize=3&column=id&order=desc");
    expect(desc.result.records.map((row: { id: number }) => row.id)).toEqual([60, 59, 58]);
    // Query fields: contains on text, a range on the group field.
    const filtered = await page("pageSize=100&name=name_1&created_begin=2026-01-05&created_end=2026-01-12");
    expect(filtered.result.records.map((row: { id: number }) => row.id).sort((a: number, b: number) => a - b)).toEqual([10, 11]);
    // Parameters: bound, so quotes and statements in them are only text.
    expect((await page("self_kw=name_6")).result.total).toBe(2);
    expect((await page("self_minId=55")).result.total).toBe(6);
    expect((await page(`self_kw=${encodeURIComponent("' or '1'='1")}`)).result.total).toBe(0);
    const injected = await page(`self_minId=${encodeURIComponent("1; drop table report_fixture; --")}`);
    expect(injected).toMatchObject({ success: false, message: ReportMessages.failed });
    expect((await page("self_minId=1&pageSize=1")).result.total).toBe(60);
    // A bad sort column is ignored, never spliced.
    expect((await page(`column=${encodeURIComponent('id"; drop table x; --')}&pageSize=1`)).result.total).toBe(60);
  });

  it("keeps getData 30 s per query and drops it when the report changes", async () => {
    const id = await idOf("fixture");
    const total = async () => (await send("GET", `/online/cgreport/api/getData/${id}?pageSize=1&self_kw=cache`)).json.result.total;
    expect(await total()).toBe(0);
    await server.backend.db.exec("INSERT INTO report_fixture VALUES (100, 'cache_me', 'even', 1, DATE '2026-03-01')");
    expect(await total()).toBe(0);
    const details = (await send("GET", `/online/cgreport/head/details?id=${id}`)).json.result;
    const head = (await send("GET", `/online/cgreport/head/queryById?id=${id}`)).json.result;
    const edited = await send("PUT", "/online/cgreport/head/edit", { ...head, name: "报表fixture2", items: details.items, params: details.params });
    expect(edited.json.success).toBe(true);
    expect(await total()).toBe(1);
    await server.backend.db.exec("DELETE FROM report_fixture WHERE id = 100");
  });

  it("exports the report as .xlsx", async () => {
    const id = await idOf("fixture");
    const response = await fetch(`${base}/online/cgreport/api/exportXls/${id}?self_kw=name_1`, { headers: { "X-Access-Token": admin } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("answers the report to those who hold its page or 报表配置 only; 生成菜单 grants it to the platform administrators", async () => {
    const id = await idOf("fixture");
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD).catch(() => null);
    if (teacher) {
      const refused = await call(base, "GET", `/online/cgreport/api/getData/${id}`, { token: teacher });
      expect(refused.json.success).toBe(false);
    }
    const menu = await send("POST", "/online/cgreport/head/addMenu", { id });
    expect(menu.json).toMatchObject({ success: true, message: ReportMessages.menuAdded });
    const permissions = (await send("GET", "/sys/permission/getUserPermissionByToken")).json.result.menu;
    expect(JSON.stringify(permissions)).toContain(`/online/cgreport/${id}`);
  });

  it("gives an older database 报表配置 and its buttons (migration 0190), for the platform administrators only", async () => {
    const script = readFileSync(path.join(migrationsFolder(), "0190_online_report.sql"), "utf8");
    const menuPart = script.slice(script.indexOf("-- The page and its buttons"));
    const rows = <T>(query: ReturnType<typeof sql>) => server.backend.db.rows<T>(query);
    const before = await rows<{ parent_id: string }>(sql`select parent_id from sys_permission where url = '/online/cgreport'`);
    expect(before).toHaveLength(1);
    await rows(sql`delete from sys_permission where url = '/online/cgreport' or perms like 'onlCgreport:%'`);
    await server.backend.db.execInTransaction(menuPart);
    const page = await rows<{ id: string; parent_id: string }>(sql`select id, parent_id from sys_permission where url = '/online/cgreport' and menu_type = 1`);
    expect(page).toHaveLength(1);
    expect(page[0]!.parent_id).toBe(before[0]!.parent_id);
    const buttons = await rows<{ id: string; perms: string }>(sql`select id, perms from sys_permission where parent_id = ${page[0]!.id} and menu_type = 2`);
    expect(buttons.map((button) => button.perms).sort()).toEqual(["onlCgreport:add", "onlCgreport:batch_delete", "onlCgreport:delete", "onlCgreport:edit", "onlCgreport:export", "onlCgreport:menu"]);
    const holders = await rows<{ platform_admin: number }>(sql`
      select distinct r.platform_admin from sys_role_permission rp join sys_role r on r.id = rp.role_id
       where rp.permission_id in (select id from sys_permission where url = '/online/cgreport' or perms like 'onlCgreport:%')`);
    expect(holders.map((holder) => Number(holder.platform_admin))).toEqual([1]);
    // A second run changes nothing.
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from sys_permission where url = '/online/cgreport' or perms like 'onlCgreport:%'`))[0]!.n;
    const settled = await count();
    await server.backend.db.execInTransaction(menuPart);
    expect(await count()).toBe(settled);
  });
});

describe.skipIf(!reachable)("online reports (PostgreSQL)", () => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, { token: admin, body });

  beforeAll(async () => {
    // No cost limit here: the runaway must reach the timeout (the limit: ./report-stall.test.ts).
    server = await startTestBackend("postgres", { reportTimeoutMs: 300, reportCostLimit: 1e15 });
    base = server.url;
    admin = await loginToken(base);
    await server.backend.db.exec(FIXTURE);
  });
  afterAll(async () => server?.close());

  it("runs as school_report_reader in a read-only transaction", async () => {
    const saved = await send("POST", "/online/cgreport/head/add", { code: "who", name: "谁", cgrSql: "select current_user as who, current_setting('transaction_read_only') as ro" });
    expect(saved.json).toMatchObject({ success: false, message: ReportMessages.functionRefused("current_setting") });
    await send("POST", "/online/cgreport/head/add", { code: "who", name: "谁", cgrSql: "select current_user as who" });
    const id = (await send("GET", "/online/cgreport/head/list?code=who")).json.result.records[0].id;
    const data = await send("GET", `/online/cgreport/api/getData/${id}`);
    expect(data.json.result.records).toEqual([{ who: "school_report_reader" }]);
    const parsed = await send("POST", "/online/cgreport/head/parseSql", { sql: "select * from sys_permission" });
    expect(parsed.json).toMatchObject({ success: false, message: ReportMessages.failed });
  });

  it("stops a runaway report at its statement timeout", async () => {
    const runaway = "select count(*) as n from report_fixture a, report_fixture b, report_fixture c, report_fixture d, report_fixture e, report_fixture f";
    const saved = await send("POST", "/online/cgreport/head/add", { code: "runaway", name: "失控", cgrSql: runaway });
    expect(saved.json.success).toBe(true);
    const id = (await send("GET", "/online/cgreport/head/list?code=runaway")).json.result.records[0].id;
    const started = Date.now();
    const data = await send("GET", `/online/cgreport/api/getData/${id}`);
    expect(data.json).toMatchObject({ success: false, message: ReportMessages.timeout });
    expect(Date.now() - started).toBeLessThan(10_000);
    // The backend still answers, and the connection went back clean.
    const again = await send("GET", "/online/cgreport/head/list?code=runaway");
    expect(again.json.success).toBe(true);
  });
});
