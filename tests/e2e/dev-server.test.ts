// The README's development server (`npm run dev`: Vite in the web server, no build) serves the
// product: it was broken unnoticed for weeks (every page answered 500: antd's CommonJS locale under
// Vite's SSR runner), since every other test runs the production build. Started on a fresh data
// folder, it serves the sign-in page, signs in through the form's post, and renders 首页 and
// 用户管理 on the server with their data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN_PASSWORD } from "./support/constants";
import { signInRequest } from "./support/browser";
import { startProductServer } from "./support/global-setup";

let server: { baseUrl: string; stop: () => Promise<void> };
beforeAll(async () => {
  server = await startProductServer({ dev: true, logFile: "node_modules/.cache/e2e-logs/dev-server.log" });
}, 300_000);
afterAll(async () => server?.stop());

describe("npm run dev", () => {
  // Vite transforms every module of a page on its first request: minutes on a loaded machine.
  it("serves the sign-in page, signs in, and renders 首页 and 用户管理 with their data", { timeout: 300_000 }, async () => {
    const login = await fetch(`${server.baseUrl}/user/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("登录");

    const { cookie, landing } = await signInRequest("admin", E2E_ADMIN_PASSWORD, undefined, server.baseUrl);
    const headers = { cookie: `${cookie.name}=${cookie.value}` };
    expect(landing).toBe("/dashboard/analysis");
    const home = await fetch(`${server.baseUrl}${landing}`, { headers });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("首页");

    const users = await fetch(`${server.baseUrl}/isystem/user`, { headers });
    expect(users.status).toBe(200);
    const html = await users.text();
    expect(html).toContain("用户管理");
    // The list's rows, server-rendered from the embedded backend's seed.
    expect(html).toContain("teacher_chen");
  });
});
