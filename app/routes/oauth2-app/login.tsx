// /oauth2-app/login (docs/spec/app-shell.md §2, §6): the sign-in of the work-chat in-app browsers.
// WeCom (`wxwork` in the user agent) and DingTalk sign in through their configured provider
// (type `wechat_enterprise` / `dingtalk`) without a password form; the first time binds the
// identity to an account. Other browsers are told to open the page in the app.
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { ThirdLoginMessages, workChatTypeOf } from "#contract/third-login";
import { getSignedIn, safeRedirect } from "~/services/auth.server";
import { BackendError, startThirdLogin, thirdProviders } from "~/services/third-login.server";
import { PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `登录 - ${PLATFORM_NAME}` }];

export async function loader(route: Route.LoaderArgs) {
  const { request } = route;
  const url = new URL(request.url);
  const target = safeRedirect(url.searchParams.get("redirect"));
  if (await getSignedIn(route)) throw redirect(target);
  const type = workChatTypeOf(request.headers.get("user-agent"));
  if (!type) return { message: ThirdLoginMessages.appEnvRequired };
  if (!(await thirdProviders(route)).some((provider) => provider.type === type)) return { message: ThirdLoginMessages.providerUnknown };
  try {
    return await startThirdLogin(route, type, { redirect: target, app: true });
  } catch (error) {
    if (error instanceof BackendError) return { message: error.failure.message };
    throw error;
  }
}

export default function OAuth2AppLogin({ loaderData }: Route.ComponentProps) {
  return (
    <main className="oauth2-app-login">
      <h1>{PLATFORM_NAME}</h1>
      <p role="alert">{loaderData.message}</p>
    </main>
  );
}
