// Section `topology` (issue #16 part 4): the signed-in users list (用户管理) through nginx, as
// the README's "Running behind nginx" runs it, with 1 web server + 1 backend, then 2 + 2, on this
// machine. 200 clients, each with its own session, request the page's data
// (`/isystem/user.data`) through nginx's front listener in two load models: `closedLoop` (the
// next request as soon as the answer is in) and `staff` (a think time of 1-3 s between requests).
// Requests per second, latency percentiles, errors, and the CPU each process group (web servers,
// backends, nginx, the load generator itself) spent per request. nginx, the instances and the
// environment they share come from tests/support/topology.ts (as in tests/e2e/topology.test.ts).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { gunzipSync } from "node:zlib";
import { Redis } from "ioredis";
import pg from "pg";
import { spawnNode, waitHealthy, type NodeProcess } from "../tests/e2e/support-notices";
import { seededRandom } from "../backend/seed/data/people";
import {
  NGINX_PATH,
  backendEnv,
  deleteRedisKeys,
  killAllNginx,
  nginxInstalled,
  redisAnswers,
  startNginx,
  webEnv,
  type RunningNginx,
  type SharedInstanceEnv,
  type TopologyPorts,
} from "../tests/support/topology";
import { BENCH_ADMIN_PASSWORD, adminQuery, dropLeftoverDatabases, processAlive, serverVersion } from "./database";
import { BENCH_PORT_MIN, PROJECT_ROOT, findFreePort, percentile, round, signIn } from "./lib";

/** The build to run (`BENCH_BUILD_DIR`): a copy keeps a rebuild of build/ from changing it mid-run. */
const BUILD_DIR = path.resolve(process.env.BENCH_BUILD_DIR ?? path.join(PROJECT_ROOT, "build"));
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CLIENTS = positiveInt(process.env.BENCH_TOPOLOGY_CLIENTS, 200);
/** Sessions signed in; fewer than the clients are shared round-robin. */
const SESSIONS = Math.min(CLIENTS, positiveInt(process.env.BENCH_TOPOLOGY_SESSIONS, CLIENTS));
const WARMUP_S = positiveNumber(process.env.BENCH_TOPOLOGY_WARMUP_SECONDS, 5);
const CLOSED_LOOP_S = positiveNumber(process.env.BENCH_TOPOLOGY_SECONDS, 20);
const STAFF_S = positiveNumber(process.env.BENCH_TOPOLOGY_STAFF_SECONDS, process.env.BENCH_TOPOLOGY_SECONDS ? CLOSED_LOOP_S * 1.5 : 30);
/** The HTML document's shorter closed-loop run. */
const HTML_WARMUP_S = 3;
/** Fewer clients than the data's: a server render costs several times a data request, 200 at once would queue for many seconds. */
const HTML_CLIENTS = Math.min(CLIENTS, positiveInt(process.env.BENCH_TOPOLOGY_HTML_CLIENTS, 20));
const HTML_S = positiveNumber(process.env.BENCH_TOPOLOGY_HTML_SECONDS, 10);
const THINK_MS = { min: 1_000, max: 3_000 } as const;
const SEED = 0x16_04;
/** Which configurations run, comma-separated: 1+1, 2+2 (both by default). */
const CONFIGURATIONS = (process.env.BENCH_TOPOLOGY_CONFIGS ?? "1+1,2+2").split(",").map((name) => name.trim());
const SIGN_IN_CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 180_000;
const SESSION_SECRET = `bench-topology-${process.pid}-${Date.now()}`;
/** Well inside run.ts's 15 min: past it everything started here is killed, so nothing outlives the section. */
const SECTION_BUDGET_MS = 14 * 60_000;
const GOALS = { p99Ms: 500, errors: 0 } as const;

