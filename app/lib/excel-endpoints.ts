// The web app's file routes for a list's Excel export and import (docs/spec/app-shell.md §7 "{export url}",
// widgets.md §2 "import"). The browser never talks to the backend: it asks `/api/export?url=…` and
// posts to `/api/import?url=…`, and the web server forwards to the backend path named by `url`.
// Only a list's own exportXls / importExcel paths are accepted, so these routes are no open proxy;
// the backend still checks the `<prefix>:export` / `:import` button of each call.
export const EXPORT_ROUTE = "/api/export";
export const IMPORT_ROUTE = "/api/import";
/** spec: the exported workbook is named 导出文件. */
export const EXPORT_FILE_NAME = "导出文件";

const ENDPOINT = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** `/sys/user/exportXls` is an export endpoint; `/sys/user/list`, `../x/exportXls` or `//h/exportXls` are not. */
export function isExcelEndpoint(path: string | null | undefined, kind: "exportXls" | "importExcel"): path is string {
  if (!path || path.length > 200 || !ENDPOINT.test(path)) return false;
  // An online report's export names the report last (api-contract.md §9 exportXls/{id}).
  return path.endsWith(`/${kind}`) || (kind === "exportXls" && /^\/online\/cgreport\/api\/exportXls\/[A-Za-z0-9_-]+$/.test(path));
}

/** The browser's export link: the list's backend query plus the chosen rows (`selections`). */
export function exportHref(endpoint: string, query: Record<string, string>, selections: readonly string[] = []): string {
  const params = new URLSearchParams({ url: endpoint, ...query });
  params.delete("pageNo");
  params.delete("pageSize");
  if (selections.length > 0) params.set("selections", selections.join(","));
  return `${EXPORT_ROUTE}?${params}`;
}

/** The import dialog's upload address; a plain form (no JavaScript) adds the page to come `back` to. */
export function importHref(endpoint: string, back?: string): string {
  return `${IMPORT_ROUTE}?${new URLSearchParams({ url: endpoint, ...(back ? { back } : {}) })}`;
}
