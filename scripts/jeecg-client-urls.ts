// Compares the `/sys/…` URLs a JeecgBoot client's sources call with what the embedded backend serves
// and with the lists our contract tests hold (issue #31; docs/decisions/085). Runnable by hand on a
// checkout of the client's folder:
//
//   npx tsx scripts/jeecg-client-urls.ts vue3 /path/to/JeecgBoot/jeecgboot-vue3
//   npx tsx scripts/jeecg-client-urls.ts vue2 /path/to/JeecgBoot/ant-design-vue-jeecg
//
// It prints, for the screens our menu maps to that client and for all of its src/, how many distinct
// URLs there are and which the backend would answer 404, and where the test list differs from the
// sources. Exit code 1 when a mapped screen's URL answers 404 or the lists differ.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { allEndpoints } from "../backend/endpoints";
import { MAPPED_SCREENS, mappedScreenUrls, notCalledUrls, type JeecgClient } from "../tests/support/jeecg-client-urls";

const SOURCE = /\.(vue|ts|tsx|js|jsx)$/;
// A quoted /sys/… URL: its literal part up to a quote, a query, a template expression or a concatenation.
const URL_TEXT = /['"`]\/?(sys\/[A-Za-z0-9_./-]*)(\$\{|['"`?]\s*\+?)/g;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry)) files.push(full);
  }
  return files;
}

/** `/sys/a/b` for a literal URL, `/sys/a/b/*` when a value is appended after its last slash. */
export function urlsIn(text: string): string[] {
  const urls = new Set<string>();
  // Commented-out calls are not made.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const match of code.matchAll(URL_TEXT)) {
    let url = `/${match[1]!}`;
    const continued = match[2]!.startsWith("${") || match[2]!.endsWith("+");
    if (url.endsWith("/")) url = continued ? `${url}*` : url.slice(0, -1);
    if (url.split("/").length < 3 || url.endsWith(".vue")) continue;
    urls.add(url);
  }
  return [...urls];
}

const patterns = allEndpoints.map((endpoint) => endpoint.path.split("/"));

/**
 * Whether some endpoint's path matches (`:param` takes one segment; `*` stands for any value, and a
 * trailing `*` for one or more: `getLoginUser/${token}/${thirdType}/${tenantId}`).
 */
export function served(url: string): boolean {
  // A base URL the client appends a value to elsewhere (`Api.getDictItems + '/' + code`).
  if (!url.endsWith("/*") && served(`${url}/*`)) return true;
  const segments = url.split("/");
  const appended = url.endsWith("/*");
  return patterns.some(
    (pattern) =>
      (pattern.length === segments.length || (appended && pattern.length > segments.length && pattern.slice(segments.length).every((part) => part.startsWith(":")))) &&
      segments.every((segment, index) => {
        const part = pattern[index]!;
        return part === segment || (part.startsWith(":") && segment !== "");
      }),
  );
}

/** Aliases of the clients' bundlers (vue.config.js, vite.config.ts) to folders of src/. */
const ALIASES: ReadonlyArray<[string, string]> = [
  ["@/", ""],
  ["/@/", ""],
  ["@api/", "api/"],
  ["@comp/", "components/"],
  ["@views/", "views/"],
];
/**
 * Route tables, not followed: a page reaches them through the store or the router, and every route
 * of theirs (sign-in, registration, 404…) is a screen of its own, mapped or not by the menu.
 */
const ROUTE_TABLES = ["config/router.config.js"];
// `import … from 'x'`, `import('x')`, `require('x')`.
const IMPORT_TEXT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g;

/** The source file an import names, when it is one of src/ (not a package, a style or an image). */
function resolveImport(src: string, from: string, specifier: string): string | undefined {
  let base: string | undefined;
  if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else {
    const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = path.join(src, alias[1], specifier.slice(alias[0].length));
  }
  if (!base) return undefined;
  const candidates = [base, ...[".vue", ".js", ".ts", ".tsx", ".jsx"].map((ext) => `${base}${ext}`), ...["index.js", "index.ts", "index.vue"].map((name) => path.join(base!, name))];
  return candidates.find((candidate) => SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile());
}

