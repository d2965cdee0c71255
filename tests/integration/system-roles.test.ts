// 角色管理's backend over real HTTP (api-contract.md §4, §7): the role form's rules, the users of a
// role (userRoleList, addSysUserRole, deleteUserRole, deleteUserRoleBatch) and a role's data rules
// per menu (/sys/role/datarule), each checked for its permission code, tenant isolation and
// all-or-nothing writes, on PGlite and (when reachable) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const NO_PERMISSION = { success: false, code: 510, message: "没有权限，请联系管理员授权" };
const TENANT_2 = { "tenant-id": "2" };

describe.each(databases)("roles on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string, token = admin, headers: Record<string, string> = {}) => call(base, "GET", path, { token, headers });
  const send = (method: string, path: string, body?: unknown, token = admin, headers: Record<string, string> = {}) =>
    call(base, method, path, { token, body, headers });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const idOf = async (table: string, where: string) => ((await rows<{ id: string }>(`SELECT id FROM ${table} WHERE ${where}`))[0]?.id ?? "");
  const holders = async (roleId: string) =>
    (await rows<{ username: string }>(`SELECT u.username FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id WHERE ur.role_id = '${roleId}' ORDER BY 1`)).map(
      (row) => row.username,
    );
  async function addRole(roleCode: string, roleName: string, headers: Record<string, string> = {}): Promise<string> {
    const answer = await send("POST", "/sys/role/add", { roleCode, roleName }, admin, headers);
    expect(answer.json).toMatchObject({ success: true, message: "添加成功！" });
    return idOf("sys_role", `role_code = '${roleCode}'`);
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  describe("the role form", () => {
    it("refuses Chinese or missing codes and names, and a code the tenant already has", async () => {
      expect((await send("POST", "/sys/role/add", { roleCode: "教师", roleName: "xy" })).json).toMatchObject({ success: false, message: "角色编码不可输入汉字!" });
      // The form's rules hold on the backend too (one definition, contract/modules/role.ts).
      expect((await send("POST", "/sys/role/add", { roleCode: "qa_x", roleName: "x" })).json).toMatchObject({ success: false, message: "长度在 2 到 30 个字符" });
      expect((await send("POST", "/sys/role/add", { roleCode: "qa_x" })).json).toMatchObject({ success: false, message: "请输入角色名称!" });
      expect((await send("POST", "/sys/role/add", { roleName: "xy" })).json).toMatchObject({ success: false, message: "请输入角色编码!" });
      expect((await send("POST", "/sys/role/add", { roleCode: "teacher", roleName: "另一个教师" })).json).toMatchObject({ success: false, message: "角色编码已存在" });
      expect(await rows(`SELECT id FROM sys_role WHERE role_name IN ('x', 'xy', '另一个教师')`)).toEqual([]);
      expect((await get("/sys/role/checkRoleCode?roleCode=teacher")).json).toMatchObject({ success: false, message: "角色编码已存在" });
      // Another campus may have its own `teacher` role.
      expect((await get("/sys/role/checkRoleCode?roleCode=teacher", admin, TENANT_2)).json.success).toBe(true);
    });

    it("edits the name and description but keeps the code", async () => {
      const roleId = await addRole("qa_editor", "编辑者");
      const edited = await send("PUT", "/sys/role/edit", { id: roleId, roleCode: "qa_editor", roleName: "编辑者二", description: "说明" });
      expect(edited.json).toMatchObject({ success: true, message: "编辑成功!" });
      const changedCode = await send("PUT", "/sys/role/edit", { id: roleId, roleCode: "qa_other", roleName: "编辑者三" });
      expect(changedCode.json).toMatchObject({ success: false, message: "角色编码不允许修改" });
      expect(await rows(`SELECT role_code, role_name, description FROM sys_role WHERE id = '${roleId}'`)).toEqual([
        { role_code: "qa_editor", role_name: "编辑者二", description: "说明" },
      ]);
      const page = await get("/sys/role/list?roleName=*编辑者*");
      expect(page.json.result.records.map((role: { roleCode: string }) => role.roleCode)).toEqual(["qa_editor"]);
    });

    it("deletes roles with their user links and grants, one or several at once", async () => {
      const first = await addRole("qa_gone_one", "将删除一");
      const second = await addRole("qa_gone_two", "将删除二");
      const teacherLi = await idOf("sys_user", "username = 'teacher_li'");
      await send("POST", "/sys/user/addSysUserRole", { roleId: first, userIdList: [teacherLi] });
      await send("POST", "/sys/permission/saveRolePermission", { roleId: first, permissionIds: stableId("menu", "/isystem/user"), lastpermissionIds: "" });
      expect(await holders(first)).toEqual(["teacher_li"]);
      expect((await send("DELETE", `/sys/role/delete?id=${first}`)).json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await rows(`SELECT id FROM sys_user_role WHERE role_id = '${first}' UNION ALL SELECT id FROM sys_role_permission WHERE role_id = '${first}'`)).toEqual([]);
      expect((await send("DELETE", `/sys/role/deleteBatch?ids=${second},`)).json).toMatchObject({ success: true, message: "批量删除成功！" });
      expect(await rows(`SELECT id FROM sys_role WHERE id IN ('${first}', '${second}')`)).toEqual([]);
    });
  });

  describe("users of a role", () => {
    let roleId: string;
    let teacherLi: string;
    let deanLiu: string;
    beforeAll(async () => {
      roleId = await addRole("qa_members", "成员角色");
      teacherLi = await idOf("sys_user", "username = 'teacher_li'");
      deanLiu = await idOf("sys_user", "username = 'dean_liu'");
    });

    it("adds existing users once, lists and filters them, and removes one or several", async () => {
      const added = await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [teacherLi, deanLiu] });
      expect(added.json).toMatchObject({ success: true, message: "添加成功!" });
      // Adding someone who already has the role changes nothing.
      expect((await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [teacherLi] })).json.success).toBe(true);
      expect(await holders(roleId)).toEqual(["dean_liu", "teacher_li"]);

      const page = await get(`/sys/user/userRoleList?roleId=${roleId}&column=username&order=asc`);
      expect(page.json.result).toMatchObject({ total: 2, current: 1 });
      expect(page.json.result.records.map((user: { username: string }) => user.username)).toEqual(["dean_liu", "teacher_li"]);
      expect(page.json.result.records[0]).not.toHaveProperty("password");
      const filtered = await get(`/sys/user/userRoleList?roleId=${roleId}&username=*teacher*`);
      expect(filtered.json.result.records.map((user: { username: string }) => user.username)).toEqual(["teacher_li"]);

      expect((await send("DELETE", `/sys/user/deleteUserRole?roleId=${roleId}&userId=${teacherLi}`)).json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await holders(roleId)).toEqual(["dean_liu"]);
      await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [teacherLi] });
      const batch = await send("DELETE", `/sys/user/deleteUserRoleBatch?roleId=${roleId}&userIds=${teacherLi},${deanLiu},`);
      expect(batch.json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await holders(roleId)).toEqual([]);
      // Their other roles are untouched.
      expect(await rows(`SELECT r.role_code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = '${teacherLi}'`)).toEqual([{ role_code: "teacher" }]);
    });

    it("writes nothing when one of the users is unknown, and asks for users", async () => {
      const answer = await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [teacherLi, "no-such-user"] });
      expect(answer.json).toMatchObject({ success: false, message: "所选用户不存在" });
      expect(await holders(roleId)).toEqual([]);
      expect((await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [] })).json).toMatchObject({ success: false, message: "请选择用户" });
      expect((await send("POST", "/sys/user/addSysUserRole", { userIdList: [teacherLi] })).json).toMatchObject({ success: false, message: "参数不正确" });
      expect((await get("/sys/user/userRoleList?roleId=no-such-role")).json).toMatchObject({ success: false, message: "未找到对应数据" });
    });

    it("keeps tenants apart: another tenant's role or user cannot be used", async () => {
      const campusRole = await addRole("qa_campus_members", "分校成员", TENANT_2);
      // Seen from tenant 1, tenant 2's role does not exist.
      expect((await get(`/sys/user/userRoleList?roleId=${campusRole}`)).json).toMatchObject({ success: false, message: "未找到对应数据" });
      expect((await send("POST", "/sys/user/addSysUserRole", { roleId: campusRole, userIdList: [teacherLi] })).json.message).toBe("未找到对应数据");
      expect(await holders(campusRole)).toEqual([]);
      // teacher_li works for tenant 1 only: tenant 2 cannot give them its role.
      const inTenant2 = await send("POST", "/sys/user/addSysUserRole", { roleId: campusRole, userIdList: [teacherLi] }, admin, TENANT_2);
      expect(inTenant2.json).toMatchObject({ success: false, message: "所选用户不存在" });
      const principal = await idOf("sys_user", "username = 'principal_zhang'");
      expect((await send("POST", "/sys/user/addSysUserRole", { roleId: campusRole, userIdList: [principal] }, admin, TENANT_2)).json.success).toBe(true);
      const listed = await get(`/sys/user/userRoleList?roleId=${campusRole}`, admin, TENANT_2);
      expect(listed.json.result.records.map((user: { username: string }) => user.username)).toEqual(["principal_zhang"]);
      expect((await send("DELETE", `/sys/user/deleteUserRole?roleId=${campusRole}&userId=${principal}`)).json.message).toBe("未找到对应数据");
      expect(await holders(campusRole)).toEqual(["principal_zhang"]);
    });

    it("needs the role:users button for every call", async () => {
      const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
      expect((await get(`/sys/user/userRoleList?roleId=${roleId}`, teacher)).json).toMatchObject(NO_PERMISSION);
      expect((await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [teacherLi] }, teacher)).json).toMatchObject(NO_PERMISSION);
      expect((await send("DELETE", `/sys/user/deleteUserRole?roleId=${roleId}&userId=${teacherLi}`, undefined, teacher)).json).toMatchObject(NO_PERMISSION);
      expect((await send("DELETE", `/sys/user/deleteUserRoleBatch?roleId=${roleId}&userIds=${teacherLi}`, undefined, teacher)).json).toMatchObject(NO_PERMISSION);
      expect(await holders(roleId)).toEqual([]);
    });
  });

  describe("data rules of a role", () => {
    const userMenu = stableId("menu", "/isystem/user");
    const positionMenu = stableId("menu", "/isystem/position");
    let roleId: string;

    beforeAll(async () => {
      roleId = await addRole("qa_ruled", "规则角色");
      await rows(
        `INSERT INTO sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status) VALUES
         ('qa_rule_self', '${userMenu}', '只看自己', 'username', '=', '#{sys_user_code}', '1'),
         ('qa_rule_women', '${userMenu}', '只看女性', 'sex', '=', '2', '1')`,
      );
      await rows(`UPDATE sys_permission SET rule_flag = 1 WHERE id = '${userMenu}'`);
    });

    it("lists a menu's rules, saves the chosen ones once the menu is granted, and they restrict the list", async () => {
      const before = await get(`/sys/role/datarule/${userMenu}/${roleId}`);
      expect(before.json.success).toBe(true);
      expect(before.json.result.datarule.map((rule: { ruleName: string }) => rule.ruleName)).toEqual(["只看自己", "只看女性"]);
      expect(before.json.result).not.toHaveProperty("drChecked");
      expect((await get(`/sys/role/datarule/${positionMenu}/${roleId}`)).json).toMatchObject({ success: false, message: "未找到权限配置信息" });

      const early = await send("POST", "/sys/role/datarule", { permissionId: userMenu, roleId, dataRuleIds: "qa_rule_self" });
      expect(early.json).toMatchObject({ success: false, message: "请先保存角色菜单权限!" });
      const granted = await send("POST", "/sys/permission/saveRolePermission", { roleId, permissionIds: userMenu, lastpermissionIds: "" });
      expect(granted.json).toMatchObject({ success: true, message: "保存成功！" });
      const foreign = await send("POST", "/sys/role/datarule", { permissionId: userMenu, roleId, dataRuleIds: "qa_rule_self,qa_rule_elsewhere" });
      expect(foreign.json).toMatchObject({ success: false, message: "所选数据规则不存在" });
      expect(await rows(`SELECT data_rule_ids FROM sys_role_permission WHERE role_id = '${roleId}'`)).toEqual([{ data_rule_ids: null }]);

      const saved = await send("POST", "/sys/role/datarule", { permissionId: userMenu, roleId, dataRuleIds: "qa_rule_self," });
      expect(saved.json).toMatchObject({ success: true, message: "保存成功!" });
      expect((await get(`/sys/role/datarule/${userMenu}/${roleId}`)).json.result.drChecked).toBe("qa_rule_self");

      // The rule now limits what a holder of the role sees in the user list.
      const deanLiu = await idOf("sys_user", "username = 'dean_liu'");
      expect((await send("POST", "/sys/user/addSysUserRole", { roleId, userIdList: [deanLiu] })).json.success).toBe(true);
      const dean = await loginToken(base, "dean_liu", TEST_DEMO_PASSWORD);
      const seen = await get("/sys/user/list?pageSize=100", dean);
      expect(seen.json.result.records.map((user: { username: string }) => user.username)).toEqual(["dean_liu"]);

      // Re-saving the menu grants keeps the role's rules.
      await send("POST", "/sys/permission/saveRolePermission", { roleId, permissionIds: userMenu, lastpermissionIds: userMenu });
      expect((await get(`/sys/role/datarule/${userMenu}/${roleId}`)).json.result.drChecked).toBe("qa_rule_self");
      expect((await send("POST", "/sys/role/datarule", { permissionId: userMenu, roleId, dataRuleIds: "" })).json.success).toBe(true);
      expect((await get(`/sys/role/datarule/${userMenu}/${roleId}`)).json.result).not.toHaveProperty("drChecked");
    });

    it("keeps another tenant's role out, and needs role:authorize to save", async () => {
      const campusRole = await addRole("qa_campus_ruled", "分校规则", TENANT_2);
      expect((await get(`/sys/role/datarule/${userMenu}/${campusRole}`)).json).toMatchObject({ success: false, message: "未找到对应数据" });
      const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
      expect((await get(`/sys/role/datarule/${userMenu}/${roleId}`, teacher)).json).toMatchObject(NO_PERMISSION);
      expect((await send("POST", "/sys/role/datarule", { permissionId: userMenu, roleId, dataRuleIds: "qa_rule_self" }, teacher)).json).toMatchObject(NO_PERMISSION);
    });
  });
});
