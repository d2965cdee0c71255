// What the screens our menu maps to the JeecgBoot Vue 3 client call (issue #31 item 3), asked as its
// defHttp asks (tests/support/vue3-client.ts), answers read as its sources read them. The URL list
// is tests/support/jeecg-client-urls.ts, checked against a checkout by scripts/jeecg-client-urls.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { VUE3_MAPPED_URLS, VUE3_NOT_YET_SERVED } from "../support/jeecg-client-urls";
import { vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("the Vue 3 client's calls on %s", (kind) => {
  let server: TestBackend;
  let client: ReturnType<typeof vue3Client>;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    client = vue3Client(server.url, { token: await loginToken(server.url) });
  });
  afterAll(async () => server?.close());

  it.runIf(kind === "pglite")("has a route for every URL of the mapped screens but those listed as not yet served", async () => {
    const missing: string[] = [];
    for (const url of VUE3_MAPPED_URLS) {
      if (url === "/sys/logout") continue;
      const value = "/sys_user,realname,id";
      const answer = await client.get(url.replace("/*", value));
      // A base the client appends a value to elsewhere (`Api.getDictItems + '/' + code`).
      if (answer.status === 404 && (url.endsWith("/*") || (await client.get(`${url}${value}`)).status === 404)) missing.push(url);
    }
    expect(missing).toEqual(VUE3_NOT_YET_SERVED);
  });

  it("answers the user drawer's roles at queryallNoByTenant as at queryall", async () => {
    const answer = await client.get("/sys/role/queryallNoByTenant");
    expect(answer.json).toMatchObject({ success: true, result: expect.any(Array) });
    expect(answer.json.result[0]).toMatchObject({ id: expect.any(String), roleName: expect.any(String), roleCode: expect.any(String) });
    expect(answer.json.result).toEqual((await client.get("/sys/role/queryall")).json.result);
  });

  it("answers 菜单管理's default home page", async () => {
    const answer = await client.get("/sys/sysRoleIndex/queryDefIndex");
    expect(answer.json).toMatchObject({ success: true, result: { url: "/dashboard/analysis", component: "dashboard/Analysis", isRoute: true } });
  });

  it("answers the department tree, a department's path name and its (no) rank relations", async () => {
    const top = await client.get("/sys/sysDepart/queryDepartAndPostTreeSync");
    expect(top.json).toMatchObject({ success: true, result: expect.any(Array) });
    expect(top.json.result[0]).toMatchObject({ id: expect.any(String), key: expect.any(String), title: expect.any(String), isLeaf: expect.any(Boolean) });
    expect(top.json.result).toEqual((await client.get("/sys/sysDepart/queryDepartTreeSync")).json.result);
    const parent = top.json.result.find((node: { isLeaf: boolean }) => !node.isLeaf);
    const children = await client.get("/sys/sysDepart/queryDepartAndPostTreeSync", { pid: parent.id });
    const child = children.json.result[0];
    const path = await client.get("/sys/sysDepart/getDepartPathNameByOrgCode", { orgCode: child.orgCode, depId: "" });
    expect(path.json).toMatchObject({ success: true, result: `${parent.title}/${child.title}` });
    const byId = await client.get("/sys/sysDepart/getDepartPathNameByOrgCode", { depId: child.id });
    expect(byId.json.result).toBe(`${parent.title}/${child.title}`);
    const ranks = await client.get("/sys/sysDepart/getRankRelation", { departId: child.id });
    expect(ranks.json).toMatchObject({ success: true, result: [] });
  });

  it("offers the user form's tenants from sys_tenant,name,id: only the tenant the caller works in", async () => {
    const items = await client.get("/sys/dict/loadDict/sys_tenant,name,id", { keyword: "", pageSize: "10" });
    expect(items.json).toMatchObject({ success: true });
    expect(items.json.result.map((item: { value: string }) => item.value)).toEqual(["1"]);
    const one = await client.get("/sys/dict/loadDictItem/sys_tenant,name,id", { key: "1,2" });
    expect(one.json).toMatchObject({ success: true, result: [expect.any(String)] });
  });
});
