// /account/bindings: the 绑定 tab on its own page (issue #17 part 2), for any signed-in user.
import { Card } from "antd";
import type { Route } from "./+types/bindings";
import { requireSignedIn } from "~/services/auth.server";
import { ThirdPartyBindings } from "~/components/user/third-party-bindings";

export const meta: Route.MetaFunction = () => [{ title: "账号绑定" }];

export async function loader(route: Route.LoaderArgs) {
  await requireSignedIn(route);
  return null;
}

export default function AccountBindings() {
  return (
    <Card title="账号绑定">
      <ThirdPartyBindings />
    </Card>
  );
}
