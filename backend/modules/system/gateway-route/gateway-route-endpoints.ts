// 网关路由 (/sys/gatewayRoute, api-contract.md §7; docs/decisions/061): reverse-proxy routes on the
// module engine. Installation-wide like tenants: only a platform administrator adds, edits,
// deletes or even lists them (a target URL names internal hosts). A route's path may not take a
// first segment of the app's own (RESERVED_SEGMENTS, or any menu URL's). After every change the
// enabled routes are written where web servers read them and a `gatewayRoutes` web event tells
// every web server to reload (backend/realtime/web-events.ts). Neither path nor target may hold a
// dot segment, plain or percent-encoded (issue #27 item 5).
import { asc, eq, sql } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import {
  firstSegment,
  gatewayPrefix,
  GatewayRouteMessages,
  gatewayRouteModule,
  RESERVED_SEGMENTS,
  unsafeRoutePart,
  type GatewayRoute,
} from "#contract/modules/gateway-route";
import { sysGatewayRoute } from "../../../db/schema";
import type { Orm } from "../../../db/client";
import { endpoint, menuAccess, requireAccess, requireAuth, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import type { ListQueryParams } from "../../../crud/query-generator";
import type { CrudContext, Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { platformOnlyHooks, requirePlatformAdmin } from "../permission/permission-service";
import type { BackendServices } from "../../../services";
import { GATEWAY_ROUTES_KEY, webEventsOf } from "../../../realtime/web-events";
import { menuClientOf } from "../permission/client-menus";
import { fromJeecgRoute, JeecgRouteMessages, toJeecgRoute } from "./jeecg-route-shape";

/** Refuses a path whose first segment is the app's (fixed list, or a menu URL's first segment). */
async function refuseReserved(tx: Executor, predicate: string): Promise<void> {
  const segment = firstSegment(predicate);
  if (RESERVED_SEGMENTS.includes(segment.toLowerCase())) throw new ApiError(GatewayRouteMessages.reserved(segment));
  const [menu] = await tx.rows<{ url: string }>(
    sql`select url from sys_permission where del_flag = 0 and (lower(url) = ${`/${segment.toLowerCase()}`} or lower(url) like ${`/${segment.toLowerCase()}/%`}) limit 1`,
  );
  if (menu) throw new ApiError(GatewayRouteMessages.reserved(segment));
}

export const gatewayRouteCrud = createModuleCrud(gatewayRouteModule, {
  table: sysGatewayRoute,
  tenant: null,
  entity: { defaultSort: { property: "routerId", order: "asc" } },
  hooks: {
    ...platformOnlyHooks(GatewayRouteMessages.platformOnly),
    beforeSave: async (save) => {
      const predicate = (save.values.predicates ?? save.existing?.predicates) as string | undefined;
      const uri = (save.values.uri ?? save.existing?.uri) as string | undefined;
      // A dot segment, plain or encoded, could climb out of the route's prefix (issue #27 item 5).
      if (predicate && unsafeRoutePart(predicate)) throw new ApiError(GatewayRouteMessages.dotInPath);
      if (uri && unsafeRoutePart(uri)) throw new ApiError(GatewayRouteMessages.dotInTarget);
      if (predicate) await refuseReserved(save.tx, predicate);
    },
    beforeDelete: async (remove) => {
      await requirePlatformAdmin(remove.tx.orm, remove.auth.user.id, GatewayRouteMessages.platformOnly);
    },
    afterCommit: async (context) => {
      await publishGatewayRoutes(context.services);
    },
  },
});

/** The enabled routes, as web servers apply them. */
export async function enabledGatewayRoutes(orm: Orm): Promise<GatewayRoute[]> {
  const rows = await orm.select().from(sysGatewayRoute).where(eq(sysGatewayRoute.status, 1)).orderBy(asc(sysGatewayRoute.routerId));
  return rows
    .filter((row) => !RESERVED_SEGMENTS.includes(firstSegment(row.predicates).toLowerCase()))
    .map((row) => ({ routerId: row.routerId, prefix: gatewayPrefix(row.predicates), uri: row.uri, stripPrefix: row.stripPrefix === 1 }));
}

/** Writes the enabled routes for web servers without a database and tells every web server. */
export async function publishGatewayRoutes(services: BackendServices, options: { announce?: boolean } = {}): Promise<void> {
  const events = webEventsOf(services);
  try {
    await events.set(GATEWAY_ROUTES_KEY, JSON.stringify(await enabledGatewayRoutes(services.db.orm)));
    if (options.announce !== false) await events.publish("gatewayRoutes");
  } catch (error) {
    services.logger.error("[gateway] publishing the routes failed", error);
  }
}

/** JeecgBoot lists every route at once; a cap keeps one answer bounded. */
const JEECG_LIST_LIMIT = 1000;

const LIST_PATH = `${gatewayRouteModule.api}/list`;
const ourList = gatewayRouteCrud.endpoints.find((served) => served.path === LIST_PATH)!;

/**
 * The JeecgBoot clients' 网关路由 (issue #31, docs/decisions/153): the list in their route shape
 * (told by their headers, decision 084; our web app keeps its page), `updateAll` saving their form
 * through our add or edit (same buttons, platform rule and checks), and `clearRedis` answering
 * success: our routes take effect when saved.
 */
const jeecgClientEndpoints: Endpoint[] = [
  {
    ...ourList,
    handle: async (request) => {
      if (menuClientOf(request.req) === "web") return ourList.handle(request);
      const records = await gatewayRouteCrud.listAll(gatewayRouteCrud.context(request), request.req.query as ListQueryParams, JEECG_LIST_LIMIT);
      return ok(records.map(toJeecgRoute));
    },
  },
  endpoint("POST", `${gatewayRouteModule.api}/updateAll`, "user", async (request) => {
    const router = request.body.router;
    if (!router || typeof router !== "object") throw new ApiError(JeecgRouteMessages.badJson);
    const sent = router as Record<string, unknown>;
    const editing = typeof sent.id === "string" && sent.id.trim() !== "";
    await requireAccess(request.services, requireAuth(request), gatewayRouteCrud.access[editing ? "edit" : "add"]);
    const body = fromJeecgRoute(sent);
    const context = gatewayRouteCrud.context(request);
    if (editing) await gatewayRouteCrud.update(context, body);
    else await gatewayRouteCrud.insert(context, body);
    return okMessage("操作成功！");
  }, { doc: { summary: "网关路由-保存（JeecgBoot客户端的路由格式）" } }),
  endpoint("GET", `${gatewayRouteModule.api}/clearRedis`, menuAccess(gatewayRouteModule.page), async (request) => {
    await requirePlatformAdmin(request.services.db.orm, requireAuth(request).user.id, GatewayRouteMessages.platformOnly);
    return okMessage(JeecgRouteMessages.cleared);
  }, { doc: { summary: "网关路由-清除缓存（保存即生效，无需清除）" } }),
];

export const gatewayRouteEndpoints: Endpoint[] = [...gatewayRouteCrud.endpoints.filter((served) => served !== ourList), ...jeecgClientEndpoints];
