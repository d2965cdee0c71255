// The JeecgBoot Vue 3 client's bell and message pop-up (issue #31, docs/decisions/151): vue3List,
// 标星 (sysAnnouncementSend/edit), v3.9's 清空未读 (clearAllUnReadMessage) and the messageHref and
// rangeDate dictionaries, asked as its notify.api.ts and useSysMessage.ts ask (tests/support/vue3-client.ts),
// answers read as SysMessageList.vue and useMessageHref read them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatWireDate } from "#contract/clock";
import { MessageChannel } from "#contract/modules/message";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

type PopUpRow = { id: string; sendId: string; titile: string; readFlag: string; starFlag: string; busType: string | null; busId: string | null; izTop: number };

describe.each(databases)("the Vue 3 client's message pop-up on %s", (kind) => {
  let server: TestBackend;
  let admin: ReturnType<typeof vue3Client>;
  let teacher: ReturnType<typeof vue3Client>;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = vue3Client(server.url, { token: await loginToken(server.url) });
    teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
  });
  afterAll(async () => server?.close());

  const release = async (title: string) => {
    expect((await admin.post("/sys/annountCement/add", { titile: title, msgContent: "<p>正文</p>", msgCategory: "1", msgType: "ALL", priority: "M" })).json).toMatchObject({ success: true });
    const [notice] = (await admin.get("/sys/annountCement/list", { titile: title, pageNo: "1", pageSize: "10" })).json.result.records as { id: string }[];
    expect((await admin.get("/sys/annountCement/doReleaseData", { id: notice!.id })).json).toMatchObject({ success: true });
    return notice!.id;
  };
  // useSysMessage.ts's getQueryParams (v3.9 adds noticeType).
  const popUp = async (client: ReturnType<typeof vue3Client>, params: Record<string, string> = {}) => {
    const answer = await client.get("/sys/annountCement/vue3List", { fromUser: "", starFlag: "", rangeDateKey: "", beginDate: "", endDate: "", pageNo: "1", pageSize: "10", noticeType: "", ...params });
    expect(answer.json).toMatchObject({ success: true, result: expect.any(Array) });
    return answer.json.result as PopUpRow[];
  };
  const ids = (rows: PopUpRow[]) => rows.map((row) => row.id);
  const day = (offsetDays: number) => formatWireDate(new Date(Date.now() + offsetDays * 86_400_000), "UTC");

  it("lists the caller's messages as the pop-up reads them, reads them once listed, and keeps his stars", async () => {
    const first = await release(`弹窗消息一${kind}`);
    const second = await release(`弹窗消息二${kind}`);

    const listed = await popUp(teacher, { rangeDateKey: "7day" });
    const row = listed.find((message) => message.id === first)!;
    expect(row).toMatchObject({ titile: `弹窗消息一${kind}`, msgContent: "<p>正文</p>", sender: "admin", msgCategory: "1", readFlag: "0", starFlag: "0", izTop: 0, sendId: expect.any(String) });
    expect((row as unknown as { sendTime: string }).sendTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // Listed once, read (JeecgBoot's vue3List): the next page shows it read.
    expect((await popUp(teacher)).find((message) => message.id === first)).toMatchObject({ readFlag: "1" });

    // 标星 of his own message; the 标星 tab lists only starred ones.
    expect((await teacher.put("/sys/sysAnnouncementSend/edit", { starFlag: "1", id: row.sendId })).json).toMatchObject({ success: true });
    expect(ids(await popUp(teacher, { starFlag: "1" }))).toEqual([first]);
    expect((await admin.put("/sys/sysAnnouncementSend/edit", { starFlag: "0", id: row.sendId })).json).toMatchObject({ success: false });
    expect((await teacher.put("/sys/sysAnnouncementSend/edit", { starFlag: "x", id: row.sendId })).json).toMatchObject({ success: false });
    expect(ids(await popUp(teacher, { starFlag: "1" }))).toEqual([first]);

    // Filters: sender, kind (every message here is of the 系统 kind), school days and custom dates.
    expect(ids(await popUp(teacher, { fromUser: "admin" }))).toContain(first);
    expect(await popUp(teacher, { fromUser: "nobody_here" })).toEqual([]);
    expect(ids(await popUp(teacher, { noticeType: "system" }))).toContain(first);
    expect(await popUp(teacher, { noticeType: "flow" })).toEqual([]);
    expect(ids(await popUp(teacher, { rangeDateKey: "jt" }))).toContain(first);
    expect(ids(await popUp(teacher, { rangeDateKey: "zt" }))).not.toContain(first);
    expect(ids(await popUp(teacher, { rangeDateKey: "sy" }))).not.toContain(first);
    expect(ids(await popUp(teacher, { rangeDateKey: "zdy", beginDate: `${day(-2)} 00:00:00`, endDate: `${day(2)} 23:59:59` }))).toContain(first);
    expect(await popUp(teacher, { rangeDateKey: "zdy", beginDate: "2000-01-01 00:00:00", endDate: "2000-01-02 23:59:59" })).toEqual([]);

    // Pinned first, then unread, newest first; a page at a time.
    expect((await admin.post("/sys/annountCement/editIzTop", { id: first, izTop: 1 })).json).toMatchObject({ success: true });
    const pinned = await popUp(teacher);
    expect(pinned[0]).toMatchObject({ id: first, izTop: 1 });
    expect(ids(pinned)).toContain(second);
    expect(await popUp(teacher, { pageSize: "1" })).toHaveLength(1);
    // The administrator's own pop-up has his own read marks, not the teacher's star.
    expect((await popUp(admin)).find((message) => message.id === first)).toMatchObject({ starFlag: "0" });
  });

  it("reads every unread message of the caller at 清空未读 (v3.9's bell)", async () => {
    await release(`清空未读${kind}`);
    expect((await teacher.get("/sys/annountCement/getUnreadMessageCount")).json.result.count).toBeGreaterThan(0);
    const cleared = await teacher.post("/sys/annountCement/clearAllUnReadMessage", {});
    expect(cleared.json).toMatchObject({ success: true, message: "清除未读消息成功" });
    expect((await teacher.get("/sys/annountCement/getUnreadMessageCount")).json.result).toMatchObject({ count: 0, systemCount: 0 });
  });

  it("serves messageHref and rangeDate with the signed-in user's dictionaries, and a template message opens in 我的消息 by its busId", async () => {
    for (const answer of [(await teacher.get("/sys/user/getUserInfo")).json.result.sysAllDictItems, (await teacher.get("/sys/dict/queryAllDictItems")).json.result]) {
      expect(answer.messageHref).toEqual([expect.objectContaining({ value: "message", text: "/monitor/mynews" })]);
      expect(answer.rangeDate.map((item: { value: string }) => item.value)).toEqual(["jt", "zt", "qt", "bz", "sz", "by", "sy", "7day", "zdy"]);
    }

    const template = { templateCode: `vue3_pop_${kind}`, templateName: "弹窗模板", templateType: MessageChannel.site, templateContent: "${name} 您好" };
    expect((await admin.post("/sys/message/sysMessageTemplate/add", template)).json).toMatchObject({ success: true });
    expect((await admin.post("/sys/message/sysMessageTemplate/sendMsg", { templateCode: template.templateCode, receiver: "teacher_li", testData: JSON.stringify({ name: "李老师" }) })).json).toMatchObject({ success: true });
    const [message] = await popUp(teacher, { busType: "message" });
    // useMessageHref: messageHref's text is the route, busId the detailId that 我的消息 opens with getOne.
    expect(message).toMatchObject({ busType: "message", busId: message!.id, titile: "弹窗模板" });
    expect((await teacher.get("/sys/sysAnnouncementSend/getOne", { sendId: message!.busId! })).json).toMatchObject({ success: true, result: { anntId: message!.id, titile: "弹窗模板" } });
    expect((await teacher.get("/sys/sysAnnouncementSend/getOne", { sendId: message!.sendId })).json).toMatchObject({ success: true, result: { anntId: message!.id } });
    expect((await admin.get("/sys/sysAnnouncementSend/getOne", { sendId: message!.busId! })).json).toMatchObject({ success: false });
  });
});
