// Starts the production build (node build/server.js, embedded backend, fresh data folder) once
// for the end-to-end run, and stops it afterwards.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | null = null;
let dataDir = "";

export default async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(tmpdir(), "school-e2e-"));
  const port = await freePort();
  server = spawn(process.execPath, ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      BACKEND_URL: "",
      SESSION_SECRET: "e2e-session-secret",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // The server's output is kept in a file: if it dies mid-run, the reason is there.
  mkdirSync("node_modules/.cache", { recursive: true });
  const log = createWriteStream("node_modules/.cache/e2e-server.log");
  server.stdout!.on("data", (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  server.stderr!.on("data", (chunk) => {
    output += chunk;
    log.write(chunk);
  });
  server.once("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM") console.error(`[e2e] the server exited (${code ?? signal}); see node_modules/.cache/e2e-server.log\n${output.slice(-3000)}`);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 90 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide("baseUrl", baseUrl);
  return async () => {
    server?.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
