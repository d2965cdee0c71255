// The main layout's frame (docs/spec/app-shell.md §2 "Layouts"): a side menu (inline on desktop, a
// 200 px left drawer on mobile) or a top menu, the global header, tabs, breadcrumb, page header,
// content and footer.
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Button, Layout } from "antd";
import MenuFoldOutlined from "@ant-design/icons/MenuFoldOutlined";
import MenuUnfoldOutlined from "@ant-design/icons/MenuUnfoldOutlined";
import type { MenuNode } from "#contract/permission";
import { HOME_PATH, PLATFORM_NAME } from "~/config";
import { menuTrail } from "~/lib/menu-search";
import { SideMenu } from "./side-menu";
import { TabStrip } from "./tab-strip";
import { UserMenu } from "./user-menu";
import { PageBreadcrumb, PageHeader } from "./page-content";
import { useDevice, useHeaderHidden, useLayoutSettings } from "./use-shell-state";
import type { LayoutSettings } from "~/lib/layout-settings";
import { VISIT_ROUTE } from "~/components/account/avatar-url";
import { schoolNow } from "~/lib/school-clock";
import { useHydrated } from "~/lib/use-hydrated";
import { whenIdle } from "~/lib/when-idle";

// The phone's menu drawer is antd's Drawer, loaded when the menu first opens: a page shows without it
// (layout JS budget, docs/decisions/018). A phone fetches it once the page is idle, so that the first
// tap does not wait for it.
const loadDrawer = () => import("antd/es/drawer");
const Drawer = lazy(loadDrawer);

export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;

export function AppLayout({
  menu,
  user,
  custom,
  children,
}: {
  menu: MenuNode[];
  user: { username: string; realname: string; avatar?: string };
  /** The user's saved 个性化 preferences (账户设置), applied over this browser's settings. */
  custom?: Partial<LayoutSettings> | null;
  children: ReactNode;
}) {
  const [settings, updateSettings] = useLayoutSettings(custom);
  const device = useDevice();
  const mobile = device === "mobile";
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  useEffect(() => (mobile ? whenIdle(() => void loadDrawer().catch(() => undefined)) : undefined), [mobile]);
  const headerHidden = useHeaderHidden(settings.fixedHeader && settings.autoHideHeader);
  const location = useLocation();
  const trail = menuTrail(menu, location.pathname);
  const title = location.pathname === HOME_PATH ? "首页" : (trail[trail.length - 1]?.meta.title ?? "");
  // 工作台's 常用页面: each menu page opened counts once (the backend keeps only the user's menu pages).
  const visitedPage = trail.length > 0 ? location.pathname : null;
  useEffect(() => {
    if (!visitedPage) return;
    const body = new FormData();
    body.append("path", visitedPage);
    void fetch(VISIT_ROUTE, { method: "POST", body, keepalive: true }).catch(() => undefined);
  }, [visitedPage]);
  useEffect(warmListEngineWhenIdle, []);
  const hydrated = useHydrated();
  const collapsed = !settings.sidebarOpened;
  const topMenu = settings.layout === "topmenu" && !mobile;
  const menuTheme = settings.theme;

  const logo = (
    <Link to={HOME_PATH} className={`main-layout__logo main-layout__logo--${menuTheme}`}>
      <img src="/logo.svg" alt="" />
      {collapsed && !mobile && !topMenu ? null : <span>{PLATFORM_NAME}</span>}
    </Link>
  );

  return (
    <Layout className={`main-layout${settings.colorWeak ? " main-layout--colour-weak" : ""}`} data-device={device}>
      {mobile ? (
        drawerUsed ? (
          <Suspense fallback={null}>
            <Drawer placement="left" size={SIDEBAR_WIDTH} open={drawerOpen} onClose={() => setDrawerOpen(false)} closable={false} styles={{ body: { padding: 0 } }} className="main-layout__drawer" data-testid="menu-drawer">
              {logo}
              <SideMenu menu={menu} mode="inline" theme="light" collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </Drawer>
          </Suspense>
        ) : null
      ) : topMenu ? null : (
        <Layout.Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          theme={menuTheme}
          className={settings.fixSiderbar ? "main-layout__sider--fixed" : undefined}
          data-testid="side-menu"
        >
          {logo}
          {hydrated ? null : (
            // Before JavaScript a phone shows the menu above the page: folded behind 菜单 (a box and
            // its label, no script), so that the page starts on the first screen (app.css).
            <>
              <input type="checkbox" id="plain-menu-toggle" className="plain-menu-toggle" />
              <label htmlFor="plain-menu-toggle" className="plain-menu-toggle__label">
                菜单
              </label>
            </>
          )}
          <SideMenu menu={menu} mode="inline" theme={menuTheme} collapsed={collapsed} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          className={`main-layout__header${settings.fixedHeader ? " main-layout__header--fixed" : ""}${headerHidden ? " main-layout__header--hidden" : ""}`}
        >
          {topMenu ? (
            <>
              {logo}
              <SideMenu menu={menu} mode="horizontal" theme="light" collapsed={false} />
            </>
          ) : (
            <Button
              type="text"
              aria-label={mobile ? "打开菜单" : collapsed ? "展开菜单" : "收起菜单"}
              icon={(mobile ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => {
                if (mobile) {
                  setDrawerUsed(true);
                  setDrawerOpen(true);
                } else updateSettings({ sidebarOpened: collapsed });
              }}
            />
          )}
          <UserMenu user={user} menu={menu} mobile={mobile} settings={settings} onSettingsChange={updateSettings} />
        </Layout.Header>
        {settings.multipage && !mobile ? <TabStrip currentTitle={title} /> : null}
        <Layout.Content className={`main-layout__content${topMenu && settings.contentWidth === "Fixed" ? " main-layout__content--fixed" : ""}`}>
          <PageBreadcrumb trail={trail} />
          <PageHeader />
          {children}
        </Layout.Content>
        <Layout.Footer className="main-layout__footer">
          Copyright © {schoolNow().year} {PLATFORM_NAME}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}

/**
 * Most menu pages are lists: once the page shown is idle, the list engine's code (and the antd
 * components it brings) is loaded and evaluated, so the next menu click waits only for its data
 * and its render, not for a chain of modules to arrive and compile (issue #19 part 5). A page that
 * already shows a list has it loaded; the import is then a no-op.
 */
function warmListEngineWhenIdle(): () => void {
  return whenIdle(() => void import("~/components/widgets/list/list-page").catch(() => undefined));
}
