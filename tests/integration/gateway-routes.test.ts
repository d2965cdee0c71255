// 网关路由 (/sys/gatewayRoute, issue #16 part 1; docs/decisions/061): only a platform administrator
// manages routes; targets are http(s) only; no route takes a path of the app's own; every change
// rewrites the enabled routes for the web servers and tells them (web event `gatewayRoutes`), and
// writes to menus or grants tell them to forget cached permissions (docs/decisions/062).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { GatewayRouteMessages, gatewayTarget, matchGatewayRoute, type GatewayRoute } from "#contract/modules/gateway-route";
import { stableId } from "../../backend/db/ids";
import { GATEWAY_ROUTES_KEY, webEventsOf, type WebEventKind } from "../../backend/realtime/web-events";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

describe("网关路由", () => {
  let server: TestBackend;
  let admin: string;
  let dean: string;
  const heard: WebEventKind[] = [];
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const published = async () => JSON.parse((await webEventsOf(server.backend.services).get(GATEWAY_ROUTES_KEY)) ?? "null") as GatewayRoute[] | null;

  beforeAll(async () => {
    server = await startTestBackend("pglite");
    admin = await loginToken(server.url);
    const grants = [stableId("menu", "/isystem/gatewayRoute"), ...["add", "edit", "delete"].map((action) => stableId("button", `gatewayRoute:${action}`))];
    for (const permissionId of grants)
      await server.backend.db.rows(
        sql`INSERT INTO sys_role_permission (id, role_id, permission_id) SELECT ${stableId("test", permissionId)}, id, ${permissionId} FROM sys_role WHERE role_code = 'office' AND tenant_id = 1`,
      );
    dean = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    webEventsOf(server.backend.services).subscribe((kind) => heard.push(kind));
  });
  afterAll(async () => server?.close());

  const route = { routerId: "demo", name: "示例服务", predicates: "/demo-svc/**", uri: "http://127.0.0.1:9/base", stripPrefix: 1, status: 1 };

  it("adds a route, publishes the enabled routes and tells the web servers", async () => {
    expect(await published()).toEqual([]);
    const added = await send(admin, "POST", "/sys/gatewayRoute/add", route);
    expect(added.json).toMatchObject({ success: true });
    await expect.poll(() => heard.includes("gatewayRoutes")).toBe(true);
    expect(await published()).toEqual([{ routerId: "demo", prefix: "/demo-svc", uri: "http://127.0.0.1:9/base", stripPrefix: true }]);
    const list = await send(admin, "GET", "/sys/gatewayRoute/list");
    expect(list.json.result.records[0]).toMatchObject({ routerId: "demo", status: 1, status_dictText: "有效", stripPrefix_dictText: "是" });

    const id = list.json.result.records[0].id as string;
    heard.length = 0;
    const disabled = await send(admin, "PUT", "/sys/gatewayRoute/edit", { ...route, id, status: 0, updateTime: list.json.result.records[0].updateTime ?? "" });
    expect(disabled.json.success).toBe(true);
    await expect.poll(() => heard.includes("gatewayRoutes")).toBe(true);
    expect(await published()).toEqual([]);
  });

  it("refuses targets other than http and https, and paths of the app's own or of a menu", async () => {
    for (const uri of ["ftp://127.0.0.1/", "javascript:alert(1)", "file:///etc/passwd", "127.0.0.1:8080"]) {
      const answer = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "bad_uri", predicates: "/bad/**", uri });
      expect(answer.json.success, uri).toBe(false);
    }
    // Dot segments, plain or encoded, in the target or the path, refused in words that say why
    // (issue #27 item 5).
    const dottedTargets = [
      "http://127.0.0.1:9/a/../jeecg-boot", "http://127.0.0.1:9/a/%2e%2e/b", "http://127.0.0.1:9/a/%2E%2E", "http://127.0.0.1:9/./a",
      "http://127.0.0.1:9/a/%2fjeecg-boot", "http://127.0.0.1:9/a%2F..", "http://127.0.0.1:9/a/%252e%252e/b", "http://127.0.0.1:9/a/%5c",
      "http://127.0.0.1:9/a\\b", "http://127.0.0.1:9/a/.%2e/b",
    ];
    for (const uri of dottedTargets) {
      const answer = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "dot_uri", predicates: "/dot/**", uri });
      expect(answer.json, uri).toMatchObject({ success: false, message: GatewayRouteMessages.dotInTarget });
    }
    for (const predicates of ["/dot/../jeecg-boot/**", "/dot/..", "/dot/./x/**", "/dot..x/**", "/./dot/**"]) {
      const answer = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "dot_path", predicates });
      expect(answer.json, predicates).toMatchObject({ success: false, message: GatewayRouteMessages.dotInPath });
    }
    // A path takes no percent sign at all, encoded dot or not.
    for (const predicates of ["/dot/%2e%2e/**", "/dot/%2f/**"]) {
      const answer = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "dot_path", predicates });
      expect(answer.json, predicates).toMatchObject({ success: false, message: "路径须以/开头，只能含字母、数字和 . _ ~ -，如 /demo/**" });
    }
    // An edit is held to the same rule, and the stored target stays.
    const records = (await send(admin, "GET", "/sys/gatewayRoute/list")).json.result.records as Array<Record<string, string>>;
    const stored = records.find((record) => record.routerId === "demo")!;
    const edited = await send(admin, "PUT", "/sys/gatewayRoute/edit", {
      ...route, id: stored.id, uri: "http://127.0.0.1:9/base/%2e%2e/admin", updateTime: stored.updateTime ?? "",
    });
    expect(edited.json).toMatchObject({ success: false, message: GatewayRouteMessages.dotInTarget });
    expect((await server.backend.db.rows<{ uri: string }>(sql`SELECT uri FROM sys_gateway_route WHERE router_id = 'demo'`))[0]!.uri).toBe(stored.uri);
    // Dots that are no segment of their own stay allowed.
    const dotted = await send(admin, "POST", "/sys/gatewayRoute/add", {
      ...route, routerId: "dotted_names", predicates: "/files.v2/**", uri: "http://files.example.internal:9/static/v1.2/.well-known", status: 0,
    });
    expect(dotted.json.success).toBe(true);
    for (const predicates of ["/jeecg-boot/**", "/api/**", "/assets/**", "/isystem/x/**", "/healthz"]) {
      const answer = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "bad_path", predicates });
      expect(answer.json, predicates).toMatchObject({ success: false, message: GatewayRouteMessages.reserved(predicates.split("/")[1]!) });
    }
    await server.backend.db.rows(
      sql`INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, del_flag) VALUES ('gw-menu', '', '自定义', '/custompage/list', 'x', 1, 1, 0)`,
    );
    const shadow = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "menu_path", predicates: "/custompage/**" });
    expect(shadow.json).toMatchObject({ success: false, message: GatewayRouteMessages.reserved("custompage") });
    const relative = await send(admin, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "rel", predicates: "demo/**" });
    expect(relative.json.success).toBe(false);
  });

  it("refuses everyone but a platform administrator, whatever his buttons", async () => {
    const added = await send(dean, "POST", "/sys/gatewayRoute/add", { ...route, routerId: "dean", predicates: "/dean/**" });
    expect(added.json).toMatchObject({ success: false, code: 510, message: GatewayRouteMessages.platformOnly });
    const list = await send(dean, "GET", "/sys/gatewayRoute/list");
    expect(list.json).toMatchObject({ success: false, message: GatewayRouteMessages.platformOnly });
    const [row] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_gateway_route WHERE router_id = 'demo'`);
    const removed = await send(dean, "DELETE", `/sys/gatewayRoute/delete?id=${row!.id}`);
    expect(removed.json).toMatchObject({ success: false, message: GatewayRouteMessages.platformOnly });
  });

  it("tells the web servers to forget permissions after a write to menus or grants, not after a read", async () => {
    heard.length = 0;
    await send(admin, "GET", "/sys/permission/list");
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).not.toContain("permissions");
    const [role] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_role WHERE role_code = 'office' AND tenant_id = 1`);
    const saved = await send(admin, "POST", "/sys/permission/saveRolePermission", { roleId: role!.id, permissionIds: stableId("menu", "/isystem/gatewayRoute"), lastpermissionIds: "" });
    expect(saved.json.success).toBe(true);
    await expect.poll(() => heard.includes("permissions")).toBe(true);
  });

  it("matches the longest prefix and strips it", () => {
    const routes: GatewayRoute[] = [
      { routerId: "a", prefix: "/svc", uri: "http://h:1/base/", stripPrefix: true },
      { routerId: "b", prefix: "/svc/deep", uri: "https://h:2", stripPrefix: false },
    ];
    expect(matchGatewayRoute(routes, "/svcx")).toBeNull();
    expect(matchGatewayRoute(routes, "/svc")!.routerId).toBe("a");
    expect(gatewayTarget(matchGatewayRoute(routes, "/svc/x/y")!, "/svc/x/y?q=1")).toBe("http://h:1/base/x/y?q=1");
    expect(gatewayTarget(matchGatewayRoute(routes, "/svc/deep/z")!, "/svc/deep/z")).toBe("https://h:2/svc/deep/z");
  });
});
