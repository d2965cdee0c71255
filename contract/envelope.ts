// The JeecgBoot response envelope and paging shapes (docs/spec/api-contract.md §1).
// Imported by both the web app and the embedded backend: the one place for the wire contract.
import { z } from "zod";

export interface Result<T> {
  success: boolean;
  message: string;
  code: number;
  result: T | null;
  timestamp: number;
}

export const ResultCode = {
  ok: 200,
  /** Java's default: many endpoints never set a code on success (contract §1). */
  unset: 0,
  importWithErrors: 201,
  tokenInvalid: 401,
  notFound: 404,
  methodNotAllowed: 405,
  businessError: 500,
  noPermission: 510,
} as const;

/** Parses any envelope; `result` is validated separately by the caller's schema. */
export const resultEnvelopeSchema = z.object({
  success: z.boolean(),
  message: z.string().nullish().transform((value) => value ?? ""),
  code: z.number().nullish().transform((value) => value ?? 0),
  result: z.unknown(),
  timestamp: z.number().nullish(),
});
export type ResultEnvelope = z.infer<typeof resultEnvelopeSchema>;

/** MyBatis-Plus `Page` as the client reads it: records and total (contract §1 "Pagination"). */
export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    records: z.array(record),
    total: z.coerce.number(),
    size: z.coerce.number().optional(),
    current: z.coerce.number().optional(),
    pages: z.coerce.number().optional(),
  });

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  orders: unknown[];
  optimizeCountSql: boolean;
  searchCount: boolean;
  hitCount: boolean;
  countId: null;
  maxLimit: null;
  pages: number;
}

/** The message to show for a successful answer: `message`, else a string `result` (contract §6). */
export function successText(envelope: Pick<Result<unknown>, "message" | "result">): string {
  if (envelope.message) return envelope.message;
  return typeof envelope.result === "string" ? envelope.result : "";
}
