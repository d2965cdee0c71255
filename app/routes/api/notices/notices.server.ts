// The backend calls of the notices (docs/spec/api-contract.md §8), shared by the resource routes of
// this folder and the 我的消息 page's loader. Answers are parsed loosely and trimmed to the fields
// the widgets use; failures become `{ ok: false, message, kind }` answers, never route errors.
import { data } from "react-router";
import { z } from "zod";
import { successText } from "#contract/envelope";
import { BackendError, type BackendClient, type Query } from "~/services/api.server";
import type { MyNoticeRecord, NoticeDetail, NoticeFailure, NoticeItem, NoticeLists } from "~/components/shell/notices/notice-types";

/** Strings, numbers or nothing → text (ids may be numeric, dates may be null). */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value)));
const count = z.coerce.number().nullish().transform((value) => (Number.isFinite(value) ? Number(value) : 0));

const noticeItemFields = {
  id: text,
  titile: text,
  createTime: text,
  sendTime: text,
  sender: text,
  priority: text,
  msgCategory: text,
  openType: text,
  openPage: text,
  busId: text,
};

const noticeItemSchema = z
  .object(noticeItemFields)
  .transform((item): NoticeItem => item);

const noticeListsSchema = z
  .object({
    anntMsgList: z.array(noticeItemSchema).nullish(),
    anntMsgTotal: count,
    sysMsgList: z.array(noticeItemSchema).nullish(),
    sysMsgTotal: count,
  })
  .transform(
    (lists): NoticeLists => ({
      anntMsgList: lists.anntMsgList ?? [],
      anntMsgTotal: lists.anntMsgTotal,
      sysMsgList: lists.sysMsgList ?? [],
      sysMsgTotal: lists.sysMsgTotal,
    }),
  );

const noticeDetailSchema = z.object({ ...noticeItemFields, msgContent: text, sender_dictText: text });

const myNoticeSchema = z
  .object({
    id: text,
    anntId: text,
    titile: text,
    sender: text,
    sendTime: text,
    priority: text,
    msgCategory: text,
    readFlag: text,
    openType: text,
    openPage: text,
    busId: text,
  })
  .transform((record): MyNoticeRecord => record);

const myNoticePageSchema = z.union([
  z.object({ records: z.array(myNoticeSchema), total: count }),
  z.array(myNoticeSchema).transform((records) => ({ records, total: records.length })),
]);

const userRowsSchema = z
  .union([
    z.object({ records: z.array(z.object({ username: text, realname: text })) }),
    z.array(z.object({ username: text, realname: text })).transform((records) => ({ records })),
  ])
  .nullish();

/**
 * An announcement id: the read mark's `anntId` is concatenated into SQL by the original backend
 * (contract §8, §10), so only id-shaped values (snowflake digits, 32-hex UUIDs) are passed on.
 */
export const announcementIdSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** `listByUser`: the unread notices of the bell (contract §8). */
export async function loadNoticeLists(api: BackendClient): Promise<NoticeLists> {
  return (await api.get("/sys/annountCement/listByUser", noticeListsSchema)).result;
}

/**
 * `queryById`, and the sender's real name (docs/spec/app-shell.md §2): our backend answers it as
 * `sender_dictText` (readers without the user list get it too); otherwise the user list is asked.
 */
export async function loadNoticeDetail(api: BackendClient, id: string): Promise<NoticeDetail> {
  const { sender_dictText: senderText, ...notice } = (await api.get("/sys/annountCement/queryById", noticeDetailSchema, { id })).result;
  return { ...notice, senderName: senderText || (await senderRealname(api, notice.sender)) };
}

/** The lookup may be refused (the user list is an admin page): the user name is shown then. */
async function senderRealname(api: BackendClient, sender: string): Promise<string> {
  if (!sender) return "";
  try {
    const { result } = await api.get("/sys/user/list", userRowsSchema, { username: sender, pageNo: 1, pageSize: 10 });
    const rows = result?.records ?? [];
    const row = rows.find((candidate) => candidate.username === sender) ?? rows[0];
    return row?.realname || sender;
  } catch (error) {
    if (error instanceof BackendError) return sender;
    throw error;
  }
}

/** Marks one announcement read for the caller (contract §8: PUT editByAnntIdAndUserId). */
export async function markNoticeRead(api: BackendClient, anntId: string): Promise<void> {
  await api.put("/sys/sysAnnouncementSend/editByAnntIdAndUserId", z.unknown(), { anntId });
}

/** Marks all of the caller's announcements read; returns the backend's message to show. */
export async function markAllNoticesRead(api: BackendClient): Promise<string> {
  const answer = await api.put("/sys/sysAnnouncementSend/readAll", z.unknown());
  return successText(answer) || "操作成功";
}

/** The filters 我的消息 passes on (contract §8 `getMyAnnouncementSend`). */
export const MY_NOTICE_FILTERS = ["titile", "sender", "readFlag", "msgCategory", "busType"] as const;

/** One page of the caller's notices, read first, then newest (the backend orders them). */
export async function loadMyNotices(
  api: BackendClient,
  page: { pageNo: number; pageSize: number; filters: Record<string, string> },
): Promise<{ records: MyNoticeRecord[]; total: number }> {
  const query: Query = { pageNo: page.pageNo, pageSize: page.pageSize };
  for (const name of MY_NOTICE_FILTERS) {
    const value = page.filters[name]?.trim();
    if (value) query[name] = value;
  }
  return (await api.get("/sys/sysAnnouncementSend/getMyAnnouncementSend", myNoticePageSchema, query)).result;
}

/** A backend failure as the widgets' answer; anything else is a bug and is rethrown. */
export function noticeFailure(error: unknown): NoticeFailure {
  if (error instanceof BackendError) return { ok: false, message: error.failure.message, kind: error.failure.kind };
  throw error;
}

/** A request the route refuses before asking the backend. */
export function refuseNotice(message: string) {
  return data<NoticeFailure>({ ok: false, message, kind: "business" }, { status: 400 });
}
