// Upload and static files (contract §7 "Upload", "Static file URL"; §10 "Uploads").
//   POST /sys/common/upload          multipart `file` (+ `biz`) → {success:true, message:"<biz>/<name>_<millis>.<ext>", code:0}
//   GET  /sys/common/static/<path>   the stored file; public as in the original, but never outside the upload root
import { contentDisposition } from "#contract/content-disposition";
import type { Request, Response } from "express";
import { endpoint, requireAuth, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, failure, okMessage, okWithoutCode } from "../../../http/envelope";
import { ossFileCrud, recordUpload } from "./oss-file-endpoints";
import { ResultCode } from "#contract/envelope";
import { checkUpload, servedType } from "./file-types";
import { readMultipart, MultipartError, type UploadedFile } from "../../../http/multipart";
import { normaliseBiz, resolveStoredFile, safeRelativePath, STATIC_PREFIX, storedStem, storeFile } from "../../../files/storage";

export { STATIC_PREFIX };

export const UPLOAD_FAILED = "上传失败！";

export const fileEndpoints: Endpoint[] = [
  endpoint("POST", "/sys/common/upload", "user", async (request) => {
    const stored = await receiveUpload(request);
    // The path is the message; `result` stays null as in the original (contract §7).
    return "failure" in stored ? failure(stored.failure) : okWithoutCode(null, stored.path);
  }, { doc: { summary: "上传文件（附件、图片）" } }),

  // 文件存储's records (list, queryById, delete) and OSSFileList's 上传, into the `oss` folder.
  ...ossFileCrud.endpoints,
  ...["/sys/oss/file/upload", "/sys/upload/uploadMinio"].map((path) =>
    // 文件存储's OSS文件上传 and, in the Vue 2 client, MINIO文件上传: both store into this backend's one
    // file store and record the file (decision 151).
    endpoint("POST", path, "ossFile:add", async (request) => {
      const stored = await receiveUpload(request, "oss");
      return "failure" in stored ? failure(stored.failure) : okMessage("上传成功！");
    }, { doc: { summary: path === "/sys/oss/file/upload" ? "上传文件到文件存储" : "上传文件到文件存储（原版客户端的对象存储上传地址）" } }),
  ),

  endpoint("GET", `${STATIC_PREFIX}*path`, "public", async ({ req, res }) => {
    const relative = staticPath(req);
    const file = relative ? await resolveStoredFile(relative) : null;
    if (!relative || !file) {
      res.status(404).json(failure("文件不存在", ResultCode.notFound));
      return null;
    }
    await sendStoredFile(res, file, relative.split("/").pop()!);
    return null;
  }, { doc: { summary: "下载或查看已上传的文件" } }),
];

/**
 * Reads the multipart `file` (and `biz`, unless the endpoint fixes it), checks its type, stores it
 * under UPLOAD_DIR and records it for 文件存储; answers the stored path or the refusal.
 */
async function receiveUpload(request: EndpointRequest, fixedBiz?: string): Promise<{ path: string } | { failure: string }> {
  const { req, query, services } = request;
  let file: UploadedFile | undefined;
  let biz: string | null;
  try {
    const form = await readMultipart(req, { maxFiles: 1 });
    file = form.files.find((candidate) => candidate.fieldName === "file") ?? form.files[0];
    // The original reads `biz` with getParameter: the form field or the query string.
    biz = normaliseBiz(fixedBiz ?? form.fields.biz ?? query.biz);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof MultipartError) return { failure: UPLOAD_FAILED };
    throw error;
  }
  if (!file || biz === null) return { failure: UPLOAD_FAILED };
  const checked = checkUpload(file.fileName, file.bytes);
  if (!checked) return { failure: UPLOAD_FAILED };
  let saved: string;
  try {
    saved = await storeFile(biz, storedStem(file.fileName), checked.extension, file.bytes);
  } catch (error) {
    services.logger.error("[files] storing an upload failed", error);
    return { failure: UPLOAD_FAILED };
  }
  await recordUpload(services, requireAuth(request), { fileName: file.fileName, url: saved, extension: checked.extension, size: file.bytes.length, biz });
  return { path: saved };
}

/** The requested relative path: the raw URL path after the prefix, each segment decoded once. */
function staticPath(req: Request): string | null {
  const raw = req.path;
  if (!raw.startsWith(STATIC_PREFIX)) return null;
  try {
    return safeRelativePath(raw.slice(STATIC_PREFIX.length).split("/").map((segment) => decodeURIComponent(segment)));
  } catch {
    // Malformed percent-encoding.
    return null;
  }
}

function sendStoredFile(res: Response, file: string, name: string): Promise<void> {
  const type = servedType(name);
  return new Promise((resolve) => {
    res.sendFile(
      file,
      {
        dotfiles: "allow",
        cacheControl: false,
        headers: {
          "Content-Type": type.mime,
          "Content-Disposition": contentDisposition(name, type.inline ? "inline" : "attachment"),
          "X-Content-Type-Options": "nosniff",
          // Whatever a stored file holds, it cannot run script in our origin when opened directly.
          "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
          "Cache-Control": "private, max-age=3600",
        },
      },
      (error) => {
        if (error && !res.headersSent) res.status(404).json(failure("文件不存在", ResultCode.notFound));
        resolve();
      },
    );
  });
}
