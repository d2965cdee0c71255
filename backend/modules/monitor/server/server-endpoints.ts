// 性能监控 (/sys/monitor/server, page /monitor/server; issue #15 Deliver 5): the Node process and
// the machine, the database, Redis when the notice bus runs on it, and the recent requests.
// Administrators only (the page's menu). Each part answers on its own: a part that cannot be read
// says why instead of failing the whole answer.
import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { ServerFigures } from "#contract/monitor";
import { endpoint, menuAccess, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";
import { formatDateTime } from "../../../http/format";
import { noticeBusOf } from "../../../realtime/bus-registry";
import { RedisNoticeBus } from "../../../realtime/redis-notice-bus";
import type { BackendServices } from "../../../services";
import { quantile } from "./request-trace";
import { PAGES } from "#contract/pages";

export const SERVER_PAGE_PATH = PAGES["monitor/ServerInfo"];
/** Requests of the trace in one answer. */
const TRACE_SHOWN = 100;
/** Slowest statements shown when pg_stat_statements is there. */
const SLOW_STATEMENTS = 10;

// One histogram per process, from the first load of this module (the backend's start).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** CPU use between two readings: the process's share of one core, and the machine's busy share. */
let lastReading = { at: performance.now(), process: process.cpuUsage(), machine: machineTimes() };

function machineTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const times = cpu.times;
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

function cpuShares(): { processPercent: number; machinePercent: number } {
  const now = { at: performance.now(), process: process.cpuUsage(), machine: machineTimes() };
  const elapsedMicros = Math.max(1, (now.at - lastReading.at) * 1000);
  const used = now.process.user - lastReading.process.user + (now.process.system - lastReading.process.system);
  const total = now.machine.total - lastReading.machine.total;
  const idle = now.machine.idle - lastReading.machine.idle;
  lastReading = now;
  return {
    processPercent: round((used / elapsedMicros) * 100),
    machinePercent: total > 0 ? round(((total - idle) / total) * 100) : 0,
  };
}

function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function millis(nanos: number): number {
  return Number.isFinite(nanos) ? round(nanos / 1e6, 2) : 0;
}

function processPart() {
  const memory = process.memoryUsage();
  const cpu = cpuShares();
  return {
    node: process.version,
    pid: process.pid,
    uptimeSeconds: Math.round(process.uptime()),
    startedAt: formatDateTime(new Date(Date.now() - process.uptime() * 1000)),
    cpuPercent: cpu.processPercent,
    memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external },
    eventLoopDelayMs: {
      mean: millis(loopDelay.mean),
      p50: millis(loopDelay.percentile(50)),
      p99: millis(loopDelay.percentile(99)),
      max: millis(loopDelay.max),
    },
    machine: {
      hostname: os.hostname(),
      platform: `${os.type()} ${os.release()} (${os.arch()})`,
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      cpuPercent: cpu.machinePercent,
      loadAverage: os.loadavg().map((value) => round(value, 2)),
      totalMemory: os.totalmem(),
      freeMemory: os.freemem(),
      uptimeSeconds: Math.round(os.uptime()),
    },
  };
}

async function databasePart(services: BackendServices) {
  const db = services.db;
  try {
    const [info] = await db.rows<{ version: string; size: unknown; connections: unknown }>(sql`
      SELECT version() AS version, pg_database_size(current_database()) AS size,
             (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()) AS connections`);
    let slowStatements: Array<{ query: string; calls: number; meanMs: number; totalMs: number }> | null = null;
    let note: string | null = null;
    const [extension] = await db.rows<{ present: unknown }>(sql`SELECT 1 AS present FROM pg_extension WHERE extname = 'pg_stat_statements'`);
    if (!extension) note = "数据库未启用 pg_stat_statements，无法列出最慢的语句";
    else {
      try {
        const rows = await db.rows<{ query: string; calls: unknown; mean: unknown; total: unknown }>(sql`
          SELECT query, calls, mean_exec_time AS mean, total_exec_time AS total
            FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
           ORDER BY mean_exec_time DESC LIMIT ${SLOW_STATEMENTS}`);
        slowStatements = rows.map((row) => ({
          query: row.query.slice(0, 500),
          calls: Number(row.calls),
          meanMs: round(Number(row.mean), 2),
          totalMs: round(Number(row.total), 2),
        }));
      } catch (error) {
        note = `pg_stat_statements 无法读取：${(error as Error).message}`;
      }
    }
    return {
      kind: db.kind === "pglite" ? "PGlite" : "PostgreSQL",
      version: info?.version ?? null,
      sizeBytes: Number(info?.size ?? 0),
      connections: Number(info?.connections ?? 0),
      slowStatements,
      note,
    };
  } catch (error) {
    services.logger.error("[monitor] reading the database figures failed", error);
    return { kind: db.kind === "pglite" ? "PGlite" : "PostgreSQL", error: "数据库信息读取失败" };
  }
}

/** The INFO fields the page shows. */
const REDIS_FIELDS = ["redis_version", "redis_mode", "uptime_in_seconds", "connected_clients", "used_memory", "used_memory_human", "used_memory_peak_human", "maxmemory_human", "total_commands_processed", "keyspace_hits", "keyspace_misses"];

export function parseRedisInfo(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0 || line.startsWith("#")) continue;
    const key = line.slice(0, colon);
    if (REDIS_FIELDS.includes(key)) fields[key] = line.slice(colon + 1).trim();
  }
  return fields;
}

async function redisPart(services: BackendServices) {
  const bus = noticeBusOf(services);
  if (!(bus instanceof RedisNoticeBus)) return { configured: false };
  try {
    return { configured: true, info: parseRedisInfo(await bus.serverInfo()) };
  } catch (error) {
    return { configured: true, error: `Redis 信息读取失败：${(error as Error).message}` };
  }
}

function tracePart(services: BackendServices) {
  const recent = services.requests.recent();
  const times = recent.map((request) => request.ms);
  return {
    total: services.requests.total,
    kept: recent.length,
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    errors: recent.filter((request) => request.status >= 400).length,
    requests: recent.slice(0, TRACE_SHOWN).map((request) => ({ ...request, time: formatDateTime(new Date(request.at)) })),
  };
}

export const serverEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/monitor/server", menuAccess(SERVER_PAGE_PATH), async ({ services }) => {
    const [database, redis] = await Promise.all([databasePart(services), redisPart(services)]);
    const figures: ServerFigures = { process: processPart(), database, redis, trace: tracePart(services), readAt: formatDateTime(new Date()) };
    return ok(figures);
  }, { doc: { summary: "性能监控：服务器、数据库和请求的信息" } }),
];
