// Server side of the request signature (api-contract.md §3): the same object the client signed,
// rebuilt from the decoded path variable, the decoded query and (non-GET) the JSON body.
import type { Request } from "express";
import { computeSign, parseSignTimestamp, signableParams, SIGNATURE_MAX_SKEW_MS, type SignParams } from "#contract/sign";
import { Messages } from "#contract/messages";
import { ApiError } from "./envelope";

export function verifySignature(req: Request, secret: string, now = Date.now()): void {
  const sign = req.get("X-Sign");
  const timestamp = req.get("X-TIMESTAMP");
  if (!sign || !timestamp) throw new ApiError(Messages.signIncomplete);
  const at = parseSignTimestamp(timestamp);
  if (at === null || Math.abs(now - at) > SIGNATURE_MAX_SKEW_MS) throw new ApiError(Messages.signExpired);
  const rawQuery = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?") + 1) : "";
  const query: SignParams = Object.fromEntries(new URLSearchParams(rawQuery));
  const params = signableParams(query, req.method === "GET" ? undefined : req.body);
  const expected = computeSign(req.path, params, secret);
  if (expected !== sign.toUpperCase()) throw new ApiError(Messages.signFailed);
}
