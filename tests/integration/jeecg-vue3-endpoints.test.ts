// What the screens our menu maps to the JeecgBoot Vue 3 client call (issue #31 item 3), asked as its
// defHttp asks (tests/support/vue3-client.ts), answers read as its sources read them. The URL list
// is tests/support/jeecg-client-urls.ts, checked against a checkout by scripts/jeecg-client-urls.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { unservedUrls, VUE3_MAPPED_URLS, VUE3_NOT_YET_SERVED } from "../support/jeecg-client-urls";
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
    const missing = await unservedUrls((url) => client.get(url), VUE3_MAPPED_URLS);
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

  it("answers the tenant's roles at listByTenant, the caller's codes at getPermCode, and refuses the QR sign-in", async () => {
    const byTenant = await client.get("/sys/role/listByTenant", { pageNo: "1", pageSize: "50" });
    expect(byTenant.json).toMatchObject({ success: true, result: { records: expect.any(Array) } });
    expect(byTenant.json.result).toEqual((await client.get("/sys/role/list", { pageNo: "1", pageSize: "50" })).json.result);

    const codes = await client.get("/sys/permission/getPermCode");
    expect(codes.json).toMatchObject({ success: true, result: { codeList: expect.any(Array), auth: expect.any(Array), allAuth: expect.any(Array) } });
    expect(codes.json.result.codeList).toContain("user:add");
    expect(codes.json.result.codeList).toEqual(codes.json.result.auth.map((entry: { action: string }) => entry.action));

    const anonymous = vue3Client(server.url);
    expect((await anonymous.get("/sys/getLoginQrcode")).json).toMatchObject({ success: false, message: "本系统不支持扫码登录，请使用账号密码或手机号登录" });
    expect((await anonymous.get("/sys/getQrcodeToken", { qrcodeId: "x" })).json).toMatchObject({ success: false });
  });

  it("keeps a department's 部门权限 and its data rules, within the tenant and the saver's rights", async () => {
    type Node = { key: string; children?: Node[] };
    const tree = (await client.get("/sys/role/queryTreeList")).json.result as { treeList: Node[] };
    // A menu with children (never a button) and two of them.
    const menu = tree.treeList.find((node) => (node.children?.length ?? 0) >= 2)!;
    const [office] = (await client.get("/sys/sysDepart/queryDepartTreeSync")).json.result as { id: string }[];
    expect(office).toBeDefined();
    const empty = await client.get("/sys/permission/queryDepartPermission", { departId: office!.id });
    expect(empty.json).toMatchObject({ success: true, result: [] });

    const granted = [menu.children![0]!.key, menu.key, menu.children![1]!.key];
    const saved = await client.post("/sys/permission/saveDepartPermission", { departId: office!.id, permissionIds: granted.join(","), lastpermissionIds: "" });
    expect(saved.json).toMatchObject({ success: true, message: "保存成功！" });
    const read = await client.get("/sys/permission/queryDepartPermission", { departId: office!.id });
    expect([...read.json.result].sort()).toEqual([...granted].sort());
    // Only the difference is written: dropping one keeps the others.
    await client.post("/sys/permission/saveDepartPermission", { departId: office!.id, permissionIds: granted.slice(1).join(","), lastpermissionIds: granted.join(",") });
    expect([...(await client.get("/sys/permission/queryDepartPermission", { departId: office!.id })).json.result].sort()).toEqual(granted.slice(1).sort());

    // A menu's data rules for the department: listed, and kept once the menu is granted.
    const rule = await client.post("/sys/permission/addPermissionRule", {
      permissionId: granted[1], ruleName: "本部门", ruleColumn: "sys_org_code", ruleConditions: "=", ruleValue: "#{sys_org_code}", status: "1",
    });
    expect(rule.json).toMatchObject({ success: true, message: "添加成功!" });
    const rules = await client.get("/sys/permission/queryPermissionRule", { permissionId: granted[1]! });
    expect(rules.json).toMatchObject({ success: true, result: [{ ruleName: "本部门", permissionId: granted[1] }] });
    const ruleId = rules.json.result[0].id as string;
    const listed = await client.get(`/sys/sysDepartPermission/datarule/${granted[1]}/${office!.id}`);
    expect(listed.json).toMatchObject({ success: true, result: { datarule: [{ id: ruleId }] } });
    expect(listed.json.result.drChecked).toBeUndefined();
    const ungranted = await client.post("/sys/sysDepartPermission/datarule", { permissionId: granted[0], departId: office!.id, dataRuleIds: "" });
    expect(ungranted.json).toMatchObject({ success: false });
    const kept = await client.post("/sys/sysDepartPermission/datarule", { permissionId: granted[1], departId: office!.id, dataRuleIds: ruleId });
    expect(kept.json).toMatchObject({ success: true, message: "保存成功!" });
    expect((await client.get(`/sys/sysDepartPermission/datarule/${granted[1]}/${office!.id}`)).json.result.drChecked).toBe(ruleId);

    // Another tenant's department is unknown here; a teacher may neither read nor save.
    const secondCampus = vue3Client(server.url, { token: await loginToken(server.url), tenantId: "2" });
    const [campus] = (await secondCampus.get("/sys/sysDepart/queryDepartTreeSync")).json.result as { id: string }[];
    expect((await client.get("/sys/permission/queryDepartPermission", { departId: campus!.id })).json).toMatchObject({ success: false });
    expect((await client.post("/sys/permission/saveDepartPermission", { departId: campus!.id, permissionIds: granted.join(","), lastpermissionIds: "" })).json).toMatchObject({ success: false });
    expect((await secondCampus.get("/sys/permission/queryDepartPermission", { departId: campus!.id })).json.result).toEqual([]);
    const teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    expect((await teacher.get("/sys/permission/queryDepartPermission", { departId: office!.id })).json).toMatchObject({ success: false, code: 510 });
    expect((await teacher.post("/sys/permission/saveDepartPermission", { departId: office!.id, permissionIds: "", lastpermissionIds: granted[1]! })).json).toMatchObject({ success: false, code: 510 });
    expect([...(await client.get("/sys/permission/queryDepartPermission", { departId: office!.id })).json.result].sort()).toEqual(granted.slice(1).sort());
  });

  it("signs in after a third-party sign-in with the tenant the client appends, and refuses binding by text message", async () => {
    const anonymous = vue3Client(server.url);
    const unknown = await anonymous.get("/sys/thirdLogin/getLoginUser/no-such-ticket/github/1");
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ success: false, message: "登录凭证无效或已过期，请重新登录" });
    const sms = await anonymous.post("/sys/thirdSms", { mobile: "13800000000" });
    expect(sms.json).toMatchObject({ success: false, message: "本系统不支持以短信验证码绑定第三方账号，请使用账号密码绑定" });
  });

  it("keeps a role's 首页配置, which the Vue 3 client then opens for the role's users, within the tenant", async () => {
    type Node = { path: string; component?: string; meta: { title?: string }; children?: Node[] };
    const teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    const none = await client.get("/sys/sysRoleIndex/queryByCode", { roleCode: "teacher" });
    expect(none.json).toMatchObject({ success: true, result: null });
    expect((await teacher.get("/sys/user/getUserInfo")).json.result.userInfo.homePath).toBeUndefined();

    const form = { roleCode: "teacher", url: "teacher/home", component: "dashboard/workbench/index", route: true, priority: 1, status: "0" };
    expect((await teacher.post("/sys/sysRoleIndex/add", form)).json).toMatchObject({ success: false, code: 510 });
    expect((await client.post("/sys/sysRoleIndex/add", form)).json).toMatchObject({ success: true, message: "添加成功！" });
    const saved = await client.get("/sys/sysRoleIndex/queryByCode", { roleCode: "teacher" });
    expect(saved.json.result).toMatchObject({ id: expect.any(String), roleCode: "teacher", url: "/teacher/home", component: "dashboard/workbench/index", route: true, priority: 1, status: "0" });
    // Not enabled yet: the teacher's home is unchanged.
    expect((await teacher.get("/sys/user/getUserInfo")).json.result.userInfo.homePath).toBeUndefined();

    const edited = await client.post("/sys/sysRoleIndex/edit", { ...saved.json.result, status: "1" });
    expect(edited.json).toMatchObject({ success: true, message: "编辑成功!" });
    expect((await teacher.get("/sys/user/getUserInfo")).json.result.userInfo.homePath).toBe("/teacher/home");
    const menu = (await teacher.get("/sys/permission/getUserPermissionByToken")).json.result.menu as Node[];
    expect(menu.find((node) => node.meta.title === "首页")).toMatchObject({ path: "/teacher/home", component: "dashboard/workbench/index" });
    // Only the Vue 3 client is answered so; the stored menu keeps its 首页.
    const web = await call(server.url, "GET", "/sys/user/getUserInfo", { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    expect(web.json.result.userInfo.homePath).toBeUndefined();

    // Another tenant has no role of that code here; the cache has nothing to clear.
    const secondCampus = vue3Client(server.url, { token: await loginToken(server.url), tenantId: "2" });
    expect((await secondCampus.get("/sys/sysRoleIndex/queryByCode", { roleCode: "teacher" })).json).toMatchObject({ success: false });
    expect((await secondCampus.post("/sys/sysRoleIndex/edit", { ...saved.json.result, url: "/x" })).json).toMatchObject({ success: false });
    expect((await client.get("/sys/sysRoleIndex/cleanDefaultIndexCache")).json).toMatchObject({ success: true });
  });

  it("lists the tenant's users with their standing, and sets one as having left and back, with 冻结's rights", async () => {
    type Member = { id: string; username: string; userTenantStatus: string };
    const members = async (statuses: string, asker = client) =>
      (await asker.get("/sys/tenant/getUserTenantPageList", { userTenantStatus: statuses, pageNo: "1", pageSize: "100", column: "createTime", order: "desc" })).json;
    const working = await members("1,3,4");
    expect(working).toMatchObject({ success: true, result: { records: expect.any(Array), total: expect.any(Number) } });
    const chen = (working.result.records as Member[]).find((member) => member.username === "teacher_chen")!;
    expect(chen).toMatchObject({ userTenantStatus: "1", realname: expect.any(String) });
    const setStanding = (userId: string, status: string, asker = client) =>
      asker.put(`/sys/tenant/updateUserTenantStatus?${new URLSearchParams({ userId, status })}`, {});

    const teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    expect((await members("1,3,4", teacher))).toMatchObject({ success: false, code: 510 });
    expect((await setStanding(chen.id, "2", teacher)).json).toMatchObject({ success: false, code: 510 });
    const secondCampus = vue3Client(server.url, { token: await loginToken(server.url), tenantId: "2" });
    expect((await members("1,3,4", secondCampus)).result.records.map((member: Member) => member.username)).not.toContain("teacher_chen");
    expect((await setStanding(chen.id, "2", secondCampus)).json).toMatchObject({ success: false });

    expect((await setStanding(chen.id, "2")).json).toMatchObject({ success: true, message: "更新用户租户状态成功" });
    expect((await members("1,3,4")).result.records.map((member: Member) => member.username)).not.toContain("teacher_chen");
    expect((await members("2")).result.records).toEqual([expect.objectContaining({ username: "teacher_chen", userTenantStatus: "2", status: 2 })]);
    expect((await client.get("/sys/user/getQuitList")).json.result.map((member: Member) => member.username)).toContain("teacher_chen");
    expect((await setStanding(chen.id, "3")).json).toMatchObject({ success: false });

    expect((await setStanding(chen.id, "1")).json).toMatchObject({ success: true, message: "更新用户租户状态成功" });
    expect((await members("1,3,4")).result.records).toContainEqual(expect.objectContaining({ username: "teacher_chen", userTenantStatus: "1", status: 1 }));
    expect((await setStanding(chen.id, "1")).json).toMatchObject({ success: false, message: "所选用户未离职" });
  });

  it("deletes read messages from the reader's own 我的消息 only, and a notice to everyone does not come back", async () => {
    type Send = { id: string; anntId: string; readFlag: string };
    const release = async (title: string) => {
      expect((await client.post("/sys/annountCement/add", { titile: title, msgContent: "<p>正文</p>", msgCategory: "1", msgType: "ALL", priority: "M" })).json).toMatchObject({ success: true });
      const [notice] = (await client.get("/sys/annountCement/list", { titile: title, pageNo: "1", pageSize: "10" })).json.result.records as { id: string }[];
      expect((await client.get("/sys/annountCement/doReleaseData", { id: notice!.id })).json).toMatchObject({ success: true });
      return notice!.id;
    };
    const teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    const mine = async () => (await teacher.get("/sys/sysAnnouncementSend/getMyAnnouncementSend", { pageNo: "1", pageSize: "100" })).json.result.records as Send[];
    const first = await release(`待删消息一${kind}`);
    const second = await release(`待删消息二${kind}`);
    const sendOf = async (anntId: string) => (await mine()).find((row) => row.anntId === anntId)!;
    const one = await sendOf(first);
    expect(one).toMatchObject({ readFlag: "0" });

    // Unread: not deleted (JeecgBoot deletes read messages only); nor is someone else's.
    expect((await teacher.delete("/sys/sysAnnouncementSend/delete", { id: one.id })).json).toMatchObject({ success: false, message: "删除失败，该数据不存在或尚未标记为“已读”" });
    await teacher.put("/sys/sysAnnouncementSend/editByAnntIdAndUserId", { anntId: first });
    expect((await client.delete("/sys/sysAnnouncementSend/delete", { id: one.id })).json).toMatchObject({ success: false });
    expect((await teacher.delete("/sys/sysAnnouncementSend/delete", { id: one.id })).json).toMatchObject({ success: true, message: "删除成功!" });
    expect((await mine()).map((row) => row.anntId)).not.toContain(first);
    expect((await teacher.get("/sys/sysAnnouncementSend/getOne", { sendId: one.id })).json).toMatchObject({ success: false });
    // The notice itself stays readable to him.
    expect((await teacher.get("/sys/annountCement/queryById", { id: first })).json).toMatchObject({ success: true });

    const two = await sendOf(second);
    expect((await teacher.delete("/sys/sysAnnouncementSend/deleteBatch", { ids: two.id })).json).toMatchObject({ success: true, message: "已阅读的消息删除成功!" });
    expect((await mine()).map((row) => row.anntId)).toContain(second);
    await teacher.put("/sys/sysAnnouncementSend/readAll", {});
    expect((await teacher.delete("/sys/sysAnnouncementSend/deleteBatch", { ids: `${two.id},x` })).json).toMatchObject({ success: true });
    expect((await mine()).map((row) => row.anntId)).not.toContain(second);
    expect((await teacher.delete("/sys/sysAnnouncementSend/deleteBatch", { ids: "" })).json).toMatchObject({ success: false, message: "参数不识别！" });
  });
});
