// The notification centre of the header (docs/spec/app-shell.md §2 "Notices", §4; docs/spec/widgets.md §3-§4):
// a bell with the unread count; hovering opens a popover (width 300) with the tabs 通知(n) and
// 系统消息(n) and a 查看更多 button to 我的消息. The list loads on mount, after each live event,
// after a read (in any tab) and when the popover opens; the 6 s poll runs only while the stream is
// down and stops silently after a failed load. While the stream is up nothing polls, so a load that
// fails then (a backend restarting behind nginx) is tried again after 6 s, a few times: the count
// must not stay behind until the next notice. A new event shows a 消息提醒 at the bottom right.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps } from "react";
import { useNavigate } from "react-router";
import { App, Button } from "antd";
import BellOutlined from "@ant-design/icons/BellOutlined";
import { fetchNoticeLists } from "./notice-api";
import { noticeTabTitles, shouldPoll, shouldRemind, unreadCount } from "./notice-logic";
import { MY_NOTICES_PATH, NOTICE_POLL_MS, type NoticeEvent, type NoticeLists } from "./notice-types";
import { noticeHub } from "./notice-hub";
import { useNoticeHub, useStreamStatus } from "./use-notices";
import { ANTD_VAR } from "~/components/widgets/light-form";

// The modal (with DOMPurify) loads on first use: it is not needed to show a page (layout JS budget).
const NoticePopover = lazy(() => import("./notice-popover-content").then((module) => ({ default: module.NoticePopover })));
const NoticeModal = lazy(() => import("./notice-modal").then((module) => ({ default: module.NoticeModal })));

const EMPTY_LISTS: NoticeLists = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
/** How long a 消息提醒 stays (antd's default is 4.5 s; a notice deserves a little longer). */
const REMINDER_SECONDS = 8;
/** How long the first list waits for the stream before loading without it. */
const FIRST_LOAD_WAIT_MS = 1_500;
/** How many times a load that failed while the stream is up is tried again, NOTICE_POLL_MS apart. */
const UP_LOAD_RETRIES = 3;

