// 部门管理's endpoints over real HTTP, on PGlite and (when reachable) PostgreSQL: the users of a
// department (departUserList with its sub-departments, editSysDepartWithUser,
// deleteUserInDepart(Batch)), all-or-nothing writes, the depart page and `depart:edit` checks per
// endpoint, tenant isolation, the post rule of the tree and the cascade of a department delete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("department administration on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const idOf = async (table: string, where: string) => ((await rows<{ id: string }>(`SELECT id FROM ${table} WHERE ${where}`))[0]?.id ?? "");
  const depart = (orgCode: string) => idOf("sys_depart", `org_code = '${orgCode}'`);
  const user = (username: string) => idOf("sys_user", `username = '${username}'`);
  const as = (token: string, headers: Record<string, string> = {}) => ({
    get: (path: string) => call(base, "GET", path, { token, headers }),
    send: (method: string, path: string, body?: unknown) => call(base, method, path, { token, headers, body }),
  });
  const usernames = (records: Array<{ username: string }>) => records.map((record) => record.username).sort();
  const members = async (departId: string) =>
    (await rows<{ username: string }>(`SELECT u.username FROM sys_user_depart ud JOIN sys_user u ON u.id = ud.user_id WHERE ud.dep_id = '${departId}' ORDER BY u.username`)).map(
      (row) => row.username,
    );

  /** A role granted `pages` and `buttons` in `tenant`, and a user with it who signs in. */
  async function staff(username: string, pages: string[], buttons: string[], tenant = "1"): Promise<string> {
    const headers = { "tenant-id": tenant };
    const roleCode = `${username}_role`;
    expect((await as(admin, headers).send("POST", "/sys/role/add", { roleCode, roleName: roleCode })).json.success).toBe(true);
    const roleId = await idOf("sys_role", `role_code = '${roleCode}'`);
    const permissionIds = [...pages.map((page) => stableId("menu", page)), ...buttons.map((code) => stableId("button", code))];
    const saved = await as(admin, headers).send("POST", "/sys/permission/saveRolePermission", { roleId, permissionIds: permissionIds.join(","), lastpermissionIds: "" });
    expect(saved.json.success).toBe(true);
    const added = await as(admin, headers).send("POST", "/sys/user/add", { username, realname: username, password: "Staff-2026!", selectedroles: roleId });
    expect(added.json.success).toBe(true);
    return loginTokenAfterChange(base, username, "Staff-2026!");
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  it("lists a department's users with those of its sub-departments, paged and searched by account", async () => {
    const academic = await depart("A01A02");
    const all = await as(admin).get(`/sys/user/departUserList?depId=${academic}&pageNo=1&pageSize=10`);
    expect(all.json).toMatchObject({ success: true, result: { total: 3, current: 1, size: 10 } });
    expect(usernames(all.json.result.records)).toEqual(["dean_liu", "teacher_chen", "teacher_li"]);
    const li = all.json.result.records.find((record: { username: string }) => record.username === "teacher_li");
    expect(li).toMatchObject({ orgCodeTxt: "小学部", sex_dictText: expect.any(String) });
    expect(li).not.toHaveProperty("password");

    // The original sends a plain account (`like %x%`); the list engine sends `*x*`.
    for (const username of ["teacher", "*teacher*"]) {
      const found = await as(admin).get(`/sys/user/departUserList?depId=${academic}&username=${encodeURIComponent(username)}`);
      expect(usernames(found.json.result.records)).toEqual(["teacher_chen", "teacher_li"]);
    }
    const paged = await as(admin).get(`/sys/user/departUserList?depId=${academic}&pageNo=2&pageSize=2&column=username&order=asc`);
    expect(paged.json.result).toMatchObject({ total: 3, current: 2 });
    expect(usernames(paged.json.result.records)).toEqual(["teacher_li"]);
    // A LIKE wildcard is a literal character.
    expect((await as(admin).get(`/sys/user/departUserList?depId=${academic}&username=%25`)).json.result.total).toBe(0);

    for (const query of ["", "depId=", "depId=no-such-depart"])
      expect((await as(admin).get(`/sys/user/departUserList?${query}`)).json).toMatchObject({ success: false, message: "未找到对应数据" });
  });

  it("adds existing users to a department once each, all or nothing", async () => {
    const office = await depart("A01A01");
    const [sun, zhao] = [await user("clerk_sun"), await user("cashier_zhao")];
    const added = await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: office, userIdList: [sun, zhao] });
    expect(added.json).toMatchObject({ success: true, message: "添加成功!" });
    // Adding again keeps one membership each.
    expect((await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: office, userIdList: [sun] })).json.success).toBe(true);
    expect(await members(office)).toEqual(["cashier_zhao", "clerk_sun", "principal_zhang"]);

    const admissions = await depart("A01A04");
    const mixed = await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: admissions, userIdList: [zhao, "no-such-user"] });
    expect(mixed.json).toMatchObject({ success: false, message: "所选用户不存在" });
    expect(await members(admissions)).toEqual(["clerk_sun"]);
    expect((await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: admissions, userIdList: [] })).json.message).toBe("请选择用户");
    expect((await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: "nowhere", userIdList: [zhao] })).json.message).toBe("未找到对应数据");
    // A deleted user cannot be added.
    const gone = await user("teacher_chen");
    await rows(`UPDATE sys_user SET del_flag = 1 WHERE id = '${gone}'`);
    expect((await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: admissions, userIdList: [gone] })).json.message).toBe("所选用户不存在");
    await rows(`UPDATE sys_user SET del_flag = 0 WHERE id = '${gone}'`);
  });

  it("removes direct memberships only, one or several at a time", async () => {
    const office = await depart("A01A01");
    const [sun, zhao, zhang] = [await user("clerk_sun"), await user("cashier_zhao"), await user("principal_zhang")];
    const one = await as(admin).send("DELETE", `/sys/user/deleteUserInDepart?depId=${office}&userId=${sun}`);
    expect(one.json).toMatchObject({ success: true, message: "删除成功!" });
    const again = await as(admin).send("DELETE", `/sys/user/deleteUserInDepart?depId=${office}&userId=${sun}`);
    expect(again.json).toMatchObject({ success: false, message: "当前选中部门与用户无关联关系!" });
    // teacher_li is listed under 教务处 through 小学部, but is not a member of 教务处 itself.
    const academic = await depart("A01A02");
    expect((await as(admin).send("DELETE", `/sys/user/deleteUserInDepart?depId=${academic}&userId=${await user("teacher_li")}`)).json.success).toBe(false);
    expect(await members(await depart("A01A02A01"))).toEqual(["teacher_li"]);

    const batch = await as(admin).send("DELETE", `/sys/user/deleteUserInDepartBatch?depId=${office}&userIds=${zhao},${zhang},`);
    expect(batch.json).toMatchObject({ success: true, message: "删除成功!" });
    expect(await members(office)).toEqual([]);
    expect((await as(admin).send("DELETE", `/sys/user/deleteUserInDepartBatch?depId=${office}&userIds=`)).json.message).toBe("请选择用户");
  });

  it("moves a user who leaves their current department to one they still have", async () => {
    const orgCode = async () => (await rows<{ org_code: string | null }>(`SELECT org_code FROM sys_user WHERE username = 'clerk_sun'`))[0]!.org_code;
    const sun = await user("clerk_sun");
    await rows(`UPDATE sys_user SET org_code = 'A01A05' WHERE id = '${sun}'`);
    // Leaving another department changes nothing.
    await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: await depart("A01A03"), userIdList: [sun] });
    await as(admin).send("DELETE", `/sys/user/deleteUserInDepart?depId=${await depart("A01A03")}&userId=${sun}`);
    expect(await orgCode()).toBe("A01A05");
    await as(admin).send("DELETE", `/sys/user/deleteUserInDepart?depId=${await depart("A01A05")}&userId=${sun}`);
    expect(await orgCode()).toBe("A01A04");
    await as(admin).send("DELETE", `/sys/user/deleteUserInDepartBatch?depId=${await depart("A01A04")}&userIds=${sun},`);
    expect(await orgCode()).toBeNull();
    await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: await depart("A01A05"), userIdList: [sun] });
    await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: await depart("A01A04"), userIdList: [sun] });
  });

  it("needs the department page to read and depart:edit to change memberships", async () => {
    const office = await depart("A01A05");
    const sun = await user("clerk_sun");
    const reader = await staff("qa_depart_reader", ["/isystem/depart"], []);
    const editor = await staff("qa_depart_editor", ["/isystem/depart"], ["depart:edit"]);
    const outsider = await staff("qa_depart_outsider", ["/isystem/user"], ["depart:edit"]);
    const refused = { success: false, code: 510 };

    expect((await as(reader).get(`/sys/user/departUserList?depId=${office}`)).json.success).toBe(true);
    expect((await as(outsider).get(`/sys/user/departUserList?depId=${office}`)).json).toMatchObject(refused);
    const writes = [
      ["POST", "/sys/user/editSysDepartWithUser", { depId: office, userIdList: [sun] }],
      ["DELETE", `/sys/user/deleteUserInDepart?depId=${office}&userId=${sun}`, undefined],
      ["DELETE", `/sys/user/deleteUserInDepartBatch?depId=${office}&userIds=${sun}`, undefined],
    ] as const;
    for (const [method, path, body] of writes) expect((await as(reader).send(method, path, body)).json, path).toMatchObject(refused);
    expect(await members(office)).toEqual(["clerk_sun"]);
    expect((await as(editor).send("DELETE", `/sys/user/deleteUserInDepart?depId=${office}&userId=${sun}`)).json.success).toBe(true);
    expect((await as(editor).send("POST", "/sys/user/editSysDepartWithUser", { depId: office, userIdList: [sun] })).json.success).toBe(true);
    // The department's own buttons: editing needs depart:edit, deleting depart:delete.
    expect((await as(reader).send("PUT", "/sys/sysDepart/edit", { id: office, departName: "改名" })).json).toMatchObject(refused);
    expect((await as(editor).send("DELETE", `/sys/sysDepart/delete?id=${office}`)).json).toMatchObject(refused);
    expect(await rows(`SELECT depart_name, del_flag FROM sys_depart WHERE id = '${office}'`)).toEqual([{ depart_name: "招生办公室", del_flag: "0" }]);
  });

  it("keeps each tenant to its own departments and users", async () => {
    const campus = await staff("qa_campus2", ["/isystem/depart"], ["depart:edit"], "2");
    const inTenant2 = as(campus, { "tenant-id": "2" });
    const tenant1Office = await depart("A01A01");
    const tenant2Office = await depart("A02A01");
    const li = await user("teacher_li");
    expect((await inTenant2.get(`/sys/user/departUserList?depId=${tenant1Office}`)).json.message).toBe("未找到对应数据");
    expect((await inTenant2.send("POST", "/sys/user/editSysDepartWithUser", { depId: tenant1Office, userIdList: [await user("qa_campus2")] })).json.message).toBe("未找到对应数据");
    // A tenant-1 user is unknown in tenant 2.
    expect((await inTenant2.send("POST", "/sys/user/editSysDepartWithUser", { depId: tenant2Office, userIdList: [li] })).json.message).toBe("所选用户不存在");
    expect((await inTenant2.send("DELETE", `/sys/user/deleteUserInDepart?depId=${tenant1Office}&userId=${li}`)).json.message).toBe("未找到对应数据");
    expect(await members(tenant2Office)).toEqual([]);
    const own = await inTenant2.send("POST", "/sys/user/editSysDepartWithUser", { depId: tenant2Office, userIdList: [await user("qa_campus2")] });
    expect(own.json.success).toBe(true);
    expect(usernames((await inTenant2.get(`/sys/user/departUserList?depId=${tenant2Office}`)).json.result.records)).toEqual(["qa_campus2"]);
  });

  it("keeps posts as leaves and deletes a department with its subtree and memberships", async () => {
    const root = await depart("A01");
    expect((await as(admin).send("POST", "/sys/sysDepart/add", { parentId: root, departName: "体育组", orgCategory: "2", departOrder: 3, mobile: "010-1234", fax: "010-5678", address: "体育馆", memo: "备注" })).json.success).toBe(true);
    const [sports] = await rows<{ id: string; org_code: string; org_category: string; depart_order: number; mobile: string }>(
      `SELECT id, org_code, org_category, depart_order, mobile FROM sys_depart WHERE depart_name = '体育组'`,
    );
    expect(sports).toMatchObject({ org_code: "A01A06", org_category: "2", depart_order: 3, mobile: "010-1234" });
    expect((await as(admin).send("POST", "/sys/sysDepart/add", { parentId: sports!.id, departName: "体育老师", orgCategory: "3" })).json.success).toBe(true);
    const coach = await depart("A01A06A01");
    const underPost = await as(admin).send("POST", "/sys/sysDepart/add", { parentId: coach, departName: "助教" });
    expect(underPost.json).toMatchObject({ success: false, message: "岗位下无法添加子级！" });

    const edited = await as(admin).send("PUT", "/sys/sysDepart/edit", { id: sports!.id, departName: "体育教研组", orgCode: "HACK", memo: "" });
    expect(edited.json.success).toBe(true);
    expect(await rows(`SELECT depart_name, org_code FROM sys_depart WHERE id = '${sports!.id}'`)).toEqual([{ depart_name: "体育教研组", org_code: "A01A06" }]);

    const li = await user("teacher_li");
    await as(admin).send("POST", "/sys/user/editSysDepartWithUser", { depId: coach, userIdList: [li] });
    await rows(`UPDATE sys_user SET org_code = 'A01A06A01' WHERE id = '${li}'`);
    const removed = await as(admin).send("DELETE", `/sys/sysDepart/deleteBatch?ids=${sports!.id},`);
    expect(removed.json.success).toBe(true);
    expect(await rows(`SELECT del_flag FROM sys_depart WHERE org_code LIKE 'A01A06%' ORDER BY org_code`)).toEqual([{ del_flag: "1" }, { del_flag: "1" }]);
    expect(await members(coach)).toEqual([]);
    // teacher_li keeps the other department, which becomes the current one.
    expect(await members(await depart("A01A02A01"))).toEqual(["teacher_li"]);
    expect(await rows(`SELECT org_code FROM sys_user WHERE id = '${li}'`)).toEqual([{ org_code: "A01A02A01" }]);
    expect((await as(admin).get(`/sys/user/departUserList?depId=${coach}`)).json.message).toBe("未找到对应数据");
  });
});
