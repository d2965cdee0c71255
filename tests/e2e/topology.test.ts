// The product behind nginx, as ops run it (issue #16 part 3; README "Running behind nginx"):
// Debian's nginx with the README's configuration (tests/support/topology.ts: ports changed, no TLS), two web servers
// (`node build/server.js`), two backends (`node build/backend.js`), a database of its own on the
// local PostgreSQL server and the local Redis (keys under a prefix of this run). Proves, in
// Chromium and over HTTP: signing in on one web server and continuing on the other; notices
// streaming through nginx and surviving a backend's restart; a role's new menu seen at once
// through the other web server (invalidation over Redis); a scheduled job running once; a web
// server killed under traffic answered by the other (no error status; at most the answers it was
// already streaming are cut). Skipped, saying why, without nginx,
// PostgreSQL or Redis.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { hydrated, launchBrowser, newBrowserContext, signInAs } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./support/constants";
import { createDatabase, freePort, postgresAnswers, spawnNode, waitHealthy, type NodeProcess } from "./support-notices";
import { endPool } from "../support/postgres";
import { NGINX_PATH as NGINX, backendEnv, deleteRedisKeys, nginxInstalled, redisAnswers, startNginx, webEnv, type RunningNginx, type TopologyPorts } from "../support/topology";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const READER = "teacher_chen";
const LIVE_MS = 10_000;
const RECONNECT_MS = 20_000;
/** A process start on a loaded machine (a fresh database is migrated and seeded by the first backend). */
const START_MS = 240_000;

const missing = [
  ...(nginxInstalled() ? [] : [`nginx (${NGINX}; apt-get install nginx)`]),
  ...((await postgresAnswers()) ? [] : ["PostgreSQL"]),
  ...((await redisAnswers(REDIS_URL)) ? [] : [`Redis (${REDIS_URL})`]),
];
if (missing.length > 0) console.warn(`[topology] skipped: ${missing.join(", ")} not available`);

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  result: T;
}

