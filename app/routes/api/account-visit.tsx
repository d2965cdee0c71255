// POST /api/account/visit: the page the user just opened, for 工作台's 常用页面 (best effort).
import { z } from "zod";
import type { Route } from "./+types/account-visit";
import { ACCOUNT_API, visitSchema } from "#contract/account";
import { getSignedIn } from "~/services/auth.server";

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const signedIn = await getSignedIn(route);
  if (!signedIn) return { ok: false as const };
  const checked = visitSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!checked.success) return { ok: false as const };
  try {
    await signedIn.api.post(ACCOUNT_API.visit, z.unknown(), checked.data);
    return { ok: true as const };
  } catch {
    return { ok: false as const };
  }
}
