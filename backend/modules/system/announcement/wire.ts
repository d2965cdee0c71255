// Shared pieces of the announcement answers: reading a request's ids, the visible-row condition,
// the recipient's view of a notice and the MyBatis-Plus page (api-contract.md §1, §8).
import { and, eq, type SQL } from "drizzle-orm";
import type { Page } from "#contract/envelope";
import type { ListRecord } from "../../../crud";
import { DelFlag, MAX_ID_LENGTH } from "./constants";
import { sysAnnouncement } from "./schema";

/** An id from the request, or null when absent or too long to be one of ours (contract §0). */
export function requestId(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const id = value.trim();
  return id !== "" && id.length <= MAX_ID_LENGTH ? id : null;
}

/** A present notice of the tenant: what an administrator of that tenant may read and change. */
export function visibleToAdmin(id: string, tenantId: number): SQL {
  return and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.tenantId, tenantId), eq(sysAnnouncement.delFlag, DelFlag.present))!;
}

/** Only the tenant's rows, in lists built by the query generator. */
export function tenantRows(tenantId: number): SQL {
  return eq(sysAnnouncement.tenantId, tenantId);
}

/** A recipient sees the notice, not who else received it. */
export function recipientView(record: ListRecord): ListRecord {
  return { ...record, userIds: null };
}

export function toPage<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return {
    records,
    total,
    size: pageSize,
    current: pageNo,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    hitCount: false,
    countId: null,
    maxLimit: null,
    pages: pageSize > 0 ? Math.ceil(total / pageSize) : 0,
  };
}