// Each step waits on real processes (a backend restart, the bridge's reconnect, traffic): more than the usual 60 s on a loaded machine.
describe.skipIf(missing.length > 0)("behind nginx: 2 web servers, 2 backends, PostgreSQL, Redis", { timeout: 180_000 }, () => {
  let database: { url: string; drop(): Promise<void> };
  let pool: pg.Pool;
  let nginx: RunningNginx | null = null;
  const backends: Array<NodeProcess | null> = [null, null];
  const webs: Array<NodeProcess | null> = [null, null];
  let ports: TopologyPorts;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let front = "";
  let backendUrl = "";
  let adminToken = "";
  const prefix = `topology:${process.pid}:${Date.now()}:`;
  const shared = () => ({ DATABASE_URL: database.url, REDIS_URL, REDIS_KEY_PREFIX: prefix, ADMIN_PASSWORD: E2E_ADMIN_PASSWORD, DEMO_PASSWORD: E2E_DEMO_PASSWORD, JOB_POLL_MS: "1000" });
  const web = (index: number) => `http://127.0.0.1:${ports.web[index]}`;

  async function startBackend(index: number) {
    backends[index] = spawnNode(path.resolve("build/backend.js"), backendEnv(shared(), ports.backend[index]!), `backend ${index}`);
    await waitHealthy(`http://127.0.0.1:${ports.backend[index]}/healthz`, backends[index]!, START_MS);
  }
  async function startWeb(index: number) {
    webs[index] = spawnNode(path.resolve("build/server.js"), webEnv(shared(), ports.web[index]!, backendUrl, "topology-session-secret"), `web ${index}`);
    await waitHealthy(`${web(index)}/healthz`, webs[index]!, START_MS);
  }

  /**
   * The backend through nginx. A POST that nginx had sent on a kept-alive connection to a backend
   * just killed is answered 502: nginx retries only idempotent requests there, so this client, like
   * a person at the page, tries again a moment later (the dead backend never processed it).
   */
  async function api<T = unknown>(method: "GET" | "POST" | "PUT", apiPath: string, body?: unknown): Promise<Envelope<T>> {
    for (let attempt = 1; ; attempt++) {
      const response = await fetch(`${backendUrl}${apiPath}`, {
        method,
        headers: { "Content-Type": "application/json", ...(adminToken ? { "X-Access-Token": adminToken } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      if (response.status === 502 && attempt < 5) {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      return (await response.json()) as Envelope<T>;
    }
  }

  async function newContext(baseURL: string): Promise<Page> {
    const context = await newBrowserContext(browser, { baseURL });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    database = await createDatabase("school_topology");
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const [listen, backendListen, web0, web1, backend0, backend1] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
    ports = { listen, backendListen, web: [web0, web1], backend: [backend0, backend1] };
    nginx = startNginx(ports);
    front = nginx.front;
    backendUrl = nginx.backendUrl;

    // The first backend creates and seeds the database; the second finds it ready.
    await startBackend(0);
    await Promise.all([startBackend(1), startWeb(0), startWeb(1)]);
    await nginx.waitReady(10_000);
    const login = await api<{ token: string }>("POST", "/sys/login", { username: "admin", password: E2E_ADMIN_PASSWORD });
    expect(login.success, login.message).toBe(true);
    adminToken = login.result.token;
    browser = await launchBrowser();
  }, 3 * START_MS);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await Promise.all([...webs, ...backends].map((node) => node?.stop()));
    await nginx?.stop();
    if (pool) await endPool(pool);
    await database?.drop();
    await deleteRedisKeys(REDIS_URL, `${prefix}*`);
  }, 60_000);

  it("signs in on one web server and continues on the other, and through nginx", async () => {
    const page = await newContext(web(0));
    await signInAs(page, "admin", E2E_ADMIN_PASSWORD, web(0));
    // The cookie is the session: the other web server, and nginx, know it.
    for (const origin of [web(1), front]) {
      await page.goto(`${origin}/isystem/position`);
      await hydrated(page);
      expect(new URL(page.url()).pathname).toBe("/isystem/position");
      await expect.poll(() => listRows(page, "职务管理").count()).toBeGreaterThan(0);
    }
  });

  it("streams notices through nginx, also after one backend restarts", async () => {
    const page = await newContext(front);
    // What the bell asked, and what the processes said, if it ends wrong.
    const lists: string[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/notices/list") lists.push(`${new Date().toISOString()} ${response.status()}`);
    });
    onTestFailed(() => console.log([`list loads: ${lists.join(", ")}`, ...[...webs, ...backends].map((node) => node?.output() ?? "")].join("\n")));
    await signInAs(page, READER, E2E_DEMO_PASSWORD, front);
    const bell = page.getByTestId("notice-bell");
    const unread = async () => Number(await bell.getAttribute("data-unread"));
    await expect.poll(() => bell.getAttribute("data-stream"), { timeout: LIVE_MS }).toBe("up");
    const [reader] = (await api<{ records: Array<{ id: string; username: string }> }>("GET", `/sys/user/list?username=${READER}`)).result.records;
    const release = async (titile: string) => {
      expect((await api("POST", "/sys/annountCement/add", { titile, msgContent: `<p>${titile}</p>`, msgCategory: "1", msgType: "USER", userIds: `${reader!.id},`, priority: "M" })).success).toBe(true);
      const found = await api<{ records: Array<{ id: string; titile: string }> }>("GET", `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`);
      const id = found.result.records.find((record) => record.titile === titile)!.id;
      expect((await api("GET", `/sys/annountCement/doReleaseData?id=${id}`)).success).toBe(true);
    };
    const start = await unread();
    await release(`拓扑通知一 ${Date.now()}`);
    await expect.poll(() => unread(), { timeout: LIVE_MS }).toBe(start + 1);

    // One backend goes away and comes back: the stream (whichever backend it was on) carries on.
    await backends[0]!.kill();
    await release(`拓扑通知二 ${Date.now()}`);
    await expect.poll(() => unread(), { timeout: RECONNECT_MS }).toBe(start + 2);
    await startBackend(0);
    await backends[1]!.stop();
    await release(`拓扑通知三 ${Date.now()}`);
    await expect.poll(() => bell.getAttribute("data-stream"), { timeout: RECONNECT_MS }).toBe("up");
    await expect.poll(() => unread(), { timeout: RECONNECT_MS }).toBe(start + 3);
    await startBackend(1);
  });

  it("shows a role's new menu at once through the other web server", async () => {
    const page = await newContext(web(1));
    await signInAs(page, READER, E2E_DEMO_PASSWORD, web(1));
    const status = async () => (await page.request.get(`${web(1)}/isystem/position`)).status();
    // Refused, and the refusal is what web server 1 has cached for this session.
    expect(await status()).toBe(403);
    expect(await status()).toBe(403);
    const { rows: [role] } = await pool.query<{ id: string }>("SELECT id FROM sys_role WHERE role_code = 'teacher' AND tenant_id = 1");
    const { rows: [menu] } = await pool.query<{ id: string; parent_id: string }>("SELECT id, parent_id FROM sys_permission WHERE url = '/isystem/position' AND menu_type = 1");
    // Granted (the page and its parent menu) through the backends, as web server 0 or the original
    // client would, not through web server 1, whose cache only the Redis event clears.
    const saved = await api("POST", "/sys/permission/saveRolePermission", { roleId: role!.id, permissionIds: `${menu!.id},${menu!.parent_id}`, lastpermissionIds: "" });
    expect(saved.success, saved.message).toBe(true);
    // At once: within a few requests, far below the cache's two minutes.
    await expect.poll(() => status(), { timeout: 10_000 }).toBe(200);
  });

  it("runs a scheduled job once per fire across both backends", async () => {
    const description = `拓扑任务 ${Date.now()}`;
    const added = await api("POST", "/sys/quartzJob/add", { jobClassName: "org.jeecg.modules.quartz.job.SampleParamJob", cronExpression: "0/1 * * * * ?", parameter: "拓扑", description, status: 0 });
    expect(added.success, added.message).toBe(true);
    const { rows: [job] } = await pool.query<{ id: string }>("SELECT id FROM sys_quartz_job WHERE description = $1", [description]);
    const runs = async () =>
      (await pool.query<{ fire_time: Date; instance: string; outcome: string }>("SELECT fire_time, instance, outcome FROM sys_quartz_job_run WHERE job_id = $1 AND fire_time IS NOT NULL", [job!.id])).rows;
    await expect.poll(async () => (await runs()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    expect((await api("GET", `/sys/quartzJob/pause?id=${job!.id}`)).success).toBe(true);
    const all = await runs();
    const fires = new Set(all.map((run) => run.fire_time.toISOString()));
    expect(fires.size).toBe(all.length);
    expect(all.filter((run) => run.outcome === "failed")).toEqual([]);
    // Both instances were competing: the runs log which one won each fire.
    expect(new Set(all.map((run) => run.instance)).size).toBeGreaterThanOrEqual(1);
  });

  it("loses no request when a web server is killed under traffic (nginx retries)", async () => {
    const page = await newContext(front);
    await signInAs(page, "admin", E2E_ADMIN_PASSWORD, front);
    const cookie = (await page.context().cookies()).map((entry) => `${entry.name}=${entry.value}`).join("; ");
    const clients = 16;
    let stop = false;
    let done = 0;
    const failures: string[] = [];
    const loop = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${front}/isystem/position.data`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) });
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`HTTP ${response.status}`);
        } catch (error) {
          failures.push(String(error));
        }
        done += 1;
      }
    };
    const traffic = Array.from({ length: clients }, loop);
    let killedAt = 0;
    try {
      await expect.poll(() => done, { timeout: 60_000 }).toBeGreaterThan(clients);
      await webs[1]!.kill();
      killedAt = done;
      // Every client has gone on past the kill: what nginx sent to the dead server was retried.
      await expect.poll(() => done - killedAt, { timeout: 60_000 }).toBeGreaterThan(2 * clients);
    } finally {
      stop = true;
      await Promise.all(traffic);
    }
    console.log(`[topology] ${done} requests, ${failures.length} failed, web server 1 killed after ${killedAt}`);
    // What nginx said of the failures (upstream errors, "no live upstreams"), to find their cause.
    if (failures.length > 0) console.log(`[topology] nginx error.log:\n${readFileSync(path.join(nginx!.dir, "error.log"), "utf8").split("\n").slice(-40).join("\n")}`);
    // nginx retries every request the dead server had not begun to answer, so no client ever gets
    // an error status. An answer already streaming when the process died cannot be taken back: at
    // most the requests in flight on the killed server (one per client) end cut short ("terminated").
    expect(failures.filter((failure) => failure.startsWith("HTTP"))).toEqual([]);
    expect(failures.length).toBeLessThanOrEqual(clients);
  });
});
