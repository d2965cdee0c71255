// The build's static files: the precompressed copy (scripts/precompress.mjs, `x.js.br` or
// `x.js.gz` for `x.js`) when the browser accepts the encoding, with the original file's type and
// caching, else the file itself. The files present are listed once at start-up, so every other
// request (each page and `.data` request passes here first) costs a set lookup, not a disk check.
import { readdirSync } from "node:fs";
import path from "node:path";
import express, { type RequestHandler } from "express";
import { logClientGone } from "./client-gone";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

function listFiles(folder: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const relative = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...listFiles(path.join(folder, entry.name), relative));
    else found.push(relative);
  }
  return found;
}

/** Whether the Accept-Encoding header takes `encoding` (not refused with q=0). */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== encoding && token !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

function decodedPath(requestPath: string): string | null {
  try {
    return decodeURIComponent(requestPath);
  } catch {
    return null;
  }
}

/** `debugLogging`: a file the browser stopped downloading is logged at debug level (server/client-gone.ts). */
export function staticFiles(root: string, options: { maxAge: string; immutable?: boolean; debugLogging?: boolean }): RequestHandler {
  const present = new Set(listFiles(root));
  const plain = express.static(root, { maxAge: options.maxAge, immutable: options.immutable ?? false, index: false });
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const wanted = decodedPath(req.path);
    if (wanted === null || !present.has(wanted)) return next();
    const encoding = ENCODINGS.find(({ name, suffix }) => present.has(wanted + suffix) && acceptsEncoding(req.headers["accept-encoding"], name));
    res.vary("Accept-Encoding");
    if (!encoding) return plain(req, res, next);
    res.type(path.extname(wanted));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(path.join(root, wanted + encoding.suffix), { maxAge: options.maxAge, immutable: options.immutable ?? false, dotfiles: "deny" }, (error?: Error & { code?: string }) => {
      // A browser that navigates away mid-file is no fault: one debug line, no stack trace.
      if (error?.code === "ECONNABORTED") logClientGone(req, options.debugLogging ?? false);
      else if (error) next(error);
    });
  };
}
