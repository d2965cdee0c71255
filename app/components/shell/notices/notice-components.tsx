// openType 'component' (docs/spec/app-shell.md §2 "Notices"): the notice names a component (openPage)
// that is shown with the business id (busId). The original loaded any Vue file by path; here a
// small registry lists the components a notice may name. Add an entry to support another one.
import type { ComponentType } from "react";
import { Link } from "react-router";
import { Typography } from "antd";

export interface NoticeComponentProps {
  busId: string;
  /** Closes the notice modal (e.g. before following a link). */
  onDone: () => void;
}

/** A link to the record a notice is about, on its list or detail page (the URL is the list state). */
function recordLink(title: string, path: (busId: string) => string): ComponentType<NoticeComponentProps> {
  function RecordLink({ busId, onDone }: NoticeComponentProps) {
    if (!busId) return <Typography.Text type="secondary">{title}：缺少业务编号</Typography.Text>;
    return (
      <Typography.Paragraph>
        {title}：
        <Link to={path(busId)} onClick={onDone}>
          查看记录 {busId}
        </Link>
      </Typography.Paragraph>
    );
  }
  return RecordLink;
}

const byId = (page: string) => (busId: string) => `${page}?id=${encodeURIComponent(busId)}`;

/** Component names as the menu (and the original) spell them. */
export const NOTICE_COMPONENTS: Record<string, ComponentType<NoticeComponentProps>> = {
  "school/StudentDetail": recordLink("学生详情", byId("/school/student/detail")),
  "school/BillList": recordLink("账单", byId("/billing/bill")),
  "school/PaymentList": recordLink("付款", byId("/billing/payment")),
  "school/SignupList": recordLink("报名", byId("/activity/signup")),
  "school/OrderList": recordLink("订单", byId("/shop/order")),
  "school/MailList": recordLink("邮件", byId("/communication/mail")),
};

export function NoticeBusinessComponent({ name, busId, onDone }: { name: string; busId: string; onDone: () => void }) {
  const Component = Object.hasOwn(NOTICE_COMPONENTS, name) ? NOTICE_COMPONENTS[name] : undefined;
  if (!Component)
    return (
      <Typography.Paragraph type="secondary" data-testid="notice-unknown-component">
        此消息关联的业务页面（{name || "未指定"}）暂不支持在此打开{busId ? `，业务编号：${busId}` : ""}。
      </Typography.Paragraph>
    );
  return <Component busId={busId} onDone={onDone} />;
}
