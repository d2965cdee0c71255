// Any other path under the main layout: a page of the user's server menu whose screen is not
// built yet, an online form or report, a 403 for a known page that is not granted, or a 404.
import { Card, Empty, Typography } from "antd";
import { redirect } from "react-router";
import type { Route } from "./+types/menu-page";
import { requireMenuPage } from "~/services/menu-access.server";
import { cataloguePathOf, ONLINE_COMPONENTS } from "~/pages";
import { RouteErrorBoundary } from "~/components/shell/route-error-boundary";
import { DEFAULT_DOCUMENT_TITLE } from "~/config";

export async function loader(route: Route.LoaderArgs) {
  const { node } = await requireMenuPage(route);
  const component = node.component ?? "";
  // A menu entry of one of our pages under the original's path or component name: open our page.
  const ours = cataloguePathOf(component);
  if (ours && ours !== route.url.pathname.replace(/\/+$/, "")) throw redirect(`${ours}${route.url.search}`);
  return { title: node.meta.title ?? node.name, online: ONLINE_COMPONENTS[component] ?? null };
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page?.title || DEFAULT_DOCUMENT_TITLE }];

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  return (
    <Card title={loaderData.title}>
      <Empty
        description={
          <Typography.Text type="secondary">
            {loaderData.online ? "在线表单与报表页面暂未开放" : "该页面正在建设中"}
          </Typography.Text>
        }
      />
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
