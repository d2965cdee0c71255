// What GET /billing/statement answers (docs/decisions/160), parsed by the statement page and its
// print view.
import { z } from "zod";
import { STATEMENT_LINE_KINDS, type StatementAnswer } from "#contract/modules/billing-statement";

const lineSchema = z.object({
  at: z.string(),
  kind: z.enum(Object.keys(STATEMENT_LINE_KINDS) as [keyof typeof STATEMENT_LINE_KINDS]),
  kindText: z.string(),
  number: z.string(),
  summary: z.string(),
  charged: z.string(),
  received: z.string(),
  balance: z.string(),
});
export const statementSchema: z.ZodType<StatementAnswer> = z.object({
  payerType: z.string(),
  payerId: z.string(),
  payerName: z.string(),
  hasEmail: z.boolean(),
  from: z.string(),
  to: z.string(),
  opening: z.string(),
  charged: z.string(),
  received: z.string(),
  closing: z.string(),
  lines: z.array(lineSchema),
  unallocated: z.array(z.object({ number: z.string(), at: z.string(), amount: z.string() })),
});

