// The answers of the generated CRUD endpoints (api-contract.md §6 table), kept verbatim.
import { ApiError } from "../http/envelope";

export const CrudMessages = {
  added: "添加成功！",
  edited: "编辑成功!",
  notFound: "未找到对应数据",
  deleted: "删除成功!",
  batchDeleted: "批量删除成功！",
  /** The original's answer to an empty `ids`. */
  badIds: "参数不识别！",
  tooManyIds: "一次最多处理1000条数据",
} as const;

/** Upper bound of ids in one batch request. */
export const MAX_BATCH_IDS = 1000;

/**
 * `a,b,` → [a, b]: the client puts a comma after every id and Java's split drops the empty last
 * item (contract §6 deleteBatch); blanks and repeats are dropped too.
 */
export function splitIds(raw: unknown): string[] {
  if (typeof raw !== "string") return [];
  const ids = [...new Set(raw.split(",").map((id) => id.trim()).filter((id) => id !== ""))];
  if (ids.length > MAX_BATCH_IDS) throw new ApiError(CrudMessages.tooManyIds);
  return ids;
}

/** A single id from a request: non-empty text, else undefined. */
export function singleId(raw: unknown): string | undefined {
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== "string") return undefined;
  const id = raw.trim();
  return id === "" || id.length > 64 ? undefined : id;
}

export const notFound = () => new ApiError(CrudMessages.notFound);
