// The guard of every menu page: signed in, permissions loaded, and the path granted by the
// user's server menu. A known page that is not granted answers 403; an unknown path 404.
import { data } from "react-router";
import type { MenuNode, PermissionAnswer } from "#contract/permission";
import { isKnownPagePath } from "~/pages";
import { menuTrail } from "~/lib/menu-search";
import { requirePermissions, requireSignedIn, type RouteRequest, type SignedIn } from "./auth.server";

export interface MenuPageAccess {
  signedIn: SignedIn;
  permissions: PermissionAnswer;
  node: MenuNode;
  trail: MenuNode[];
}

export async function requireMenuPage(route: RouteRequest, path = route.url.pathname): Promise<MenuPageAccess> {
  const signedIn = await requireSignedIn(route);
  const permissions = await requirePermissions(route, signedIn);
  const trail = menuTrail(permissions.menu, path);
  const node = trail[trail.length - 1];
  // route '0' entries are not registered as routes (spec §2), so they cannot be opened either.
  if (!node || node.route === "0") {
    if (isKnownPagePath(path)) throw data(null, { status: 403 });
    throw data(null, { status: 404 });
  }
  return { signedIn, permissions, node, trail };
}
