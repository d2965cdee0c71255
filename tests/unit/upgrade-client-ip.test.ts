// The notice WebSocket's client address (docs/decisions/134): an upgrade request is judged on the
// address `req.ip` would give through `trust proxy`, and a trusted proxy's own socket (the web
// server's notice bridge) is recognised as such.
import type { IncomingMessage } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { fromTrustedProxy, upgradeClientIp } from "../../backend/http/format";

function upgrade(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {}, socket: { remoteAddress } } as unknown as IncomingMessage;
}

describe("upgradeClientIp and fromTrustedProxy", () => {
  const app = express();
  app.set("trust proxy", "loopback");

  it("takes X-Forwarded-For from a trusted proxy only", () => {
    expect(upgradeClientIp(app, upgrade("127.0.0.1", "203.0.113.7"))).toBe("203.0.113.7");
    expect(upgradeClientIp(app, upgrade("198.51.100.2", "203.0.113.7"))).toBe("198.51.100.2");
    expect(upgradeClientIp(app, upgrade("198.51.100.2"))).toBe("198.51.100.2");
  });

  it("tells a trusted proxy's own socket from one it forwards", () => {
    expect(fromTrustedProxy(app, upgrade("127.0.0.1"))).toBe(true);
    expect(fromTrustedProxy(app, upgrade("127.0.0.1", "203.0.113.7"))).toBe(false);
    expect(fromTrustedProxy(app, upgrade("198.51.100.2"))).toBe(false);
    const none = express();
    none.set("trust proxy", false);
    expect(fromTrustedProxy(none, upgrade("127.0.0.1"))).toBe(false);
  });
});
