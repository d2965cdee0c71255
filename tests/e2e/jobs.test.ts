// 定时任务 end to end (issue #15): the cron expression `0 0/5 9-17 ? * 2-6` is built in the cron
// modal through its tabs and previewed; the job is created, run once (its run log shows the run)
// and paused, in Chromium against the production build.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { baseUrl, chooseOption, hydrated, launchBrowser, newPage, rowAction, useSession, clickInPlace } from "./support/browser";
import { listRows } from "./support/list";
import { E2E_ADMIN_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const DESCRIPTION = "e2e 工作日每五分钟";
const toast = (page: Page, text: string) => page.locator(".ant-message").getByText(text, { exact: true });
const row = (page: Page, text: string) => listRows(page, "定时任务").filter({ hasText: text });

/** A mode (radio) of the open tab of the cron editor, by the start of its text. */
const mode = (cron: Locator, text: string) => cron.getByRole("tabpanel").locator(".ant-radio-wrapper").filter({ hasText: new RegExp(`^${text}`) });


async function jobStatus(): Promise<number> {
  const login = await fetch(`${baseUrl()}/jeecg-boot/sys/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: E2E_ADMIN_PASSWORD }),
  }).then((response) => response.json());
  const list = await fetch(`${baseUrl()}/jeecg-boot/sys/quartzJob/list?description=${encodeURIComponent(DESCRIPTION)}`, {
    headers: { "X-Access-Token": login.result.token },
  }).then((response) => response.json());
  return list.result.records[0].status;
}

describe("scheduled jobs", () => {
  it("builds an expression in the cron modal, creates the job, runs it once and pauses it", async () => {
    const page = await newPage(browser);
    await useSession(page);
    await page.goto("/monitor/quartzJob");
    await hydrated(page);

    await page.getByRole("button", { name: /新\s*增/ }).click();
    const dialog = page.getByRole("dialog", { name: "新增" });
    await dialog.getByRole("button", { name: /选\s*择/ }).click();
    const cron = page.getByRole("dialog", { name: "Cron表达式" });
    const expression = cron.getByLabel("Cron表达式");
    await expect.poll(() => expression.inputValue()).toBe("* * * * * ? *");

    // 周: 周一 to 周五 (the day becomes ?, and the hour, minute and second 0).
    await cron.getByRole("tab", { name: "周" }).click();
    await mode(cron, "周期从").locator(".ant-radio").click();
    await chooseOption(page, cron.getByLabel("周 范围开始"), /^周一$/);
    await chooseOption(page, cron.getByLabel("周 范围结束"), /^周五$/);
    await expect.poll(() => expression.inputValue()).toBe("0 0 0 ? * 2-6 *");
    // 时: 9 to 17.
    await cron.getByRole("tab", { name: "时" }).click();
    await mode(cron, "周期从").locator(".ant-radio").click();
    await cron.getByLabel("时 范围开始").fill("9");
    await cron.getByLabel("时 范围结束").fill("17");
    // 分: from 0 every 5 minutes.
    await cron.getByRole("tab", { name: "分" }).click();
    await mode(cron, "从").locator(".ant-radio").click();
    await cron.getByLabel("分 循环间隔").fill("5");
    // 年: not set, so six parts.
    await cron.getByRole("tab", { name: "年" }).click();
    await mode(cron, "不指定").locator(".ant-radio").click();
    await expect.poll(() => expression.inputValue()).toBe("0 0/5 9-17 ? * 2-6");
    // The 日 tab is disabled while the week holds a range.
    await cron.getByRole("tab", { name: "日" }).click();
    await expect.poll(() => cron.getByText("周已指定", { exact: false }).isVisible()).toBe(true);

    // The preview (after its 500 ms debounce): ten weekday runs between 09:00 and 17:55, every 5 minutes.
    const preview = cron.getByRole("region", { name: "最近10次运行时间" }).locator("li");
    await expect.poll(() => preview.count(), { timeout: 5_000 }).toBe(10);
    const runs = await preview.allTextContents();
    for (const run of runs) {
      expect(run).toMatch(/^\d{4}-\d{2}-\d{2} (09|1[0-7]):[0-5][05]:00$/);
      const weekday = new Date(`${run.slice(0, 10)}T12:00:00Z`).getUTCDay();
      expect(weekday >= 1 && weekday <= 5).toBe(true);
    }
    await expect.poll(() => cron.getByText("星期一至星期五", { exact: false }).isVisible()).toBe(true);
    await cron.getByRole("button", { name: /确\s*定/ }).click();

    await expect.poll(() => dialog.getByPlaceholder("请输入Cron表达式").inputValue()).toBe("0 0/5 9-17 ? * 2-6");
    await dialog.getByLabel("参数").fill("e2e");
    await dialog.getByLabel("描述").fill(DESCRIPTION);
    await dialog.getByLabel("正常").check();
    await dialog.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page, "添加成功！").isVisible()).toBe(true);
    await expect.poll(() => row(page, DESCRIPTION).count()).toBe(1);
    expect(await jobStatus()).toBe(0);

    // 立即执行, then its run in 运行日志.
    await rowAction(page, row(page, DESCRIPTION), "立即执行", { confirm: true });
    await expect.poll(() => toast(page, "执行成功!").isVisible()).toBe(true);
    await row(page, DESCRIPTION).getByText("更多").click();
    await clickInPlace(page.locator(".ant-dropdown:not(.ant-dropdown-hidden)").getByRole("menuitem", { name: "运行日志", exact: true }));
    const log = page.getByRole("dialog", { name: `运行日志：${DESCRIPTION}` });
    await expect
      .poll(async () => {
        await log.getByRole("button", { name: /刷\s*新/ }).click();
        return log.locator(".ant-table-tbody tr").filter({ hasText: "示例任务执行，参数：e2e" }).filter({ hasText: "成功" }).count();
      }, { timeout: 10_000 })
      .toBe(1);
    await log.getByRole("button", { name: "关 闭" }).click();

    // 停止.
    await rowAction(page, row(page, DESCRIPTION), "停止", { confirm: true });
    await expect.poll(() => toast(page, "停止定时任务成功").isVisible()).toBe(true);
    await expect.poll(() => jobStatus()).toBe(-1);
    await expect.poll(() => row(page, DESCRIPTION).getByText("停止").count()).toBeGreaterThan(0);
  }, 90_000);
});
