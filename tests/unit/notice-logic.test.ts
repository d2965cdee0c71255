// The pure rules of the notification centre and of the tabs' shared stream
// (app/components/shell/notices/notice-logic.ts). docs/spec/app-shell.md §2 "Notices", §3, §4, §9.
import { describe, expect, it } from "vitest";
import {
  LEADER_BEAT_MS,
  LEADER_FIRST_CLAIM_MS,
  LEADER_TIMEOUT_MS,
  categoryText,
  electionReceive,
  electionTick,
  isLeader,
  isNoticeEvent,
  isSettledLeader,
  isRelayMessage,
  noticeTabTitles,
  priorityTag,
  priorityText,
  publishedText,
  readFlagText,
  resolveOpenPage,
  shouldPoll,
  shouldRemind,
  startElection,
  streamRetryDelay,
  streamUrl,
  unreadCount,
  type ElectionState,
} from "~/components/shell/notices/notice-logic";
import { sanitizeNoticeHtml } from "~/components/shell/notices/sanitize-html";
import { NOTICE_POLL_MS, NOTICE_POPOVER_WIDTH, type NoticeItem, type NoticeLists } from "~/components/shell/notices/notice-types";

describe("what the bell shows", () => {
  it("tags priorities L, M and H with the spec's words", () => {
    expect(priorityTag("L")?.label).toBe("一般消息");
    expect(priorityTag("M")?.label).toBe("重要消息");
    expect(priorityTag("H")?.label).toBe("紧急消息");
    expect(priorityTag("X")).toBeNull();
    expect(priorityTag("")).toBeNull();
  });

  it("counts every unread notice and system message on the badge, and titles the tabs with their totals", () => {
    expect(unreadCount({ anntMsgTotal: 3, sysMsgTotal: 2 })).toBe(5);
    expect(unreadCount({ anntMsgTotal: -1, sysMsgTotal: 0 })).toBe(0);
    expect(noticeTabTitles({ anntMsgTotal: 3, sysMsgTotal: 0 })).toEqual({ notices: "通知(3)", system: "系统消息(0)" });
    expect(publishedText("2026-03-01 08:00:00")).toBe("2026-03-01 08:00:00 发布");
  });

  it("keeps the spec's sizes and the poll interval", () => {
    expect(NOTICE_POPOVER_WIDTH).toBe(300);
    expect(NOTICE_POLL_MS).toBe(6_000);
  });

  it("words the 我的消息 columns as the original does", () => {
    expect([categoryText("1"), categoryText("2"), categoryText("9")]).toEqual(["通知公告", "系统消息", "9"]);
    expect([priorityText("L"), priorityText("M"), priorityText("H")]).toEqual(["低", "中", "高"]);
    expect([readFlagText("0"), readFlagText("1")]).toEqual(["未读", "已读"]);
  });
});

describe("消息提醒 for a live event", () => {
  const item = (id: string): NoticeItem => ({
    id,
    titile: id,
    createTime: "",
    sendTime: "",
    sender: "admin",
    priority: "L",
    msgCategory: "1",
    openType: "",
    openPage: "",
    busId: "",
  });
  const lists = (ids: string[], total = ids.length): NoticeLists => ({ anntMsgList: ids.map(item), anntMsgTotal: total, sysMsgList: [], sysMsgTotal: 0 });

  it("reminds of a notice that is among the unread after the reload", () => {
    expect(shouldRemind({ msgId: "n1" }, lists(["n1", "n2"]))).toBe(true);
  });

  it("does not remind of a push without a notice, or of one that is no longer unread (revoked, read elsewhere)", () => {
    expect(shouldRemind({ msgId: "" }, lists(["n1"]))).toBe(false);
    expect(shouldRemind({ msgId: "gone" }, lists(["n1", "n2"]))).toBe(false);
  });

  it("reminds when it cannot tell: the lists are cut to the newest few, or the reload did not come back", () => {
    expect(shouldRemind({ msgId: "old-but-new" }, lists(["n1"], 12))).toBe(true);
    expect(shouldRemind({ msgId: "n9" }, null)).toBe(true);
  });
});

describe("去处理 targets", () => {
  it("navigates inside the app for a local path, also one stored without its leading slash", () => {
    expect(resolveOpenPage("/billing/bill?id=7")).toEqual({ kind: "internal", path: "/billing/bill?id=7" });
    expect(resolveOpenPage("isps/userAnnouncement")).toEqual({ kind: "internal", path: "/isps/userAnnouncement" });
  });

  it("opens http(s) addresses as they are", () => {
    expect(resolveOpenPage("https://school.example/a?b=1")).toEqual({ kind: "external", url: "https://school.example/a?b=1" });
  });

  it("refuses script URLs, protocol-relative and odd addresses", () => {
    for (const page of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "//evil.example/x", "/\\evil.example", "", "   ", "vbscript:x"])
      expect(resolveOpenPage(page)).toBeNull();
  });
});

