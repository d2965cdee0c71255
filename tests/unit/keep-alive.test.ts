// nginx, never our server, closes an idle upstream connection: the README's upstreams keep theirs
// for less time than the web server and the backend keep theirs (backend/http/keep-alive.ts). The
// other way round, nginx sent requests on connections the server was closing, marked the live
// instance failed and answered 502 while the other instance was down (the topology test's kill).
import { createServer } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS, keepIdleConnections } from "../../backend/http/keep-alive";
import { nginxConfig } from "../support/topology";

function milliseconds(value: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  return Number(match[1]) * { ms: 1, s: 1_000, m: 60_000 }[match[2] ?? "s"]!;
}

describe("idle connections between nginx and the instances", () => {
  it("are closed by nginx first: every README upstream keeps them for less than the servers do", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "keep-alive-"));
    try {
      const config = nginxConfig({ listen: 1, backendListen: 2, web: [3, 4], backend: [5, 6] }, dir);
      const upstreams = [...config.matchAll(/upstream (\w+) \{([^}]*)\}/g)];
      expect(upstreams.map((upstream) => upstream[1])).toEqual(["school_web", "school_backend"]);
      for (const [, name, body] of upstreams) {
        expect(body, name).toMatch(/^\s*keepalive \d+;/m);
        const timeout = /^\s*keepalive_timeout (\S+);/m.exec(body!)?.[1];
        // Without the line nginx keeps them 60 s, still under the servers' time, but it is spelt out.
        expect(timeout, `${name}: keepalive_timeout`).toBeDefined();
        expect(milliseconds(timeout!)).toBeLessThan(KEEP_ALIVE_MS);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stay open on our servers longer than Node's default, and headers may still arrive", () => {
    const server = keepIdleConnections(createServer());
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(createServer().keepAliveTimeout);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });
});
