// What the Excel import dialog shows for each answer (widgets.md §3 "Import result", §4 "Import
// dialog", §5, §8; app-shell.md §3, §8). Pure, so every row of the catalogue is unit-tested.
import { z } from "zod";
import { resultEnvelopeSchema, successText } from "#contract/envelope";

export const IMPORT_TITLE = "导入EXCEL";
export const ACCEPTED_EXTENSIONS = [".xls", ".xlsx"] as const;
export const ACCEPT = ACCEPTED_EXTENSIONS.join(",");
/** widgets.md §5: confirming with no file. */
export const NO_FILE = "未上传任何文件";
/** widgets.md §8: any failure other than an ended session. */
export const UPLOAD_FAILED = "文件上传失败";
/** widgets.md §8: code 201. */
export const PARTIAL_TITLE = "导入成功，但存在错误数据！";
/**
 * Code 201 with nothing imported (our backend imports a file whole or not at all): the contract's
 * message (`文件导入成功，但有错误。`) would head a failure as a success, so the dialog says what happened.
 */
export const NOTHING_IMPORTED_TITLE = "导入失败，存在错误数据！";
export const DOWNLOAD_LINK = "点击下载";
export const WRONG_TYPE = "只能上传.xls或.xlsx文件";
/** The web route that streams a stored file (download.server.ts staticFileLoader). */
export const STATIC_DOWNLOAD_ROUTE = "/api/files/static";

export type ImportOutcome =
  /** A success message. */
  | { kind: "success"; text: string }
  /** code 201: a warning dialog with the message, the summary and a link to the error report. */
  | { kind: "partial"; title: string; message: string; summary: string; href: string | null; fileName: string }
  /** success:false: a warning with the file name and the server's message. */
  | { kind: "failure"; text: string }
  /** The session ended: the expiry dialog. */
  | { kind: "session-expired" }
  /** Anything else: 文件上传失败. */
  | { kind: "upload-failed"; text: string };

const partialResultSchema = z.object({
  msg: z.string().nullish(),
  fileUrl: z.string().nullish(),
  fileName: z.string().nullish(),
  successCount: z.coerce.number().nullish(),
});

/** Only Excel files may be chosen (widgets.md §5), unless the page accepts others (a .csv statement). */
export function isAcceptedFile(name: string, extensions: readonly string[] = ACCEPTED_EXTENSIONS): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

/** The warning for a file of another type: 只能上传.xls或.xlsx文件, or the page's own list. */
export function wrongTypeText(extensions: readonly string[] = ACCEPTED_EXTENSIONS): string {
  return extensions === ACCEPTED_EXTENSIONS ? WRONG_TYPE : `只能上传${extensions.join("、")}文件`;
}

/** The confirm button's guard: nothing to upload → the 未上传任何文件 warning. */
export function checkBeforeImport(fileCount: number): { ok: true } | { ok: false; warning: string } {
  return fileCount > 0 ? { ok: true } : { ok: false, warning: NO_FILE };
}

/**
 * The web link for a result's `fileUrl` (`/sys/common/static/<path>`): through the web app's
 * stored-file route, as the browser cannot reach the backend. Anything else is not linked.
 */
export function staticDownloadHref(fileUrl: string, fileName?: string, route = STATIC_DOWNLOAD_ROUTE): string | null {
  const match = /^\/sys\/common\/static\/(.+)$/.exec(fileUrl);
  if (!match) return null;
  const relative = match[1]!;
  if (relative.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) return null;
  // The stored name is unguessable on purpose; the download takes the name the server gave it.
  return `${route}?path=${encodeURIComponent(relative)}${fileName ? `&name=${encodeURIComponent(fileName)}` : ""}`;
}

