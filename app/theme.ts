// The antd theme, used twice: by scripts/build-antd-css.tsx to generate the static stylesheet,
// and by the app's ConfigProvider in zero-runtime mode (no style generation in the browser).
// spec/app-shell.md §3: primary colour #1890FF, light theme.
import type { ThemeConfig } from "antd";

export const PRIMARY_COLOR = "#1890FF";

export const themeConfig: ThemeConfig = {
  hashed: false,
  cssVar: { key: "css-var-school" },
  token: { colorPrimary: PRIMARY_COLOR, borderRadius: 4 },
};

export const runtimeThemeConfig: ThemeConfig = { ...themeConfig, zeroRuntime: true };
