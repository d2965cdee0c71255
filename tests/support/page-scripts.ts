// The scripts a served page loads, read from its HTML (no browser): shared by the benchmarks
// (bench/lib.ts, bench/shell.ts) and the end-to-end budget checks (tests/e2e/page-load.test.ts).
// No vitest here.
import { gzipSync, constants as zlibConstants } from "node:zlib";

/**
 * The /assets/*.js paths an HTML page loads: <script src>, <link rel="modulepreload" href>, and the
 * static (`import … from "…"`, `import "…"`) and dynamic (`import("…")`) imports of inline scripts.
 * React Router's modulepreload links already list every static import of the page's route modules.
 */
export function scriptAssets(html: string, baseUrl: string): string[] {
  const found = new Set<string>();
  const add = (reference: string | undefined) => {
    if (!reference) return;
    const url = new URL(decodeEntities(reference), baseUrl);
    if (url.origin === new URL(baseUrl).origin && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"))
      found.add(url.pathname);
  };
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(1).find((v) => v !== undefined);

  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, body] = match;
    const src = attribute(attributes, "src");
    if (src) add(src);
    else
      for (const item of body.matchAll(/\b(?:from|import)\s*\(?\s*(["'`])([^"'`]+?\.js)\1/g)) add(item[2]);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(match[0], "rel") ?? "";
    if (rel.toLowerCase().split(/\s+/).includes("modulepreload")) add(attribute(match[0], "href"));
  }
  return [...found];
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
}

/** Size in bytes after gzip at level 9, the benchmarks' measure of a script's weight. */
export function gzipSize(data: Buffer | Uint8Array | string): number {
  return gzipSync(data, { level: zlibConstants.Z_BEST_COMPRESSION }).length;
}

/**
 * The scripts the page after sign-in (首页) loads that the sign-in page has not loaded already: what
 * the browser fetches between the click on 确定 and 首页's first paint, its cache holding the rest
 * (issue #35 item 3, docs/decisions/173).
 */
export function signInPathScripts(loginHtml: string, homeHtml: string, baseUrl: string): string[] {
  const loaded = new Set(scriptAssets(loginHtml, baseUrl));
  return scriptAssets(homeHtml, baseUrl).filter((file) => !loaded.has(file));
}
