// The original JeecgBoot 3.3 client against the embedded backend (issue #16 part 2): each call it
// makes that once answered 404 or failed, made the way its api/manage.js makes it — getAction and
// postAction signed (X-Sign, X-TIMESTAMP; `_t` on every GET but getDictItems), putAction and
// deleteAction unsigned, the token and tenant headers on all — and the answer's shape checked
// against docs/spec/api-contract.md. On PGlite and, when it answers, PostgreSQL (issue #31's Done-when).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { unservedUrls, VUE2_MAPPED_URLS, VUE2_NOT_CALLED } from "../support/jeecg-client-urls";
import { originalClient } from "../support/vue2-client";

/** The envelope of contract §1. */
const envelope = (code: number) => ({ success: true, code, timestamp: expect.any(Number) });

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("the original JeecgBoot 3.3 client against the embedded backend on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let token: string;
  let client: ReturnType<typeof originalClient>;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    token = await loginToken(base);
    client = originalClient(base, token);
  });
  afterAll(async () => server?.close());

  it("has a route for every URL its mapped screens request (scripts/jeecg-client-urls.ts vue2), none for those never requested", async () => {
    const missing = await unservedUrls((url) => client.http(url), VUE2_MAPPED_URLS);
    expect(missing).toEqual(Object.keys(VUE2_NOT_CALLED).sort());
  });

  it("answers the role's 授权 tree at /sys/role/queryTreeList as at /sys/permission/queryTreeList", async () => {
    const answer = await client.getAction("/sys/role/queryTreeList");
    expect(answer.json).toMatchObject(envelope(200));
    const { treeList, ids } = answer.json.result;
    expect(Array.isArray(ids) && ids.length).toBeGreaterThan(10);
    expect(treeList[0]).toMatchObject({ key: expect.any(String), title: expect.any(String), slotTitle: expect.any(String), isLeaf: expect.any(Boolean) });
    const system = treeList.find((node: { title: string }) => node.title === "系统管理");
    expect(system.children.map((node: { title: string }) => node.title)).toContain("租户管理");
    const same = await client.getAction("/sys/permission/queryTreeList");
    expect(same.json.result).toEqual(answer.json.result);
  });

  it("refuses the tree to a user without the role or department page", async () => {
    const teacher = originalClient(base, await loginToken(base, "teacher_li", (await import("../support/constants")).TEST_DEMO_PASSWORD));
    const refused = await teacher.getAction("/sys/role/queryTreeList");
    expect(refused.json).toMatchObject({ success: false, code: 510 });
  });

  it("tells which third-party apps are enabled (none)", async () => {
    const answer = await client.getAction("/sys/thirdApp/getEnabledType");
    expect(answer.json).toMatchObject({ ...envelope(200), result: { wechatEnterprise: false, dingtalk: false } });
  });

  it("answers syncNotic as the original: success, code 0, no result", async () => {
    const answer = await client.getAction("/sys/annountCement/syncNotic");
    expect(answer.json).toMatchObject({ ...envelope(0), message: "", result: null });
  });

  it("serves the dictionaries activiti_sync and global_perms_type with the original's items", async () => {
    const sync = await client.getDictItems("activiti_sync");
    expect(sync.json).toMatchObject({ success: true, result: [{ value: "1", text: "同步" }, { value: "0", text: "不同步" }] });
    const perms = await client.getDictItems("global_perms_type");
    expect(perms.json.result.map((item: { value: string; title: string }) => [item.value, item.title])).toEqual([
      ["1", "可见/可访问(授权后可见/可访问)"],
      ["2", "可编辑(未授权时禁用)"],
    ]);
  });

  it("gives the menu the original client's component names", async () => {
    const answer = await client.getAction("/sys/permission/getUserPermissionByToken");
    const components: string[] = [];
    const walk = (nodes: Array<{ component?: string; children?: unknown[] }>) =>
      nodes.forEach((node) => {
        if (node.component) components.push(node.component);
        walk((node.children ?? []) as typeof nodes);
      });
    walk(answer.json.result.menu);
    expect(components).toEqual(expect.arrayContaining(["modules/message/SysMessageTemplateList", "modules/oss/OSSFileList", "system/SysUserOnlineList"]));
    expect(components).not.toContain("system/OSSFileList");
  });

  it("serves the tenant page's list and the tenants a form offers", async () => {
    const list = await client.getAction("/sys/tenant/list", { column: "createTime", order: "desc", field: "id,,,name,beginDate,endDate,status_dictText", pageNo: "1", pageSize: "10" });
    expect(list.json).toMatchObject({ ...envelope(200), result: { records: expect.any(Array), total: expect.any(Number), current: 1, size: 10 } });
    expect(list.json.result.records[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), status_dictText: expect.any(String) });
    const offered = await client.getAction("/sys/tenant/queryList");
    expect(offered.json).toMatchObject(envelope(200));
    expect(offered.json.result[0]).toMatchObject({ id: 1, name: expect.any(String), status: 1 });
  });

  it("serves the list endpoints of 校验规则, 数据规则, 文件存储 and 数据源管理", async () => {
    for (const url of ["/sys/checkRule/list", "/sys/oss/file/list", "/sys/dataSource/list", "/sys/permissionDataRule/list"]) {
      const answer = await client.getAction(url, { pageNo: "1", pageSize: "10", column: "createTime", order: "desc" });
      expect(answer.json, url).toMatchObject({ ...envelope(200), result: { records: expect.any(Array), total: expect.any(Number) } });
    }
    const [menu] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_permission WHERE url = '/school/student'`);
    const rules = await client.getAction("/sys/permission/getPermRuleListByPermId", { permissionId: menu!.id });
    expect(rules.json).toMatchObject({ success: true, result: expect.any(Array) });
    const checked = await client.getAction("/sys/checkRule/checkByCode", { ruleCode: "common", value: encodeURIComponent("a1") });
    expect(checked.json).toMatchObject({ success: false, message: "最少输入3位数" });
    // 测试连接 of the original client (its online module's path): a refused port answers 无法连接,
    // the words of every network failure (docs/decisions/079).
    const tested = await client.postAction("/online/cgreport/api/testConnection", { dbUrl: "jdbc:postgresql://127.0.0.1:1/postgres", dbUsername: "postgres", dbPassword: "x" });
    expect(tested.json).toMatchObject({ success: false, message: "数据库连接失败：无法连接" });
  });

  describe("the announcement's 查看 page (/sys/annountCement/show/{id})", () => {
    let published: string;
    let draft: string;
    let toUser: string;
    beforeAll(async () => {
      const add = async (titile: string, extra: Record<string, unknown> = {}) => {
        const added = await client.postAction("/sys/annountCement/add", {
          titile,
          msgContent: '<p>请<strong>准时</strong>参加<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
          msgCategory: "1",
          msgType: "ALL",
          priority: "H",
          ...extra,
        });
        expect(added.json.success).toBe(true);
        const [row] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_announcement WHERE titile = ${titile}`);
        return row!.id;
      };
      published = await add("家长会通知");
      draft = await add("草稿通知");
      const [teacher] = await server.backend.db.rows<{ id: string }>(sql`SELECT id FROM sys_user WHERE username = 'teacher_li'`);
      toUser = await add("给李老师的通知", { msgType: "USER", userIds: `${teacher!.id},` });
      for (const id of [published, toUser]) expect((await client.getAction("/sys/annountCement/doReleaseData", { id })).json.success).toBe(true);
    });

    it("shows a published notice to everyone as a cleaned HTML page", async () => {
      const page = await fetch(`${base}/sys/annountCement/show/${published}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain("<h1>家长会通知</h1>");
      expect(html).toContain("紧急消息");
      expect(html).toContain("<strong>准时</strong>");
      expect(html).not.toMatch(/<script>alert|onerror/);
    });

    it("shows a draft only with an administrator's token, as the original's ?token=", async () => {
      expect((await fetch(`${base}/sys/annountCement/show/${draft}`)).status).toBe(404);
      const withToken = await fetch(`${base}/sys/annountCement/show/${draft}?token=${token}`);
      expect(withToken.status).toBe(200);
      expect(await withToken.text()).toContain("草稿通知");
    });

    it("shows a notice to named users only to them and its administrators, never anonymously", async () => {
      expect((await fetch(`${base}/sys/annountCement/show/${toUser}`)).status).toBe(404);
      const teacherToken = await loginToken(base, "teacher_li", (await import("../support/constants")).TEST_DEMO_PASSWORD);
      expect((await fetch(`${base}/sys/annountCement/show/${toUser}?token=${teacherToken}`)).status).toBe(200);
      expect((await fetch(`${base}/sys/annountCement/show/${draft}?token=${teacherToken}`)).status).toBe(404);
      expect((await fetch(`${base}/sys/annountCement/show/unknown-id`)).status).toBe(404);
    });
  });

  it("answers a teacher's /sys/user/list?username= with that user in the picker's columns (the notice pop-up's sender)", async () => {
    const teacher = originalClient(base, await loginToken(base, "teacher_li", (await import("../support/constants")).TEST_DEMO_PASSWORD));
    const answer = await teacher.getAction("/sys/user/list", { username: "dean_liu" });
    expect(answer.json).toMatchObject({ ...envelope(200), result: { records: [{ username: "dean_liu", realname: expect.any(String) }], total: 1 } });
    expect(answer.json.result.records[0]).not.toHaveProperty("phone");
    expect(answer.json.result.records[0]).not.toHaveProperty("email");
    // Exact, not contained: "dean" names nobody.
    expect((await teacher.getAction("/sys/user/list", { username: "dean" })).json.result.records).toEqual([]);
    // The user page's holder still gets 用户管理's own list.
    const full = await client.getAction("/sys/user/list", { username: "dean_liu" });
    expect(full.json.result.records[0]).toHaveProperty("phone");
  });

  it("answers a teacher's syncNotic with an anntId, and syncNotic after 撤销, with success", async () => {
    const teacher = originalClient(base, await loginToken(base, "teacher_li", (await import("../support/constants")).TEST_DEMO_PASSWORD));
    const added = await client.postAction("/sys/annountCement/add", { titile: "撤销后同步", msgContent: "<p>x</p>", msgCategory: "1", msgType: "ALL", priority: "M" });
    expect(added.json).toMatchObject({ success: true });
    const [notice] = (await client.getAction("/sys/annountCement/list", { titile: "撤销后同步" })).json.result.records as { id: string }[];
    expect((await client.getAction("/sys/annountCement/doReleaseData", { id: notice!.id })).json).toMatchObject({ success: true });
    expect((await teacher.getAction("/sys/annountCement/syncNotic", { anntId: notice!.id })).json).toMatchObject({ success: true, code: 0 });
    expect((await client.getAction("/sys/annountCement/doReovkeData", { id: notice!.id })).json).toMatchObject({ success: true });
    expect((await client.getAction("/sys/annountCement/syncNotic", { anntId: notice!.id })).json).toMatchObject({ success: true, code: 0 });
  });

  it("answers 工作台's four demo panels (/mock/api/…) empty, in the shapes dashboard/Workplace reads", async () => {
    expect((await client.http("/mock/api/list/search/projects")).json).toMatchObject({ ...envelope(200), result: { data: [] } });
    for (const panel of ["activity", "teams", "radar"]) expect((await client.http(`/mock/api/workplace/${panel}`)).json).toMatchObject({ ...envelope(200), result: [] });
    // Without a session, nothing (the page's right, as our own 工作台's figures).
    expect((await fetch(`${base}/mock/api/workplace/teams`)).status).not.toBe(200);
  });

  it("answers 填值规则's 功能测试 with the school's next number, without taking it", async () => {
    const tested = await client.getAction("/sys/fillRule/testFillRule", { ruleCode: "student_no" });
    expect(tested.json).toMatchObject({ ...envelope(200), result: expect.any(String) });
    expect((await client.getAction("/sys/fillRule/testFillRule", { ruleCode: "student_no" })).json.result).toBe(tested.json.result);
    expect((await client.getAction("/sys/fillRule/executeRuleByCode/student_no")).json.result).toBe(tested.json.result);
    expect((await client.getAction("/sys/fillRule/testFillRule", { ruleCode: "student_no" })).json.result).not.toBe(tested.json.result);
    expect((await client.getAction("/sys/fillRule/testFillRule", { ruleCode: "no_such_rule" })).json).toMatchObject({ success: false, message: "填值规则不存在: no_such_rule" });
  });

  it("reads and saves 部门管理's 部门权限 tab", async () => {
    const [depart] = (await client.getAction("/sys/sysDepart/queryTreeList")).json.result as { id: string }[];
    const { ids } = (await client.getAction("/sys/role/queryTreeList")).json.result as { ids: string[] };
    expect((await client.getAction("/sys/permission/queryDepartPermission", { departId: depart!.id })).json).toMatchObject({ ...envelope(200), result: [] });
    const saved = await client.postAction("/sys/permission/saveDepartPermission", { departId: depart!.id, permissionIds: ids.slice(0, 2).join(","), lastpermissionIds: "" });
    expect(saved.json).toMatchObject({ success: true, message: "保存成功！" });
    expect([...(await client.getAction("/sys/permission/queryDepartPermission", { departId: depart!.id })).json.result].sort()).toEqual(ids.slice(0, 2).sort());
  });
});
