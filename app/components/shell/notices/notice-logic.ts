// Pure rules of the notification centre (docs/spec/app-shell.md §2 "Notices", §4; docs/spec/widgets.md §3-§4)
// and of the one-stream-per-browser relay between tabs. No DOM here: unit-tested in Node.
import type { NoticeEvent, NoticeLists, StreamStatus } from "./notice-types";

// ---- what the bell shows ------------------------------------------------------------------------

/** docs/spec/app-shell.md §3 / contract §8: L 一般消息, M 重要消息, H 紧急消息. */
export const PRIORITY_TAGS: Record<string, { label: string; color: string }> = {
  L: { label: "一般消息", color: "blue" },
  M: { label: "重要消息", color: "orange" },
  H: { label: "紧急消息", color: "red" },
};

export function priorityTag(priority: string): { label: string; color: string } | null {
  return PRIORITY_TAGS[priority] ?? null;
}

/** The badge: every unread notice and system message. */
export function unreadCount(lists: Pick<NoticeLists, "anntMsgTotal" | "sysMsgTotal">): number {
  return Math.max(0, lists.anntMsgTotal) + Math.max(0, lists.sysMsgTotal);
}

/** Tab titles of the popover: `通知(n)` and `系统消息(n)`. */
export function noticeTabTitles(lists: Pick<NoticeLists, "anntMsgTotal" | "sysMsgTotal">): { notices: string; system: string } {
  return { notices: `通知(${lists.anntMsgTotal})`, system: `系统消息(${lists.sysMsgTotal})` };
}

/** `createTime + " 发布"` (contract §8). */
export function publishedText(createTime: string): string {
  return `${createTime} 发布`;
}

/** 我的消息 columns (the original UserAnnouncementList): category, priority and read state. */
export function categoryText(category: string): string {
  return category === "1" ? "通知公告" : category === "2" ? "系统消息" : category;
}
export function priorityText(priority: string): string {
  return priority === "L" ? "低" : priority === "M" ? "中" : priority === "H" ? "高" : priority;
}
export function readFlagText(flag: string): string {
  return flag === "0" ? "未读" : flag === "1" ? "已读" : flag;
}

/**
 * 去处理 (openType url) goes to openPage. Only a path of this site is navigated to inside the app;
 * an http(s) address opens in a new tab; anything else (javascript:, data:, //host) is refused.
 */
export type OpenTarget = { kind: "internal"; path: string } | { kind: "external"; url: string };

