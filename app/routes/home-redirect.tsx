import { redirect } from "react-router";
import { HOME_PATH } from "~/config";

// docs/spec/app-shell.md §2: "/" (named dashboard) redirects to the home page.
export function loader() {
  return redirect(HOME_PATH);
}
