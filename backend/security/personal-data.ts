// Personal data at rest (issue #34 item 2, docs/decisions/119): the sensitive fields of module
// definitions whose kind is stored encrypted (`STORED_ENCRYPTED_KINDS`) are written as
// AES-256-GCM ciphertext `pd1:<key id>:<base64 iv|tag|data>` under the current key of
// PERSONAL_DATA_KEYS, with a keyed hash (HMAC-SHA-256 under PERSONAL_DATA_HASH_KEY) of the
// normalised value beside it, so exact search still works. Every key of the list decrypts: a value
// names its key, so keys rotate (a new key first in the list, `npm run personal-data:rotate`, then
// the old one may go). The keyring is the process's (read from the environment once, like the rest
// of the configuration): the CRUD engine's conditions, reads and writes all use it.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SensitiveKind } from "#contract/modules/sensitive";
import { GCM_BATCH_MAX_BLOCKS, GCM_IV_BYTES, GCM_TAG_BYTES, openPacked } from "./gcm-batch";

/** The sensitive kinds stored encrypted. Names stay in clear (lists search them by part and join on
 * them); WeChat ids too (payments are matched to parents by them inside the database). */
export const STORED_ENCRYPTED_KINDS: ReadonlySet<SensitiveKind> = new Set<SensitiveKind>(["idNumber", "phone", "email", "bankAccount", "address"]);

/** How a stored ciphertext begins. */
export const CIPHERTEXT_PREFIX = "pd1:";

const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

export interface PersonalDataKey {
  id: string;
  key: Buffer;
}

export interface PersonalDataKeyring {
  /** The key new values are encrypted with (the first of the list). */
  current: PersonalDataKey;
  /** Every key that decrypts, by id. */
  keys: ReadonlyMap<string, PersonalDataKey>;
  /** The HMAC key of the search hashes. */
  hashKey: Buffer;
}

/** A stored value that cannot be read with the configured keys: the operator's mistake, said plainly. */
export class PersonalDataKeyError extends Error {
  override name = "PersonalDataKeyError";
}

export interface PersonalDataKeySettings {
  /** PERSONAL_DATA_KEYS: `id:secret,id:secret…`, the current key first (each secret any text). */
  keys?: string;
  /** PERSONAL_DATA_HASH_KEY: the secret of the search hashes (any text); never changes. */
  hashKey?: string;
}

function derived(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}

/**
 * The keyring of the settings. Unset keys fall back to secrets generated once into DATA_DIR
 * (`personal-data-keys`, `personal-data-hash-key`, mode 0600), as DATA_SOURCE_KEY does: fine for one
 * machine, but several backends on one database must share the settings.
 */
export function parseKeyring(settings: PersonalDataKeySettings): PersonalDataKeyring {
  const listed = (settings.keys || localSecret("personal-data-keys", () => `local1:${randomBytes(32).toString("base64")}`)).trim();
  const keys = new Map<string, PersonalDataKey>();
  let current: PersonalDataKey | undefined;
  for (const entry of listed.split(",")) {
    const colon = entry.indexOf(":");
    const id = entry.slice(0, colon).trim();
    const secret = entry.slice(colon + 1).trim();
    if (colon <= 0 || !KEY_ID_PATTERN.test(id) || secret === "") {
      throw new PersonalDataKeyError("PERSONAL_DATA_KEYS must be `id:secret` pairs separated by commas (ids: letters, digits, _ or -, at most 16)");
    }
    if (keys.has(id)) throw new PersonalDataKeyError(`PERSONAL_DATA_KEYS names the key ${id} twice`);
    const key = { id, key: derived(secret) };
    keys.set(id, key);
    current ??= key;
  }
  if (!current) throw new PersonalDataKeyError("PERSONAL_DATA_KEYS holds no key");
  const hashSecret = settings.hashKey || localSecret("personal-data-hash-key", () => randomBytes(32).toString("base64"));
  return { current, keys, hashKey: createHmac("sha256", derived(hashSecret)).update("personal-data-search").digest() };
}

function localSecret(name: string, generate: () => string): string {
  const folder = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(folder, name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(folder, { recursive: true });
    const generated = generate();
    try {
      writeFileSync(file, generated, { mode: 0o600, flag: "wx" });
      return generated;
    } catch {
      // Another process wrote it first.
      return readFileSync(file, "utf8").trim();
    }
  }
}

let installed: PersonalDataKeyring | undefined;

/** Makes `keyring` the process's (the backend does it when it starts, after checking it). */
export function installKeyring(keyring: PersonalDataKeyring): void {
  installed = keyring;
}

/** The process's keyring (from the environment when none was installed). */
export function keyring(): PersonalDataKeyring {
  installed ??= parseKeyring({ keys: process.env.PERSONAL_DATA_KEYS, hashKey: process.env.PERSONAL_DATA_HASH_KEY });
  return installed;
}

