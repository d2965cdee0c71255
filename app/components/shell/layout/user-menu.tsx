// The header's right side (docs/spec/app-shell.md §2 "Header user menu"): menu search, the notices
// bell, the settings drawer (development builds), and the user's menu with department switch,
// change password, clear cache and logout.
import { lazy, Suspense, useEffect, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { App, Button, Dropdown, Space } from "antd";
import SettingOutlined from "@ant-design/icons/SettingOutlined";
import UserOutlined from "@ant-design/icons/UserOutlined";
import LogoutOutlined from "@ant-design/icons/LogoutOutlined";
import type { MenuNode } from "#contract/permission";
import { ACCOUNT_CENTER_PAGE, ACCOUNT_SETTINGS_PAGE } from "#contract/account-pages";
import { avatarUrl } from "../../account/avatar-url";
import { ANTD_VAR } from "../../widgets/light-form";
import type { LayoutSettings } from "~/lib/layout-settings";
import { MenuSearchLauncher } from "./menu-search-launcher";
import { SettingsDrawer } from "./settings-drawer";
import { NoticeBell } from "../notices/notice-bell";
import { signOut, useFailureFeedback } from "../feedback/failure-feedback";
import { dictCache } from "../../widgets/dict-select/dict-store";
import type { loader as departsLoader } from "~/routes/api/account-departs";

// The dialogs load on first use: their forms are not needed to show a page (layout JS budget).
const ChangePasswordDialog = lazy(() => import("../dialogs/change-password-dialog").then((module) => ({ default: module.ChangePasswordDialog })));
const DepartSwitchDialog = lazy(() => import("../dialogs/depart-switch-dialog").then((module) => ({ default: module.DepartSwitchDialog })));
import type { action as refreshCacheAction } from "~/routes/api/dict-refresh";

export function UserMenu({
  user,
  menu,
  mobile,
  settings,
  onSettingsChange,
}: {
  user: { username: string; realname: string; avatar?: string };
  menu: MenuNode[];
  mobile: boolean;
  settings: LayoutSettings;
  onSettingsChange: (change: Partial<LayoutSettings>) => void;
}) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const cache = useFetcher<typeof refreshCacheAction>();
  const departs = useFetcher<typeof departsLoader>();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [departOpen, setDepartOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [wantDeparts, setWantDeparts] = useState(false);
  useFailureFeedback(departs.data);

  useEffect(() => {
    if (cache.state !== "idle" || !cache.data) return;
    if (cache.data.ok) {
      dictCache.forget();
      void message.success("refresh cache complete!");
    }
    else void message.warning("refresh cache failed!");
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache.data, cache.state]);

  useEffect(() => {
    if (!wantDeparts || departs.state !== "idle" || !departs.data) return;
    setWantDeparts(false);
    if (!departs.data.ok) return;
    if (departs.data.departs.length === 0) void message.warning("您尚未设置部门信息!");
    else setDepartOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [departs.data, departs.state, wantDeparts]);

  const openPassword = () => {
    if (!user.username) {
      void message.warning("当前系统无登录用户!");
      return;
    }
    setPasswordOpen(true);
  };

  const logout = () =>
    modal.confirm({
      title: "提示",
      content: "真的要注销登录吗 ?",
      okText: "确定",
      cancelText: "取消",
      onOk: signOut,
    });

  return (
    <Space size={mobile ? 4 : 12} align="center">
      <MenuSearchLauncher menu={menu} mobile={mobile} />
      <NoticeBell />
      {import.meta.env.DEV ? <Button type="text" aria-label="系统设置" icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)} /> : null}
      <Dropdown
        trigger={["click"]}
        menu={{
          items: [
            { key: "center", label: "个人中心" },
            { key: "settings", label: "账户设置" },
            { key: "depart", label: "切换部门" },
            { key: "password", label: "密码修改" },
            { key: "cache", label: "清理缓存" },
            { type: "divider" },
            { key: "logout", label: "退出登录", icon: <LogoutOutlined /> },
          ],
          onClick: ({ key }) => {
            if (key === "center") void navigate(ACCOUNT_CENTER_PAGE);
            else if (key === "settings") void navigate(`${ACCOUNT_SETTINGS_PAGE}/base`);
            else if (key === "password") openPassword();
            else if (key === "depart") {
              setWantDeparts(true);
              void departs.load("/api/account/departs");
            } else if (key === "cache") void cache.submit(null, { method: "post", action: "/api/dict/refresh-cache" });
            else if (key === "logout") logout();
          },
        }}
      >
        {/* The accessible name holds the visible name (WCAG 2.5.3: label in name). */}
        <Button type="text" aria-label={mobile ? "用户菜单" : `${user.realname} 用户菜单`} data-testid="user-menu">
          <Space size={6}>
            <HeaderAvatar src={avatarUrl(user.avatar)} />
            {mobile ? null : <span data-testid="current-user">{user.realname}</span>}
          </Space>
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {passwordOpen ? <ChangePasswordDialog open onClose={() => setPasswordOpen(false)} /> : null}
        {departOpen ? (
          <DepartSwitchDialog
            open
            departs={departs.data?.ok ? departs.data.departs : []}
            current={departs.data?.ok ? departs.data.current : null}
            onClose={() => setDepartOpen(false)}
          />
        ) : null}
      </Suspense>
      {import.meta.env.DEV ? (
        <SettingsDrawer open={settingsOpen} settings={settings} onChange={onSettingsChange} onClose={() => setSettingsOpen(false)} />
      ) : null}
    </Space>
  );
}

/**
 * antd's small round Avatar as plain markup (its stylesheet is static, decision 002; its code, with
 * Avatar.Group's Popover, stays out of the layout's JS): the picture, or the user icon when there is
 * none or it does not load.
 */
export function HeaderAvatar({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = src && src !== failed ? src : undefined;
  return (
    <span data-testid="header-avatar" className={`ant-avatar ant-avatar-sm ant-avatar-circle${image ? " ant-avatar-image" : ""} ant-avatar-icon ${ANTD_VAR} ant-avatar-css-var`}>
      {image ? <img src={image} alt="" onError={() => setFailed(image)} /> : <UserOutlined />}
    </span>
  );
}
