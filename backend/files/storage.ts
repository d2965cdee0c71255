// Local file storage under one upload root (contract §7 "Upload", "Static file URL"; §10
// "Uploads"): relative paths in, paths that can never leave the root out, and stored names that
// the server makes (`<name>_<epochMillis>.<ext>`).
import { mkdir, open, realpath, stat } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import path from "node:path";

/** Where stored files are served (contract §7 "Static file URL"). */
export const STATIC_PREFIX = "/sys/common/static/";

/** `UPLOAD_DIR`, else `<DATA_DIR or ./data>/upload`; read per call so tests and start-up may set it. */
export function uploadRoot(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.UPLOAD_DIR || path.join(env.DATA_DIR || "./data", "upload"));
}

/** One folder or file name segment that may be stored: no dots-only, no separators, no controls. */
const SAFE_SEGMENT = /^[A-Za-z0-9_\-\u4e00-\u9fa5][A-Za-z0-9_.\-\u4e00-\u9fa5]*$/;

/**
 * The `biz` sub-folder (contract §7), normalised: default `temp`; `/`-separated segments of
 * letters, digits, `_`, `-` and Chinese; `..`, `.`, an absolute path, a drive letter or a
 * backslash make it `null` (refused, §10) rather than silently repaired.
 */
export function normaliseBiz(raw: string | undefined): string | null {
  const text = (raw ?? "").trim();
  if (text === "") return "temp";
  if (text.startsWith("/") || text.includes("\\") || /^[A-Za-z]:/.test(text) || text.includes("\u0000")) return null;
  const segments = text.split("/").filter((segment) => segment !== "");
  if (segments.length === 0 || segments.length > 5) return null;
  for (const segment of segments) {
    if (segment === "." || segment === ".." || segment.length > 64 || !SAFE_SEGMENT.test(segment) || segment.endsWith(".")) return null;
  }
  return segments.join("/");
}

/**
 * A relative path from a URL (already split on `/`, each segment percent-decoded) checked segment
 * by segment. The original strips `..` and a trailing `,` (contract §7); we refuse `..` instead,
 * and cut the trailing comma of multi-file values.
 */
export function safeRelativePath(segments: readonly string[]): string | null {
  const parts = [...segments];
  if (parts.length > 0) parts[parts.length - 1] = parts[parts.length - 1]!.replace(/,+$/, "");
  if (parts.length === 0 || parts.length > 16) return null;
  for (const part of parts) {
    if (part === "" || part === "." || part === ".." || part.length > 255) return null;
    if (/[\\/\u0000-\u001f]/.test(part) || /^[A-Za-z]:$/.test(part)) return null;
  }
  return parts.join("/");
}

/**
 * The absolute path of a stored file, or null when it is missing, not a regular file, or — after
 * symbolic links are followed — outside the upload root.
 */
export async function resolveStoredFile(relative: string, root = uploadRoot()): Promise<string | null> {
  const realRoot = await realpath(root).catch(() => null);
  if (!realRoot) return null;
  const candidate = path.resolve(realRoot, relative);
  if (!isInside(realRoot, candidate)) return null;
  const real = await realpath(candidate).catch(() => null);
  if (!real || !isInside(realRoot, real)) return null;
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? real : null;
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** `name` reduced to a safe stem for `<stem>_<millis>.<ext>`: no separators, dots or controls, ≤ 60 characters. */
export function storedStem(fileName: string): string {
  const withoutExtension = fileName.includes(".") ? fileName.slice(0, fileName.lastIndexOf(".")) : fileName;
  const stem = [...withoutExtension.replace(/[^A-Za-z0-9_\-\u4e00-\u9fa5]+/g, "_").replace(/^_+|_+$/g, "")].slice(0, 60).join("");
  return stem || "file";
}

/**
 * Writes `bytes` as `<root>/<folder>/<stem>_<millis>.<ext>` (created exclusively: a name taken in
 * the same millisecond moves on to the next one) and answers the path relative to the root.
 */
export async function storeFile(folder: string, stem: string, extension: string, bytes: Uint8Array, root = uploadRoot()): Promise<string> {
  const directory = path.resolve(root, folder);
  if (!isInside(root, directory)) throw new Error(`storage: ${folder} leaves the upload root`);
  await mkdir(directory, { recursive: true });
  let millis = Date.now();
  for (let attempt = 0; attempt < 50; attempt++, millis++) {
    const name = `${stem}_${millis}.${extension}`;
    const handle = await open(path.join(directory, name), "wx").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "EEXIST") return null;
      throw error;
    });
    if (!handle) continue;
    try {
      await handle.writeFile(bytes);
    } finally {
      await handle.close();
    }
    return `${folder}/${name}`;
  }
  throw new Error("storage: no free file name");
}

/** A folder path for files nobody should guess (import error reports are served publicly). */
export function unguessableName(prefix: string): string {
  return `${prefix}_${Date.now()}_${randomBytes(8).toString("hex")}`;
}
