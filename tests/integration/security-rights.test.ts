// Rights that live in a tenant and cannot be escalated (issue #10 part A, docs/spec/app-shell.md §6,
// api-contract.md §4, §10; docs/decisions/007, 008): a tenant's administrator cannot take over an
// account that also belongs to another tenant, a role grants only in its own tenant, a delegated
// right cannot widen its holder's own rights, a button whose status is `0` grants nothing on the
// backend, a stale edit is refused, and pickers answer only what they show. Every actor is set up
// through the API by the platform administrator, as a school group would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { stableId } from "../../backend/db/ids";
import { decryptValue } from "../../backend/security/personal-data";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const TENANT_1 = { "tenant-id": "1" };
const TENANT_2 = { "tenant-id": "2" };
const PASSWORD = "Secret-2026!";
const NO_PERMISSION = "没有权限，请联系管理员授权";
const STALE = "数据已被修改，请刷新后重试";

const menu = (path: string) => stableId("menu", path);
const button = (code: string) => stableId("button", code);

describe.each(databases)("rights in a tenant on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const idOf = async (table: string, where: string) => ((await rows<{ id: string }>(`SELECT id FROM ${table} WHERE ${where}`))[0]?.id ?? "");
  const as = (token: string, headers: Record<string, string> = {}) => ({
    get: (path: string) => call(base, "GET", path, { token, headers }),
    send: (method: string, path: string, body?: unknown) => call(base, method, path, { token, headers, body }),
  });
  const userId = (username: string) => idOf("sys_user", `username = '${username}'`);
  const roleId = (code: string, tenant = 1) => idOf("sys_role", `role_code = '${code}' AND tenant_id = ${tenant}`);
  const rolesOf = async (username: string) =>
    (await rows<{ role_code: string }>(
      `SELECT r.role_code FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id JOIN sys_user u ON u.id = ur.user_id WHERE u.username = '${username}' ORDER BY 1`,
    )).map((row) => row.role_code);
  const grantsOf = async (roleCode: string) =>
    (await rows<{ permission_id: string }>(
      `SELECT rp.permission_id FROM sys_role_permission rp JOIN sys_role r ON r.id = rp.role_id WHERE r.role_code = '${roleCode}' ORDER BY 1`,
    )).map((row) => row.permission_id);

  /** A role of `tenant` granting `pages` and `buttons`, made by the platform administrator. */
  async function makeRole(tenant: Record<string, string>, code: string, pages: string[], buttons: string[]): Promise<string> {
    const platform = as(admin, tenant);
    const added = await platform.send("POST", "/sys/role/add", { roleCode: code, roleName: code });
    expect(added.json.success).toBe(true);
    const id = await roleId(code, Number(tenant["tenant-id"]));
    const permissionIds = [...pages.map(menu), ...buttons.map(button)].join(",");
    const saved = await platform.send("POST", "/sys/permission/saveRolePermission", { roleId: id, permissionIds, lastpermissionIds: "" });
    expect(saved.json.success).toBe(true);
    return id;
  }

  /** A user of `tenant` holding `roles`, made by the platform administrator; answers a token. */
  async function makeUser(tenant: Record<string, string>, username: string, roles: string[]): Promise<string> {
    const added = await as(admin, tenant).send("POST", "/sys/user/add", { username, realname: username, password: PASSWORD, selectedroles: roles.join(",") });
    expect(added.json.success).toBe(true);
    // A password someone else chose is changed at the first sign-in (docs/decisions/011).
    return loginTokenAfterChange(base, username, PASSWORD);
  }

  let campusAdmin: string;
  let campusViewerRole: string;
  let viewerRole: string;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    // Tenant 2's administrator: everything on the user and role pages, in tenant 2 only.
    const campusRole = await makeRole(TENANT_2, "campus_admin", ["/isystem", "/isystem/user", "/isystem/roleUserList"], [
      "user:add", "user:edit", "user:freeze", "user:reset_password", "user:delete", "role:users", "role:authorize",
    ]);
    campusAdmin = await makeUser(TENANT_2, "campus2_admin", [campusRole]);
    campusViewerRole = await makeRole(TENANT_2, "campus_viewer", ["/isystem", "/isystem/user"], []);
    // A harmless role of tenant 1: the role page only.
    viewerRole = await makeRole(TENANT_1, "role_viewer", ["/isystem/roleUserList"], []);
  });
  afterAll(async () => server?.close());

  it("refuses a tenant administrator the password, status and e-mail of an account that also belongs to another tenant", async () => {
    const principal = await userId("principal_zhang");
    const campus = as(campusAdmin, TENANT_2);
    const reset = await campus.send("PUT", "/sys/user/changePassword", { username: "principal_zhang", password: "Taken-over-1!", confirmpassword: "Taken-over-1!" });
    expect(reset.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await loginToken(base, "principal_zhang", TEST_DEMO_PASSWORD)).toBeTruthy();

    const freeze = await campus.send("PUT", "/sys/user/frozenBatch", { ids: principal, status: 2 });
    expect(freeze.json).toMatchObject({ success: false, message: NO_PERMISSION });
    // 解锁 needs the freeze right in every tenant of the account too (issue #27 item 5).
    await rows(`INSERT INTO sys_login_lock (username, locked_until) VALUES ('principal_zhang', now() + interval '10 minutes')`);
    const unlock = await campus.send("PUT", "/sys/user/unlock", { username: "principal_zhang" });
    expect(unlock.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await rows(`SELECT username FROM sys_login_lock WHERE username = 'principal_zhang'`)).toHaveLength(1);
    expect((await as(admin, TENANT_1).send("PUT", "/sys/user/unlock", { username: "principal_zhang" })).json.success).toBe(true);
    expect(await rows(`SELECT username FROM sys_login_lock WHERE username = 'principal_zhang'`)).toHaveLength(0);
    // Nor the platform administrator's own account, shared with tenant 1 (the case).
    await rows(`INSERT INTO sys_login_lock (username, locked_until) VALUES ('admin', now() + interval '10 minutes')`);
    expect((await campus.send("PUT", "/sys/user/unlock", { username: "admin" })).json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await rows(`SELECT username FROM sys_login_lock WHERE username = 'admin'`)).toHaveLength(1);
    expect((await as(admin, TENANT_1).send("PUT", "/sys/user/unlock", { username: "admin" })).json.success).toBe(true);
    const edit = await campus.send("PUT", "/sys/user/edit", { id: principal, realname: "张建国", email: "taken@evil.example", phone: "13911112222" });
    expect(edit.json).toMatchObject({ success: false, message: NO_PERMISSION });
    const statusEdit = await campus.send("PUT", "/sys/user/edit", { id: principal, realname: "张建国", status: 2 });
    expect(statusEdit.json).toMatchObject({ success: false, message: NO_PERMISSION });
    // Phone and e-mail are stored encrypted (docs/decisions/145).
    const stored = await rows<{ status: number; email: string; phone: string }>(`SELECT status, email, phone FROM sys_user WHERE id = '${principal}'`);
    expect(stored.map((row) => ({ ...row, email: decryptValue(row.email), phone: decryptValue(row.phone) }))).toEqual([
      { status: 1, email: "zhang.jianguo@school.example", phone: "13801010001" },
    ]);

    // What belongs to tenant 2 stays his: the account's roles there.
    const roles = await campus.send("PUT", "/sys/user/edit", { id: principal, realname: "张建国", selectedroles: campusViewerRole });
    expect(roles.json.success).toBe(true);
    expect(await rolesOf("principal_zhang")).toContain("campus_viewer");

    // An account of tenant 2 only is his to manage whole.
    await makeUser(TENANT_2, "campus2_clerk", []);
    const own = await campus.send("PUT", "/sys/user/changePassword", { username: "campus2_clerk", password: "Clerk-2026!", confirmpassword: "Clerk-2026!" });
    expect(own.json.success).toBe(true);
    expect((await campus.send("PUT", "/sys/user/unlock", { username: "campus2_clerk" })).json.success).toBe(true);
    expect(await loginToken(base, "campus2_clerk", "Clerk-2026!")).toBeTruthy();
  });

  it("lets a role grant its menus and buttons only in its own tenant", async () => {
    const principal = await userId("principal_zhang");
    await as(admin, TENANT_2).send("PUT", "/sys/user/edit", { id: principal, realname: "张建国", selectedroles: campusViewerRole });
    const token = await loginToken(base, "principal_zhang", TEST_DEMO_PASSWORD);
    const inTenant2 = (await as(token, TENANT_2).get("/sys/user/list")).json;
    expect(inTenant2.result.records.every((record: object) => "phone" in record)).toBe(true);
    // Without the page in tenant 1, only the picker's columns (docs/decisions/135).
    const inTenant1 = (await as(token, TENANT_1).get("/sys/user/list")).json;
    expect(inTenant1.success).toBe(true);
    expect(inTenant1.result.records.some((record: object) => "phone" in record)).toBe(false);
    const answer = await as(token, TENANT_1).get("/sys/permission/getUserPermissionByToken");
    const paths = JSON.stringify(answer.json.result.menu);
    expect(paths).not.toContain("/isystem/user");
    const menuInTenant2 = await as(token, TENANT_2).get("/sys/permission/getUserPermissionByToken");
    expect(JSON.stringify(menuInTenant2.json.result.menu)).toContain("/isystem/user");
  });

  it("refuses a holder of role:users adding himself to the administrators' role", async () => {
    const keeperRole = await makeRole(TENANT_1, "member_keeper", ["/isystem/roleUserList"], ["role:users"]);
    const keeper = await makeUser(TENANT_1, "keeper1", [keeperRole]);
    const self = await userId("keeper1");
    const escalate = await as(keeper).send("POST", "/sys/user/addSysUserRole", { roleId: await roleId("admin"), userIdList: [self] });
    expect(escalate.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await rolesOf("keeper1")).toEqual(["member_keeper"]);
    // Adding someone else to a role whose rights he holds is delegation, and allowed.
    const teacher = await userId("teacher_li");
    const delegated = await as(keeper).send("POST", "/sys/user/addSysUserRole", { roleId: viewerRole, userIdList: [teacher] });
    expect(delegated.json.success).toBe(true);
    expect(await rolesOf("teacher_li")).toContain("role_viewer");
  });

  it("refuses a holder of role:authorize granting his own role, or any role, more than he holds", async () => {
    const grantorRole = await makeRole(TENANT_1, "grantor", ["/isystem/roleUserList"], ["role:authorize"]);
    const grantor = await makeUser(TENANT_1, "grantor1", [grantorRole]);
    const current = await grantsOf("grantor");
    const own = await as(grantor).send("POST", "/sys/permission/saveRolePermission", {
      roleId: grantorRole,
      permissionIds: [...current, menu("/isystem/user"), button("user:reset_password")].join(","),
      lastpermissionIds: current.join(","),
    });
    expect(own.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await grantsOf("grantor")).toEqual(current);
    const other = await as(grantor).send("POST", "/sys/permission/saveRolePermission", {
      roleId: viewerRole,
      permissionIds: [menu("/isystem/roleUserList"), menu("/isystem/user")].join(","),
      lastpermissionIds: menu("/isystem/roleUserList"),
    });
    expect(other.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await grantsOf("role_viewer")).toEqual([menu("/isystem/roleUserList")]);
    // What he holds he may pass on to another role.
    const passed = await as(grantor).send("POST", "/sys/permission/saveRolePermission", {
      roleId: viewerRole,
      permissionIds: [menu("/isystem/roleUserList"), button("role:authorize")].join(","),
      lastpermissionIds: menu("/isystem/roleUserList"),
    });
    expect(passed.json.success).toBe(true);
  });

  it("refuses a holder of user:edit giving himself, or anyone, a role with rights he lacks", async () => {
    const editorRole = await makeRole(TENANT_1, "user_editor", ["/isystem/user"], ["user:edit"]);
    const editor = await makeUser(TENANT_1, "editor1", [editorRole]);
    const self = await userId("editor1");
    const adminRole = await roleId("admin");
    const toSelf = await as(editor).send("PUT", "/sys/user/edit", { id: self, realname: "editor1", selectedroles: `${editorRole},${adminRole}` });
    expect(toSelf.json).toMatchObject({ success: false, message: NO_PERMISSION });
    const harmless = await as(editor).send("PUT", "/sys/user/edit", { id: self, realname: "editor1", selectedroles: `${editorRole},${viewerRole}` });
    expect(harmless.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await rolesOf("editor1")).toEqual(["user_editor"]);
    const teacher = await userId("teacher_chen");
    const toOther = await as(editor).send("PUT", "/sys/user/edit", { id: teacher, realname: "陈静", selectedroles: adminRole });
    expect(toOther.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await rolesOf("teacher_chen")).toEqual(["teacher"]);
    // Editing another account of his tenant without touching its roles is his job.
    const plain = await as(editor).send("PUT", "/sys/user/edit", { id: teacher, realname: "陈静老师", selectedroles: await roleId("teacher") });
    expect(plain.json.success).toBe(true);
  });

  it("grants nothing on the backend through a button whose status is 0", async () => {
    const id = button("user:reset_password");
    const disabled = await as(admin).send("PUT", "/sys/permission/edit", { id, status: "0" });
    expect(disabled.json.success).toBe(true);
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const reset = await as(teacher).send("PUT", "/sys/user/changePassword", { username: "dean_liu", password: "Taken-over-1!", confirmpassword: "Taken-over-1!" });
    expect(reset.json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await loginToken(base, "dean_liu", TEST_DEMO_PASSWORD)).toBeTruthy();
    // The browser still learns that the rule is inactive (spec §6): only what it shows changes.
    const answer = await as(teacher).get("/sys/permission/getUserPermissionByToken");
    expect(answer.json.result.allAuth).toContainEqual(expect.objectContaining({ action: "user:reset_password", status: "0" }));
    await as(admin).send("PUT", "/sys/permission/edit", { id, status: "1" });
  });

  it("refuses an edit based on a stale copy, also when many arrive at once", async () => {
    const position = await idOf("sys_position", "code = 'clerk' AND tenant_id = 1");
    const load = async () => (await as(admin).get(`/sys/position/queryById?id=${position}`)).json.result;
    const loaded = await load();
    const first = await as(admin).send("PUT", "/sys/position/edit", { ...loaded, name: "文员甲" });
    expect(first.json.success).toBe(true);
    const stale = await as(admin).send("PUT", "/sys/position/edit", { ...loaded, name: "文员乙" });
    expect(stale.json).toMatchObject({ success: false, message: STALE });
    expect((await load()).name).toBe("文员甲");

    const fresh = await load();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => as(admin).send("PUT", "/sys/position/edit", { ...fresh, name: `文员${index}` })),
    );
    const succeeded = answers.filter((answer) => answer.json.success);
    expect(succeeded).toHaveLength(1);
    for (const answer of answers.filter((answer) => !answer.json.success)) expect(answer.json.message).toBe(STALE);
    // A client that sends no updateTime (the original's API users) is not checked.
    expect((await as(admin).send("PUT", "/sys/position/edit", { id: position, code: "clerk", name: "文员" })).json.success).toBe(true);
  });

  it("answers pickers with their columns only, within the tenant", async () => {
    // teacher_chen holds no system page (teacher_li was given the role page above).
    const teacher = await loginToken(base, "teacher_chen", TEST_DEMO_PASSWORD);
    const user = as(teacher);
    const li = await userId("teacher_li");
    const depart = await idOf("sys_depart", "org_code = 'A01A02A01'");
    const page = (await user.get("/sys/user/queryUserComponentData?pageSize=50")).json.result.records;
    const multi = (await user.get("/sys/user/getMultiUser?username=dean_liu,principal_zhang,")).json;
    const byIds = (await user.get(`/sys/user/queryByIds?userIds=${li}`)).json.result;
    const byDepart = (await user.get(`/sys/user/queryUserByDepId?id=${depart}`)).json.result;
    for (const list of [page, multi, byIds, byDepart]) {
      expect(list.length).toBeGreaterThan(0);
      for (const record of list) {
        for (const secret of ["email", "phone", "birthday", "telephone", "relTenantIds", "password", "salt", "workNo"]) expect(record).not.toHaveProperty(secret);
        expect(record).toHaveProperty("realname");
      }
    }
    expect(page.map((record: { username: string }) => record.username)).not.toContain("campus2_admin");
    const roles = (await user.get("/sys/role/list?pageSize=100")).json.result.records;
    for (const role of roles) expect(Object.keys(role).sort()).toEqual(["id", "roleCode", "roleName"]);
    const positions = (await user.get("/sys/position/list?pageSize=100")).json.result.records;
    for (const position of positions) expect(Object.keys(position)).not.toContain("sysOrgCode");
    // The user page's holder still gets the full record from the user list.
    const full = (await as(admin).get("/sys/user/list?username=teacher_li")).json.result.records[0];
    expect(full).toHaveProperty("email");
  });

  it("lets an administrator of every tenant manage shared accounts, but never the platform administrator's", async () => {
    const buttons = ["user:edit", "user:reset_password", "user:delete", "user:freeze"];
    const inTenant1 = await makeRole(TENANT_1, "group_admin", ["/isystem", "/isystem/user"], buttons);
    const inTenant2 = await makeRole(TENANT_2, "group_admin", ["/isystem", "/isystem/user"], buttons);
    const added = await as(admin).send("POST", "/sys/user/add", { username: "group_admin1", realname: "集团管理员", password: PASSWORD, relTenantIds: "1,2", selectedroles: inTenant1 });
    expect(added.json.success).toBe(true);
    const id = await userId("group_admin1");
    expect((await as(admin, TENANT_2).send("PUT", "/sys/user/edit", { id, realname: "集团管理员", selectedroles: inTenant2 })).json.success).toBe(true);
    const group = as(await loginTokenAfterChange(base, "group_admin1", PASSWORD));

    const shared = await group.send("PUT", "/sys/user/changePassword", { username: "principal_zhang", password: "Principal-2026!", confirmpassword: "Principal-2026!" });
    expect(shared.json.success).toBe(true);
    const platform = await group.send("PUT", "/sys/user/changePassword", { username: "admin", password: "Taken-over-1!", confirmpassword: "Taken-over-1!" });
    expect(platform.json).toMatchObject({ success: false, message: NO_PERMISSION });
    const adminId = await userId("admin");
    expect((await group.send("PUT", "/sys/user/frozenBatch", { ids: adminId, status: 2 })).json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect((await group.send("DELETE", `/sys/user/delete?id=${adminId}`)).json).toMatchObject({ success: false, message: NO_PERMISSION });
    expect(await rolesOf("admin")).toContain("admin");
    expect(await loginToken(base)).toBeTruthy();
  });
});
