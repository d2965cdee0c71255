// 网关路由 (/isystem/gatewayRoute, api-contract.md §5 sys_gateway_route, §7 /sys/gatewayRoute):
// reverse-proxy routes that every web server applies (server/gateway.ts, docs/decisions/061).
// One Path predicate per route (`/demo/**`), a target http(s) URL, whether the predicate's prefix
// is stripped before forwarding, and 有效/无效. Installation-wide: only a platform administrator
// manages them, and a route may never shadow the app's own paths.
import { defineModule } from "./module";

/** `/a/b` or `/a/b/**`: segments of unreserved URL characters (dot segments: `unsafeRoutePart`). */
const PATH_PREDICATE = /^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*(\/\*\*)?$/;
/** An absolute http or https URL with a host and no fragment (dot segments: `unsafeRoutePart`). */
const TARGET_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?(\?[^\s#]*)?$/i;

/** How many rounds of percent-decoding a request path is checked through (`%252e` is `%2e` is `.`). */
const DECODING_ROUNDS = 3;

/**
 * True when a path (a request's path as received) holds a dot segment, plain or percent-encoded
 * once or more (`..`, `/./`, `%2e`, `%252e`), with `/` or `\` as separator (some targets read a
 * backslash as a slash): such a path could climb out of the route's prefix on the target, so it is
 * not forwarded (issue #27 item 5).
 */
export function hasDotSegment(path: string): boolean {
  let decoded = path;
  for (let round = 0; round <= DECODING_ROUNDS; round++) {
    if (decoded.includes("..") || /(^|[/\\])\.([/\\?;]|$)/.test(decoded)) return true;
    const next = decodeOnce(decoded);
    if (next === decoded) return false;
    decoded = next;
  }
  // Still encoded after that many rounds: nobody sends that in good faith.
  return true;
}

/**
 * True when a saved predicate or target could lead a request elsewhere than it says: a dot segment
 * (`hasDotSegment`), or any percent-encoded dot, slash, backslash or percent sign (`%2e`, `%2f`,
 * `%5c`, `%25`, any case) or a backslash, which a target may turn into one (issue #27 item 5).
 */
export function unsafeRoutePart(text: string): boolean {
  return hasDotSegment(text) || /%(2e|2f|5c|25)|\\/i.test(text);
}

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%` (not an escape): decode the escapes around it one by one.
    return text.replace(/%[0-9a-f]{2}/gi, (escape) => String.fromCharCode(Number.parseInt(escape.slice(1), 16)));
  }
}

export const gatewayRouteModule = defineModule({
  title: "网关路由",
  table: "sys_gateway_route",
  api: "/sys/gatewayRoute",
  page: "/isystem/gatewayRoute",
  permissionPrefix: "gatewayRoute",
  fields: {
    routerId: { label: "路由ID", required: "请输入路由ID!", pattern: "code", maxLength: 100, unique: true, fixed: true, show: { search: true } },
    name: { label: "路由名称", required: "请输入路由名称!", maxLength: 100, show: { search: true } },
    predicates: {
      label: "路径",
      required: "请输入路径!",
      pattern: { regex: PATH_PREDICATE, message: "路径须以/开头，只能含字母、数字和 . _ ~ -，如 /demo/**" },
      maxLength: 200,
      unique: true,
    },
    uri: {
      label: "目标地址",
      required: "请输入目标地址!",
      pattern: { regex: TARGET_URL, message: "目标地址只能是http或https地址，如 http://127.0.0.1:8081" },
      maxLength: 500,
    },
    stripPrefix: { label: "去除前缀", type: "int", dict: "gateway_strip_prefix", required: "请选择是否去除前缀!" },
    status: { label: "状态", type: "int", dict: "valid_status", required: "请选择状态!", show: { search: true } },
    createTime: { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false } },
  },
});

export const GatewayRouteMessages = {
  platformOnly: "只有平台管理员可以管理网关路由",
  reserved: (segment: string) => `路径 /${segment} 属于系统自身，不能用作网关路由`,
  dotInPath: "路径不能含有“..”或“.”段",
  dotInTarget: "目标地址不能含有“..”或“.”段，也不能含有编码的点、斜杠、反斜杠或百分号（%2e、%2f、%5c、%25）",
  notFound: "未找到对应数据",
  notInRecycleBin: "所选路由不在回收站中",
  routerIdInRecycleBin: (routerId: string) => `路由ID ${routerId} 已被回收站中的路由占用，请先还原或彻底删除它`,
  pathInRecycleBin: (path: string) => `路径 ${path} 已被回收站中的路由占用，请先还原或彻底删除它`,
} as const;

/** What a web server needs of one enabled route. */
export interface GatewayRoute {
  routerId: string;
  /** The predicate's prefix without `/**`: `/demo`. */
  prefix: string;
  uri: string;
  stripPrefix: boolean;
}

/** `/demo/**` → `/demo`. */
export function gatewayPrefix(predicate: string): string {
  return predicate.replace(/\/\*\*$/, "");
}

/** The first path segment of a predicate (`/demo/x/**` → `demo`). */
export function firstSegment(predicate: string): string {
  return gatewayPrefix(predicate).split("/")[1] ?? "";
}

/**
 * The app's own first path segments, which no route may take: the backend, the web app's
 * resource routes and pages, static files, health. A new top-level segment of app/routes.ts or of
 * the menu must be added here (tests/unit/gateway-route.test.ts checks app/routes.ts); menu URLs
 * in the database are checked too when a route is saved.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  "jeecg-boot", "api", "assets", "healthz", "user", "dashboard", "isps", "exception", "isystem", "monitor",
  "billing", "communication", "school", "shop", "activity", "demo", "system", "online", "report", "sys",
  "account", "oauth2-app", "test",
  "favicon.ico", "favicon.svg", "logo.svg", "login-background.svg", "robots.txt",
];

/** The route whose prefix is the longest one containing `pathname`, if any. */
export function matchGatewayRoute(routes: readonly GatewayRoute[], pathname: string): GatewayRoute | null {
  let best: GatewayRoute | null = null;
  for (const route of routes) {
    if (pathname === route.prefix || pathname.startsWith(`${route.prefix}/`)) {
      if (!best || route.prefix.length > best.prefix.length) best = route;
    }
  }
  return best;
}

/** The upstream URL of a request (`pathAndQuery` as received) on a matched route. */
export function gatewayTarget(route: GatewayRoute, pathAndQuery: string): string {
  const target = new URL(route.uri);
  const [pathname, query = ""] = splitOnce(pathAndQuery, "?");
  const rest = route.stripPrefix ? pathname.slice(route.prefix.length) : pathname;
  const base = target.pathname.replace(/\/+$/, "");
  target.pathname = `${base}${rest.startsWith("/") || rest === "" ? rest : `/${rest}`}` || "/";
  target.search = query ? `?${query}` : target.search;
  return target.toString();
}

function splitOnce(text: string, separator: string): [string, string?] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + 1)];
}
