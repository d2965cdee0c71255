// Logout: POST only (a link cannot sign anyone out); the backend call may fail and is ignored.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/services/auth.server";
import { getSession } from "~/services/session.server";
import { LOGIN_PATH } from "~/config";
import { casLogoutUrl, casUrl } from "~/services/third-login.server";

export async function action({ request }: Route.ActionArgs) {
  // With CAS, sign out of CAS too, which comes back to the login page (docs/decisions/052).
  return endSession(request, await getSession(request), casUrl() ? casLogoutUrl(request) : LOGIN_PATH);
}

export function loader() {
  return redirect(LOGIN_PATH);
}
