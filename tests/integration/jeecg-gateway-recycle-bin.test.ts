// 网关路由's 复制 and 回收站 as the JeecgBoot Vue 3 client v3.9.3 drives them (issue #31, docs/decisions/158):
// monitor/route's route.api.ts calls `copyRoute?id=` (GET), `delete?id=` (DELETE), `deleteList` (GET, the
// bin's table reads the array), `putRecycleBin` {ids} (PUT) and `deleteRecycleBin?ids=` (DELETE). Requests
// as the client sends them (tests/support/vue3-client.ts), on PGlite and (when reachable) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { GatewayRouteMessages } from "#contract/modules/gateway-route";
import { Messages } from "#contract/messages";
import { formatSchoolDateTime } from "../../backend/clock";
import { stableId } from "../../backend/db/ids";
import { GATEWAY_ROUTES_KEY, webEventsOf } from "../../backend/realtime/web-events";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

const text = (value: unknown) => JSON.stringify(value);

interface JeecgRoute {
  id: string;
  routerId: string;
  name: string;
  uri: string;
  status: number;
  predicates: Array<{ name: string; args: string[] }>;
  filters: Array<{ name: string; args: Array<{ key: string; value: string }> }>;
}

describe.each(databases)("网关路由 复制 and 回收站 on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  let vue3: ReturnType<typeof vue3Client>;
  const published = async (): Promise<Array<{ routerId: string; prefix: string }>> =>
    JSON.parse((await webEventsOf(server.backend.services).get(GATEWAY_ROUTES_KEY)) ?? "[]");
  const listed = async (): Promise<JeecgRoute[]> => (await vue3.get("/sys/gatewayRoute/list")).json.result;
  const inBin = async (): Promise<JeecgRoute[]> => (await vue3.get("/sys/gatewayRoute/deleteList")).json.result;
  const rows = (query: ReturnType<typeof sql>) => server.backend.db.rows<Record<string, unknown>>(query);

  /** RouteModal's save of a new route (id '', status 1), with StripPrefix over its two segments. */
  async function addRoute(routerId: string, path: string, name = "订单服务"): Promise<JeecgRoute> {
    const router = {
      id: "",
      routerId,
      name,
      uri: "http://127.0.0.1:9/orders",
      status: 1,
      predicates: text([{ name: "Path", args: [path] }]),
      filters: text([{ name: "StripPrefix", args: [{ key: "parts", value: "2" }] }]),
    };
    expect((await vue3.post("/sys/gatewayRoute/updateAll", { router })).json).toMatchObject({ success: true });
    return (await listed()).find((route) => route.routerId === routerId)!;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
    vue3 = vue3Client(server.url, { token: admin });
  });
  afterAll(async () => server?.close());

  it("copies a route as JeecgBoot names it: a new id, `_copy_MMdd`, disabled, our 路由ID and path suffixed alike", async () => {
    const source = await addRoute("orders", "/orders/api/**");
    const copied = await vue3.get("/sys/gatewayRoute/copyRoute", { id: source.id });
    expect(copied.json).toMatchObject({ success: true });
    const day = formatSchoolDateTime(new Date());
    const suffix = `_copy_${day.slice(5, 7)}${day.slice(8, 10)}`;
    const copy = (await listed()).find((route) => route.name === `订单服务${suffix}`)!;
    expect(copy).toMatchObject({
      routerId: `orders${suffix}`,
      uri: source.uri,
      status: 0,
      predicates: [{ name: "Path", args: [`/orders/api${suffix}/**`] }],
      // As many segments as the source's path: its StripPrefix still strips the whole prefix.
      filters: [{ name: "StripPrefix", args: [{ key: "parts", value: "2" }] }],
    });
    expect(copy.id).not.toBe(source.id);
    expect(copied.json.result).toMatchObject({ id: copy.id, routerId: copy.routerId });
    // Disabled: the web servers do not apply it.
    expect((await published()).map((route) => route.routerId)).toEqual(expect.arrayContaining(["orders"]));
    expect((await published()).map((route) => route.routerId)).not.toContain(copy.routerId);

    // The same day again: JeecgBoot's four random digits.
    expect((await vue3.get("/sys/gatewayRoute/copyRoute", { id: source.id })).json).toMatchObject({ success: true });
    const copies = (await listed()).filter((route) => route.name.startsWith("订单服务_copy_"));
    expect(copies).toHaveLength(2);
    expect(copies.map((route) => route.name)).toContainEqual(expect.stringMatching(/^订单服务_copy_\d{4}$/));
    expect(new Set(copies.map((route) => route.routerId)).size).toBe(2);

    const missing = await vue3.get("/sys/gatewayRoute/copyRoute", { id: "no-such-route" });
    expect(missing.json).toMatchObject({ success: false, message: GatewayRouteMessages.notFound });
  });

  it("gives each of many copies at once its own name, 路由ID and path", async () => {
    const source = await addRoute("burst", "/burst/x/**", "并发");
    const answers = await Promise.all(Array.from({ length: 8 }, () => vue3.get("/sys/gatewayRoute/copyRoute", { id: source.id })));
    expect(answers.map((answer) => answer.json.success)).toEqual(Array(8).fill(true));
    const copies = await rows(sql`select name, router_id, predicates, status from sys_gateway_route where router_id like 'burst_copy_%'`);
    expect(copies).toHaveLength(8);
    expect(new Set(copies.map((copy) => copy.name)).size).toBe(8);
    expect(new Set(copies.map((copy) => copy.predicates)).size).toBe(8);
    expect(copies.every((copy) => copy.status === 0)).toBe(true);
  });

  it("puts a deleted route in the bin, restores it, and deletes it for good", async () => {
    const route = await addRoute("binned", "/binned/api/**");
    expect((await published()).map((published) => published.routerId)).toContain("binned");

    // route.api.ts deleteRoute: DELETE with the id joined to the URL.
    expect((await vue3.delete("/sys/gatewayRoute/delete", { id: route.id })).json).toMatchObject({ success: true });
    expect((await listed()).map((listedRoute) => listedRoute.id)).not.toContain(route.id);
    expect((await published()).map((published) => published.routerId)).not.toContain("binned");
    // The bin's table (columns routerId, name, uri, status) reads the route in the client's shape.
    expect((await inBin()).find((binned) => binned.id === route.id)).toMatchObject({
      routerId: "binned",
      name: "订单服务",
      status: 1,
      predicates: [{ name: "Path", args: ["/binned/api/**"] }],
    });
    // Our web app's answer keeps our shape.
    const ours = await call(server.url, "GET", "/sys/gatewayRoute/deleteList", { token: admin, headers: { Accept: "application/json" } });
    expect(ours.json.result.find((binned: { id: string }) => binned.id === route.id)).toMatchObject({ predicates: "/binned/api/**", stripPrefix: 1 });
    // Neither opened nor edited while in the bin.
    expect((await vue3.get("/sys/gatewayRoute/queryById", { id: route.id })).json.success).toBe(false);

    // Its 路由ID and path stay taken, in words.
    const again = await vue3.post("/sys/gatewayRoute/updateAll", {
      router: { id: "", routerId: "binned_new", name: "新", uri: "http://127.0.0.1:9", status: 1, predicates: text([{ name: "Path", args: ["/binned/api/**"] }]), filters: "[]" },
    });
    expect(again.json).toMatchObject({ success: false, message: GatewayRouteMessages.pathInRecycleBin("/binned/api/**") });

    // 还原 (putRecycleBin {ids}): listed and applied again at once.
    expect((await vue3.put("/sys/gatewayRoute/putRecycleBin", { ids: route.id })).json).toMatchObject({ success: true, message: "还原成功" });
    expect((await listed()).find((listedRoute) => listedRoute.id === route.id)).toMatchObject({ routerId: "binned", status: 1 });
    expect((await published()).map((published) => published.routerId)).toContain("binned");
    expect((await inBin()).map((binned) => binned.id)).not.toContain(route.id);
    // Only what is in the bin is restored or deleted for good.
    expect((await vue3.put("/sys/gatewayRoute/putRecycleBin", { ids: route.id })).json).toMatchObject({ success: false, message: GatewayRouteMessages.notInRecycleBin });
    expect((await vue3.delete(`/sys/gatewayRoute/deleteRecycleBin?ids=${route.id}`)).json).toMatchObject({ success: false, message: GatewayRouteMessages.notInRecycleBin });
    expect(await rows(sql`select id from sys_gateway_route where id = ${route.id}`)).toHaveLength(1);

    // 彻底删除 (deleteRecycleBin?ids=, the id in the URL as the client builds it).
    await vue3.delete("/sys/gatewayRoute/delete", { id: route.id });
    expect((await vue3.delete(`/sys/gatewayRoute/deleteRecycleBin?ids=${route.id}`)).json).toMatchObject({ success: true, message: "删除成功!" });
    expect(await rows(sql`select id from sys_gateway_route where id = ${route.id}`)).toHaveLength(0);
    expect((await inBin()).map((binned) => binned.id)).not.toContain(route.id);
    // The path is free again.
    expect((await addRoute("binned_new", "/binned/api/**")).routerId).toBe("binned_new");
  });

  it("restores nothing whose path the app has taken since, in one transaction", async () => {
    const kept = await addRoute("keep_one", "/keep-one/x/**");
    await vue3.delete("/sys/gatewayRoute/delete", { id: kept.id });
    // A route that lost its path to a menu page while in the bin (inserted as an older release could have).
    await rows(sql`insert into sys_gateway_route (id, router_id, name, uri, predicates, strip_prefix, status, del_flag)
                   values ('gw-bin-reserved', 'reserved_one', '保留', 'http://127.0.0.1:9', '/isystem/x/**', 0, 1, 1)`);
    const restored = await vue3.put("/sys/gatewayRoute/putRecycleBin", { ids: `${kept.id},gw-bin-reserved` });
    expect(restored.json).toMatchObject({ success: false, message: GatewayRouteMessages.reserved("isystem") });
    expect((await inBin()).map((binned) => binned.id)).toEqual(expect.arrayContaining([kept.id, "gw-bin-reserved"]));
  });

  it("holds the rights of the route endpoints: the add and delete buttons, and a platform administrator only", async () => {
    const route = await addRoute("rights", "/rights/x/**");
    await vue3.delete("/sys/gatewayRoute/delete", { id: route.id });
    const dean = vue3Client(server.url, { token: await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD) });
    expect((await dean.get("/sys/gatewayRoute/copyRoute", { id: route.id })).json).toMatchObject({ success: false, code: 510, message: Messages.noPermission });
    expect((await dean.put("/sys/gatewayRoute/putRecycleBin", { ids: route.id })).json).toMatchObject({ success: false, code: 510, message: Messages.noPermission });
    expect((await dean.delete(`/sys/gatewayRoute/deleteRecycleBin?ids=${route.id}`)).json).toMatchObject({ success: false, code: 510, message: Messages.noPermission });
    expect((await dean.get("/sys/gatewayRoute/deleteList")).json).toMatchObject({ success: false, code: 510 });

    const grants = [stableId("menu", "/isystem/gatewayRoute"), ...["add", "delete"].map((action) => stableId("button", `gatewayRoute:${action}`))];
    for (const permissionId of grants)
      await rows(
        sql`INSERT INTO sys_role_permission (id, role_id, permission_id) SELECT ${stableId("test-bin", permissionId)}, id, ${permissionId} FROM sys_role WHERE role_code = 'office' AND tenant_id = 1`,
      );
    const granted = vue3Client(server.url, { token: await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD) });
    for (const answer of [
      await granted.get("/sys/gatewayRoute/copyRoute", { id: route.id }),
      await granted.get("/sys/gatewayRoute/deleteList"),
      await granted.put("/sys/gatewayRoute/putRecycleBin", { ids: route.id }),
      await granted.delete(`/sys/gatewayRoute/deleteRecycleBin?ids=${route.id}`),
    ]) {
      expect(answer.json).toMatchObject({ success: false, message: GatewayRouteMessages.platformOnly });
    }
    expect(await rows(sql`select del_flag from sys_gateway_route where id = ${route.id}`)).toEqual([{ del_flag: 1 }]);
    expect(await rows(sql`select id from sys_gateway_route where router_id like 'rights_copy_%'`)).toHaveLength(0);
  });
});
