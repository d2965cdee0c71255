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
import type { Endpoint } from "../../../http/endpoint";
import { ApiError } from "../../../http/envelope";
import type { CrudContext, Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { platformOnlyHooks, requirePlatformAdmin } from "../permission/permission-service";
import type { BackendServices } from "../../../services";
import { GATEWAY_ROUTES_KEY, webEventsOf } from "../../../realtime/web-events";

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

export const gatewayRouteEndpoints: Endpoint[] = [...gatewayRouteCrud.endpoints];
