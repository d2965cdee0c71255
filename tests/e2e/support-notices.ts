// Processes of their own for notices-restart.test.ts: a throw-away PostgreSQL database, a
// stand-alone backend (`node build/backend.js`) that the test can kill and start again on the
// same port, and a web server (`node build/server.js`) whose BACKEND_URL points at it.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";
import { postgresAdminUrl, postgresReachable as postgresAnswers } from "../support/postgres";

export { postgresAdminUrl, postgresAnswers };

const LOOPBACK = "127.0.0.1";
const OUTPUT_TAIL = 8_000;

/** A fresh database on the local server; `drop()` removes it (open connections included). */
export async function createDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`);
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: postgresAdminUrl() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  return {
    url: postgresAdminUrl().replace(/\/[^/]*$/, `/${name}`),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, LOOPBACK, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface NodeProcess {
  readonly child: ChildProcess;
  /** The last output lines (for failure messages). */
  output(): string;
  /** Resolves once the process has exited. */
  readonly exited: Promise<void>;
  /** SIGKILL (the crash the test is about); resolves once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; resolves once it is gone. */
  stop(): Promise<void>;
}

/** Spawns `node <entry>` with only the given environment (plus PATH and HOME). */
export function spawnNode(entry: string, env: Record<string, string>, label: string): NodeProcess {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_TAIL);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
  });
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const kill = async () => {
    if (!gone()) child.kill("SIGKILL");
    await exited;
  };
  return {
    child,
    output: () => `--- ${label} ---\n${output}`,
    exited,
    kill,
    stop: async () => {
      if (gone()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200; fails early when the process exits. */
export async function waitHealthy(url: string, process_: NodeProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process_.child.exitCode !== null || process_.child.signalCode !== null)
      throw new Error(`exited before ${url} answered\n${process_.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms\n${process_.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
