// 我的消息 (/isps/userAnnouncement): the signed-in user's notices. The list, filters and reading
// come with the notices work; the route, its guard and its place in the shell are here.
import { Card, Empty } from "antd";
import type { Route } from "./+types/user-announcements";
import { requireMenuPage } from "~/services/menu-access.server";
import { RouteErrorBoundary } from "~/components/route-error-boundary";

export async function loader(route: Route.LoaderArgs) {
  const { node } = await requireMenuPage(route);
  return { title: node.meta.title ?? "我的消息" };
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: page?.title ?? "我的消息" }];

export default function UserAnnouncements({ loaderData }: Route.ComponentProps) {
  return (
    <Card title={loaderData.title}>
      <Empty description="暂无消息" />
    </Card>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