export function resolveOpenPage(openPage: string): OpenTarget | null {
  const page = openPage.trim();
  if (page === "") return null;
  if (page.startsWith("/")) {
    if (page.startsWith("//") || page.startsWith("/\\")) return null;
    return { kind: "internal", path: page };
  }
  if (/^https?:\/\//i.test(page)) {
    try {
      const url = new URL(page);
      return { kind: "external", url: url.toString() };
    } catch {
      return null;
    }
  }
  // JeecgBoot menu paths are sometimes stored without the leading slash.
  if (/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*([?#].*)?$/.test(page)) return { kind: "internal", path: `/${page}` };
  return null;
}

/**
 * Whether a live event earns a 消息提醒 once the list has been reloaded. A push without a notice
 * (the backend's "batch read" topic) does not. Nor does one whose notice is not among the unread
 * any more (a revocation, or read meanwhile in another tab) — known only when the lists hold every
 * unread notice; when they are cut (the bell asks for the newest few), the reminder shows.
 */
export function shouldRemind(event: Pick<NoticeEvent, "msgId">, lists: NoticeLists | null): boolean {
  if (!event.msgId) return false;
  if (!lists) return true;
  const listed = [...lists.anntMsgList, ...lists.sysMsgList].some((item) => item.id === event.msgId);
  if (listed) return true;
  const complete = lists.anntMsgList.length >= lists.anntMsgTotal && lists.sysMsgList.length >= lists.sysMsgTotal;
  return !complete;
}

// ---- polling and the stream -----------------------------------------------------------------

/** docs/architecture.md: the 6 s poll runs only while the stream is down; a failed load stops it (§4). */
export function shouldPoll(status: StreamStatus, stoppedByFailure: boolean): boolean {
  return status === "down" && !stoppedByFailure;
}

/**
 * Delay before a closed EventSource (a refused or broken stream; the browser's own retries cover
 * dropped connections) is opened again: 5 s as the channel's reconnect (spec §8), doubling up to a
 * minute so that a signed-out tab does not knock forever at 5 s.
 */
export function streamRetryDelay(attempt: number): number {
  const base = 5_000;
  return Math.min(60_000, base * 2 ** Math.max(0, Math.min(attempt, 10)));
}

export function isNoticeEvent(value: unknown): value is NoticeEvent {
  if (typeof value !== "object" || value === null) return false;
  const event = value as Partial<Record<keyof NoticeEvent, unknown>>;
  return (
    typeof event.id === "number" &&
    Number.isSafeInteger(event.id) &&
    (event.cmd === "topic" || event.cmd === "user") &&
    typeof event.msgId === "string" &&
    typeof event.msgTxt === "string"
  );
}

/** The stream's `lastEventId` query for a tab that takes the stream over. */
export function streamUrl(base: string, lastEventId: number | null): string {
  return lastEventId === null ? base : `${base}?lastEventId=${lastEventId}`;
}

// ---- the relay between the tabs of one browser ------------------------------------------------

/**
 * Messages on the browser's BroadcastChannel. The leader tab holds the one EventSource and relays
 * `notice` and `status`; any tab announces `read` (null: all read); a new tab says `hello` and the
 * leader answers with its status. `beat`/`resign` run the election where Web Locks are missing.
 */
export type RelayMessage =
  | { type: "notice"; event: NoticeEvent }
  | { type: "status"; status: StreamStatus }
  | { type: "read"; anntId: string | null }
  | { type: "hello" }
  | { type: "beat"; tab: string }
  | { type: "resign"; tab: string }
  | { type: "session-ended" };

export function isRelayMessage(value: unknown): value is RelayMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as { type?: unknown; event?: unknown; status?: unknown; anntId?: unknown; tab?: unknown };
  switch (message.type) {
    case "notice":
      return isNoticeEvent(message.event);
    case "status":
      return message.status === "up" || message.status === "down";
    case "read":
      return message.anntId === null || typeof message.anntId === "string";
    case "hello":
    case "session-ended":
      return true;
    case "beat":
    case "resign":
      return typeof message.tab === "string" && message.tab !== "";
    default:
      return false;
  }
}

// ---- leader election without Web Locks ------------------------------------------------------

/** The leader beats every second; a tab that hears nothing for 3 s takes over. */
export const LEADER_BEAT_MS = 1_000;
export const LEADER_TIMEOUT_MS = 3_000;
/** A new tab waits this long for an existing leader's answer to its `hello` before claiming. */
export const LEADER_FIRST_CLAIM_MS = 400;

export interface ElectionState {
  self: string;
  leader: string | null;
  /** When the current leader (or, at start, the hello) was last heard. */
  heardAt: number;
  /** When this tab claimed the lead (meaningful while it leads). */
  since: number;
}

export function startElection(self: string, now: number): ElectionState {
  return { self, leader: null, heardAt: now - LEADER_TIMEOUT_MS + LEADER_FIRST_CLAIM_MS, since: 0 };
}

export function isLeader(state: ElectionState): boolean {
  return state.leader === state.self;
}

/**
 * A claim holds once it has stood for a full beat without a smaller tab id answering: only then
 * does the tab open the stream, so tabs that claimed at the same moment do not all open one.
 */
export function isSettledLeader(state: ElectionState, now: number): boolean {
  return isLeader(state) && now - state.since >= LEADER_BEAT_MS;
}

/** A timer tick: the leader beats; a tab that has heard no leader for too long claims and beats. */
export function electionTick(state: ElectionState, now: number): { state: ElectionState; beat: boolean } {
  if (isLeader(state)) return { state, beat: true };
  if (now - state.heardAt >= LEADER_TIMEOUT_MS) return { state: { ...state, leader: state.self, heardAt: now, since: now }, beat: true };
  return { state, beat: false };
}

/**
 * A `beat` or `resign` from another tab. Two leaders (both claimed at once) settle on the smaller
 * tab id: the larger one steps down when it hears the smaller, and the smaller keeps beating.
 */
export function electionReceive(state: ElectionState, message: { type: "beat" | "resign"; tab: string }, now: number): ElectionState {
  if (message.tab === state.self) return state;
  if (message.type === "resign") {
    // The leader left (tab closed): claim on the next tick instead of waiting for the timeout.
    return state.leader === message.tab ? { ...state, leader: null, heardAt: now - LEADER_TIMEOUT_MS } : state;
  }
  if (isLeader(state)) return message.tab < state.self ? { ...state, leader: message.tab, heardAt: now } : state;
  const current = state.leader;
  const currentAlive = current !== null && current !== message.tab && now - state.heardAt < LEADER_TIMEOUT_MS;
  if (currentAlive && current < message.tab) return state;
  return { ...state, leader: message.tab, heardAt: now };
}
