// 系统监控 on the real backend (issue #15 part B): the sign-in and operation logs, the dashboard
// figures, online users with 强退 ending the session and its WebSocket, the monitoring answer and
// the generated OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { sql } from "drizzle-orm";
import { WebSocket } from "ws";
import { allEndpoints } from "../../backend/endpoints";
import { documentedMethods } from "../../backend/modules/monitor/api-doc/openapi";
import {
  adminToken,
  api,
  connectSocket,
  createSecondCampusUser,
  login,
  redisReachable,
  redisTestUrl,
  startNoticeBackend,
  userIdOf,
  type NoticeTestBackend,
} from "./announcement-harness";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { NoticeBridge, type StreamStatus } from "~/services/notice-bridge.server";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const CHROME_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

interface LogRow {
  logType: number;
  logContent: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  browser: string | null;
  method: string | null;
  requestParam: string | null;
  costTime: number | null;
  operateType: number | null;
}

/** Polls until `probe` answers something (the log is written a moment after the answer). */
async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 4000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error("not found in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("系统监控 backend", () => {
  let server: NoticeTestBackend;
  let base: string;
  let admin: string;

  const logs = async (query: string): Promise<LogRow[]> => {
    const answer = await call(base, "GET", `/sys/log/list?pageSize=100&${query}`, { token: admin });
    expect(answer.json?.success, answer.text).toBe(true);
    return answer.json.result.records as LogRow[];
  };

  beforeAll(async () => {
    server = await startNoticeBackend();
    base = server.url;
    admin = await adminToken(base);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("logs a successful and a failed sign-in with the address, the browser and the outcome", async () => {
    const headers = { "User-Agent": CHROME_ON_WINDOWS };
    const good = await call(base, "POST", "/sys/login", { body: { username: "teacher_li", password: TEST_DEMO_PASSWORD }, headers });
    expect(good.json.success).toBe(true);
    const bad = await call(base, "POST", "/sys/login", { body: { username: "teacher_li", password: "wrong-password-1" }, headers });
    expect(bad.json.success).toBe(false);

    const rows = await eventually(async () => {
      const found = (await logs("logType=1&userid=teacher_li")).filter((row) => row.browser === "Chrome 120 / Windows");
      return found.length >= 2 ? found : undefined;
    });
    const success = rows.find((row) => row.logContent === "用户名: teacher_li,登录成功！");
    const failure = rows.find((row) => row.logContent.startsWith("用户名: teacher_li,登录失败！"));
    expect(success).toBeDefined();
    expect(failure?.logContent).toContain(bad.json.message);
    for (const row of [success!, failure!]) {
      expect(row.ip).toMatch(/127\.0\.0\.1$/);
      expect(row.username).toBeTruthy(); // the real name
      expect(row.logType).toBe(1);
    }
  });

  it("logs a mutating call with who, the endpoint, the duration and the password masked", async () => {
    const secret = "Very-Secret-Pass-9!";
    const added = await call(base, "POST", "/sys/user/add", {
      token: admin,
      body: { username: "monitor_log_user", realname: "日志测试", password: secret, confirmpassword: secret, workNo: "M-LOG-1" },
    });
    expect(added.json?.success, added.text).toBe(true);
    const row = await eventually(async () => (await logs("logType=2&userid=admin")).find((entry) => entry.method === "POST /sys/user/add"));
    expect(row.logContent).toBe("添加 /sys/user/add");
    expect(row.operateType).toBe(2);
    expect(row.costTime).toBeGreaterThanOrEqual(0);
    expect(row.requestParam).toContain('"username":"monitor_log_user"');
    expect(row.requestParam).toContain('"password":"******"');
    expect(row.requestParam).not.toContain(secret);
    // 导出 writes the same rows as a workbook.
    const exported = await fetch(`${base}/sys/log/exportXls?logType=2&userid=admin`, { headers: { "X-Access-Token": admin } });
    expect(exported.headers.get("content-type")).toContain("spreadsheetml");
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Plain reads are not operations.
    expect((await logs("logType=2&userid=admin")).some((entry) => entry.method?.startsWith("GET /sys/log/list"))).toBe(false);
  });

  it("answers /sys/loginfo and /sys/visitInfo from the sign-ins", async () => {
    const before = (await api<{ totalVisitCount: number; todayVisitCount: number; todayIp: number }>(base, "GET", "/sys/loginfo", { token: admin })).result;
    const visitsBefore = (await api<Array<{ visit: number }>>(base, "GET", "/sys/visitInfo", { token: admin })).result;
    for (let index = 0; index < 3; index += 1) await login(base, "teacher_chen");
    // A failure is not a visit.
    await call(base, "POST", "/sys/login", { body: { username: "teacher_chen", password: "nope-nope-1" } });
    const after = await eventually(async () => {
      const figures = (await api<typeof before>(base, "GET", "/sys/loginfo", { token: admin })).result;
      return figures.totalVisitCount >= before.totalVisitCount + 3 ? figures : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const settled = (await api<typeof before>(base, "GET", "/sys/loginfo", { token: admin })).result;
    expect(settled.totalVisitCount).toBe(before.totalVisitCount + 3);
    expect(after.todayVisitCount).toBe(before.todayVisitCount + 3);
    expect(after.todayIp).toBeGreaterThanOrEqual(1);
    const visits = (await api<Array<{ tian: string; type: string; visit: number; ip: number }>>(base, "GET", "/sys/visitInfo", { token: admin })).result;
    expect(visits).toHaveLength(7);
    expect(visits[6]!.type).toBe(visits[6]!.tian.slice(5));
    expect(visits[6]!.visit).toBe(visitsBefore[6]!.visit + 3);
    expect(visits[0]!.tian < visits[6]!.tian).toBe(true);
  });

  it("lists online sessions without their tokens, and 强退 ends the session and its WebSocket at once", async () => {
    const liToken = await login(base, "teacher_li");
    const liId = await userIdOf(server.backend, "teacher_li");
    const socket = await connectSocket(server.wsUrl, liId, { token: liToken });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);

    const listed = await call(base, "GET", "/sys/online/list?username=teacher_li&pageSize=50", { token: admin });
    expect(listed.json.success, listed.text).toBe(true);
    expect(listed.text).not.toContain(liToken);
    const sessions = listed.json.result.records as Array<{ id: string; token: string; username: string; ip: string; loginTime: string; lastActive: string }>;
    expect(sessions.length).toBeGreaterThanOrEqual(1);
    expect(sessions.every((session) => session.username === "teacher_li" && session.token === session.id && session.loginTime)).toBe(true);

    // teacher_li may not force anyone out.
    const refused = await call(base, "POST", "/sys/online/forceLogout", { token: liToken, body: { token: sessions[0]!.id } });
    expect(refused.json.success).toBe(false);
    expect(refused.json.code).toBe(510);

    // Which listed session is li's current one: the newest login.
    const newest = [...sessions].sort((left, right) => right.loginTime.localeCompare(left.loginTime));
    const started = Date.now();
    for (const session of newest) {
      const forced = await call(base, "POST", "/sys/online/forceLogout", { token: admin, body: { token: session.id } });
      expect(forced.json, forced.text).toMatchObject({ success: true, message: "退出登录成功！" });
    }
    const closed = await socket.closed;
    expect(closed.code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(2000);
    const next = await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token: liToken });
    expect(next.status).toBe(401);
    expect(next.json.message).toContain("Token失效");
    // Ended sessions leave the list; a second 强退 of the same one is refused.
    const again = await call(base, "POST", "/sys/online/forceLogout", { token: admin, body: { token: newest[0]!.id } });
    expect(again.json).toMatchObject({ success: false, message: "Token无效!" });
    const relisted = await call(base, "GET", "/sys/online/list?username=teacher_li", { token: admin });
    expect(relisted.json.result.total).toBe(0);
    const forcedLog = await eventually(async () => (await logs("logType=1&userid=teacher_li")).find((row) => row.logContent.startsWith("强制: ")));
    expect(forcedLog.logContent).toContain("操作人: admin");
    // 搜索日志 (`keyWord`, sent as *word* by the search bar) finds the 强退 calls and nothing else.
    const found = await eventually(async () => {
      const rows = await logs(`logType=2&keyWord=${encodeURIComponent("*forceLogout*")}`);
      return rows.length >= newest.length ? rows : undefined;
    });
    expect(found.every((row) => row.logContent.includes("/sys/online/forceLogout") && row.method === "POST /sys/online/forceLogout")).toBe(true);
  });

  it("tells the web server's notice bridge that a forced-out page's session ended", async () => {
    const token = await login(base, "dean_liu");
    const userId = await userIdOf(server.backend, "dean_liu");
    const bridge = new NoticeBridge({ backendUrl: () => base, logger: { warn: () => undefined } });
    const statuses: StreamStatus[] = [];
    let ended: () => void = () => undefined;
    const sessionEnded = new Promise<void>((resolve) => (ended = resolve));
    const subscription = bridge.subscribe({ id: userId, token }, { event: () => undefined, status: (status) => statuses.push(status), end: () => undefined, sessionEnded: () => ended() });
    try {
      await eventually(async () => (statuses.includes("up") ? true : undefined));
      const sessions = (await api<{ records: Array<{ id: string }> }>(base, "GET", "/sys/online/list?username=dean_liu", { token: admin })).result.records;
      expect(sessions).toHaveLength(1);
      const started = Date.now();
      expect((await api(base, "POST", "/sys/online/forceLogout", { token: admin }, { token: sessions[0]!.id })).success).toBe(true);
      await sessionEnded;
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      subscription.unsubscribe();
      await bridge.close();
    }
  });

  it("keeps another campus's sign-ins and sessions out of the first campus's logs and 在线用户", async () => {
    await createSecondCampusUser(server.backend, "campus2_monitor");
    await login(base, "campus2_monitor");
    await call(base, "POST", "/sys/login", { body: { username: "campus2_monitor", password: "wrong-password-2" } });
    await server.backend.services.logs.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.backend.services.logs.flush();
    // Both rows exist, in the second campus…
    const [stored] = await server.backend.db.rows<{ count: unknown }>(
      sql`SELECT count(*) AS count FROM sys_log WHERE userid = 'campus2_monitor' AND tenant_id = 2`,
    );
    expect(Number(stored?.count)).toBe(2);
    // …and the first campus's administrator sees neither them nor the session.
    expect(await logs("logType=1&userid=campus2_monitor")).toEqual([]);
    const online = await call(base, "GET", "/sys/online/list?username=campus2_monitor", { token: admin });
    expect(online.json.result.total).toBe(0);
    const [session] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_session WHERE username = 'campus2_monitor' AND ended_at IS NULL`);
    const forced = await call(base, "POST", "/sys/online/forceLogout", { token: admin, body: { token: session!.id } });
    expect(forced.json).toMatchObject({ success: false, message: "Token无效!" });
  });

  it("answers the monitoring figures to administrators only, with no token in the trace", async () => {
    // A token in a query string must never show in the trace.
    await call(base, "GET", `/sys/user/getCurrentUserDeparts?token=${admin}`);
    const answer = await call(base, "GET", "/sys/monitor/server", { token: admin });
    expect(answer.json.success, answer.text).toBe(true);
    expect(answer.text).not.toContain(admin);
    const figures = answer.json.result;
    expect(figures.process.node).toBe(process.version);
    expect(figures.process.memory.rss).toBeGreaterThan(0);
    expect(typeof figures.process.eventLoopDelayMs.p99).toBe("number");
    expect(figures.process.machine.cpus).toBeGreaterThan(0);
    expect(figures.database.kind).toBe("PGlite");
    expect(figures.database.version).toContain("PostgreSQL");
    expect(figures.database.sizeBytes).toBeGreaterThan(0);
    expect(figures.database.slowStatements).toBeNull();
    expect(figures.database.note).toContain("pg_stat_statements");
    expect(figures.redis).toEqual({ configured: false });
    const traced = figures.trace.requests as Array<{ method: string; path: string; status: number; ms: number }>;
    const withToken = traced.find((request) => request.path.startsWith("/jeecg-boot/sys/user/getCurrentUserDeparts?token="));
    expect(withToken?.path).toBe("/jeecg-boot/sys/user/getCurrentUserDeparts?token=******");
    expect(traced.some((request) => request.method === "POST" && request.path === "/jeecg-boot/sys/login" && request.status === 200)).toBe(true);

    const teacher = await login(base, "teacher_chen");
    const refused = await call(base, "GET", "/sys/monitor/server", { token: teacher });
    expect(refused.json).toMatchObject({ success: false, code: 510 });
  });

  it("serves an OpenAPI 3.1 document with every registered endpoint and valid JSON Schemas", async () => {
    const answer = await call(base, "GET", "/v3/api-docs", { token: admin });
    expect(answer.status).toBe(200);
    const document = answer.json;
    expect(document.openapi).toBe("3.1.0");
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const expected = allEndpoints.flatMap((definition) =>
      documentedMethods(definition).map((method) => `${method.toLowerCase()} ${definition.path.replace(/:(\w+)/g, "{$1}")}`),
    );
    expect(operations.map(({ path, method }) => `${method} ${path}`).sort()).toEqual([...new Set(expected)].sort());
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);

    const ajv = new Ajv2020({ strict: false });
    for (const { path, method, operation } of operations) {
      const schemas = [
        ...operation.parameters.map((parameter: { schema: object }) => parameter.schema),
        ...(operation.requestBody ? [operation.requestBody.content["application/json"].schema] : []),
      ];
      for (const schema of schemas) expect(() => ajv.compile(schema), `${method} ${path}`).not.toThrow();
    }
    // The CRUD engine's body rules become the body schema, the entity's fields the list's query.
    const add = document.paths["/sys/position/add"].post;
    const body = add.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["code", "name", "postRank"]));
    const validate = ajv.compile(body);
    expect(validate({ code: "T01", name: "教师", postRank: "1" })).toBe(true);
    expect(validate({ code: { text: "T01" }, name: "教师", postRank: "1" })).toBe(false);
    expect(validate({ name: "教师", postRank: "1" })).toBe(false); // 职务编码 is required
    const list = document.paths["/sys/position/list"].get;
    expect(list.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(["pageNo", "pageSize", "code", "createTime_begin"]));
    expect(document.paths["/sys/login"].post.security).toEqual([]);

    expect((await call(base, "GET", "/v3/api-docs")).status).toBe(401);
  });
});

describe.runIf(await postgresReachable())("系统监控 backend on PostgreSQL", () => {
  let server: TestBackend;

  beforeAll(async () => {
    server = await startTestBackend("postgres");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts the sign-ins and reads the server's figures", async () => {
    const admin = await loginToken(server.url);
    await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    await server.backend.services.logs.flush();
    const figures = await eventually(async () => {
      const answer = await call(server.url, "GET", "/sys/loginfo", { token: admin });
      return answer.json.result.totalVisitCount >= 2 ? answer.json.result : undefined;
    });
    // pg answers count(*) as text: the figures are numbers all the same.
    expect(figures).toEqual({ totalVisitCount: 2, todayVisitCount: 2, todayIp: 1 });
    const visits = await call(server.url, "GET", "/sys/visitInfo", { token: admin });
    expect(visits.json.result[6]).toMatchObject({ visit: 2, ip: 1 });
    const monitor = await call(server.url, "GET", "/sys/monitor/server", { token: admin });
    expect(monitor.json.result.database).toMatchObject({ kind: "PostgreSQL" });
    expect(monitor.json.result.database.connections).toBeGreaterThanOrEqual(1);
    expect(monitor.json.result.database.sizeBytes).toBeGreaterThan(0);
  });
});

describe.runIf(await redisReachable())("系统监控 backend with Redis", () => {
  let server: NoticeTestBackend;

  beforeAll(async () => {
    server = await startNoticeBackend({ redisUrl: redisTestUrl(), channel: `monitor-test-${process.pid}` });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reads the Redis server's INFO, and 强退 still closes the socket through Redis", async () => {
    const admin = await adminToken(server.url);
    const answer = await call(server.url, "GET", "/sys/monitor/server", { token: admin });
    expect(answer.json.result.redis.configured).toBe(true);
    expect(answer.json.result.redis.info.redis_version).toMatch(/^\d+\./);
    expect(Number(answer.json.result.redis.info.connected_clients)).toBeGreaterThanOrEqual(2);

    const token = await login(server.url, "teacher_li");
    const socket = await connectSocket(server.wsUrl, await userIdOf(server.backend, "teacher_li"), { token });
    const sessions = (await api<{ records: Array<{ id: string }> }>(server.url, "GET", "/sys/online/list?username=teacher_li", { token: admin })).result.records;
    for (const session of sessions) await api(server.url, "POST", "/sys/online/forceLogout", { token: admin }, { token: session.id });
    expect((await socket.closed).code).toBe(4401);
  });
});
