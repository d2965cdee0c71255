// The announcement endpoints over real HTTP (api-contract.md §5, §6, §8, §10), on PGlite and, when
// reachable, on the local PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { sysUser } from "../../backend/db/schema";
import { sysAnnouncement, sysAnnouncementSend } from "../../backend/modules/system/announcement/schema";
import { postgresReachable } from "../support/backend";
import {
  addNotice,
  adminToken,
  api,
  createPostgresDatabase,
  createSecondCampusUser,
  login,
  release,
  startNoticeBackend,
  userIdOf,
  type Announcement,
  type Caller,
  type MySend,
  type NoticeLists,
  type NoticeTestBackend,
  type Page,
} from "./announcement-harness";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("announcements on %s", (kind) => {
  let server: NoticeTestBackend;
  let dropDatabase: (() => Promise<void>) | undefined;
  let base: string;
  let admin: Caller;
  let li: Caller;
  let chen: Caller;
  let principal: Caller;
  let campus2: Caller;
  let liId: string;
  let chenId: string;

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (kind === "postgres") {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    }
    server = await startNoticeBackend({ databaseUrl });
    base = server.url;
    await createSecondCampusUser(server.backend, "campus2_wu");
    admin = { token: await adminToken(base) };
    li = { token: await login(base, "teacher_li") };
    chen = { token: await login(base, "teacher_chen") };
    principal = { token: await login(base, "principal_zhang") };
    campus2 = { token: await login(base, "campus2_wu") };
    liId = await userIdOf(server.backend, "teacher_li");
    chenId = await userIdOf(server.backend, "teacher_chen");
  });
  afterAll(async () => {
    await server?.close();
    await dropDatabase?.();
  });

  const lists = async (caller: Caller, query = "") => {
    const answer = await api<NoticeLists>(base, "GET", `/sys/annountCement/listByUser${query}`, caller);
    expect(answer).toMatchObject({ success: true, code: 0 });
    return answer.result;
  };
  const listedIds = (result: NoticeLists) => [...result.anntMsgList, ...result.sysMsgList].map((record) => record.id);
  const marks = async (anntId: string) =>
    server.backend.db.orm
      .select({ userId: sysAnnouncementSend.userId, readFlag: sysAnnouncementSend.readFlag, readTime: sysAnnouncementSend.readTime })
      .from(sysAnnouncementSend)
      .where(eq(sysAnnouncementSend.anntId, anntId));

  it("adds a USER notice as a draft, with the ids' trailing comma and one unread mark per user", async () => {
    const added = await api(base, "POST", "/sys/annountCement/add", admin, {
      titile: "期中考试安排",
      msgContent: "<p>下周一开始</p>",
      msgCategory: "1",
      msgType: "USER",
      priority: "H",
      userIds: `${liId},${chenId},`,
    });
    expect(added).toMatchObject({ success: true, code: 200, message: "添加成功！" });
    const listed = await api<Page<Announcement>>(base, "GET", "/sys/annountCement/list?titile=期中考试安排", admin);
    expect(listed).toMatchObject({ success: true, code: 0 });
    const record = listed.result.records[0]!;
    expect(record).toMatchObject({
      titile: "期中考试安排",
      msgType: "USER",
      sendStatus: "0",
      delFlag: "0",
      userIds: `${liId},${chenId},`,
      sendStatus_dictText: "未发布",
      createBy: "admin",
    });
    expect(record).not.toHaveProperty("tenantId");
    expect(record.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const rows = await marks(record.id);
    expect(rows.map((row) => row.userId).sort()).toEqual([liId, chenId].sort());
    expect(rows.every((row) => row.readFlag === "0")).toBe(true);
    // A draft is not in anybody's bell.
    expect(listedIds(await lists(li))).not.toContain(record.id);
  });

  it("releases a notice: published, sent now by the caller, then in the recipients' bell only", async () => {
    const id = await addNotice(base, admin, { titile: "家长会通知", msgType: "USER", userIds: [liId] });
    const released = await release(base, admin, id);
    expect(released).toMatchObject({ success: true, code: 200, message: "该系统通知发布成功" });
    const [row] = await server.backend.db.orm.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(row).toMatchObject({ sendStatus: "1", sender: "admin" });
    expect(Date.now() - row!.sendTime!.getTime()).toBeLessThan(60_000);

    const forLi = await lists(li);
    expect(forLi.anntMsgList.map((record) => record.id)).toContain(id);
    expect(forLi.anntMsgTotal).toBe(forLi.anntMsgList.length);
    expect(forLi.anntMsgList.find((record) => record.id === id)).toMatchObject({ titile: "家长会通知", userIds: null });
    expect(listedIds(await lists(chen))).not.toContain(id);
    expect(listedIds(await lists(principal))).not.toContain(id);
  });

  it("marks the caller's own row read with read_time, and only that row", async () => {
    const id = await addNotice(base, admin, { titile: "教研活动", msgType: "USER", userIds: [liId, chenId] });
    await release(base, admin, id);
    const before = (await lists(li)).anntMsgTotal;
    const marked = await api(base, "PUT", "/sys/sysAnnouncementSend/editByAnntIdAndUserId", li, { anntId: id });
    expect(marked).toMatchObject({ success: true, code: 0 });
    const after = await lists(li);
    expect(after.anntMsgTotal).toBe(before - 1);
    expect(listedIds(after)).not.toContain(id);
    const rows = await marks(id);
    expect(rows.find((row) => row.userId === liId)).toMatchObject({ readFlag: "1" });
    expect(rows.find((row) => row.userId === liId)!.readTime).toBeInstanceOf(Date);
    expect(rows.find((row) => row.userId === chenId)).toMatchObject({ readFlag: "0", readTime: null });
    expect(listedIds(await lists(chen))).toContain(id);
  });

  it("treats an anntId with SQL metacharacters as a plain value", async () => {
    const id = await addNotice(base, admin, { titile: "安全演练", msgType: "USER", userIds: [liId] });
    await release(base, admin, id);
    const unreadBefore = (await lists(li)).anntMsgTotal;
    const [usersBefore] = await server.backend.db.orm.select({ total: count() }).from(sysUser);
    for (const anntId of ["x' or '1'='1", "1';delete from sys_user;--", `${id}' or ''='`]) {
      const answer = await api(base, "PUT", "/sys/sysAnnouncementSend/editByAnntIdAndUserId", li, { anntId });
      expect(answer).toMatchObject({ success: true, code: 0 });
    }
    expect((await lists(li)).anntMsgTotal).toBe(unreadBefore);
    const [usersAfter] = await server.backend.db.orm.select({ total: count() }).from(sysUser);
    expect(usersAfter!.total).toBe(usersBefore!.total);
    const refused = await api(base, "PUT", "/sys/sysAnnouncementSend/editByAnntIdAndUserId", li, { anntId: { $ne: "" } });
    expect(refused).toMatchObject({ success: false, message: "通告ID不能为空" });
  });

  it("gives ALL notices to every user of the tenant on their first listing, not to another tenant", async () => {
    const id = await addNotice(base, admin, { titile: "全校停电通知", msgType: "ALL", msgCategory: "2" });
    await release(base, admin, id);
    expect((await marks(id)).length).toBe(0);
    const forLi = await lists(li);
    expect(forLi.sysMsgList.map((record) => record.id)).toContain(id);
    expect(forLi.sysMsgTotal).toBeGreaterThanOrEqual(1);
    expect((await marks(id)).map((row) => row.userId)).toEqual([liId]);
    // Listing twice creates no second mark.
    await lists(li);
    expect((await marks(id)).length).toBe(1);

    expect(listedIds(await lists(principal))).toContain(id);
    expect(listedIds(await lists({ ...principal, tenantId: 2 }))).not.toContain(id);
    expect(listedIds(await lists(campus2))).not.toContain(id);
  });

  it("leaves out ALL notices that ended before the user was created", async () => {
    const id = await addNotice(base, admin, { titile: "去年的通知", msgType: "ALL" });
    await api(base, "PUT", "/sys/annountCement/edit", admin, { id, endTime: "2001-01-01 00:00:00" });
    await release(base, admin, id);
    expect(listedIds(await lists(li))).not.toContain(id);
  });

  it("caps both lists at pageSize, newest first, while the totals count everything", async () => {
    const ids: string[] = [];
    for (const titile of ["分页一", "分页二", "分页三"]) {
      const id = await addNotice(base, admin, { titile, msgType: "ALL", msgCategory: "2" });
      await release(base, admin, id);
      ids.push(id);
    }
    const capped = await lists(chen, "?pageSize=2");
    expect(capped.sysMsgList).toHaveLength(2);
    expect(capped.sysMsgTotal).toBeGreaterThanOrEqual(3);
    expect(capped.sysMsgList.map((record) => record.id)).toEqual([ids[2], ids[1]]);
    const times = capped.sysMsgList.map((record) => record.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await lists(chen)).sysMsgList.length).toBeLessThanOrEqual(5);
  });

  it("reads everything with readAll", async () => {
    const id = await addNotice(base, admin, { titile: "全部已读测试", msgType: "ALL" });
    await release(base, admin, id);
    const before = await lists(chen);
    expect(before.anntMsgTotal + before.sysMsgTotal).toBeGreaterThan(0);
    const answer = await api(base, "PUT", "/sys/sysAnnouncementSend/readAll", chen);
    expect(answer).toMatchObject({ success: true, code: 0, message: "全部已读" });
    expect(await lists(chen)).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0, anntMsgList: [], sysMsgList: [] });
    // li's unread are untouched.
    expect((await lists(li)).anntMsgTotal + (await lists(li)).sysMsgTotal).toBeGreaterThan(0);
  });

  it("revokes a notice: it leaves the bell and 我的消息, and keeps its marks for a new release", async () => {
    const id = await addNotice(base, admin, { titile: "临时调课", msgType: "USER", userIds: [liId] });
    await release(base, admin, id);
    expect(listedIds(await lists(li))).toContain(id);
    const revoked = await api(base, "GET", `/sys/annountCement/doReovkeData?id=${id}`, admin);
    expect(revoked).toMatchObject({ success: true, code: 200, message: "该系统通知撤销成功" });
    const [row] = await server.backend.db.orm.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(row!.sendStatus).toBe("2");
    expect(row!.cancelTime).toBeInstanceOf(Date);
    expect(listedIds(await lists(li))).not.toContain(id);
    const mine = await api<Page<MySend>>(base, "GET", "/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=100", li);
    expect(mine.result.records.map((record) => record.anntId)).not.toContain(id);
    const asRecipient = await api(base, "GET", `/sys/annountCement/queryById?id=${id}`, li);
    expect(asRecipient).toMatchObject({ success: false, code: 510 });

    await release(base, admin, id);
    expect(listedIds(await lists(li))).toContain(id);
  });

  it("pages 我的消息: the caller's rows only, unread first, newest first, with filters", async () => {
    const own = await api<Page<MySend>>(base, "GET", "/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=100", li);
    expect(own).toMatchObject({ success: true, code: 0 });
    const all = own.result.records;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(own.result.total).toBe(all.length);
    expect(all.every((record) => record.userId === liId)).toBe(true);
    expect(all[0]).toMatchObject({ anntId: expect.any(String), titile: expect.any(String), readFlag: expect.stringMatching(/^[01]$/) });
    const flags = all.map((record) => record.readFlag);
    expect(flags).toEqual([...flags].sort());
    const unread = all.filter((record) => record.readFlag === "0").map((record) => record.sendTime ?? "");
    expect(unread).toEqual([...unread].sort().reverse());

    const first = await api<Page<MySend>>(base, "GET", "/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=2", li);
    const second = await api<Page<MySend>>(base, "GET", "/sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=2&pageSize=2", li);
    expect(first.result).toMatchObject({ total: all.length, size: 2, current: 1, pages: Math.ceil(all.length / 2) });
    expect([...first.result.records, ...second.result.records].map((record) => record.id)).toEqual(all.slice(0, 4).map((record) => record.id));

    const read = await api<Page<MySend>>(base, "GET", "/sys/sysAnnouncementSend/getMyAnnouncementSend?readFlag=1&pageSize=100", li);
    expect(read.result.records.length).toBeGreaterThan(0);
    expect(read.result.records.every((record) => record.readFlag === "1")).toBe(true);
    const titled = await api<Page<MySend>>(base, "GET", `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent("家长")}`, li);
    expect(titled.result.records.map((record) => record.titile)).toEqual(["家长会通知"]);
    // `%` is a literal character, not a wildcard.
    const wildcard = await api<Page<MySend>>(base, "GET", `/sys/sysAnnouncementSend/getMyAnnouncementSend?titile=${encodeURIComponent("%")}`, li);
    expect(wildcard.result.total).toBe(0);
  });

  it("lets a recipient read a published notice by id, without the recipient list", async () => {
    const id = await addNotice(base, admin, { titile: "只给李老师", msgType: "USER", userIds: [liId] });
    const draft = await api(base, "GET", `/sys/annountCement/queryById?id=${id}`, li);
    expect(draft).toMatchObject({ success: false, code: 510, message: "没有权限，请联系管理员授权" });
    await release(base, admin, id);
    const asRecipient = await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${id}`, li);
    expect(asRecipient).toMatchObject({ success: true, code: 0, result: { id, titile: "只给李老师", userIds: null } });
    const stranger = await api(base, "GET", `/sys/annountCement/queryById?id=${id}`, chen);
    expect(stranger).toMatchObject({ success: false, code: 510 });
    const unknown = await api(base, "GET", "/sys/annountCement/queryById?id=nope", chen);
    expect(unknown).toMatchObject({ success: false, code: 510 });
    const asAdmin = await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${id}`, admin);
    expect(asAdmin.result).toMatchObject({ id, userIds: `${liId},` });
    expect(await api(base, "GET", "/sys/annountCement/queryById?id=nope", admin)).toMatchObject({ success: false, message: "未找到对应数据" });
  });

  it("keeps the admin endpoints for holders of the menu and buttons", async () => {
    expect(await api(base, "GET", "/sys/annountCement/list", li)).toMatchObject({ success: false, code: 510 });
    const add = await api(base, "POST", "/sys/annountCement/add", li, { titile: "x", msgType: "ALL" });
    expect(add).toMatchObject({ success: false, code: 510 });
    const id = await addNotice(base, admin, { titile: "权限测试", msgType: "ALL" });
    for (const path of [`/sys/annountCement/doReleaseData?id=${id}`, `/sys/annountCement/doReovkeData?id=${id}`]) {
      expect(await api(base, "GET", path, li)).toMatchObject({ success: false, code: 510 });
    }
    // As JeecgBoot: syncNotic answers everyone; without the release button it reaches only the caller's sockets.
    expect(await api(base, "GET", `/sys/annountCement/syncNotic?anntId=${id}`, li)).toMatchObject({ success: true, code: 0 });
    expect(await api(base, "DELETE", `/sys/annountCement/delete?id=${id}`, li)).toMatchObject({ success: false, code: 510 });
    expect(await api(base, "GET", "/sys/annountCement/listByUser", null)).toMatchObject({ status: 401, code: 401 });
  });

  it("scopes the admin list and the recipients to the caller's tenant", async () => {
    const adminCampus2: Caller = { ...admin, tenantId: 2 };
    const tenant1Id = await addNotice(base, admin, { titile: "北京校区公告", msgType: "ALL" });
    const tenant2Id = await addNotice(base, adminCampus2, { titile: "上海校区公告", msgType: "ALL" });
    const inTenant1 = await api<Page<Announcement>>(base, "GET", "/sys/annountCement/list?pageSize=1000", admin);
    const inTenant2 = await api<Page<Announcement>>(base, "GET", "/sys/annountCement/list?pageSize=1000", adminCampus2);
    expect(inTenant1.result.records.map((record) => record.id)).toContain(tenant1Id);
    expect(inTenant1.result.records.map((record) => record.id)).not.toContain(tenant2Id);
    expect(inTenant2.result.records.map((record) => record.id)).toEqual([tenant2Id]);
    expect(await release(base, admin, tenant2Id)).toMatchObject({ success: false, message: "未找到对应数据" });
    await release(base, adminCampus2, tenant2Id);
    expect(listedIds(await lists(campus2))).toContain(tenant2Id);
    expect(listedIds(await lists(li))).not.toContain(tenant2Id);

    const foreign = await api(base, "POST", "/sys/annountCement/add", adminCampus2, { titile: "越界", msgType: "USER", userIds: `${liId},` });
    expect(foreign).toMatchObject({ success: false, message: "指定的用户不存在或不属于当前租户" });
  });

  it("validates the body: required title and type, known codes, bounded lengths, a sane period", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ msgType: "ALL" }, "标题不能为空"],
      [{ titile: "t" }, "通告对象类型不能为空"],
      [{ titile: "t", msgType: "SOME" }, "通告对象类型只能是USER或ALL"],
      [{ titile: "t", msgType: "USER" }, "指定用户不能为空"],
      [{ titile: "t", msgType: "USER", userIds: "nobody," }, "指定的用户不存在或不属于当前租户"],
      [{ titile: "t", msgType: "ALL", priority: "X" }, "优先级只能是L、M或H"],
      [{ titile: "标".repeat(101), msgType: "ALL" }, "标题长度不能超过100个字符"],
      [{ titile: "t", msgType: "ALL", msgContent: "x".repeat(200_001) }, "内容长度不能超过200000个字符"],
      [{ titile: "t", msgType: "ALL", startTime: "2030-01-02 00:00:00", endTime: "2030-01-01 00:00:00" }, "结束时间不能早于开始时间"],
    ];
    for (const [body, message] of cases) {
      expect(await api(base, "POST", "/sys/annountCement/add", admin, body)).toMatchObject({ success: false, message });
    }
    // The server's columns cannot be set from a body.
    await api(base, "POST", "/sys/annountCement/add", admin, { titile: "伪造状态", msgType: "ALL", sendStatus: "1", sender: "x", tenantId: 2 });
    const [row] = await server.backend.db.orm.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, "伪造状态"));
    expect(row).toMatchObject({ sendStatus: "0", sender: null, tenantId: 1 });
  });

  it("edits a notice and its recipients; an unknown id is not found", async () => {
    const id = await addNotice(base, admin, { titile: "编辑前", msgType: "USER", userIds: [liId, chenId] });
    const edited = await api(base, "PUT", "/sys/annountCement/edit", admin, { id, titile: "编辑后", userIds: `${chenId},` });
    expect(edited).toMatchObject({ success: true, message: "编辑成功!" });
    const [row] = await server.backend.db.orm.select().from(sysAnnouncement).where(eq(sysAnnouncement.id, id));
    expect(row).toMatchObject({ titile: "编辑后", userIds: `${chenId},`, updateBy: "admin" });
    expect((await marks(id)).map((mark) => mark.userId)).toEqual([chenId]);
    // A recipient who has left since does not block an edit that leaves the recipients alone.
    await server.backend.db.orm.update(sysUser).set({ delFlag: 1 }).where(eq(sysUser.id, chenId));
    try {
      expect(await api(base, "PUT", "/sys/annountCement/edit", admin, { id, titile: "再次编辑" })).toMatchObject({ success: true });
      expect(await api(base, "PUT", "/sys/annountCement/edit", admin, { id, userIds: `${chenId},` })).toMatchObject({
        success: false,
        message: "指定的用户不存在或不属于当前租户",
      });
    } finally {
      await server.backend.db.orm.update(sysUser).set({ delFlag: 0 }).where(eq(sysUser.id, chenId));
    }
    expect(await api(base, "PUT", "/sys/annountCement/edit", admin, { id: "nope", titile: "x" })).toMatchObject({
      success: false,
      message: "未找到对应数据",
    });
  });

  it("deletes into the recycle bin, one or a batch with the client's trailing comma", async () => {
    const one = await addNotice(base, admin, { titile: "删除一", msgType: "ALL" });
    const two = await addNotice(base, admin, { titile: "删除二", msgType: "ALL" });
    const three = await addNotice(base, admin, { titile: "删除三", msgType: "ALL" });
    await release(base, admin, one);
    expect(listedIds(await lists(li))).toContain(one);
    expect(await api(base, "DELETE", `/sys/annountCement/delete?id=${one}`, admin)).toMatchObject({ success: true, message: "删除成功!" });
    expect(await api(base, "DELETE", `/sys/annountCement/delete?id=${one}`, admin)).toMatchObject({ success: false, message: "未找到对应数据" });
    const batch = await api(base, "DELETE", `/sys/annountCement/deleteBatch?ids=${two},${three},`, admin);
    expect(batch).toMatchObject({ success: true, message: "批量删除成功！" });
    const rows = await server.backend.db.orm
      .select({ delFlag: sysAnnouncement.delFlag })
      .from(sysAnnouncement)
      .where(and(eq(sysAnnouncement.delFlag, "1")));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const listed = await api<Page<Announcement>>(base, "GET", "/sys/annountCement/list?pageSize=1000", admin);
    expect(listed.result.records.map((record) => record.id)).not.toEqual(expect.arrayContaining([one]));
    expect(listedIds(await lists(li))).not.toContain(one);
  });

  it("logs no server error along the way", () => {
    expect(server.errors).toEqual([]);
  });
});
