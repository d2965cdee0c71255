// When an end-to-end test fails, says what each open page showed: its address, the messages,
// notifications and dialogs on screen, and a screenshot under node_modules/.cache/e2e-failures/.
// A failure in CI then names what the user would have seen, not only the assertion that timed out.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { beforeEach } from "vitest";
import { launchedBrowsers } from "./browser";

const FOLDER = "node_modules/.cache/e2e-failures";

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    mkdirSync(FOLDER, { recursive: true });
    const pages = [...launchedBrowsers].flatMap((browser) => browser.contexts().flatMap((context) => context.pages()));
    for (const [index, page] of pages.entries()) {
      if (page.isClosed()) continue;
      const shown = await page
        .locator(".ant-message-notice, .ant-notification-notice, .ant-modal:visible, .ant-alert")
        .allInnerTexts()
        .catch((error: unknown) => [`(not read: ${String(error)})`]);
      const file = path.join(FOLDER, `${task.name.replace(/[^\w\u4e00-\u9fff-]+/g, "_").slice(0, 80)}-${index}.png`);
      await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
      console.error(`[e2e failure] page ${index}: ${page.url()}\n  on screen: ${JSON.stringify(shown.map((text) => text.replace(/\s+/g, " ").slice(0, 300)))}\n  screenshot: ${file}`);
    }
  });
});
