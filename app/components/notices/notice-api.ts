// The browser's calls to the notice routes (app/routes/api/notices/*). Never throws for a failed
// answer: a signed-out browser is redirected by the guard, which fetch sees as a redirect.
import { Messages } from "#contract/messages";
import { noticeHub } from "./notice-hub";
import {
  NOTICE_API,
  type MyNoticeRecord,
  type NoticeAnswer,
  type NoticeDetail,
  type NoticeFailure,
  type NoticeLists,
} from "./notice-types";

const SESSION_ENDED: NoticeFailure = { ok: false, kind: "unauthorized", message: Messages.sessionExpired };

async function request<T extends object>(url: string, init: RequestInit = {}): Promise<NoticeAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers }, redirect: "manual" });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    return { ok: false, kind: "timeout", message: Messages.networkTimeout };
  }
  if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) return SESSION_ENDED;
  try {
    const body = (await response.json()) as unknown;
    if (typeof body === "object" && body !== null && "ok" in body) return body as NoticeAnswer<T>;
  } catch {
    // Not JSON: fall through to the status.
  }
  return { ok: false, kind: "server", message: `HTTP ${response.status}` };
}

function post<T extends object>(url: string, fields: Record<string, string> = {}): Promise<NoticeAnswer<T>> {
  return request<T>(url, { method: "POST", body: new URLSearchParams(fields) });
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
