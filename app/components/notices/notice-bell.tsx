// The notification centre of the header (spec/app-shell.md §2 "Notices", §4; spec/widgets.md §3-§4):
// a bell with the unread count; hovering opens a popover (width 300) with the tabs 通知(n) and
// 系统消息(n) and a 查看更多 button to 我的消息. The list loads on mount, after each live event,
// after a read (in any tab) and when the popover opens; the 6 s poll runs only while the stream is
// down and stops silently after a failed load. A new event shows a 消息提醒 at the bottom right.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { App, Badge, Button, Empty, Popover, Spin, Tabs, Tag } from "antd";
import BellOutlined from "@ant-design/icons/BellOutlined";
import { fetchNoticeLists } from "./notice-api";
import { noticeTabTitles, priorityTag, publishedText, shouldPoll, shouldRemind, unreadCount } from "./notice-logic";
import { MY_NOTICES_PATH, NOTICE_POLL_MS, NOTICE_POPOVER_WIDTH, type NoticeEvent, type NoticeItem, type NoticeLists } from "./notice-types";
import { useNoticeHub, useStreamStatus } from "./use-notices";

// The modal (with DOMPurify) loads on first use: it is not needed to show a page (layout JS budget).
const NoticeModal = lazy(() => import("./notice-modal").then((module) => ({ default: module.NoticeModal })));

const EMPTY_LISTS: NoticeLists = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
/** How long a 消息提醒 stays (antd's default is 4.5 s; a notice deserves a little longer). */
const REMINDER_SECONDS = 8;

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

  /** One load of the list; a newer one aborts it. The fresh lists, or null when it failed or was aborted. */
  const loadOnce = useCallback(async (): Promise<NoticeLists | null> => {
    pending.current?.abort();
    const abort = new AbortController();
    pending.current = abort;
    setLoading(true);
    try {
      const answer = await fetchNoticeLists(abort.signal);
      if (abort.signal.aborted) return null;
      if (!answer.ok) {
        // spec §4: a load failure stops the timer, silently.
        setPollStopped(true);
        return null;
      }
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

  useEffect(() => {
    void load();
    return () => pending.current?.abort();
  }, [load]);

  useNoticeHub({
    notice: (event) => {
      void loadSettled().then((fresh) => {
        if (shouldRemind(event, fresh)) remind(event);
      });
    },
    read: () => void load(),
    // Back up: catch up on anything missed while the stream was down.
    status: (next) => {
      if (next === "up") void load();
    },
  });

  useEffect(() => {
    if (!shouldPoll(status, pollStopped)) return;
    const timer = setInterval(() => void load(), NOTICE_POLL_MS);
    return () => clearInterval(timer);
  }, [status, pollStopped, load]);

  const total = unreadCount(lists);
  const titles = noticeTabTitles(lists);

  const content = (
    <Spin spinning={loading && total === 0} size="small">
      <Tabs
        size="small"
        items={[
          { key: "notices", label: titles.notices, children: <NoticeItems items={lists.anntMsgList} onOpen={openNotice} /> },
          { key: "system", label: titles.system, children: <NoticeItems items={lists.sysMsgList} onOpen={openNotice} /> },
        ]}
      />
      <Button
        type="dashed"
        block
        onClick={() => {
          setPopoverOpen(false);
          void navigate(MY_NOTICES_PATH);
        }}
      >
        查看更多
      </Button>
    </Spin>
  );

  return (
    <>
      <Popover
        content={content}
        trigger={["hover", "focus"]}
        placement="bottomRight"
        open={popoverOpen}
        onOpenChange={(open) => {
          setPopoverOpen(open);
          // Revoked or read elsewhere: the list is fresh whenever it is looked at.
          if (open) void load();
        }}
        styles={{ root: { width: NOTICE_POPOVER_WIDTH } }}
        classNames={{ root: "notice-popover" }}
      >
        <Badge count={total} size="small">
          <Button
            type="text"
            aria-label="消息通知"
            icon={<BellOutlined />}
            data-testid="notice-bell"
            data-stream={status}
            data-unread={total}
          />
        </Badge>
      </Popover>
      {openId !== null ? (
        <Suspense fallback={null}>
          <NoticeModal anntId={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function NoticeItems({ items, onOpen }: { items: NoticeItem[]; onOpen: (id: string) => void }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" />;
  return (
    <ul className="notice-list" style={{ listStyle: "none", margin: 0, padding: 0, maxHeight: 320, overflowY: "auto" }}>
      {items.map((item) => {
        const tag = priorityTag(item.priority);
        return (
          <li
            key={item.id}
            className="notice-list__item"
            style={{ display: "flex", alignItems: "flex-start", gap: 8, padding: "8px 0", borderBottom: "1px solid rgba(5, 5, 5, 0.06)" }}
          >
            <div style={{ flex: 1, minWidth: 0 }}>
              <a onClick={() => onOpen(item.id)} style={{ display: "block", overflowWrap: "anywhere" }}>
                {item.titile}
              </a>
              <div style={{ color: "rgba(0, 0, 0, 0.45)", fontSize: 12 }}>{publishedText(item.createTime)}</div>
            </div>
            {tag ? (
              <Tag color={tag.color} onClick={() => onOpen(item.id)} style={{ cursor: "pointer", marginInlineEnd: 0 }}>
                {tag.label}
              </Tag>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
