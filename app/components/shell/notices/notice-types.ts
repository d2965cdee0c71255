// The wire between the notice widgets (this folder) and their resource routes
// (app/routes/api/notices/*). Browser-safe: no server imports here.
import type { RouteAnswer, RouteFailure } from "~/lib/route-call";

/** docs/spec/app-shell.md §9: notice poll 6000 ms (only while the stream is down: docs/architecture.md). */
export const NOTICE_POLL_MS = 6_000;
/** docs/spec/app-shell.md §9: notice popover width 300. */
export const NOTICE_POPOVER_WIDTH = 300;
/** docs/spec/app-shell.md §2: the 'more' button leads to the user's announcements page. */
export const MY_NOTICES_PATH = "/isps/userAnnouncement";

export const NOTICE_API = {
  stream: "/api/notices/stream",
  list: "/api/notices/list",
  read: "/api/notices/read",
  readAll: "/api/notices/read-all",
  detail: "/api/notices/detail",
  mine: "/api/notices/mine",
} as const;

export type StreamStatus = "up" | "down";

/** One event of the notice stream (the bridge's NoticeEvent, as the browser receives it). */
export interface NoticeEvent {
  id: number;
  cmd: "topic" | "user";
  msgId: string;
  msgTxt: string;
}

/** An announcement as the bell lists it (docs/spec/app-shell.md §3; contract §8 SysAnnouncement). */
export interface NoticeItem {
  id: string;
  titile: string;
  createTime: string;
  sendTime: string;
  sender: string;
  /** L general, M important, H urgent. */
  priority: string;
  /** '1' notice, '2' system message. */
  msgCategory: string;
  openType: string;
  openPage: string;
  busId: string;
}

/** `listByUser`: the caller's unread notices and system messages (contract §8). */
export interface NoticeLists {
  anntMsgList: NoticeItem[];
  anntMsgTotal: number;
  sysMsgList: NoticeItem[];
  sysMsgTotal: number;
}

/** `queryById` plus the sender's real name (docs/spec/app-shell.md §2 "Notices"). */
export interface NoticeDetail extends NoticeItem {
  msgContent: string;
  /** The sender's real name, or the user name when it cannot be looked up. */
  senderName: string;
}

/** A row of 我的消息 (`getMyAnnouncementSend`, contract §8). */
export interface MyNoticeRecord {
  /** The read-mark row's id. */
  id: string;
  /** The announcement's id: what is opened and marked read. */
  anntId: string;
  titile: string;
  sender: string;
  sendTime: string;
  priority: string;
  msgCategory: string;
  /** '0' unread, '1' read. */
  readFlag: string;
  openType: string;
  openPage: string;
  busId: string;
}

export type NoticeFailure = RouteFailure;
export type NoticeAnswer<T> = RouteAnswer<T>;
