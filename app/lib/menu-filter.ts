// docs/spec/app-shell.md §2: "A route with meta.permission is shown only if the user's permission list
// matches" — an entry listing permission codes stays when the user may use one of them.
import type { AuthEntry, MenuNode } from "#contract/permission";
import { isButtonVisible } from "./permissions";

export function filterMenuByPermission(nodes: MenuNode[], auth: AuthEntry[], allAuth: AuthEntry[]): MenuNode[] {
  return nodes
    .filter((node) => !node.meta.permission?.length || node.meta.permission.some((code) => isButtonVisible(code, auth, allAuth)))
    .map((node) => (node.children ? { ...node, children: filterMenuByPermission(node.children, auth, allAuth) } : node));
}
