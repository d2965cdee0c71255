// 通知公告 (/isystem/annountCement, JeecgBoot SysAnnouncementList): columns, search fields, the
// form and its zod schema, as declarations (docs/style.md). The schema is used by the browser before
// posting and by the action before calling the backend (api-contract.md §8).
import type { ReactNode } from "react";
import { z } from "zod";
import type { ListColumn } from "~/components/widgets/list/list-page";
import type { FieldOption, FormField, SearchField } from "~/components/widgets/list/types";
import type { ListRecord } from "~/services/list.server";
import { PAGES_WITHOUT_MODULE } from "#contract/page-paths";

export const ANNOUNCEMENT_PAGE = {
  path: PAGES_WITHOUT_MODULE["system/SysAnnouncementList"],
  permissionPrefix: "announcement",
  url: {
    list: "/sys/annountCement/list",
    add: "/sys/annountCement/add",
    edit: "/sys/annountCement/edit",
    delete: "/sys/annountCement/delete",
    deleteBatch: "/sys/annountCement/deleteBatch",
    release: "/sys/annountCement/doReleaseData",
    revoke: "/sys/annountCement/doReovkeData",
  },
} as const;

/** send_status (contract §5). */
export const SendStatus = { draft: "0", published: "1", revoked: "2" } as const;
export const MsgType = { user: "USER", all: "ALL" } as const;

export const isDraft = (row: ListRecord) => String(row.sendStatus ?? SendStatus.draft) === SendStatus.draft;
export const isPublished = (row: ListRecord) => String(row.sendStatus) === SendStatus.published;

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const time = (message: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || WIRE_TIME.test(value), message);

/** `"a,b"` or `"a,b,"` → the ids, without blanks or repeats. */
export function splitUserIds(value: string | undefined | null): string[] {
  return [...new Set((value ?? "").split(",").map((part) => part.trim()).filter(Boolean))];
}

/** The stored form of the recipients: every id followed by a comma (JeecgBoot's client). */
export function joinUserIds(ids: readonly string[]): string {
  return ids.map((id) => `${id},`).join("");
}

export const announcementFormSchema = z
  .object({
    id: z.string().optional(),
    titile: z.string().trim().min(1, "请输入标题!").max(100, "标题长度不能超过100个字符"),
    msgCategory: z.string().default(""),
    startTime: time("开始时间格式不正确"),
    endTime: time("结束时间格式不正确"),
    priority: z.string().default(""),
    msgType: z.string().min(1, "请选择通告类型"),
    userIds: z.string().default(""),
    msgAbstract: z.string().max(2000, "摘要长度不能超过2000个字符").default(""),
    msgContent: z.string().max(200_000, "内容过长").default(""),
    openType: z.string().default(""),
    openPage: z.string().trim().max(255, "地址长度不能超过255个字符").default(""),
  })
  .superRefine((form, context) => {
    if (form.msgType === MsgType.user && splitUserIds(form.userIds).length === 0)
      context.addIssue({ code: "custom", path: ["userIds"], message: "指定用户不能为空！" });
    if (form.startTime && form.endTime && form.endTime < form.startTime)
      context.addIssue({ code: "custom", path: ["endTime"], message: "结束时间不能早于开始时间" });
    if (form.openType && !form.openPage) context.addIssue({ code: "custom", path: ["openPage"], message: "请输入组件/路由地址" });
  });

export type AnnouncementForm = z.infer<typeof announcementFormSchema>;

/** The backend body: recipients only for USER notices (with the trailing comma), 通知公告 by default. */
export function announcementBody(values: AnnouncementForm): Record<string, unknown> {
  const { id: _id, ...body } = values;
  const toUsers = body.msgType === MsgType.user;
  return {
    ...body,
    msgCategory: body.msgCategory || "1",
    userIds: toUsers ? joinUserIds(splitUserIds(body.userIds)) : "",
    openPage: body.openType ? body.openPage : "",
  };
}

export const announcementColumns: ListColumn[] = [
  { title: "标题", dataIndex: "titile", width: 200 },
  { title: "消息类型", dataIndex: "msgCategory", dict: true, width: 100 },
  {
    title: "发布人",
    dataIndex: "sender",
    width: 100,
    render: (_value, row) => String(row.sender_dictText ?? row.sender ?? ""),
  },
  { title: "优先级", dataIndex: "priority", dict: true, width: 80 },
  { title: "通告对象", dataIndex: "msgType", dict: true, width: 100 },
  { title: "发布状态", dataIndex: "sendStatus", dict: true, width: 100 },
  { title: "发布时间", dataIndex: "sendTime", sorter: true, width: 170 },
  { title: "撤销时间", dataIndex: "cancelTime", width: 170 },
];

export function announcementSearchFields(options: { msgCategory: FieldOption[] }): SearchField[] {
  return [
    { name: "titile", label: "标题", kind: "text" },
    { name: "msgCategory", label: "消息类型", kind: "select", options: options.msgCategory },
  ];
}

export const MSG_TYPE_OPTIONS: FieldOption[] = [
  { value: MsgType.all, label: "全体用户" },
  { value: MsgType.user, label: "指定用户" },
];

export function announcementFormFields(
  options: { msgCategory: FieldOption[]; priority: FieldOption[]; openType: FieldOption[] },
  controls: { dateTime: (placeholder: string) => ReactNode; users: () => ReactNode; content: () => ReactNode },
): FormField[] {
  return [
    { name: "titile", label: "标题", kind: "text", required: true },
    { name: "msgCategory", label: "消息类型", kind: "radio", options: options.msgCategory },
    { name: "startTime", label: "开始时间", kind: "custom", render: () => controls.dateTime("请选择开始时间") },
    { name: "endTime", label: "结束时间", kind: "custom", render: () => controls.dateTime("请选择结束时间") },
    { name: "priority", label: "优先级", kind: "radio", options: options.priority },
    { name: "msgType", label: "通告类型", kind: "select", options: MSG_TYPE_OPTIONS, required: true, placeholder: "请选择通告类型" },
    {
      name: "userIds",
      label: "指定用户",
      kind: "custom",
      required: true,
      render: () => controls.users(),
      visibleWhen: (values) => values.msgType === MsgType.user,
    },
    { name: "msgAbstract", label: "摘要", kind: "textarea" },
    { name: "openType", label: "打开方式", kind: "select", options: options.openType },
    { name: "openPage", label: "组件/路由地址", kind: "text", visibleWhen: (values) => !!values.openType },
    { name: "msgContent", label: "内容", kind: "custom", render: () => controls.content() },
  ];
}
