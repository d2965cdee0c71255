// 群发 in Chromium (issue #29 item 4, docs/decisions/166): a message to a class by 邮件 with merge
// fields; 预览 shows three different families' merged texts and the mail count; 发送 opens the 群发's
// detail, where every message turns 已发送 once the test's own SMTP server has received it. As the
// cashier (finance holds 群发 as 教务 does): dean_liu is shell.test.ts's own account, whose password it changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, newPage, signInAs, smtpPort } from "./support/browser";
import { E2E_DEMO_PASSWORD } from "./support/constants";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

let browser: Browser;
let smtp: TestSmtp;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startTestSmtp(smtpPort());
  page = await newPage(browser);
  page.setDefaultTimeout(15_000);
  await signInAs(page, "cashier_zhao", E2E_DEMO_PASSWORD);
});
afterAll(async () => {
  await browser?.close();
  await smtp?.stop();
});

describe("群发", () => {
  it("writes to a class by e-mail: three merged previews, then 已发送 for each family", async () => {
    await page.goto("/communication/compose");
    await hydrated(page);
    const subject = `班级通知 ${Date.now()}`;
    await page.locator("input[name='channels'][value='2']").check();
    await page.getByLabel("主题").fill(subject);
    await page.getByLabel("内容").fill("${parentName}您好：${studentName}（${className}）下周一春游。");
    // The first class of the year with three families or more.
    const classes = await page.locator("#compose-target optgroup[label^='班级'] option").evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    let recipients = 0;
    for (const value of classes) {
      await page.locator("#compose-target").selectOption(value);
      await page.getByRole("button", { name: /^预\s*览$/ }).click();
      const title = page.locator(".compose-preview .ant-card-head-title").first();
      await expect.poll(() => title.textContent()).toMatch(/^预览：共 \d+ 位收件人$/);
      recipients = Number(/共 (\d+) 位/.exec((await title.textContent()) ?? "")![1]);
      if (recipients >= 3) break;
    }
    expect(recipients).toBeGreaterThanOrEqual(3);
    const samples = page.locator(".compose-preview .compose-sample");
    await expect.poll(() => samples.count()).toBe(3);
    const names = await samples.locator(".ant-card-head-title").allTextContents();
    expect(new Set(names).size).toBe(3);
    for (const [index, name] of names.entries()) expect(await samples.nth(index).textContent()).toContain(`${name}您好：`);
    await expect.poll(() => page.locator(".compose-preview-channel").first().textContent()).toBe(`邮件：${recipients} 条`);

    await page.getByRole("button", { name: /^发\s*送$/ }).click();
    await page.waitForURL(/\/communication\/compose\/detail\?id=/);
    await hydrated(page);
    await smtp.waitForMail(recipients, 30_000);
    const statuses = page.locator(".compose-messages .ant-table-tbody tr.ant-table-row .ant-tag");
    await expect
      .poll(
        async () => {
          await page.getByRole("link", { name: "刷新" }).click();
          await hydrated(page);
          return statuses.allTextContents();
        },
        { timeout: 30_000 },
      )
      .toEqual(Array.from({ length: recipients }, () => "已发送"));
    expect(smtp.received.filter((mail) => mail.subject === subject)).toHaveLength(recipients);
  });
});
