// Notification centre (docs/spec/app-shell.md §2 "Notices", §4; docs/spec/widgets.md §3-§4):
// - notice-bell.tsx: the header bell, its popover, the 消息提醒 reminders and the poll fallback.
// - notice-modal.tsx: the 通知消息 detail modal (sanitised body, 去处理, business component).
// - notice-hub.ts: one EventSource per browser, held by the leader tab and relayed to the others.
// - notice-logic.ts: the pure rules (labels, open targets, polling, relay and election), unit-tested.
// - notice-api.ts / notice-types.ts: the calls to app/routes/api/notices/* and their wire types.
export { NoticeBell } from "./notice-bell";
export { NoticeModal } from "./notice-modal";
export { markAllNoticesRead, markNoticeRead, fetchMyNotices } from "./notice-api";
export { useNoticeHub, useStreamStatus } from "./use-notices";
export { categoryText, priorityText, readFlagText } from "./notice-logic";
export type { MyNoticeRecord, NoticeDetail, NoticeItem, NoticeLists } from "./notice-types";
