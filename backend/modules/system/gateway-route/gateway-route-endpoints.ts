// 网关路由 (/sys/gatewayRoute, api-contract.md §7; docs/decisions/061): reverse-proxy routes on the
// module engine. Installation-wide like tenants: only a platform administrator adds, edits,
// deletes or even lists them (a target URL names internal hosts). A route's path may not take a
// first segment of the app's own (RESERVED_SEGMENTS, or any menu URL's). After every change the
// enabled routes are written where web servers read them and a `gatewayRoutes` web event tells
// every web server to reload (backend/realtime/web-events.ts). Neither path nor target may hold a
// dot segment, plain or percent-encoded (issue #27 item 5). Deleting puts a route in the recycle
// bin (del_flag, docs/decisions/158), and 复制 makes a disabled copy, as JeecgBoot v3.9.3.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { Messages } from "#contract/messages";
import { ResultCode } from "#contract/envelope";
import { formatSchoolDateTime } from "../../../clock";
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
import { endpoint, menuAccess, requireAccess, requireAuth, type Endpoint, type EndpointRequest } from "../../../http/endpoint";
import { ApiError, ok, okMessage } from "../../../http/envelope";
import type { ListQueryParams } from "../../../crud/query-generator";
import { inTransaction, type CrudContext, type Executor } from "../../../crud/context";
import { singleId, splitIds } from "../../../crud/crud-messages";
import { selectRecords } from "../../../crud/page";
import { createModuleCrud } from "../../../crud/module";
import { platformOnlyHooks, requirePlatformAdmin } from "../permission/permission-service";
import type { BackendServices } from "../../../services";
import { GATEWAY_ROUTES_KEY, webEventsOf } from "../../../realtime/web-events";
import { clientOf } from "../../../http/client";
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
  entity: { defaultSort: { property: "routerId", order: "asc" }, softDeleteColumn: "del_flag" },
  hooks: {
    ...platformOnlyHooks(GatewayRouteMessages.platformOnly),
    beforeSave: async (save) => {
      const predicate = (save.values.predicates ?? save.existing?.predicates) as string | undefined;
      const uri = (save.values.uri ?? save.existing?.uri) as string | undefined;
      // A dot segment, plain or encoded, could climb out of the route's prefix (issue #27 item 5).
      if (predicate && unsafeRoutePart(predicate)) throw new ApiError(GatewayRouteMessages.dotInPath);
      if (uri && unsafeRoutePart(uri)) throw new ApiError(GatewayRouteMessages.dotInTarget);
      if (predicate) await refuseReserved(save.tx, predicate);
      await refuseHeldByRecycleBin(save.tx, save.values.routerId as string | undefined, save.values.predicates as string | undefined, save.id);
    },
    beforeDelete: async (remove) => {
      await requirePlatformAdmin(remove.tx.orm, remove.auth.user.id, GatewayRouteMessages.platformOnly);
    },
    afterCommit: async (context) => {
      await publishGatewayRoutes(context.services);
    },
  },
});

/**
 * A route in the recycle bin keeps its 路由ID and path (the unique indexes cover every row, so a
 * restore never collides): a save that wants one is told where it is, not just 已存在.
 */
async function refuseHeldByRecycleBin(tx: Executor, routerId: string | undefined, predicate: string | undefined, exceptId: string | undefined): Promise<void> {
  if (!routerId && !predicate) return;
  const [held] = await tx.rows<{ router_id: string; predicates: string }>(
    sql`select router_id, predicates from sys_gateway_route where del_flag = 1 and id <> ${exceptId ?? ""}
          and (router_id = ${routerId ?? null} or predicates = ${predicate ?? null}) limit 1`,
  );
  if (held) throw new ApiError(held.router_id === routerId ? GatewayRouteMessages.routerIdInRecycleBin(held.router_id) : GatewayRouteMessages.pathInRecycleBin(held.predicates));
}

