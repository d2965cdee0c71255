// 消息模板 (/isystem/messageTemplate, the original's sys_sms_template) and 消息 (/communication/message,
// sys_message): templates with `${name}` placeholders (contract/template.ts), and every message sent
// from one, by channel, with what was sent and its status.
import { defineModule } from "./module";

/** dict template_type: the channel a template is sent through. */
export const MessageChannel = { sms: "1", mail: "2", wechat: "3", site: "4" } as const;
export type MessageChannelCode = (typeof MessageChannel)[keyof typeof MessageChannel];

/** dict message_status. 已记录: kept, not sent, because the channel has no provider configured. */
export const MessageStatus = { pending: "0", sent: "1", failed: "2", recorded: "3" } as const;

export const MessageTexts = {
  templateNotFound: "消息模板不存在",
  receiverRequired: "请输入接收人!",
  badTestData: "测试数据必须是 JSON 对象, 如 {\"name\": \"张三\"}",
  unknownUser: (username: string) => `用户不存在: ${username}`,
  badEmail: (receiver: string) => `邮箱格式不正确: ${receiver}`,
  badPhone: (receiver: string) => `手机号码格式不正确: ${receiver}`,
  tooManyReceivers: "接收人最多 100 个",
  sent: "发送成功",
} as const;

export const messageTemplateModule = defineModule({
  title: "消息模板",
  table: "sys_sms_template",
  api: "/sys/message/sysMessageTemplate",
  page: "/isystem/messageTemplate",
  permissionPrefix: "messageTemplate",
  fields: {
    templateCode: { label: "模板编码", required: "请输入模板编码!", maxLength: 100, unique: true, fixed: true, show: { search: true } },
    templateName: { label: "模板标题", required: "请输入模板标题!", maxLength: 100, show: { search: true } },
    templateType: { label: "模板类型", dict: "template_type", required: "请选择模板类型!", show: { search: true } },
    templateContent: { label: "模板内容", type: "text", required: "请输入模板内容!", maxLength: 5000 },
    templateTestJson: { label: "测试数据", type: "text", maxLength: 2000, show: { list: false, query: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

export const messageModule = defineModule({
  title: "消息",
  table: "sys_message",
  api: "/sys/message/sysMessage",
  page: "/communication/message",
  permissionPrefix: "message",
  fields: {
    esType: { label: "渠道", dict: "template_type", readOnly: true, show: { search: true } },
    esReceiver: { label: "接收人", readOnly: true, maxLength: 100, show: { search: true } },
    esTitle: { label: "标题", readOnly: true, maxLength: 255 },
    esContent: { label: "内容", type: "text", readOnly: true },
    esSendStatus: { label: "状态", dict: "message_status", readOnly: true, show: { search: true } },
    esResult: { label: "结果", readOnly: true, show: { query: false } },
    templateCode: { label: "模板编码", readOnly: true, show: { search: true } },
    esSendTime: { label: "发送时间", type: "datetime", readOnly: true },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});
