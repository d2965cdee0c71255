// Real-time notices (api-contract.md §8 "WebSocket"; docs/architecture.md "Notices", "Scale-out").
export { attachNoticeSocket, type NoticeSocketOptions, type NoticeSocketServer } from "./notice-socket";
export { startNoticeBus, noticeBusOf, hasNoticeBus, type NoticeBusOptions } from "./bus-registry";
export { InProcessNoticeBus, type NoticeBus, type NoticeListener } from "./notice-bus";
export { RedisNoticeBus, NOTICE_CHANNEL } from "./redis-notice-bus";
export { SocketCloseCode } from "./socket-auth";
export type { NoticeAudience, NoticeDelivery, NoticeFrame, NoticeCommand } from "./notice-frames";
