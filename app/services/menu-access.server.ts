// The guard of every menu page: signed in, permissions loaded, and the path granted by the
// user's server menu. A known page that is not granted answers 403; an unknown path 404.
import { data } from "react-router";
import type { MenuNode, PermissionAnswer } from "#contract/permission";
import { canonicalComponent, catalogueComponentOf, isKnownPagePath } from "~/pages";
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
  // A page of ours that the menu grants under another path (a JeecgBoot menu names its component
  // with the original's name, app/pages.ts COMPONENT_ALIASES): granted by its component.
  if (trail.length === 0) trail.push(...componentTrail(permissions.menu, catalogueComponentOf(path)));
  const node = trail[trail.length - 1];
  // route '0' entries are not registered as routes (spec §2), so they cannot be opened either.
  if (!node || node.route === "0") {
    if (isKnownPagePath(path)) throw data(null, { status: 403 });
    throw data(null, { status: 404 });
  }
  return { signedIn, permissions, node, trail };
}

function componentTrail(nodes: MenuNode[], component: string | undefined): MenuNode[] {
  if (!component) return [];
  for (const node of nodes) {
    if (node.route !== "0" && canonicalComponent(node.component) === component) return [node];
    const inner = componentTrail(node.children ?? [], component);
    if (inner.length > 0) return [node, ...inner];
  }
  return [];
}
