// The browser's calls to the notice routes (app/routes/api/notices/*). Never throws for a failed
// answer: a signed-out browser is redirected by the guard, which fetch sees as a redirect.
import { callRoute, postRoute } from "~/lib/route-call";
import { noticeHub } from "./notice-hub";
import {
  NOTICE_API,
  type MyNoticeRecord,
  type NoticeAnswer,
  type NoticeDetail,
  type NoticeFailure,
  type NoticeLists,
} from "./notice-types";

function request<T extends object>(url: string, init: RequestInit = {}): Promise<NoticeAnswer<T>> {
  return callRoute<NoticeAnswer<T>>(url, init);
}

function post<T extends object>(url: string, fields: Record<string, string> = {}): Promise<NoticeAnswer<T>> {
  return postRoute<NoticeAnswer<T>>(url, fields);
}

export function fetchNoticeLists(signal?: AbortSignal) {
  return request<{ lists: NoticeLists }>(NOTICE_API.list, { signal });
}

export function fetchNoticeDetail(id: string, signal?: AbortSignal) {
  return request<{ notice: NoticeDetail }>(`${NOTICE_API.detail}?id=${encodeURIComponent(id)}`, { signal });
}

export function fetchMyNotices(search: URLSearchParams, signal?: AbortSignal) {
  return request<{ records: MyNoticeRecord[]; total: number }>(`${NOTICE_API.mine}?${search.toString()}`, { signal });
}

/** Marks one notice read, then tells this tab and the others so their lists reload (§4). */
export async function markNoticeRead(anntId: string) {
  const answer = await post<{ anntId: string }>(NOTICE_API.read, { anntId });
  if (answer.ok) noticeHub().announceRead(anntId);
  return answer;
}

/** 全部标注已读, then every tab reloads. */
export async function markAllNoticesRead() {
  const answer = await post<{ message: string }>(NOTICE_API.readAll);
  if (answer.ok) noticeHub().announceRead(null);
  return answer;
}
