// 网关路由 (/sys/gatewayRoute, api-contract.md §7; docs/decisions/061): reverse-proxy routes on the
// module engine. Installation-wide like tenants: only a platform administrator adds, edits,
// deletes or even lists them (a target URL names internal hosts). A route's path may not take a
// first segment of the app's own (RESERVED_SEGMENTS, or any menu URL's). After every change the
// enabled routes are written where web servers read them and a `gatewayRoutes` web event tells
// every web server to reload (backend/realtime/web-events.ts).
import { asc, eq, sql } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import {
  firstSegment,
  gatewayPrefix,
  GatewayRouteMessages,
  gatewayRouteModule,
  RESERVED_SEGMENTS,
  type GatewayRoute,
} from "#contract/modules/gateway-route";
import { sysGatewayRoute } from "../../../db/schema";
import type { Orm } from "../../../db/client";
import type { Endpoint } from "../../../http/endpoint";
import { ApiError } from "../../../http/envelope";
import type { CrudContext, Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { isPlatformAdmin } from "../permission/permission-service";
import type { BackendServices } from "../../../services";
import { GATEWAY_ROUTES_KEY, webEventsOf } from "../../../realtime/web-events";

async function requirePlatformAdmin(orm: Orm, context: CrudContext): Promise<void> {
  if (!(await isPlatformAdmin(orm, context.auth.user.id))) throw new ApiError(GatewayRouteMessages.platformOnly, ResultCode.noPermission);
}

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
    prepare: async (prepared) => requirePlatformAdmin(prepared.services.db.orm, prepared),
    listConditions: async (context) => {
      await requirePlatformAdmin(context.services.db.orm, context);
      return [];
    },
    beforeSave: async (save) => {
      const predicate = (save.values.predicates ?? save.existing?.predicates) as string | undefined;
      if (predicate) await refuseReserved(save.tx, predicate);
    },
    beforeDelete: async (remove) => {
      await requirePlatformAdmin(remove.tx.orm, remove);
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
