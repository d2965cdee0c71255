// The product behind nginx as the README's "Running behind nginx" configures it: the nginx
// configuration (read from the README, ports changed, no TLS), nginx started in a temporary
// folder and stopped, the environment of the web servers and backends behind it, and the Redis
// checks and clean-up. Shared by tests/e2e/topology.test.ts and bench/topology.ts: no vitest here.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const NGINX_PATH = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const TEMP_PATHS = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"] as const;
const STOP_GRACE_MS = 10_000;

/** nginx's two listeners and the instances behind them: one or two web servers, one or two backends. */
export interface TopologyPorts {
  /** The front listener (the README's `listen 443 ssl http2`). */
  listen: number;
  /** The backends' listener for the web servers (the README's 8090). */
  backendListen: number;
  web: readonly number[];
  backend: readonly number[];
}

/**
 * The README's nginx block, with these ports and without TLS, wrapped in a complete nginx.conf
 * whose pid, logs and temporary files live in `dir`. With one web server (or backend), the
 * upstream keeps only its first `server` line.
 */
export function nginxConfig(ports: TopologyPorts, dir: string): string {
  for (const [name, list] of [["web", ports.web], ["backend", ports.backend]] as const)
    if (list.length < 1 || list.length > 2) throw new Error(`the README's upstreams have two servers: ${list.length} ${name} instances asked`);
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const block = /## Running behind nginx[\s\S]*?```nginx\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md has no nginx block under 'Running behind nginx'");
  // The README's second instances: their `server` lines go when only one instance runs.
  const dropped = [...(ports.web.length < 2 ? ["127.0.0.1:3001"] : []), ...(ports.backend.length < 2 ? ["127.0.0.1:8081"] : [])];
  const upstreams = block
    .split("\n")
    .filter((line) => !dropped.some((address) => line.includes(`server ${address} `)))
    .join("\n");
  const instance: Record<string, number | undefined> = { "3000": ports.web[0], "3001": ports.web[1], "8080": ports.backend[0], "8081": ports.backend[1] };
  // One pass, so that a new port can never be taken for one of the README's.
  const site = upstreams
    .replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.listen};`)
    .replace("listen 127.0.0.1:8090;", `listen 127.0.0.1:${ports.backendListen};`)
    .replace(/127\.0\.0\.1:(3000|3001|8080|8081)\b/g, (address, port: string) => `127.0.0.1:${instance[port] ?? address}`);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "worker_processes 2;",
    "daemon off;",
    `pid ${path.join(dir, "nginx.pid")};`,
    `error_log ${path.join(dir, "error.log")} warn;`,
    "events { worker_connections 4096; }",
    "http {",
    "  access_log off;",
    `  ${TEMP_PATHS.map(temp).join(" ")}`,
    site,
    "}",
  ].join("\n");
}

export interface RunningNginx {
  readonly child: ChildProcess;
  /** The master's pid. */
  readonly pid: number;
  /** The temporary folder: nginx.conf, pid, error.log, temporary files. */
  readonly dir: string;
  /** `http://127.0.0.1:<listen>`: what a browser talks to. */
  readonly front: string;
  /** `http://127.0.0.1:<backendListen>/jeecg-boot`: the web servers' BACKEND_URL. */
  readonly backendUrl: string;
  /** What nginx printed on stderr. */
  stderr(): string;
  /** The worker processes' pids (children of the master). */
  workerPids(): number[];
  /** Polls `<front>/healthz` (every 100 ms) until it answers 2xx; fails when nginx exits or after timeoutMs. */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Graceful stop (SIGQUIT), SIGKILL to master and workers after 10 s; removes the folder. Idempotent. */
  stop(): Promise<void>;
}

const liveNginx = new Set<RunningNginx>();
let exitHookInstalled = false;

/** Child pids of `parent`, from /proc (Linux). */
export function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The field after the parenthesised command name and the state is the parent's pid.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

