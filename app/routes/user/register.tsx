// 注册 (issue #17 part 6; docs/spec/app-shell.md §2, §5; docs/decisions/050): the phone and its
// code, a username (letters, digits, _; the rule's 4 to 18 characters with the spec's message
// 长度6到18个字符), a password of the policy twice, an optional e-mail. A plain form posting to this
// route's action (获取验证码 is one of its submit buttons), so it works without JavaScript; open
// only when the installation allows self-registration (SELF_REGISTRATION=open).
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import MailOutlined from "@ant-design/icons-svg/es/asn/MailOutlined";
import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import type { Route } from "./+types/register";
import { fieldErrors } from "#contract/auth";
import { Messages } from "#contract/messages";
import { PhoneTexts, registerFormSchema, SmsMode, smsRequestFormSchema } from "#contract/phone-auth";
import { ErrorAlert, SubmitButton, SvgIcon, TextField } from "~/components/widgets/light-form";
import { asksForCode, MobileField, NoticeAlert, SMS_INTENT, SmsCodeField, submitIntent, submitOnEnter } from "~/components/sign-in/sms-code-fields";
import { anonymousCall, phoneAnswer, registrationOpen, requestSmsCode, type PhoneFormAnswer } from "~/services/phone-auth.server";
import { getSignedIn } from "~/services/auth.server";
import { HOME_PATH, LOGIN_PATH, PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `注册 - ${PLATFORM_NAME}` }];

export async function loader(route: Route.LoaderArgs) {
  if (await getSignedIn(route)) throw redirect(HOME_PATH);
  return { open: await registrationOpen(route) };
}

const KEPT = ["mobile", "username", "email"] as const;

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const form = await request.formData();
  const values = Object.fromEntries(KEPT.map((name) => [name, String(form.get(name) ?? "").trim()]));
  const answer = (status: number, fields: Partial<PhoneFormAnswer>) => data(phoneAnswer(values, fields), { status });
  if (asksForCode(form)) {
    const checked = smsRequestFormSchema.safeParse(values);
    if (!checked.success) return answer(400, { fieldErrors: fieldErrors(checked.error) });
    const sent = await requestSmsCode(route, checked.data.mobile, SmsMode.register);
    return sent.ok ? answer(200, { notice: sent.message }) : answer(400, { formError: sent.message });
  }
  const checked = registerFormSchema.safeParse(Object.fromEntries(form));
  if (!checked.success) return answer(400, { fieldErrors: fieldErrors(checked.error) });
  const { mobile, ...rest } = checked.data;
  const envelope = await anonymousCall(route, "/sys/user/register", { ...rest, phone: mobile });
  if (!envelope.success) return answer(400, { formError: envelope.message.trim() });
  return redirect(`/user/register-result?${new URLSearchParams({ username: checked.data.username })}`);
}

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  const lock = <SvgIcon icon={LockOutlined} label="lock" style={PREFIX_STYLE} />;
  if (!loaderData.open)
    return (
      <div className="user-register">
        <h2 className="password-change__title">注册</h2>
        <ErrorAlert>{PhoneTexts.registrationClosed}</ErrorAlert>
        <Link to={LOGIN_PATH}>使用已有账户登录</Link>
      </div>
    );
  return (
    <Form
      method="post"
      replace
      noValidate
      aria-label="注册"
      className="user-register"
      onKeyDown={submitOnEnter}
      onSubmit={(event) => {
        const entries = Object.fromEntries(new FormData(event.currentTarget));
        const checked = (submitIntent(event) === SMS_INTENT ? smsRequestFormSchema : registerFormSchema).safeParse(entries);
        if (!checked.success) {
          event.preventDefault();
          setClientErrors(fieldErrors(checked.error));
        } else setClientErrors(null);
      }}
    >
      <h2 className="password-change__title">注册</h2>
      {actionData?.formError && !clientErrors ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      {actionData?.notice && !clientErrors ? <NoticeAlert>{actionData.notice}</NoticeAlert> : null}
      <MobileField defaultValue={values.mobile ?? ""} error={errors.mobile} />
      <SmsCodeField name="smscode" error={errors.smscode} />
      <TextField
        key={`username-${values.username ?? ""}`}
        name="username"
        autoComplete="username"
        placeholder="用户名"
        aria-label="用户名"
        maxLength={18}
        defaultValue={values.username ?? ""}
        error={errors.username}
        prefix={<SvgIcon icon={UserOutlined} label="user" style={PREFIX_STYLE} />}
      />
      <TextField name="password" password autoComplete="new-password" placeholder="密码" aria-label="密码" error={errors.password} prefix={lock} />
      <TextField
        name="confirmpassword"
        password
        autoComplete="new-password"
        placeholder="确认密码"
        aria-label="确认密码"
        error={errors.confirmpassword}
        prefix={lock}
      />
      <TextField
        key={`email-${values.email ?? ""}`}
        name="email"
        type="email"
        autoComplete="email"
        placeholder="邮箱（选填）"
        aria-label="邮箱"
        defaultValue={values.email ?? ""}
        error={errors.email}
        prefix={<SvgIcon icon={MailOutlined} label="mail" style={PREFIX_STYLE} />}
      />
      <p className="password-change__hint">{Messages.passwordPolicy}</p>
      <input type="hidden" name="intent" value="register" />
      <SubmitButton loading={submitting}>注册</SubmitButton>
      <Link to={LOGIN_PATH}>使用已有账户登录</Link>
    </Form>
  );
}
