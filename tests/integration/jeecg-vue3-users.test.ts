// The Vue 3 client's 用户管理 and 数据字典 beyond the original contract (issue #31 item 3,
// docs/decisions/123): recycle bins, 离职 and agents, asked as its user.api.ts / dict.api.ts ask
// (tests/support/vue3-client.ts), answers read as its modals read them; another tenant's rows never
// appear or change.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { vue3Client } from "../support/vue3-client";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("the Vue 3 client's user and dictionary extras on %s", (kind) => {
  let server: TestBackend;
  let client: ReturnType<typeof vue3Client>;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  async function addUser(username: string): Promise<string> {
    const added = await client.post("/sys/user/add", { username, realname: `${username}名`, password: "Vue3-Test-2026!" });
    expect(added.json).toMatchObject({ success: true });
    const [row] = await rows<{ id: string }>(`select id from sys_user where username = '${username}'`);
    return row!.id;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    client = vue3Client(server.url, { token: await loginToken(server.url) });
    // Another tenant's deleted user, quitter and dictionary-free rows: never shown to tenant 1.
    await rows(`insert into sys_user (id, username, realname, del_flag, rel_tenant_ids) values ('other-del', 'other_deleted', '他校已删', 1, '2')`);
    await rows(`insert into sys_user (id, username, realname, status, rel_tenant_ids) values ('other-quit', 'other_quit', '他校离职', 2, '2')`);
    await rows(`insert into sys_user_quit (user_id, tenant_id, status) values ('other-quit', 2, 1)`);
  });
  afterAll(async () => server?.close());

  it("lists, restores and removes deleted users of the tenant only (回收站)", async () => {
    const first = await addUser(`vue3_bin_a_${kind}`);
    const second = await addUser(`vue3_bin_b_${kind}`);
    expect((await client.delete("/sys/user/deleteBatch", { ids: `${first},${second}` })).json).toMatchObject({ success: true });

    const bin = await client.get("/sys/user/recycleBin");
    expect(bin.json).toMatchObject({ success: true, result: expect.any(Array) });
    const ids = bin.json.result.map((user: { id: string }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([first, second]));
    expect(ids).not.toContain("other-del");
    expect(bin.json.result[0]).not.toHaveProperty("password");

    // 还原 (PUT {userIds}) and 彻底删除 (DELETE ?userIds=) as UserRecycleBinModal sends them.
    expect((await client.put("/sys/user/putRecycleBin", { userIds: first })).json).toMatchObject({ success: true, message: "还原成功" });
    const restored = await client.get("/sys/user/list", { username: `vue3_bin_a_${kind}` });
    expect(restored.json.result.records.map((user: { id: string }) => user.id)).toEqual([first]);

    expect((await client.delete("/sys/user/deleteRecycleBin", { userIds: second })).json).toMatchObject({ success: true, message: "删除成功" });
    expect(await rows(`select id from sys_user where id = '${second}'`)).toEqual([]);

    // Present users and another tenant's are not in this tenant's bin.
    expect((await client.delete("/sys/user/deleteRecycleBin", { userIds: `${first},other-del` })).json).toMatchObject({
      success: false,
      message: "所选用户不在回收站中",
    });
    expect((await client.put("/sys/user/putRecycleBin", { userIds: "other-del" })).json).toMatchObject({ success: false });
    expect(await rows(`select del_flag from sys_user where id = 'other-del'`)).toEqual([{ del_flag: 1 }]);
  });

  it("lets a user leave with a colleague taking over, lists them and cancels it (离职)", async () => {
    const leaver = `vue3_quit_${kind}`;
    const colleague = `vue3_agent_${kind}`;
    const leaverId = await addUser(leaver);
    await addUser(colleague);

    // UserAgentModal: no agent yet (result empty), then one saved and read back.
    const none = await client.get("/sys/sysUserAgent/queryByUserName", { userName: leaver });
    expect(none.json.result ?? null).toBeNull();
    const saved = await client.post("/sys/sysUserAgent/add", {
      userName: leaver,
      agentUserName: colleague,
      startTime: "2026-12-01 08:00:00",
      endTime: "2026-12-31 18:00:00",
      status: "1",
    });
    expect(saved.json).toMatchObject({ success: true });
    const agent = await client.get("/sys/sysUserAgent/queryByUserName", { userName: leaver });
    expect(agent.json).toMatchObject({
      success: true,
      result: { userName: leaver, agentUserName: colleague, startTime: "2026-12-01 08:00:00", endTime: "2026-12-31 18:00:00", status: "1" },
    });
    const edited = await client.post("/sys/sysUserAgent/edit", { ...agent.json.result, endTime: "2027-01-31 18:00:00" });
    expect(edited.json).toMatchObject({ success: true });
    expect((await client.get("/sys/sysUserAgent/queryByUserName", { userName: leaver })).json.result.endTime).toBe("2027-01-31 18:00:00");
    expect((await client.post("/sys/sysUserAgent/add", { userName: leaver, agentUserName: leaver })).json).toMatchObject({
      success: false,
      message: "代理人不能是用户本人",
    });
    expect((await client.post("/sys/sysUserAgent/add", { userName: leaver, agentUserName: "other_quit" })).json).toMatchObject({
      success: false,
      message: "代理人不存在",
    });

    // UserQuitAgentModal: the user leaves; the account cannot sign in (frozen) and is listed.
    const quit = await client.put("/sys/user/userQuitAgent", { userName: leaver, agentUserName: colleague, startTime: "2026-12-01 08:00:00" });
    expect(quit.json).toMatchObject({ success: true, message: "离职成功" });
    expect(await rows(`select status from sys_user where id = '${leaverId}'`)).toEqual([{ status: 2 }]);
    const list = await client.get("/sys/user/getQuitList");
    expect(list.json.result.map((user: { username: string }) => user.username)).toEqual([leaver]);

    // UserQuitModal's 取消离职 (PUT {userIds}) gives the account back its status.
    expect((await client.put("/sys/user/putCancelQuit", { userIds: "other-quit" })).json).toMatchObject({ success: false, message: "所选用户未离职" });
    expect((await client.put("/sys/user/putCancelQuit", { userIds: leaverId })).json).toMatchObject({ success: true, message: "取消离职成功" });
    expect(await rows(`select status from sys_user where id = '${leaverId}'`)).toEqual([{ status: 1 }]);
    expect((await client.get("/sys/user/getQuitList")).json.result).toEqual([]);
    expect(await rows(`select status from sys_user where id = 'other-quit'`)).toEqual([{ status: 2 }]);
  });

  it("answers listAll as the tenant's user list, the post picker as the user picker, no system password", async () => {
    const all = await client.get("/sys/user/listAll", { pageNo: "1", pageSize: "50" });
    expect(all.json).toMatchObject({ success: true, result: { records: expect.any(Array), total: expect.any(Number) } });
    expect(all.json.result).toEqual((await client.get("/sys/user/list", { pageNo: "1", pageSize: "50" })).json.result);
    expect(all.json.result.records.map((user: { username: string }) => user.username)).not.toContain("other_quit");

    const picker = await client.get("/sys/user/queryDepartPostUserPageList", { pageNo: "1", pageSize: "10", realname: "" });
    expect(picker.json.result.records[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), username: expect.any(String), realname: expect.anything() }),
    );
    expect(picker.json.result.records[0]).not.toHaveProperty("phone");

    const reset = await client.put("/sys/user/resetPassword?usernames=admin", {});
    expect(reset.json).toMatchObject({ success: false, message: "本系统没有统一的初始密码，请用「密码」为每位用户设置新密码" });
    expect((await client.get("/sys/user/getUploadFileProgress", { fileKey: "abc", type: "user" })).json).toMatchObject({ success: true, result: 0 });
  });

  it("lists a department's users by its org code (部门管理's 用户 tab)", async () => {
    const [depart] = await rows<{ id: string; org_code: string }>(
      `select d.id, d.org_code from sys_depart d where d.tenant_id = 1 and d.del_flag = '0' and exists (select 1 from sys_user_depart ud where ud.dep_id = d.id) order by d.org_code limit 1`,
    );
    const byCode = await client.get("/sys/user/queryDepartPostByOrgCode", { orgCode: depart!.org_code, pageNo: "1", pageSize: "10" });
    const byId = await client.get("/sys/user/departUserList", { depId: depart!.id, pageNo: "1", pageSize: "10" });
    expect(byCode.json).toMatchObject({ success: true });
    expect(byCode.json.result.records.length).toBeGreaterThan(0);
    expect(byCode.json.result).toEqual(byId.json.result);
    expect((await client.get("/sys/user/queryDepartPostByOrgCode", { orgCode: "NOPE" })).json).toMatchObject({ success: false });
  });

  it("keeps deleted dictionaries in a recycle bin: list, restore, remove for good", async () => {
    const codes = [`vue3_bin_one_${kind}`, `vue3_bin_two_${kind}`, `vue3_bin_three_${kind}`];
    const ids: string[] = [];
    for (const code of codes) {
      expect((await client.post("/sys/dict/add", { dictName: code, dictCode: code })).json).toMatchObject({ success: true });
      const [row] = await rows<{ id: string }>(`select id from sys_dict where dict_code = '${code}'`);
      ids.push(row!.id);
      expect((await client.delete("/sys/dict/delete", { id: row!.id })).json).toMatchObject({ success: true });
    }
    const bin = await client.get("/sys/dict/deleteList");
    expect(bin.json.result.map((dict: { dictCode: string }) => dict.dictCode)).toEqual(expect.arrayContaining(codes));

    expect((await client.put(`/sys/dict/back/${ids[0]}`, {})).json).toMatchObject({ success: true });
    expect((await client.put("/sys/dict/putRecycleBin", { ids: ids[1] })).json).toMatchObject({ success: true });
    const present = await client.get("/sys/dict/list", { dictCode: codes[1]! });
    expect(present.json.result.records.map((dict: { id: string }) => dict.id)).toEqual([ids[1]]);

    // A present dictionary cannot be removed for good from the bin.
    expect((await client.delete(`/sys/dict/deletePhysic/${ids[0]}`)).json).toMatchObject({ success: false, message: "所选字典不在回收站中" });
    expect((await client.delete("/sys/dict/deleteRecycleBin", { ids: ids[2]! })).json).toMatchObject({ success: true });
    expect(await rows(`select id from sys_dict where id in ('${ids[0]}', '${ids[2]}')`)).toEqual([{ id: ids[0] }]);
  });

  it("refuses the recycle bins' changes without the delete button", async () => {
    const teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    for (const answer of [
      await teacher.get("/sys/user/recycleBin"),
      await teacher.put("/sys/user/putRecycleBin", { userIds: "other-del" }),
      await teacher.put("/sys/user/userQuitAgent", { userName: "admin", agentUserName: "teacher_li" }),
      await teacher.put("/sys/dict/putRecycleBin", { ids: "x" }),
    ])
      expect(answer.json).toMatchObject({ success: false, code: 510 });
  });
});
