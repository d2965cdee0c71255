// The antd theme, used twice: by scripts/build-antd-css.tsx to generate the static stylesheet,
// and by the app's ConfigProvider in zero-runtime mode (no style generation in the browser).
// docs/spec/app-shell.md §3: primary colour #1890FF, light theme. Text in the primary colour and
// white text on it would fall short of WCAG AA contrast (3.2:1 on white), so text, links and
// text-bearing primary controls take the next shade of the same blue (#096DD9, 5:1);
// docs/decisions/029-accessible-contrast.md.
import type { ThemeConfig } from "antd";

export const PRIMARY_COLOR = "#1890FF";
/** The primary colour's shade for text and for controls that carry white text (AA contrast). */
export const PRIMARY_TEXT_COLOR = "#096DD9";
/** Secondary text (descriptions, breadcrumb links, hints): 0.65 black, 5.3:1 on the page grey. */
const SECONDARY_TEXT = "rgba(0, 0, 0, 0.65)";

export const themeConfig: ThemeConfig = {
  hashed: false,
  cssVar: { key: "css-var-school" },
  token: {
    colorPrimary: PRIMARY_COLOR,
    borderRadius: 4,
    colorLink: PRIMARY_TEXT_COLOR,
    colorPrimaryText: PRIMARY_TEXT_COLOR,
    colorTextSecondary: SECONDARY_TEXT,
    colorTextDescription: SECONDARY_TEXT,
    colorTextTertiary: "rgba(0, 0, 0, 0.55)",
    // Placeholders are read too (a select's placeholder is plain text): 4.5:1 on white.
    colorTextPlaceholder: "#767676",
  },
  components: {
    Button: { colorPrimary: PRIMARY_TEXT_COLOR, colorPrimaryHover: PRIMARY_COLOR, colorPrimaryActive: "#0050B3", colorLink: PRIMARY_TEXT_COLOR },
    Menu: { itemSelectedColor: PRIMARY_TEXT_COLOR, horizontalItemSelectedColor: PRIMARY_TEXT_COLOR, subMenuItemSelectedColor: PRIMARY_TEXT_COLOR },
    Tabs: { itemSelectedColor: PRIMARY_TEXT_COLOR, itemActiveColor: PRIMARY_TEXT_COLOR },
    Pagination: { itemActiveColor: PRIMARY_TEXT_COLOR },
    Breadcrumb: { linkColor: SECONDARY_TEXT, separatorColor: SECONDARY_TEXT },
  },
};

export const runtimeThemeConfig: ThemeConfig = { ...themeConfig, zeroRuntime: true };
