// 数据源管理 (/sys/dataSource, issue #16 part 1): the password stored encrypted and never answered,
// kept by an edit that leaves it blank; 测试连接 against the real local PostgreSQL server.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DataSourceMessages, dataSourceModule } from "#contract/modules/data-source";
import { decryptSecret, encryptSecret } from "../../backend/modules/system/data-source/secret-box";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, postgresAdminUrl, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

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

  it("answers 报表配置's picker at /sys/dataSource/options: the tenant's sources as value, label and text, nothing else", async () => {
    const options = await send("GET", "/sys/dataSource/options");
    expect(options.json.success).toBe(true);
    expect(options.json.result).toContainEqual({ value: "school_pg", label: "学校库", text: "学校库" });
    for (const option of options.json.result) expect(Object.keys(option).sort()).toEqual(["label", "text", "value"]);
    // Another school's sources are not its own.
    const other = await call(base, "GET", "/sys/dataSource/options", { token: admin, headers: { "tenant-id": "2" } });
    expect(other.json.success).toBe(true);
    expect(other.json.result).not.toContainEqual(expect.objectContaining({ value: "school_pg" }));
    // Neither 数据源管理 nor 报表配置: refused.
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    expect((await call(base, "GET", "/sys/dataSource/options", { token: teacher })).json.success).toBe(false);
  });

  it("keeps the stored password when an edit leaves it blank, and refuses other kinds and a missing password", async () => {
    const before = await stored("school_pg");
    const edited = await send("PUT", "/sys/dataSource/edit", { id: before.id, name: "学校主库", dbType: "4", dbUrl: jdbc("postgres"), dbUsername: "postgres", dbPassword: "" });
    expect(edited.json.success).toBe(true);
    expect((await stored("school_pg")).db_password).toBe(before.db_password);
    const mysql = await send("POST", "/sys/dataSource/add", { code: "mysql", name: "MySQL", dbType: "1", dbUrl: jdbc("x"), dbUsername: "root", dbPassword: "x" });
    expect(mysql.json).toMatchObject({ success: false, message: DataSourceMessages.onlyPostgres });
    const noPassword = await send("POST", "/sys/dataSource/add", { code: "nopass", name: "无密码", dbType: "4", dbUrl: jdbc("postgres"), dbUsername: "postgres" });
    expect(noPassword.json).toMatchObject({ success: false, message: dataSourceModule.fields.dbPassword.requiredOnAdd });
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
    expect(refused.json).toMatchObject({ success: false, message: DataSourceMessages.failed(DataSourceMessages.unreachable) });
  });
});

