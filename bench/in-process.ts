// An embedded backend for a bench, in this process: served on a free local port and signed in as
// admin. The benches that measure the backend itself (monitor, shop, history-cost) start from here.
import express from "express";
import type { AddressInfo } from "node:net";
import { BACKEND_BASE_PATH, createBackend } from "../backend/index";

export interface BenchBackend {
  backend: Awaited<ReturnType<typeof createBackend>>;
  /** The backend's base URL (…/jeecg-boot). */
  base: string;
  token: string;
  /** JSON requests as the signed-in admin. */
  headers: Record<string, string>;
  close(): Promise<void>;
}

export async function startBenchBackend(adminPassword: string, { scheduler = true } = {}): Promise<BenchBackend> {
  const silent = { info: () => undefined, error: (message: string) => console.error(message) };
  const backend = await createBackend({ adminPassword, logger: silent, ...(scheduler ? {} : { scheduler: false }) });
  const app = express();
  app.use(BACKEND_BASE_PATH, backend.router);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BACKEND_BASE_PATH}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await backend.close();
  };
  try {
    const login = await fetch(`${base}/sys/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username: "admin", password: adminPassword }) });
    const token = ((await login.json()) as { result: { token: string } }).result.token;
    return { backend, base, token, headers: { "Content-Type": "application/json", "X-Access-Token": token }, close };
  } catch (error) {
    await close();
    throw error;
  }
}
