// Serves the build's precompressed copies (scripts/precompress.mjs): `x.js.br` or `x.js.gz` for
// `x.js` when the browser accepts the encoding, with the original file's type and caching. The
// files present are listed once at start-up, so a request costs a set lookup, not a disk check.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

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

export function precompressed(root: string, options: { maxAge: string; immutable?: boolean }): RequestHandler {
  const present = new Set(listFiles(root));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const wanted = req.path;
    if (!present.has(wanted)) return next();
    const encoding = ENCODINGS.find(({ name, suffix }) => present.has(wanted + suffix) && acceptsEncoding(req.headers["accept-encoding"], name));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(wanted));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(path.join(root, wanted + encoding.suffix), { maxAge: options.maxAge, immutable: options.immutable ?? false, dotfiles: "deny" }, (error) => {
      if (error) next(error);
    });
  };
}
