// Sign-in: a real form that posts username and password to /user/login, so it works before
// JavaScript loads; with JavaScript the same zod schema checks it first (spec/app-shell.md §5).
import { useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import { ErrorAlert, SubmitButton, SvgIcon, TextField } from "~/components/light-form";
import type { Route } from "./+types/login";
import { fieldErrors, loginFormSchema } from "#contract/auth";
import { getSignedIn, loginFormDataSchema, safeRedirect, signIn } from "~/services/auth.server";
import { BackendError } from "~/services/api.server";
import { HOME_PATH, PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `登录 - ${PLATFORM_NAME}` }];

export async function loader({ request }: Route.LoaderArgs) {
  // A signed-in visit to the login page goes home (spec/app-shell.md §2).
  if (await getSignedIn(request)) throw redirect(HOME_PATH);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const form = loginFormDataSchema.parse(Object.fromEntries(await request.formData()));
  const checked = loginFormSchema.safeParse(form);
  if (!checked.success) return data({ fieldErrors: fieldErrors(checked.error), formError: null }, { status: 400 });
  try {
    return await signIn(request, checked.data, safeRedirect(form.redirect));
  } catch (error) {
    if (error instanceof BackendError)
      return data({ fieldErrors: {} as Record<string, string>, formError: error.message }, { status: 401 });
    throw error;
  }
}

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

export default function LoginPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? actionData?.fieldErrors ?? {};
  const submitting = navigation.state === "submitting";

  return (
    <Form
      method="post"
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
      <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
      {actionData?.formError && !clientErrors ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      <TextField
        name="username"
        autoComplete="username"
        placeholder="请输入帐户名"
        aria-label="用户名"
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
      <SubmitButton loading={submitting}>确定</SubmitButton>
    </Form>
  );
}
