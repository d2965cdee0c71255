// The account centre's addresses (no dependencies: the header's user menu imports them).
export const ACCOUNT_CENTER_PAGE = "/account/center";
export const ACCOUNT_SETTINGS_PAGE = "/account/settings";
/** The tabs of 账户设置, in order: the last path segment of each tab's address. */
export const ACCOUNT_SETTINGS_TABS = [
  { key: "base", title: "基本设置" },
  { key: "security", title: "安全设置" },
  { key: "binding", title: "账号绑定" },
  { key: "notification", title: "新消息通知" },
  { key: "custom", title: "个性化" },
] as const;
export type AccountSettingsTab = (typeof ACCOUNT_SETTINGS_TABS)[number]["key"];

