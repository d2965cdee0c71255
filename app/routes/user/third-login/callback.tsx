// /user/third-login/:type/callback: the provider sends the browser back here with `code` and
// `state`. The state must be this browser's (the flow cookie); the backend then spends it, checks
// the provider's answer and says what follows: a sign-in, the bind page, or a bind done (绑定).
import { redirect } from "react-router";
import type { Route } from "./+types/callback";
import { ThirdLoginMessages } from "#contract/third-login";
import { getSignedIn, signedInResponse, SignInRefused } from "~/services/auth.server";
import { BackendError, dropFlow, keepFlow, loginAnswerOf, readFlows, thirdCallback } from "~/services/third-login.server";
import { ThirdLoginProblem } from "~/components/user/third-party-buttons";
import { PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `第三方登录 - ${PLATFORM_NAME}` }];

export const BINDINGS_PATH = "/account/bindings";

export async function loader(route: Route.LoaderArgs) {
  const { request, params } = route;
  const url = new URL(request.url);
  const state = url.searchParams.get("state") ?? "";
  // This callback's own flow, by its state; the browser's other flows stay under way.
  const flow = (await readFlows(route)).find((candidate) => Boolean(candidate.state) && candidate.state === state && candidate.type === params.type);
  const problem = (message: string, headers: HeadersInit = {}) => Response.json({ error: message, retry: flow?.bind ? BINDINGS_PATH : "/user/login" }, { headers });
  if (!flow) return problem(ThirdLoginMessages.stateInvalid);
  const cleared = { "Set-Cookie": await dropFlow(route, flow) };
  if (url.searchParams.get("error") || !url.searchParams.get("code")) return problem(ThirdLoginMessages.providerFailed, cleared);
  try {
    const signedIn = flow.bind ? await getSignedIn(route) : null;
    const answer = await thirdCallback(route, params.type, url.searchParams.get("code")!, state, signedIn);
    if (answer.bound) return redirect(`${BINDINGS_PATH}?bound=${encodeURIComponent(params.type)}`, { headers: cleared });
    if (answer.bindToken) {
      const pending = await keepFlow(route, { ...flow, state: "", bindToken: answer.bindToken, realname: answer.realname ?? null, startedAt: Date.now() });
      return redirect(`/user/third-login/${encodeURIComponent(params.type)}/bind`, { headers: { "Set-Cookie": pending } });
    }
    const response = await signedInResponse(route, await loginAnswerOf(route, answer.token ?? "", params.type), flow.redirect);
    response.headers.append("Set-Cookie", cleared["Set-Cookie"]);
    return response;
  } catch (error) {
    if (error instanceof BackendError) return problem(error.failure.message, cleared);
    if (error instanceof SignInRefused) return problem(error.message, cleared);
    throw error;
  }
}

export default function ThirdLoginCallback({ loaderData }: Route.ComponentProps) {
  const answer = loaderData as { error: string; retry: string };
  return <ThirdLoginProblem message={answer.error} retry={answer.retry} />;
}
