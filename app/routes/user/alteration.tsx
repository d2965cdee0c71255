// 账户找回 / 修改密码, the four-step alteration wizard (issue #17 part 6; docs/spec/app-shell.md §2):
// 1 the phone (a code is sent), 2 the code (/sys/user/phoneVerification), 3 the new password
// (/sys/user/passwordChange, the code spent), 4 done. Plain forms posting to this route's action;
// the wizard's state (the phone, then its proven code) lives in the signed session cookie, so it
// works without JavaScript (docs/decisions/050).
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import type { Route } from "./+types/alteration";
import { fieldErrors } from "#contract/auth";
import { Messages } from "#contract/messages";
import { alterationPasswordFormSchema, alterationVerifyFormSchema, PhoneTexts, SmsMode, smsRequestFormSchema } from "#contract/phone-auth";
import { ErrorAlert, SubmitButton, SvgIcon, TextField } from "~/components/widgets/light-form";
import { asksForCode, MobileField, NoticeAlert, SMS_INTENT, SmsCodeField, submitIntent, submitOnEnter } from "~/components/sign-in/sms-code-fields";
import { anonymousCall, phoneAnswer, requestSmsCode, type PhoneFormAnswer } from "~/services/phone-auth.server";
import { commitSession, getSession } from "~/services/session.server";
import { LOGIN_PATH, PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `找回密码 - ${PLATFORM_NAME}` }];

const STEPS = ["填写手机号", "验证手机", "更改密码", "完成"] as const;
const PATH = "/user/alteration";

/** The step shown: asked for by `?step=`, but only as far as the session's state allows. */
function stepOf(request: Request, state: { mobile: string; smscode?: string } | undefined): 1 | 2 | 3 | 4 {
  const asked = Number(new URL(request.url).searchParams.get("step") ?? 1);
  if (asked === 4) return 4;
  if (asked === 3 && state?.smscode) return 3;
  if (asked === 2 && state?.mobile) return 2;
  return 1;
}

export async function loader(route: Route.LoaderArgs) {
  const { request } = route;
  const session = await getSession(route);
  const state = session.get("alteration");
  return { step: stepOf(request, state), mobile: state?.mobile ?? "", username: state?.username ?? "" };
}

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const session = await getSession(route);
  const state = session.get("alteration");
  const step = stepOf(request, state);
  const form = await request.formData();
  const mobile = step === 1 ? String(form.get("mobile") ?? "").trim() : (state?.mobile ?? "");
  const answer = (status: number, fields: Partial<PhoneFormAnswer>) => data(phoneAnswer({ mobile }, fields), { status });
  const go = async (to: number) => redirect(`${PATH}?step=${to}`, { headers: { "Set-Cookie": await commitSession(route, session) } });

  if (step === 1 || (step === 2 && asksForCode(form))) {
    const checked = smsRequestFormSchema.safeParse({ mobile });
    if (!checked.success) return answer(400, { fieldErrors: fieldErrors(checked.error) });
    const sent = await requestSmsCode(route, mobile, SmsMode.forgot);
    // A code still valid from a minute ago is fine for the next step.
    if (!sent.ok && sent.message !== PhoneTexts.codeStillValid) return answer(400, { formError: sent.message });
    if (step === 2) return answer(200, sent.ok ? { notice: sent.message } : { formError: sent.message });
    session.set("alteration", { mobile });
    return go(2);
  }
  if (step === 2) {
    const checked = alterationVerifyFormSchema.safeParse({ mobile, smscode: form.get("smscode") ?? "" });
    if (!checked.success) return answer(400, { fieldErrors: fieldErrors(checked.error) });
    const envelope = await anonymousCall(route, "/sys/user/phoneVerification", { phone: mobile, smscode: checked.data.smscode });
    if (!envelope.success) return answer(400, { formError: envelope.message });
    const username = (envelope.result as { username?: unknown } | null)?.username;
    session.set("alteration", { mobile, smscode: checked.data.smscode, username: typeof username === "string" ? username : "" });
    return go(3);
  }
  if (step === 3) {
    const checked = alterationPasswordFormSchema.safeParse(Object.fromEntries(form));
    if (!checked.success) return answer(400, { fieldErrors: fieldErrors(checked.error) });
    const envelope = await anonymousCall(route, "/sys/user/passwordChange", {
      phone: mobile,
      smscode: state?.smscode ?? "",
      username: state?.username ?? "",
      password: checked.data.password,
    });
    if (!envelope.success) return answer(400, { formError: envelope.message });
    session.unset("alteration");
    return go(4);
  }
  return redirect(LOGIN_PATH);
}

