// Reusable helpers for the benchmarks: start/stop the built server, poll for readiness, read
// memory, compute percentiles and gzip sizes, and sign in through the real HTML form.
// Everything talks to 127.0.0.1 only, and every spawned server is killed when this process exits.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSize, scriptAssets } from "../tests/support/page-scripts";

/** The project root (the folder that holds package.json and build/). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = path.join(PROJECT_ROOT, "build", "server.js");

/** Ports reserved for the benchmarks (others may run servers on 3100-3999). */
export const BENCH_PORT_MIN = 4700;
export const BENCH_PORT_MAX = 4799;

const LOOPBACK = "127.0.0.1";
const DEFAULT_READY_TIMEOUT_MS = 60_000;
const DEFAULT_POLL_INTERVAL_MS = 20;
const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 15_000;
const OUTPUT_TAIL_LINES = 60;

// ---- process bookkeeping ------------------------------------------------------------------------

const liveChildren = new Set<ChildProcess>();

/** Kills (SIGKILL) every server this process started that is still running. Synchronous. */
export function killAllServers(): void {
  for (const child of liveChildren) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill("SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
  liveChildren.clear();
}

// Last line of defence: whatever happens, no server outlives the benchmark process.
process.on("exit", killAllServers);

/**
 * Installs handlers so that Ctrl-C, SIGTERM, SIGHUP and uncaught errors kill the servers first.
 * Call once from the entry point.
 */
export function installCleanupHandlers(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: killing the servers and stopping`);
      killAllServers();
      process.exit(130);
    });
  }
  process.once("uncaughtException", (error) => {
    console.error("[bench] uncaught exception:", error);
    killAllServers();
    process.exit(1);
  });
  process.once("unhandledRejection", (reason) => {
    console.error("[bench] unhandled rejection:", reason);
    killAllServers();
    process.exit(1);
  });
}

// ---- ports ---------------------------------------------------------------------------------------

/** Whether nothing listens on 127.0.0.1:port (binding fails if 0.0.0.0:port is taken too). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: LOOPBACK, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first free port in [from, BENCH_PORT_MAX]; throws when all are taken. */
export async function findFreePort(from = BENCH_PORT_MIN): Promise<number> {
  const start = Math.max(from, BENCH_PORT_MIN);
  for (let port = start; port <= BENCH_PORT_MAX; port++) if (await isPortFree(port)) return port;
  throw new Error(`no free port in ${start}-${BENCH_PORT_MAX}`);
}

// ---- HTTP ----------------------------------------------------------------------------------------

/** fetch with a hard timeout (no request of the benchmarks may hang). */
export async function fetchWithTimeout(url: string, init: RequestInit = {}, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Promise<Response> {
  const host = new URL(url).hostname;
  if (host !== LOOPBACK && host !== "localhost") throw new Error(`refusing non-loopback URL ${url}`);
  return fetch(url, { ...init, signal: AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs))) });
}

export interface WaitFor200Options {
  /** performance.now() origin of the measurement; defaults to the moment of the call. */
  startedAtMs?: number;
  timeoutMs?: number;
  intervalMs?: number;
  /** Extra request headers (e.g. a Cookie). */
  headers?: Record<string, string>;
  /** Checked before every attempt; a returned string aborts the wait with that reason. */
  abortIf?: () => string | null;
}

/**
 * Polls `url` with GET until it answers 200 (one attempt every `intervalMs`, 20 ms by default) and
 * returns the milliseconds from `startedAtMs` to that answer, its body fully read.
 */
export async function waitFor200(url: string, options: WaitFor200Options = {}): Promise<number> {
  const startedAtMs = options.startedAtMs ?? performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const deadline = startedAtMs + timeoutMs;
  let lastProblem = "no attempt";
  // Bounded: each turn takes at least intervalMs or ends by the deadline.
  while (performance.now() < deadline) {
    const reason = options.abortIf?.();
    if (reason) throw new Error(`waiting for ${url}: ${reason}`);
    const attemptAt = performance.now();
    try {
      const remaining = Math.max(1, deadline - attemptAt);
      const response = await fetchWithTimeout(url, { headers: options.headers, redirect: "manual" }, remaining);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - startedAtMs;
      lastProblem = `status ${response.status}`;
    } catch (error) {
      lastProblem = describeError(error);
    }
    const wait = intervalMs - (performance.now() - attemptAt);
    if (wait > 0) await sleep(wait);
  }
  throw new Error(`no 200 from ${url} within ${timeoutMs} ms (last: ${lastProblem})`);
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    const code = cause && typeof cause === "object" && "code" in cause ? String(cause.code) : "";
    return code ? `${error.message} (${code})` : error.message;
  }
  return String(error);
}

// ---- the server ----------------------------------------------------------------------------------

export interface StartServerOptions {
  /** Extra environment (DATA_DIR, ADMIN_PASSWORD, …); wins over the defaults. */
  env: Record<string, string>;
  /** A port in 4700-4799. */
  port: number;
  /** Path polled until it answers 200; /healthz by default. */
  readyPath?: string;
  readyTimeoutMs?: number;
  pollIntervalMs?: number;
}

export interface RunningServer {
  pid: number;
  baseUrl: string;
  /** performance.now() just before the spawn. */
  startedAtMs: number;
  /** Milliseconds from the spawn to the first 200 on readyPath. */
  readyMs: number;
  /** The last lines the server printed (for error messages). */
  outputTail(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once the process has exited. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Spawns `node build/server.js` in production mode on 127.0.0.1:port with a clean environment
 * (nothing such as DATABASE_URL or BACKEND_URL leaks in from the caller) and waits until
 * readyPath answers 200. Rejects, with the server killed, if it exits or is not ready in time.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { port } = options;
  if (!Number.isInteger(port) || port < BENCH_PORT_MIN || port > BENCH_PORT_MAX)
    throw new Error(`port ${port} is outside ${BENCH_PORT_MIN}-${BENCH_PORT_MAX}`);
  if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  if (!(await isPortFree(port))) throw new Error(`port ${port} is already in use`);

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/tmp",
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    LANG: process.env.LANG ?? "C.UTF-8",
    ...options.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: LOOPBACK,
  };
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const readyPath = options.readyPath ?? "/healthz";

  const startedAtMs = performance.now();
  // BENCH_NODE_ARGS (for example `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the servers.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  liveChildren.add(child);

  // Keep only the tail of the output; reading it also keeps the pipes from filling up.
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) tail.push(line);
    if (tail.length > OUTPUT_TAIL_LINES) tail.splice(0, tail.length - OUTPUT_TAIL_LINES);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const outputTail = () => tail.join("\n");

  let spawnError: Error | null = null;
  child.once("error", (error) => {
    spawnError = error;
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  void exited.then(() => liveChildren.delete(child));
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (hasExited()) return;
      child.kill("SIGTERM");
      const graceful = await Promise.race([exited.then(() => true), sleep(STOP_GRACE_MS).then(() => false)]);
      if (!graceful && !hasExited()) {
        child.kill("SIGKILL");
        await Promise.race([exited, sleep(5_000)]);
      }
    })();
    return stopping;
  };

  try {
    const readyMs = await waitFor200(baseUrl + readyPath, {
      startedAtMs,
      timeoutMs: options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      intervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
      abortIf: () => {
        if (spawnError) return `spawn failed: ${spawnError.message}`;
        if (hasExited()) return `server exited (code ${child.exitCode}, signal ${child.signalCode})`;
        return null;
      },
    });
    if (child.pid === undefined) throw new Error("server has no pid");
    return { pid: child.pid, baseUrl, startedAtMs, readyMs, outputTail, stop };
  } catch (error) {
    await stop();
    const output = outputTail();
    throw new Error(`${error instanceof Error ? error.message : String(error)}${output ? `\n--- server output ---\n${output}` : ""}`);
  }
}

