// Every page, as the administrator: clean console, hydration, axe-core, status and network
// (support/page-walk.ts). page-walk-teacher.test.ts walks them as a teacher, in parallel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { walkEveryPage } from "./support/page-walk";
import { launchBrowser, newPage, signInAs } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

describe("every page of the menu", () => {
  it("loads cleanly for the administrator, from its own origin only", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    expect(await walkEveryPage(page)).toEqual({});
    await page.context().close();
  }, 900_000);
});
