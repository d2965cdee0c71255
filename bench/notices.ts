// Figures of the notices (issue 5, "Done when"):
// - releaseToEvent: with 1000 event streams (/api/notices/stream) on one web server, the time
//   from the start of a release (doReleaseData of an ALL notice) to each stream's receipt of the
//   `notice` event; p50 and p99 (goal p99 ≤ 100 ms). Two cases: 1000 distinct users (1000
//   upstream sockets: the realistic case), and 1000 tabs of one user (one upstream socket).
// - memory per idle stream: the web server's RSS with the streams open and idle, minus before,
//   divided by their number.
// - scale-out: two backends (`node build/backend.js`) on one PostgreSQL database with Redis, a web
//   server in front of each; releases on backend 1 reach the streams on web server 2 (delivery
//   ratio and latency), and those on web server 1.
// The streams are read by bench/notices-clients.mjs in a child process. Every process, and the
// throw-away PostgreSQL database, is removed at the end. See bench/README.md.
import { fork, spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID, scryptSync } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import {
  PROJECT_ROOT,
  fetchWithTimeout,
  findFreePort,
  isPortFree,
  percentile,
  round,
  rssMb,
  signIn,
  startServer,
  waitFor200,
  type RunningServer,
} from "./lib";
import { dropLeftoverDatabases } from "./database";
import { deleteRedisKeys } from "../tests/support/topology";

const ADMIN_PASSWORD = "Bench-Admin-2026";
const USER_PASSWORD = "Bench-User-2026";
const SESSION_SECRET = `bench-notices-${randomUUID()}`;
const CLIENTS = positiveInt(process.env.BENCH_NOTICE_CLIENTS, 1000);
const SCALE_OUT_CLIENTS = positiveInt(process.env.BENCH_NOTICE_SCALE_OUT_CLIENTS, 200);
const RELEASES = positiveInt(process.env.BENCH_NOTICE_RELEASES, 20);
const WARMUP_RELEASES = 2;
const BACKEND_ENTRY = path.join(PROJECT_ROOT, "build", "backend.js");
const CLIENTS_ENTRY = path.join(PROJECT_ROOT, "bench", "notices-clients.mjs");
const POSTGRES_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
/** The scale-out backends' Redis names (notice channel, web events, gateway routes), deleted at the end. */
const REDIS_KEY_PREFIX = `bench:notices:${process.pid}:`;
/** Which cases run (comma-separated): distinct, tabs, scaleout; all by default. */
const CASES = new Set((process.env.BENCH_NOTICE_CASES ?? "distinct,tabs,scaleout").split(",").map((name) => name.trim()));
/** A folder: CPU profiles of the one-server cases' web servers during the measured releases. */
const PROFILE_DIR = process.env.BENCH_NOTICE_PROFILE ? path.resolve(process.env.BENCH_NOTICE_PROFILE) : "";
const PROFILER_ENTRY = path.join(PROJECT_ROOT, "bench", "notices-profile.mjs");
const COLLECT_TIMEOUT_MS = 10_000;
const IDLE_SETTLE_MS = 3_000;

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** High-resolution wall clock (epoch ms), comparable with the clients' process. */
const wallNow = () => performance.timeOrigin + performance.now();

// ---- processes of this section (the web servers go through lib's startServer) ------------------

const liveProcesses = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of liveProcesses) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

