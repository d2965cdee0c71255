// The main layout: side menu from the server menu, header with the user, routed content, footer.
import { Form, Outlet, useLocation } from "react-router";
import { App as AntApp, Button, ConfigProvider, Layout, Menu, Space, Typography } from "antd";
import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import LogoutOutlined from "@ant-design/icons/LogoutOutlined";
import type { Route } from "./+types/layout";
import { requirePermissions, requireSignedIn } from "~/services/auth.server";
import { openKeysFor, toMenuItems } from "~/components/layout/menu-items";
import { PLATFORM_NAME } from "~/config";
import { runtimeThemeConfig } from "~/theme";

dayjs.locale("zh-cn");

export async function loader({ request }: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(request);
  const permissions = await requirePermissions(request, signedIn);
  return { user: signedIn.user, menu: permissions.menu };
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  const { user, menu } = loaderData;
  const location = useLocation();
  return (
    <ConfigProvider locale={zhCN} theme={runtimeThemeConfig}>
      <AntApp>
    <Layout className="main-layout">
      <Layout.Sider width={200} collapsedWidth={80} theme="dark">
        <div className="main-layout__logo">
          <img src="/logo.svg" alt="" />
          <span>{PLATFORM_NAME}</span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={toMenuItems(menu)}
          selectedKeys={[location.pathname]}
          defaultOpenKeys={openKeysFor(menu, location.pathname)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="main-layout__header">
          <span />
          <Space size="middle">
            <Typography.Text data-testid="current-user">{user.realname}</Typography.Text>
            <Form method="post" action="/user/logout">
              <Button type="text" htmlType="submit" icon={<LogoutOutlined />}>
                退出登录
              </Button>
            </Form>
          </Space>
        </Layout.Header>
        <Layout.Content className="main-layout__content">
          <Outlet />
        </Layout.Content>
        <Layout.Footer className="main-layout__footer">Copyright © {new Date().getFullYear()} {PLATFORM_NAME}</Layout.Footer>
      </Layout>
    </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
