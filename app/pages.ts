// The catalogue of pages the product ships, by the component name the server menu gives
// (sys_permission.component) and the path our demo school's menu uses: contract/pages.ts PAGES, where
// each page's path is declared once. A path of this catalogue that the user's menu does not grant
// answers 403; any other unknown path answers 404.
import { COMPONENT_ALIASES, isComponentAlias, PAGES } from "#contract/pages";

export const PAGE_CATALOGUE: ReadonlyArray<readonly [component: string, path: string]> = Object.entries(PAGES);

/**
 * The online form and report components of JeecgBoot (docs/spec/app-shell.md §2) and the built-in
 * page kind each maps to. Their pages are served under the menu path the server gives.
 */
export const ONLINE_COMPONENTS: Readonly<Record<string, string>> = {
  "modules/online/cgform/auto/OnlCgformAutoList": "online-form",
  "modules/online/cgform/auto/OnlCgformCopyList": "online-form",
  "modules/online/cgform/auto/default/OnlineAutoList": "online-form",
  "modules/online/cgform/auto/OnlCgformTreeList": "online-form-tree",
  "modules/online/cgform/auto/erp/OnlCgformErpList": "online-form-erp",
  "modules/online/cgform/auto/tab/OnlCgformTabList": "online-form-tab",
  "modules/online/cgform/auto/innerTable/OnlCgformInnerTableList": "online-form-inner-table",
  "modules/online/cgreport/OnlCgreportHeadList": "online-report-head",
  "modules/online/cgreport/auto/OnlCgreportAutoList": "online-report",
};

const knownPaths = new Set(PAGE_CATALOGUE.map(([, path]) => path));
const pathByComponent = new Map(PAGE_CATALOGUE.map(([component, path]) => [component, path]));
const componentByPath = new Map(PAGE_CATALOGUE.map(([component, path]) => [path, component]));

/** Our name of a menu component (an alias of the original's becomes ours). */
export function canonicalComponent(component: string | null | undefined): string {
  const name = (component ?? "").replace(/^\/+/, "");
  return isComponentAlias(name) ? COMPONENT_ALIASES[name] : name;
}

/** The path of our page for a menu component, either name; undefined when we have none. */
export function cataloguePathOf(component: string | null | undefined): string | undefined {
  return pathByComponent.get(canonicalComponent(component));
}

/** The component our catalogue gives a page path. */
export function catalogueComponentOf(path: string): string | undefined {
  return componentByPath.get(path.replace(/\/+$/, "") || "/");
}

export function isKnownPagePath(path: string): boolean {
  return knownPaths.has(path.replace(/\/+$/, "") || "/");
}
