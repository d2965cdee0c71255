// The one menu definition (sys_permission, in our web app's and the Vue 2 client's terms) answered in
// the terms of the client that asks (issue #31 item 2, docs/decisions/084): the JeecgBoot Vue 3 client
// gets its own routes and views (`/system/user`, `system/user/index`), the original Vue 2 client only
// the pages whose component it ships, and our web app everything as stored.
import type { MenuNode } from "#contract/permission";
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
 * Every seeded page by its url (the key of page access). Vue 3 views were read in v3.7.0 and v3.9.3
 * (both ship each one named here); Vue 2 views in ant-design-vue-jeecg 3.3.0.
 */
const CLIENT_PAGES: Record<string, ClientPage> = {
  "/dashboard/analysis": vue3("/dashboard/analysis", "dashboard/Analysis"),
  "/dashboard/workplace": vue3("/dashboard/workbench", "dashboard/workbench/index"),
  "/dashboard/chart": OURS_ONLY,
  "/dashboard/task": OURS_ONLY,
  // Vue 2's dashboard/Monitor is a demo of fixed figures, not this page.
  "/dashboard/monitor": OURS_ONLY,
  "/isps/userAnnouncement": vue3("/monitor/mynews", "monitor/mynews/index"),
  "/isystem/user": vue3("/system/user", "system/user/index"),
  "/isystem/roleUserList": vue3("/system/role", "system/role/index"),
  "/isystem/annountCement": vue3("/system/notice", "system/notice/index"),
  "/isystem/messageTemplate": vue3("/message/template", "system/message/template/index"),
  "/isystem/depart": vue3("/system/depart", "system/depart/index"),
  "/isystem/position": vue3("/system/position", "system/position/index"),
  "/isystem/permission": vue3("/system/menu", "system/menu/index"),
  // Both clients edit data rules in a drawer of 菜单管理; neither has them as a page.
  "/isystem/dataRule": OURS_ONLY,
  "/isystem/dict": vue3("/system/dict", "system/dict/index"),
  "/isystem/category": vue3("/system/category", "system/category/index"),
  "/isystem/tenant": vue3("/system/tenant", "system/tenant/index"),
  "/isystem/fillRule": vue3("/system/fillrule", "system/fillRule/index"),
  "/isystem/checkRule": vue3("/system/checkrule", "system/checkRule/index"),
  "/isystem/ossFile": vue3("/system/ossfile", "system/ossfile/index"),
  "/isystem/dataSource": vue3("/monitor/datasource", "monitor/datasource/index"),
  "/isystem/gatewayRoute": vue3("/monitor/route", "monitor/route/index"),
  // 访问控制 (issue #34 item 4): neither JeecgBoot client has such a page.
  "/isystem/accessRule": OURS_ONLY,
  // The online pages come with a package v3.9.3 no longer ships (v3.7.0's @jeecg/online did).
  "/online/cgform": { vue3: null },
  "/online/cgreport": { vue3: null },
  "/monitor/quartzJob": vue3("/monitor/quartz", "monitor/quartz/index"),
  "/monitor/log": vue3("/monitor/log", "monitor/log/index"),
  "/monitor/onlineUser": vue3("/system/onlineuser", "system/onlineuser/OnlineUserList"),
  // Both clients' server pages read Spring Boot's actuator, which this backend does not have.
  "/monitor/server": OURS_ONLY,
  "/monitor/apiDoc": OURS_ONLY,
};

/** Components of pages only our web app has, whatever their url: the school's pages and the demos. */
const OUR_COMPONENT_PREFIXES = ["school/", "demo/"];
/** The online package's generated pages (加入菜单, 生成菜单): the Vue 2 client ships them, v3.9.3 not. */
const ONLINE_COMPONENT_PREFIX = "modules/online/";

function pageOf(node: MenuNode): ClientPage | undefined {
  const known = CLIENT_PAGES[node.path];
  if (known) return known;
  const component = node.component ?? "";
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
