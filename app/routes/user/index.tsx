import { redirect } from "react-router";
import { LOGIN_PATH } from "~/config";

// docs/spec/app-shell.md §2: /user redirects to /user/login.
export function loader() {
  return redirect(LOGIN_PATH);
}
