// Figures of the application shell (issue: Application shell):
// - mainLayoutJsGzipKb: the first-paint JS of the main layout alone, gzip level 9 (goal ≤ 300 KB): the
//   client entry and the root and layout route modules with their imports, as React Router's manifest
//   (the one a layout page loads) lists them, so that no page's own JS counts (decision 063);
//   `layoutPageJsGzipKb` is every /assets/*.js the layout page /dashboard/analysis loads
// - layoutPageHtmlGzipKb: the HTML of a layout page, gzip level 9 (goal ≤ 60 KB)
// - clientNavigationMs: the loader round trip of a client-side navigation between two menu pages
//   (the users list, which loads a page of users, and a plain menu page),
//   i.e. React Router's `.data` request for the page route (the layout opts out of revalidation),
//   p50 and p95 over sequential requests (goal p50 ≤ 50 ms)
// - listPageJsGzipKb: the same JS sum for the users list /isystem/user (goal ≤ 300 KB, issue #35; 350 in issue #11)
// - signInPathJsGzipKb: the scripts /dashboard/analysis loads that /user/login has not loaded already,
//   i.e. what the browser fetches between the sign-in click and 首页 (goal ≤ 200 KB, issue #35 item 3)
// - heavyLibrariesAtFirstPaint: which of the editors, the grid and charts the first-paint JS of the
//   layout, the list page and the editors' demo page carries (goal: none; they load on use)
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectStatus, findFreePort, getPage, gzipSize, measurePageJs, percentile, round, signIn, signInPathScripts, startServer, type RunningServer } from "./lib";

/** A string each heavy library's bundled code carries (and no other chunk does). */
const HEAVY_LIBRARIES: Record<string, RegExp> = {
  quill: /ql-editor/,
  "md-editor-rt": /md-editor-/,
  codemirror: /cm-editor/,
  "grid (@dnd-kit)": /DndDescribedBy/,
  charts: /__ec_inner_|recharts-/,
};

/** The client entry and the route modules (with their static imports) of React Router's manifest. */
async function routeModulesJs(base: string, manifestPage: string, routeIds: readonly string[], cookie: string): Promise<{ totalGzipKb: number; files: number }> {
  const html = (await expectStatus(getPage(base + manifestPage, cookie), 200, manifestPage)).body.toString("utf8");
  const manifestFile = /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0];
  if (!manifestFile) throw new Error(`${manifestPage} references no route manifest`);
  const text = (await getPage(base + manifestFile)).body.toString("utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { module: string; imports?: string[] } | undefined>;
  };
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`the route manifest has no route ${id}`);
    for (const file of [route.module, ...(route.imports ?? [])]) files.add(file);
  }
  let total = 0;
  for (const file of files) total += gzipSize((await expectStatus(getPage(base + file), 200, file)).body);
  return { totalGzipKb: round(total / 1024), files: files.size };
}

/** The heavy libraries found in a page's first-paint scripts. */
async function heavyLibrariesIn(base: string, files: ReadonlyArray<{ file: string }>): Promise<string[]> {
  const found = new Set<string>();
  for (const { file } of files) {
    const code = (await getPage(base + file)).body.toString("utf8");
    for (const [name, marker] of Object.entries(HEAVY_LIBRARIES)) if (marker.test(code)) found.add(name);
  }
  return [...found].sort();
}

const ADMIN_PASSWORD = "Bench-Admin-2026";
/** Two menu pages and the route whose loader a client navigation to each runs (the layout opts out). */
const PAGES = ["/isystem/user", "/monitor/server"] as const;
const ROUTE_OF: Record<(typeof PAGES)[number], string> = {
  "/isystem/user": "routes/system/users",
  "/monitor/server": "routes/monitor/server",
};
/** A text each page's data carries (its menu title). */
const TITLE_OF: Record<(typeof PAGES)[number], string> = { "/isystem/user": "用户管理", "/monitor/server": "性能监控" };
const WARMUP = 10;
const SAMPLES = 100;

export async function benchShell(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-shell-"));
  let running: RunningServer | null = null;
  try {
    running = await startServer({ env: { DATA_DIR: dataDir, ADMIN_PASSWORD }, port: await findFreePort(), readyTimeoutMs: 300_000 });
    const base = running.baseUrl;
    const cookie = await signIn(base, "admin", ADMIN_PASSWORD);

    const layoutJs = await measurePageJs(base, "/dashboard/analysis", cookie);
    const layoutOnlyJs = await routeModulesJs(base, "/dashboard/analysis", ["root", "routes/main/layout"], cookie);
    const signInPath = signInPathScripts(
      (await expectStatus(getPage(base + "/user/login"), 200, "/user/login")).body.toString("utf8"),
      (await expectStatus(getPage(base + "/dashboard/analysis", cookie), 200, "/dashboard/analysis")).body.toString("utf8"),
      base,
    );
    let signInPathGzip = 0;
    for (const file of signInPath) signInPathGzip += gzipSize((await expectStatus(getPage(base + file), 200, file)).body);
    const listPageJs = await measurePageJs(base, PAGES[0], cookie);
    const editorsPageJs = await measurePageJs(base, "/demo/editors", cookie);
    const heavyLibrariesAtFirstPaint = {
      "/dashboard/analysis": await heavyLibrariesIn(base, layoutJs.files),
      "/isystem/user": await heavyLibrariesIn(base, listPageJs.files),
      "/demo/editors": await heavyLibrariesIn(base, editorsPageJs.files),
    };
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
      mainLayoutJsGzipKb: layoutOnlyJs.totalGzipKb,
      mainLayoutJsFiles: layoutOnlyJs.files,
      layoutPageJsGzipKb: layoutJs.totalGzipKb,
      signInPathJsGzipKb: round(signInPathGzip / 1024),
      signInPathJsFiles: signInPath.length,
      listPageJsGzipKb: listPageJs.totalGzipKb,
      listPageJsFiles: listPageJs.files.length,
      editorsPageJsGzipKb: editorsPageJs.totalGzipKb,
      heavyLibrariesAtFirstPaint,
      layoutPageHtmlGzipKb: html,
      clientNavigationMs: {
        p50: round(percentile(durations, 50)),
        p95: round(percentile(durations, 95)),
        samples: durations.length,
      },
      goals: { mainLayoutJsGzipKb: 300, signInPathJsGzipKb: 200, listPageJsGzipKb: 300, heavyLibrariesAtFirstPaint: "none", layoutPageHtmlGzipKb: 60, clientNavigationP50Ms: 50 },
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
    `main layout JS (alone): ${result.mainLayoutJsGzipKb} KB gzip (goal ≤ 300); /dashboard/analysis with its page ${result.layoutPageJsGzipKb} KB`,
    `sign-in → 首页 JS (not loaded by /user/login): ${result.signInPathJsGzipKb} KB gzip in ${result.signInPathJsFiles} files (goal ≤ 200)`,
    `list page (/isystem/user) JS: ${result.listPageJsGzipKb} KB gzip (goal ≤ 300)`,
    `editors, grid, charts in first-paint JS: ${JSON.stringify(result.heavyLibrariesAtFirstPaint)} (goal: none)`,
    `layout page HTML: ${JSON.stringify(result.layoutPageHtmlGzipKb)} KB gzip (goal ≤ 60)`,
    `client navigation (loader round trip): p50 ${navigation?.p50} ms, p95 ${navigation?.p95} ms (goal p50 ≤ 50)`,
  ];
}
