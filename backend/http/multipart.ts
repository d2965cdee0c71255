// multipart/form-data bodies of uploads and Excel imports (contract §6 importExcel, §7 Upload),
// parsed with busboy as they stream in: a file larger than the limit is never held in memory
// beyond the limit, and the answer is the contract's "Upload too large" text (§1).
import type { Request } from "express";
import busboy from "busboy";
import { ApiError } from "./envelope";

/** Contract §1 (`文件大小超出10MB限制…`): 10 MB per file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "文件大小超出10MB限制, 请压缩或降低文件质量! ";

export interface UploadedFile {
  fieldName: string;
  /** The name the browser sent (only for display and the stored name's stem; never a path). */
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  files: UploadedFile[];
  fields: Record<string, string>;
}

export interface MultipartLimits {
  maxFileBytes?: number;
  /** Files kept; further file parts are read past and dropped. */
  maxFiles?: number;
  maxFields?: number;
  maxFieldBytes?: number;
}

/** Thrown when the body is not multipart or cannot be parsed; the caller picks the words. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MultipartError";
  }
}

/**
 * Reads the request's multipart body. Any field name is accepted for files (the original takes
 * whatever `MultipartHttpServletRequest.getFileMap()` holds). Throws ApiError(UPLOAD_TOO_LARGE)
 * when a file is over the limit, MultipartError when the body is not a multipart form.
 */
export function readMultipart(req: Request, limits: MultipartLimits = {}): Promise<MultipartForm> {
  const maxFileBytes = limits.maxFileBytes ?? MAX_UPLOAD_BYTES;
  const maxFiles = limits.maxFiles ?? 1;
  const maxFieldBytes = limits.maxFieldBytes ?? 64 * 1024;
  const maxFields = limits.maxFields ?? 20;

  // A declared body far beyond what may be accepted is refused before a byte is read.
  const declared = Number(req.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxFileBytes * maxFiles + maxFields * maxFieldBytes + 64 * 1024) {
    return Promise.reject(new ApiError(UPLOAD_TOO_LARGE));
  }

  return new Promise<MultipartForm>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // File names are UTF-8 in every current browser; busboy's default would read them as latin1.
        defParamCharset: "utf8",
        limits: { fileSize: maxFileBytes, files: maxFiles, fields: maxFields, fieldSize: maxFieldBytes, parts: maxFiles + maxFields + 10 },
      });
    } catch (error) {
      reject(new MultipartError(error instanceof Error ? error.message : String(error)));
      return;
    }
    const form: MultipartForm = { files: [], fields: {} };
    let tooLarge = false;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      if (error) {
        // Keep reading (and dropping) what the client still sends, so it gets our answer.
        req.resume();
        reject(error);
      } else resolve(form);
    };

    parser.on("file", (fieldName, stream, info) => {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (!tooLarge) chunks.push(chunk);
      });
      stream.on("limit", () => {
        tooLarge = true;
        chunks.length = 0;
      });
      stream.on("end", () => {
        if (tooLarge) return;
        form.files.push({
          fieldName,
          fileName: baseName(info.filename ?? ""),
          mimeType: info.mimeType ?? "application/octet-stream",
          bytes: Buffer.concat(chunks, size),
        });
      });
      stream.on("error", (error: Error) => finish(new MultipartError(error.message)));
    });
    parser.on("field", (name, value, info) => {
      if (!info.valueTruncated && !Object.hasOwn(form.fields, name) && name !== "__proto__") form.fields[name] = value;
    });
    parser.on("error", (error: unknown) => finish(new MultipartError(error instanceof Error ? error.message : String(error))));
    parser.on("close", () => finish(tooLarge ? new ApiError(UPLOAD_TOO_LARGE) : undefined));
    req.on("error", (error) => finish(new MultipartError(error.message)));
    req.pipe(parser);
  });
}

/** The last path segment of a browser-sent name (old IE sent full Windows paths). */
function baseName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? "";
  return last.replace(/[\u0000-\u001f\u007f]/g, "").trim();
}
