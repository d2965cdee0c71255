// Several backend processes (backend/main.ts) on one fresh PostgreSQL database, for the
// scheduler's once-across-instances test and the `jobs` bench: start, sign in, add a job, read its
// runs straight from the database, kill one, stop all.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { TEST_ADMIN_PASSWORD } from "./constants";
import { endPool, postgresAdminUrl } from "./postgres";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ClusterInstance {
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

export interface JobCluster {
  instances: ClusterInstance[];
  /** A pool on the cluster's database. */
  pool: pg.Pool;
  adminToken(): Promise<string>;
  /** Adds a running job through instance 0 and answers its id. */
  addJob(token: string, body: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`backend did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * `entry`: "source" runs backend/main.ts through tsx (tests), "build" runs build/backend.js (bench).
 * The instances start one after the other. `template`: the database starts as a copy of this
 * migrated and seeded template database (the integration global setup's, docs/decisions/103), and
 * the first instance finds everything in place; without it (the bench) the first migrates and seeds
 * an empty database.
 */
export async function startJobCluster(options: { instances: number; entry: "source" | "build"; pollMs?: number; template?: string }): Promise<JobCluster> {
  const name = `school_jobs_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = postgresAdminUrl().replace(/\/[^/]*$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const instances: ClusterInstance[] = [];

  const stop = async () => {
    for (const instance of instances) if (instance.process.exitCode === null) instance.process.kill("SIGTERM");
    await Promise.all(
      instances.map(async (instance) => {
        // The 15 s timer goes with the process: left running, it outlived the file (docs/decisions/152).
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([instance.exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
        clearTimeout(timer);
        if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
      }),
    );
    await endPool(pool);
    const client = new pg.Client({ connectionString: postgresAdminUrl() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };

  try {
    for (let index = 0; index < options.instances; index++) {
      const port = await freePort();
      const args = options.entry === "source" ? ["--import", "tsx", "backend/main.ts"] : ["build/backend.js"];
      const child = spawn(process.execPath, args, {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          BACKEND_PORT: String(port),
          DATABASE_URL: databaseUrl,
          ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
          ...(options.pollMs ? { JOB_POLL_MS: String(options.pollMs) } : {}),
        },
        stdio: ["ignore", "ignore", "inherit"],
      });
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      instances.push({ url: `http://127.0.0.1:${port}/jeecg-boot`, process: child, exited });
      await waitForHealth(`http://127.0.0.1:${port}/healthz`, child);
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const first = () => instances[0]!.url;
  return {
    instances,
    pool,
    adminToken: async () => {
      const response = await fetch(`${first()}/sys/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "admin", password: TEST_ADMIN_PASSWORD }),
      });
      const answer = (await response.json()) as { success: boolean; result: { token: string } };
      if (!answer.success) throw new Error("admin sign-in failed");
      return answer.result.token;
    },
    addJob: async (token, body) => {
      const response = await fetch(`${first()}/sys/quartzJob/add`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Access-Token": token },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { success: boolean; message: string };
      if (!answer.success) throw new Error(`adding the job failed: ${answer.message}`);
      const { rows } = await pool.query<{ id: string }>(
        "SELECT id FROM sys_quartz_job WHERE description = $1 ORDER BY create_time DESC LIMIT 1",
        [body.description],
      );
      if (!rows[0]) throw new Error("the added job is not in the database");
      return rows[0].id;
    },
    stop,
  };
}

export interface FireRow {
  fire: number;
  instance: string;
  startMs: number;
  outcome: string;
}

/** The runs of a job whose fire time lies in [from, to), by fire time. */
export async function firesBetween(pool: pg.Pool, jobId: string, from: number, to: number): Promise<FireRow[]> {
  const { rows } = await pool.query<{ fire: Date; instance: string; start_time: Date; outcome: string }>(
    `SELECT fire_time AS fire, instance, start_time, outcome FROM sys_quartz_job_run
     WHERE job_id = $1 AND fire_time >= $2 AND fire_time < $3 ORDER BY fire_time`,
    [jobId, new Date(from), new Date(to)],
  );
  return rows.map((row) => ({ fire: row.fire.getTime(), instance: row.instance, startMs: row.start_time.getTime(), outcome: row.outcome }));
}
