// The rules of the upload, file and image cells and fields (docs/spec/widgets.md §3 "Upload value",
// §4 "Upload cell", §5 "Uploads", §6, §7 upload row, §8 "Upload failure", §9 upload limits).
// Pure; unit-tested in tests/unit/widget-upload.test.ts.

/** The web app's upload route (forwards to the backend's POST /sys/common/upload). */
export const UPLOAD_ROUTE = "/api/files/upload";
/** The route that streams a stored file back (app/routes/api/files/static.tsx). */
export const STATIC_ROUTE = "/api/files/static";
/** spec §9: `biz` default temp; number limit 0 = unlimited; multiple by default. */
export const UPLOAD_DEFAULTS = { biz: "temp", number: 0, multiple: true } as const;
/** spec §9 "File-name ellipsis 5 characters". */
export const FILE_NAME_LENGTH = 5;

export const UPLOAD_TEXTS = {
  imageOnly: "请上传图片",
  unknownOperation: "未知的操作",
  atTheEnd: "已到最后~",
  unknownFile: "未知的文件",
  uploadFailedTip: "Upload failed",
  unknownError: "unknown error",
} as const;

/** spec §8: "{file} 上传失败". */
export function uploadFailedText(fileName: string): string {
  return `${fileName} 上传失败`;
}

export type UploadStatus = "uploading" | "done" | "error" | "removed";

/** spec §3 "Upload value". */
export interface UploadFile {
  uid: string;
  name: string;
  status: UploadStatus;
  percent: number;
  /** The stored path (relative, as the backend answers) once done. */
  path?: string;
  message?: string;
}

/** The first 5 characters, then an ellipsis (spec §5). */
export function shortFileName(name: string, length = FILE_NAME_LENGTH): string {
  const characters = [...name];
  return characters.length > length ? `${characters.slice(0, length).join("")}…` : name;
}

/** The file name of a stored path: `temp/报名表_1712345678901.pdf` → `报名表_1712345678901.pdf`. */
export function fileNameOf(path: string): string {
  return path.split("/").pop() ?? path;
}

const IMAGE_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "bmp", "webp", "ico", "svg"]);

/** Image mode accepts only images (by type, else by extension). */
export function isImageFile(name: string, type = ""): boolean {
  if (type.startsWith("image/")) return true;
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  return IMAGE_EXTENSIONS.has(extension);
}

/** The address of a stored file: absolute URLs as they are, others through the static route. */
export function fileUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${STATIC_ROUTE}?path=${encodeURIComponent(path.replace(/^\/+/, ""))}`;
}

/** The value's files: a comma-joined list of stored paths (contract §1). */
export function filesOfValue(value: string | null | undefined): UploadFile[] {
  return (value ?? "")
    .split(",")
    .map((path) => path.trim())
    .filter((path) => path !== "")
    .map((path) => ({ uid: path, name: fileNameOf(path), status: "done" as const, percent: 100, path }));
}

/** spec §4: only done files contribute to the value. */
export function valueOfFiles(files: readonly UploadFile[]): string {
  return files
    .filter((file) => file.status === "done" && file.path)
    .map((file) => file.path)
    .join(",");
}

/**
 * The answer of an upload (spec §4, §7): success false counts as failed; the path is in the field
 * named by `responseName` (default `message`); a failure's message is the answer's, else unknown.
 */
export function readUploadAnswer(answer: unknown, responseName = "message"): { ok: true; path: string } | { ok: false; message: string } {
  const body = (answer && typeof answer === "object" ? answer : {}) as Record<string, unknown>;
  const message = typeof body.message === "string" && body.message !== "" ? body.message : UPLOAD_TEXTS.unknownError;
  if (body.success !== true) return { ok: false, message };
  const path = body[responseName];
  if (typeof path !== "string" || path === "") return { ok: false, message };
  return { ok: true, path };
}

/** spec §9 "number limit": whether another file may be added (0 = unlimited). */
export function canAddFile(count: number, limit: number = UPLOAD_DEFAULTS.number): boolean {
  return limit <= 0 || count < limit;
}

/**
 * spec §5: moves an image one place; before the first gives 未知的操作, past the last 已到最后~.
 */
export function moveFile<T>(files: readonly T[], index: number, direction: "up" | "down"): { ok: true; files: T[] } | { ok: false; message: string } {
  if (index < 0 || index >= files.length) return { ok: false, message: UPLOAD_TEXTS.unknownOperation };
  if (direction === "up" && index === 0) return { ok: false, message: UPLOAD_TEXTS.unknownOperation };
  if (direction === "down" && index === files.length - 1) return { ok: false, message: UPLOAD_TEXTS.atTheEnd };
  const target = direction === "up" ? index - 1 : index + 1;
  const next = [...files];
  [next[index], next[target]] = [next[target], next[index]];
  return { ok: true, files: next };
}
