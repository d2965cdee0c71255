// 群发 (/communication/compose, issue #29 item 4, docs/decisions/166): one message written to a class, a
// grade, an activity's confirmed sign-ups, the payers of overdue bills, or chosen parents and staff,
// over 站内 (staff), 短信, 微信 and 邮件, each recipient's text merged with his own values. What the
// page and the backend agree on: the targets, the channels, the merge fields, the texts and the answers.
import { z } from "zod";
import { templatePlaceholders } from "../template";
import { MessageChannel, MessageStatus } from "./message";

export const COMPOSE_PAGE = "/communication/compose";
export const COMPOSE_API = "/communication/compose";
/** The one right of the page: previewing, sending, reading and resending 群发. */
export const COMPOSE_PERMISSION = "message:compose";

/** A target is `kind:value` (`class:<id>`, `grade:<dict value>`, `activity:<id>`, `overdue:`). */
export const ComposeTarget = { class: "class", grade: "grade", activity: "activity", overdue: "overdue" } as const;
export type ComposeTargetKind = (typeof ComposeTarget)[keyof typeof ComposeTarget];

/** The channels in the order the page offers them; 站内 reaches staff only (parents are not users). */
export const COMPOSE_CHANNELS = [
  { channel: MessageChannel.site, label: "站内" },
  { channel: MessageChannel.sms, label: "短信" },
  { channel: MessageChannel.wechat, label: "微信" },
  { channel: MessageChannel.mail, label: "邮件" },
] as const;
export const channelLabel = (channel: string) => COMPOSE_CHANNELS.find((item) => item.channel === channel)?.label ?? channel;

/** The merge fields (`${name}`) and what each is; a staff member's `parentName` is his own name. */
export const MERGE_FIELDS = {
  parentName: "家长姓名（教职工为本人姓名）",
  studentName: "学生姓名（所选范围内的子女，多个以、分隔）",
  className: "班级",
  amountDue: "待缴金额（未结清的应收账单合计，元）",
  dueDate: "最早未缴的应缴日期",
  activityName: "活动名称（仅活动报名）",
} as const;
export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Partial<Record<MergeField, string>>;

export const MESSAGE_STATUS_TEXT: Record<string, string> = {
  [MessageStatus.pending]: "待发送",
  [MessageStatus.sent]: "已发送",
  [MessageStatus.failed]: "失败",
  [MessageStatus.recorded]: "已记录",
};

export const ComposeTexts = {
  unknownFields: (names: readonly string[]) =>
    `未知的合并字段：${names.map((name) => `\${${name}}`).join("、")}。可用的字段：${Object.keys(MERGE_FIELDS).map((name) => `\${${name}}`).join("、")}`,
  activityOnly: "合并字段 ${activityName} 只能用于发给活动报名的家长",
  subjectRequired: "请输入主题",
  bodyRequired: "请输入内容",
  channelRequired: "请选择发送渠道",
  recipientsRequired: "请选择收件人",
  noRecipients: "所选范围内没有收件人",
  badTarget: "收件人范围不正确",
  badRequest: "群发内容不正确",
  classNotFound: "班级不存在或不属于当前学年",
  activityNotFound: "活动不存在",
  notFound: "群发不存在",
  noAddress: { [MessageChannel.sms]: "没有手机号", [MessageChannel.wechat]: "没有微信号", [MessageChannel.mail]: "没有邮箱", [MessageChannel.site]: "不是系统用户" } as Record<string, string>,
  queued: (messages: number) => `已提交群发，共 ${messages} 条消息，正在发送`,
  retried: (count: number) => `已重发失败的消息 ${count} 条`,
  nothingToRetry: "没有可重发的失败消息",
} as const;

/** The placeholders of `texts` that are not merge fields (the sender's error before anything is sent). */
export function unknownMergeFields(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => templatePlaceholders(text)))].filter((name) => !Object.hasOwn(MERGE_FIELDS, name));
}

export const composeSelectionSchema = z.object({
  target: z.string().max(80).default(""),
  parentIds: z.array(z.string().max(32)).max(2000).default([]),
  userIds: z.array(z.string().max(32)).max(2000).default([]),
});
export type ComposeSelection = z.infer<typeof composeSelectionSchema>;

export const composeDraftSchema = z.object({
  selection: composeSelectionSchema,
  channels: z.array(z.enum([MessageChannel.site, MessageChannel.sms, MessageChannel.wechat, MessageChannel.mail])).default([]),
  subject: z.string().max(200).default(""),
  body: z.string().max(5000).default(""),
});
export type ComposeDraft = z.infer<typeof composeDraftSchema>;

export const composeSendSchema = composeDraftSchema.extend({ requestKey: z.string().min(8).max(64) });

const channelCountSchema = z.object({
  channel: z.string(),
  label: z.string(),
  /** Recipients with an address for the channel (a message each). */
  count: z.number(),
  /** Recipients to whom the channel applies who have no address for it (by name). */
  missing: z.array(z.string()),
});

export const composePreviewSchema = z.object({
  recipients: z.number(),
  samples: z.array(z.object({ name: z.string(), subject: z.string(), body: z.string() })),
  channels: z.array(channelCountSchema),
});
export type ComposePreview = z.infer<typeof composePreviewSchema>;

export const composeOptionsSchema = z.object({
  classes: z.array(z.object({ id: z.string(), name: z.string(), grade: z.string() })),
  grades: z.array(z.object({ value: z.string(), text: z.string() })),
  activities: z.array(z.object({ id: z.string(), title: z.string() })),
  parents: z.array(z.object({ id: z.string(), name: z.string(), phone: z.string() })),
  users: z.array(z.object({ id: z.string(), realname: z.string(), username: z.string() })),
});
export type ComposeOptions = z.infer<typeof composeOptionsSchema>;

const statusCountsSchema = z.object({ pending: z.number(), sent: z.number(), failed: z.number(), recorded: z.number() });

export const composeRecordSchema = z.object({
  id: z.string(),
  subject: z.string(),
  selectionText: z.string(),
  channels: z.string(),
  recipientCount: z.number(),
  messageCount: z.number(),
  createBy: z.string().nullable(),
  createTime: z.string(),
  counts: statusCountsSchema,
});
export type ComposeRecord = z.infer<typeof composeRecordSchema>;

export const composeDetailSchema = composeRecordSchema.extend({
  body: z.string(),
  messages: z.array(
    z.object({
      id: z.string(),
      recipientName: z.string(),
      channel: z.string(),
      receiver: z.string(),
      title: z.string(),
      content: z.string(),
      status: z.string(),
      result: z.string().nullable(),
      sendTime: z.string().nullable(),
    }),
  ),
});
export type ComposeDetail = z.infer<typeof composeDetailSchema>;