export function NoticeBell() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const status = useStreamStatus();
  const [lists, setLists] = useState<NoticeLists>(EMPTY_LISTS);
  const [loading, setLoading] = useState(false);
  const [pollStopped, setPollStopped] = useState(false);
  const [popoverOpen, setPopoverOpen] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const pending = useRef<AbortController | null>(null);
  const newest = useRef<Promise<NoticeLists | null> | null>(null);
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; failures: number }>({ timer: null, failures: 0 });

  /** One load of the list; a newer one aborts it. The fresh lists, or null when it failed or was aborted. */
  const loadOnce = useCallback(async (): Promise<NoticeLists | null> => {
    pending.current?.abort();
    if (retry.current.timer) clearTimeout(retry.current.timer);
    retry.current.timer = null;
    const abort = new AbortController();
    pending.current = abort;
    setLoading(true);
    try {
      const answer = await fetchNoticeLists(abort.signal);
      if (abort.signal.aborted) return null;
      if (!answer.ok) {
        // spec §4: a load failure stops the timer, silently.
        setPollStopped(true);
        // Signed out: the stream ends too and the page goes to sign-in. Otherwise, with the stream
        // up, no poll would ever catch up: try again a little later.
        if (answer.kind !== "unauthorized" && noticeHub().getStatus() === "up" && retry.current.failures < UP_LOAD_RETRIES) {
          retry.current.failures += 1;
          // `load` (below) only wraps this function: the same on every render.
          retry.current.timer = setTimeout(() => void load(), NOTICE_POLL_MS);
        }
        return null;
      }
      retry.current.failures = 0;
      setLists(answer.lists);
      setPollStopped(false);
      return answer.lists;
    } catch {
      return null; // aborted by a newer load
    } finally {
      if (pending.current === abort) setLoading(false);
    }
  }, []);

  /** Loads the list; the newest request wins. */
  const load = useCallback((): Promise<NoticeLists | null> => {
    const loading = loadOnce();
    newest.current = loading;
    return loading;
  }, [loadOnce]);

  /** Loads, and answers the lists as they stand once the newest load (maybe a later one) is done. */
  const loadSettled = async (): Promise<NoticeLists | null> => {
    let current = load();
    let lists = await current;
    while (newest.current && newest.current !== current) {
      current = newest.current;
      lists = await current;
    }
    return lists;
  };

  const openNotice = useCallback((id: string) => {
    setPopoverOpen(false);
    setOpenId(id);
  }, []);

  const remind = (event: NoticeEvent) => {
    const key = `notice-${event.id}`;
    const show = () => {
      notification.destroy(key);
      openNotice(event.msgId);
    };
    notification.open({
      key,
      title: "消息提醒",
      description: event.msgTxt,
      placement: "bottomRight",
      duration: REMINDER_SECONDS,
      onClick: show,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={(click) => {
            click.stopPropagation();
            show();
          }}
        >
          查看详情
        </Button>
      ),
      props: { "data-testid": "notice-reminder" },
    });
  };

  // The first list: loaded when the stream comes up (nothing released before it can be missed,
  // and sign-in asks once, not on mount and again on "up"), or after a short wait without it.
  const firstLoaded = useRef(false);
  useEffect(() => {
    const first = () => {
      if (firstLoaded.current) return;
      firstLoaded.current = true;
      void load();
    };
    if (noticeHub().getStatus() === "up") first();
    const timer = setTimeout(first, FIRST_LOAD_WAIT_MS);
    return () => {
      clearTimeout(timer);
      if (retry.current.timer) clearTimeout(retry.current.timer);
      pending.current?.abort();
    };
  }, [load]);

  useNoticeHub({
    notice: (event) => {
      void loadSettled().then((fresh) => {
        if (shouldRemind(event, fresh)) remind(event);
      });
    },
    read: () => void load(),
    // Up (first, or back): catch up on anything missed while the stream was down.
    status: (next) => {
      if (next !== "up") return;
      firstLoaded.current = true;
      void load();
    },
    // 强退 or a logout elsewhere ended the session: reloading lets the route guard send this page
    // to sign-in, with the way back to it (docs/spec/app-shell.md §2).
    sessionEnded: () => window.location.reload(),
  });

  useEffect(() => {
    if (!shouldPoll(status, pollStopped)) return;
    const timer = setInterval(() => void load(), NOTICE_POLL_MS);
    return () => clearInterval(timer);
  }, [status, pollStopped, load]);

  const total = unreadCount(lists);
  const titles = noticeTabTitles(lists);

  // The popover and its list load on first hover or focus: until then a page shows only the
  // badge (layout JS budget). Hovering before the code is there opens it as soon as it arrives.
  const [armed, setArmed] = useState(false);
  const changeOpen = (open: boolean) => {
    setPopoverOpen(open);
    // Revoked or read elsewhere: the list is fresh whenever it is looked at.
    if (open) void load();
  };
  const badge = (
    <CountBadge count={total}>
      <Button
        type="text"
        aria-label="消息通知"
        icon={<BellOutlined />}
        data-testid="notice-bell"
        data-stream={status}
        data-unread={total}
        onPointerEnter={() => {
          if (!armed) {
            setArmed(true);
            changeOpen(true);
          }
        }}
        onFocus={() => {
          if (!armed) {
            setArmed(true);
            changeOpen(true);
          }
        }}
      />
    </CountBadge>
  );

  return (
    <>
      {armed ? (
        <Suspense fallback={badge}>
          <NoticePopover
            open={popoverOpen}
            onOpenChange={changeOpen}
            lists={lists}
            loading={loading}
            titles={titles}
            onOpen={openNotice}
            onMore={() => {
              setPopoverOpen(false);
              void navigate(MY_NOTICES_PATH);
            }}
          >
            {badge}
          </NoticePopover>
        </Suspense>
      ) : (
        badge
      )}
      {openId !== null ? (
        <Suspense fallback={null}>
          <NoticeModal anntId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * antd's small Badge as plain markup (its stylesheet is static, decision 002): the count over the
 * bell, 99+ beyond 99, nothing at 0. Every page shows it, so its code stays out of the layout's JS.
 * Like antd's, it hands its ref and events to its element: the popover aligns to it and opens on it.
 */
export function CountBadge({ count, children, className, ...span }: ComponentProps<"span"> & { count: number }) {
  const shown = count > 99 ? "99+" : String(count);
  return (
    <span {...span} className={`ant-badge ${ANTD_VAR}${className ? ` ${className}` : ""}`}>
      {children}
      {count > 0 ? (
        <sup data-show="true" className={`ant-scroll-number ant-badge-count ant-badge-count-sm${shown.length > 1 ? " ant-badge-multiple-words" : ""}`} title={String(count)}>
          {count > 99 ? (
            shown
          ) : (
            <bdi>
              {[...shown].map((digit, place) => (
                <span key={place} className="ant-scroll-number-only" style={{ transition: "none" }}>
                  <span className="ant-scroll-number-only-unit current">{digit}</span>
                </span>
              ))}
            </bdi>
          )}
        </sup>
      ) : null}
    </span>
  );
}
