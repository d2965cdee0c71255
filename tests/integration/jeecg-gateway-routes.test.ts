// 网关路由 as both JeecgBoot clients drive it (issue #31, docs/decisions/153): the Vue 2 client's
// SysGatewayRouteList and GateWayRouteModal (3.3.0) and the Vue 3 client's monitor/route (v3.7.0,
// v3.9.3). Their list reads JeecgBoot's route (predicates and filters as lists), their form posts
// `gatewayRoute/updateAll` {router} with both as JSON text; our route is a path and a target.
// Requests as the clients send them (tests/support/vue2-client.ts, vue3-client.ts), answers read
// as their sources read them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { GatewayRouteMessages } from "#contract/modules/gateway-route";
import { Messages } from "#contract/messages";
import { STALE_EDIT_MESSAGE } from "../../backend/crud/stale-edit";
import { stableId } from "../../backend/db/ids";
import { GATEWAY_ROUTES_KEY, webEventsOf } from "../../backend/realtime/web-events";
import { JeecgRouteMessages } from "../../backend/modules/system/gateway-route/jeecg-route-shape";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { originalClient } from "../support/vue2-client";
import { vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

/** A predicate or filter list as the clients' forms send it (JSON.stringify of their arrays). */
const text = (value: unknown) => JSON.stringify(value);
/** The 限流过滤器 both clients' 添加过滤器 menu adds. */
const RATE_LIMITER = { name: "RequestRateLimiter", title: "限流过滤器", args: [{ key: "key-resolver", value: "#{@ipKeyResolver}" }, { key: "redis-rate-limiter.replenishRate", value: 20 }] };

describe.each(databases)("网关路由 from the JeecgBoot clients on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  let vue2: ReturnType<typeof originalClient>;
  let vue3: ReturnType<typeof vue3Client>;
  const published = async () => JSON.parse((await webEventsOf(server.backend.services).get(GATEWAY_ROUTES_KEY)) ?? "null");
  /** The Vue 2 list's query (JeecgListMixin.getQueryParams). */
  const vue2List = async () => (await vue2.getAction("/sys/gatewayRoute/list", { column: "createTime", order: "desc", field: "id,,,routerId,name,uri,status,action", pageNo: "1", pageSize: "10" })).json;
  const vue3List = async () => (await vue3.get("/sys/gatewayRoute/list", { pageNo: "1", pageSize: "10" })).json;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
    vue2 = originalClient(server.url, admin);
    vue3 = vue3Client(server.url, { token: admin });
  });
  afterAll(async () => server?.close());

  it("saves the Vue 2 form's new route, lists it in the client's shape, and edits it back", async () => {
    // GateWayRouteModal.getRouter(): no id, no status until the switch is touched.
    const router = { routerId: "jb_demo", name: "示例服务", uri: "http://127.0.0.1:9/base", predicates: text([{ name: "Path", args: ["/jb-demo/**"] }]), filters: text([]) };
    const saved = await vue2.postAction("/sys/gatewayRoute/updateAll", { router });
    expect(saved.json).toMatchObject({ success: true, message: "操作成功！" });
    expect(await published()).toContainEqual({ routerId: "jb_demo", prefix: "/jb-demo", uri: "http://127.0.0.1:9/base", stripPrefix: false });

    // `res.result.records || res.result`: JeecgBoot answers every route as a list.
    const list = await vue2List();
    expect(list).toMatchObject({ success: true, result: expect.any(Array) });
    const row = list.result.find((route: { routerId: string }) => route.routerId === "jb_demo");
    expect(row).toMatchObject({ id: expect.any(String), name: "示例服务", uri: "http://127.0.0.1:9/base", status: 1, predicates: [{ name: "Path", args: ["/jb-demo/**"] }], filters: [] });
    // Our web app's list keeps its page and its path text.
    const ours = await call(server.url, "GET", "/sys/gatewayRoute/list", { token: admin, headers: { Accept: "application/json" } });
    expect(ours.json.result.records.find((route: { routerId: string }) => route.routerId === "jb_demo")).toMatchObject({ predicates: "/jb-demo/**", stripPrefix: 0 });

    // show(record): status made a Boolean; handleSubmit: the record with predicates and filters as text.
    const { predicates, filters, ...rest } = row;
    const edited = await vue2.postAction("/sys/gatewayRoute/updateAll", { router: { ...rest, status: false, name: "示例服务二", predicates: text(predicates), filters: text(filters) } });
    expect(edited.json).toMatchObject({ success: true });
    expect((await vue2List()).result.find((route: { id: string }) => route.id === row.id)).toMatchObject({ name: "示例服务二", status: 0 });
    expect((await published()).map((route: { routerId: string }) => route.routerId)).not.toContain("jb_demo");
    // The same copy again: changed since it was listed.
    const stale = await vue2.postAction("/sys/gatewayRoute/updateAll", { router: { ...rest, predicates: text(predicates), filters: text(filters) } });
    expect(stale.json).toMatchObject({ success: false, message: STALE_EDIT_MESSAGE });
  });

  it("saves the Vue 3 drawer's route with StripPrefix as our stripped prefix, and answers clearRedis", async () => {
    // RouteModal.initRouter(): id '', status 1 (its switch's 1/0).
    const router = {
      id: "",
      routerId: "jb_strip",
      name: "去前缀",
      uri: "https://127.0.0.1:9",
      status: 1,
      predicates: text([{ name: "Path", args: ["/jb-strip/api/**"] }]),
      filters: text([{ name: "StripPrefix", args: [{ key: "parts", value: "2" }] }]),
    };
    expect((await vue3.post("/sys/gatewayRoute/updateAll", { router })).json).toMatchObject({ success: true });
    expect(await published()).toContainEqual({ routerId: "jb_strip", prefix: "/jb-strip/api", uri: "https://127.0.0.1:9", stripPrefix: true });
    const list = await vue3List();
    const row = list.result.find((route: { routerId: string }) => route.routerId === "jb_strip");
    expect(row).toMatchObject({ status: 1, predicates: [{ name: "Path", args: ["/jb-strip/api/**"] }], filters: [{ name: "StripPrefix", args: [{ key: "parts", value: "2" }] }] });

    // 清除缓存: nothing to clear, said so.
    expect((await vue2.getAction("/sys/gatewayRoute/clearRedis")).json).toMatchObject({ success: true, message: JeecgRouteMessages.cleared });
    expect((await vue3.get("/sys/gatewayRoute/clearRedis")).json).toMatchObject({ success: true, message: JeecgRouteMessages.cleared });
  });

  it("refuses in words the predicates and filters our gateway cannot honour, and our own path checks", async () => {
    const base = { id: "", routerId: "jb_bad", name: "不支持", uri: "http://127.0.0.1:9", status: 1, filters: text([]) };
    const path = { name: "Path", args: ["/jb-bad/**"] };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ predicates: text([path, { name: "Header", args: { header: "X-Test", regexp: ".*" } }]) }, JeecgRouteMessages.predicate("Header")],
      [{ predicates: text([{ name: "Method", args: ["GET"] }]) }, JeecgRouteMessages.predicate("Method")],
      [{ predicates: text([]) }, JeecgRouteMessages.noPath],
      [{ predicates: text([{ name: "Path", args: ["/jb-a/**", "/jb-b/**"] }]) }, JeecgRouteMessages.onePath],
      [{ predicates: text([path]), filters: text([RATE_LIMITER]) }, JeecgRouteMessages.filter("RequestRateLimiter")],
      [{ predicates: text([path]), filters: text([{ name: "StripPrefix", args: [{ key: "parts", value: "2" }] }]) }, JeecgRouteMessages.stripParts(1)],
      [{ predicates: "[{", filters: text([]) }, JeecgRouteMessages.badJson],
      [{ predicates: text([{ name: "Path", args: ["/sys/**"] }]) }, GatewayRouteMessages.reserved("sys")],
      [{ predicates: text([{ name: "Path", args: ["/jb-bad/../x/**"] }]) }, GatewayRouteMessages.dotInPath],
    ];
    for (const [change, message] of cases) {
      const answer = await vue3.post("/sys/gatewayRoute/updateAll", { router: { ...base, ...change } });
      expect(answer.json, message).toMatchObject({ success: false, message });
    }
    const answer = await vue2.postAction("/sys/gatewayRoute/updateAll", { router: { ...base, predicates: text([path]), uri: "ftp://127.0.0.1/" } });
    expect(answer.json).toMatchObject({ success: false });
    expect((await vue2List()).result.map((route: { routerId: string }) => route.routerId)).not.toContain("jb_bad");
  });

  it("holds the rights of our own endpoints: the buttons, and a platform administrator only", async () => {
    const router = { id: "", routerId: "jb_dean", name: "院长", uri: "http://127.0.0.1:9", status: 1, predicates: text([{ name: "Path", args: ["/jb-dean/**"] }]), filters: "[]" };
    const dean = vue3Client(server.url, { token: await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD) });
    expect((await dean.post("/sys/gatewayRoute/updateAll", { router })).json).toMatchObject({ success: false, code: 510, message: Messages.noPermission });
    expect((await dean.get("/sys/gatewayRoute/clearRedis")).json).toMatchObject({ success: false, code: 510 });

    const grants = [stableId("menu", "/isystem/gatewayRoute"), ...["add", "edit"].map((action) => stableId("button", `gatewayRoute:${action}`))];
    for (const permissionId of grants)
      await server.backend.db.rows(
        sql`INSERT INTO sys_role_permission (id, role_id, permission_id) SELECT ${stableId("test", permissionId)}, id, ${permissionId} FROM sys_role WHERE role_code = 'office' AND tenant_id = 1`,
      );
    const granted = vue3Client(server.url, { token: await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD) });
    expect((await granted.post("/sys/gatewayRoute/updateAll", { router })).json).toMatchObject({ success: false, code: 510, message: GatewayRouteMessages.platformOnly });
    expect((await granted.get("/sys/gatewayRoute/list")).json).toMatchObject({ success: false, message: GatewayRouteMessages.platformOnly });
    expect((await granted.get("/sys/gatewayRoute/clearRedis")).json).toMatchObject({ success: false, message: GatewayRouteMessages.platformOnly });
    const [row] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_gateway_route WHERE router_id = 'jb_strip'`);
    const edit = await granted.post("/sys/gatewayRoute/updateAll", { router: { ...router, id: row!.id, routerId: "jb_strip" } });
    expect(edit.json).toMatchObject({ success: false, message: GatewayRouteMessages.platformOnly });
  });
});
