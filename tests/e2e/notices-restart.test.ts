// The notice bridge survives a backend crash (issue 5, "Killing and restarting the backend"): a
// stand-alone backend (`node build/backend.js`, on a throw-away PostgreSQL database so that
// sessions and notices survive the crash) behind a web server (`node build/server.js`,
// BACKEND_URL); the user's page is open; the backend is killed (SIGKILL) and started again on the
// same port; the bridge reconnects on its own and the next notices reach the open page without a
// reload. Without a local PostgreSQL server (or with NOTICES_RESTART_PGLITE=1) the backend keeps
// its PGlite database in a temporary DATA_DIR instead, which survives the kill just as well.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newBrowserContext, signInAs } from "./support/browser";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./support/constants";
import { createDatabase, freePort, postgresAnswers, spawnNode, waitHealthy, type NodeProcess } from "./support-notices";

const READER = "teacher_chen";
/** Live delivery, and the bridge's reconnect (5 s after the close) plus the backend's start. */
const LIVE_MS = 10_000;
const RECONNECT_MS = 15_000;

const usePostgres = process.env.NOTICES_RESTART_PGLITE !== "1" && (await postgresAnswers());

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  result: T;
}

describe(`notices across a backend restart (${usePostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let database: { url: string; drop(): Promise<void> } | null = null;
  let dataDir = "";
  let backendProcess: NodeProcess | null = null;
  let web: NodeProcess | null = null;
  let browser: Browser | null = null;
  let backendPort = 0;
  let webUrl = "";
  let backendUrl = "";
  let adminToken = "";
  let readerId = "";

  const startBackend = async () => {
    backendProcess = spawnNode(
      path.resolve("build/backend.js"),
      {
        BACKEND_PORT: String(backendPort),
        ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir }),
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      },
      "backend",
    );
    await waitHealthy(`http://127.0.0.1:${backendPort}/healthz`, backendProcess);
  };

  async function api<T = unknown>(method: "GET" | "POST", apiPath: string, body?: unknown): Promise<Envelope<T>> {
    const response = await fetch(`${backendUrl}${apiPath}`, {
      method,
      headers: { "Content-Type": "application/json", ...(adminToken ? { "X-Access-Token": adminToken } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return (await response.json()) as Envelope<T>;
  }

  /** add (USER, to the reader) and doReleaseData as admin, straight on the backend's HTTP API. */
  async function release(titile: string): Promise<void> {
    const added = await api("POST", "/sys/annountCement/add", {
      titile,
      msgContent: `<p>${titile}</p>`,
      msgCategory: "1",
      msgType: "USER",
      userIds: `${readerId},`,
      priority: "M",
    });
    expect(added.success, added.message).toBe(true);
    const found = await api<{ records: Array<{ id: string; titile: string }> }>("GET", `/sys/annountCement/list?titile=${encodeURIComponent(titile)}`);
    const id = found.result.records.find((record) => record.titile === titile)?.id;
    expect(id).toBeTruthy();
    const released = await api("GET", `/sys/annountCement/doReleaseData?id=${id}`);
    expect(released.success, released.message).toBe(true);
  }

  beforeAll(async () => {
    if (usePostgres) database = await createDatabase("school_e2e_restart");
    else dataDir = mkdtempSync(path.join(tmpdir(), "school-e2e-restart-"));
    backendPort = await freePort();
    const webPort = await freePort();
    backendUrl = `http://127.0.0.1:${backendPort}/jeecg-boot`;
    webUrl = `http://127.0.0.1:${webPort}`;
    await startBackend();
    web = spawnNode(
      path.resolve("build/server.js"),
      { PORT: String(webPort), HOST: "127.0.0.1", BACKEND_URL: backendUrl, SESSION_SECRET: "e2e-restart-session-secret" },
      "web",
    );
    await waitHealthy(`${webUrl}/healthz`, web);
    const login = await api<{ token: string }>("POST", "/sys/login", { username: "admin", password: E2E_ADMIN_PASSWORD });
    expect(login.success, login.message).toBe(true);
    adminToken = login.result.token;
    const users = await api<{ records: Array<{ id: string; username: string }> }>("GET", `/sys/user/list?username=${READER}`);
    readerId = users.result.records.find((user) => user.username === READER)!.id;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await web?.stop();
    await backendProcess?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const bell = (page: Page) => page.getByTestId("notice-bell");
  const unread = async (page: Page) => Number(await bell(page).getAttribute("data-unread"));
  const streamOf = (page: Page) => bell(page).getAttribute("data-stream");
  const reminder = (page: Page, title: string) => page.locator(".ant-notification-notice").filter({ hasText: "消息提醒" }).filter({ hasText: title });

  it("reconnects the bridge after the backend is killed and restarted, and the next notices still arrive", async () => {
    const context = await newBrowserContext(browser!, { baseURL: webUrl });
    const page = await context.newPage();
    try {
      await signInAs(page, READER, E2E_DEMO_PASSWORD, webUrl);
      await hydrated(page);
      await expect.poll(() => streamOf(page), { timeout: LIVE_MS }).toBe("up");
      const start = await unread(page);
      // A mark on this document: a reload would lose it.
      await page.evaluate(() => {
        (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
      });

      const first = `重启前的通知 ${Date.now()}`;
      await release(first);
      await expect.poll(() => unread(page), { timeout: LIVE_MS }).toBe(start + 1);
      await expect.poll(() => reminder(page, first).isVisible(), { timeout: LIVE_MS }).toBe(true);

      // The backend crashes: the bridge loses its upstream socket and tells the page.
      await backendProcess!.kill();
      await expect.poll(() => streamOf(page), { timeout: LIVE_MS }).toBe("down");

      // Started again on the same port. A notice released at once (before the bridge's next
      // attempt) reaches the page when the stream is back up: the page reloads its list then.
      await startBackend();
      const during = `重启时的通知 ${Date.now()}`;
      await release(during);
      await expect.poll(() => streamOf(page), { timeout: RECONNECT_MS }).toBe("up");
      await expect.poll(() => unread(page), { timeout: LIVE_MS }).toBe(start + 2);

      // And the reconnected channel carries the next notice live: badge and reminder, no reload.
      const after = `重启后的通知 ${Date.now()}`;
      await release(after);
      await expect.poll(() => unread(page), { timeout: LIVE_MS }).toBe(start + 3);
      await expect.poll(() => reminder(page, after).isVisible(), { timeout: LIVE_MS }).toBe(true);
      // Still the same document: nothing reloaded it.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