describe("polling only while the stream is down", () => {
  it("polls while down, not while up, and not after a failed load", () => {
    expect(shouldPoll("down", false)).toBe(true);
    expect(shouldPoll("up", false)).toBe(false);
    expect(shouldPoll("down", true)).toBe(false);
  });

  it("retries a closed stream after 5 s, doubling to at most a minute", () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(streamRetryDelay)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it("resumes a taken-over stream after the last event id the tabs saw", () => {
    expect(streamUrl("/api/notices/stream", null)).toBe("/api/notices/stream");
    expect(streamUrl("/api/notices/stream", 41)).toBe("/api/notices/stream?lastEventId=41");
  });
});

describe("messages between tabs", () => {
  it("accepts the relay's messages and nothing else", () => {
    const event = { id: 5, cmd: "user", msgId: "a", msgTxt: "t" };
    expect(isNoticeEvent(event)).toBe(true);
    expect(isNoticeEvent({ ...event, cmd: "heartcheck" })).toBe(false);
    expect(isNoticeEvent({ ...event, id: "5" })).toBe(false);
    for (const message of [
      { type: "notice", event },
      { type: "status", status: "up" },
      { type: "read", anntId: "a1" },
      { type: "read", anntId: null },
      { type: "hello" },
      { type: "beat", tab: "t1" },
      { type: "resign", tab: "t1" },
    ])
      expect(isRelayMessage(message)).toBe(true);
    for (const message of [null, "x", { type: "notice", event: {} }, { type: "status", status: "sideways" }, { type: "read" }, { type: "beat", tab: "" }, { type: "other" }])
      expect(isRelayMessage(message)).toBe(false);
  });
});

describe("choosing the leader tab without Web Locks", () => {
  const tick = (state: ElectionState, now: number) => electionTick(state, now);

  it("a lone tab waits briefly for an answer, then leads and beats, and opens the stream after one unanswered beat", () => {
    let state = startElection("b", 0);
    expect(tick(state, LEADER_FIRST_CLAIM_MS - 1)).toEqual({ state, beat: false });
    state = tick(state, LEADER_FIRST_CLAIM_MS).state;
    expect(isLeader(state)).toBe(true);
    expect(isSettledLeader(state, LEADER_FIRST_CLAIM_MS + LEADER_BEAT_MS - 1)).toBe(false);
    expect(isSettledLeader(state, LEADER_FIRST_CLAIM_MS + LEADER_BEAT_MS)).toBe(true);
    expect(tick(state, LEADER_FIRST_CLAIM_MS + LEADER_BEAT_MS).beat).toBe(true);
  });

  it("a new tab that hears the leader follows it and stays quiet while it beats", () => {
    let state = startElection("c", 0);
    state = electionReceive(state, { type: "beat", tab: "a" }, 100);
    expect(state.leader).toBe("a");
    expect(tick(state, 100 + LEADER_TIMEOUT_MS - 1).beat).toBe(false);
  });

  it("takes over when the leader falls silent, and at once when it resigns", () => {
    let state = electionReceive(startElection("c", 0), { type: "beat", tab: "a" }, 100);
    expect(isLeader(tick(state, 100 + LEADER_TIMEOUT_MS).state)).toBe(true);
    state = electionReceive(state, { type: "resign", tab: "a" }, 200);
    expect(isLeader(tick(state, 200).state)).toBe(true);
  });

  it("settles two tabs that claimed at once on the smaller tab id", () => {
    let a = tick(startElection("a", 0), 10_000).state;
    let b = tick(startElection("b", 0), 10_000).state;
    expect(isLeader(a) && isLeader(b)).toBe(true);
    b = electionReceive(b, { type: "beat", tab: "a" }, 10_001);
    a = electionReceive(a, { type: "beat", tab: "b" }, 10_001);
    expect(isLeader(a)).toBe(true);
    expect(isLeader(b)).toBe(false);
    expect(b.leader).toBe("a");
  });

  it("a follower keeps its live leader when a larger id claims, and ignores its own echo", () => {
    let state = electionReceive(startElection("c", 0), { type: "beat", tab: "a" }, 100);
    state = electionReceive(state, { type: "beat", tab: "b" }, 200);
    expect(state.leader).toBe("a");
    expect(electionReceive(state, { type: "beat", tab: "c" }, 300)).toBe(state);
    expect(electionReceive(state, { type: "resign", tab: "b" }, 300)).toBe(state);
  });
});

describe("the notice body without a DOM", () => {
  it("renders nothing rather than unsanitised HTML during server rendering", () => {
    expect(sanitizeNoticeHtml('<p>正文</p><script>alert(1)</script>')).toBe("");
  });
});
