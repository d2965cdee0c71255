// Resource-route helpers for files (docs/spec/app-shell.md §7 export/upload rows, §8 "export reply is
// JSON → 文件导出失败", "import failure…"): the browser never talks to the backend, so exports and
// stored files are streamed through the web server, and import uploads are forwarded as they
// arrive, with the session's token and tenant headers. The routes: app/routes/api/export.tsx,
// import.tsx and files/static.tsx; the list's endpoint comes in `?url=` (app/lib/excel-endpoints.ts).
import { contentDisposition } from "#contract/content-disposition";
import { Messages } from "#contract/messages";
import { ResultCode } from "#contract/envelope";
import { BackendError, type BackendClient, type Query } from "./api.server";
import type { Failure } from "./api-errors";
import { getSignedIn, loginUrlFor, type RouteRequest } from "./auth.server";
import type { RouteArgs } from "./app-context.server";
import { isExcelEndpoint } from "~/lib/excel-endpoints";
import { IMPORT_RESULT } from "~/lib/list-query";
import {
  describeImportAnswer,
  isReturnPath,
  NO_FILE,
  withImportOutcome,
  type ImportOutcome,
} from "~/components/widgets/import-excel/import-result";

/** docs/spec/app-shell.md §8 and widgets.md §8: "Export reply of JSON type → 文件导出失败". */
export const EXPORT_FAILED = "文件导出失败";
/** Contract §1: the backend's own words for an upload over 10 MB. */
export const UPLOAD_TOO_LARGE = "文件大小超出10MB限制, 请压缩或降低文件质量! ";
/** The backend refuses more than 10 MB per file; a little room for the multipart framing. */
const MAX_IMPORT_REQUEST_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** Headers of a backend file answer that the browser needs. */
const PASSED_HEADERS = ["Content-Type", "Content-Disposition", "Content-Length", "Last-Modified", "ETag"] as const;

