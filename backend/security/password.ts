// Password hashing with scrypt (node:crypto). Stored as `scrypt$N$r$p$salt$hash` (base64).
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, COST);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, saltText, keyText] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyText, "base64");
  const actual = await scrypt(password, Buffer.from(saltText, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** `bytes[from, from + length)` as text of the password alphabet. */
function alphabetText(bytes: Uint8Array, from: number, length: number): string {
  let text = "";
  for (let at = from; at < from + length; at++) text += PASSWORD_ALPHABET[bytes[at]! % PASSWORD_ALPHABET.length];
  return text;
}

/** A password that a person can type and read back: 16 characters, no look-alikes. */
export function generatePassword(length = 16): string {
  return alphabetText(randomBytes(length), 0, length);
}

/** The legacy 8-character salt column, kept filled for compatibility with JeecgBoot tools. */
export function legacySalt(): string {
  return generatePassword(8);
}

/**
 * `count` legacy salts, each as legacySalt makes it, from one draw of random bytes (an import of
 * 50,000 users asked the system for random bytes 50,000 times).
 */
export function legacySalts(count: number): string[] {
  const bytes = randomBytes(8 * count);
  return Array.from({ length: count }, (_, index) => alphabetText(bytes, 8 * index, 8));
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password for a user name that may not exist. Without an account (or without a usable
 * hash) a dummy hash of the same cost is checked, so a failure takes as long either way and its
 * timing does not tell whether the account exists (issue #10).
 */
export async function verifyPasswordEvenly(password: string, stored: string | null | undefined): Promise<boolean> {
  if (stored?.startsWith("scrypt$")) return verifyPassword(password, stored);
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
