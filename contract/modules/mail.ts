// 邮件 (docs/spec/school-domain.md "Communication"): the mail outbox. Mails are written, then sent;
// status, times and errors are the server's.
import { defineModule } from "./module";

/** One address or several separated by commas or semicolons. */
export const EMAIL_LIST_PATTERN = {
  regex: /^\s*[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+(\s*[,;]\s*[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+)*\s*$/,
  message: "邮箱格式不正确",
};

export const mailModule = defineModule({
  title: "邮件",
  table: "comm_mail",
  api: "/communication/mail",
  page: "/communication/mail",
  permissionPrefix: "mail",
  fields: {
    mailTo: { label: "收件人", required: "请输入收件人!", pattern: EMAIL_LIST_PATTERN, maxLength: 500, show: { search: true } },
    cc: { label: "抄送", pattern: EMAIL_LIST_PATTERN, maxLength: 500, show: { list: false } },
    subject: { label: "主题", required: "请输入主题!", maxLength: 255, show: { search: true } },
    body: { label: "正文", type: "text", show: { list: false, query: false } },
    status: { label: "状态", dict: "mail_status", readOnly: true, show: { search: true } },
    attempts: { label: "发送次数", type: "int", readOnly: true, show: { excel: false } },
    sentAt: { label: "发送时间", type: "datetime", readOnly: true },
    error: { label: "错误信息", readOnly: true, show: { query: false } },
    relatedType: { label: "关联类型", readOnly: true, show: { list: false, excel: false, query: false, detail: false } },
    relatedId: { label: "关联记录", readOnly: true, show: { list: false, excel: false, query: false, detail: false } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});
