// The one origin check of every mutation the web app serves — page actions and the `/api/*`
// resource routes alike (issue #10; docs/decisions/012-one-origin-check.md). The session cookie is
// SameSite=Lax, which still lets another site's top-level form POST through on some browsers and
// lets a sibling subdomain post freely; this refuses any POST, PUT, PATCH or DELETE that a browser
// marks as coming from another origin. Mounted in server.ts before the React Router handler; the
// embedded backend (/jeecg-boot) is not behind it: it takes a token header, not a cookie.
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginFacts {
  method: string;
  /** `scheme://host[:port]` of this server as the client sees it (TRUST_PROXY-aware). */
  expectedOrigin: string;
  origin?: string | undefined;
  referer?: string | undefined;
  fetchSite?: string | undefined;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request may go on. Browsers send `Origin` with every POST (and `Sec-Fetch-Site`);
 * without either, `Referer` decides; a request with none of them is not from a browser page
 * (curl, a script with its own cookie) and cannot be a cross-site forgery, so it goes on.
 */
export function sameOriginAllowed(facts: OriginFacts): boolean {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return true;
  if (facts.fetchSite && facts.fetchSite !== "same-origin" && facts.fetchSite !== "none") return false;
  if (facts.origin !== undefined) return facts.origin !== "null" && originOf(facts.origin) === facts.expectedOrigin;
  if (facts.referer !== undefined) return originOf(facts.referer) === facts.expectedOrigin;
  return true;
}

/** This server's origin as the client addressed it: protocol and host honour `trust proxy`. */
export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.host ?? "localhost"}`;
}

export function requireSameOrigin(req: Request, res: Response, next: NextFunction) {
  const allowed = sameOriginAllowed({
    method: req.method,
    expectedOrigin: requestOrigin(req),
    origin: req.get("origin"),
    referer: req.get("referer"),
    fetchSite: req.get("sec-fetch-site"),
  });
  if (allowed) return next();
  // docs/spec/app-shell.md §8: 403 is 拒绝访问.
  res.status(403).type("text/plain; charset=utf-8").send("拒绝访问");
}
