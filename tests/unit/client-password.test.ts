// The passwords a sign-in's `password` field may stand for (docs/decisions/083).
import { describe, expect, it } from "vitest";
import { JEECG_DEFAULT_AES, passwordCandidates } from "../../backend/security/client-password";
import { readBackendConfig } from "../../backend/config";
import { encryptLikeVue3, encryptZeroPadded } from "../support/vue3-client";

describe("passwordCandidates", () => {
  it("decrypts the Vue 3 client's cipher text first and keeps the text itself as a plain password", () => {
    expect(passwordCandidates(encryptLikeVue3("Abc-123-中文"), JEECG_DEFAULT_AES)).toEqual(["Abc-123-中文", encryptLikeVue3("Abc-123-中文")]);
    expect(passwordCandidates(encryptZeroPadded("sixteen-chars-xx"), JEECG_DEFAULT_AES)[0]).toBe("sixteen-chars-xx");
  });

  it("leaves plain passwords alone", () => {
    for (const plain of ["Admin-Test-2026", "short", "", "abcdefghijklmnopqrstuvwx"]) expect(passwordCandidates(plain, JEECG_DEFAULT_AES).at(-1)).toBe(plain);
    expect(passwordCandidates("Admin-Test-2026", JEECG_DEFAULT_AES)).toEqual(["Admin-Test-2026"]);
  });

  it("uses the configured key: another deployment's cipher text is only a plain password", () => {
    const own = { key: "another-key-0123", iv: "another-iv-01234" };
    const foreign = encryptLikeVue3("Secret-1");
    expect(passwordCandidates(encryptLikeVue3("Secret-1", own), own)[0]).toBe("Secret-1");
    expect(passwordCandidates(foreign, own).at(-1)).toBe(foreign);
    expect(readBackendConfig({ PASSWORD_AES_KEY: own.key, PASSWORD_AES_IV: own.iv }).passwordCipher).toEqual(own);
    expect(readBackendConfig({}).passwordCipher).toEqual(JEECG_DEFAULT_AES);
    expect(() => readBackendConfig({ PASSWORD_AES_KEY: "short" })).toThrow(/PASSWORD_AES_KEY/);
  });
});
