// What may be uploaded and how it is served (contract §10 "Uploads": extension allow-list, content
// checked, svg/html as attachments). The content check compares the first bytes with the
// extension's signature, so a script renamed to .png is refused; text types must be text.
export interface FileType {
  /** Content-Type when served. */
  mime: string;
  /** Served inline (raster images and PDF); everything else as an attachment. */
  inline: boolean;
  /** Does the content look like this type? */
  matches(bytes: Uint8Array): boolean;
}

const startsWith =
  (...signatures: ReadonlyArray<ReadonlyArray<number | null>>) =>
  (bytes: Uint8Array): boolean =>
    signatures.some((signature) => signature.length <= bytes.length && signature.every((byte, index) => byte === null || bytes[index] === byte));

const ascii = (text: string, at = 0): Array<number | null> => [...Array<null>(at).fill(null), ...[...text].map((character) => character.charCodeAt(0))];

const JPEG = startsWith([0xff, 0xd8, 0xff]);
const PNG = startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const GIF = startsWith(ascii("GIF87a"), ascii("GIF89a"));
const BMP = startsWith(ascii("BM"));
const WEBP = (bytes: Uint8Array) => startsWith(ascii("RIFF"))(bytes) && startsWith(ascii("WEBP", 8))(bytes);
const ICO = startsWith([0x00, 0x00, 0x01, 0x00]);
const PDF = startsWith(ascii("%PDF-"));
const ZIP = startsWith([0x50, 0x4b, 0x03, 0x04], [0x50, 0x4b, 0x05, 0x06]);
const OLE2 = startsWith([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const RAR = startsWith(ascii("Rar!\u001a\u0007"));
const SEVEN_ZIP = startsWith([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]);
const GZIP = startsWith([0x1f, 0x8b]);
const MP4 = startsWith(ascii("ftyp", 4));
const MP3 = (bytes: Uint8Array) => startsWith(ascii("ID3"))(bytes) || (bytes.length > 1 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);
const WAV = (bytes: Uint8Array) => startsWith(ascii("RIFF"))(bytes) && startsWith(ascii("WAVE", 8))(bytes);

/**
 * Text: no NUL byte in the first 8 KB. Not a UTF-8 check: GBK text files are common in Chinese
 * offices and are text as well.
 */
function isText(bytes: Uint8Array): boolean {
  return !bytes.subarray(0, 8192).includes(0);
}

/** SVG: text whose first element is <svg> (after an XML declaration, comments or a doctype). */
function isSvg(bytes: Uint8Array): boolean {
  if (!isText(bytes)) return false;
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
}

const type = (mime: string, matches: (bytes: Uint8Array) => boolean, inline = false): FileType => ({ mime, inline, matches });

/**
 * The allow-list. Not here, so never stored: html/htm/xhtml/js/mjs/css/php/jsp/asp(x)/exe/bat/sh/
 * cmd/ps1/jar/war/dll/so/msi/apk, and any name without an extension.
 */
export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  jpg: type("image/jpeg", JPEG, true),
  jpeg: type("image/jpeg", JPEG, true),
  png: type("image/png", PNG, true),
  gif: type("image/gif", GIF, true),
  bmp: type("image/bmp", BMP, true),
  webp: type("image/webp", WEBP, true),
  ico: type("image/x-icon", ICO, true),
  // Stored, but always served as an attachment with a sandboxing CSP: an SVG can carry script.
  svg: type("image/svg+xml", isSvg),
  pdf: type("application/pdf", PDF, true),
  doc: type("application/msword", OLE2),
  xls: type("application/vnd.ms-excel", OLE2),
  ppt: type("application/vnd.ms-powerpoint", OLE2),
  docx: type("application/vnd.openxmlformats-officedocument.wordprocessingml.document", ZIP),
  xlsx: type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ZIP),
  pptx: type("application/vnd.openxmlformats-officedocument.presentationml.presentation", ZIP),
  wps: type("application/vnd.ms-works", OLE2),
  et: type("application/vnd.ms-excel", OLE2),
  txt: type("text/plain; charset=utf-8", isText),
  csv: type("text/csv; charset=utf-8", isText),
  md: type("text/markdown; charset=utf-8", isText),
  zip: type("application/zip", ZIP),
  rar: type("application/vnd.rar", RAR),
  "7z": type("application/x-7z-compressed", SEVEN_ZIP),
  gz: type("application/gzip", GZIP),
  mp3: type("audio/mpeg", MP3),
  wav: type("audio/wav", WAV),
  mp4: type("video/mp4", MP4),
};

/** The lower-case extension of a name, or "" (none, or something that is not a plain extension). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0 && !fileName.startsWith(".")) return "";
  const extension = fileName.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(extension) ? extension : "";
}

/** The allowed type of an upload whose content matches its extension, else undefined. */
export function checkUpload(fileName: string, bytes: Uint8Array): { extension: string; type: FileType } | undefined {
  const extension = extensionOf(fileName);
  const fileType = FILE_TYPES[extension];
  if (!fileType || bytes.length === 0 || !fileType.matches(bytes)) return undefined;
  return { extension, type: fileType };
}

/** How a stored file is served: known types as listed, anything else as a download. */
export function servedType(fileName: string): FileType {
  return FILE_TYPES[extensionOf(fileName)] ?? type("application/octet-stream", () => true);
}