/** The enabled routes, as web servers apply them (never one in the recycle bin). */
export async function enabledGatewayRoutes(orm: Orm): Promise<GatewayRoute[]> {
  const rows = await orm
    .select()
    .from(sysGatewayRoute)
    .where(and(eq(sysGatewayRoute.status, 1), eq(sysGatewayRoute.delFlag, 0)))
    .orderBy(asc(sysGatewayRoute.routerId));
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
      if (clientOf(request.req) === "web") return ourList.handle(request);
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

/** A copy's suffix: `_copy_MMdd` (the school's day) first, as JeecgBoot names it, then `_copy_` and four random digits. */
function copySuffix(attempt: number): string {
  if (attempt === 0) {
    const day = formatSchoolDateTime(new Date()); // yyyy-MM-dd HH:mm:ss
    return `_copy_${day.slice(5, 7)}${day.slice(8, 10)}`;
  }
  return `_copy_${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
}

/** `text` + `suffix`, cutting `text` so that both fit in `max` characters. */
function suffixed(text: string, suffix: string, max: number): string {
  return `${text.slice(0, Math.max(0, max - suffix.length))}${suffix}`;
}

/** `/a/b/**` with `suffix` on its last segment: `/a/b_copy_1129/**` (as many segments, so StripPrefix still fits). */
function suffixedPath(predicate: string, suffix: string): string {
  const wildcard = predicate.endsWith("/**") ? "/**" : "";
  return `${suffixed(gatewayPrefix(predicate), suffix, 200 - wildcard.length)}${wildcard}`;
}

/** Copies with suffixes already taken are tried again with another suffix this many times. */
const COPY_ATTEMPTS = 8;

/**
 * 复制 (v3.9.3's `copyRoute?id=`): a new route with the source's target and settings, disabled (无效)
 * as JeecgBoot makes it, named `<name>_copy_MMdd`. Our 路由ID and path are unique, so they get the
 * same suffix (the path on its last segment): the administrator edits the copy, then enables it.
 * Through our add (the add button, the platform rule, the path checks, publishing).
 */
async function copyRoute(request: EndpointRequest) {
  await requirePlatformAdmin(request.services.db.orm, requireAuth(request).user.id, GatewayRouteMessages.platformOnly);
  const id = singleId(request.query.id);
  const context = gatewayRouteCrud.context(request);
  const source = id ? await gatewayRouteCrud.findById(context, id) : undefined;
  if (!source) throw new ApiError(GatewayRouteMessages.notFound);
  for (let attempt = 0; ; attempt++) {
    const suffix = copySuffix(attempt);
    try {
      const copyId = await gatewayRouteCrud.insert(context, {
        routerId: suffixed(String(source.routerId), suffix, 100),
        name: suffixed(String(source.name), suffix, 100),
        uri: source.uri,
        predicates: suffixedPath(String(source.predicates), suffix),
        stripPrefix: source.stripPrefix,
        status: 0,
      });
      const copy = await gatewayRouteCrud.findById(context, copyId);
      return ok(copy && clientOf(request.req) !== "web" ? toJeecgRoute(copy) : copy);
    } catch (error) {
      // Another copy took the suffix (the same day, or at the same moment): another suffix.
      const taken = error instanceof ApiError && (error.message === Messages.duplicateRecord || /回收站/.test(error.message));
      if (!taken || attempt + 1 >= COPY_ATTEMPTS) throw error;
    }
  }
}

/**
 * 回收站 (v3.9.3's `deleteList`, `putRecycleBin` {ids}, `deleteRecycleBin?ids=`): the routes
 * deleted, restored (还原: enabled ones are applied again at once) or deleted for good. Restoring and
 * deleting for good are deleting's business (the delete button, as 数据字典's bin), and the
 * platform administrator's like every write of a route.
 */
function recycleBinEndpoints(): Endpoint[] {
  const inBin = (ids: readonly string[]) => and(eq(sysGatewayRoute.delFlag, 1), inArray(sysGatewayRoute.id, [...ids]));
  const binWrite = async (request: EndpointRequest, ids: string[], work: (tx: Executor) => Promise<number>) => {
    await requirePlatformAdmin(request.services.db.orm, requireAuth(request).user.id, GatewayRouteMessages.platformOnly);
    if (ids.length === 0) throw new ApiError(GatewayRouteMessages.notInRecycleBin);
    const changed = await inTransaction(request.services.db, work);
    if (changed === 0) throw new ApiError(GatewayRouteMessages.notInRecycleBin);
    await publishGatewayRoutes(request.services);
  };
  return [
    endpoint("GET", `${gatewayRouteModule.api}/deleteList`, menuAccess(gatewayRouteModule.page), async (request) => {
      await requirePlatformAdmin(request.services.db.orm, requireAuth(request).user.id, GatewayRouteMessages.platformOnly);
      const records = await selectRecords(request.services.db, gatewayRouteCrud.entity, {
        where: sql`del_flag = 1`,
        orderBy: sql`update_time desc nulls last, router_id asc`,
        limit: JEECG_LIST_LIMIT,
      });
      return ok(clientOf(request.req) === "web" ? records : records.map(toJeecgRoute));
    }, { doc: { summary: "网关路由-回收站列表" } }),
    endpoint("PUT", `${gatewayRouteModule.api}/putRecycleBin`, gatewayRouteCrud.access.delete, async (request) => {
      const ids = splitIds(request.body.ids);
      const username = (request.auth?.user.username ?? "").slice(0, 32);
      await binWrite(request, ids, async (tx) => {
        // A path taken by a menu page since it was deleted is refused, as a save would be.
        const routes = await tx.orm.select({ predicates: sysGatewayRoute.predicates }).from(sysGatewayRoute).where(inBin(ids));
        for (const route of routes) await refuseReserved(tx, route.predicates);
        const restored = await tx.orm
          .update(sysGatewayRoute)
          .set({ delFlag: 0, updateBy: username, updateTime: new Date() })
          .where(inBin(ids))
          .returning({ id: sysGatewayRoute.id });
        return restored.length;
      });
      return okMessage("还原成功");
    }, { doc: { summary: "网关路由-回收站还原" } }),
    endpoint("DELETE", `${gatewayRouteModule.api}/deleteRecycleBin`, gatewayRouteCrud.access.delete, async (request) => {
      const ids = splitIds(request.query.ids);
      await binWrite(request, ids, async (tx) => (await tx.orm.delete(sysGatewayRoute).where(inBin(ids)).returning({ id: sysGatewayRoute.id })).length);
      return okMessage("删除成功!");
    }, { doc: { summary: "网关路由-回收站彻底删除" } }),
  ];
}

export const gatewayRouteEndpoints: Endpoint[] = [
  ...gatewayRouteCrud.endpoints.filter((served) => served !== ourList),
  ...jeecgClientEndpoints,
  endpoint("GET", `${gatewayRouteModule.api}/copyRoute`, gatewayRouteCrud.access.add, copyRoute, { doc: { summary: "网关路由-复制" } }),
  ...recycleBinEndpoints(),
];
