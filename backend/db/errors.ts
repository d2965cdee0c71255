// The database's own error behind whatever wrapped it (drizzle's DrizzleQueryError keeps the
// driver's error as `cause`; pg and PGlite both carry the SQLSTATE `code` and a `detail`).
export interface DatabaseErrorInfo {
  code?: string;
  detail?: string;
}

/** The SQLSTATE and detail of the first error in the cause chain that has one. */
export function databaseError(error: unknown): DatabaseErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, detail: typeof candidate.detail === "string" ? candidate.detail : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}
