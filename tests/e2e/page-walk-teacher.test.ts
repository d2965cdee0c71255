// Every page, as a teacher: clean console, hydration, axe-core, status and network
// (support/page-walk.ts); a page outside the teacher's menu answers a clean 403.
// page-walk-admin.test.ts walks them as the administrator, in parallel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { walkEveryPage } from "./support/page-walk";
import { launchBrowser, newPage, signInAs } from "./support/browser";
import { E2E_DEMO_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("every page of the menu", () => {
  it("loads cleanly (or answers a clean 403) for a teacher, from its own origin only", async () => {
    const page = await newPage(browser);
    await signInAs(page, "teacher_li", E2E_DEMO_PASSWORD);
    expect(await walkEveryPage(page)).toEqual({});
    await page.context().close();
  }, 900_000);
});
