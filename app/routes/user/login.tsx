// Sign-in: a real form that posts username and password to /user/login, so it works before
// JavaScript loads; with JavaScript the same zod schema checks it first (docs/spec/app-shell.md §5).
// After 3 failures the backend wants a captcha: the form then shows its picture, a refresh link and
// the input, all working without JavaScript (issue #10, docs/decisions/010-sign-in-guard.md).
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import SafetyOutlined from "@ant-design/icons-svg/es/asn/SafetyOutlined";
import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import { ErrorAlert, SubmitButton, SvgIcon, TextField } from "~/components/widgets/light-form";
import type { Route } from "./+types/login";
import { fieldErrors, loginFormSchema } from "#contract/auth";
import { clientOf, getSignedIn, loginFormDataSchema, safeRedirect, signIn, SignInRefused } from "~/services/auth.server";
import { newCaptcha, type Captcha } from "~/services/captcha.server";
import { BackendError } from "~/services/api.server";
import { HOME_PATH, LOGIN_PATH, PLATFORM_NAME } from "~/config";
import { fieldErrors as phoneFieldErrors } from "#contract/auth";
import { phoneLoginFormSchema, SmsMode, smsRequestFormSchema } from "#contract/phone-auth";
import { LoginTabs, loginTabOf } from "~/components/sign-in/login-tabs";
import { PhoneLoginForm, type PhoneLoginAnswer } from "~/components/sign-in/phone-login-form";
import { asksForCode } from "~/components/sign-in/sms-code-fields";
import { phoneSignIn } from "~/services/auth.server";
import { registrationOpen, requestSmsCode } from "~/services/phone-auth.server";
import { casLoginUrl, casUrl, thirdProviders } from "~/services/third-login.server";
import { ThirdPartyButtons } from "~/components/user/third-party-buttons";
import type { RouteArgs } from "~/services/app-context.server";

export const meta: Route.MetaFunction = () => [{ title: `登录 - ${PLATFORM_NAME}` }];

export async function loader(route: Route.LoaderArgs) {
  const { request, context } = route;
  // A signed-in visit to the login page goes home (docs/spec/app-shell.md §2).
  if (await getSignedIn(route)) throw redirect(HOME_PATH);
  const url = new URL(request.url);
  // With CAS the login is CAS's; `?local=1` keeps the password form (docs/decisions/052).
  if (casUrl(context) && !url.searchParams.has("local")) throw redirect(casLoginUrl(route, url.searchParams.get("redirect") ?? ""));
  // `?captcha=1`: the refresh link (or a form that needs one) asks for a new picture.
  const [captcha, canRegister, providers] = await Promise.all([
    url.searchParams.get("captcha") === "1" ? newCaptcha(context, clientOf(request)) : null,
    registrationOpen(route),
    thirdProviders(route),
  ]);
  return { captcha, canRegister, providers };
}

type ActionAnswer = { fieldErrors: Record<string, string>; formError: string | null; username: string; captcha: Captcha | null };

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const formData = await request.formData();
  if (formData.get("tab") === "phone") return phoneAction(route, formData);
  const form = loginFormDataSchema.parse(Object.fromEntries(formData));
  const answer = (status: number, fields: Partial<ActionAnswer>, captchaRequired = Boolean(form.checkKey)) =>
    newCaptchaIf(route, captchaRequired).then((captcha) =>
      data<ActionAnswer>({ fieldErrors: {}, formError: null, username: form.username, captcha, ...fields }, { status }),
    );
  const checked = loginFormSchema.safeParse(form);
  if (!checked.success) return answer(400, { fieldErrors: fieldErrors(checked.error) });
  try {
    return await signIn(route, { ...checked.data, captcha: form.captcha, checkKey: form.checkKey }, safeRedirect(form.redirect));
  } catch (error) {
    if (error instanceof SignInRefused) return answer(401, { formError: error.message }, error.captchaRequired);
    if (error instanceof BackendError) return answer(401, { formError: error.message });
    throw error;
  }
}

/** 手机号登录 (issue #17 part 1): 获取验证码 sends the code; 确定 signs in with it. */
async function phoneAction(route: RouteArgs, formData: FormData) {
  const mobile = String(formData.get("mobile") ?? "").trim();
  const answer = (status: number, fields: Partial<PhoneLoginAnswer>) =>
    data({ tab: "phone" as const, fieldErrors: {}, formError: null, notice: null, values: { mobile }, ...fields }, { status });
  if (asksForCode(formData)) {
    const checked = smsRequestFormSchema.safeParse({ mobile });
    if (!checked.success) return answer(400, { fieldErrors: phoneFieldErrors(checked.error) });
    const sent = await requestSmsCode(route, mobile, SmsMode.login);
    return sent.ok ? answer(200, { notice: sent.message }) : answer(400, { formError: sent.message });
  }
  const checked = phoneLoginFormSchema.safeParse({ mobile, captcha: formData.get("captcha") ?? "" });
  if (!checked.success) return answer(400, { fieldErrors: phoneFieldErrors(checked.error) });
  try {
    return await phoneSignIn(route, checked.data, safeRedirect(String(formData.get("redirect") ?? "")));
  } catch (error) {
    if (error instanceof SignInRefused || error instanceof BackendError) return answer(401, { formError: error.message });
    throw error;
  }
}

