// The 绑定 tab's data (issue #17 part 2): the configured providers with the signed-in account's
// bound identities (GET), and 解绑 (POST thirdType). Binding is a redirect to the provider
// (/user/third-login/:type?bind=1).
import { data } from "react-router";
import type { Route } from "./+types/account-third-bindings";
import { requireSignedIn } from "~/services/auth.server";
import { failureData } from "~/services/route-errors.server";
import { bindingsOf, unbind } from "~/services/third-login.server";

export async function loader(route: Route.LoaderArgs) {
  const signedIn = await requireSignedIn(route);
  try {
    return { ok: true as const, bindings: await bindingsOf(signedIn) };
  } catch (error) {
    return failureData(error);
  }
}

export async function action(route: Route.ActionArgs) {
  const signedIn = await requireSignedIn(route);
  const thirdType = String((await route.request.formData()).get("thirdType") ?? "");
  if (!thirdType) return data({ ok: false as const, fieldError: "thirdType" }, { status: 400 });
  try {
    return { ok: true as const, message: await unbind(signedIn, thirdType) };
  } catch (error) {
    return failureData(error);
  }
}
