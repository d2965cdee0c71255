// 系统监控 end to end (issue #15 part B): an administrator forces a signed-in demo user out from
// 在线用户 and that user's open page returns to sign-in on its own; 系统日志 shows the sign-ins and
// the 强退; 性能监控 and 接口文档 open and answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs, confirmOk, useSession, clickInPlace } from "./support/browser";
import { columnHeader, expandButton, listRows, listTable } from "./support/list";
import { E2E_DEMO_PASSWORD } from "./support/constants";

/**
 * The demo user forced out. Other files sign in with him too and leave their sessions open (the
 * e2e server is shared, and the file order varies: shell.test.ts's 切换部门 test is one), so the
 * test tells its own session from theirs by its id and expects only that one to end.
 */
const FORCED = "clerk_sun";

let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newPage(browser);
  await signInAs(admin);
});
afterAll(async () => browser?.close());

describe("系统监控", () => {
  it("强退 from 在线用户 sends the user's open page back to sign-in", async () => {
    const rows = listRows(admin, "在线用户").filter({ hasText: FORCED });
    const rowKeys = async () => (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-row-key")))).filter((key): key is string => !!key);
    // The sessions of this user that other files left open.
    await admin.goto(`/monitor/onlineUser?username=${FORCED}`);
    await hydrated(admin);
    const others = await rowKeys();

    // The user, in a browser of his own, with the notice stream up.
    const user = await newPage(browser);
    await useSession(user, FORCED, E2E_DEMO_PASSWORD);
    await user.goto("/dashboard/analysis");
    await hydrated(user);
    await expect.poll(() => user.getByTestId("notice-bell").getAttribute("data-stream"), { timeout: 15_000 }).toBe("up");

    await admin.goto(`/monitor/onlineUser?username=${FORCED}`);
    await hydrated(admin);
    await expect.poll(async () => (await rowKeys()).length).toBe(others.length + 1);
    const forced = (await rowKeys()).find((key) => !others.includes(key))!;
    const row = listRows(admin, "在线用户").and(admin.locator(`[data-row-key="${forced}"]`));
    await expect(row.innerText()).resolves.toContain("127.0.0.1");
    await row.getByText("更多").click();
    await clickInPlace(admin.getByRole("menuitem", { name: "强退" }));
    await confirmOk(admin, "确定强制退出该用户吗?");
    await admin.locator(".ant-message").getByText("退出登录成功！").waitFor();

    // No click on the user's side: the page leaves for sign-in by itself, remembering where it was.
    await user.waitForURL((url) => url.pathname === "/user/login", { timeout: 20_000 });
    expect(new URL(user.url()).searchParams.get("redirect")).toBe("/dashboard/analysis");
    await user.context().close();

    // The list (reloaded after the action) no longer shows the ended session; the user's other
    // sessions are not touched by it.
    await expect.poll(() => row.count()).toBe(0);
    expect((await rowKeys()).sort()).toEqual([...others].sort());
  });

  it("系统日志 lists the sign-ins and the 强退, and an operation's masked parameters", async () => {
    await admin.goto("/monitor/log");
    await hydrated(admin);
    expect(new URL(admin.url()).searchParams.get("logType")).toBe("1");
    await admin.getByRole("tab", { name: "登录日志" }).waitFor();
    const logs = listRows(admin, "系统日志");
    // The other files sign in on the shared server all the time, and their lines can push this
    // user's past the first page: search for them (searches keep the tab, as tested below).
    const search = async (keyWord: string) => {
      await admin.goto(`/monitor/log?logType=1&keyWord=${encodeURIComponent(keyWord)}`);
      await hydrated(admin);
    };
    await search(`用户名: ${FORCED},`);
    // The browser of the sign-in is Debian's headless Chromium.
    await logs.filter({ hasText: `用户名: ${FORCED},登录成功！` }).first().getByText(/Chrome \d+ \/ Linux/).waitFor();
    await search("强制: ");
    await logs.getByText(/^强制: .*退出成功！/).first().waitFor();

    await admin.getByRole("tab", { name: "操作日志" }).click();
    await admin.waitForURL((url) => url.searchParams.get("logType") === "2" && url.searchParams.get("keyWord") === null);
    // The tab's list is a new one (its search bar too): type into it once it shows.
    await columnHeader(listTable(admin, "系统日志"), "请求方法").waitFor();

    // The search keeps the tab.
    await admin.getByPlaceholder("请输入搜索日志").fill("forceLogout");
    await admin.getByRole("button", { name: /查\s*询/ }).click();
    await admin.waitForURL((url) => url.searchParams.get("keyWord") !== null);
    expect(new URL(admin.url()).searchParams.get("logType")).toBe("2");
    // React Router changes the address before it renders the searched rows (in a transition): the
    // rows are read until they are the answer of the search, never once right after the address.
    await expect
      .poll(async () => {
        const contents = await logs.allInnerTexts();
        return contents.length > 0 && contents.every((text) => text.includes("forceLogout"));
      })
      .toBe(true);
    const forced = logs.filter({ hasText: "POST /sys/online/forceLogout" }).first();
    await expandButton(forced).click();
    await admin.locator(".log-request-param").filter({ hasText: "请求参数：" }).first().waitFor();
  });

  it("性能监控 shows the process, the database and the recent requests, and refreshes", async () => {
    await admin.goto("/monitor/server");
    await hydrated(admin);
    const page = admin.locator(".monitor-server");
    await page.getByText("Node 进程与服务器").waitFor();
    await page.getByText("事件循环延迟 p99").waitFor();
    await page.getByText("PGlite", { exact: true }).waitFor();
    await page.getByText("数据库未启用 pg_stat_statements，无法列出最慢的语句").waitFor();
    await page.getByText("未配置 Redis（REDIS_URL），通知仅在本实例内分发").waitFor();
    await page.getByText("最近请求").waitFor();
    const before = await page.getByText(/^读取时间：/).innerText();
    // The time is read to the second: 刷新 until the figures are read in a later one.
    await expect
      .poll(async () => {
        await page.getByRole("button", { name: /刷\s*新/ }).click();
        return page.getByText(/^读取时间：/).innerText();
      })
      .not.toBe(before);
    await page.locator(".ant-table-tbody").getByText("/jeecg-boot/sys/monitor/server").first().waitFor();
  });

  it("接口文档 browses the generated OpenAPI document by tag", async () => {
    await admin.goto("/monitor/apiDoc");
    await hydrated(admin);
    const page = admin.locator(".api-doc");
    await page.getByText(/OpenAPI 3\.1\.0 · 共 \d+ 个接口/).waitFor();
    await page.getByRole("menuitem", { name: /^\/sys\/position \(\d+\)$/ }).click();
    await admin.waitForURL((url) => url.searchParams.get("tag") === "sys/position");
    await page.getByText("/sys/position/add").click();
    await page.getByText("需要按钮权限 position:add").waitFor();
    await page.locator(".ant-table-tbody").getByText("code", { exact: true }).first().waitFor();
    await page.getByText("职务编码").first().waitFor();
  });
});
