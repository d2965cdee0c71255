// Change password (docs/spec/app-shell.md §5, §7): the dialog's form posts here.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-password";
import { changePasswordFormSchema, fieldErrors } from "#contract/auth";
import { Messages } from "#contract/messages";
import { getSignedIn } from "~/services/auth.server";
import { failureData } from "~/services/route-errors.server";

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn?.user.username) return data({ ok: false as const, message: "当前系统无登录用户!", fieldErrors: {} }, { status: 401 });
  const form = Object.fromEntries(await request.formData());
  const checked = changePasswordFormSchema.safeParse(form);
  if (!checked.success) return data({ ok: false as const, fieldErrors: fieldErrors(checked.error) }, { status: 400 });
  try {
    const answer = await signedIn.api.put("/sys/user/updatePassword", z.unknown(), {
      username: signedIn.user.username,
      ...checked.data,
    });
    return { ok: true as const, message: answer.message || Messages.passwordChanged };
  } catch (error) {
    return failureData(error);
  }
}