/**
 * The files of the mapped screens: a folder's every file (the Vue 3 client's screens are folders),
 * or a page's file and, transitively, every file of src/ it imports (the Vue 2 client's pages are
 * single components sharing folders with pages the menu does not map).
 */
export function mappedSourceFiles(src: string, entries: readonly string[]): string[] {
  const files = new Set<string>();
  const pending: string[] = [];
  for (const entry of entries) {
    const full = path.join(src, entry);
    if (statSync(full).isDirectory()) for (const file of sourceFiles(full)) files.add(file);
    else pending.push(full);
  }
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "").replace(/<!--[\s\S]*?-->/g, "");
    for (const match of code.matchAll(IMPORT_TEXT)) {
      const imported = resolveImport(src, file, match[1]!);
      if (imported && !files.has(imported) && !ROUTE_TABLES.includes(path.relative(src, imported))) pending.push(imported);
    }
  }
  return [...files];
}

function collect(root: string, files: string[]): string[] {
  const urls = new Set<string>();
  for (const file of files) for (const url of urlsIn(readFileSync(file, "utf8"))) urls.add(url);
  // A component path that looks like a URL (menu.data.ts's `IFrame = 'sys/iframe/FrameBlank'`): a view
  // of the client, never requested from the backend.
  return [...urls].filter((url) => !existsSync(path.join(root, "views", `${url.slice(1)}.vue`))).sort();
}

function main(): void {
  const [client, checkout] = process.argv.slice(2) as [JeecgClient, string];
  if (!(client in MAPPED_SCREENS) || !checkout) {
    console.error("usage: npx tsx scripts/jeecg-client-urls.ts vue3|vue2 <checkout of the client's folder>");
    process.exit(2);
  }
  const src = path.join(checkout, "src");
  const all = collect(src, sourceFiles(src));
  const mappedFiles = mappedSourceFiles(src, MAPPED_SCREENS[client]);
  const mapped = collect(src, mappedFiles);
  const missing = (urls: string[]) => urls.filter((url) => !served(url));
  const report = (title: string, urls: string[]) => {
    const absent = missing(urls);
    console.log(`${title}: ${urls.length} URLs, ${absent.length} answer 404`);
    for (const url of absent) console.log(`  404 ${url}`);
    return absent;
  };
  // URLs of the mapped files that the pages never request (the reason is in the list).
  const notCalled = notCalledUrls(client);
  const requested = mapped.filter((url) => !(url in notCalled));
  const mappedAbsent = report(`${client} mapped screens (${MAPPED_SCREENS[client].length} entries under src/)`, requested);
  const notCalledHere = mapped.filter((url) => url in notCalled);
  if (notCalledHere.length > 0) console.log(`${client} mapped screens' files also name ${notCalledHere.length} URLs never requested (not served):`);
  for (const url of notCalledHere) console.log(`  ${served(url) ? "served now, drop from the list:" : "not called"} ${url}: ${notCalled[url]}`);
  const staleNotCalled = notCalledHere.filter((url) => served(url));
  if (process.argv.includes("--all")) report(`${client} all of src/`, all);
  else console.log(`${client} all of src/: ${all.length} URLs, ${missing(all).length} answer 404 (--all lists them)`);
  // The test list is the union of the client versions read: each URL of this checkout must be in it.
  const listed = new Set(mappedScreenUrls(client));
  const notListed = mapped.filter((url) => !listed.has(url));
  for (const url of notListed) console.log(`  in the sources, not in the test list: ${url}`);
  process.exit(mappedAbsent.length > 0 || notListed.length > 0 || staleNotCalled.length > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) main();