const DATA_PATH = `/isystem/user.data?_routes=${encodeURIComponent("routes/system/users")}`;
const HTML_PATH = "/isystem/user";
/** The seeded administrator is always on page 1 of 用户管理. */
const KNOWN_USERNAME = "admin";

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}
function positiveNumber(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
}
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---- processes ----------------------------------------------------------------------------------

const liveNodes = new Set<NodeProcess>();
function killEverything(): void {
  for (const node of liveNodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill("SIGKILL");
  liveNodes.clear();
  killAllNginx();
}
// Like lib.ts's servers: run.ts exits on Ctrl-C, signals and errors, and this kills what is left.
process.on("exit", killEverything);

function startNode(entry: "server.js" | "backend.js", env: Record<string, string>, label: string): NodeProcess {
  const node = spawnNode(path.join(BUILD_DIR, entry), env, label);
  liveNodes.add(node);
  void node.exited.then(() => liveNodes.delete(node));
  return node;
}

/**
 * The bundles keep their packages external: a build copied out of the project (BENCH_BUILD_DIR)
 * finds them through a node_modules link beside it.
 */
function ensurePackagesReachable(): void {
  if (!existsSync(path.join(BUILD_DIR, "server.js")) || !existsSync(path.join(BUILD_DIR, "backend.js")))
    throw new Error(`${BUILD_DIR} has no server.js and backend.js: run npm run build first`);
  const inProject = !path.relative(PROJECT_ROOT, BUILD_DIR).startsWith("..");
  const link = path.join(BUILD_DIR, "node_modules");
  if (!inProject && !existsSync(link)) symlinkSync(path.join(PROJECT_ROOT, "node_modules"), link, "dir");
}

// ---- CPU ----------------------------------------------------------------------------------------

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuMs: number;
}

/** Every process's parent, command name and CPU time (user + system, all threads), from /proc. */
function readProcesses(): Map<number, ProcStat> {
  const all = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      // After the command name: state, ppid, …; utime and stime are the 12th and 13th.
      all.set(Number(entry), {
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf("(") + 1, close),
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS,
      });
    } catch {
      // Gone meanwhile.
    }
  }
  return all;
}

/** Busy and total jiffies of the whole machine (/proc/stat), for its load during the window. */
function machineTicks(): { busy: number; total: number } {
  const values = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th.
  return { busy: total - (values[3] ?? 0) - (values[4] ?? 0), total };
}

interface Groups {
  web: number[];
  backend: number[];
  nginxMaster: number;
  /** The benchmark's database: its PostgreSQL server processes carry the name in their command line. */
  database: string;
}
const GROUP_NAMES = ["web", "backend", "nginx", "generator", "postgres", "redis"] as const;
type GroupName = (typeof GROUP_NAMES)[number];
interface CpuSnapshot {
  at: number;
  /** CPU ms per process of each group (the generator is this process). */
  ms: Record<GroupName, Map<number, number>>;
  machine: { busy: number; total: number };
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

function cpuSnapshot(groups: Groups): CpuSnapshot {
  const all = [...readProcesses().values()];
  const pick = (keep: (process_: ProcStat) => boolean) => new Map(all.filter(keep).map((process_) => [process_.pid, process_.cpuMs]));
  const web = new Set(groups.web);
  const backend = new Set(groups.backend);
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    ms: {
      web: pick((process_) => web.has(process_.pid)),
      backend: pick((process_) => backend.has(process_.pid)),
      nginx: pick((process_) => process_.pid === groups.nginxMaster || process_.ppid === groups.nginxMaster),
      generator: new Map([[process.pid, (own.user + own.system) / 1000]]),
      // Only the connections to this run's database (other databases on the server serve others).
      postgres: pick((process_) => process_.comm === "postgres" && commandLine(process_.pid).includes(` ${groups.database} `)),
      // Redis serves the whole machine: an upper bound.
      redis: pick((process_) => process_.comm === "redis-server"),
    },
    machine: machineTicks(),
  };
}