function killHard(pids: number[]): void {
  // Never 0 or negative: those would signal process groups (or everything).
  for (const pid of pids.filter((value) => Number.isInteger(value) && value > 0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** SIGKILLs every nginx this process started that still runs (synchronous: fit for an exit hook). */
export function killAllNginx(): void {
  for (const nginx of liveNginx) {
    if (nginx.pid > 0 && nginx.child.exitCode === null && nginx.child.signalCode === null) killHard([...nginx.workerPids(), nginx.pid]);
    rmSync(nginx.dir, { recursive: true, force: true });
  }
  liveNginx.clear();
}

/**
 * Writes the configuration into a new temporary folder and starts nginx (in the foreground, so it
 * is this process's child) on it. Does not wait: call waitReady once the instances run.
 */
export function startNginx(ports: TopologyPorts, nginxPath = NGINX_PATH): RunningNginx {
  const dir = mkdtempSync(path.join(tmpdir(), "school-nginx-"));
  // Workers run as another user unless root: they must reach the temporary folders.
  chmodSync(dir, 0o755);
  for (const name of TEMP_PATHS) mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(ports, dir));
  const child = spawn(nginxPath, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr!.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
  let failedToSpawn = false;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
    // A spawn failure (no such binary) may come without an exit event.
    child.once("error", (error) => {
      errors += `${error.message}\n`;
      failedToSpawn = true;
      resolve();
    });
  });
  const gone = () => failedToSpawn || child.exitCode !== null || child.signalCode !== null;
  const front = `http://127.0.0.1:${ports.listen}`;
  let stopping: Promise<void> | null = null;

  const nginx: RunningNginx = {
    child,
    pid: child.pid ?? -1,
    dir,
    front,
    backendUrl: `http://127.0.0.1:${ports.backendListen}/jeecg-boot`,
    stderr: () => errors,
    workerPids: () => (child.pid === undefined || gone() ? [] : childPids(child.pid)),
    async waitReady(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await fetch(`${front}/healthz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.ok, () => false))) {
        if (Date.now() > deadline || gone()) throw new Error(`nginx did not start: ${errors}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop() {
      stopping ??= (async () => {
        if (!gone()) {
          const workers = nginx.workerPids();
          child.kill("SIGQUIT");
          const graceful = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), STOP_GRACE_MS))]);
          if (!graceful) {
            killHard([...workers, ...nginx.workerPids(), nginx.pid]);
            await exited;
          }
        }
        liveNginx.delete(nginx);
        rmSync(dir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
  liveNginx.add(nginx);
  if (!exitHookInstalled) {
    // Last line of defence: no nginx outlives the process that started it.
    process.on("exit", killAllNginx);
    exitHookInstalled = true;
  }
  return nginx;
}

/** Whether nginx is installed at nginxPath. */
export function nginxInstalled(nginxPath = NGINX_PATH): boolean {
  return existsSync(nginxPath);
}

/** The variables every instance behind nginx shares (README): database, Redis, seed passwords. */
export interface SharedInstanceEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  ADMIN_PASSWORD: string;
  DEMO_PASSWORD: string;
  [name: string]: string;
}

/** A backend (`build/backend.js`) behind nginx. */
export function backendEnv(shared: SharedInstanceEnv, port: number): Record<string, string> {
  return { ...shared, BACKEND_PORT: String(port) };
}

/** A web server (`build/server.js`) behind nginx: no database of its own, the backends through nginx, one session secret. */
export function webEnv(shared: SharedInstanceEnv, port: number, backendUrl: string, sessionSecret: string): Record<string, string> {
  return { ...shared, PORT: String(port), HOST: "127.0.0.1", BACKEND_URL: backendUrl, SESSION_SECRET: sessionSecret, DATABASE_URL: "" };
}

/** Whether Redis answers PING at url within `timeoutMs`, trying once. */
export async function redisAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, retryStrategy: () => null, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  client.on("error", () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Deletes the keys matching `pattern` (a Redis glob, e.g. `prefix*`); answers how many. */
export async function deleteRedisKeys(url: string, pattern: string): Promise<number> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(pattern);
    if (keys.length > 0) await redis.del(...keys);
    return keys.length;
  } finally {
    redis.disconnect();
  }
}
