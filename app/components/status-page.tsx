// The 403, 404 and 500 pages in the product's look (antd Result classes, no antd runtime, so the
// root error boundary stays light).
import InfoCircleFilled from "@ant-design/icons-svg/es/asn/InfoCircleFilled";
import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import WarningFilled from "@ant-design/icons-svg/es/asn/WarningFilled";
import { SvgIcon } from "./light-form";
import { HOME_PATH } from "~/config";

const PAGES = {
  403: { text: "抱歉，你无权访问该页面", icon: WarningFilled, tone: "warning", label: "warning" },
  404: { text: "抱歉，你访问的页面不存在", icon: InfoCircleFilled, tone: "info", label: "info-circle" },
  500: { text: "抱歉，服务器出错了", icon: CloseCircleFilled, tone: "error", label: "close-circle" },
} as const;

export function StatusPage({ status, detail }: { status: 403 | 404 | 500; detail?: string }) {
  const page = PAGES[status];
  return (
    <div className={`ant-result ant-result-${page.tone} css-var-school`} data-status={status}>
      <div className="ant-result-icon">
        <SvgIcon icon={page.icon} label={page.label} />
      </div>
      <div className="ant-result-title">{status}</div>
      <div className="ant-result-subtitle">{detail ?? page.text}</div>
      <div className="ant-result-extra">
        <a className="ant-btn css-var-school ant-btn-primary ant-btn-color-primary ant-btn-variant-solid" href={HOME_PATH}>
          <span>返回首页</span>
        </a>
      </div>
    </div>
  );
}