// A submission answers its own step; only a navigation loads the step again.
export function shouldRevalidate({ formMethod, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && actionStatus && actionStatus >= 400 ? false : defaultShouldRevalidate;
}

function Steps({ current }: { current: number }) {
  return (
    <ol className="alteration-steps" aria-label="步骤">
      {STEPS.map((title, index) => {
        const number = index + 1;
        const state = number < current ? "done" : number === current ? "current" : "todo";
        return (
          <li key={title} className={`alteration-steps__step alteration-steps__step--${state}`} aria-current={state === "current" ? "step" : undefined}>
            <span className="alteration-steps__number">{number}</span>
            <span>{title}</span>
          </li>
        );
      })}
    </ol>
  );
}

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

export default function AlterationPage({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const { step } = loaderData;
  const alerts = (
    <>
      {actionData?.formError && !clientErrors ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      {actionData?.notice && !clientErrors ? <NoticeAlert>{actionData.notice}</NoticeAlert> : null}
    </>
  );
  const schema = step === 1 ? smsRequestFormSchema : step === 2 ? alterationVerifyFormSchema : alterationPasswordFormSchema;
  const lock = <SvgIcon icon={LockOutlined} label="lock" style={PREFIX_STYLE} />;
  return (
    <div className="user-alteration">
      <h2 className="password-change__title">找回密码</h2>
      <Steps current={step} />
      {step === 4 ? (
        <div>
          <p className="password-change__hint">{PhoneTexts.passwordReset} 请使用新密码登录。</p>
          <Link to={LOGIN_PATH}>返回登录</Link>
        </div>
      ) : (
        <Form
          key={step}
          method="post"
          action={`${PATH}?step=${step}`}
          replace
          noValidate
          aria-label={STEPS[step - 1]}
          onKeyDown={submitOnEnter}
          onSubmit={(event) => {
            const values = { mobile: loaderData.mobile, ...Object.fromEntries(new FormData(event.currentTarget)) };
            const checked = (submitIntent(event) === SMS_INTENT ? smsRequestFormSchema : schema).safeParse(values);
            if (!checked.success) {
              event.preventDefault();
              setClientErrors(fieldErrors(checked.error));
            } else setClientErrors(null);
          }}
        >
          {alerts}
          {step === 1 ? <MobileField defaultValue={actionData?.values.mobile ?? ""} error={errors.mobile} /> : null}
          {step === 2 ? (
            <>
              <p className="password-change__hint">验证码已发送至 {loaderData.mobile}</p>
              <SmsCodeField name="smscode" error={errors.smscode} sendLabel="重新获取" />
            </>
          ) : null}
          {step === 3 ? (
            <>
              <p className="password-change__hint">
                {loaderData.username ? `账户：${loaderData.username}。` : ""}
                {Messages.passwordPolicy}
              </p>
              <TextField name="password" password autoComplete="new-password" placeholder="新密码" aria-label="新密码" error={errors.password} prefix={lock} />
              <TextField
                name="confirmpassword"
                password
                autoComplete="new-password"
                placeholder="确认新密码"
                aria-label="确认新密码"
                error={errors.confirmpassword}
                prefix={lock}
              />
            </>
          ) : null}
          <input type="hidden" name="intent" value="next" />
          <SubmitButton loading={submitting}>{step === 3 ? "提交" : "下一步"}</SubmitButton>
          <Link to={step === 1 ? LOGIN_PATH : PATH}>{step === 1 ? "返回登录" : "重新开始"}</Link>
        </Form>
      )}
    </div>
  );
}
