// 群发 (issue #29 item 4, docs/decisions/166) through the real backend on PGlite and PostgreSQL, with a local SMTP
// server and a local SMS webhook:
//  - a class of 500 generated families: the preview merges three real recipients and counts each
//    channel, naming who has no e-mail; five identical sends at once make one 群发; each parent's
//    mail and SMS carry his own name, child, class, amount due and due date;
//  - SMS the webhook refused are 失败 with its answer, 重发失败 sends them again, the missing
//    addresses stay 失败 with their reason;
//  - an unknown merge field is refused before anything is written; a teacher is refused; another
//    tenant's class cannot be targeted;
//  - deliveries that race (重发失败, the retry jobs, 重发 of one mail) send each message once, and the
//    RetryFailedComposeJob delivers what a stopped process left 待发送 (docs/decisions/177);
//  - 消息模板 → 测试发送 renders each receiver's own data.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { encryptValue, searchHash } from "../../backend/security/personal-data";
import { composeDeliveriesSettled, retryFailedCompose } from "../../backend/modules/communication/compose/compose-service";
import { deliverMail, retryFailedMails } from "../../backend/modules/communication/mail/mail-service";

const FAMILIES = 500;
const index3 = (index: number) => String(index).padStart(3, "0");
const phoneOf = (index: number) => `1370000${String(index).padStart(4, "0")}`;
const emailOf = (index: number) => `family${index}@compose.example`;
/** Every 50th family has no e-mail; the SMS of every 100th + 7 is refused by the webhook until it recovers. */
const withoutEmail = (index: number) => index % 50 === 0;
const refused = (index: number) => index % 100 === 7;
const BODY = "${parentName}您好：${studentName}（${className}）待缴 ${amountDue} 元，最早应缴日期 ${dueDate}。";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("群发 on %s", (kind) => {
  let server: TestBackend;
  let smtp: TestSmtp;
  let webhook: Server;
  let failing = true;
  const smsBodies: Array<{ receiver: string; content: string; title: string }> = [];
  let office: string;
  let teacher: string;
  let classId: string;
  const rows = <T>(query: ReturnType<typeof sql>) => server.backend.db.rows<T>(query);
  const send = (token: string, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, body });
  const draft = (overrides: Record<string, unknown> = {}) => ({
    selection: { target: `class:${classId}`, parentIds: [], userIds: [] },
    channels: ["2", "1"],
    subject: "${studentName} 的缴费通知",
    body: BODY,
    ...overrides,
  });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    webhook = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const message = JSON.parse(body);
        if (failing && refused(Number(message.receiver.slice(-4)))) {
          response.statusCode = 500;
          response.end("provider busy");
          return;
        }
        smsBodies.push(message);
        response.end("ok");
      });
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => webhook.once("listening", resolve));
    const smsWebhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/sms`;
    server = await startTestBackend(kind as "pglite" | "postgres", { smtpUrl: smtp.url, mailFrom: "school@school.example", smsWebhookUrl });
    office = await loginToken(server.url, "dean_liu", TEST_DEMO_PASSWORD);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    // One class of the current year with 500 students, each with a parent of his own (phone and e-mail
    // stored encrypted with their search hashes, as the parent form stores them).
    const [year] = await rows<{ id: string }>(sql`select id from school_year where tenant_id = 1 and is_current = 'Y'`);
    classId = "cmp-class";
    await rows(sql`insert into school_class (id, tenant_id, year_id, grade, name) values (${classId}, 1, ${year!.id}, '3', '群发测试班')`);
    const families = Array.from({ length: FAMILIES }, (_, index) => index);
    for (let start = 0; start < FAMILIES; start += 100) {
      const chunk = families.slice(start, start + 100);
      await rows(sql`insert into school_student (id, tenant_id, student_no, name_cn, grade, status, class_id) values ${sql.join(
        chunk.map((index) => sql`(${`cmp-s${index}`}, 1, ${`CMP${index3(index)}`}, ${`学生${index3(index)}`}, '3', '1', ${classId})`),
        sql`, `,
      )}`);
      await rows(sql`insert into school_parent (id, tenant_id, name, phone, phone_hash, email, email_hash) values ${sql.join(
        chunk.map((index) => {
          const email = withoutEmail(index) ? null : emailOf(index);
          return sql`(${`cmp-p${index}`}, 1, ${`家长${index3(index)}`}, ${encryptValue(phoneOf(index))}, ${searchHash("phone", phoneOf(index))},
                      ${email && encryptValue(email)}, ${email && searchHash("email", email)})`;
        }),
        sql`, `,
      )}`);
      await rows(sql`insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer) values ${sql.join(
        chunk.map((index) => sql`(${`cmp-sp${index}`}, 1, ${`cmp-s${index}`}, ${`cmp-p${index}`}, '1', true)`),
        sql`, `,
      )}`);
    }
    // Family 1 owes 1,234.56 on a bill due 2026-09-01 (an open receivable of 1,234.56).
    await rows(sql`insert into bill_receivable (id, tenant_id, receivable_no, payer_type, payer_id, payer_name, period, total_amount, received_amount, status)
                   values ('cmp-r1', 1, 'CMP-R1', '1', 'cmp-p1', '家长001', '2026-2027-1', 1334.56, 100.00, '2')`);
    await rows(sql`insert into bill_bill (id, tenant_id, bill_no, student_id, school_year, term, total, payable, paid_amount, due_date, payer_type, payer_id, receivable_id, status)
                   values ('cmp-b1', 1, 'CMP-B1', 'cmp-s1', '2026-2027', '1', 1334.56, 1334.56, 100.00, '2026-09-01', '1', 'cmp-p1', 'cmp-r1', '2')`);
  }, 180_000);

  afterAll(async () => {
    await composeDeliveriesSettled();
    await server?.close();
    await smtp?.stop();
    await new Promise((resolve) => webhook?.close(resolve));
  });

  it("previews three merged recipients and each channel's count, naming who has no address", async () => {
    const answer = await send(office, "POST", "/communication/compose/preview", draft());
    expect(answer.json.success, answer.json.message).toBe(true);
    const preview = answer.json.result;
    expect(preview.recipients).toBe(FAMILIES);
    expect(preview.samples).toHaveLength(3);
    expect(preview.samples.map((sample: { name: string }) => sample.name)).toEqual(["家长000", "家长001", "家长002"]);
    expect(preview.samples[1]).toEqual({ name: "家长001", subject: "学生001 的缴费通知", body: "家长001您好：学生001（群发测试班）待缴 1,234.56 元，最早应缴日期 2026-09-01。" });
    expect(preview.samples[2].body).toBe("家长002您好：学生002（群发测试班）待缴 0.00 元，最早应缴日期 。");
    const mail = preview.channels.find((channel: { channel: string }) => channel.channel === "2");
    expect(mail).toMatchObject({ label: "邮件", count: 490 });
    expect(mail.missing).toEqual(families().filter(withoutEmail).map((index) => `家长${index3(index)}`));
    expect(preview.channels.find((channel: { channel: string }) => channel.channel === "1")).toMatchObject({ label: "短信", count: 500, missing: [] });

    // The other ranges: a grade (the class's and the demo school's third-graders), the payers of overdue
    // bills (family 1's bill is past its due date), an activity that is not the school's.
    const grade = await send(office, "POST", "/communication/compose/preview", draft({ selection: { target: "grade:3", parentIds: [], userIds: [] } }));
    expect(grade.json.result.recipients).toBeGreaterThan(FAMILIES);
    const overdue = await send(office, "POST", "/communication/compose/preview", draft({ selection: { target: "overdue:", parentIds: [], userIds: [] } }));
    expect(overdue.json.success, overdue.json.message).toBe(true);
    expect(overdue.json.result.recipients).toBeGreaterThanOrEqual(1);
    const activity = await send(office, "POST", "/communication/compose/preview", draft({ selection: { target: "activity:nope", parentIds: [], userIds: [] } }));
    expect(activity.json).toMatchObject({ success: false, message: "活动不存在" });
  });

  it("refuses an unknown merge field, a teacher, and another tenant's class", async () => {
    const unknown = await send(office, "POST", "/communication/compose/preview", draft({ body: "${parentName}您好 ${amount}" }));
    expect(unknown.json).toMatchObject({ success: false });
    expect(unknown.json.message).toMatch(/^未知的合并字段：\$\{amount\}。可用的字段：\$\{parentName\}/);
    const sent = await send(office, "POST", "/communication/compose/send", { ...draft({ body: "${nom}" }), requestKey: "unknown-field-key" });
    expect(sent.json.success).toBe(false);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from comm_compose where request_key = 'unknown-field-key'`))[0]!.n).toBe(0);
    const activityOnly = await send(office, "POST", "/communication/compose/preview", draft({ body: "${activityName}" }));
    expect(activityOnly.json.message).toBe("合并字段 ${activityName} 只能用于发给活动报名的家长");

    for (const path of ["/communication/compose/preview", "/communication/compose/send"]) {
      const refusedAnswer = await send(teacher, "POST", path, { ...draft(), requestKey: "teacher-key-000" });
      expect(refusedAnswer.json.success, path).toBe(false);
    }
    expect((await send(teacher, "GET", "/communication/compose/list")).json.success).toBe(false);

    // A class of tenant 2, however it is named, is not one of tenant 1's.
    const [year] = await rows<{ id: string }>(sql`select id from school_year where tenant_id = 1 and is_current = 'Y'`);
    await rows(sql`insert into school_class (id, tenant_id, year_id, grade, name) values ('cmp-other', 2, ${year!.id}, '3', '别校班级')`);
    const wall = await send(office, "POST", "/communication/compose/preview", draft({ selection: { target: "class:cmp-other", parentIds: [], userIds: [] } }));
    expect(wall.json).toMatchObject({ success: false, message: "班级不存在或不属于当前学年" });
  });

  it("sends 500 families their own texts by mail and SMS once for five identical posts, and resends the failed", { timeout: 180_000 }, async () => {
    const body = { ...draft(), requestKey: "compose-class-once" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(office, "POST", "/communication/compose/send", body)));
    for (const answer of answers) expect(answer.json.success, answer.json.message).toBe(true);
    const ids = new Set(answers.map((answer) => answer.json.result.id));
    expect(ids.size).toBe(1);
    const id = [...ids][0] as string;
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from comm_compose where tenant_id = 1`))[0]!.n).toBe(1);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from sys_message where compose_id = ${id}`))[0]!.n).toBe(1000);

    await composeDeliveriesSettled();
    await smtp.waitForMail(490, 60_000);
    const detail = async () => (await send(office, "GET", `/communication/compose/detail?id=${id}`)).json.result;
    let shown = await detail();
    expect(shown.counts).toEqual({ pending: 0, sent: 990 - 5, failed: 10 + 5, recorded: 0 });
    expect(shown.recipientCount).toBe(FAMILIES);

    // Each mail went to its family with its own merged text.
    expect(smtp.received).toHaveLength(490);
    for (const mail of smtp.received) {
      const to = Array.isArray(mail.to) ? "" : (mail.to?.text ?? "");
      const index = Number(/^family(\d+)@/.exec(to)![1]);
      expect(mail.subject).toBe(`学生${index3(index)} 的缴费通知`);
      expect(mail.text?.trim()).toBe(`家长${index3(index)}您好：学生${index3(index)}（群发测试班）待缴 ${index === 1 ? "1,234.56" : "0.00"} 元，最早应缴日期 ${index === 1 ? "2026-09-01" : ""}。`);
    }
    expect(smsBodies).toHaveLength(495);
    for (const message of smsBodies) {
      const index = Number(message.receiver.slice(-4));
      expect(message.receiver).toBe(phoneOf(index));
      expect(message.content.startsWith(`家长${index3(index)}您好：学生${index3(index)}（群发测试班）`)).toBe(true);
    }

    // The failed rows say why.
    const failedSms = shown.messages.filter((message: { channel: string; status: string }) => message.channel === "1" && message.status === "2");
    expect(failedSms).toHaveLength(5);
    for (const message of failedSms) expect(message.result).toMatch(/^webhook 127\.0\.0\.1:\d+: HTTP 500 provider busy$/);
    const noEmail = shown.messages.filter((message: { channel: string; status: string }) => message.channel === "2" && message.status === "2");
    expect(noEmail.map((message: { recipientName: string; result: string }) => [message.recipientName, message.result])).toEqual(
      families().filter(withoutEmail).map((index) => [`家长${index3(index)}`, "没有邮箱"]),
    );

    // The provider is back: 重发失败 sends the five refused SMS; the mails without an address stay 失败.
    failing = false;
    const retried = await send(office, "POST", "/communication/compose/retry", { id });
    expect(retried.json).toMatchObject({ success: true, result: { count: 5 }, message: "已重发失败的消息 5 条" });
    await composeDeliveriesSettled();
    shown = await detail();
    expect(shown.counts).toEqual({ pending: 0, sent: 990, failed: 10, recorded: 0 });
    expect(smsBodies).toHaveLength(500);
    expect(new Set(smsBodies.map((message) => message.receiver)).size).toBe(500);
    // Listed on 群发 with its counts.
    const list = await send(office, "GET", "/communication/compose/list");
    expect(list.json.result[0]).toMatchObject({ id, selectionText: "班级 群发测试班", channels: "短信、邮件", messageCount: 1000 });
  });

  it("sends each message once when deliveries race, and delivers what a stopped process left 待发送", async () => {
    const deps = { db: server.backend.db, config: server.backend.services.config };
    const mailsTo = (address: string) => smtp.received.filter((mail) => !Array.isArray(mail.to) && mail.to?.text === address).length;
    // A failed mail, then eight deliveries of it at once and the mail job: it goes out once.
    await rows(sql`insert into comm_mail (id, tenant_id, mail_to, subject, body, status, error)
                   values ('cmp-race-mail', 1, 'race@compose.example', '同时重发', '正文', '2', 'SMTP 故障')`);
    const outcomes = await Promise.all([...Array.from({ length: 8 }, () => deliverMail(deps, "cmp-race-mail")), retryFailedMails(deps, 100, 1)]);
    await expect.poll(() => mailsTo("race@compose.example")).toBe(1);
    expect(outcomes.filter((outcome) => "busy" in outcome && outcome.busy).length).toBeGreaterThan(0);
    expect(await rows(sql`select status, delivery_lease from comm_mail where id = 'cmp-race-mail'`)).toEqual([{ status: "1", delivery_lease: null }]);

    // What a process that stopped after the commit leaves: twenty families' rows of a 群发 still 待发送
    // (their mails too), written five minutes ago, nobody holding them; and one written just now,
    // whose delivery may still be under way, which the job leaves alone.
    const sent = await send(office, "POST", "/communication/compose/send", {
      ...draft({ subject: "停机后补发", selection: { target: "", parentIds: Array.from({ length: 10 }, (_, offset) => `cmp-p${11 + offset}`), userIds: [] } }),
      requestKey: "compose-restart",
    });
    expect(sent.json.success, sent.json.message).toBe(true);
    await composeDeliveriesSettled();
    const id = sent.json.result.id as string;
    const names = Array.from({ length: 10 }, (_, offset) => `家长${index3(11 + offset)}`);
    const left = await rows<{ id: string; mail_id: string | null }>(sql`
      select id, case when es_type = '2' then related_id end as mail_id from sys_message
       where compose_id = ${id} and es_send_status = '1' and recipient_name = any(${`{${names.join(",")}}`}::varchar[])
       order by recipient_name, es_type`);
    expect(left).toHaveLength(20);
    const [fresh, ...stale] = left;
    await rows(sql`update sys_message set es_send_status = '0', es_send_time = null, create_time = now() - interval '5 minutes'
                    where id = any(${`{${stale.map((row) => row.id).join(",")}}`}::varchar[])`);
    await rows(sql`update sys_message set es_send_status = '0', es_send_time = null where id = ${fresh!.id}`);
    const staleMails = stale.filter((row) => row.mail_id).map((row) => row.mail_id!);
    await rows(sql`update comm_mail set status = '0', sent_at = null, create_time = now() - interval '5 minutes'
                    where id = any(${`{${staleMails.join(",")}}`}::varchar[])`);
    const mailsBefore = smtp.received.length;
    const smsBefore = smsBodies.length;
    // The job twice at once, the mail job and 重发失败 of the 群发, all at the same time.
    await Promise.all([retryFailedCompose(deps, 1), retryFailedCompose(deps, 1), retryFailedMails(deps, 100, 1), send(office, "POST", "/communication/compose/retry", { id })]);
    await composeDeliveriesSettled();
    expect(smtp.received.length - mailsBefore).toBe(staleMails.length);
    expect(smsBodies.length - smsBefore).toBe(stale.length - staleMails.length);
    const states = await rows<{ id: string; es_send_status: string }>(sql`select id, es_send_status from sys_message where compose_id = ${id} and id = any(${`{${left.map((row) => row.id).join(",")}}`}::varchar[])`);
    expect(states.filter((row) => row.id !== fresh!.id).every((row) => row.es_send_status === "1")).toBe(true);
    expect(states.find((row) => row.id === fresh!.id)?.es_send_status).toBe("0");
    await rows(sql`update sys_message set es_send_status = '1', es_send_time = now() where id = ${fresh!.id}`);
  });

  it("测试发送 renders each receiver's own data over the test data", async () => {
    const admin = await loginToken(server.url);
    const added = await send(admin, "POST", "/sys/message/sysMessageTemplate/add", {
      templateCode: "cmp_test",
      templateName: "通知",
      templateType: "1",
      templateContent: "${parentName}您好，${studentName}（${className}）${note}",
    });
    expect(added.json.success, added.json.message).toBe(true);
    const before = smsBodies.length;
    const answer = await send(admin, "POST", "/sys/message/sysMessageTemplate/sendMsg", {
      templateCode: "cmp_test",
      receiver: `${phoneOf(11)},${phoneOf(12)}`,
      testData: JSON.stringify({ parentName: "林雅琴", studentName: "测试", className: "测试班", note: "。" }),
    });
    expect(answer.json.success, answer.json.message).toBe(true);
    expect(smsBodies.slice(before).map((message) => message.content).sort()).toEqual(["家长011您好，学生011（群发测试班）。", "家长012您好，学生012（群发测试班）。"]);
  });
});

function families(): number[] {
  return Array.from({ length: FAMILIES }, (_, index) => index);
}