/** What a resource route answers when the call failed: JSON, never the login page's HTML. */
export interface DownloadFailure {
  ok: false;
  message: string;
  /** The backend's own message, when it gave one. */
  detail?: string;
  failure?: Failure;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A signed-out caller of a resource route: 401 JSON (a fetch would otherwise follow the redirect to the login page). */
function signedOut(): Response {
  const failure: Failure = { kind: "unauthorized", message: Messages.sessionExpired, status: 401 };
  return json({ ok: false, success: false, code: ResultCode.tokenInvalid, message: failure.message, failure }, 401);
}

function failureStatus(failure: Failure): number {
  if (failure.kind === "session-expired" || failure.kind === "unauthorized") return 401;
  if (failure.kind === "not-found") return 404;
  if (failure.kind === "forbidden") return 403;
  if (failure.kind === "timeout") return 504;
  return 502;
}

/**
 * Streams a backend file answer to the browser: status 200 with the backend's Content-Type and
 * Content-Disposition. A JSON answer (the backend's envelope: the export failed before it
 * started) becomes `{ ok:false, message:"文件导出失败", detail }`; a failed call becomes the same
 * with the catalogue's failure and a matching status.
 */
export async function proxyDownload(
  api: BackendClient,
  backendPath: string,
  options: { query?: Query; method?: "GET" | "POST"; failureMessage?: string } = {},
): Promise<Response> {
  const failureMessage = options.failureMessage ?? EXPORT_FAILED;
  let answer: Response;
  try {
    answer = await api.sendRaw(options.method ?? "GET", backendPath, { query: options.query });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    const body: DownloadFailure = { ok: false, message: failureMessage, detail: error.failure.message, failure: error.failure };
    return json(body, failureStatus(error.failure));
  }
  const type = answer.headers.get("Content-Type") ?? "";
  if (type.toLowerCase().includes("json")) {
    const envelope = (await answer.json().catch(() => null)) as { message?: unknown } | null;
    const detail = typeof envelope?.message === "string" && envelope.message ? envelope.message : undefined;
    return json({ ok: false, message: failureMessage, ...(detail ? { detail } : {}) } satisfies DownloadFailure);
  }
  const headers = new Headers({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  for (const name of PASSED_HEADERS) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (!headers.has("Content-Disposition")) headers.set("Content-Disposition", "attachment");
  return new Response(answer.body, { status: 200, headers });
}

/** The page's list parameters (filters, sort, `selections`) as the backend's query. */
export function forwardedQuery(url: URL): Query {
  const query: Query = {};
  for (const [name, value] of url.searchParams) {
    // `_t` is the cache buster the client adds (sendRaw adds its own); `url` names the endpoint.
    if (name === "_t" || name === "url") continue;
    const previous = query[name];
    query[name] = previous === undefined ? value : `${String(previous)},${value}`;
  }
  return query;
}

/** A `url` that is not a list's export / import endpoint. */
function notAnEndpoint(): Response {
  return json({ ok: false, message: Messages.resourceNotFound } satisfies DownloadFailure, 404);
}

/** Loader of the export route: `?url=<…/exportXls>&<the list's query>&selections=` → the file. */
export async function exportFileLoader(route: RouteRequest): Promise<Response> {
  const { url } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn) return signedOut();
  const endpoint = url.searchParams.get("url");
  if (!isExcelEndpoint(endpoint, "exportXls")) return notAnEndpoint();
  return proxyDownload(signedIn.api, endpoint, { query: forwardedQuery(url) });
}

/**
 * Loader of the stored-file route: `?path=<relative path>` (or a `/sys/common/static/…` fileUrl)
 * streamed from the backend's static route. Signed-in users only: the error reports of imports
 * are for the people who imported.
 */
export async function staticFileLoader(route: RouteRequest): Promise<Response> {
  const { url } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn) return signedOut();
  const relative = staticRelativePath(url.searchParams.get("path") ?? "");
  if (!relative) return json({ ok: false, message: Messages.resourceNotFound } satisfies DownloadFailure, 404);
  const answer = await proxyDownload(signedIn.api, `/sys/common/static/${relative.split("/").map(encodeURIComponent).join("/")}`, {
    failureMessage: Messages.resourceNotFound,
  });
  const name = downloadName(url.searchParams.get("name"), relative);
  const isFile = answer.ok && !(answer.headers.get("Content-Type") ?? "").includes("json");
  if (isFile && name) answer.headers.set("Content-Disposition", contentDisposition(name));
  return answer;
}

/**
 * The name a stored file is offered under (an import's error report: `用户列表_导入错误信息.xlsx`), when
 * the caller gives one: a plain file name with the stored file's own extension, or none.
 */
export function downloadName(raw: string | null, relative: string): string | null {
  if (!raw) return null;
  const name = raw.trim();
  const extension = relative.slice(relative.lastIndexOf(".")).toLowerCase();
  if (name.length === 0 || name.length > 200 || /[\u0000-\u001f\u007f/\\]/.test(name)) return null;
  return name.toLowerCase().endsWith(extension) ? name : null;
}

/** `a/b.xlsx` from `a/b.xlsx` or `/sys/common/static/a/b.xlsx`; null for anything that climbs. */
export function staticRelativePath(raw: string): string | null {
  const relative = raw.replace(/^\/?sys\/common\/static\//, "").replace(/^\/+/, "");
  const segments = relative.split("/");
  if (relative === "" || segments.some((segment) => segment === "" || segment === "." || segment === ".." || segment.includes("\\"))) return null;
  return relative;
}

/**
 * Forwards a multipart upload to the backend unchanged (boundary and all) and answers the
 * backend's envelope as it is (`success`, `code` 201 with `msg`/`fileUrl`/`fileName`, `message`).
 */
export async function forwardUpload(
  request: Request,
  api: BackendClient,
  backendPath: string,
  notMultipart = "文件导入失败:请选择要导入的Excel文件",
): Promise<Response> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return json({ success: false, code: ResultCode.businessError, message: notMultipart, result: null });
  }
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_IMPORT_REQUEST_BYTES) {
    return json({ success: false, code: ResultCode.businessError, message: UPLOAD_TOO_LARGE, result: null });
  }
  try {
    const answer = await api.sendRaw("POST", backendPath, { body: request.body, contentType });
    return new Response(answer.body, {
      status: 200,
      headers: { "Content-Type": answer.headers.get("Content-Type") ?? "application/json; charset=utf-8", "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    return json(
      { success: false, code: error.failure.code ?? error.failure.status, message: error.failure.message, result: null, failure: error.failure },
      failureStatus(error.failure),
    );
  }
}

/**
 * Action of the import route: the dialog's multipart POST to `?url=<…/importExcel>`, answered with
 * the backend's envelope. The plain form of a list without JavaScript adds `&back=<the list's
 * import page>`: the same upload goes to the backend, and the answer is a redirect back there
 * with the outcome the dialog would show (docs/decisions/164).
 */
export async function importFileAction(route: RouteRequest): Promise<Response> {
  const { request, url } = route;
  const back = url.searchParams.get("back");
  const plain = isReturnPath(back);
  const signedIn = await getSignedIn(route);
  if (!signedIn) return plain ? redirectTo(loginUrlFor(new URL(back, url))) : signedOut();
  const endpoint = url.searchParams.get("url");
  if (!isExcelEndpoint(endpoint, "importExcel")) return notAnEndpoint();
  if (!plain) return forwardUpload(request, signedIn.api, endpoint);
  return redirectTo(withImportOutcome(back, IMPORT_RESULT, await plainImport(request, signedIn.api, endpoint)));
}

/** The plain form's upload: its file, forwarded as the dialog sends it, and what the dialog would show. */
async function plainImport(request: Request, api: BackendClient, endpoint: string): Promise<ImportOutcome> {
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > MAX_IMPORT_REQUEST_BYTES) return { kind: "failure", text: UPLOAD_TOO_LARGE };
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File) || file.name === "") return { kind: "failure", text: NO_FILE };
  const upload = new FormData();
  upload.append("file", file, file.name);
  const answer = await forwardUpload(new Request(request.url, { method: "POST", body: upload }), api, endpoint);
  const outcome = describeImportAnswer(file.name, answer.status, await answer.json().catch(() => null));
  return outcome.kind === "session-expired" ? { kind: "failure", text: Messages.sessionExpired } : outcome;
}

function redirectTo(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

/**
 * Action of the upload route (the upload cells and fields, and editor images with biz `jeditor`):
 * the multipart POST forwarded to /sys/common/upload.
 */
export async function uploadFileAction(route: RouteArgs): Promise<Response> {
  const { request } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn) return signedOut();
  return forwardUpload(request, signedIn.api, "/sys/common/upload", "上传失败！");
}