function cpuFigures(before: CpuSnapshot, after: CpuSnapshot, requests: number) {
  const seconds = (after.at - before.at) / 1000;
  // Per process, so that one started or ended inside the window does not skew the sum.
  const spentMs = (name: GroupName) => [...after.ms[name]].reduce((sum, [pid, ms]) => sum + ms - (before.ms[name].get(pid) ?? 0), 0);
  const spent = Object.fromEntries(GROUP_NAMES.map((name) => [name, spentMs(name)])) as Record<GroupName, number>;
  const perGroup = (figure: (ms: number) => number) => Object.fromEntries(GROUP_NAMES.map((name) => [name, figure(spent[name])]));
  const machineTotal = after.machine.total - before.machine.total;
  return {
    seconds: perGroup((ms) => round(ms / 1000, 2)),
    msPerRequest: requests > 0 ? perGroup((ms) => round(ms / requests, 2)) : null,
    /** Cores kept busy on average during the window. */
    cores: perGroup((ms) => round(ms / 1000 / seconds, 2)),
    machineCoresBusy: machineTotal > 0 ? round(((after.machine.busy - before.machine.busy) / machineTotal) * os.cpus().length, 2) : null,
  };
}

// ---- load ---------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: Buffer;
}

/** GET through a keep-alive agent (cheaper than fetch for 200 connections on the shared cores); gzip like a browser. */
function get(agent: http.Agent, port: number, pathname: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: pathname, method: "GET", agent, headers: { Cookie: cookie, Accept: "*/*", "Accept-Encoding": "gzip" } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          try {
            const raw = Buffer.concat(chunks);
            resolve({ status: response.statusCode ?? 0, body: response.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on("error", reject);
    request.end();
  });
}

/** null when the answer is the signed-in page (200 and the administrator's row), else what is wrong. */
function checkAnswer(answer: Answer, needle: string): string | null {
  if (answer.status !== 200) return `HTTP ${answer.status}`;
  return answer.body.includes(needle) ? null : `200 without ${needle}`;
}

interface LoadOptions {
  port: number;
  pathname: string;
  needle: string;
  cookies: readonly string[];
  clients: number;
  warmupS: number;
  measureS: number;
  /** Think time between an answer and the next request; none in a closed loop. */
  think?: { minMs: number; maxMs: number; seed: number };
  groups: Groups;
}

/**
 * Runs the clients for warm-up + window. A request counts in the window when its answer arrives
 * inside it; its latency is from just before the request to the last byte.
 */
async function runLoad(options: LoadOptions): Promise<Record<string, unknown>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: options.clients, scheduling: "fifo" });
  const latencies: number[] = [];
  const problems = new Map<string, number>();
  let errors = 0;
  let warmupErrors = 0;
  let bodyBytes = 0;
  const startedAt = performance.now();
  const windowFrom = startedAt + options.warmupS * 1000;
  const windowTo = windowFrom + options.measureS * 1000;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let before: CpuSnapshot | null = null;
  let after: CpuSnapshot | null = null;
  const openTimer = setTimeout(() => {
    before = cpuSnapshot(options.groups);
    loopDelay.enable();
  }, windowFrom - performance.now());
  const closeTimer = setTimeout(() => {
    after = cpuSnapshot(options.groups);
    loopDelay.disable();
  }, windowTo - performance.now());

  const client = async (index: number) => {
    const cookie = options.cookies[index % options.cookies.length]!;
    const random = seededRandom((options.think?.seed ?? 0) + index * 7919);
    const think = options.think;
    // Staff do not all arrive at the same instant.
    if (think) await sleep(random() * think.maxMs);
    while (performance.now() < windowTo) {
      const sentAt = performance.now();
      let problem: string | null;
      let size = 0;
      try {
        const answer = await get(agent, options.port, options.pathname, cookie);
        size = answer.body.length;
        problem = checkAnswer(answer, options.needle);
      } catch (error) {
        problem = message(error);
      }
      const answeredAt = performance.now();
      if (answeredAt >= windowFrom && answeredAt < windowTo) {
        if (problem) {
          errors += 1;
          problems.set(problem, (problems.get(problem) ?? 0) + 1);
        } else {
          latencies.push(answeredAt - sentAt);
          bodyBytes += size;
        }
      } else if (answeredAt < windowFrom && problem) {
        warmupErrors += 1;
        problems.set(`warm-up: ${problem}`, (problems.get(`warm-up: ${problem}`) ?? 0) + 1);
      }
      if (think) {
        const wait = think.minMs + random() * (think.maxMs - think.minMs);
        if (performance.now() + wait >= windowTo) break;
        await sleep(wait);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  } finally {
    clearTimeout(openTimer);
    clearTimeout(closeTimer);
    loopDelay.disable();
    agent.destroy();
  }
  // The window's end timer may fire after the last client finished (all answers in before windowTo).
  const closing = (after as CpuSnapshot | null) ?? cpuSnapshot(options.groups);
  const opening = before as CpuSnapshot | null;
  const requests = latencies.length;
  const latency = (p: number) => (requests > 0 ? round(percentile(latencies, p)) : null);
  return {
    clients: options.clients,
    warmupSeconds: options.warmupS,
    seconds: options.measureS,
    ...(options.think ? { thinkMs: [options.think.minMs, options.think.maxMs], seed: options.think.seed } : {}),
    requests,
    rps: round(requests / options.measureS),
    latencyMs: { p50: latency(50), p95: latency(95), p99: latency(99), max: requests > 0 ? round(Math.max(...latencies)) : null },
    errors,
    warmupErrors,
    errorKinds: Object.fromEntries([...problems.entries()].slice(0, 10)),
    bodyKb: requests > 0 ? round(bodyBytes / requests / 1024) : null,
    cpu: opening ? cpuFigures(opening, closing, requests + errors) : null,
    generatorLoopDelayMs: { p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) },
    meetsGoals: { p99: requests > 0 && percentile(latencies, 99) <= GOALS.p99Ms, errors: errors + warmupErrors <= GOALS.errors },
  };
}

