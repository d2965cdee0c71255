// 消息模板 and 消息 (issue #13 part 5): a template rendered and sent over each channel. 站内 becomes a
// published notice to that user, pushed live on their socket and listed in their bell; 邮件 goes
// through the outbox over real SMTP; 短信 goes to its configured webhook (a real local HTTP server);
// 微信 without a provider is recorded (已记录) with exactly what would be sent. The bill reminder
// job writes its mail from the tenant's `bill_reminder` template.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { MessageChannel, MessageStatus } from "#contract/modules/message";
import { BILL_REMINDER_TEMPLATE, remindUnpaidBills, unpaidBillReminderText } from "../../backend/modules/billing/bill/bill-reminder";
import { findTemplate } from "../../backend/modules/communication/message/message-service";
import { databaseExecutor } from "../../backend/crud/context";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { postgresReachable, startTestBackend } from "../support/backend";
import { migrationsFolder } from "../../backend/db/migrate";
import { adminToken, api, connectSocket, createPostgresDatabase, login, startNoticeBackend, userIdOf, type Caller, type NoticeLists, type NoticeTestBackend, type TestSocket } from "./announcement-harness";

interface MessageRow {
  id: string;
  esType: string;
  esReceiver: string;
  esTitle: string;
  esContent: string;
  esSendStatus: string;
  esResult: string | null;
  [key: string]: unknown;
}

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("消息模板 and 消息 on %s", (kind) => {
  let server: NoticeTestBackend;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let smtp: TestSmtp;
  let webhook: Server;
  const webhookBodies: unknown[] = [];
  let base: string;
  let admin: Caller;
  const sockets: TestSocket[] = [];

  const addTemplate = async (templateCode: string, templateType: string, templateName: string, templateContent: string) => {
    const answer = await api(base, "POST", "/sys/message/sysMessageTemplate/add", admin, { templateCode, templateName, templateType, templateContent });
    expect(answer.success, answer.message).toBe(true);
  };
  const send = (templateCode: string, receiver: string, testData: unknown) =>
    api<Array<{ id: string; status: string; result: string | null }>>(base, "POST", "/sys/message/sysMessageTemplate/sendMsg", admin, { templateCode, receiver, testData });
  const messages = async (templateCode: string) =>
    (await api<{ records: MessageRow[] }>(base, "GET", `/sys/message/sysMessage/list?templateCode=${templateCode}&pageSize=50`, admin)).result.records;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    webhook = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        webhookBodies.push(JSON.parse(body));
        response.end("ok");
      });
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => webhook.once("listening", resolve));
    const smsWebhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/sms`;
    if (kind === "postgres") database = await createPostgresDatabase();
    server = await startNoticeBackend({ databaseUrl: database?.url, config: { smtpUrl: smtp.url, mailFrom: "school@school.example", smsWebhookUrl } });
    base = server.url;
    admin = { token: await adminToken(base) };
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    await server?.close();
    await smtp?.stop();
    await new Promise((resolve) => webhook?.close(resolve));
    await database?.drop();
  });

  it("站内: the rendered notice reaches the user's bell and is pushed on their socket", async () => {
    await addTemplate("welcome_site", MessageChannel.site, "欢迎 ${name}", "${name} 老师您好，${course} 已排课。");
    const userId = await userIdOf(server.backend, "teacher_li");
    const token = await login(base, "teacher_li");
    const socket = await connectSocket(server.wsUrl, userId, { token });
    sockets.push(socket);
    const answer = await send("welcome_site", "teacher_li", JSON.stringify({ name: "李明", course: "数学" }));
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result[0]).toMatchObject({ status: MessageStatus.sent });
    const frame = JSON.parse(await socket.next(5000)) as { cmd: string; msgTxt: string };
    expect(frame).toMatchObject({ cmd: "user", msgTxt: "欢迎 李明" });
    const bell = await api<NoticeLists>(base, "GET", "/sys/annountCement/listByUser", { token });
    expect(bell.result.sysMsgList.map((notice) => notice.titile)).toContain("欢迎 李明");
    expect(bell.result.sysMsgList.find((notice) => notice.titile === "欢迎 李明")?.msgContent).toBe("李明 老师您好，数学 已排课。");
    // Nobody else gets it.
    const chen = await api<NoticeLists>(base, "GET", "/sys/annountCement/listByUser", { token: await login(base, "teacher_chen") });
    expect(chen.result.sysMsgList.map((notice) => notice.titile)).not.toContain("欢迎 李明");
    expect(await messages("welcome_site")).toEqual([
      expect.objectContaining({ esType: MessageChannel.site, esReceiver: "teacher_li", esTitle: "欢迎 李明", esContent: "李明 老师您好，数学 已排课。", esSendStatus: MessageStatus.sent }),
    ]);
  });

  it("refuses missing values, unknown users and bad test data, writing nothing", async () => {
    const before = (await messages("welcome_site")).length;
    const notices = await server.backend.db.rows<{ n: number }>(sql`select count(*)::int as n from sys_announcement`);
    expect(await send("welcome_site", "teacher_li", { name: "李明" })).toMatchObject({ success: false, message: "模板参数缺失: course" });
    expect(await send("welcome_site", "teacher_li,nobody_here", { name: "李明", course: "数学" })).toMatchObject({ success: false, message: "用户不存在: nobody_here" });
    expect(await send("welcome_site", "teacher_li", "not json")).toMatchObject({ success: false });
    expect(await send("welcome_site", "", { name: "x", course: "y" })).toMatchObject({ success: false, message: "请输入接收人!" });
    expect(await send("no_such_template", "teacher_li", {})).toMatchObject({ success: false, message: "消息模板不存在" });
    expect((await messages("welcome_site")).length).toBe(before);
    expect(await server.backend.db.rows<{ n: number }>(sql`select count(*)::int as n from sys_announcement`)).toEqual(notices);
  });

  it("concurrent adds of one template code keep exactly one; concurrent sends each write their own message", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        api(base, "POST", "/sys/message/sysMessageTemplate/add", admin, { templateCode: "race_code", templateName: `并发 ${index}`, templateType: MessageChannel.wechat, templateContent: "${n}" }),
      ),
    );
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    expect(await server.backend.db.rows(sql`select id from sys_sms_template where template_code = 'race_code'`)).toHaveLength(1);
    const sends = await Promise.all(Array.from({ length: 12 }, (_, index) => send("race_code", `openid_${index}`, { n: index })));
    expect(sends.every((answer) => answer.success)).toBe(true);
    const rows = await messages("race_code");
    expect(rows.map((row) => row.esContent).sort()).toEqual(Array.from({ length: 12 }, (_, index) => String(index)).sort());
    expect(new Set(rows.map((row) => row.esSendStatus))).toEqual(new Set([MessageStatus.recorded]));
  });

  it("邮件: through the outbox over SMTP, to an address or to a user's e-mail", async () => {
    await addTemplate("notice_mail", MessageChannel.mail, "通知：${topic}", "${name}，您好：${topic} 将于 ${date} 举行。");
    const answer = await send("notice_mail", "parent@mail.example, teacher_li", { name: "家长", topic: "家长会", date: "2026-12-01" });
    expect(answer.success, answer.message).toBe(true);
    expect(answer.result.map((message) => message.status)).toEqual([MessageStatus.sent, MessageStatus.sent]);
    await smtp.waitForMail(2);
    const received = smtp.received.filter((mail) => mail.subject === "通知：家长会");
    expect(received.map((mail) => mail.to && !Array.isArray(mail.to) ? mail.to.text : "").sort()).toEqual(["li.ming@school.example", "parent@mail.example"]);
    expect(received[0]!.text?.trim()).toBe("家长，您好：家长会 将于 2026-12-01 举行。");
    const rows = await messages("notice_mail");
    expect(rows.map((row) => row.esSendStatus)).toEqual([MessageStatus.sent, MessageStatus.sent]);
    const mails = await server.backend.db.rows<{ status: string }>(sql`select status from comm_mail where subject = '通知：家长会'`);
    expect(mails).toEqual([{ status: "1" }, { status: "1" }]);
    expect(await send("notice_mail", "bad@", { name: "x", topic: "y", date: "z" })).toMatchObject({ success: false, message: "邮箱格式不正确: bad@" });
  });

  it("短信: to the configured webhook, with exactly the rendered text; 微信 without a provider is recorded", async () => {
    await addTemplate("sms_code", MessageChannel.sms, "验证码", "您的验证码是 ${code}，5 分钟内有效。");
    const sms = await send("sms_code", "13912345678, teacher_li", { code: "4321" });
    expect(sms.success, sms.message).toBe(true);
    expect(sms.result.map((message) => message.status)).toEqual([MessageStatus.sent, MessageStatus.sent]);
    expect(webhookBodies).toEqual([
      { channel: MessageChannel.sms, receiver: "13912345678", title: "验证码", content: "您的验证码是 4321，5 分钟内有效。" },
      { channel: MessageChannel.sms, receiver: "15801010003", title: "验证码", content: "您的验证码是 4321，5 分钟内有效。" },
    ]);
    expect(await send("sms_code", "12345", { code: "1" })).toMatchObject({ success: false, message: "手机号码格式不正确: 12345" });

    await addTemplate("wx_notice", MessageChannel.wechat, "缴费通知", "${name} 家长：本学期学费 ${amount} 元。");
    const wechat = await send("wx_notice", "oOPENID123", { name: "张三", amount: "3000.00" });
    expect(wechat.success, wechat.message).toBe(true);
    expect(await messages("wx_notice")).toEqual([
      expect.objectContaining({
        esType: MessageChannel.wechat,
        esReceiver: "oOPENID123",
        esContent: "张三 家长：本学期学费 3000.00 元。",
        esSendStatus: MessageStatus.recorded,
        esResult: "未配置微信发送商 (WECHAT_WEBHOOK_URL): 消息已记录, 未发送",
      }),
    ]);
  });

  it("the bill reminder's wording is the tenant's bill_reminder template, the built-in text without one", async () => {
    const executor = databaseExecutor(server.backend.db);
    const seeded = await findTemplate(executor, 1, "bill_reminder");
    expect(seeded).toMatchObject({ templateType: MessageChannel.mail });
    const bills = [{ billNo: "B-1", studentName: "学生甲", schoolYear: "2026-2027", term: "1", dueDate: "2026-09-01", outstandingFen: 150n }];
    const builtIn = unpaidBillReminderText("王五", bills);
    // The seeded template says exactly the built-in text.
    expect(unpaidBillReminderText("王五", bills, seeded)).toEqual(builtIn);
    expect(builtIn.subject).toBe("缴费提醒：1 张账单逾期未缴清");
    const edited = await api(base, "PUT", "/sys/message/sysMessageTemplate/edit", admin, {
      ...seeded,
      templateName: "【学校】${payerName} 的缴费提醒",
      templateContent: "合计 ${total} 元\n${bills}",
    });
    expect(edited.success, edited.message).toBe(true);
    const custom = unpaidBillReminderText("王五", bills, await findTemplate(executor, 1, "bill_reminder"));
    expect(custom).toEqual({ subject: "【学校】王五 的缴费提醒", body: "合计 1.50 元\n- 账单号 B-1，学生 学生甲，2026-2027 学年第 1 学期，应缴日期 2026-09-01，待缴 1.50 元" });
    // The job writes its mails from it.
    const outcome = await remindUnpaidBills(server.backend.services, 1, 0, new Date("2030-01-01T08:00:00Z"));
    expect(outcome.mails).toBeGreaterThan(0);
    const subjects = await server.backend.db.rows<{ subject: string; body: string }>(
      sql`select subject, body from comm_mail where related_type = 'bill_reminder' and tenant_id = 1`,
    );
    expect(subjects).toHaveLength(outcome.mails);
    for (const mail of subjects) {
      expect(mail.subject).toMatch(/^【学校】.+ 的缴费提醒$/);
      expect(mail.body).toMatch(/^合计 [\d,]+\.\d{2} 元\n- 账单号 /);
    }
    // A placeholder the job has no value for falls back to the built-in text.
    expect(unpaidBillReminderText("王五", bills, { ...seeded!, templateContent: "${unknown}" })).toEqual(builtIn);
  });
});

describe("migration 0130 on a database that has tenants and menus already", () => {
  it("adds the 测试发送 button to the roles holding 消息模板, the dictionary items and each tenant's bill_reminder template", async () => {
    const server = await startTestBackend("pglite");
    try {
      const db = server.backend.db;
      // As before 0130: no template, no button, no 站内 / 已记录 items.
      await db.rows(sql`delete from sys_sms_template`);
      await db.rows(sql`delete from sys_permission where perms = 'messageTemplate:test'`);
      await db.rows(sql`delete from sys_dict_item where (item_value = '4' and dict_id = (select id from sys_dict where dict_code = 'template_type'))
                          or (item_value = '3' and dict_id = (select id from sys_dict where dict_code = 'message_status'))`);
      const script = readFileSync(path.join(migrationsFolder(), "0130_messages.sql"), "utf8");
      // The tables exist already: only the data statements run again.
      await db.exec(script.slice(script.indexOf("-- template_type gains")));
      const holders = await db.rows<{ role_code: string }>(sql`
        select r.role_code from sys_role r join sys_role_permission rp on rp.role_id = r.id
          join sys_permission p on p.id = rp.permission_id where p.perms = 'messageTemplate:test' order by 1`);
      const adders = await db.rows<{ role_code: string }>(sql`
        select r.role_code from sys_role r join sys_role_permission rp on rp.role_id = r.id
          join sys_permission p on p.id = rp.permission_id where p.perms = 'messageTemplate:add' order by 1`);
      expect(holders).toEqual(adders);
      expect(holders.length).toBeGreaterThan(0);
      const templates = await db.rows<{ tenant_id: number; template_name: string; template_content: string }>(
        sql`select tenant_id, template_name, template_content from sys_sms_template order by tenant_id`,
      );
      const tenants = await db.rows<{ id: number }>(sql`select id from sys_tenant order by id`);
      expect(templates.map((row) => row.tenant_id)).toEqual(tenants.map((row) => row.id));
      expect(templates[0]).toMatchObject({ template_name: BILL_REMINDER_TEMPLATE.templateName, template_content: BILL_REMINDER_TEMPLATE.templateContent });
      const items = await db.rows<{ item_text: string }>(sql`
        select i.item_text from sys_dict_item i join sys_dict d on d.id = i.dict_id
         where (d.dict_code = 'template_type' and i.item_value = '4') or (d.dict_code = 'message_status' and i.item_value = '3') order by 1`);
      expect(items.map((item) => item.item_text).sort()).toEqual(["已记录", "站内"].sort());
    } finally {
      await server.close();
    }
  });
});
