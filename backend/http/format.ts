// Wire formats of dates (contract §0: yyyy-MM-dd HH:mm:ss in GMT+8) and client details.
import type { Request } from "express";

const ZONE_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Date(date.getTime() + ZONE_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

export function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}
