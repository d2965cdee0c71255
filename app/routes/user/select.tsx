// The choice after sign-in (issue #17 part 5, docs/decisions/049): an account of several tenants
// chooses the school it works in (remembered for its next sign-ins, as JeecgBoot 3.4's
// login_tenant_id), and an account of several departments without a current one chooses its
// department — the original's dialog after login, here a plain form that works without JavaScript.
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/select";
import { ErrorAlert, SubmitButton } from "~/components/widgets/light-form";
import { getSignedIn, openAppDocument, safeRedirect } from "~/services/auth.server";
import { BackendError } from "~/services/api.server";
import { commitSession } from "~/services/session.server";
import { LOGIN_PATH, PLATFORM_NAME } from "~/config";
import type { RouteArgs } from "~/services/app-context.server";

export const meta: Route.MetaFunction = () => [{ title: `登录选择 - ${PLATFORM_NAME}` }];

const departsSchema = z.object({
  list: z.array(z.object({ orgCode: z.string(), departName: z.string() }).passthrough()),
  orgCode: z.string().nullish(),
});

async function choices(route: RouteArgs) {
  const signedIn = await getSignedIn(route);
  if (!signedIn) throw redirect(LOGIN_PATH);
  const { result } = await signedIn.api.get("/sys/user/getCurrentUserDeparts", departsSchema);
  return {
    signedIn,
    tenants: signedIn.session.get("tenantChoices") ?? [],
    tenantId: signedIn.user.tenantId,
    departs: result.list.map((depart) => ({ orgCode: depart.orgCode, departName: depart.departName })),
    orgCode: result.orgCode ?? null,
  };
}

export async function loader(route: Route.LoaderArgs) {
  const { request } = route;
  const { signedIn, ...shown } = await choices(route);
  if (!signedIn.session.get("choiceRequired")) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  return { ...shown, username: signedIn.user.username };
}

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const { signedIn, tenants, departs } = await choices(route);
  const form = await request.formData();
  const tenantId = Number(form.get("tenantId") ?? 0);
  const orgCode = String(form.get("orgCode") ?? "");
  const errors: Record<string, string> = {};
  if (tenants.length > 1 && !tenants.some((tenant) => tenant.id === tenantId)) errors.tenantId = "请选择登录租户";
  if (departs.length > 1 && !departs.some((depart) => depart.orgCode === orgCode)) errors.orgCode = "请选择登录部门";
  if (Object.keys(errors).length > 0) return data({ fieldErrors: errors, formError: null }, { status: 400 });
  try {
    await signedIn.api.put("/sys/selectDepart", z.unknown(), {
      username: signedIn.user.username,
      ...(departs.length > 1 ? { orgCode } : {}),
      ...(tenants.length > 1 ? { loginTenantId: tenantId } : {}),
    });
  } catch (error) {
    if (error instanceof BackendError) return data({ fieldErrors: {} as Record<string, string>, formError: error.message }, { status: 400 });
    throw error;
  }
  if (tenants.length > 1) signedIn.session.set("tenantId", tenantId);
  signedIn.session.unset("choiceRequired");
  signedIn.session.unset("tenantChoices");
  return openAppDocument(safeRedirect(form.get("redirect")), { "Set-Cookie": await commitSession(route, signedIn.session) });
}

function Choice({
  name,
  legend,
  options,
  current,
  error,
}: {
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  current: string | null;
  error?: string | undefined;
}) {
  return (
    <fieldset className="sign-in-choice" aria-describedby={error ? `${name}-help` : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="sign-in-choice__option">
          <input type="radio" name={name} value={option.value} defaultChecked={option.value === current} />
          <span>{option.label}</span>
        </label>
      ))}
      {error ? (
        <div id={`${name}-help`} className="sign-in-choice__error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

export default function SignInChoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <Form method="post" replace aria-label="登录选择">
      <h2 className="password-change__title">登录选择</h2>
      <p className="password-change__hint">{loaderData.username}，请选择本次登录的租户和部门。</p>
      <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
      {actionData?.formError ? <ErrorAlert>{actionData.formError}</ErrorAlert> : null}
      {loaderData.tenants.length > 1 ? (
        <Choice
          name="tenantId"
          legend="租户"
          options={loaderData.tenants.map((tenant) => ({ value: String(tenant.id), label: tenant.name }))}
          current={String(loaderData.tenantId)}
          error={errors.tenantId}
        />
      ) : null}
      {loaderData.departs.length > 1 ? (
        <Choice
          name="orgCode"
          legend="部门"
          options={loaderData.departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
          current={loaderData.orgCode}
          error={errors.orgCode}
        />
      ) : null}
      <SubmitButton loading={submitting}>确定</SubmitButton>
    </Form>
  );
}
