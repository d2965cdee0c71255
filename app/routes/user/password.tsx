// The forced password change (issue #10, docs/decisions/011-password-policy.md): an account whose
// password an import or an administrator chose lands here after signing in, and every other page
// sends it back here, until it chose its own. A plain form, like the login page.
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import type { Route } from "./+types/password";
import { changePasswordFormSchema, fieldErrors } from "#contract/auth";
import { Messages } from "#contract/messages";
import { ErrorAlert, SubmitButton, SvgIcon, TextField } from "~/components/widgets/light-form";
import { getSignedIn, openAppDocument, safeRedirect } from "~/services/auth.server";
import { BackendError } from "~/services/api.server";
import { commitSession } from "~/services/session.server";
import { LOGIN_PATH, PLATFORM_NAME } from "~/config";

export const meta: Route.MetaFunction = () => [{ title: `修改密码 - ${PLATFORM_NAME}` }];

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await getSignedIn(route);
  if (!signedIn) throw redirect(LOGIN_PATH);
  return { username: signedIn.user.username };
}

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn) throw redirect(LOGIN_PATH);
  const form = Object.fromEntries(await request.formData());
  const checked = changePasswordFormSchema.safeParse(form);
  if (!checked.success) return data({ fieldErrors: fieldErrors(checked.error), formError: null }, { status: 400 });
  try {
    await signedIn.api.put("/sys/user/updatePassword", z.unknown(), { username: signedIn.user.username, ...checked.data });
  } catch (error) {
    if (error instanceof BackendError) return data({ fieldErrors: {} as Record<string, string>, formError: error.message }, { status: 400 });
    throw error;
  }
  signedIn.session.unset("passwordChangeRequired");
  return openAppDocument(safeRedirect(typeof form.redirect === "string" ? form.redirect : null), {
    "Set-Cookie": await commitSession(route, signedIn.session),
  });
}

const PREFIX_STYLE = { color: "rgba(0,0,0,.25)" };

export default function PasswordChangePage({ actionData, loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const lock = <SvgIcon icon={LockOutlined} label="lock" style={PREFIX_STYLE} />;
  return (
    <Form method="post" replace noValidate aria-label="修改密码">
      <h2 className="password-change__title">修改密码</h2>
      <p className="password-change__hint">
        {loaderData.username}：{Messages.passwordChangeRequired}。{Messages.passwordPolicy}。
      </p>
      <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
      {actionData?.formError ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      <TextField name="oldpassword" password autoComplete="current-password" placeholder="旧密码" aria-label="旧密码" error={errors.oldpassword} prefix={lock} />
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
      <SubmitButton loading={submitting}>确定</SubmitButton>
    </Form>
  );
}