function track(child: ChildProcess): Promise<void> {
  liveProcesses.add(child);
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once("exit", () => {
      liveProcesses.delete(child);
      resolve();
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const graceful = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!graceful) {
    child.kill("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}

interface BackendProcess {
  pid: number;
  /** HTTP base including /jeecg-boot. */
  apiUrl: string;
  stop(): Promise<void>;
}

/** `node build/backend.js` on 127.0.0.1:port with a clean environment; waits for /healthz. */
async function startBackend(port: number, env: Record<string, string>): Promise<BackendProcess> {
  if (!existsSync(BACKEND_ENTRY)) throw new Error(`${BACKEND_ENTRY} is missing: run npm run build first`);
  if (!(await isPortFree(port))) throw new Error(`port ${port} is already in use`);
  const child = spawn(process.execPath, [BACKEND_ENTRY], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...env, BACKEND_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = track(child);
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-4_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const stop = () => stopChild(child, exited);
  try {
    await waitFor200(`http://127.0.0.1:${port}/healthz`, {
      timeoutMs: 90_000,
      abortIf: () => (child.exitCode !== null || child.signalCode !== null ? `backend exited (${child.exitCode ?? child.signalCode})` : null),
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- backend output ---\n${output}`);
  }
  return { pid: child.pid!, apiUrl: `http://127.0.0.1:${port}/jeecg-boot`, stop };
}

// ---- the clients' process ------------------------------------------------------------------------

interface Opened {
  up: number;
  failed: number;
  errors: Record<string, number>;
  ms: number;
}
interface Collected {
  times: number[];
  missing: number;
}

class Clients {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;
  private pending: { type: string; resolve: (message: Record<string, unknown>) => void; reject: (error: Error) => void } | null = null;

  constructor() {
    this.child = fork(CLIENTS_ENTRY, [], { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
    this.exited = track(this.child);
    this.child.on("message", (message: Record<string, unknown>) => {
      if (this.pending && message.type === this.pending.type) {
        const { resolve } = this.pending;
        this.pending = null;
        resolve(message);
      }
    });
    void this.exited.then(() => this.pending?.reject(new Error("the clients' process exited")));
  }

  private ask<T>(message: Record<string, unknown>, answer: string, timeoutMs: number): Promise<T> {
    if (this.pending) throw new Error("one request at a time");
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = null;
        reject(new Error(`the clients' process did not answer ${String(message.type)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending = {
        type: answer,
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.child.send(message);
    });
  }

  open(streams: Array<{ url: string; cookie: string }>, concurrency = 50): Promise<Opened> {
    return this.ask({ type: "open", streams, concurrency, timeoutMs: 90_000 }, "opened", 100_000);
  }

  collect(msgId: string): Promise<Collected> {
    return this.ask({ type: "collect", msgId, timeoutMs: COLLECT_TIMEOUT_MS }, "collected", COLLECT_TIMEOUT_MS + 5_000);
  }

  close(): Promise<unknown> {
    return this.ask({ type: "close" }, "closed", 10_000);
  }

  async stop(): Promise<void> {
    await stopChild(this.child, this.exited);
  }
}

// ---- database and accounts -----------------------------------------------------------------------

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A throw-away database; first drops those an interrupted run (its process gone) left behind. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  await dropLeftoverDatabases(POSTGRES_ADMIN_URL, "bench_notices");
  const name = `bench_notices_${process.pid}_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    url: POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * `count` staff accounts of the default tenant, inserted in one statement. They share one
 * password hash in the backend's format (`scrypt$N$r$p$salt$hash`) with a low cost factor, so
 * that signing 1000 users in measures nothing of interest and takes seconds, not minutes.
 */
async function createUsers(databaseUrl: string, count: number): Promise<string[]> {
  const salt = randomBytes(16);
  const cost = { N: 1024, r: 8, p: 1 };
  const key = scryptSync(USER_PASSWORD, salt, 32, cost);
  const hash = ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
  const usernames = Array.from({ length: count }, (_, index) => `bench_notice_${String(index + 1).padStart(4, "0")}`);
  const ids = usernames.map(() => randomUUID().replace(/-/g, ""));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO sys_user (id, username, realname, password, salt, status, del_flag, rel_tenant_ids, create_time)
       SELECT id, username, username, $3, 'benchsalt', 1, 0, '1', now() FROM unnest($1::varchar[], $2::varchar[]) AS u(id, username)`,
      [ids, usernames, hash],
    );
  } finally {
    await client.end();
  }
  return usernames;
}

/** Signs every user in through the web server's form, a few at a time; answers their cookies. */
async function signInAll(baseUrl: string, usernames: readonly string[], concurrency = 6): Promise<string[]> {
  const cookies: string[] = new Array(usernames.length);
  let next = 0;
  const worker = async () => {
    while (next < usernames.length) {
      const index = next++;
      cookies[index] = await signIn(baseUrl, usernames[index]!, USER_PASSWORD);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return cookies;
}

// ---- the backend's HTTP API as admin -------------------------------------------------------------

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  result: T;
}

async function api<T>(apiUrl: string, token: string | null, method: "GET" | "POST", apiPath: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetchWithTimeout(`${apiUrl}${apiPath}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { "X-Access-Token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (!answer.success) throw new Error(`${method} ${apiPath}: ${answer.message}`);
  return answer;
}

async function adminToken(apiUrl: string): Promise<string> {
  const login = await api<{ token: string }>(apiUrl, null, "POST", "/sys/login", { username: "admin", password: ADMIN_PASSWORD });
  return login.result.token;
}

interface Release {
  msgId: string;
  /** wallNow() just before doReleaseData was sent. */
  startedAt: number;
  /** The doReleaseData round trip. */
  requestMs: number;
}

/** Adds an ALL notice, then releases it; the clock starts at the release call. */
async function releaseToAll(apiUrl: string, token: string, title: string): Promise<Release> {
  await api(apiUrl, token, "POST", "/sys/annountCement/add", {
    titile: title,
    msgContent: `<p>${title}</p>`,
    msgCategory: "1",
    msgType: "ALL",
    priority: "M",
  });
  const listed = await api<{ records: Array<{ id: string; titile: string }> }>(
    apiUrl,
    token,
    "GET",
    `/sys/annountCement/list?titile=${encodeURIComponent(title)}&pageNo=1&pageSize=10`,
  );
  const msgId = listed.result.records.find((record) => record.titile === title)?.id;
  if (!msgId) throw new Error(`the added notice ${title} is not listed`);
  const startedAt = wallNow();
  await api(apiUrl, token, "GET", `/sys/annountCement/doReleaseData?id=${encodeURIComponent(msgId)}`);
  return { msgId, startedAt, requestMs: wallNow() - startedAt };
}

// ---- measurement ---------------------------------------------------------------------------------

interface LatencyFigures {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Per release, the time until the last stream had the event: median and worst. */
  lastStreamMsMedian: number;
  lastStreamMsMax: number;
  /** Per release, the time until the first stream had the event (the fixed part): median. */
  firstStreamMsMedian: number;
  releaseRequestMsMedian: number;
  samples: number;
  releases: number;
  deliveryRatio: number;
}

function latencyFigures(latencies: number[], lastStream: number[], firstStream: number[], requests: number[], expected: number): LatencyFigures {
  if (latencies.length === 0) throw new Error("no notice event arrived");
  return {
    p50: round(percentile(latencies, 50)),
    p90: round(percentile(latencies, 90)),
    p99: round(percentile(latencies, 99)),
    max: round(Math.max(...latencies)),
    lastStreamMsMedian: round(percentile(lastStream, 50)),
    lastStreamMsMax: round(Math.max(...lastStream)),
    firstStreamMsMedian: round(percentile(firstStream, 50)),
    releaseRequestMsMedian: round(percentile(requests, 50)),
    samples: latencies.length,
    releases: requests.length,
    deliveryRatio: round(latencies.length / expected, 4),
  };
}

/**
 * `warmup` + `count` releases, one after the other (each once every stream has it or the
 * collect timeout passed, then 200 ms of quiet), each measured on every group of clients.
 */
async function measureReleases(
  apiUrl: string,
  token: string,
  groups: Record<string, { clients: Clients; streams: number }>,
  count: number,
  label: string,
): Promise<Record<string, LatencyFigures>> {
  const latencies: Record<string, number[]> = {};
  const lastStream: Record<string, number[]> = {};
  const firstStream: Record<string, number[]> = {};
  const requests: number[] = [];
  for (const name of Object.keys(groups)) {
    latencies[name] = [];
    lastStream[name] = [];
    firstStream[name] = [];
  }
  for (let index = 0; index < WARMUP_RELEASES + count; index++) {
    const release = await releaseToAll(apiUrl, token, `基准通知 ${label} ${index + 1} ${randomUUID().slice(0, 8)}`);
    const measured = index >= WARMUP_RELEASES;
    for (const [name, group] of Object.entries(groups)) {
      const collected = await group.clients.collect(release.msgId);
      if (!measured) continue;
      const own = collected.times.map((at) => at - release.startedAt);
      latencies[name]!.push(...own);
      if (own.length > 0) {
        lastStream[name]!.push(Math.max(...own));
        firstStream[name]!.push(Math.min(...own));
      }
    }
    if (measured) requests.push(release.requestMs);
    await sleep(200);
  }
  const figures: Record<string, LatencyFigures> = {};
  for (const [name, group] of Object.entries(groups))
    figures[name] = latencyFigures(latencies[name]!, lastStream[name]!, firstStream[name]!, requests, group.streams * count);
  return figures;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (Linux). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;

/** RSS after a settle, read 3 times 300 ms apart (the median; RSS moves with the allocator). */
async function settledRssMb(pid: number): Promise<number> {
  await sleep(IDLE_SETTLE_MS);
  const samples: number[] = [];
  for (let index = 0; index < 3; index++) {
    samples.push(rssMb(pid));
    await sleep(300);
  }
  return percentile(samples, 50);
}

interface OneServerCase {
  openMs: number;
  rssBeforeMb: number;
  rssWithStreamsMb: number;
  memoryPerIdleStreamKb: number;
  latencyMs: LatencyFigures;
  /** The web server's CPU time (user + system) per release, add and list calls included. */
  serverCpuMsPerRelease: number;
}

/** One web server with the embedded backend, `cookies.length` streams, `releases` releases. */
async function oneServerCase(env: Record<string, string>, cookies: string[], releases: number, label: string): Promise<OneServerCase> {
  let server: RunningServer | null = null;
  const clients = new Clients();
  try {
    const profile: Record<string, string> = PROFILE_DIR ? { NODE_OPTIONS: `--import ${PROFILER_ENTRY}`, BENCH_NOTICE_PROFILE_DIR: PROFILE_DIR } : {};
    server = await startServer({ env: { ...env, ...profile }, port: await findFreePort(), readyTimeoutMs: 90_000 });
    const apiUrl = `${server.baseUrl}/jeecg-boot`;
    const token = await adminToken(apiUrl);
    // One notice end to end first, so that the measured baseline has every code path loaded.
    const warm = await clients.open([{ url: `${server.baseUrl}/api/notices/stream`, cookie: cookies[0]! }]);
    if (warm.up !== 1) throw new Error(`the warm-up stream did not come up: ${JSON.stringify(warm.errors)}`);
    const warmRelease = await releaseToAll(apiUrl, token, `基准预热 ${label} ${randomUUID().slice(0, 8)}`);
    await clients.collect(warmRelease.msgId);
    await clients.close();

    const rssBeforeMb = await settledRssMb(server.pid);
    const opened = await clients.open(cookies.map((cookie) => ({ url: `${server!.baseUrl}/api/notices/stream`, cookie })));
    if (opened.up !== cookies.length) throw new Error(`${opened.up} of ${cookies.length} streams came up: ${JSON.stringify(opened.errors)}`);
    const rssWithStreamsMb = await settledRssMb(server.pid);
    if (PROFILE_DIR) process.kill(server.pid, "SIGUSR2");
    const cpuBefore = cpuMs(server.pid);
    const latency = await measureReleases(apiUrl, token, { streams: { clients, streams: cookies.length } }, releases, label);
    const cpuPerRelease = (cpuMs(server.pid) - cpuBefore) / (releases + WARMUP_RELEASES);
    if (PROFILE_DIR) process.kill(server.pid, "SIGUSR2");
    await clients.close();
    return {
      openMs: round(opened.ms),
      rssBeforeMb: round(rssBeforeMb),
      rssWithStreamsMb: round(rssWithStreamsMb),
      memoryPerIdleStreamKb: round(((rssWithStreamsMb - rssBeforeMb) * 1024) / cookies.length),
      latencyMs: latency.streams!,
      serverCpuMsPerRelease: round(cpuPerRelease),
    };
  } finally {
    await clients.stop();
    await server?.stop();
  }
}

// ---- the section ---------------------------------------------------------------------------------

export async function benchNotices(): Promise<Record<string, unknown>> {
  const database = await createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-notices-"));
  const errors: string[] = [];
  const result: Record<string, unknown> = {};
  const running: Array<{ stop(): Promise<void> }> = [];
  try {
    const common = { DATABASE_URL: database.url, ADMIN_PASSWORD, SESSION_SECRET, DATA_DIR: dataDir };

    // Accounts and their cookies, made once on a first server (migrates and seeds the database).
    const setupStarted = performance.now();
    const setupServer = await startServer({ env: common, port: await findFreePort(), readyTimeoutMs: 90_000 });
    running.push(setupServer);
    const usernames = await createUsers(database.url, Math.max(CLIENTS, SCALE_OUT_CLIENTS * 2));
    const cookies = await signInAll(setupServer.baseUrl, usernames);
    const tabCookie = cookies[0]!;
    await setupServer.stop();
    result.setupSeconds = round((performance.now() - setupStarted) / 1000);

    // 1. 1000 distinct users on one web server: 1000 upstream sockets.
    const distinct = CASES.has("distinct") ? await oneServerCase(common, cookies.slice(0, CLIENTS), RELEASES, "distinct") : null;
    if (distinct) result.distinctUsers = { streams: CLIENTS, users: CLIENTS, ...distinct };

    // 2. 1000 tabs of one user (one session): one upstream socket, fanned out by the bridge.
    if (CASES.has("tabs")) {
      const tabs = await oneServerCase(common, Array.from({ length: CLIENTS }, () => tabCookie), Math.max(5, Math.round(RELEASES / 2)), "tabs");
      result.oneUserManyTabs = { streams: CLIENTS, users: 1, ...tabs };
    }

    // 3. Two backends with Redis, a web server in front of each; releases on backend 1.
    if (CASES.has("scaleout")) {
      try {
        result.scaleOut = await scaleOut(database.url, cookies, running);
      } catch (error) {
        errors.push(`scaleOut: ${(error as Error).message}`);
      }
    }

    return {
      ...result,
      goals: { releaseToEventP99Ms: 100 },
      summary: distinct
        ? {
            releaseToEventP50Ms: distinct.latencyMs.p50,
            releaseToEventP99Ms: distinct.latencyMs.p99,
            memoryPerIdleStreamKb: distinct.memoryPerIdleStreamKb,
            meetsGoal: distinct.latencyMs.p99 <= 100,
          }
        : null,
      errors,
      meta: {
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? "",
        memoryGb: round(os.totalmem() / 1024 ** 3),
        database: "PostgreSQL (throw-away database)",
        date: new Date().toISOString(),
      },
    };
  } finally {
    for (const process_ of running.reverse()) await process_.stop().catch(() => undefined);
    await database.drop().catch((error: unknown) => console.error(`[bench] notices: dropping the database failed: ${String(error)}`));
    await deleteRedisKeys(REDIS_URL, `${REDIS_KEY_PREFIX}*`).catch((error: unknown) => console.error(`[bench] notices: deleting the Redis keys failed: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function scaleOut(databaseUrl: string, cookies: string[], running: Array<{ stop(): Promise<void> }>): Promise<Record<string, unknown>> {
  const backendEnv = { DATABASE_URL: databaseUrl, ADMIN_PASSWORD, REDIS_URL, REDIS_KEY_PREFIX };
  const backend1 = await startBackend(await findFreePort(), backendEnv);
  running.push(backend1);
  const backend2 = await startBackend(await findFreePort(), backendEnv);
  running.push(backend2);
  const webEnv = (backend: BackendProcess) => ({ BACKEND_URL: backend.apiUrl, SESSION_SECRET });
  const web1 = await startServer({ env: webEnv(backend1), port: await findFreePort() });
  running.push(web1);
  const web2 = await startServer({ env: webEnv(backend2), port: await findFreePort() });
  running.push(web2);
  const onWeb1 = new Clients();
  const onWeb2 = new Clients();
  running.push(onWeb1, onWeb2);
  // Different users on each side, so each stream is the only one of its user.
  const opened1 = await onWeb1.open(cookies.slice(0, SCALE_OUT_CLIENTS).map((cookie) => ({ url: `${web1.baseUrl}/api/notices/stream`, cookie })));
  const opened2 = await onWeb2.open(
    cookies.slice(SCALE_OUT_CLIENTS, SCALE_OUT_CLIENTS * 2).map((cookie) => ({ url: `${web2.baseUrl}/api/notices/stream`, cookie })),
  );
  if (opened1.up !== SCALE_OUT_CLIENTS || opened2.up !== SCALE_OUT_CLIENTS)
    throw new Error(`streams up: ${opened1.up} on web 1, ${opened2.up} on web 2 (of ${SCALE_OUT_CLIENTS} each)`);
  const token = await adminToken(backend1.apiUrl);
  const figures = await measureReleases(
    backend1.apiUrl,
    token,
    { web2ViaBackend2: { clients: onWeb2, streams: SCALE_OUT_CLIENTS }, web1ViaBackend1: { clients: onWeb1, streams: SCALE_OUT_CLIENTS } },
    Math.max(5, Math.round(RELEASES / 2)),
    "redis",
  );
  return {
    topology: "2 backends (node build/backend.js, one PostgreSQL database, REDIS_URL) ← web server 1 → backend 1, web server 2 → backend 2; releases on backend 1",
    streamsPerWebServer: SCALE_OUT_CLIENTS,
    crossInstance: figures.web2ViaBackend2,
    sameInstance: figures.web1ViaBackend1,
  };
}

export function summarizeNotices(result: Record<string, unknown>): string[] {
  const lines: string[] = [];
  const describe = (name: string, value: unknown) => {
    const figures = value as (OneServerCase & { streams: number; users: number }) | undefined;
    if (!figures?.latencyMs) return;
    lines.push(
      `${name}: ${figures.streams} streams / ${figures.users} user(s): release→event p50 ${figures.latencyMs.p50} ms, p99 ${figures.latencyMs.p99} ms (goal ≤ 100), max ${figures.latencyMs.max} ms, delivered ${figures.latencyMs.deliveryRatio * 100}%; server CPU ${figures.serverCpuMsPerRelease} ms per release; memory ${figures.memoryPerIdleStreamKb} KB per idle stream`,
    );
  };
  describe("distinct users", result.distinctUsers);
  describe("one user, many tabs", result.oneUserManyTabs);
  const scale = result.scaleOut as { crossInstance: LatencyFigures; sameInstance: LatencyFigures; streamsPerWebServer: number } | undefined;
  if (scale)
    lines.push(
      `Redis scale-out (${scale.streamsPerWebServer} streams per web server): backend 1 → web 2: delivered ${scale.crossInstance.deliveryRatio * 100}%, p50 ${scale.crossInstance.p50} ms, p99 ${scale.crossInstance.p99} ms; → web 1: delivered ${scale.sameInstance.deliveryRatio * 100}%, p50 ${scale.sameInstance.p50} ms, p99 ${scale.sameInstance.p99} ms`,
    );
  for (const error of (result.errors as string[] | undefined) ?? []) lines.push(`error: ${error}`);
  return lines;
}
