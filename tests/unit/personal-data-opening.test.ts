// Opening a page of encrypted personal data at once (docs/decisions/182): decryptValues answers
// exactly what decryptValue (Node's AES-256-GCM) answers, value by value, refuses every altered
// byte of an IV, a tag or the data as decryptValue does, and yields nothing of a page holding one
// value that does not verify.
import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openPacked } from "../../backend/security/gcm-batch";
import { decryptValue, decryptValues, encryptValue, parseKeyring, PersonalDataKeyError, type PersonalDataKeyring } from "../../backend/security/personal-data";

const ring = parseKeyring({ keys: "k2:second secret,k1:first secret", hashKey: "hash secret" });
const olderRing: PersonalDataKeyring = { ...ring, current: ring.keys.get("k1")! };

/** Texts of 1 to 300 UTF-8 bytes: whole and partial blocks, Chinese, an emoji, spaces. */
function texts(): string[] {
  const all: string[] = [];
  for (let length = 1; length <= 300; length += length < 40 ? 1 : 13) all.push("P".repeat(length));
  all.push("张伟 zhang.wei@example.com", "+86 138 0013 8000", "北京市海淀区中关村大街1号 😀", " ", "E12345678");
  return all;
}

/** A stored value whose packed bytes (`iv | tag | data`) `alter` changed. */
function altered(stored: string, alter: (packed: Buffer) => void): string {
  const colon = stored.indexOf(":", 4);
  const packed = Buffer.from(stored.slice(colon + 1), "base64");
  alter(packed);
  return `${stored.slice(0, colon + 1)}${packed.toString("base64")}`;
}

describe("decryptValues", () => {
  it("opens what encryptValue wrote under each key, as decryptValue does, clear values as they are", () => {
    const clear = texts();
    const stored = clear.flatMap((text, index) => [encryptValue(text, index % 2 === 0 ? ring : olderRing), text]);
    stored.push("", "pd2:not ours");
    const opened = decryptValues(stored, ring);
    expect(opened).toEqual(stored.map((value) => decryptValue(value, ring)));
    expect(opened.filter((_, index) => index % 2 === 0 && index < clear.length * 2)).toEqual(clear);
  });

  it("opens values longer than the batch's tables through decryptValue, and empty data", () => {
    const long = "长".repeat(400);
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
    const data = Buffer.concat([cipher.update(""), cipher.final()]);
    const empty = `pd1:k2:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64")}`;
    expect(decryptValues([encryptValue(long, ring), empty, encryptValue("x", ring)], ring)).toEqual([long, "", "x"]);
  });

  it("refuses every altered byte of an IV, a tag or the data, and the whole page with it", () => {
    const good = encryptValue("FR6412345652 passport", ring);
    const packedLength = Buffer.from(good.slice("pd1:k2:".length), "base64").length;
    for (let byte = 0; byte < packedLength; byte++) {
      for (const bit of [0x01, 0x80]) {
        const bad = altered(good, (packed) => {
          packed[byte]! ^= bit;
        });
        expect(() => decryptValue(bad, ring)).toThrow(PersonalDataKeyError);
        expect(() => decryptValues([encryptValue("E1", ring), bad, encryptValue("E2", ring)], ring)).toThrow(/does not open with the key "k2"/);
      }
    }
    // Another value's tag, a zeroed last byte, data cut short, too short for a tag, another key's id.
    const other = encryptValue("FR6412345652 passport", ring);
    const swapped = altered(good, (packed) => Buffer.from(other.slice("pd1:k2:".length), "base64").copy(packed, 12, 12, 28));
    const zeroed = altered(good, (packed) => packed.fill(0, packed.length - 1));
    for (const bad of [swapped, zeroed, good.slice(0, -4), `pd1:k2:${Buffer.alloc(20).toString("base64")}`, good.replace("pd1:k2:", "pd1:k1:")]) {
      expect(() => decryptValues([bad], ring)).toThrow(PersonalDataKeyError);
      expect(() => decryptValue(bad, ring)).toThrow(PersonalDataKeyError);
    }
    expect(() => decryptValues([good.replace("pd1:k2:", "pd1:k9:")], ring)).toThrow(/"k9", which PERSONAL_DATA_KEYS does not hold/);
  });

  it("gives the published AES-256-GCM answers (96-bit IV, no additional data)", () => {
    // The GCM specification's test cases 13 and 14: the zero key and IV, no data and a zero block.
    const key = Buffer.alloc(32);
    const iv = Buffer.alloc(12);
    const emptyTag = Buffer.from("530f8afbc74536b9a963b4f1c4cb738b", "hex");
    const blockTag = Buffer.from("d0d1c8a799996bf0265b98b5d48ab919", "hex");
    const block = Buffer.from("cea7403d4d606b6e074ec5d3baf39d18", "hex");
    const packed = Buffer.concat([iv, emptyTag, iv, blockTag, block]);
    expect(openPacked(key, packed, Int32Array.of(0, 28, 72), 2)).toEqual(["", "\u0000".repeat(16)]);
    const wrong = Buffer.concat([iv, blockTag, Buffer.from(block.map((byte, index) => (index === 15 ? byte ^ 1 : byte)))]);
    expect(openPacked(key, wrong, Int32Array.of(0, 44), 1)).toEqual([null]);
  });
});