// ---- measurements --------------------------------------------------------------------------------

/**
 * The p-th percentile (0-100) with linear interpolation between closest ranks (numpy's default);
 * percentile(v, 50) is the median. Throws on an empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("percentile of an empty list");
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is outside 0-100`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low] + (sorted[high] - sorted[low]) * (rank - low);
}

/** Resident memory (VmRSS) of a process in MB (1 MB = 1024 kB), from /proc/<pid>/status (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) / 1024;
}


/** Rounds to a number of decimals (for the report). */
export function round(value: number, decimals = 1): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

// ---- sign-in -------------------------------------------------------------------------------------

export interface SignInAnswer {
  /** "name=value" pairs of the Set-Cookie headers, joined by "; " (ready for a Cookie header). */
  cookie: string;
  /** The absolute URL of the redirect target. */
  location: string;
}

/**
 * Posts the sign-in form (application/x-www-form-urlencoded username and password) to /user/login
 * without following the redirect. A success answers 302 with Set-Cookie; anything else throws.
 */
export async function signInDetailed(baseUrl: string, username: string, password: string): Promise<SignInAnswer> {
  return postSignInForm(baseUrl, "/user/login", { username, password }, username);
}

/** Posts any sign-in form (e.g. 手机号登录's `tab=phone&mobile&captcha` to /user/login) as signInDetailed. */
export async function postSignInForm(baseUrl: string, formPath: string, fields: Record<string, string>, who: string): Promise<SignInAnswer> {
  const response = await fetchWithTimeout(`${baseUrl}${formPath}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  const username = who;
  if (response.status !== 302) throw new Error(`sign-in as ${username} answered ${response.status}, expected 302`);
  const pairs = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0].trim())
    .filter((pair) => pair.includes("=") && !pair.endsWith("="));
  if (pairs.length === 0) throw new Error(`sign-in as ${username} answered 302 without a Set-Cookie`);
  const location = response.headers.get("location");
  if (!location) throw new Error(`sign-in as ${username} answered 302 without a Location`);
  return { cookie: pairs.join("; "), location: new URL(location, baseUrl).toString() };
}

/** Signs in through the form and returns the session cookie's "name=value" pair. */
export async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  return (await signInDetailed(baseUrl, username, password)).cookie;
}

/** GET with an optional cookie; returns status and full body. Never follows redirects. */
export async function getPage(url: string, cookie?: string): Promise<{ status: number; body: Buffer; location: string | null }> {
  const response = await fetchWithTimeout(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, location: response.headers.get("location") };
}

export { gzipSize, scriptAssets, signInPathScripts } from "../tests/support/page-scripts";

// ---- page weight ---------------------------------------------------------------------------------

/** Every /assets/*.js a page loads, raw and gzipped (level 9). */
export async function measurePageJs(baseUrl: string, pagePath: string, cookie?: string, maxAssets = 200) {
  const page = await expectStatus(getPage(baseUrl + pagePath, cookie), 200, pagePath);
  const files = scriptAssets(page.body.toString("utf8"), baseUrl);
  if (files.length === 0) throw new Error(`${pagePath} references no /assets/*.js`);
  if (files.length > maxAssets) throw new Error(`${pagePath} references ${files.length} scripts`);
  const sizes: { file: string; rawBytes: number; gzipBytes: number }[] = [];
  for (const file of files) {
    const asset = await expectStatus(getPage(baseUrl + file), 200, file);
    sizes.push({ file, rawBytes: asset.body.length, gzipBytes: gzipSize(asset.body) });
  }
  sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalGzip = sizes.reduce((sum, item) => sum + item.gzipBytes, 0);
  const totalRaw = sizes.reduce((sum, item) => sum + item.rawBytes, 0);
  return { totalGzipKb: round(totalGzip / 1024), totalRawKb: round(totalRaw / 1024), files: sizes };
}

export async function expectStatus<T extends { status: number }>(pending: Promise<T>, status: number, what: string): Promise<T> {
  const answer = await pending;
  if (answer.status !== status) throw new Error(`GET ${what} answered ${answer.status}, expected ${status}`);
  return answer;
}

