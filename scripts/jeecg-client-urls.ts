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
import { MAPPED_SCREENS, mappedScreenUrls, type JeecgClient } from "../tests/support/jeecg-client-urls";

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
  const mappedFiles = MAPPED_SCREENS[client].flatMap((dir) => sourceFiles(path.join(src, dir)));
  const mapped = collect(src, mappedFiles);
  const missing = (urls: string[]) => urls.filter((url) => !served(url));
  const report = (title: string, urls: string[]) => {
    const absent = missing(urls);
    console.log(`${title}: ${urls.length} URLs, ${absent.length} answer 404`);
    for (const url of absent) console.log(`  404 ${url}`);
    return absent;
  };
  const mappedAbsent = report(`${client} mapped screens (${MAPPED_SCREENS[client].join(", ")})`, mapped);
  if (process.argv.includes("--all")) report(`${client} all of src/`, all);
  else console.log(`${client} all of src/: ${all.length} URLs, ${missing(all).length} answer 404 (--all lists them)`);
  // The test list is the union of the client versions read: each URL of this checkout must be in it.
  const listed = new Set(mappedScreenUrls(client));
  const notListed = mapped.filter((url) => !listed.has(url));
  for (const url of notListed) console.log(`  in the sources, not in the test list: ${url}`);
  process.exit(mappedAbsent.length > 0 || notListed.length > 0 ? 1 : 0);
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) main();
