// Passwords as the JeecgBoot Vue 3 client sends them (issue #31 item 1, docs/decisions/083): AES-CBC
// with a key and IV every client of a deployment shares (JeecgBoot's public defaults unless
// PASSWORD_AES_KEY / PASSWORD_AES_IV say otherwise), PKCS#7-padded and Base64-encoded; JeecgBoot's
// older clients padded with zero bytes instead. The transport encryption hides nothing from anyone
// who reads the client, so it is only undone here, never relied on: plain passwords are accepted too.
import { createDecipheriv } from "node:crypto";

/** JeecgBoot's public defaults (its EncryptedString and the Vue 3 client's AES_KEY / AES_IV). */
export const JEECG_DEFAULT_AES = { key: "1234567890adbcde", iv: "1234567890hjlkew" } as const;

export interface PasswordCipher {
  key: string;
  iv: string;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// Control characters that JeecgBoot strips from a decrypted password (its `\p{Cntrl}`).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

function decrypt(bytes: Buffer, { key, iv }: PasswordCipher, padded: boolean): string | null {
  try {
    const keyBytes = Buffer.from(key, "utf8");
    const decipher = createDecipheriv(`aes-${keyBytes.length * 8}-cbc`, keyBytes, Buffer.from(iv, "utf8"));
    decipher.setAutoPadding(padded);
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(plain);
    const cleaned = text.replace(CONTROL, "").trim();
    return cleaned === "" ? null : cleaned;
  } catch {
    return null;
  }
}

/**
 * The passwords a typed `input` may stand for, the likeliest first: its decryption (PKCS#7, else the
 * zero-padded legacy form) when it is a cipher text of the configured key, then the input itself (a
 * plain password that happens to look like Base64 must still work).
 */
export function passwordCandidates(input: string, cipher: PasswordCipher): string[] {
  if (input.length < 24 || input.length % 4 !== 0 || !BASE64.test(input)) return [input];
  const bytes = Buffer.from(input, "base64");
  if (bytes.length === 0 || bytes.length % 16 !== 0) return [input];
  const plain = decrypt(bytes, cipher, true) ?? decrypt(bytes, cipher, false);
  return plain === null || plain === input ? [input] : [plain, input];
}
