// Money fields of a CRUD body: the engine's body schema reads numbers as JS numbers, so a money
// field is taken again from the raw body text and kept as exact decimal text (contract/money.ts).
import { fenToYuan, toFen } from "#contract/money";
import type { PrepareContext } from "../../crud/engine";
import { ApiError } from "../../http/envelope";

/** Replaces `values[property]` with the body's amount as two-decimal text; refuses a bad one. */
export function exactMoney(prepared: PrepareContext, property: string, label: string, options: { min?: bigint; max?: bigint } = {}): bigint | undefined {
  const raw = prepared.body[property];
  if (raw === undefined || raw === null || raw === "") return undefined;
  let fen: bigint;
  try {
    fen = toFen(raw);
  } catch {
    throw new ApiError(`${label}格式不正确，最多两位小数`);
  }
  if (fen < (options.min ?? 0n)) throw new ApiError(`${label}不能小于${fenToYuan(options.min ?? 0n)}`);
  if (options.max !== undefined && fen > options.max) throw new ApiError(`${label}不能大于${fenToYuan(options.max)}`);
  prepared.values[property] = fenToYuan(fen);
  return fen;
}

/** The largest amount of a numeric(12,2) column. */
export const MAX_AMOUNT_FEN = 999_999_999_999n;
