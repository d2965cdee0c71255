// The one menu definition (sys_permission, in our web app's and the Vue 2 client's terms) answered in
// the terms of the client that asks (issue #31 item 2, docs/decisions/084): the JeecgBoot Vue 3 client
// gets its own routes and views (`/system/user`, `system/user/index`), the original Vue 2 client only
// the pages whose component it ships, and our web app everything as stored.
import type { MenuNode } from "#contract/permission";
import { isComponentAlias, ourComponent, PAGES, type PageComponent } from "#contract/pages";
import type { JeecgClient } from "../../../http/client";

export type MenuClient = JeecgClient;

/** A page's route and view in a client; `null`: the client has no view for it (left out). */
type Terms = { url: string; component: string } | null;

interface ClientPage {
  /** Left out of the Vue 2 client's menu (its 3.3.0 has no such view); kept when absent. */
  vue2?: null;
  vue3: Terms;
}

const vue3 = (url: string, component: string): ClientPage => ({ vue3: { url, component } });
/** Neither JeecgBoot client has a view for it: our web app's own page. */
const OURS_ONLY: ClientPage = { vue2: null, vue3: null };

/**
 * The seeded pages by their component (contract/pages.ts names each one's path); the school's pages
 * and the demos are ours only (OUR_COMPONENT_PREFIXES). Vue 3 views were read in v3.7.0 and v3.9.3
 * (both ship each one named here); Vue 2 views in ant-design-vue-jeecg 3.3.0.
 */
const CLIENT_PAGES: Partial<Record<PageComponent, ClientPage>> = {
  "dashboard/Analysis": vue3("/dashboard/analysis", "dashboard/Analysis"),
  "dashboard/Workplace": vue3("/dashboard/workbench", "dashboard/workbench/index"),
  "dashboard/Chart": OURS_ONLY,
  "dashboard/Task": OURS_ONLY,
  // Vue 2's dashboard/Monitor is a demo of fixed figures, not this page.
  "dashboard/Monitor": OURS_ONLY,
  "system/UserAnnouncementList": vue3("/monitor/mynews", "monitor/mynews/index"),
  "system/UserList": vue3("/system/user", "system/user/index"),
  "system/RoleUserList": vue3("/system/role", "system/role/index"),
  "system/SysAnnouncementList": vue3("/system/notice", "system/notice/index"),
  "system/SysMessageTemplateList": vue3("/message/template", "system/message/template/index"),
  "system/DepartList": vue3("/system/depart", "system/depart/index"),
  "system/SysPositionList": vue3("/system/position", "system/position/index"),
  "system/PermissionList": vue3("/system/menu", "system/menu/index"),
  // Both clients edit data rules in a drawer of 菜单管理; neither has them as a page.
  "system/PermissionDataRuleList": OURS_ONLY,
  "system/DictList": vue3("/system/dict", "system/dict/index"),
  "system/SysCategoryList": vue3("/system/category", "system/category/index"),
  "system/TenantList": vue3("/system/tenant", "system/tenant/index"),
  "system/SysFillRuleList": vue3("/system/fillrule", "system/fillRule/index"),
  "system/SysCheckRuleList": vue3("/system/checkrule", "system/checkRule/index"),
  "system/OSSFileList": vue3("/system/ossfile", "system/ossfile/index"),
  "system/SysDataSourceList": vue3("/monitor/datasource", "monitor/datasource/index"),
  "system/SysGatewayRouteList": vue3("/monitor/route", "monitor/route/index"),
  // 访问控制 (issue #34 item 4): neither JeecgBoot client has such a page.
  "system/SysAccessRuleList": OURS_ONLY,
  // The online pages come with a package v3.9.3 no longer ships (v3.7.0's @jeecg/online did).
  "modules/online/cgform/OnlCgformHeadList": { vue3: null },
  "modules/online/cgreport/OnlCgreportHeadList": { vue3: null },
  "system/QuartzJobList": vue3("/monitor/quartz", "monitor/quartz/index"),
  "system/LogList": vue3("/monitor/log", "monitor/log/index"),
  "system/OnlineUserList": vue3("/system/onlineuser", "system/onlineuser/OnlineUserList"),
  // Both clients' server pages read Spring Boot's actuator, which this backend does not have.
  "monitor/ServerInfo": OURS_ONLY,
  "monitor/ApiDoc": OURS_ONLY,
};

