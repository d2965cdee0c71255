// The main layout route: loads the session's menu and buttons once (cached per token on the
// server) and wraps every private page in the shell.
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { App as AntApp, ConfigProvider, type ConfigProviderProps } from "antd";
import LoadingOutlined from "@ant-design/icons/LoadingOutlined";
import zhCN from "antd/es/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { Route } from "./+types/layout";
import { requirePermissions, requireSignedIn } from "~/services/auth.server";
import { AppLayout } from "~/components/shell/layout/app-layout";
import { PermissionProvider } from "~/components/shell/permission/has-permission";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { runtimeThemeConfig } from "~/theme";
import { ACCOUNT_API, preferencesAnswerSchema } from "#contract/account";

dayjs.locale("zh-cn");

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  const permissions = await requirePermissions(route, signedIn);
  // 账户设置 → 个性化: the user's saved layout preferences (none when the call fails).
  const custom = await signedIn.api
    .get(ACCOUNT_API.preferences, preferencesAnswerSchema)
    .then((answer) => (answer.result.customSaved ? answer.result.custom : null))
    .catch(() => null);
  return { user: signedIn.user, menu: permissions.menu, auth: permissions.auth, allAuth: permissions.allAuth, platformAdmin: permissions.platformAdmin, custom };
}

// The menu and buttons belong to the session: page navigations and tab refreshes do not reload them.
// The actions that change them do: switching department, and saves on 菜单管理 (which drop the
// session's cached answer first).
const MENU_CHANGING_ACTIONS = ["/account/settings", "/api/account/departs", "/isystem/permission", "/api/system/role-permissions", "/isystem/roleUserList"];

export function shouldRevalidate({ formAction }: ShouldRevalidateFunctionArgs) {
  return MENU_CHANGING_ACTIONS.some((action) => formAction?.startsWith(action) ?? false);
}

/**
 * A loading button shows its spinner without antd's width animation: when `loading` turns off
 * within the animation (a quick submit), the animation could miss its end and leave the spinner in
 * the button for good, hidden but named, so the button read "loading 保 存".
 */
const BUTTON_CONFIG: ConfigProviderProps["button"] = { loadingIcon: <LoadingOutlined /> };

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={runtimeThemeConfig} button={BUTTON_CONFIG}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  const { user, menu, auth, allAuth, platformAdmin, custom } = loaderData;
  return (
    <Shell>
      <PermissionProvider auth={auth} allAuth={allAuth} platformAdmin={platformAdmin}>
        <AppLayout menu={menu} user={user} custom={custom}>
          <Outlet />
        </AppLayout>
      </PermissionProvider>
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <div className="main-layout__error">
        <RouteErrorBoundary />
      </div>
    </Shell>
  );
}
