// The 403, 404 and 500 pages in the product's look (antd Result classes, no antd runtime, so the
// root error boundary stays light), and the result panel they share with other notices.
import type { ReactNode } from "react";
import type { IconDefinition } from "@ant-design/icons-svg/lib/types";
import InfoCircleFilled from "@ant-design/icons-svg/es/asn/InfoCircleFilled";
import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import WarningFilled from "@ant-design/icons-svg/es/asn/WarningFilled";
import { SvgIcon } from "../widgets/light-form";
import { HOME_PATH } from "~/config";

export { WarningFilled };

export function ResultPanel({
  tone,
  icon,
  iconLabel,
  title,
  subtitle,
  extra,
  status,
}: {
  tone: "warning" | "info" | "error";
  icon: IconDefinition;
  iconLabel: string;
  title: ReactNode;
  subtitle: ReactNode;
  extra?: ReactNode;
  status?: number;
}) {
  return (
    <div className={`ant-result ant-result-${tone} css-var-school`} data-status={status}>
      <div className="ant-result-icon">
        <SvgIcon icon={icon} label={iconLabel} />
      </div>
      <div className="ant-result-title">{title}</div>
      <div className="ant-result-subtitle">{subtitle}</div>
      {extra ? <div className="ant-result-extra">{extra}</div> : null}
    </div>
  );
}

const PAGES = {
  403: { text: "抱歉，你无权访问该页面", icon: WarningFilled, tone: "warning", label: "warning" },
  404: { text: "抱歉，你访问的页面不存在", icon: InfoCircleFilled, tone: "info", label: "info-circle" },
  500: { text: "抱歉，服务器出错了", icon: CloseCircleFilled, tone: "error", label: "close-circle" },
} as const;

export const PRIMARY_BUTTON_CLASS = "ant-btn css-var-school ant-btn-primary ant-btn-color-primary ant-btn-variant-solid";

export function StatusPage({ status, detail }: { status: 403 | 404 | 500; detail?: string }) {
  const page = PAGES[status];
  return (
    <ResultPanel
      status={status}
      tone={page.tone}
      icon={page.icon}
      iconLabel={page.label}
      title={status}
      subtitle={detail ?? page.text}
      extra={
        <a className={PRIMARY_BUTTON_CLASS} href={HOME_PATH}>
          <span>返回首页</span>
        </a>
      }
    />
  );
}