// ---- one configuration --------------------------------------------------------------------------

interface Configuration {
  label: "1+1" | "2+2";
  key: "oneAndOne" | "twoAndTwo";
  instances: number;
}
const KNOWN_CONFIGURATIONS: Configuration[] = [
  { label: "1+1", key: "oneAndOne", instances: 1 },
  { label: "2+2", key: "twoAndTwo", instances: 2 },
];

async function choosePorts(instances: number): Promise<TopologyPorts> {
  // findFreePort answers the first free port: start each search past the previous one.
  let next = BENCH_PORT_MIN;
  const take = async () => {
    const port = await findFreePort(next);
    next = port + 1;
    return port;
  };
  const listen = await take();
  const backendListen = await take();
  const web: number[] = [];
  const backend: number[] = [];
  for (let index = 0; index < instances; index++) web.push(await take());
  for (let index = 0; index < instances; index++) backend.push(await take());
  return { listen, backendListen, web, backend };
}

async function signInAll(front: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      cookies.push(await signIn(front, "admin", BENCH_ADMIN_PASSWORD));
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, count) }, worker));
  return cookies;
}

/**
 * One request per session on every web server, directly: each caches a session's permission
 * answer for 2 minutes (app/services/auth.server.ts), so without this the first seconds of a
 * window would measure 200 cold loads of it. Answers the milliseconds it took.
 */
