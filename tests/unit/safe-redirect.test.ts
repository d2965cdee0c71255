import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/services/auth.server";

describe("redirect after sign-in", () => {
  it("keeps local paths with their query", () => {
    expect(safeRedirect("/isystem/user?pageNo=2")).toBe("/isystem/user?pageNo=2");
  });
  it("falls back to home for other sites, empty values and the login page itself", () => {
    for (const target of ["//evil.example", "https://evil.example", "/\\evil.example", "", null, "/user/login?redirect=%2Fx"])
      expect(safeRedirect(target)).toBe("/dashboard/analysis");
  });
  it("falls back to home for a target holding any control character (a line break used to answer 500)", () => {
    for (const target of ["/isystem/user\n", "/a\r\nSet-Cookie: x=1", "/a\u0000b", "/a\tb", "/a\u007fb", "/a\u0085b"])
      expect(safeRedirect(target)).toBe("/dashboard/analysis");
  });
  it("never sends back to the forced password change page", () => {
    expect(safeRedirect("/user/password?redirect=%2Fx")).toBe("/dashboard/analysis");
  });
});