function newCaptchaIf(route: RouteArgs, required: boolean): Promise<Captcha | null> {
  const { request, context } = route;
  return required ? newCaptcha(context, clientOf(request)) : Promise.resolve(null);
}

// A submission answers its own captcha; only a navigation (the refresh link) loads a new one.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

export default function LoginPage({ actionData, loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const tab = loginTabOf(searchParams.get("tab"));
  const submitting = navigation.state === "submitting";
  const redirectTo = searchParams.get("redirect") ?? "";
  const formAction = `${LOGIN_PATH}?${new URLSearchParams({ ...(tab === "account" ? {} : { tab }), ...(redirectTo ? { redirect: redirectTo } : {}) })}`;
  return (
    <div className="login-page">
      <LoginTabs current={tab} search={searchParams} />
      {tab === "phone" ? (
        <PhoneLoginForm
          action={formAction}
          answer={actionData && "tab" in actionData ? actionData : null}
          submitting={submitting}
          redirectTo={redirectTo}
        />
      ) : (
        <PasswordLoginForm actionData={actionData && !("tab" in actionData) ? actionData : undefined} loaderData={loaderData} />
      )}
      <div className="login-links">
        <Link to="/user/alteration">忘记密码</Link>
        {loaderData.canRegister ? <Link to="/user/register">注册账户</Link> : null}
      </div>
      <ThirdPartyButtons providers={loaderData.providers} redirect={redirectTo} />
    </div>
  );
}

function PasswordLoginForm({ actionData, loaderData }: { actionData: ActionAnswer | undefined; loaderData: { captcha: Captcha | null } }) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const submitting = navigation.state === "submitting";
  const captcha = actionData ? actionData.captcha : loaderData.captcha;
  const username = actionData?.username ?? searchParams.get("username") ?? "";
  const redirectTo = searchParams.get("redirect") ?? "";
  const refresh = new URLSearchParams({ captcha: "1", ...(username ? { username } : {}), ...(redirectTo ? { redirect: redirectTo } : {}) });

  return (
    <Form
      method="post"
      action={redirectTo ? `${LOGIN_PATH}?${new URLSearchParams({ redirect: redirectTo })}` : LOGIN_PATH}
      replace
      noValidate
      aria-label="账户密码登录"
      onSubmit={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget));
        const checked = loginFormSchema.safeParse(values);
        if (!checked.success) {
          event.preventDefault();
          setClientErrors(fieldErrors(checked.error));
        } else setClientErrors(null);
      }}
    >
      <input type="hidden" name="redirect" value={redirectTo} />
      {actionData?.formError && !clientErrors ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      <TextField
        key={`username-${username}`}
        name="username"
        autoComplete="username"
        placeholder="请输入帐户名"
        aria-label="用户名"
        defaultValue={username}
        error={errors.username}
        prefix={<SvgIcon icon={UserOutlined} label="user" style={PREFIX_STYLE} />}
      />
      <TextField
        name="password"
        password
        autoComplete="current-password"
        placeholder="请输入密码"
        aria-label="密码"
        error={errors.password}
        prefix={<SvgIcon icon={LockOutlined} label="lock" style={PREFIX_STYLE} />}
      />
      {captcha ? (
        <div className="login-captcha">
          <input type="hidden" name="checkKey" value={captcha.key} />
          <TextField
            key={captcha.key}
            name="captcha"
            autoComplete="off"
            placeholder="请输入验证码"
            aria-label="验证码"
            maxLength={4}
            prefix={<SvgIcon icon={SafetyOutlined} label="safety" style={PREFIX_STYLE} />}
          />
          {captcha.image ? (
            <img className="login-captcha__image" src={captcha.image} width={105} height={35} alt="验证码" />
          ) : (
            <span className="login-captcha__refusal" role="alert">
              {captcha.refusal}
            </span>
          )}
          <a className="login-captcha__refresh" href={`${LOGIN_PATH}?${refresh}`}>
            看不清？换一张
          </a>
        </div>
      ) : null}
      <SubmitButton loading={submitting}>确定</SubmitButton>
    </Form>
  );
}
