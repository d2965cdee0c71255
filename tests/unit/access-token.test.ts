// The backend's access tokens: a verified token is remembered per signing key (docs/decisions/064),
// but its expiry is still checked on every call, and a forged or foreign token never passes.
import { afterEach, describe, expect, it, vi } from "vitest";
import { signToken, verifyToken, type TokenKeys } from "../../backend/security/token";

const keys = (): TokenKeys => ({ secret: crypto.getRandomValues(new Uint8Array(48)) });

describe("access token checks", () => {
  afterEach(() => vi.useRealTimers());

  it("accepts a token again on later calls, and refuses it once it expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const installation = keys();
    const token = await signToken(installation, "admin", 60);
    expect(await verifyToken(installation, token)).toEqual({ ok: true, username: "admin" });
    expect(await verifyToken(installation, token)).toEqual({ ok: true, username: "admin" });
    vi.setSystemTime(Date.now() + 59_000);
    expect(await verifyToken(installation, token)).toEqual({ ok: true, username: "admin" });
    vi.setSystemTime(Date.now() + 2_000);
    expect(await verifyToken(installation, token)).toEqual({ ok: false, reason: "expired" });
    // The same answer as for a token this process never verified.
    const fresh = await signToken(installation, "admin", 60);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifyToken(installation, fresh)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a token whose payload was altered after a genuine one was verified", async () => {
    const installation = keys();
    const token = await signToken(installation, "teacher_li", 60);
    expect((await verifyToken(installation, token)).ok).toBe(true);
    const [header, , signature] = token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ username: "admin", exp: Math.floor(Date.now() / 1000) + 60 })).toString("base64url");
    const forged = `${header}.${forgedPayload}.${signature}`;
    expect(await verifyToken(installation, forged)).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyToken(installation, forged)).toEqual({ ok: false, reason: "invalid" });
  });

  it("does not accept under one installation's key a token verified under another's", async () => {
    const first = keys();
    const second = keys();
    const token = await signToken(first, "admin", 60);
    expect((await verifyToken(first, token)).ok).toBe(true);
    expect(await verifyToken(second, token)).toEqual({ ok: false, reason: "invalid" });
  });
});
