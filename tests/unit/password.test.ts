import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, legacySalt, legacySalts, verifyPassword } from "../../backend/security/password";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("正确的密码-123");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword("正确的密码-123", stored)).toBe(true);
    expect(await verifyPassword("正确的密码-124", stored)).toBe(false);
  });
  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });
  it("refuses empty and foreign hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("123456", "cb362cfeefbf3d8d")).toBe(false);
  });
  it("generates readable random passwords", () => {
    const password = generatePassword();
    expect(password).toMatch(/^[a-zA-Z2-9]{16}$/);
    expect(generatePassword()).not.toBe(password);
  });

  it("draws many legacy salts at once, each like a single one (8 characters of the same alphabet)", () => {
    const salts = legacySalts(1000);
    expect(salts).toHaveLength(1000);
    for (const salt of [...salts, legacySalt()]) expect(salt).toMatch(/^[abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    // Random: practically never two the same among a thousand (54^8 values).
    expect(new Set(salts).size).toBe(1000);
    expect(legacySalts(0)).toEqual([]);
  });
});
