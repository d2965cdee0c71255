// Logout: POST only (a link cannot sign anyone out); the backend call may fail and is ignored.
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/services/auth.server";
import { getSession } from "~/services/session.server";
import { LOGIN_PATH } from "~/config";

export async function action({ request }: Route.ActionArgs) {
  return endSession(request, await getSession(request));
}

export function loader() {
  return redirect(LOGIN_PATH);
}
