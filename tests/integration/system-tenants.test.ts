// Tenant isolation (api-contract.md §2 tenant header, §10 "Endpoints that list users return only
// what the caller is allowed to see"): a tenant-2 user never reaches tenant-1 rows through lists,
// queryById, edit, delete, pickers or dictionary lookups; new rows get the caller's tenant. The
// tenant-2 administrator is set up through the API itself (role, grants, user), as a school would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { computeSign, formatSignTimestamp } from "#contract/sign";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const TENANT_2 = { "tenant-id": "2" };

describe.each(databases)("tenant isolation on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  /** The tenant-2-only administrator. */
  let other: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const idOf = async (table: string, where: string) => ((await rows<{ id: string }>(`SELECT id FROM ${table} WHERE ${where}`))[0]?.id ?? "");
  const as = (token: string, headers: Record<string, string> = {}) => ({
    get: (path: string) => call(base, "GET", path, { token, headers }),
    send: (method: string, path: string, body?: unknown) => call(base, method, path, { token, headers, body }),
    signed: (path: string, params: Record<string, string> = {}) => {
      const query = new URLSearchParams(params).toString();
      const sign = computeSign(path, params);
      return call(base, "GET", `${path}${query ? `?${query}` : ""}`, {
        token,
        headers: { ...headers, "X-Sign": sign, "X-TIMESTAMP": formatSignTimestamp() },
      });
    },
  });
  const names = (records: Array<{ username: string }>) => records.map((record) => record.username).sort();

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    const inTenant2 = as(admin, TENANT_2);
    expect((await inTenant2.send("POST", "/sys/role/add", { roleCode: "campus_admin", roleName: "分校管理员" })).json.success).toBe(true);
    const roleId = await idOf("sys_role", "role_code = 'campus_admin'");
    const pages = ["/isystem/user", "/isystem/roleUserList", "/isystem/position", "/isystem/depart"];
    const buttons = ["user:add", "user:edit", "user:delete", "user:batch_delete", "user:freeze", "role:edit", "role:delete", "position:add", "position:edit", "position:delete", "depart:add", "depart:delete"];
    const permissionIds = [...pages.map((page) => stableId("menu", page)), ...buttons.map((code) => stableId("button", code))];
    const saved = await inTenant2.send("POST", "/sys/permission/saveRolePermission", { roleId, permissionIds: permissionIds.join(","), lastpermissionIds: "" });
    expect(saved.json.success).toBe(true);
    const office = await idOf("sys_depart", "org_code = 'A02A01'");
    const added = await inTenant2.send("POST", "/sys/user/add", {
      username: "campus2_admin",
      realname: "分校管理员",
      password: "Campus-2026!",
      selectedroles: roleId,
      selecteddeparts: office,
    });
    expect(added.json.success).toBe(true);
    other = await loginTokenAfterChange(base, "campus2_admin", "Campus-2026!");
  });
  afterAll(async () => server?.close());

  it("gives a user added in tenant 2 only tenant 2, whatever the body says", async () => {
    expect(await rows(`SELECT rel_tenant_ids FROM sys_user WHERE username = 'campus2_admin'`)).toEqual([{ rel_tenant_ids: "2" }]);
    const added = await as(other).send("POST", "/sys/user/add", { username: "campus2_clerk", realname: "文员", password: "Pass-2026!", relTenantIds: "1,2" });
    expect(added.json.success).toBe(true);
    expect(await rows(`SELECT rel_tenant_ids FROM sys_user WHERE username = 'campus2_clerk'`)).toEqual([{ rel_tenant_ids: "2" }]);
    const login = await call(base, "POST", "/sys/login", { body: { username: "campus2_admin", password: "Campus-2026!x" } });
    expect(login.json.result.tenantList.map((tenant: { id: number }) => tenant.id)).toEqual([2]);
    expect(login.json.result.departs.map((depart: { orgCode: string }) => depart.orgCode)).toEqual(["A02A01"]);
  });

  it("lists only the tenant's users, and the other tenant lists none of them", async () => {
    const mine = await as(other).get("/sys/user/list?pageSize=100");
    expect(names(mine.json.result.records)).toEqual(["admin", "campus2_admin", "campus2_clerk", "principal_zhang"]);
    const principal = mine.json.result.records.find((user: { username: string }) => user.username === "principal_zhang");
    // Positions are per tenant: tenant 2 has no `principal` position, so the code stays itself.
    expect(principal).toMatchObject({ post: "principal", post_dictText: "principal" });
    const theirs = await as(admin).get("/sys/user/list?pageSize=100");
    expect(names(theirs.json.result.records)).not.toContain("campus2_admin");
    expect(names(theirs.json.result.records)).toContain("teacher_li");
  });

  it("treats another tenant's ids as unknown: queryById, edit, delete, deleteBatch, freeze, reset", async () => {
    const li = await idOf("sys_user", "username = 'teacher_li'");
    const user = as(other);
    expect((await user.get(`/sys/user/queryById?id=${li}`)).json.message).toBe("未找到对应数据");
    expect((await user.send("PUT", "/sys/user/edit", { id: li, realname: "被改" })).json.message).toBe("未找到对应数据");
    expect((await user.send("DELETE", `/sys/user/delete?id=${li}`)).json.message).toBe("未找到对应数据");
    expect((await user.send("DELETE", `/sys/user/deleteBatch?ids=${li},`)).json.message).toBe("未找到对应数据");
    expect((await user.send("PUT", "/sys/user/frozenBatch", { ids: li, status: 2 })).json.message).toBe("未找到对应数据");
    expect((await user.get(`/sys/user/queryUserRole?userid=${li}`)).json.message).toBe("未找到对应数据");
    expect(await rows(`SELECT realname, status, del_flag FROM sys_user WHERE id = '${li}'`)).toEqual([{ realname: "李明", status: 1, del_flag: 0 }]);

    const teacherRole = await idOf("sys_role", "role_code = 'teacher'");
    expect((await user.get(`/sys/role/queryById?id=${teacherRole}`)).json.message).toBe("未找到对应数据");
    expect((await user.send("PUT", "/sys/role/edit", { id: teacherRole, roleName: "被改的角色" })).json.message).toBe("未找到对应数据");
    expect((await user.send("DELETE", `/sys/role/delete?id=${teacherRole}`)).json.message).toBe("未找到对应数据");
    const position = await idOf("sys_position", "code = 'teacher'");
    expect((await user.send("DELETE", `/sys/position/delete?id=${position}`)).json.message).toBe("未找到对应数据");
    const depart = await idOf("sys_depart", "org_code = 'A01A01'");
    expect((await user.send("DELETE", `/sys/sysDepart/delete?id=${depart}`)).json.message).toBe("未找到对应数据");
    expect((await user.send("POST", "/sys/sysDepart/add", { departName: "偷挂", parentId: depart })).json.message).toBe("上级部门不存在");
    expect(await rows(`SELECT count(*)::int AS n FROM sys_depart WHERE id = '${depart}' AND del_flag = '0'`)).toEqual([{ n: 1 }]);
  });

  it("refuses roles and departments of another tenant for a user", async () => {
    const teacherRole = await idOf("sys_role", "role_code = 'teacher'");
    const depart = await idOf("sys_depart", "org_code = 'A01A01'");
    const user = as(other);
    expect((await user.send("POST", "/sys/user/add", { username: "campus2_x", realname: "x", password: "Pass-2026!", selectedroles: teacherRole })).json.message).toBe("所选角色不存在");
    expect((await user.send("POST", "/sys/user/add", { username: "campus2_y", realname: "y", password: "Pass-2026!", selecteddeparts: depart })).json.message).toBe("所选部门不存在");
  });

  it("answers pickers and lists of roles, positions and departments from the tenant only", async () => {
    const user = as(other);
    expect((await user.get("/sys/user/queryUserComponentData?username=teacher")).json.result.total).toBe(0);
    expect(await (await user.get("/sys/user/getMultiUser?username=teacher_li,campus2_clerk,")).json).toHaveLength(1);
    const li = await idOf("sys_user", "username = 'teacher_li'");
    expect((await user.get(`/sys/user/queryByIds?userIds=${li}`)).json.result).toEqual([]);
    const roles = await user.get("/sys/role/list?pageSize=100");
    // The second school's own roles: its administrator and its 审计员 (docs/decisions/146).
    expect(roles.json.result.records.map((role: { roleCode: string }) => role.roleCode).sort()).toEqual(["auditor", "campus_admin"]);
    expect((await user.get("/sys/role/queryall")).json.result.map((role: { roleCode: string }) => role.roleCode).sort()).toEqual(["auditor", "campus_admin"]);
    expect((await user.get("/sys/position/list")).json.result.total).toBe(0);
    const tree = await user.get("/sys/sysDepart/queryTreeList");
    expect(tree.json.result.map((node: { orgCode: string }) => node.orgCode)).toEqual(["A02"]);
    expect(tree.json.result[0].children.map((node: { orgCode: string }) => node.orgCode)).toEqual(["A02A01"]);
    expect((await user.get("/sys/sysDepart/queryIdTree")).json.result).toHaveLength(1);
    expect((await user.get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent("教务")}`)).json.message).toBe("未查询匹配数据！");
    const adminTree = await as(admin).get("/sys/sysDepart/queryTreeList");
    expect(adminTree.json.result.map((node: { orgCode: string }) => node.orgCode)).toEqual(["A01"]);
  });

  it("answers table dictionaries and tree data from the tenant only", async () => {
    const user = as(other);
    const items = await user.signed("/sys/dict/getDictItems/sys_user,realname,username");
    expect(items.json.success).toBe(true);
    const values = items.json.result.map((item: { value: string }) => item.value);
    expect(values).toContain("campus2_admin");
    expect(values).not.toContain("teacher_li");
    const search = await user.signed("/sys/dict/loadDict/sys_user,realname,username", { keyword: "李", pageSize: "10" });
    expect(search.json.result).toEqual([]);
    const texts = await user.signed("/sys/dict/loadDictItem/sys_user,realname,username", { key: "teacher_li,campus2_admin" });
    expect(texts.json.result).toEqual(["分校管理员"]);
    const tree = await user.signed("/sys/dict/loadTreeData", { pid: "", pidField: "parent_id", tableName: "sys_depart", text: "depart_name", code: "id" });
    expect(tree.json.result.map((node: { title: string }) => node.title)).toEqual(["上海国际学校"]);
  });

  it("keeps codes unique per tenant: the same position and role code in two tenants", async () => {
    const user = as(other);
    expect((await user.send("POST", "/sys/position/add", { code: "teacher", name: "分校教师" })).json.success).toBe(true);
    expect(await rows(`SELECT tenant_id FROM sys_position WHERE code = 'teacher' ORDER BY tenant_id`)).toEqual([{ tenant_id: 1 }, { tenant_id: 2 }]);
    expect((await user.get("/sys/duplicate/check?tableName=sys_position&fieldName=code&fieldVal=teacher")).json.success).toBe(false);
    expect((await user.get("/sys/duplicate/check?tableName=sys_role&fieldName=role_code&fieldVal=teacher")).json).toMatchObject({ success: true, message: "该值可用！" });
    expect((await as(admin).get("/sys/duplicate/check?tableName=sys_role&fieldName=role_code&fieldVal=teacher")).json).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
  });

  it("removes a user who works for several tenants from this tenant only", async () => {
    const principal = await idOf("sys_user", "username = 'principal_zhang'");
    const answer = await as(other).send("DELETE", `/sys/user/delete?id=${principal}`);
    expect(answer.json.message).toBe("删除成功!");
    expect(await rows(`SELECT rel_tenant_ids, del_flag FROM sys_user WHERE id = '${principal}'`)).toEqual([{ rel_tenant_ids: "1", del_flag: 0 }]);
    expect(names((await as(other).get("/sys/user/list?pageSize=100")).json.result.records)).not.toContain("principal_zhang");
    expect(names((await as(admin).get("/sys/user/list?pageSize=100")).json.result.records)).toContain("principal_zhang");
    expect(await loginToken(base, "principal_zhang", TEST_DEMO_PASSWORD)).toBeTruthy();
  });

  it("refuses a tenant header the user does not belong to", async () => {
    const answer = await as(other, { "tenant-id": "1" }).get("/sys/user/list");
    expect(answer.status).toBe(401);
    expect(answer.json.message).toBe("用户租户信息变更,请重新登陆!");
    // teacher_li has only tenant 1.
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    expect((await as(teacher, TENANT_2).get("/sys/role/list")).status).toBe(401);
  });
});
