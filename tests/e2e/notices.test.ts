// Notices end to end (docs/spec/app-shell.md §2 "Notices", §4; docs/architecture.md "Notices"): an
// administrator releases an announcement through the backend API; the user's open tabs show it
// live (badge and 消息提醒) without a reload, over the one stream the tabs share; reading it in
// one tab clears it in both; the HTML body cannot run script; revoking removes it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { baseUrl, clickInPlace, hydrated, launchBrowser, newPage, signInAs, confirmOk } from "./support/browser";
import { E2E_ADMIN_PASSWORD, E2E_DEMO_PASSWORD } from "./support/constants";

/** A demo user no other end-to-end file changes. */
const READER = "teacher_chen";
/** Live delivery must beat the 6 s poll, which does not even run while the stream is up. */
const LIVE_MS = 10_000;

let browser: Browser;
let token = "";
let readerId = "";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  result: T;
}

async function backend<T = unknown>(method: "GET" | "POST", path: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${baseUrl()}/jeecg-boot${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { "X-Access-Token": token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

function timestamp(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** add (msgType USER, to the reader) then doReleaseData, as the announcement admin page does (contract §8). */
async function releaseNotice(titile: string, msgContent: string, extra: Record<string, string> = {}): Promise<string> {
  const now = Date.now();
  const added = await backend("POST", "/sys/annountCement/add", {
    titile,
    msgContent,
    msgCategory: "1",
    msgType: "USER",
    userIds: `${readerId},`,
    priority: "H",
    startTime: timestamp(new Date(now - 60_000)),
    endTime: timestamp(new Date(now + 7 * 24 * 3600_000)),
    ...extra,
  });
  expect(added.success).toBe(true);
  const found = await backend<{ records: Array<{ id: string; titile: string }> }>("GET", `/sys/annountCement/list?titile=${encodeURIComponent(titile)}&pageNo=1&pageSize=10`);
  const id = found.result.records.find((record) => record.titile === titile)?.id;
  expect(id).toBeTruthy();
  const released = await backend("GET", `/sys/annountCement/doReleaseData?id=${id}`);
  expect(released.success).toBe(true);
  return id!;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await backend<{ token: string }>("POST", "/sys/login", { username: "admin", password: E2E_ADMIN_PASSWORD });
  token = login.result.token;
  const users = await backend<{ records: Array<{ id: string; username: string }> }>("GET", `/sys/user/list?username=${READER}`);
  readerId = users.result.records.find((user) => user.username === READER)!.id;
});
afterAll(async () => browser?.close());

const bell = (page: Page) => page.getByTestId("notice-bell");
const unread = async (page: Page) => Number(await bell(page).getAttribute("data-unread"));
const streamOf = (page: Page) => bell(page).getAttribute("data-stream");
const reminder = (page: Page, title: string) => page.locator(".ant-notification-notice").filter({ hasText: "消息提醒" }).filter({ hasText: title });

/** The reader signed in on two tabs of one browser, both with the live stream up. */
async function twoTabs(): Promise<{ context: BrowserContext; first: Page; second: Page }> {
  const first = await newPage(browser);
  await signInAs(first, READER, E2E_DEMO_PASSWORD);
  const context = first.context();
  const second = await context.newPage();
  await second.goto("/dashboard/analysis");
  await hydrated(second);
  for (const page of [first, second]) await expect.poll(() => streamOf(page), { timeout: LIVE_MS }).toBe("up");
  // Both tabs agree on the count before anything is released.
  await expect.poll(async () => (await unread(first)) === (await unread(second)), { timeout: LIVE_MS }).toBe(true);
  return { context, first, second };
}

describe("notices", () => {
  it("shows a released notice live on both tabs, reading it in one clears it in both, and its body runs no script", async () => {
    const { context, first, second } = await twoTabs();
    const before = await unread(first);
    const title = `期中教研安排 ${Date.now()}`;
    const body = [
      "<p id=\"notice-text\">请于周五前提交教案。</p>",
      "<script>window.__noticeXss = 'script'</script>",
      "<img src=\"/no-such-image.png\" onerror=\"window.__noticeXss = 'onerror'\">",
      "<a href=\"javascript:window.__noticeXss='link'\">链接</a>",
    ].join("");
    await releaseNotice(title, body);

    // Live: badge and reminder on both tabs, no reload, while the stream is up (so no poll runs).
    for (const page of [first, second]) {
      await expect.poll(() => unread(page), { timeout: LIVE_MS }).toBe(before + 1);
      await expect.poll(() => reminder(page, title).isVisible(), { timeout: LIVE_MS }).toBe(true);
    }

    // Opening it from the reminder shows the detail and marks it read.
    await reminder(first, title).getByRole("button", { name: "查看详情" }).click();
    const dialog = first.getByRole("dialog", { name: "通知消息" });
    await expect.poll(() => dialog.getByText(title).isVisible(), { timeout: LIVE_MS }).toBe(true);
    expect(await dialog.getByText(/发布人：(管理员|admin)/).isVisible()).toBe(true);
    await expect.poll(() => dialog.locator("#notice-text").textContent()).toBe("请于周五前提交教案。");

    // Sanitised: no script element, no handler, no javascript: link; nothing ran in either tab.
    const content = dialog.locator(".notice-detail__content");
    expect(await content.locator("script").count()).toBe(0);
    expect(await content.locator("img").getAttribute("onerror")).toBeNull();
    expect(await content.getByText("链接").getAttribute("href")).toBeNull();
    await content.getByText("链接").click();
    // The image's load has ended (it fails): a handler it had would have run by now.
    await content.locator("img").evaluate((image: HTMLImageElement) =>
      image.complete ? undefined : new Promise((resolve) => ["load", "error"].forEach((name) => image.addEventListener(name, resolve, { once: true }))),
    );
    for (const page of [first, second]) expect(await page.evaluate(() => (window as unknown as { __noticeXss?: string }).__noticeXss)).toBeUndefined();

    // Read in the first tab: both tabs drop it (the second learns it over the tabs' channel).
    for (const page of [first, second]) await expect.poll(() => unread(page), { timeout: LIVE_MS }).toBe(before);
    await dialog.locator(".ant-modal-footer").getByRole("button", { name: /关\s*闭/ }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });

  it("keeps one stream per browser: the other tab takes it over when the leader tab closes", async () => {
    const { context, first, second } = await twoTabs();
    const before = await unread(second);
    const ownStream = second.waitForRequest((request) => new URL(request.url()).pathname === "/api/notices/stream", { timeout: LIVE_MS });
    await first.close();
    // The lock passes to the second tab, which opens its own stream (down, then up again).
    await ownStream;
    await expect.poll(() => streamOf(second), { timeout: LIVE_MS }).toBe("up");
    const title = `接管后的通知 ${Date.now()}`;
    await releaseNotice(title, "<p>接管测试</p>");
    await expect.poll(() => unread(second), { timeout: LIVE_MS }).toBe(before + 1);
    await expect.poll(() => reminder(second, title).isVisible(), { timeout: LIVE_MS }).toBe(true);
    await context.close();
  });

  it("lists a released notice in the bell's popover, and removes it once revoked", async () => {
    const { context, first } = await twoTabs();
    const before = await unread(first);
    const title = `将被撤销的通知 ${Date.now()}`;
    const id = await releaseNotice(title, "<p>稍后撤销</p>");
    await expect.poll(() => unread(first), { timeout: LIVE_MS }).toBe(before + 1);

    // Hovering opens the popover: the title, its priority tag, `<createTime> 发布` and the two tabs.
    await bell(first).hover();
    const popover = first.locator(".notice-popover");
    const item = popover.locator(".notice-list__item").filter({ hasText: title });
    await expect.poll(() => item.isVisible(), { timeout: LIVE_MS }).toBe(true);
    await expect.poll(() => item.getByText("紧急消息").isVisible()).toBe(true);
    await expect.poll(() => item.getByText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 发布$/).isVisible()).toBe(true);
    expect(await popover.getByRole("tab", { name: /^通知\(\d+\)$/ }).isVisible()).toBe(true);
    expect(await popover.getByRole("tab", { name: /^系统消息\(\d+\)$/ }).isVisible()).toBe(true);
    await first.mouse.move(5, 400);

    const revoked = await backend("GET", `/sys/annountCement/doReovkeData?id=${id}`);
    expect(revoked.success).toBe(true);
    // The list is reloaded when the popover opens again (and on the backend's push, if it sends one).
    await bell(first).hover();
    await expect.poll(() => popover.isVisible(), { timeout: LIVE_MS }).toBe(true);
    await expect.poll(() => unread(first), { timeout: LIVE_MS }).toBe(before);
    await expect.poll(() => popover.getByText(title).count(), { timeout: LIVE_MS }).toBe(0);
    await context.close();
  });

  it("catches up when the list fails to load while the stream is up (a backend restarting behind nginx)", async () => {
    const page = await newPage(browser);
    const firstList = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/notices/list", { timeout: LIVE_MS });
    await signInAs(page, READER, E2E_DEMO_PASSWORD);
    await expect.poll(() => streamOf(page), { timeout: LIVE_MS }).toBe("up");
    await (await firstList).finished();
    const before = await unread(page);
    // The next load of the bell's list, the one the live notice starts, answers 502 as nginx does
    // when no backend is reachable for a moment.
    let failed = 0;
    await page.route("**/api/notices/list", async (route) => {
      if (failed > 0) return route.continue();
      failed += 1;
      await route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>502 Bad Gateway</body></html>" });
    });
    await releaseNotice(`加载失败后补上的通知 ${Date.now()}`, "<p>补上</p>");
    await expect.poll(() => failed, { timeout: LIVE_MS }).toBe(1);
    // Nothing polls while the stream is up: the bell tries again by itself, 6 s later.
    await expect.poll(() => unread(page), { timeout: 2 * LIVE_MS }).toBe(before + 1);
    expect(await streamOf(page)).toBe("up");
    await page.context().close();
  });

  it("lists the user's notices on 我的消息, opens one to read it, and marks all read", async () => {
    const title = `我的消息测试 ${Date.now()}`;
    await releaseNotice(title, "<p>请查看</p>", { openType: "url", openPage: "/dashboard/analysis" });
    const page = await newPage(browser);
    await signInAs(page, READER, E2E_DEMO_PASSWORD);

    // 查看更多 in the bell leads to the page.
    // Clicked once the list has loaded and the popover is in place: the list's arrival moves the button.
    await bell(page).hover();
    const popover = page.locator(".notice-popover");
    await expect.poll(() => popover.locator(".notice-list__item").filter({ hasText: title }).isVisible(), { timeout: LIVE_MS }).toBe(true);
    await clickInPlace(popover.getByRole("button", { name: "查看更多" }));
    await page.waitForURL("**/isps/userAnnouncement");
    await hydrated(page);
    // The pointer rests where 查看更多 was: hovering the closing popover would open it again.
    await page.mouse.move(5, 400);
    await expect.poll(() => page.locator(".notice-popover").isVisible()).toBe(false);

    // The URL holds the filters.
    await page.locator(".list-search").getByPlaceholder("请输入标题").fill(title);
    await page.locator(".list-search").getByRole("button", { name: /查\s*询/ }).click();
    await page.waitForURL((url) => url.searchParams.get("titile") === title);
    const row = page.locator(".my-notices .ant-table-tbody tr.ant-table-row").filter({ hasText: title });
    await expect.poll(() => row.count(), { timeout: LIVE_MS }).toBe(1);
    expect(await row.getByText("未读").isVisible()).toBe(true);

    await row.getByText("查看").click();
    const dialog = page.getByRole("dialog", { name: "通知消息" });
    await expect.poll(() => dialog.getByText(title).isVisible(), { timeout: LIVE_MS }).toBe(true);
    // Reading it reloads the page's list.
    await expect.poll(() => row.getByText("已读").isVisible(), { timeout: LIVE_MS }).toBe(true);

    // openType url: 去处理 goes to openPage.
    await dialog.getByRole("button", { name: "去处理" }).click();
    await page.waitForURL("**/dashboard/analysis");

    await releaseNotice(`${title} 二`, "<p>第二条</p>");
    await page.goto("/isps/userAnnouncement?readFlag=0");
    await hydrated(page);
    await expect.poll(() => page.locator(".my-notices .ant-table-tbody tr.ant-table-row").count(), { timeout: LIVE_MS }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "全部标注已读" }).click();
    await confirmOk(page);
    await expect.poll(() => page.locator(".my-notices .ant-table-tbody tr.ant-table-row").count(), { timeout: LIVE_MS }).toBe(0);
    await expect.poll(() => unread(page), { timeout: LIVE_MS }).toBe(0);
    await page.context().close();
  });
});
