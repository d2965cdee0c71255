// Nothing from the internet, nothing that fails (issue #30 items 6): every page of the catalogue,
// loaded directly as the administrator and as a teacher, asks only its own origin for scripts,
// styles, fonts, images and data, and none of its requests fails. A school's network may have no
// internet, and the CSP refuses other origins anyway. (menu-walk.test.ts checks the console, the
// hydration and axe-core on the same walk.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { WALKED_PAGES } from "./support/walked-pages";
import { baseUrl, hydrated, launchBrowser, newPage, signInAs } from "./support/browser";
import { E2E_DEMO_PASSWORD } from "./support/constants";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** Records the addresses the page's CSP refused (a request to another origin may never reach the network). */
function recordPolicyViolations(): void {
  const seen: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = seen;
  document.addEventListener("securitypolicyviolation", (event) => {
    // Addresses only: a library probing for eval() is refused too, and that is the CSP's job.
    if (/^(https?|wss?):/.test(event.blockedURI)) seen.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
}

async function walk(page: Page): Promise<Record<string, string[]>> {
  const origin = new URL(baseUrl()).origin;
  let visiting = "";
  let problems: string[] = [];
  await page.addInitScript(recordPolicyViolations);
  page.on("request", (request) => {
    const url = new URL(request.url());
    if ((url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:" || url.protocol === "wss:") && url.origin !== origin && url.host !== new URL(origin).host) {
      problems.push(`other origin: ${request.method()} ${request.url()}`);
    }
  });
  // A request ended by the page (a newer search, a fetch it no longer needs) or by leaving it (the
  // notices' event stream) is cancelled, not failed; a refused or unreachable one is a failure.
  page.on("requestfailed", (request) => {
    const errorText = request.failure()?.errorText ?? "";
    if (errorText !== "net::ERR_ABORTED") problems.push(`failed: ${request.method()} ${request.url()} (${errorText})`);
  });
  page.on("response", (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    // The document's own 403: a page outside the teacher's menu answers so, and that is its answer.
    if (response.status() === 403 && response.request().isNavigationRequest() && url.pathname === visiting) return;
    problems.push(`status ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  const found: Record<string, string[]> = {};
  for (const path of WALKED_PAGES) {
    visiting = path;
    problems = [];
    await page.goto(path);
    await hydrated(page);
    const violations = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
    const all = [...problems, ...violations.map((violation) => `refused by the CSP: ${violation}`)];
    if (all.length > 0) found[path] = all;
  }
  return found;
}

describe("every page of the menu", () => {
  it("uses only its own origin and no request fails, for the administrator", async () => {
    const page = await newPage(browser);
    await signInAs(page);
    expect(await walk(page)).toEqual({});
    await page.context().close();
  }, 900_000);

  it("uses only its own origin and no request fails, for a teacher", async () => {
    const page = await newPage(browser);
    await signInAs(page, "teacher_li", E2E_DEMO_PASSWORD);
    expect(await walk(page)).toEqual({});
    await page.context().close();
  }, 900_000);
});
