// 数据源管理 (/sys/dataSource, issue #16 part 1): the password stored encrypted and never answered,
// kept by an edit that leaves it blank; 测试连接 against the real local PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DataSourceMessages } from "#contract/modules/data-source";
import { decryptSecret } from "../../backend/modules/system/data-source/secret-box";
import { call, loginToken, postgresAdminUrl, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const KEY = "test-data-source-key";
const reachable = await postgresReachable();
const server127 = new URL(postgresAdminUrl());
const jdbc = (database: string, port = server127.port || "5432") => `jdbc:postgresql://${server127.hostname}:${port}/${database}`;

describe("数据源管理", () => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, { token: admin, body });
  const stored = async (code: string) =>
    (await server.backend.db.rows<{ id: string; db_password: string }>(sql`SELECT id, db_password FROM sys_data_source WHERE code = ${code}`))[0]!;

  beforeAll(async () => {
    server = await startTestBackend("pglite", { dataSourceKey: KEY });
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  it("stores the password encrypted and never answers it", async () => {
    const added = await send("POST", "/sys/dataSource/add", { code: "school_pg", name: "学校库", dbType: "4", dbUrl: jdbc("postgres"), dbUsername: server127.username || "postgres", dbPassword: "S3cret-口令" });
    expect(added.json.success).toBe(true);
    const row = await stored("school_pg");
    expect(row.db_password).toMatch(/^v1:/);
    expect(row.db_password).not.toContain("S3cret");
    expect(decryptSecret(row.db_password, KEY)).toBe("S3cret-口令");
    expect(decryptSecret(row.db_password, "another key")).toBeNull();
    const list = await call(base, "GET", "/sys/dataSource/list", { token: admin });
    expect(list.text).not.toContain("v1:");
    expect(list.json.result.records[0]).not.toHaveProperty("dbPassword");
    const one = await call(base, "GET", `/sys/dataSource/queryById?id=${row.id}`, { token: admin });
    expect(one.json.result).not.toHaveProperty("dbPassword");
  });

  it("keeps the stored password when an edit leaves it blank, and refuses other kinds and a missing password", async () => {
    const before = await stored("school_pg");
    const edited = await send("PUT", "/sys/dataSource/edit", { id: before.id, name: "学校主库", dbType: "4", dbUrl: jdbc("postgres"), dbUsername: "postgres", dbPassword: "" });
    expect(edited.json.success).toBe(true);
    expect((await stored("school_pg")).db_password).toBe(before.db_password);
    const mysql = await send("POST", "/sys/dataSource/add", { code: "mysql", name: "MySQL", dbType: "1", dbUrl: jdbc("x"), dbUsername: "root", dbPassword: "x" });
    expect(mysql.json).toMatchObject({ success: false, message: DataSourceMessages.onlyPostgres });
    const noPassword = await send("POST", "/sys/dataSource/add", { code: "nopass", name: "无密码", dbType: "4", dbUrl: jdbc("postgres"), dbUsername: "postgres" });
    expect(noPassword.json).toMatchObject({ success: false, message: DataSourceMessages.passwordRequired });
  });

  it.skipIf(!reachable)("tests a connection against the real server: connected, unknown database, refused port", async () => {
    const user = server127.username || "postgres";
    const ok = await send("POST", "/sys/dataSource/testConnection", { dbUrl: jdbc("postgres"), dbUsername: user, dbPassword: server127.password || "x" });
    expect(ok.json).toMatchObject({ success: true, message: DataSourceMessages.connected });
    const saved = await send("POST", "/sys/dataSource/testConnection", { id: (await stored("school_pg")).id });
    expect(saved.json).toMatchObject({ success: true });
    const missing = await send("POST", "/sys/dataSource/testConnection", { dbUrl: jdbc("no_such_database_0110"), dbUsername: user, dbPassword: "x" });
    expect(missing.json).toMatchObject({ success: false, message: DataSourceMessages.failed("数据库不存在") });
    const refused = await send("POST", "/sys/dataSource/testConnection", { dbUrl: jdbc("postgres", "1"), dbUsername: user, dbPassword: "x" });
    expect(refused.json).toMatchObject({ success: false, message: DataSourceMessages.failed("服务器拒绝连接") });
  });
});
