// The walk of every page (issue #19 §2, issue #28 item 5, issue #30 item 6): every page of the
// product's catalogue and the pages outside the menu every signed-in user opens (walked-pages.ts),
// loaded directly under the product's own CSP, each checked once for everything a clean page must be
// (docs/decisions/102):
// - no console error, no uncaught exception, no hydration warning;
// - no critical or serious accessibility violation found by axe-core;
// - the document answers 200 (or a clean 403 outside the user's menu);
// - nothing from another origin (a school's network may have no internet, and the CSP refuses
//   other origins anyway), no request that fails, no answer of 400 or more;
// - no English word in what a user reads (issue #30 item 5: english-words.ts and its allow-list).
// One walk per user, each in a file of its own (page-walk-admin, page-walk-teacher), so the two run
// in parallel workers.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { WALKED_PAGES } from "./walked-pages";
import { baseUrl, hydrated } from "./browser";
import { englishWordsInContext } from "./english-words";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");


/** Records the addresses the page's CSP refused (a request to another origin may never reach the network). */
function recordPolicyViolations(): void {
  const seen: string[] = [];
  (window as unknown as { __violations: string[] }).__violations = seen;
  document.addEventListener("securitypolicyviolation", (event) => {
    // Addresses only: a library probing for eval() is refused too, and that is the CSP's job.
    if (/^(https?|wss?):/.test(event.blockedURI)) seen.push(`${event.violatedDirective} ${event.blockedURI}`);
  });
}

/** Walks every page with `page` (signed in); answers each page's problems, none for a clean page. */
export async function walkEveryPage(page: Page): Promise<Record<string, string[]>> {
  const origin = new URL(baseUrl()).origin;
  let visiting = "";
  // The console, the exceptions and the hydration; and the network, each page's own.
  let consoleProblems: string[] = [];
  let networkProblems: string[] = [];
  await page.addInitScript(recordPolicyViolations);
  page.on("pageerror", (error) => consoleProblems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error" && !(message.type() === "warning" && /hydrat/i.test(message.text()))) return;
    // The document's own status (a 403 for a page outside the teacher's menu) is logged by the
    // browser as a failed resource: that is the answer, not a fault of the page.
    const source = message.location().url;
    if (/^Failed to load resource: the server responded with a status of 403\b/.test(message.text()) && source && new URL(source).pathname === visiting) return;
    // A library probing for eval() is refused by the CSP and says so: that is the CSP's job; a
    // refused address is reported below, as a network problem.
    if (/^Refused to evaluate a string as JavaScript\b/.test(message.text())) return;
    consoleProblems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== origin && url.host !== new URL(origin).host) {
      networkProblems.push(`other origin: ${request.method()} ${request.url()}`);
    }
  });
  // A request ended by the page (a newer search, a fetch it no longer needs) or by leaving it (the
  // notices' event stream) is cancelled, not failed; a refused or unreachable one is a failure.
  page.on("requestfailed", (request) => {
    const errorText = request.failure()?.errorText ?? "";
    if (errorText !== "net::ERR_ABORTED") networkProblems.push(`failed: ${request.method()} ${request.url()} (${errorText})`);
  });
  page.on("response", (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    // The document's own 403: a page outside the teacher's menu answers so, and that is its answer.
    if (response.status() === 403 && response.request().isNavigationRequest() && url.pathname === visiting) return;
    networkProblems.push(`status ${response.status()}: ${response.request().method()} ${response.url()}`);
  });

  const found: Record<string, string[]> = {};
  // Every 403 renders the same status page in the same shell: axe checks it once per walk (most of
  // a teacher's walk is 403s, and axe is most of a page's time).
  let statusPageChecked = false;
  // WALK_ONLY=/a,/b walks only those pages (while mending one page); the suite walks them all.
  const only = process.env.WALK_ONLY?.split(",");
  for (const path of WALKED_PAGES.filter((candidate) => !only || only.includes(candidate))) {
    visiting = path;
    consoleProblems = [];
    networkProblems = [];
    const response = await page.goto(path);
    await hydrated(page);
    const status = response?.status();
    const problems: string[] = status !== 200 && status !== 403 ? [`status ${status}`] : [];
    const violations = await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
    const accessibility = status === 403 && statusPageChecked ? [] : await accessibilityProblems(page);
    if (status === 403) statusPageChecked = true;
    problems.push(...consoleProblems);
    problems.push(...accessibility, ...networkProblems, ...violations.map((violation) => `refused by the CSP: ${violation}`));
    problems.push(...englishWordsInContext(await visibleText(page)));
    if (problems.length > 0) found[path] = problems;
  }
  return found;
}

/**
 * What a user reads on the page: the document's title, the main area's text (without what the user
 * wrote in an editor: SQL, code, rich text), and the placeholders, buttons and titles shown anywhere
 * (the header's, the tabs', an open dialog's).
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // What a user, the machine or the database wrote: an editor's text, and what the page marks
    // translate="no" (性能监控's host, system and database version; browsers' translators skip it too).
    const USER_CONTENT = "pre, code, textarea, [contenteditable], .cm-editor, .md-editor, [translate='no']";
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const texts = [document.title];
    const main = document.querySelector("main");
    if (main) {
      let text = main.innerText;
      // Longest first: a path's code must not cut a longer path's (/a/delete out of /a/deleteBatch).
      const written = [...main.querySelectorAll<HTMLElement>(USER_CONTENT)].map((content) => content.innerText.trim()).filter(Boolean);
      for (const content of written.sort((a, b) => b.length - a.length)) text = text.split(content).join(" ");
      texts.push(text);
    }
    for (const element of document.querySelectorAll<HTMLElement>("[placeholder], button, [title]")) {
      if (!shown(element) || element.closest(USER_CONTENT)) continue;
      const placeholder = element.getAttribute("placeholder");
      if (placeholder) texts.push(placeholder);
      if (element.title) texts.push(element.title);
      if (element.tagName === "BUTTON") texts.push(element.innerText);
    }
    return texts.join("\n");
  });
}

/**
 * axe-core's critical and serious violations of the page as it stands, one line each. axe is
 * evaluated through the DevTools protocol, which the page's CSP does not govern: the walk keeps the
 * product's real CSP (a script tag of the test's own would need it bypassed).
 */
async function accessibilityProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")) }));
  });
  return violations
    .filter((violation) => violation.impact === "critical" || violation.impact === "serious")
    .map((violation) => `axe ${violation.impact} ${violation.id}: ${violation.targets.join(" | ")}`);
}
