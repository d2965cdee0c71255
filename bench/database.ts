// The scaffolding the PostgreSQL benchmarks share (lists, school, dashboard): a throw-away database
// on the local server (postgres://postgres@127.0.0.1:5432, or BENCH_POSTGRES_URL) with a unique
// name, the web server started on it (it migrates and seeds), a pg client for seeding and raw SQL,
// and everything stopped, dropped and removed at the end, whatever happened.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { findFreePort, startServer, type RunningServer } from "./lib";

export const BENCH_ADMIN_PASSWORD = "Bench-Admin-2026";

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** Whether the process `pid` still runs (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Drops the `<prefix>_<pid>_<time>` databases that interrupted runs (their process gone) left behind. */
export async function dropLeftoverDatabases(adminUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${prefix}_%`]);
    for (const { datname } of rows) {
      const pid = Number(new RegExp(`^${prefix}_(\\d+)_\\d+$`).exec(datname)?.[1]);
      if (Number.isInteger(pid) && pid !== process.pid && !processAlive(pid)) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

export async function serverVersion(client: pg.Client): Promise<string> {
  return (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
}

export interface BenchDatabase {
  /** Connected to the new database. */
  client: pg.Client;
  /** The web server on it (build/server.js); stopping it early is allowed (stop is idempotent). */
  web: RunningServer;
  /** The environment the web server got (DATABASE_URL, ADMIN_PASSWORD, DATA_DIR, UPLOAD_DIR). */
  env: Record<string, string>;
  /** The `meta` of a section's result: node, cpus, date and the server's version. */
  meta(): Promise<Record<string, unknown>>;
}

/** Runs `work` on a fresh database named `bench_<name>_…` and its web server; cleans up after. */
export async function withBenchDatabase<T>(name: string, work: (bench: BenchDatabase) => Promise<T>): Promise<T> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = `bench_${name}_${process.pid}_${Date.now()}`;
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  const env = { DATABASE_URL: databaseUrl, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, "upload") };
  let web: RunningServer | null = null;
  const client = new pg.Client({ connectionString: databaseUrl });
  let connected = false;
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);
  try {
    web = await startServer({ env, port: await findFreePort(), readyTimeoutMs: 120_000 });
    await client.connect();
    connected = true;
    const meta = async () => ({ node: process.version, cpus: os.cpus().length, date: new Date().toISOString(), postgres: await serverVersion(client) });
    return await work({ client, web, env, meta });
  } finally {
    if (connected) await client.end().catch(() => undefined);
    await web?.stop();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: unknown) => console.error(`[bench] could not drop ${database}:`, error));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