// Issue #27 item 3: the stored password travels only to the stored address and user. A fake
// PostgreSQL server on 127.0.0.1 asks every client for its password in clear and records what
// arrives.
describe("数据源管理: where the stored password may go", () => {
  let server: TestBackend;
  let admin: string;
  let clerk: string;
  const received: Buffer[] = [];
  const fake = net.createServer((socket) => {
    socket.on("data", (chunk) => {
      received.push(chunk);
      // AuthenticationCleartextPassword: the client answers with its password, if it has one.
      if (received.length === 1 || chunk[0] !== 0x70) socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
      else socket.destroy();
    });
    socket.on("error", () => undefined);
  });
  let fakePort = 0;
  const arrived = () => Buffer.concat(received).toString("latin1");
  const STORED = "Stored-Secret-2027";

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    fakePort = (fake.address() as net.AddressInfo).port;
    server = await startTestBackend("pglite", { dataSourceKey: KEY });
    admin = await loginToken(server.url);
    // The office role of tenant 1 gets 数据源管理 with 测试连接 and 编辑 (not a platform administrator).
    const grants = [stableId("menu", "/isystem/dataSource"), stableId("menu", "/online/cgreport"), ...["add", "edit", "test"].map((action) => stableId("button", `dataSource:${action}`))];
    for (const permissionId of grants)
      await server.backend.db.rows(
        sql`INSERT INTO sys_role_permission (id, role_id, permission_id) SELECT ${stableId("test", permissionId)}, id, ${permissionId} FROM sys_role WHERE role_code = 'office' AND tenant_id = 1`,
      );
    clerk = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  it("needs the password again for any changed address or user, and loopback targets need the platform administrator", async () => {
    const as = (token: string, method: string, path: string, body: unknown) => call(server.url, method, path, { token, body });
    const saved = await as(admin, "POST", "/sys/dataSource/add", { code: "remote", name: "远程库", dbType: "4", dbUrl: "jdbc:postgresql://192.0.2.10:5432/school", dbUsername: "reader", dbPassword: STORED });
    expect(saved.json.success).toBe(true);
    const [row] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_data_source WHERE code = 'remote'`);
    const id = row!.id;
    const elsewhere = `jdbc:postgresql://127.0.0.1:${fakePort}/school`;
    // Another address, port, database or user with the stored password: refused before connecting.
    for (const [token, change] of [
      [admin, { dbUrl: elsewhere }],
      [clerk, { dbUrl: elsewhere }],
      [admin, { dbUrl: "jdbc:postgresql://192.0.2.10:5433/school" }],
      [admin, { dbUrl: "jdbc:postgresql://192.0.2.10:5432/other" }],
      [admin, { dbUsername: "postgres" }],
    ] as const) {
      const answer = await as(token, "POST", "/sys/dataSource/testConnection", { id, ...change });
      expect(answer.json, JSON.stringify(change)).toMatchObject({ success: false, message: DataSourceMessages.passwordAgain });
      const original = await as(token, "POST", "/online/cgreport/api/testConnection", { id, ...change });
      expect(original.json.message).toBe(DataSourceMessages.passwordAgain);
    }
    // Saving a changed address with a blank password is refused too: reports would carry it there.
    const edit = await as(admin, "PUT", "/sys/dataSource/edit", { id, code: "remote", name: "远程库", dbType: "4", dbUrl: elsewhere, dbUsername: "reader", dbPassword: "" });
    expect(edit.json).toMatchObject({ success: false, message: DataSourceMessages.passwordAgain });
    // A loopback target, even with a typed password, needs the platform administrator.
    const typed = await as(clerk, "POST", "/sys/dataSource/testConnection", { dbUrl: elsewhere, dbUsername: "reader", dbPassword: "typed-by-clerk" });
    expect(typed.json).toMatchObject({ success: false, message: DataSourceMessages.platformOnlyTarget });
    const localhost = await as(clerk, "POST", "/sys/dataSource/add", { code: "local", name: "本机", dbType: "4", dbUrl: `jdbc:postgresql://localhost:${fakePort}/x`, dbUsername: "u", dbPassword: "p" });
    expect(localhost.json).toMatchObject({ success: false, message: DataSourceMessages.platformOnlyTarget });
    expect(received).toHaveLength(0);
    // The platform administrator may test there with a password he types: it is his that arrives.
    const own = await as(admin, "POST", "/sys/dataSource/testConnection", { dbUrl: elsewhere, dbUsername: "reader", dbPassword: "Typed-By-Admin" });
    expect(own.json).toMatchObject({ success: false, message: DataSourceMessages.failed(DataSourceMessages.unreachable) });
    expect(arrived()).toContain("Typed-By-Admin");
    expect(arrived()).not.toContain(STORED);
  });

  it("sends the stored password to its own address only: never to another port, database or user of the same host", async () => {
    const as = (method: string, path: string, body: unknown) => call(server.url, method, path, { token: admin, body });
    const address = `jdbc:postgresql://127.0.0.1:${fakePort}/school`;
    const saved = await as("POST", "/sys/dataSource/add", { code: "fake_home", name: "本机假库", dbType: "4", dbUrl: address, dbUsername: "reader", dbPassword: STORED });
    expect(saved.json.success).toBe(true);
    const [row] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_data_source WHERE code = 'fake_home'`);
    // Where it was saved for, it goes: the fake server is the one that asks for it.
    received.length = 0;
    const home = await as("POST", "/sys/dataSource/testConnection", { id: row!.id });
    expect(home.json.success).toBe(false);
    expect(arrived()).toContain(STORED);
    // The same fake server under another port spelling, database or user: refused before connecting.
    received.length = 0;
    for (const change of [{ dbUrl: `jdbc:postgresql://127.0.0.1:${fakePort}/other` }, { dbUrl: `jdbc:postgresql://localhost:${fakePort}/school` }, { dbUsername: "postgres" }]) {
      const answer = await as("POST", "/sys/dataSource/testConnection", { id: row!.id, ...change });
      expect(answer.json, JSON.stringify(change)).toMatchObject({ success: false, message: DataSourceMessages.passwordAgain });
    }
    expect(received).toHaveLength(0);
  });

  it("refuses a tenant administrator loopback written as an IPv4-mapped IPv6 address", async () => {
    received.length = 0;
    for (const host of ["[::ffff:7f00:1]", "[::ffff:127.0.0.1]", "[0:0:0:0:0:ffff:7f00:1]"]) {
      const dbUrl = `jdbc:postgresql://${host}:${fakePort}/school`;
      const tested = await call(server.url, "POST", "/sys/dataSource/testConnection", { token: clerk, body: { dbUrl, dbUsername: "reader", dbPassword: "typed-by-clerk" } });
      expect(tested.json, host).toMatchObject({ success: false, message: DataSourceMessages.platformOnlyTarget });
      const added = await call(server.url, "POST", "/sys/dataSource/add", { token: clerk, body: { code: "mapped", name: "映射", dbType: "4", dbUrl, dbUsername: "u", dbPassword: "p" } });
      expect(added.json, host).toMatchObject({ success: false, message: DataSourceMessages.platformOnlyTarget });
    }
    expect(received).toHaveLength(0);
  });

  it("runs a report on a source that resolves to loopback now only if a platform administrator saved it last or runs it", async () => {
    // As a name the school saved while it pointed elsewhere would be after rebinding its DNS: the
    // save was checked with the saver's rights, the address it answers now is this machine.
    const address = `jdbc:postgresql://127.0.0.1:${fakePort}/school`;
    const insert = (code: string, savedBy: string) =>
      server.backend.db.rows(
        sql`INSERT INTO sys_data_source (id, tenant_id, code, name, db_type, db_url, db_username, db_password, create_by) VALUES (${stableId("test", code)}, 1, ${code}, ${code}, '4', ${address}, 'reader', ${encryptSecret(STORED, KEY)}, ${savedBy})`,
      );
    await insert("rebound", "dean_liu");
    await insert("platform_local", "admin");
    const parse = (token: string, dbSource: string) => call(server.url, "POST", "/online/cgreport/head/parseSql", { token, body: { sql: "select 1 as a", dbSource } });
    received.length = 0;
    expect((await parse(clerk, "rebound")).json).toMatchObject({ success: false, message: DataSourceMessages.platformOnlyTarget });
    expect(received).toHaveLength(0);
    // The platform's own choices still work: a source he saved, or a report he runs.
    await parse(clerk, "platform_local");
    expect(arrived()).toContain(STORED);
    received.length = 0;
    await parse(admin, "rebound");
    expect(arrived()).toContain(STORED);
  });

  it("answers 无法连接 alike for a closed port and a silent one", async () => {
    const closed = await call(server.url, "POST", "/sys/dataSource/testConnection", { token: admin, body: { dbUrl: "jdbc:postgresql://127.0.0.1:1/x", dbUsername: "u", dbPassword: "p" } });
    expect(closed.json.message).toBe(DataSourceMessages.failed(DataSourceMessages.unreachable));
    const unknown = await call(server.url, "POST", "/sys/dataSource/testConnection", { token: admin, body: { dbUrl: "jdbc:postgresql://no-such-host.invalid:5432/x", dbUsername: "u", dbPassword: "p" } });
    expect(unknown.json.message).toBe(DataSourceMessages.failed(DataSourceMessages.unreachable));
  });
});
