// Flags and answers of the announcement module (api-contract.md §5 sys_announcement, §6, §8).
// The Chinese texts are the contract's; where it names none, the original controller's.
import { PAGES } from "#contract/pages";

/** send_status (contract §5): 0 draft, 1 published, 2 revoked. */
export const SendStatus = { draft: "0", published: "1", revoked: "2" } as const;

/** msg_type (contract §5): the listed users, or everyone of the tenant. */
export const MsgType = { user: "USER", all: "ALL" } as const;

/** msg_category (contract §8): `annt*` lists are notices ('1'), `sys*` lists system messages ('2'). */
export const MsgCategory = { notice: "1", system: "2" } as const;

/** read_flag of sys_announcement_send. */
export const ReadFlag = { unread: "0", read: "1" } as const;

/** del_flag of sys_announcement ('0'/'1' strings on this table, contract §5). */
export const DelFlag = { present: "0", deleted: "1" } as const;

/** The admin page; reading its data needs this menu (backend/http/endpoint.ts `menu:` access). */
export const ANNOUNCEMENT_MENU = PAGES["system/SysAnnouncementList"];

/** Button codes of the admin page (seed/data/menu.ts `crudButtons("announcement", …)`). */
export const AnnouncementButtons = {
  add: "announcement:add",
  edit: "announcement:edit",
  delete: "announcement:delete",
  batchDelete: "announcement:batch_delete",
  release: "announcement:release",
  revoke: "announcement:revoke",
} as const;

export const AnnouncementMessages = {
  // contract §6 generic CRUD answers
  added: "添加成功！",
  edited: "编辑成功!",
  deleted: "删除成功!",
  batchDeleted: "批量删除成功！",
  notFound: "未找到对应数据",
  // contract §8
  released: "该系统通知发布成功",
  revoked: "该系统通知撤销成功",
  // SysAnnouncementSendController.readAll
  allRead: "全部已读",
  // SysAnnouncementController.syncNotic without anntId: the other tabs reload after "read all"
  batchRead: "批量设置已读",
  // our own validation (the original trusted its client)
  recipientsRequired: "指定用户不能为空",
  recipientsUnknown: "指定的用户不存在或不属于当前租户",
  tooManyRecipients: "指定用户过多",
  endBeforeStart: "结束时间不能早于开始时间",
  anntIdRequired: "通告ID不能为空",
  idRequired: "ID不能为空",
  notPublished: "该系统通知尚未发布",
} as const;

/** Upper bounds on request-supplied lists: one request, one bounded statement. */
export const MAX_RECIPIENTS = 1000;
export const MAX_BATCH_IDS = 1000;
/** Longest id a request may name; ids are varchar(32) (contract §0). */
export const MAX_ID_LENGTH = 32;
