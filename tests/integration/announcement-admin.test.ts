// The announcement admin page's backend over real HTTP (api-contract.md §8): only drafts can be
// edited, and the notice answers carry the sender's real name for readers who cannot open the
// user list (docs/spec/app-shell.md §2 "Notices").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { sysUser } from "../../backend/db/schema";
import { sysAnnouncement } from "../../backend/modules/system/announcement/schema";
import { BackendClient } from "~/services/api.server";
import { testApp } from "../support/app-context";
import { loadNoticeDetail } from "~/routes/api/notices/notices.server";
import {
  addNotice,
  adminToken,
  api,
  login,
  release,
  startNoticeBackend,
  userIdOf,
  type Announcement,
  type Caller,
  type Page,
  type NoticeTestBackend,
} from "./announcement-harness";

describe("announcement admin", () => {
  let server: NoticeTestBackend;
  let base: string;
  let admin: Caller;
  let chen: Caller;
  let chenId: string;

  beforeAll(async () => {
    server = await startNoticeBackend();
    base = server.url;
    admin = { token: await adminToken(base) };
    chen = { token: await login(base, "teacher_chen") };
    chenId = await userIdOf(server.backend, "teacher_chen");
  });
  afterAll(async () => server?.close());

  const titleOf = async (id: string) =>
    (await server.backend.db.orm.select({ titile: sysAnnouncement.titile }).from(sysAnnouncement).where(eq(sysAnnouncement.id, id)))[0]?.titile;

  it("edits a draft, and refuses to edit it once released or revoked", async () => {
    const id = await addNotice(base, admin, { titile: "草稿通知", msgType: "USER", userIds: [chenId] });
    expect(await api(base, "PUT", "/sys/annountCement/edit", admin, { id, titile: "草稿通知（改）" })).toMatchObject({ success: true, message: "编辑成功!" });
    expect(await titleOf(id)).toBe("草稿通知（改）");

    expect(await release(base, admin, id)).toMatchObject({ success: true, message: "该系统通知发布成功" });
    expect(await api(base, "PUT", "/sys/annountCement/edit", admin, { id, titile: "发布后改" })).toMatchObject({
      success: false,
      message: "已发布的通知不能编辑",
    });
    // POST is the same endpoint (the original accepts both), and refused the same way.
    expect(await api(base, "POST", "/sys/annountCement/edit", admin, { id, titile: "发布后改" })).toMatchObject({ success: false });
    expect(await titleOf(id)).toBe("草稿通知（改）");

    expect(await api(base, "GET", `/sys/annountCement/doReovkeData?id=${id}`, admin)).toMatchObject({ success: true, message: "该系统通知撤销成功" });
    expect(await api(base, "PUT", "/sys/annountCement/edit", admin, { id, titile: "撤销后改" })).toMatchObject({
      success: false,
      message: "已撤销的通知不能编辑",
    });
    expect(await titleOf(id)).toBe("草稿通知（改）");
    const listed = await api<Page<Announcement>>(base, "GET", `/sys/annountCement/list?id=${id}`, admin);
    expect(listed.result.records[0]).toMatchObject({ sendStatus: "2", sendStatus_dictText: "已撤销" });
  });

  it("gives the sender's real name to a recipient who cannot read the user list", async () => {
    const id = await addNotice(base, admin, { titile: "带发布人姓名", msgType: "USER", userIds: [chenId] });
    await release(base, admin, id);

    // A teacher has no user page: the Vue 2 client's lookup by username answers the picker's columns.
    const users = await api<{ records: Record<string, unknown>[] }>(base, "GET", "/sys/user/list?username=admin", chen);
    expect(users).toMatchObject({ success: true, result: { records: [{ username: "admin", realname: "管理员" }] } });
    expect(users.result.records[0]).not.toHaveProperty("phone");

    const detail = await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${id}`, chen);
    expect(detail).toMatchObject({ success: true, result: { id, sender: "admin", sender_dictText: "管理员", userIds: null } });

    // The web server's notice detail (the modal's data) shows it.
    const web = testApp(base);
    expect(await loadNoticeDetail(new BackendClient(web, { token: chen.token, tenantId: 1 }), id)).toMatchObject({ titile: "带发布人姓名", senderName: "管理员" });

    // The admin's list and detail carry it as well.
    const listed = await api<Page<Announcement>>(base, "GET", `/sys/annountCement/list?id=${id}`, admin);
    expect(listed.result.records[0]).toMatchObject({ sender: "admin", sender_dictText: "管理员" });
    expect((await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${id}`, admin)).result).toMatchObject({ sender_dictText: "管理员" });

    // A renamed sender shows the new name; a sender who has gone shows the username.
    await server.backend.db.orm.update(sysUser).set({ realname: "校务管理员" }).where(eq(sysUser.username, "admin"));
    try {
      expect((await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${id}`, chen)).result.sender_dictText).toBe("校务管理员");
    } finally {
      await server.backend.db.orm.update(sysUser).set({ realname: "管理员" }).where(eq(sysUser.username, "admin"));
    }
    await server.backend.db.orm.update(sysAnnouncement).set({ sender: "someone_gone" }).where(eq(sysAnnouncement.id, id));
    expect((await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${id}`, chen)).result.sender_dictText).toBe("someone_gone");

    // A draft has no sender yet.
    const draft = await addNotice(base, admin, { titile: "无发布人", msgType: "ALL" });
    expect((await api<Announcement>(base, "GET", `/sys/annountCement/queryById?id=${draft}`, admin)).result).toMatchObject({ sender: null, sender_dictText: null });
  });
});
