// /user/third-login/:type/callback: the provider sends the browser back here with `code` and
// `state`. The state must be this browser's (the flow cookie); the backend then spends it, checks
// the provider's answer and says what follows: a sign-in, the bind page, or a bind done (绑定).
import { redirect } from "react-router";
import type { Route } from "./+types/callback";
import { ThirdLoginMessages } from "#contract/third-login";
import { getSignedIn, signedInResponse, SignInRefused } from "~/services/auth.server";
import { BackendError, clearFlow, loginAnswerOf, readFlow, thirdCallback, writeFlow } from "~/services/third-login.server";
import { ThirdLoginProblem } from "~/components/user/third-party-buttons";
import { PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `第三方登录 - ${PLATFORM_NAME}` }];

export const BINDINGS_PATH = "/account/bindings";

export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const flow = await readFlow(request);
  const cleared = { "Set-Cookie": await clearFlow(request) };
  const state = url.searchParams.get("state") ?? "";
  const problem = (message: string) => Response.json({ error: message, retry: flow?.bind ? BINDINGS_PATH : "/user/login" }, { headers: cleared });
  if (!flow || !flow.state || flow.state !== state || flow.type !== params.type) return problem(ThirdLoginMessages.stateInvalid);
  if (url.searchParams.get("error") || !url.searchParams.get("code")) return problem(ThirdLoginMessages.providerFailed);
  try {
    const signedIn = flow.bind ? await getSignedIn(request) : null;
    const answer = await thirdCallback(request, params.type, url.searchParams.get("code")!, state, signedIn);
    if (answer.bound) return redirect(`${BINDINGS_PATH}?bound=${encodeURIComponent(params.type)}`, { headers: cleared });
    if (answer.bindToken) {
      const pending = await writeFlow(request, { ...flow, state: "", bindToken: answer.bindToken, realname: answer.realname ?? null });
      return redirect(`/user/third-login/${encodeURIComponent(params.type)}/bind`, { headers: { "Set-Cookie": pending } });
    }
    const response = await signedInResponse(request, await loginAnswerOf(request, answer.token ?? "", params.type), flow.redirect);
    response.headers.append("Set-Cookie", cleared["Set-Cookie"]);
    return response;
  } catch (error) {
    if (error instanceof BackendError) return problem(error.failure.message);
    if (error instanceof SignInRefused) return problem(error.message);
    throw error;
  }
}

export default function ThirdLoginCallback({ loaderData }: Route.ComponentProps) {
  const answer = loaderData as { error: string; retry: string };
  return <ThirdLoginProblem message={answer.error} retry={answer.retry} />;
}
