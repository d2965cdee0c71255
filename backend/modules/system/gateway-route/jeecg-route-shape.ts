// 网关路由 in the JeecgBoot clients' terms (issue #31; docs/decisions/153). Both clients (Vue 2
// 3.3.0's SysGatewayRouteList and GateWayRouteModal, Vue 3's monitor/route) read a route as JeecgBoot
// stores it for Spring Cloud Gateway: `predicates` a list of {name, args} (`Path` with its patterns,
// `Header`, `Host`, `After`…), `filters` a list of {name, args: [{key, value}]}; their form sends both
// back as JSON text. Our route (decision 061) is one path and a target, with the path's prefix
// stripped or not. Only what our gateway does translates: one `Path` with one pattern, and at most a
// `StripPrefix` filter that strips the whole prefix; anything else is refused in words.
import { ApiError } from "../../../http/envelope";
import { gatewayPrefix } from "#contract/modules/gateway-route";

/** A predicate or a filter as JeecgBoot's clients hold it. */
interface JeecgDefinition {
  name: string;
  args: unknown;
}

export const JeecgRouteMessages = {
  badJson: "路由条件或过滤器的格式不正确",
  noPath: "请添加一个Path路由条件，如 /demo/**",
  onePath: "每条路由只能有一个路径：多个路径请分成多条路由",
  predicate: (name: string) => `不支持路由条件 ${name}：本系统的网关只按路径（Path）转发`,
  filter: (name: string) => `不支持过滤器 ${name}：本系统的网关只能去除路径前缀（StripPrefix）`,
  stripParts: (parts: number) => `过滤器 StripPrefix 的 parts 须为 ${parts}（路径前缀的段数）：本系统的网关去除整个路径前缀或不去除`,
  cleared: "清除成功！本系统的网关路由保存后立即生效，没有需要清除的缓存",
} as const;

/** Spring Cloud Gateway's StripPrefix: `parts`, or the key a shortcut (`StripPrefix=1`) gives it. */
const PARTS_KEY = /^(parts|_genkey_?0)$/;

/** How many path segments a predicate's prefix has (`/a/b/**` → 2): what StripPrefix's parts strips. */
export function prefixSegments(predicate: string): number {
  return gatewayPrefix(predicate).split("/").filter(Boolean).length;
}

/** One of our route records as the JeecgBoot clients' list reads it. */
export function toJeecgRoute(record: Record<string, unknown>): Record<string, unknown> {
  const { predicates, stripPrefix: _stripPrefix, stripPrefix_dictText: _stripText, ...rest } = record;
  const path = String(predicates ?? "");
  const filters = record.stripPrefix === 1 ? [{ name: "StripPrefix", args: [{ key: "parts", value: String(prefixSegments(path)) }] }] : [];
  return { ...rest, predicates: [{ name: "Path", args: [path] }], filters };
}

/**
 * The body of our add or edit for the `router` a JeecgBoot client posts to `gatewayRoute/updateAll`
 * (`id` empty for a new route): refuses what our gateway cannot honour. Extra fields (the list's
 * `createTime`…) are left out; `updateTime`, when sent, keeps an edit of a stale copy refused.
 */
export function fromJeecgRoute(router: Record<string, unknown>): Record<string, unknown> {
  const predicates = definitions(router.predicates);
  const paths: string[] = [];
  for (const predicate of predicates) {
    if (predicate.name !== "Path") throw new ApiError(JeecgRouteMessages.predicate(predicate.name));
    paths.push(...argValues(predicate.args));
  }
  if (paths.length === 0) throw new ApiError(JeecgRouteMessages.noPath);
  if (paths.length > 1) throw new ApiError(JeecgRouteMessages.onePath);
  const path = paths[0]!.trim();

  let stripPrefix = 0;
  for (const filter of definitions(router.filters)) {
    if (filter.name !== "StripPrefix") throw new ApiError(JeecgRouteMessages.filter(filter.name));
    const parts = Array.isArray(filter.args) ? filter.args : [];
    const [only] = parts as Array<{ key?: unknown; value?: unknown } | undefined>;
    const wanted = prefixSegments(path);
    if (parts.length !== 1 || !PARTS_KEY.test(String(only?.key ?? "")) || String(only?.value ?? "").trim() !== String(wanted)) {
      throw new ApiError(JeecgRouteMessages.stripParts(wanted));
    }
    stripPrefix = 1;
  }

  const id = typeof router.id === "string" ? router.id.trim() : "";
  const body: Record<string, unknown> = {
    routerId: router.routerId,
    name: router.name,
    uri: typeof router.uri === "string" ? router.uri.trim() : router.uri,
    predicates: path,
    stripPrefix,
    status: statusOf(router.status),
  };
  if (id) body.id = id;
  if (id && "updateTime" in router) body.updateTime = router.updateTime;
  return body;
}

/** Vue 3's switch sends 1 or 0, Vue 2's true or false; none is 有效 (as JeecgBoot). */
function statusOf(status: unknown): number {
  if (status === null || status === undefined || status === "") return 1;
  return status === true || status === 1 || status === "1" || status === "true" ? 1 : 0;
}

/** The JSON text (or list) of predicates or filters; empty when absent. */
function definitions(sent: unknown): JeecgDefinition[] {
  if (sent === null || sent === undefined || sent === "") return [];
  let value = sent;
  if (typeof sent === "string") {
    try {
      value = JSON.parse(sent);
    } catch {
      throw new ApiError(JeecgRouteMessages.badJson);
    }
  }
  if (!Array.isArray(value) || !value.every((item) => item && typeof item === "object" && typeof item.name === "string")) {
    throw new ApiError(JeecgRouteMessages.badJson);
  }
  return value as JeecgDefinition[];
}

/** A Path predicate's patterns: a list (the clients' tags) or an object of keyed values. */
function argValues(args: unknown): string[] {
  const values = Array.isArray(args) ? args : args && typeof args === "object" ? Object.values(args) : [];
  if (!values.every((value) => typeof value === "string")) throw new ApiError(JeecgRouteMessages.badJson);
  return (values as string[]).filter((value) => value.trim() !== "");
}
