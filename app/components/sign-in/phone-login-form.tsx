// 手机号登录 (issue #17 part 1): the phone, 获取验证码, the code, 登录 — a plain form posting to the
// login route's action, so it works before JavaScript loads; with JavaScript the same zod schemas
// check it first.
import { useState } from "react";
import { Form } from "react-router";
import { fieldErrors } from "#contract/auth";
import { phoneLoginFormSchema, smsRequestFormSchema } from "#contract/phone-auth";
import { ErrorAlert, SubmitButton } from "~/components/widgets/light-form";
import { MobileField, NoticeAlert, SMS_INTENT, SmsCodeField, submitIntent, submitOnEnter } from "./sms-code-fields";

export const PHONE_LOGIN_INTENT = "phone";

export interface PhoneLoginAnswer {
  fieldErrors: Record<string, string>;
  formError: string | null;
  notice: string | null;
  values: Record<string, string>;
}

export function PhoneLoginForm({
  action,
  answer,
  submitting,
  redirectTo,
}: {
  action: string;
  answer: PhoneLoginAnswer | null;
  submitting: boolean;
  redirectTo: string;
}) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? answer?.fieldErrors ?? {};
  return (
    <Form
      method="post"
      action={action}
      replace
      noValidate
      aria-label="手机号登录"
      onKeyDown={submitOnEnter}
      onSubmit={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget));
        const schema = submitIntent(event) === SMS_INTENT ? smsRequestFormSchema : phoneLoginFormSchema;
        const checked = schema.safeParse(values);
        if (!checked.success) {
          event.preventDefault();
          setClientErrors(fieldErrors(checked.error));
        } else setClientErrors(null);
      }}
    >
      <input type="hidden" name="tab" value="phone" />
      <input type="hidden" name="redirect" value={redirectTo} />
      {answer?.formError && !clientErrors ? <ErrorAlert>{answer.formError}</ErrorAlert> : null}
      {answer?.notice && !clientErrors ? <NoticeAlert>{answer.notice}</NoticeAlert> : null}
      <MobileField defaultValue={answer?.values.mobile ?? ""} error={errors.mobile} />
      <SmsCodeField name="captcha" error={errors.captcha} />
      <input type="hidden" name="intent" value={PHONE_LOGIN_INTENT} />
      <SubmitButton loading={submitting}>确定</SubmitButton>
    </Form>
  );
}
