// Logout: POST only (a link cannot sign anyone out); the backend call may fail and is ignored.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/services/auth.server";
import { getSession } from "~/services/session.server";
import { LOGIN_PATH } from "~/config";
import { casLogoutUrl, casUrl } from "~/services/third-login.server";

export async function action(route: Route.ActionArgs) {
  const { context } = route;
  // With CAS, sign out of CAS too, which comes back to the login page (docs/decisions/052).
  return endSession(route, await getSession(route), casUrl(context) ? casLogoutUrl(route) : LOGIN_PATH);
}

export function loader() {
  return redirect(LOGIN_PATH);
}
