// /user/cas: CAS sends the browser back here with its service ticket (docs/decisions/052). The
// backend validates it at the CAS server (`/sys/cas/client/validateLogin`) and answers the login.
import { redirect } from "react-router";
import type { Route } from "./+types/cas";
import { signedInResponse, SignInRefused, safeRedirect } from "~/services/auth.server";
import { BackendError, casAnswerOf, casLoginUrl, casServiceUrl, casUrl } from "~/services/third-login.server";
import { ThirdLoginProblem } from "~/components/user/third-party-buttons";
import { LOGIN_PATH, PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `CAS登录 - ${PLATFORM_NAME}` }];

export async function loader(route: Route.LoaderArgs) {
  const { request, context } = route;
  const url = new URL(request.url);
  const target = safeRedirect(url.searchParams.get("redirect"));
  if (!casUrl(context)) throw redirect(LOGIN_PATH);
  const ticket = url.searchParams.get("ticket");
  if (!ticket) throw redirect(casLoginUrl(route, target));
  try {
    return await signedInResponse(route, await casAnswerOf(route, ticket, casServiceUrl(request, target)), target);
  } catch (error) {
    if (error instanceof SignInRefused) return { error: error.message, retry: casLoginUrl(route, target) };
    if (error instanceof BackendError) return { error: error.failure.message, retry: casLoginUrl(route, target) };
    throw error;
  }
}

export default function CasLogin({ loaderData }: Route.ComponentProps) {
  return <ThirdLoginProblem message={loaderData.error} retry={loaderData.retry} />;
}