async function prime(webPorts: readonly number[], cookies: readonly string[]): Promise<number> {
  const startedAt = performance.now();
  const agent = new http.Agent({ keepAlive: true, maxSockets: SIGN_IN_CONCURRENCY });
  const jobs = webPorts.flatMap((port) => cookies.map((cookie) => ({ port, cookie })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const { port, cookie } = jobs[next++]!;
      const wrong = checkAnswer(await get(agent, port, DATA_PATH, cookie), `"${KNOWN_USERNAME}"`);
      if (wrong) throw new Error(`priming a session on the web server at ${port}: ${wrong}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY * webPorts.length }, worker));
  } finally {
    agent.destroy();
  }
  return performance.now() - startedAt;
}

async function runConfiguration(configuration: Configuration, shared: SharedInstanceEnv, errors: string[]): Promise<Record<string, unknown>> {
  const ports = await choosePorts(configuration.instances);
  const started: Array<{ stop(): Promise<void> }> = [];
  let nginx: RunningNginx | null = null;
  try {
    const startedAt = performance.now();
    nginx = startNginx(ports);
    started.push(nginx);
    const backendUrl = nginx.backendUrl;
    const backends = ports.backend.map((port, index) => ({ port, index }));
    const startBackend = async ({ port, index }: { port: number; index: number }) => {
      const node = startNode("backend.js", backendEnv(shared, port), `backend ${index}`);
      started.push(node);
      await waitHealthy(`http://127.0.0.1:${port}/healthz`, node, START_TIMEOUT_MS);
      return node;
    };
    const startWeb = async (port: number, index: number) => {
      const node = startNode("server.js", webEnv(shared, port, backendUrl, SESSION_SECRET), `web ${index}`);
      started.push(node);
      await waitHealthy(`http://127.0.0.1:${port}/healthz`, node, START_TIMEOUT_MS);
      return node;
    };
    // The first backend migrates and seeds (on the first configuration); the others find it ready.
    const firstBackend = await startBackend(backends[0]!);
    const [otherBackends, webs] = await Promise.all([Promise.all(backends.slice(1).map(startBackend)), Promise.all(ports.web.map(startWeb))]);
    await nginx.waitReady(10_000);
    const startMs = performance.now() - startedAt;

    const signInStarted = performance.now();
    const sessions = await signInAll(nginx.front, SESSIONS);
    const signInMs = performance.now() - signInStarted;
    const agent = new http.Agent({ keepAlive: false });
    const probe = await get(agent, ports.listen, DATA_PATH, sessions[0]!);
    const wrong = checkAnswer(probe, `"${KNOWN_USERNAME}"`);
    if (wrong) throw new Error(`the list's data through nginx: ${wrong}`);

    const groups: Groups = {
      web: webs.map((node) => node.child.pid!),
      backend: [firstBackend, ...otherBackends].map((node) => node.child.pid!),
      nginxMaster: nginx.pid,
      database: new URL(shared.DATABASE_URL).pathname.slice(1),
    };
    const primeMs: Record<string, number> = {};
    const load = (name: string, options: Omit<LoadOptions, "port" | "cookies" | "groups">) => async () => {
      console.log(`[bench] topology ${configuration.label}: ${name}, ${options.clients} clients…`);
      primeMs[name] = round(await prime(ports.web, sessions));
      const figures = await runLoad({ ...options, port: ports.listen, cookies: sessions, groups });
      if (figures.requests === 0) errors.push(`${configuration.label} ${name}: no successful request in the window (${JSON.stringify(figures.errorKinds)})`);
      // Let the last answers and keep-alive sockets settle before the next model.
      await sleep(2_000);
      return figures;
    };
    const result: Record<string, unknown> = {
      instances: { web: configuration.instances, backend: configuration.instances },
      startMs: round(startMs),
      sessions: sessions.length,
      signInMs: round(signInMs),
      nginxWorkers: nginx.workerPids().length,
      primeMs,
    };
    const models: Array<[string, () => Promise<Record<string, unknown>>]> = [
      ["closedLoop", load("closedLoop", { clients: CLIENTS, pathname: DATA_PATH, needle: `"${KNOWN_USERNAME}"`, warmupS: WARMUP_S, measureS: CLOSED_LOOP_S })],
      ["staff", load("staff", { clients: CLIENTS, pathname: DATA_PATH, needle: `"${KNOWN_USERNAME}"`, warmupS: WARMUP_S, measureS: STAFF_S, think: { minMs: THINK_MS.min, maxMs: THINK_MS.max, seed: SEED } })],
      ["htmlClosedLoop", load("htmlClosedLoop", { clients: HTML_CLIENTS, pathname: HTML_PATH, needle: `>${KNOWN_USERNAME}<`, warmupS: HTML_WARMUP_S, measureS: HTML_S })],
    ];
    for (const [name, run] of models) {
      try {
        result[name] = await run();
      } catch (error) {
        errors.push(`${configuration.label} ${name}: ${message(error)}`);
      }
    }
    for (const node of [...webs, firstBackend, ...otherBackends])
      if (node.child.exitCode !== null || node.child.signalCode !== null) errors.push(`${configuration.label}: an instance exited during the run\n${node.output()}`);
    return result;
  } finally {
    for (const process_ of started.reverse()) await process_.stop().catch(() => undefined);
  }
}

// ---- the section --------------------------------------------------------------------------------

/** Databases and Redis keys that interrupted runs (their process gone) left behind. */
async function removeLeftovers(): Promise<void> {
  await dropLeftoverDatabases(POSTGRES_ADMIN_URL, "bench_topology");
  const redis = new Redis(REDIS_URL);
  try {
    const pids = new Set((await redis.keys("bench:topology:*")).map((key) => Number(key.split(":")[2])));
    for (const pid of pids) if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) await deleteRedisKeys(REDIS_URL, `bench:topology:${pid}:*`);
  } finally {
    redis.disconnect();
  }
}

