// The code of the pages a person is likely to open next, fetched in idle time (issue #35 item 3,
// docs/decisions/173): each page's route modules and their static imports, as React Router's
// manifest lists them, become `<link rel="modulepreload">`s, so that the click waits only for the
// page's data. Nothing is fetched for data (no loader runs), and nothing on the sign-in's path.
import { matchRoutes, type RouteObject } from "react-router";
import { whenIdle } from "./when-idle";

/** What this needs of an entry of React Router's browser manifest (`window.__reactRouterManifest.routes`). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
}

declare global {
  interface Window {
    __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> };
  }
}

/**
 * The modules (route modules, then their imports, no repeats) of the routes matching `pathname`, or
 * null when the manifest does not know the page yet (React Router discovers routes lazily: a link's
 * route is added once the link has rendered).
 */
export function pageModules(routes: Record<string, ManifestRoute | undefined>, pathname: string): string[] | null {
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route): RouteObject =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const matches = matchRoutes(tree(undefined), pathname);
  // The layout's splat answers any address: only a page route of its own counts as known.
  if (!matches || matches.at(-1)?.route.path === "*") return null;
  const modules = new Set<string>();
  for (const { route } of matches) {
    const entry = route.id ? routes[route.id] : undefined;
    if (!entry) continue;
    modules.add(entry.module);
    for (const file of entry.imports ?? []) modules.add(file);
  }
  return [...modules];
}

/** Adds a modulepreload for each module of each page the document has not asked for yet; answers the pages still unknown. */
export function prefetchPageModules(addresses: readonly string[]): string[] {
  const routes = window.__reactRouterManifest?.routes;
  if (!routes) return [...addresses];
  const unknown: string[] = [];
  const asked = new Set([...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")].map((link) => link.getAttribute("href")));
  for (const address of new Set(addresses.map((value) => new URL(value, window.location.href).pathname))) {
    const modules = pageModules(routes, address);
    if (!modules) {
      unknown.push(address);
      continue;
    }
    for (const href of modules) {
      if (asked.has(href)) continue;
      asked.add(href);
      const link = document.createElement("link");
      link.rel = "modulepreload";
      // Low: when a connection frees up, the page's own requests (the notice stream, a click's data) go first.
      link.fetchPriority = "low";
      link.href = href;
      document.head.appendChild(link);
    }
  }
  return unknown;
}

/** How long after the page is shown the prefetch waits before its idle callback: the page's notice stream connects first. */
const PREFETCH_DELAY_MS = 2_500;

/**
 * `prefetchPageModules` once the page has settled (PREFETCH_DELAY_MS, then an idle moment): a
 * burst of prefetches right at hydration took the browser's few connections to the server while
 * the notice stream was connecting, and the bell loaded its list twice. The pages whose routes
 * React Router has not discovered yet get one more try a second later. Answers the cancel, for an
 * effect's clean-up.
 */
export function prefetchPagesWhenIdle(addresses: readonly string[]): () => void {
  const retryUnknown = (unknown: string[]) => {
    if (unknown.length === 0) return;
    const timer = window.setTimeout(() => (cancel = whenIdle(() => void prefetchPageModules(unknown))), 1000);
    cancel = () => window.clearTimeout(timer);
  };
  const timer = window.setTimeout(() => (cancel = whenIdle(() => retryUnknown(prefetchPageModules(addresses)))), PREFETCH_DELAY_MS);
  let cancel = () => window.clearTimeout(timer);
  return () => cancel();
}
