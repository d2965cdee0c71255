// Any other path under the main layout: a page of the user's server menu, or 404.
import { data } from "react-router";
import { Card, Empty, Typography } from "antd";
import type { Route } from "./+types/menu-page";
import { requirePermissions, requireSignedIn } from "~/services/auth.server";
import { flattenMenu } from "~/components/layout/menu-items";

export async function loader({ request }: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(request);
  const { menu } = await requirePermissions(request, signedIn);
  const path = new URL(request.url).pathname;
  const node = flattenMenu(menu).find((entry) => entry.path === path);
  if (!node) throw data(null, { status: 404 });
  return { title: node.meta.title ?? node.name, component: node.component ?? "" };
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page?.title ?? "Manage System" }];

export default function MenuPage({ loaderData }: Route.ComponentProps) {
  return (
    <Card title={loaderData.title}>
      <Empty description={<Typography.Text type="secondary">该页面正在建设中</Typography.Text>} />
    </Card>
  );
}