function nginxVersion(): string {
  const answer = spawnSync(NGINX_PATH, ["-v"], { encoding: "utf8" });
  return (answer.stderr || answer.stdout).trim().replace(/^nginx version:\s*/, "");
}

export async function benchTopology(): Promise<Record<string, unknown>> {
  const missing = [
    ...(nginxInstalled() ? [] : [`nginx (${NGINX_PATH})`]),
    ...((await redisAnswers(REDIS_URL)) ? [] : [`Redis (${REDIS_URL})`]),
  ];
  if (missing.length > 0) throw new Error(`topology needs ${missing.join(" and ")}`);
  const unknown = CONFIGURATIONS.filter((label) => !KNOWN_CONFIGURATIONS.some((configuration) => configuration.label === label));
  if (unknown.length > 0) throw new Error(`BENCH_TOPOLOGY_CONFIGS: unknown ${unknown.join(", ")} (known: 1+1, 2+2)`);
  ensurePackagesReachable();
  await removeLeftovers();

  const watchdog = setTimeout(() => {
    console.error(`[bench] topology: past ${SECTION_BUDGET_MS / 60_000} min, killing its processes`);
    killEverything();
  }, SECTION_BUDGET_MS);
  watchdog.unref();
  const database = `bench_topology_${process.pid}_${Date.now()}`;
  const databaseUrl = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${database}`);
  const prefix = `bench:topology:${process.pid}:${Date.now()}:`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-topology-"));
  const loadAverageAtStart = os.loadavg().map((value) => round(value, 2));
  await adminQuery(POSTGRES_ADMIN_URL, `CREATE DATABASE ${database}`);
  const errors: string[] = [];
  const result: Record<string, unknown> = {};
  let postgres = "";
  try {
    for (const configuration of KNOWN_CONFIGURATIONS.filter((known) => CONFIGURATIONS.includes(known.label))) {
      // Same database, fresh processes; Redis keys of their own (caches start cold).
      const shared: SharedInstanceEnv = {
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        REDIS_KEY_PREFIX: `${prefix}${configuration.instances}x${configuration.instances}:`,
        ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        DEMO_PASSWORD: BENCH_ADMIN_PASSWORD,
        // One folder for all: the backends share the data-source key written there (README).
        DATA_DIR: dataDir,
      };
      console.log(`[bench] topology ${configuration.label}: starting nginx, ${configuration.instances} web server(s), ${configuration.instances} backend(s)`);
      try {
        result[configuration.key] = await runConfiguration(configuration, shared, errors);
      } catch (error) {
        errors.push(`${configuration.label}: ${message(error)}`);
      }
    }
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    postgres = await serverVersion(client).finally(() => client.end());
  } finally {
    clearTimeout(watchdog);
    killEverything();
    await adminQuery(POSTGRES_ADMIN_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: unknown) => console.error(`[bench] topology: could not drop ${database}: ${message(error)}`));
    await deleteRedisKeys(REDIS_URL, `${prefix}*`).catch((error: unknown) => console.error(`[bench] topology: could not delete the Redis keys ${prefix}*: ${message(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }

  const rps = (key: string, model: string) => ((result[key] as Record<string, { rps?: number }> | undefined)?.[model]?.rps ?? null);
  const ratio = (model: string) => {
    const one = rps("oneAndOne", model);
    const two = rps("twoAndTwo", model);
    return one && two ? round(two / one, 2) : null;
  };
  return {
    ...result,
    clients: CLIENTS,
    sessions: SESSIONS === CLIENTS ? "one signed-in session (admin) per client" : `${SESSIONS} sessions (admin) shared round-robin`,
    page: { data: DATA_PATH, html: HTML_PATH, check: `200 and the username "${KNOWN_USERNAME}" in the answer` },
    /** 2+2 requests per second ÷ 1+1. */
    scaling: { closedLoop: ratio("closedLoop"), staff: ratio("staff"), htmlClosedLoop: ratio("htmlClosedLoop") },
    goals: GOALS,
    errors,
    meta: {
      node: process.version,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? "",
      memoryGb: round(os.totalmem() / 1024 ** 3),
      nginx: nginxVersion(),
      postgres,
      buildDir: BUILD_DIR,
      loadAverageAtStart,
      date: new Date().toISOString(),
    },
  };
}

interface ModelFigures {
  clients: number;
  rps: number;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null };
  errors: number;
  warmupErrors: number;
  cpu: { msPerRequest: Record<string, number> | null; cores: Record<string, number>; machineCoresBusy: number | null } | null;
  generatorLoopDelayMs: { p99: number };
}

