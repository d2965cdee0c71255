// The other ways in, end to end in Chromium (issue #17 parts 1, 5, 6): phone code sign-in with the
// code read from the recorded SMS (消息, as a developer reads it), registration then the four-step
// alteration of the password then sign-in with the new one, and the tenant choice of an account in
// two schools (remembered at its next sign-in).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, hydrated, launchBrowser, newPage } from "./support/browser";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./support/constants";

const ok = /确\s*定/;
let browser: Browser;
let adminToken = "";

async function backend(path: string, init: { method?: string; body?: unknown; token?: string; tenant?: number } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.token) headers["X-Access-Token"] = init.token;
  if (init.tenant) headers["X-Tenant-Id"] = String(init.tenant);
  const response = await fetch(`${baseUrl()}/jeecg-boot${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return response.json();
}

/** The code of the phone's newest recorded SMS (not `used`), as the administrator reads it under 消息. */
async function recordedCode(mobile: string, used = ""): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const list = await backend(`/sys/message/sysMessage/list?esReceiver=${mobile}&pageSize=50`, { token: adminToken });
      const codes = (list.result?.records ?? [])
        .filter((record: { esSendStatus: string }) => record.esSendStatus === "3")
        .map((record: { esContent: string }) => /(\d{6})/.exec(record.esContent)?.[1] ?? "")
        .filter((found: string) => found && found !== used);
      code = codes[0] ?? "";
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A role of the second school granting 我的消息, held by `username` (roles live in a tenant). */
async function roleInSecondSchool(username: string) {
  const code = `e2e_campus2_${Date.now() % 100000}`;
  const added = await backend("/sys/role/add", { method: "POST", token: adminToken, tenant: 2, body: { roleName: "分校职员", roleCode: code } });
  expect(added.success).toBe(true);
  const role = (await backend(`/sys/role/list?roleCode=${code}`, { token: adminToken, tenant: 2 })).result.records[0];
  const tree = (await backend("/sys/permission/queryTreeList", { token: adminToken, tenant: 2 })).result.treeList;
  const find = (nodes: Array<{ key: string; title: string; children?: unknown[] }>): string | undefined => {
    for (const node of nodes) {
      if (node.title === "我的消息") return node.key;
      const inner = find((node.children ?? []) as typeof nodes);
      if (inner) return inner;
    }
    return undefined;
  };
  const saved = await backend("/sys/permission/saveRolePermission", {
    method: "POST",
    token: adminToken,
    tenant: 2,
    body: { roleId: role.id, permissionIds: find(tree), lastpermissionIds: "" },
  });
  expect(saved.success).toBe(true);
  const user = (await backend(`/sys/user/list?username=${username}`, { token: adminToken, tenant: 2 })).result.records[0];
  const joined = await backend("/sys/user/addSysUserRole", { method: "POST", token: adminToken, tenant: 2, body: { roleId: role.id, userIdList: [user.id] } });
  expect(joined.success).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await backend("/sys/login", { method: "POST", body: { username: "admin", password: E2E_ADMIN_PASSWORD } })).result.token;
});
afterAll(async () => browser?.close());

async function fresh(): Promise<Page> {
  return newPage(browser);
}

describe("phone sign-in", () => {
  it("sends a code to the phone, which signs in to the asked page", async () => {
    const page = await fresh();
    await page.goto("/user/login?redirect=%2Fisps%2FuserAnnouncement");
    await hydrated(page);
    await page.getByRole("link", { name: "手机号登录" }).click();
    await page.getByLabel("手机号", { exact: true }).waitFor();
    await page.getByLabel("手机号", { exact: true }).fill("15801010004");
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expect.poll(() => page.getByText("验证码已发送，10分钟内有效").isVisible()).toBe(true);
    const code = await recordedCode("15801010004");
    await page.getByLabel("验证码", { exact: true }).fill(code);
    await page.getByRole("button", { name: ok }).click();
    await page.waitForURL("**/isps/userAnnouncement");
    await page.locator(".main-layout").waitFor();
    expect(await page.getByTestId("current-user").textContent()).toBe("陈静");
    await page.context().close();
  }, 120_000);

  it("refuses a wrong code with the contract's text", async () => {
    const page = await fresh();
    await page.goto("/user/login?tab=phone");
    await hydrated(page);
    await page.getByLabel("手机号", { exact: true }).fill("15801010003");
    await page.getByLabel("验证码", { exact: true }).fill("000000");
    await page.getByRole("button", { name: ok }).click();
    await expect.poll(() => page.getByText("手机验证码错误").isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);
});

describe("registration and alteration", () => {
  it("registers, changes the password through the phone, and signs in with the new one", async () => {
    const suffix = String(Date.now()).slice(-6);
    const username = `e2e_${suffix}`;
    const mobile = `139${suffix}00`;
    const page = await fresh();
    await page.goto("/user/login");
    await hydrated(page);
    await page.getByRole("link", { name: "注册账户" }).click();
    await page.waitForURL("**/user/register");
    await hydrated(page);
    await page.getByLabel("手机号", { exact: true }).fill(mobile);
    await page.getByRole("button", { name: "获取验证码" }).click();
    await expect.poll(() => page.getByText("验证码已发送，10分钟内有效").isVisible()).toBe(true);
    const registrationCode = await recordedCode(mobile);
    await page.getByLabel("验证码", { exact: true }).fill(registrationCode);
    await page.getByLabel("用户名").fill(username);
    await page.getByLabel("密码", { exact: true }).fill("Reg-User-2026!");
    await page.getByLabel("确认密码").fill("Reg-User-2026!");
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await page.waitForURL("**/user/register-result**");
    await expect.poll(() => page.getByRole("heading", { name: `你的账户：${username} 注册成功` }).isVisible()).toBe(true);

    // 找回密码: phone, code, new password, done.
    await page.goto("/user/login");
    await hydrated(page);
    await page.getByRole("link", { name: "忘记密码" }).click();
    await page.waitForURL("**/user/alteration");
    await hydrated(page);
    await page.getByLabel("手机号", { exact: true }).fill(mobile);
    await page.getByRole("button", { name: /下一步/ }).click();
    await page.waitForURL("**/user/alteration?step=2");
    await page.getByLabel("验证码", { exact: true }).fill(await recordedCode(mobile, registrationCode));
    await page.getByRole("button", { name: /下一步/ }).click();
    await page.waitForURL("**/user/alteration?step=3");
    await expect.poll(() => page.getByText(`账户：${username}。`).isVisible()).toBe(true);
    await page.getByLabel("新密码", { exact: true }).fill("New-User-2026!");
    await page.getByLabel("确认新密码").fill("New-User-2026!");
    await page.getByRole("button", { name: /提\s*交/ }).click();
    await page.waitForURL("**/user/alteration?step=4");
    await expect.poll(() => page.getByText("密码重置完成！").isVisible()).toBe(true);

    // An administrator gives the new account a role; then it signs in with the new password only.
    const users = await backend(`/sys/user/list?username=${username}`, { token: adminToken });
    const roles = await backend("/sys/role/list?roleCode=teacher", { token: adminToken });
    const granted = await backend("/sys/user/addSysUserRole", {
      method: "POST",
      token: adminToken,
      body: { roleId: roles.result.records[0].id, userIdList: [users.result.records[0].id] },
    });
    expect(granted.success).toBe(true);
    await page.getByRole("link", { name: "返回登录" }).click();
    await page.waitForURL("**/user/login");
    await hydrated(page);
    await page.getByLabel("用户名").fill(username);
    await page.getByLabel("密码", { exact: true }).fill("Reg-User-2026!");
    await page.getByRole("button", { name: ok }).click();
    await expect.poll(() => page.getByText("用户名或密码错误").isVisible()).toBe(true);
    await page.getByLabel("用户名").fill(username);
    await page.getByLabel("密码", { exact: true }).fill("New-User-2026!");
    await page.getByRole("button", { name: ok }).click();
    await page.locator(".main-layout").waitFor();
    expect(await page.getByTestId("current-user").textContent()).toBe(username);
    await page.context().close();
  }, 180_000);
});

describe("tenant choice", () => {
  it("asks an account of two schools which one, and remembers it", async () => {
    await roleInSecondSchool("principal_zhang");
    const page = await fresh();
    await page.goto("/user/login");
    await hydrated(page);
    await page.getByLabel("用户名").fill("principal_zhang");
    await page.getByLabel("密码", { exact: true }).fill(E2E_DEMO_PASSWORD);
    await page.getByRole("button", { name: ok }).click();
    await page.waitForURL("**/user/select**");
    await hydrated(page);
    // Every other page waits for the choice.
    await page.goto("/isps/userAnnouncement");
    expect(new URL(page.url()).pathname).toBe("/user/select");
    await hydrated(page);
    await page.getByRole("radio", { name: "上海国际学校" }).check();
    await page.getByRole("button", { name: ok }).click();
    await page.waitForURL("**/isps/userAnnouncement");
    await page.locator(".main-layout").waitFor();
    const answer = await backend("/sys/login", { method: "POST", body: { username: "principal_zhang", password: E2E_DEMO_PASSWORD } });
    expect(answer.result.userInfo.loginTenantId).toBe(2);
    expect(answer.result.chooseTenant).toBeUndefined();
    await page.context().close();

    // Next time: straight in.
    const again = await fresh();
    await again.goto("/user/login");
    await hydrated(again);
    await again.getByLabel("用户名").fill("principal_zhang");
    await again.getByLabel("密码", { exact: true }).fill(E2E_DEMO_PASSWORD);
    await again.getByRole("button", { name: ok }).click();
    await again.locator(".main-layout").waitFor();
    expect(new URL(again.url()).pathname).not.toBe("/user/select");
    await again.context().close();
  }, 180_000);
});
