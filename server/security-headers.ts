// Security headers of every answer. The CSP allows only our own origin; scripts run from our files
// or carry this answer's nonce (React Router's hydration data is an inline script: app/entry.server.tsx
// stamps it), never 'unsafe-inline' (docs/decisions/013-script-nonce.md).
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** The nonce of this answer's inline scripts, for the React Router handler. */
export function cspNonce(res: Response): string | undefined {
  return typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined;
}

/** The headers' middleware; `casUrl`: the config's CAS server, a form target (docs/decisions/052). */
export function securityHeaders({ casUrl }: { casUrl: string | null }) {
  const forms = formTargets(casUrl);
  return (req: Request, res: Response, next: NextFunction) => answerHeaders(req, res, next, forms);
}

function answerHeaders(_req: Request, res: Response, next: NextFunction, forms: string) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
      `form-action ${forms}`,
      "object-src 'none'",
    ].join("; "),
  );
  if (_req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
}

/**
 * Where forms may lead: our own origin, and with CAS_URL the CAS server, since 退出登录 posts a form
 * whose answer redirects there (docs/decisions/052).
 */
function formTargets(cas: string | null): string {
  if (!cas) return "'self'";
  try {
    return `'self' ${new URL(cas).origin}`;
  } catch {
    return "'self'";
  }
}