export function summarizeTopology(result: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const { label, key } of KNOWN_CONFIGURATIONS) {
    const configuration = result[key] as Record<string, unknown> | undefined;
    if (!configuration) continue;
    for (const model of ["closedLoop", "staff", "htmlClosedLoop"]) {
      const figures = configuration[model] as ModelFigures | undefined;
      if (!figures) {
        lines.push(`${label} ${model}: no figures`);
        continue;
      }
      const { p50, p95, p99, max } = figures.latencyMs;
      const perRequest = figures.cpu?.msPerRequest;
      const cpu = perRequest
        ? `; CPU ms/request web ${perRequest.web}, backend ${perRequest.backend}, PostgreSQL ${perRequest.postgres}, nginx ${perRequest.nginx}, generator ${perRequest.generator} (machine ${figures.cpu?.machineCoresBusy} cores busy)`
        : "";
      lines.push(
        `${label} ${model} (${figures.clients} clients): ${figures.rps} req/s, p50 ${p50} / p95 ${p95} / p99 ${p99} / max ${max} ms, errors ${figures.errors} (+${figures.warmupErrors} warm-up)${cpu}`,
      );
    }
  }
  const scaling = result.scaling as Record<string, number | null> | undefined;
  if (scaling) lines.push(`2+2 ÷ 1+1 req/s: closed loop ${scaling.closedLoop}, staff ${scaling.staff}, HTML ${scaling.htmlClosedLoop} (goal p99 ≤ ${GOALS.p99Ms} ms, ${GOALS.errors} errors)`);
  const errors = Array.isArray(result.errors) ? (result.errors as string[]) : [];
  for (const error of errors) lines.push(`error: ${error.split("\n")[0]}`);
  return lines;
}
