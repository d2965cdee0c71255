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
});
