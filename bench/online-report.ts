// Online reports' benchmark (issue #18 part 2, section `online`): a report of 100,000 rows on a
// throw-away PostgreSQL database of the local server (BENCH_POSTGRES_URL, default
// postgres://postgres@127.0.0.1:5432), dropped at the end. The backend runs in this process and
// is asked over HTTP as the browser's web server asks it.
// - getDataP50Ms: GET /online/cgreport/api/getData/{id} for 60 different pages (pageSize 10, sorted
//   by id, a `${param}` bound): count and page in one read-only transaction under the report role,
//   through the tenant-filtered report view (docs/decisions/078).
//   Each page is asked once, so the 30 s cache never answers. Goal p50 ≤ 100 ms.
// - cachedP50Ms: the same pages asked again within 30 s (the cache).
import type { AddressInfo } from "node:net";
import os from "node:os";
import express from "express";
import pg from "pg";
import { createBackend, BACKEND_BASE_PATH, type Backend } from "../backend/index";
import { percentile, round } from "./lib";
import { adminQuery, BENCH_ADMIN_PASSWORD as ADMIN_PASSWORD, serverVersion } from "./database";

const ROWS = 100_000;
const PAGES = 60;
export const ONLINE_REPORT_GOALS = { getDataP50Ms: 100 } as const;

const silent = { info: () => undefined, error: () => undefined };

export async function benchOnlineReport(): Promise<Record<string, unknown>> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = `bench_report_${process.pid}_${Date.now()}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
  let backend: Backend | null = null;
  let server: ReturnType<ReturnType<typeof express>["listen"]> | null = null;
  const client = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  try {
    backend = await createBackend({ databaseUrl, adminPassword: ADMIN_PASSWORD, logger: silent, scheduler: false });
    const app = express();
    app.use(BACKEND_BASE_PATH, backend.router);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BACKEND_BASE_PATH}`;
    await client.connect();
    connected = true;

    const seedStarted = performance.now();
    // A tenant table the report role reads through its report view (migration 0350), filtered to
    // the tenant by the database (all rows are the administrator's tenant's, as before the view).
    await client.query(`
      CREATE TABLE bench_report_row (id integer PRIMARY KEY, tenant_id integer NOT NULL, name varchar(50) NOT NULL, kind varchar(10) NOT NULL, amount numeric(10,2) NOT NULL, created date NOT NULL);
      INSERT INTO bench_report_row
      SELECT n, 1, 'student_' || n, CASE WHEN n % 3 = 0 THEN 'A' WHEN n % 3 = 1 THEN 'B' ELSE 'C' END, (n % 1000) * 1.25, DATE '2020-01-01' + (n % 2000)
        FROM generate_series(1, ${ROWS}) AS n;
      ANALYZE bench_report_row;
      INSERT INTO report_source (table_name, scope) VALUES ('bench_report_row', 'tenant');
      SELECT report_expose('bench_report_row');`);
    const seedMs = round(performance.now() - seedStarted, 0);

    const login = await fetch(`${base}/sys/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }) });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { "X-Access-Token": token, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as { success: boolean; message: string; result: any };
    };
    const added = await call("POST", "/online/cgreport/head/add", {
      code: "bench_rows",
      name: "十万行报表",
      cgrSql: "select id, name, kind, amount, created from bench_report_row where name like '%${kw}%'",
      params: [{ paramName: "kw", paramTxt: "关键字", paramValue: "student" }],
      items: ["id", "name", "kind", "amount", "created"].map((fieldName) => ({ fieldName, fieldTxt: fieldName, isOrder: fieldName === "id" ? "1" : "0" })),
    });
    if (!added.success) throw new Error(`report not saved: ${added.message}`);
    const id = (await call("GET", "/online/cgreport/head/list?code=bench_rows")).result.records[0].id as string;

    const pages = Array.from({ length: PAGES }, (_, index) => 1 + ((index * 7919) % 10_000));
    const time = async (pageNo: number, pageSize = 10) => {
      const started = performance.now();
      const answer = await call("GET", `/online/cgreport/api/getData/${id}?pageNo=${pageNo}&pageSize=${pageSize}&column=id&order=asc&self_kw=student_`);
      const ms = performance.now() - started;
      if (!answer.success || answer.result.total !== ROWS || answer.result.records.length !== pageSize) throw new Error(`unexpected answer: ${JSON.stringify(answer).slice(0, 200)}`);
      return ms;
    };
    // Warm-up (connections, plans) with another page size, so that no measured page is cached.
    for (const pageNo of [1, 2, 3]) await time(pageNo, 20);
    const uncached: number[] = [];
    for (const pageNo of pages) uncached.push(await time(pageNo));
    const cached: number[] = [];
    for (const pageNo of pages) cached.push(await time(pageNo));

    return {
      rows: ROWS,
      pages: PAGES,
      seedMs,
      getDataP50Ms: round(percentile(uncached, 50)),
      getDataP95Ms: round(percentile(uncached, 95)),
      cachedP50Ms: round(percentile(cached, 50), 2),
      goals: ONLINE_REPORT_GOALS,
      errors: percentile(uncached, 50) > ONLINE_REPORT_GOALS.getDataP50Ms ? [`getData p50 ${round(percentile(uncached, 50))} ms > ${ONLINE_REPORT_GOALS.getDataP50Ms} ms`] : [],
      meta: { node: process.version, cpus: os.cpus().length, load: os.loadavg().map((value) => round(value)), date: new Date().toISOString(), postgres: await serverVersion(client) },
    };
  } finally {
    if (connected) await client.end().catch(() => undefined);
    if (server) await new Promise((resolve) => server!.close(resolve));
    await backend?.close().catch(() => undefined);
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
  }
}

export function summarizeOnlineReport(result: Record<string, unknown>): string[] {
  return [
    `report of ${result.rows} rows: getData p50 ${result.getDataP50Ms} ms (p95 ${result.getDataP95Ms} ms, goal ≤ ${ONLINE_REPORT_GOALS.getDataP50Ms} ms), cached p50 ${result.cachedP50Ms} ms`,
  ];
}
