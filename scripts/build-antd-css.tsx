// Generates app/styles/antd.generated.css: every antd component's styles for our theme, so the
// app runs antd in zero-runtime mode and the first paint is styled without JavaScript
// (docs/decisions/002-antd-static-css.md).
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { extractStyle } from "@ant-design/static-style-extract";
import { ConfigProvider } from "antd";
import zhCN from "antd/locale/zh_CN";
import { themeConfig } from "../app/theme";

const css = extractStyle((node) => (
  <ConfigProvider locale={zhCN} theme={themeConfig}>
    {node}
  </ConfigProvider>
));
const target = path.join(import.meta.dirname, "..", "app", "styles", "antd.generated.css");
mkdirSync(path.dirname(target), { recursive: true });
writeFileSync(target, css);
console.log(`[build] antd stylesheet: ${(css.length / 1024).toFixed(0)} KB → ${path.relative(process.cwd(), target)}`);