export function isCiphertext(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(CIPHERTEXT_PREFIX);
}

/** The key id of a ciphertext (undefined for a clear value). */
export function keyIdOf(value: string): string | undefined {
  if (!isCiphertext(value)) return undefined;
  return value.slice(CIPHERTEXT_PREFIX.length, value.indexOf(":", CIPHERTEXT_PREFIX.length));
}

/** The ciphertext of a value under the current key. Empty text stays empty (nothing to hide). */
export function encryptValue(plain: string, ring: PersonalDataKeyring = keyring()): string {
  if (plain === "") return plain;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${CIPHERTEXT_PREFIX}${ring.current.id}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64")}`;
}

const unknownKey = (id: string) => new PersonalDataKeyError(`personal data is encrypted with the key "${id}", which PERSONAL_DATA_KEYS does not hold`);
const notOpening = (id: string) =>
  new PersonalDataKeyError(`personal data does not open with the key "${id}" of PERSONAL_DATA_KEYS: it is not the key the data was encrypted with`);

/**
 * The clear value of a stored one. A value that is not ciphertext is answered as it is (a row
 * written before the backend encrypted it, until the start-up pass reaches it). A ciphertext of an
 * unknown key, or one the key does not open, is a PersonalDataKeyError naming the key.
 */
export function decryptValue(stored: string, ring: PersonalDataKeyring = keyring()): string {
  if (!isCiphertext(stored)) return stored;
  const id = keyIdOf(stored)!;
  const key = ring.keys.get(id);
  if (!key) throw unknownKey(id);
  const packed = Buffer.from(stored.slice(CIPHERTEXT_PREFIX.length + id.length + 1), "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, packed.subarray(0, 12));
    decipher.setAuthTag(packed.subarray(12, 28));
    return Buffer.concat([decipher.update(packed.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw notOpening(id);
  }
}

/**
 * The clear values of many stored ones (a page of a list or an export): `values.map((value) =>
 * decryptValue(value, ring))`, the same answers and errors, at a fifth of the cost. The values of
 * each key are opened together (./gcm-batch.ts, docs/decisions/182); one that is malformed or
 * longer than GCM_BATCH_MAX_BLOCKS goes through decryptValue.
 */
export function decryptValues(values: readonly string[], ring: PersonalDataKeyring = keyring()): string[] {
  const opened = [...values];
  const byKey = new Map<string, number[]>();
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    if (!isCiphertext(value)) continue;
    const id = keyIdOf(value)!;
    const indices = byKey.get(id);
    if (indices) indices.push(index);
    else byKey.set(id, [index]);
  }
  for (const [id, indices] of byKey) {
    const key = ring.keys.get(id);
    if (!key) throw unknownKey(id);
    const skip = CIPHERTEXT_PREFIX.length + id.length + 1;
    let room = 0;
    for (const index of indices) room += Math.ceil(((values[index]!.length - skip) * 3) / 4);
    const packed = Buffer.allocUnsafe(room);
    const starts = new Int32Array(indices.length + 1);
    const batch: number[] = [];
    let at = 0;
    for (const index of indices) {
      const written = packed.write(values[index]!.slice(skip), at, "base64");
      const blocks = (written - GCM_IV_BYTES - GCM_TAG_BYTES + 15) >> 4;
      if (written < GCM_IV_BYTES + GCM_TAG_BYTES || blocks > GCM_BATCH_MAX_BLOCKS) {
        opened[index] = decryptValue(values[index]!, ring);
        continue;
      }
      starts[batch.length] = at;
      batch.push(index);
      at += written;
      starts[batch.length] = at;
    }
    const clear = openPacked(key.key, packed, starts, batch.length);
    batch.forEach((index, position) => {
      const text = clear[position];
      if (text === null || text === undefined) throw notOpening(id);
      opened[index] = text;
    });
  }
  return opened;
}

/** What two spellings of one value share: no surrounding spaces; e-mails and ID numbers without case. */
export function normalizedForSearch(kind: SensitiveKind, value: string): string {
  const trimmed = value.trim();
  if (kind === "email" || kind === "idNumber") return trimmed.toLowerCase();
  if (kind === "phone" || kind === "bankAccount") return trimmed.replace(/[\s-]/g, "");
  return trimmed;
}

/** The search hash stored beside a value (null for an empty one). */
export function searchHash(kind: SensitiveKind, value: string, ring: PersonalDataKeyring = keyring()): string | null {
  const normalized = normalizedForSearch(kind, value);
  if (normalized === "") return null;
  return createHmac("sha256", ring.hashKey).update(`${kind}\u0000${normalized}`).digest("base64url");
}

/** The known text each key encrypts into sys_personal_data_key, to prove at start-up it is the same key. */
export const KEY_CHECK_TEXT = "personal-data-key-check";