/** One file's answer (HTTP status and parsed JSON body, or null when it was not JSON). */
export function describeImportAnswer(
  fileName: string,
  status: number,
  body: unknown,
  hrefFor: (fileUrl: string, fileName?: string) => string | null = staticDownloadHref,
): ImportOutcome {
  const parsed = resultEnvelopeSchema.safeParse(body);
  const envelope = parsed.success ? parsed.data : null;
  // Any JSON body's message: 2.x answered an ended session with HTTP 500 and Spring's error body.
  const anyMessage = body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string" ? (body as { message: string }).message : "";
  if (status === 401 || (status === 500 && anyMessage.includes("Token失效"))) return { kind: "session-expired" };
  if (status < 200 || status >= 300 || !envelope) return { kind: "upload-failed", text: UPLOAD_FAILED };
  if (!envelope.success) {
    if (envelope.code === 401) return { kind: "session-expired" };
    return { kind: "failure", text: envelope.message ? `${fileName} ${envelope.message}` : `${fileName} ${UPLOAD_FAILED}` };
  }
  if (envelope.code === 201) {
    const result = partialResultSchema.safeParse(envelope.result);
    const details = result.success ? result.data : {};
    const nothingImported = details.successCount === 0;
    return {
      kind: "partial",
      title: nothingImported ? NOTHING_IMPORTED_TITLE : PARTIAL_TITLE,
      message: nothingImported ? "" : envelope.message,
      summary: details.msg ?? "",
      href: details.fileUrl ? hrefFor(details.fileUrl, details.fileName ?? undefined) : null,
      fileName: details.fileName ?? "",
    };
  }
  return { kind: "success", text: successText(envelope) || `${fileName} 文件上传成功` };
}

/** Whether any row of this file went in. */
export function importedAny(outcome: ImportOutcome): boolean {
  return outcome.kind === "success" || (outcome.kind === "partial" && outcome.title !== NOTHING_IMPORTED_TITLE);
}

/** Why a file that went nowhere failed, shown beside it in the dialog (null: it went in). */
export function failureReason(outcome: ImportOutcome): string | null {
  switch (outcome.kind) {
    case "success":
      return null;
    case "partial":
      return importedAny(outcome) ? null : [outcome.title, outcome.summary].filter(Boolean).join(" ");
    case "failure":
    case "upload-failed":
      return outcome.text;
    case "session-expired":
      return null;
  }
}

/** After all files: reload the list when anything went in; close when nothing is left to retry. */
export function afterImport(outcomes: readonly ImportOutcome[]): { reload: boolean; close: boolean } {
  const imported = outcomes.filter(importedAny).length;
  return { reload: imported > 0, close: imported === outcomes.length };
}

// ---- without JavaScript (docs/decisions/164) ------------------------------------------------------

const outcomeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("success"), text: z.string() }),
  z.object({ kind: z.literal("partial"), title: z.string(), message: z.string(), summary: z.string(), href: z.string().nullable(), fileName: z.string() }),
  z.object({ kind: z.literal("failure"), text: z.string() }),
  z.object({ kind: z.literal("session-expired") }),
  z.object({ kind: z.literal("upload-failed"), text: z.string() }),
]);

/** Where a plain import goes back to: a path of this site (`/x?y`), never another origin. */
export function isReturnPath(path: string | null | undefined): path is string {
  return typeof path === "string" && path.length <= 2000 && /^\/(?![/\\])/.test(path) && !/[\u0000-\u001f]/.test(path);
}

/** `back` with the outcome in its `param` (the plain form's page shows it). */
export function withImportOutcome(back: string, param: string, outcome: ImportOutcome): string {
  const url = new URL(back, "http://site.invalid");
  url.searchParams.set(param, JSON.stringify(outcome));
  return `${url.pathname}${url.search}`;
}

/**
 * The outcome an address carries, or null. Anyone can write an address: only what the page would
 * show comes through (texts, and a report link to the stored-file route only).
 */
export function readImportOutcome(text: string | null | undefined): ImportOutcome | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = outcomeSchema.safeParse(raw);
  if (!parsed.success) return null;
  const outcome = parsed.data;
  if (outcome.kind === "partial" && outcome.href !== null && !outcome.href.startsWith(`${STATIC_DOWNLOAD_ROUTE}?`)) return { ...outcome, href: null };
  return outcome;
}
