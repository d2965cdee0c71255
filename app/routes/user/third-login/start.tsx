// /user/third-login/:type: off to the provider (docs/decisions/051). `?bind=1` binds the identity to
// the signed-in account (绑定); otherwise it signs in, coming back to `?redirect=`.
import { redirect } from "react-router";
import type { Route } from "./+types/start";
import { getSignedIn, loginUrlFor } from "~/services/auth.server";
import { BackendError, startThirdLogin } from "~/services/third-login.server";
import { ThirdLoginProblem } from "~/components/user/third-party-buttons";
import { PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `第三方登录 - ${PLATFORM_NAME}` }];

export async function loader(route: Route.LoaderArgs) {
  const { request, params } = route;
  const url = new URL(request.url);
  const bind = url.searchParams.get("bind") === "1";
  const signedIn = bind ? await getSignedIn(route) : null;
  if (bind && !signedIn) throw redirect(loginUrlFor(url));
  try {
    return await startThirdLogin(route, params.type, {
      redirect: url.searchParams.get("redirect") ?? "",
      signedIn,
      app: url.searchParams.get("app") === "1",
    });
  } catch (error) {
    if (error instanceof BackendError) return { error: error.failure.message };
    throw error;
  }
}

export default function ThirdLoginStart({ loaderData }: Route.ComponentProps) {
  return <ThirdLoginProblem message={loaderData.error} />;
}
