// The browser half of a list's export (docs/spec/app-shell.md §7 "{export url} (file): query plus
// selection; a JSON-typed reply means failure", §8 文件导出失败): the workbook is read as it
// streams in, so a large file shows its progress, then saved under the spec's name.
import { EXPORT_FILE_NAME } from "~/lib/excel-endpoints";

export const EXPORT_FAILED = "文件导出失败";

export type ExportOutcome = { ok: true; bytes: number } | { ok: false; message: string; sessionEnded?: boolean };

/** `12.3 MB` style sizes for the progress message. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Downloads `href` and saves it as `导出文件.xlsx`; `onProgress` hears the bytes received so far. */
export async function downloadExport(href: string, onProgress: (received: number, total: number | null) => void): Promise<ExportOutcome> {
  let response: Response;
  try {
    response = await fetch(href, { headers: { Accept: "application/octet-stream, application/json" } });
  } catch {
    return { ok: false, message: EXPORT_FAILED };
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.ok || type.toLowerCase().includes("json") || !response.body) {
    return { ok: false, message: EXPORT_FAILED, sessionEnded: response.status === 401 };
  }
  const declared = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(declared) && declared > 0 ? declared : null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received, total);
    }
  } catch {
    return { ok: false, message: EXPORT_FAILED };
  }
  const blob = new Blob(chunks as BlobPart[], { type: type || "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${EXPORT_FILE_NAME}.xlsx`;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return { ok: true, bytes: received };
}
