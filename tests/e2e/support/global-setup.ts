// The product servers of the end-to-end run (docs/decisions/101): one per vitest worker, each on
// its own data folder (a copy of the cached template) and its own mail port, started when the
// worker's first file asks for it (worker-server.ts, through a small control server on 127.0.0.1)
// and stopped at the end of the run. Files in parallel workers share no server and no database.
// Each worker has its Chromium too, started the same way: its files connect to it instead of each
// launching one (a launch costs seconds of CPU; docs/decisions/194), each in contexts of its own.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chromium, type BrowserServer } from "playwright-core";
import { PGlite } from "@electric-sql/pglite";
import { pgliteTemplateFile } from "../../support/template";
import { CHROMIUM_LAUNCH } from "./chromium";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    /** The control server that hands each worker its product server (GET /server/<VITEST_POOL_ID>). */
    e2eControl: string;
  }
}

export interface WorkerServer {
  baseUrl: string;
  /** Where the server sends mail (SMTP_URL); a test listens there with its own SMTP server (tests/support/smtp.ts). */
  smtpPort: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the product server of worker `id`, as every worker's is configured. */
async function startWorkerServer(id: string): Promise<WorkerServer & { stop: () => Promise<void> }> {
  // Chosen here, listened on by the tests that read mail: until one does, sending fails as with a
  // mail server that is down.
  const smtpPort = await freePort();
  const started = await startProductServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "finance@school.example",
      // Registration then alteration of the password (issue #17 part 6).
      SELF_REGISTRATION: "open",
    },
    logFile: `node_modules/.cache/e2e-server-${id}.log`,
  });
  return { ...started, smtpPort };
}

export default async function setup(project: TestProject) {
  // Built here at most once (when its key changed), before any worker's server copies it.
  await pgliteTemplateFile({ adminPassword: E2E_ADMIN_PASSWORD, demoPassword: E2E_DEMO_PASSWORD });
  const servers = new Map<string, Promise<WorkerServer & { stop: () => Promise<void> }>>();
  const browsers = new Map<string, Promise<BrowserServer>>();
  /** Worker `id`'s Chromium: started on first use, and again if the last one died. */
  async function workerBrowser(id: string): Promise<BrowserServer> {
    const current = await browsers.get(id)?.catch(() => null);
    if (current && current.process().exitCode === null && current.process().signalCode === null) return current;
    const started = chromium.launchServer(CHROMIUM_LAUNCH);
    browsers.set(id, started);
    return started;
  }
  const control = createHttpServer((request, response) => {
    const browserOf = /^\/browser\/(\d+)$/.exec(request.url ?? "")?.[1];
    if (browserOf) {
      workerBrowser(browserOf).then(
        (browser) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ wsEndpoint: browser.wsEndpoint() })),
        (error: unknown) => response.writeHead(500).end(String(error instanceof Error ? error.message : error)),
      );
      return;
    }
    const id = /^\/server\/(\d+)$/.exec(request.url ?? "")?.[1];
    if (!id) {
      response.writeHead(404).end();
      return;
    }
    let server = servers.get(id);
    if (!server) {
      server = startWorkerServer(id);
      servers.set(id, server);
    }
    server.then(
      ({ baseUrl, smtpPort }) => response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ baseUrl, smtpPort } satisfies WorkerServer)),
      (error: unknown) => {
        // The next file of this worker (or the rerun) tries again.
        servers.delete(id);
        response.writeHead(500).end(String(error instanceof Error ? error.message : error));
      },
    );
  });
  // Starting a server can take minutes on a loaded machine: no request timeout.
  control.requestTimeout = 0;
  await new Promise<void>((resolve) => control.listen(0, "127.0.0.1", resolve));
  project.provide("e2eControl", `http://127.0.0.1:${(control.address() as { port: number }).port}`);
  return async () => {
    await new Promise((resolve) => control.close(resolve));
    await Promise.all([
      ...[...servers.values()].map((server) => server.then((started) => started.stop(), () => undefined)),
      ...[...browsers.values()].map((browser) => browser.then((started) => started.close(), () => undefined)),
    ]);
  };
}

/**
 * Starts the production build (node build/server.js, embedded backend) on a fresh data folder with
 * `env` added to the e2e settings, once it answers /healthz. Tests that need the server configured
 * otherwise (CAS, OpenID providers) start their own with it.
 */
export async function startProductServer(options: {
  env?: Record<string, string>;
  port?: number;
  logFile: string;
  /** `npm run dev` (the README's development server: Vite, no build) instead of the production build. */
  dev?: boolean;
}): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "school-e2e-"));
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    DEMO_PASSWORD: E2E_DEMO_PASSWORD,
    BACKEND_URL: "",
    SESSION_SECRET: "e2e-session-secret",
    ...options.env,
  };
  // On PGlite the data folder starts as a copy of the cached template (docs/decisions/065): the
  // server finds every migration applied and the seed in place instead of running them again.
  if (!env.DATABASE_URL) await copyTemplateInto(dataDir, { adminPassword: env.ADMIN_PASSWORD!, demoPassword: env.DEMO_PASSWORD! });
  if (options.dev) delete env.NODE_ENV;
  // The development server runs under npm and tsx: its own process group, stopped as a whole.
  const server: ChildProcess = options.dev
    ? spawn("npm", ["run", "--silent", "dev"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true })
    : spawn(process.execPath, ["build/server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // The server's output is kept in a file: if it dies mid-run, the reason is there.
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  server.stdout!.on("data", (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  server.stderr!.on("data", (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  server.once("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM") console.error(`[e2e] the server exited (${code ?? signal}); see ${options.logFile}\n${output.slice(-3000)}`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Migrating and seeding a fresh PGlite database takes seconds on a quiet machine, minutes under heavy load.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 300 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        if (options.dev && server.pid) process.kill(-server.pid, "SIGTERM");
        else server.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes a copy of the migrated and seeded template (tests/support/template.ts) as the PGlite folder `dataDir`. */
export async function copyTemplateInto(dataDir: string, passwords: { adminPassword: string; demoPassword: string }): Promise<void> {
  const template = await pgliteTemplateFile(passwords);
  const database = await PGlite.create({ dataDir, loadDataDir: new Blob([readFileSync(template)]) });
  await database.close();
}
