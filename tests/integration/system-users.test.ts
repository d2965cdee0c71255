// The user page's endpoints on the CRUD engine (api-contract.md §6, §7 "User picker", "Other base
// paths"), over real HTTP, on PGlite and (when reachable) PostgreSQL: the round trip with roles and
// departments, soft delete, batch delete with the client's trailing comma, `_dictText`,
// validation messages, freezing, the administrator's password reset, and the pickers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { decryptValue } from "../../backend/security/personal-data";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("user administration on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string, token = admin) => call(base, "GET", path, { token });
  const send = (method: string, path: string, body: unknown, token = admin) => call(base, method, path, { token, body });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  async function ids(table: "sys_role" | "sys_depart", column: "role_code" | "org_code", values: string[]) {
    const found = await rows<{ id: string; code: string }>(
      `SELECT id, ${column} AS code FROM ${table} WHERE ${column} IN (${values.map((value) => `'${value}'`).join(",")})`,
    );
    return values.map((value) => found.find((row) => row.code === value)!.id);
  }

  async function addUser(username: string, extra: Record<string, unknown> = {}) {
    const answer = await send("POST", "/sys/user/add", { username, realname: `用户${username}`, password: "Pass-2026!", ...extra });
    expect(answer.json).toMatchObject({ success: true, code: 200, message: "添加成功！" });
    const [row] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = '${username}'`);
    return row!.id;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  it("adds a user with roles and departments in one go, hashing the password", async () => {
    const [teacher, office] = await ids("sys_role", "role_code", ["teacher", "office"]);
    const [primary] = await ids("sys_depart", "org_code", ["A01A02A01"]);
    const id = await addUser("qa_round_trip", {
      sex: "2",
      email: "qa.round@school.example",
      phone: "13912345678",
      post: "teacher",
      birthday: "1990-04-05",
      selectedroles: `${teacher},${office}`,
      selecteddeparts: primary,
      // Ignored: secrets, audit columns and logical-delete flags come from the server.
      salt: "chosen",
      createBy: "someone_else",
      delFlag: 1,
    });
    const [row] = await rows<{ password: string; salt: string; create_by: string; del_flag: number; rel_tenant_ids: string; status: number }>(
      `SELECT password, salt, create_by, del_flag, rel_tenant_ids, status FROM sys_user WHERE id = '${id}'`,
    );
    expect(row!.password).toMatch(/^scrypt\$/);
    expect(row!.salt).not.toBe("chosen");
    expect(row).toMatchObject({ create_by: "admin", del_flag: 0, rel_tenant_ids: "1", status: 1 });
    expect((await get(`/sys/user/queryUserRole?userid=${id}`)).json.result.sort()).toEqual([teacher, office].sort());
    expect((await get(`/sys/user/userDepartList?userId=${id}`)).json.result).toEqual([{ key: primary, value: primary, title: "小学部" }]);
    // The new account signs in with its password.
    expect(await loginToken(base, "qa_round_trip", "Pass-2026!")).toBeTruthy();
  });

  it("lists users with _dictText, department names and no secrets", async () => {
    const { json } = await get("/sys/user/list?username=qa_round_trip");
    expect(json).toMatchObject({ success: true, code: 200, result: { total: 1, current: 1, size: 10 } });
    const [record] = json.result.records;
    expect(record).toMatchObject({
      username: "qa_round_trip",
      sex: 2,
      sex_dictText: "女",
      status_dictText: "正常",
      post: "teacher",
      post_dictText: "教师",
      birthday: "1990-04-05",
      orgCodeTxt: "小学部",
      createBy: "admin",
    });
    expect(record).not.toHaveProperty("password");
    expect(record).not.toHaveProperty("salt");
    expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byId = await get(`/sys/user/queryById?id=${record.id}`);
    expect(byId.json.result).toMatchObject({ username: "qa_round_trip", sex_dictText: "女" });
    expect(byId.json.result).not.toHaveProperty("password");
  });

  it("edits a user, keeps the password hash and replaces roles only when sent", async () => {
    const [row] = await rows<{ id: string; password: string }>(`SELECT id, password FROM sys_user WHERE username = 'qa_round_trip'`);
    const [finance] = await ids("sys_role", "role_code", ["finance"]);
    const edited = await send("PUT", "/sys/user/edit", {
      id: row!.id,
      realname: "改过的名字",
      password: "ignored-on-edit",
      selectedroles: finance,
    });
    expect(edited.json).toMatchObject({ success: true, message: "编辑成功!" });
    const [after] = await rows<{ realname: string; password: string; update_by: string; email: string }>(
      `SELECT realname, password, update_by, email FROM sys_user WHERE id = '${row!.id}'`,
    );
    // The e-mail is stored encrypted (docs/decisions/145).
    expect({ ...after, email: decryptValue(after!.email) }).toMatchObject({ realname: "改过的名字", password: row!.password, update_by: "admin", email: "qa.round@school.example" });
    expect((await get(`/sys/user/queryUserRole?userid=${row!.id}`)).json.result).toEqual([finance]);
    // POST is accepted as well; without selectedroles the roles stay.
    const again = await send("POST", "/sys/user/edit", { id: row!.id, telephone: "010-12345678" });
    expect(again.json.success).toBe(true);
    expect((await get(`/sys/user/queryUserRole?userid=${row!.id}`)).json.result).toEqual([finance]);
  });

  it("refuses invalid bodies with plain Chinese messages", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ realname: "无账号", password: "Pass-2026!" }, "请输入用户账号!"],
      [{ username: "qa_no_name", password: "Pass-2026!" }, "请输入用户名称!"],
      [{ username: "qa_no_password", realname: "无密码" }, "请输入密码!"],
      [{ username: "bad name!", realname: "坏", password: "Pass-2026!" }, "只允许字母、数字、下划线"],
      [{ username: "qa_phone", realname: "手机", password: "Pass-2026!", phone: "12345" }, "请输入正确手机号"],
      [{ username: "qa_email", realname: "邮箱", password: "Pass-2026!", email: "not-mail" }, "邮箱格式不正确"],
      [{ username: "qa_long", realname: "长".repeat(101), password: "Pass-2026!" }, "用户姓名长度不能超过100个字符"],
      [{ username: "qa_sex", realname: "性别", password: "Pass-2026!", sex: "男" }, "性别必须是整数"],
      [{ username: "qa_birthday", realname: "生日", password: "Pass-2026!", birthday: "2024-02-30" }, "生日日期格式不正确，应为yyyy-MM-dd"],
      [{ username: "qa_role", realname: "角色", password: "Pass-2026!", selectedroles: "no-such-role" }, "所选角色不存在"],
      [{ username: "qa_confirm", realname: "确认", password: "x", confirmpassword: "y" }, "两次输入的密码不一样！"],
    ];
    for (const [body, message] of cases) {
      const { status, json } = await send("POST", "/sys/user/add", body);
      expect(status).toBe(200);
      expect(json).toMatchObject({ success: false, code: 500, message });
    }
    // Nothing of a refused add was kept, not even the part before the failing relation.
    expect(await rows(`SELECT id FROM sys_user WHERE username = 'qa_role'`)).toEqual([]);
    // A taken user name is the database's unique answer.
    const taken = await send("POST", "/sys/user/add", { username: "admin", realname: "重复", password: "Pass-2026!" });
    expect(taken.json).toMatchObject({ success: false, message: "数据库中已存在该记录" });
    const [row] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'qa_round_trip'`);
    const rename = await send("PUT", "/sys/user/edit", { id: row!.id, username: "qa_renamed" });
    expect(rename.json).toMatchObject({ success: false, message: "用户账号不允许修改" });
    const missing = await send("PUT", "/sys/user/edit", { id: "no-such-id", realname: "x" });
    expect(missing.json).toMatchObject({ success: false, message: "未找到对应数据" });
  });

  it("deletes logically: the row stays with del_flag 1 and leaves every list", async () => {
    const id = await addUser("qa_soft_delete");
    const answer = await call(base, "DELETE", `/sys/user/delete?id=${id}`, { token: admin });
    expect(answer.json).toMatchObject({ success: true, code: 200, message: "删除成功!" });
    const [row] = await rows<{ del_flag: number; update_by: string }>(`SELECT del_flag, update_by FROM sys_user WHERE id = '${id}'`);
    expect(row).toMatchObject({ del_flag: 1, update_by: "admin" });
    expect((await get("/sys/user/list?username=qa_soft_delete")).json.result.total).toBe(0);
    expect((await get(`/sys/user/queryById?id=${id}`)).json).toMatchObject({ success: false, message: "未找到对应数据" });
    expect((await call(base, "DELETE", `/sys/user/delete?id=${id}`, { token: admin })).json.message).toBe("未找到对应数据");
    // The deleted account can no longer sign in or use a session.
    const login = await call(base, "POST", "/sys/login", { body: { username: "qa_soft_delete", password: "Pass-2026!" } });
    expect(login.json.success).toBe(false);
  });

  it("deletes a batch with the client's trailing comma", async () => {
    const first = await addUser("qa_batch_one");
    const second = await addUser("qa_batch_two");
    const answer = await call(base, "DELETE", `/sys/user/deleteBatch?ids=${first},${second},`, { token: admin });
    expect(answer.json).toMatchObject({ success: true, message: "批量删除成功！" });
    const flags = await rows<{ del_flag: number }>(`SELECT del_flag FROM sys_user WHERE id IN ('${first}', '${second}')`);
    expect(flags.map((row) => row.del_flag)).toEqual([1, 1]);
    expect((await call(base, "DELETE", "/sys/user/deleteBatch?ids=,", { token: admin })).json).toMatchObject({
      success: false,
      message: "参数不识别！",
    });
  });

  it("refuses to delete or freeze the signed-in user", async () => {
    const [me] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'admin'`);
    expect((await call(base, "DELETE", `/sys/user/delete?id=${me!.id}`, { token: admin })).json.message).toBe("不能删除当前登录用户");
    expect((await send("PUT", "/sys/user/frozenBatch", { ids: me!.id, status: 2 })).json.message).toBe("不能冻结当前登录用户");
  });

  it("freezes and unfreezes a batch", async () => {
    const id = await addUser("qa_frozen");
    const frozen = await send("PUT", "/sys/user/frozenBatch", { ids: `${id},`, status: "2" });
    expect(frozen.json).toMatchObject({ success: true, message: "操作成功!" });
    const login = await call(base, "POST", "/sys/login", { body: { username: "qa_frozen", password: "Pass-2026!" } });
    expect(login.json.message).toBe("该用户已冻结");
    expect((await send("PUT", "/sys/user/frozenBatch", { ids: id, status: 1 })).json.success).toBe(true);
    expect(await loginToken(base, "qa_frozen", "Pass-2026!")).toBeTruthy();
    expect((await send("PUT", "/sys/user/frozenBatch", { ids: id, status: 3 })).json.message).toBe("参数不正确");
  });

  it("resets a password as the administrator and ends the user's sessions", async () => {
    await addUser("qa_reset");
    const old = await loginToken(base, "qa_reset", "Pass-2026!");
    const mismatch = await send("PUT", "/sys/user/changePassword", { username: "qa_reset", password: "New-2026!", confirmpassword: "x" });
    expect(mismatch.json.message).toBe("两次输入密码不一致!");
    const reset = await send("PUT", "/sys/user/changePassword", { username: "qa_reset", password: "New-2026!", confirmpassword: "New-2026!" });
    expect(reset.json).toMatchObject({ success: true, message: "密码修改成功!" });
    expect((await call(base, "GET", "/sys/user/getCurrentUserDeparts", { token: old })).status).toBe(401);
    expect(await loginToken(base, "qa_reset", "New-2026!")).toBeTruthy();
    expect((await send("PUT", "/sys/user/changePassword", { username: "nobody", password: "x" })).json.message).toBe("用户不存在！");
  });

  it("answers the pickers: component page, bare multi-user array, ids, name check", async () => {
    const page = await get("/sys/user/queryUserComponentData?username=teacher&pageSize=5");
    expect(page.json.success).toBe(true);
    expect(page.json.result.records.map((user: { username: string }) => user.username).sort()).toEqual(["teacher_chen", "teacher_li"]);
    const [primary] = await ids("sys_depart", "org_code", ["A01A02A01"]);
    const byDepart = await get(`/sys/user/queryUserComponentData?departId=${primary}`);
    expect(byDepart.json.result.records.map((user: { username: string }) => user.username)).toContain("teacher_li");
    expect(byDepart.json.result.records.map((user: { username: string }) => user.username)).not.toContain("teacher_chen");

    const multi = await get("/sys/user/getMultiUser?username=teacher_li,dean_liu,");
    expect(Array.isArray(multi.json)).toBe(true);
    expect(multi.json.map((user: { username: string }) => user.username).sort()).toEqual(["dean_liu", "teacher_li"]);
    for (const user of multi.json) {
      expect(user).not.toHaveProperty("password");
      expect(user).not.toHaveProperty("salt");
    }
    const [li] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'teacher_li'`);
    const byIds = await get(`/sys/user/queryByIds?userIds=${li!.id},`);
    expect(byIds.json.result.map((user: { username: string }) => user.username)).toEqual(["teacher_li"]);
    expect((await get("/sys/user/checkOnlyUser?username=admin")).json).toMatchObject({ success: false, message: "用户账号已存在" });
    expect((await get("/sys/user/checkOnlyUser?username=qa_free_name")).json.success).toBe(true);
    // Pickers are for every signed-in user, the user page is not.
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    expect((await get("/sys/user/queryUserComponentData", teacher)).json.success).toBe(true);
    expect(Array.isArray((await get("/sys/user/getMultiUser?username=dean_liu", teacher)).json)).toBe(true);
  });

  it("gives teacher_li, who has no user page, code 510 on every user-page endpoint but the list's picker view", async () => {
    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    const [li] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'teacher_li'`);
    // The list answers a user without the page the picker's columns only (docs/decisions/135).
    const list = await call(base, "GET", "/sys/user/list?username=dean_liu", { token: teacher });
    expect(list.json.result.records.map((user: { username: string }) => user.username)).toEqual(["dean_liu"]);
    expect(list.json.result.records[0]).not.toHaveProperty("phone");
    expect(list.json.result.records[0]).not.toHaveProperty("email");
    for (const [method, path] of [
      ["GET", `/sys/user/queryById?id=${li!.id}`],
      ["GET", `/sys/user/queryUserRole?userid=${li!.id}`],
      ["POST", "/sys/user/add"],
      ["PUT", "/sys/user/edit"],
      ["DELETE", `/sys/user/delete?id=${li!.id}`],
      ["DELETE", `/sys/user/deleteBatch?ids=${li!.id}`],
      ["PUT", "/sys/user/frozenBatch"],
      ["PUT", "/sys/user/changePassword"],
    ] as const) {
      const { status, json } = await call(base, method, path, { token: teacher, body: method === "GET" || method === "DELETE" ? undefined : {} });
      expect(status, path).toBe(200);
      expect(json, path).toMatchObject({ success: false, code: 510, message: "没有权限，请联系管理员授权" });
    }
  });
});
