// The current user's departments and the switch between them (docs/spec/app-shell.md §2 Dialogs, §7).
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-departs";
import { requireSignedIn } from "~/services/auth.server";
import { failureData } from "~/services/route-errors.server";

const departsSchema = z.object({
  list: z.array(z.object({ id: z.string(), orgCode: z.string(), departName: z.string() }).passthrough()),
  orgCode: z.string().nullish(),
});

export async function loader(route: Route.LoaderArgs) {
  const { request } = route;
  const signedIn = await requireSignedIn(route);
  try {
    const { result } = await signedIn.api.get("/sys/user/getCurrentUserDeparts", departsSchema);
    return {
      ok: true as const,
      departs: result.list.map((depart) => ({ id: depart.id, orgCode: depart.orgCode, departName: depart.departName })),
      current: result.orgCode ?? null,
    };
  } catch (error) {
    return failureData(error);
  }
}

export async function action(route: Route.ActionArgs) {
  const { request } = route;
  const signedIn = await requireSignedIn(route);
  const orgCode = String((await request.formData()).get("orgCode") ?? "");
  if (!orgCode) return data({ ok: false as const, fieldError: "请选择部门" }, { status: 400 });
  try {
    await signedIn.api.put("/sys/selectDepart", z.unknown(), { orgCode, username: signedIn.user.username });
    return { ok: true as const, message: "部门切换成功" };
  } catch (error) {
    return failureData(error);
  }
}
