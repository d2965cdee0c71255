// The bell's popover list (docs/spec/app-shell.md §2 Notices): two tabs, notices and system messages,
// each item with its title, `<createTime> 发布` and the priority tag, and 查看更多.
import type { ReactNode } from "react";
import { Button, Empty, Popover, Spin, Tabs, Tag } from "antd";
import { priorityTag, publishedText, unreadCount } from "./notice-logic";
import { NOTICE_POPOVER_WIDTH, type NoticeItem, type NoticeLists } from "./notice-types";

/** The bell's popover (width 300), opened on hover and focus, around the bell itself. */
export function NoticePopover({
  open,
  onOpenChange,
  children,
  ...content
}: Parameters<typeof NoticePopoverContent>[0] & { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <Popover
      content={<NoticePopoverContent {...content} />}
      trigger={["hover", "focus"]}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      styles={{ root: { width: NOTICE_POPOVER_WIDTH } }}
      classNames={{ root: "notice-popover" }}
    >
      {children}
    </Popover>
  );
}

export function NoticePopoverContent({
  lists,
  loading,
  titles,
  onOpen,
  onMore,
}: {
  lists: NoticeLists;
  loading: boolean;
  titles: { notices: string; system: string };
  onOpen: (id: string) => void;
  onMore: () => void;
}) {
  const total = unreadCount(lists);
  return (
    <Spin spinning={loading && total === 0} size="small">
      <Tabs
        size="small"
        items={[
          { key: "notices", label: titles.notices, children: <NoticeItems items={lists.anntMsgList} onOpen={onOpen} /> },
          { key: "system", label: titles.system, children: <NoticeItems items={lists.sysMsgList} onOpen={onOpen} /> },
        ]}
      />
      <Button type="dashed" block onClick={onMore}>
        查看更多
      </Button>
    </Spin>
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
              <div style={{ color: "rgba(0, 0, 0, 0.65)", fontSize: 12 }}>{publishedText(item.createTime)}</div>
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
