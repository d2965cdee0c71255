// Figures of the application shell (issue: Application shell):
// - mainLayoutJsGzipKb: every /assets/*.js a signed-in layout page loads, gzip level 9 (goal ≤ 300 KB)
// - layoutPageHtmlGzipKb: the HTML of a layout page, gzip level 9 (goal ≤ 60 KB)
// - clientNavigationMs: the loader round trip of a client-side navigation between two menu pages
//   (the users list, which loads a page of users, and a plain menu page),
//   i.e. React Router's `.data` request for the page route (the layout opts out of revalidation),
//   p50 and p95 over sequential requests (goal p50 ≤ 50 ms)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectStatus, findFreePort, getPage, gzipSize, measurePageJs, percentile, round, signIn, startServer, type RunningServer } from "./lib";

const ADMIN_PASSWORD = "Bench-Admin-2026";
/** Two menu pages and the route whose loader a client navigation to each runs (the layout opts out). */
const PAGES = ["/isystem/user", "/monitor/server"] as const;
const ROUTE_OF: Record<(typeof PAGES)[number], string> = {
  "/isystem/user": "routes/system/users",
  "/monitor/server": "routes/main/menu-page",
};
/** A text each page's data carries (its menu title). */
const TITLE_OF: Record<(typeof PAGES)[number], string> = { "/isystem/user": "用户管理", "/monitor/server": "性能监控" };
const WARMUP = 10;
const SAMPLES = 100;

export async function benchShell(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-shell-"));
  let running: RunningServer | null = null;
  try {
    running = await startServer({ env: { DATA_DIR: dataDir, ADMIN_PASSWORD }, port: await findFreePort(), readyTimeoutMs: 90_000 });
    const base = running.baseUrl;
    const cookie = await signIn(base, "admin", ADMIN_PASSWORD);

    const layoutJs = await measurePageJs(base, "/dashboard/analysis", cookie);
    const listPageJs = await measurePageJs(base, PAGES[0], cookie);
    const html: Record<string, number> = {};
    for (const page of ["/dashboard/analysis", ...PAGES]) {
      const answer = await expectStatus(getPage(base + page, cookie), 200, page);
      html[page] = round(gzipSize(answer.body) / 1024);
    }

    const durations: number[] = [];
    for (let index = 0; index < WARMUP + SAMPLES; index++) {
      const page = PAGES[index % PAGES.length]!;
      const url = `${base}${page}.data?_routes=${encodeURIComponent(ROUTE_OF[page])}`;
      const started = performance.now();
      const answer = await getPage(url, cookie);
      const elapsed = performance.now() - started;
      if (answer.status !== 200) throw new Error(`GET ${page}.data answered ${answer.status}`);
      if (!answer.body.toString("utf8").includes(TITLE_OF[page]))
        throw new Error(`GET ${page}.data did not carry the page's data`);
      if (index >= WARMUP) durations.push(elapsed);
    }

    return {
      mainLayoutJsGzipKb: layoutJs.totalGzipKb,
      mainLayoutJsFiles: layoutJs.files.length,
      listPageJsGzipKb: listPageJs.totalGzipKb,
      layoutPageHtmlGzipKb: html,
      clientNavigationMs: {
        p50: round(percentile(durations, 50)),
        p95: round(percentile(durations, 95)),
        samples: durations.length,
      },
      goals: { mainLayoutJsGzipKb: 300, layoutPageHtmlGzipKb: 60, clientNavigationP50Ms: 50 },
      meta: { node: process.version, cpus: os.cpus().length, date: new Date().toISOString() },
    };
  } finally {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function summarizeShell(result: Record<string, unknown>): string[] {
  const navigation = result.clientNavigationMs as { p50: number; p95: number } | undefined;
  return [
    `main layout JS: ${result.mainLayoutJsGzipKb} KB gzip (goal ≤ 300)`,
    `layout page HTML: ${JSON.stringify(result.layoutPageHtmlGzipKb)} KB gzip (goal ≤ 60)`,
    `client navigation (loader round trip): p50 ${navigation?.p50} ms, p95 ${navigation?.p95} ms (goal p50 ≤ 50)`,
  ];
}