/** Components of pages only our web app has, whatever their url: the school's pages and the demos. */
const OUR_COMPONENT_PREFIXES = ["school/", "demo/"];
/** The online package's generated pages (加入菜单, 生成菜单): the Vue 2 client ships them, v3.9.3 not. */
const ONLINE_COMPONENT_PREFIX = "modules/online/";

function pageOf(node: MenuNode): ClientPage | undefined {
  const component = node.component ?? "";
  const known = component in PAGES || isComponentAlias(component) ? CLIENT_PAGES[ourComponent(component as PageComponent)] : undefined;
  if (known) return known;
  if (OUR_COMPONENT_PREFIXES.some((prefix) => component.startsWith(prefix))) return OURS_ONLY;
  if (component.startsWith(ONLINE_COMPONENT_PREFIX)) return { vue3: null };
  return undefined;
}

/** The menu in the terms of `client`; pages it cannot show are left out, and groups left empty too. */
export function menuForClient(menu: MenuNode[], client: MenuClient): MenuNode[] {
  if (client === "web") return menu;
  const urls = new Map<string, string>();
  const convert = (nodes: MenuNode[]): MenuNode[] =>
    nodes.flatMap((node) => {
      const page = pageOf(node);
      const children = node.children ? convert(node.children) : undefined;
      if (node.children && node.children.length > 0 && children!.length === 0) return [];
      if (client === "vue2") {
        if (page?.vue2 === null) return [];
        return [{ ...node, ...(children ? { children } : {}) }];
      }
      if (page && page.vue3 === null) return [];
      const converted: MenuNode = { ...node, meta: { ...node.meta }, ...(children ? { children } : {}) };
      if (page?.vue3) {
        urls.set(node.path, page.vue3.url);
        converted.path = page.vue3.url;
        converted.component = page.vue3.component;
        converted.name = routeName(page.vue3.url);
        converted.meta.componentName = routeName(page.vue3.url);
      }
      // Groups keep their url and layouts/RouteView: JeecgBoot's own Vue 3 menu has 系统管理 so.
      return [converted];
    });
  const converted = convert(menu);
  // A group's redirect names one of its pages: in the client's terms, or its first page when that one is left out.
  for (const node of converted) {
    if (!node.redirect) continue;
    const target = urls.get(node.redirect) ?? node.redirect;
    node.redirect = node.children?.some((child) => child.path === target) ? target : (node.children?.[0]?.path ?? null);
  }
  return converted;
}

function routeName(url: string): string {
  return url.replace(/^\//, "").replaceAll("/", "-");
}

const HOME_TITLE = "首页";

/**
 * The Vue 3 menu with its 首页 entry opening `home` (a role's home page, docs/decisions/135), as
 * JeecgBoot adds the home route when the menu lacks it: unchanged when a page of the menu already is
 * that route, since the client routes each path once.
 */
export function withHomePage(menu: MenuNode[], home: { url: string; component: string; isRoute: boolean }): MenuNode[] {
  const paths = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.path, ...paths(node.children ?? [])]);
  if (paths(menu).includes(home.url)) return menu;
  return menu.map((node) =>
    node.meta.title === HOME_TITLE && !node.children?.length
      ? {
          ...node,
          path: home.url,
          component: home.component,
          route: home.isRoute ? "1" : "0",
          name: routeName(home.url),
          meta: { ...node.meta, componentName: routeName(home.url) },
        }
      : node,
  );
}
