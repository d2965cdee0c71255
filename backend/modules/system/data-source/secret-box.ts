// The data sources' passwords at rest: AES-256-GCM with a key derived (SHA-256) from
// DATA_SOURCE_KEY, else from a random key written once to DATA_DIR/data-source-key (mode 0600).
// Several backends on one database must share DATA_SOURCE_KEY. Stored as `v1:<iv>:<tag>:<data>`.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const VERSION = "v1";

function keyText(configured: string | undefined): string {
  if (configured) return configured;
  const folder = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(folder, "data-source-key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(folder, { recursive: true });
    const generated = randomBytes(32).toString("base64");
    try {
      writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
      return generated;
    } catch {
      // Another process wrote it first.
      return readFileSync(file, "utf8").trim();
    }
  }
}

function keyOf(configured: string | undefined): Buffer {
  return createHash("sha256").update(keyText(configured)).digest();
}

export function encryptSecret(plain: string, configured: string | undefined): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(configured), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
}

/** The plain text, or null when the text is not ours or the key changed. */
export function decryptSecret(stored: string | null | undefined, configured: string | undefined): string | null {
  const [version, iv, tag, data] = (stored ?? "").split(":");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(configured), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
