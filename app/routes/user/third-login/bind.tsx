// /user/third-login/:type/bind: the first sign-in of a third-party identity. The user proves an
// account of ours with its name and password; the identity is bound to it and signed in, and the
// next time goes straight in. A plain form: works without JavaScript.
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/bind";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import { ThirdLoginMessages } from "#contract/third-login";
import { ErrorAlert, SubmitButton, SvgIcon, TextField } from "~/components/widgets/light-form";
import { signedInResponse, SignInRefused } from "~/services/auth.server";
import { BackendError, bindAnswerOf, dropFlow, readFlows, thirdProviders, type KeptFlow } from "~/services/third-login.server";
import { ThirdLoginProblem } from "~/components/user/third-party-buttons";
import { PLATFORM_NAME } from "~/config";
import type { RouteArgs } from "~/services/app-context.server";

export const meta: Route.MetaFunction = () => [{ title: `绑定账号 - ${PLATFORM_NAME}` }];

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

/** The browser's pending bind ticket for this provider (the newest). */
async function bindFlow(route: RouteArgs, type: string | undefined): Promise<KeptFlow | null> {
  return (await readFlows(route)).find((candidate) => Boolean(candidate.bindToken) && candidate.type === type) ?? null;
}

export async function loader(route: Route.LoaderArgs) {
  const { params } = route;
  const flow = await bindFlow(route, params.type);
  if (!flow?.bindToken) return { error: ThirdLoginMessages.ticketInvalid, provider: "", realname: null };
  const provider = (await thirdProviders(route)).find((candidate) => candidate.type === params.type);
  return { error: null, provider: provider?.name ?? params.type, realname: flow.realname ?? null };
}

export async function action(route: Route.ActionArgs) {
  const { request, params } = route;
  const flow = await bindFlow(route, params.type);
  const form = await request.formData();
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!flow?.bindToken) return data({ formError: ThirdLoginMessages.ticketInvalid, username }, { status: 400 });
  if (!username || !password) return data({ formError: "请输入帐户名和密码", username }, { status: 400 });
  try {
    const answer = await bindAnswerOf(route, { thirdType: params.type, bindToken: flow.bindToken, username, password });
    const response = await signedInResponse(route, answer, flow.redirect);
    response.headers.append("Set-Cookie", await dropFlow(route, flow));
    return response;
  } catch (error) {
    if (error instanceof SignInRefused || error instanceof BackendError) return data({ formError: error.message, username }, { status: 401 });
    throw error;
  }
}

export default function ThirdLoginBind({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (loaderData.error) return <ThirdLoginProblem message={loaderData.error} />;
  const who = loaderData.realname ? `（${loaderData.realname}）` : "";
  return (
    <Form method="post" replace noValidate aria-label="绑定账号">
      <h2 className="password-change__title">绑定账号</h2>
      <p className="third-login-bind__hint">
        首次使用{loaderData.provider}账号{who}登录，请输入本系统的帐户名和密码完成绑定，以后可直接登录。
      </p>
      {actionData?.formError ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      <TextField
        name="username"
        autoComplete="username"
        placeholder="请输入帐户名"
        aria-label="用户名"
        defaultValue={actionData?.username ?? ""}
        prefix={<SvgIcon icon={UserOutlined} label="user" style={PREFIX_STYLE} />}
      />
      <TextField
        name="password"
        password
        autoComplete="current-password"
        placeholder="请输入密码"
        aria-label="密码"
        prefix={<SvgIcon icon={LockOutlined} label="lock" style={PREFIX_STYLE} />}
      />
      <SubmitButton loading={navigation.state === "submitting"}>绑定并登录</SubmitButton>
    </Form>
  );
}
