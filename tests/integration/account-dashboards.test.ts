// The account centre's endpoints (issue #17 part 7) and the dashboards besides 首页 (part 8):
// a user edits only his own descriptive fields (never another user, his roles or tenants), his
// preferences stay his; the dashboards answer their menu's holders only, scoped to the tenant.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import type { AccountProfile, Preferences } from "#contract/account";
import type { ChartMonth, MonitorFigures, TaskColumn, WorkplaceFigures } from "#contract/dashboard";
import { decryptValue } from "../../backend/security/personal-data";
import { requestMinutesOf } from "../../backend/modules/monitor/server/request-minutes";

describe("account centre and dashboards", () => {
  let server: TestBackend;
  let admin: string;
  let teacher: string;
  let principal: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const get = async <T>(path: string, token: string, headers: Record<string, string> = {}) => {
    const answer = await call(server.url, "GET", path, { token, headers });
    expect(answer.json?.success, answer.text).toBe(true);
    return answer.json.result as T;
  };

  beforeAll(async () => {
    server = await startTestBackend("pglite");
    admin = await loginToken(server.url);
    teacher = await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD);
    principal = await loginToken(server.url, "principal_zhang", TEST_DEMO_PASSWORD);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("edits the caller's own profile only, with the spec's validation messages", async () => {
    const before = await get<AccountProfile>("/sys/account/profile", teacher);
    expect(before.username).toBe("teacher_li");
    expect(before.roles).toContain("教师");
    const [other] = await rows<{ realname: string; phone: string | null }>(`select realname, phone from sys_user where username = 'teacher_chen'`);

    const bad = await call(server.url, "PUT", "/sys/account/profile", { token: teacher, body: { realname: "李老师", phone: "12345" } });
    expect(bad.json.success).toBe(false);
    expect(bad.json.message).toBe("请输入正确手机号");
    const badMail = await call(server.url, "PUT", "/sys/account/profile", { token: teacher, body: { realname: "李老师", email: "no-at" } });
    expect(badMail.json.message).toBe("邮箱格式不正确");
    const noName = await call(server.url, "PUT", "/sys/account/profile", { token: teacher, body: { realname: "  " } });
    expect(noName.json.message).toBe("请输入姓名");

    // Fields beyond the own descriptive ones are refused as a whole: nothing changes.
    for (const body of [
      { realname: "越权", id: (await rows<{ id: string }>(`select id from sys_user where username = 'teacher_chen'`))[0]!.id },
      { realname: "越权", selectedroles: "admin-role" },
      { realname: "越权", relTenantIds: "1,2" },
      { realname: "越权", username: "admin" },
      { realname: "越权", status: 1 },
    ]) {
      const refused = await call(server.url, "PUT", "/sys/account/profile", { token: teacher, body });
      expect(refused.json.success, JSON.stringify(body)).toBe(false);
      expect(refused.json.message).toBe("只能修改本人的基本信息");
    }

    const saved = await call(server.url, "PUT", "/sys/account/profile", {
      token: teacher,
      body: { realname: "李新名", email: "li.new@school.test", phone: "13912345678", sex: "2", birthday: "1990-05-06" },
    });
    expect(saved.json.success, saved.text).toBe(true);
    expect(saved.json.message).toBe("保存成功！");
    const [mine] = await rows<{ realname: string; email: string; phone: string; sex: number; rel_tenant_ids: string }>(
      `select realname, email, phone, sex, rel_tenant_ids from sys_user where username = 'teacher_li'`,
    );
    // Phone and e-mail are stored encrypted (docs/decisions/145).
    expect({ ...mine, email: decryptValue(mine!.email), phone: decryptValue(mine!.phone) }).toMatchObject({ realname: "李新名", email: "li.new@school.test", phone: "13912345678", sex: 2, rel_tenant_ids: "1" });
    expect(mine!.phone).toMatch(/^pd1:/);
    const [otherAfter] = await rows<{ realname: string; phone: string | null }>(`select realname, phone from sys_user where username = 'teacher_chen'`);
    expect(otherAfter).toEqual(other);
    const roles = await rows<{ count: number }>(
      `select count(*)::int as count from sys_user_role ur join sys_user u on u.id = ur.user_id where u.username = 'teacher_li'`,
    );
    expect(roles[0]!.count).toBe(1);

    // Someone else's phone: a clear refusal, not a server error.
    const taken = await call(server.url, "PUT", "/sys/account/profile", { token: principal, body: { realname: "张校长", phone: "13912345678" } });
    expect(taken.json.success).toBe(false);
    expect(taken.json.message).toBe("该手机号已被其他账号使用");
  });

  it("takes as avatar only a file the user uploaded himself", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1f0a20000000049454e44ae426082", "hex");
    const upload = async (token: string) => {
      const form = new FormData();
      form.append("file", new Blob([png], { type: "image/png" }), "avatar.png");
      form.append("biz", "avatar");
      const response = await fetch(`${server.url}/sys/common/upload`, { method: "POST", headers: { "X-Access-Token": token }, body: form });
      const json = (await response.json()) as { success: boolean; message: string };
      expect(json.success, JSON.stringify(json)).toBe(true);
      return json.message;
    };
    const mine = await upload(teacher);
    const theirs = await upload(principal);
    const refused = await call(server.url, "PUT", "/sys/account/avatar", { token: teacher, body: { avatar: theirs } });
    expect(refused.json.success).toBe(false);
    expect(refused.json.message).toBe("头像地址无效");
    const foreign = await call(server.url, "PUT", "/sys/account/avatar", { token: teacher, body: { avatar: "https://evil.test/x.png" } });
    expect(foreign.json.success).toBe(false);
    const set = await call(server.url, "PUT", "/sys/account/avatar", { token: teacher, body: { avatar: mine } });
    expect(set.json.success, set.text).toBe(true);
    expect((await get<AccountProfile>("/sys/account/profile", teacher)).avatar).toBe(mine);
  });

  it("lists the caller's own last sign-ins and keeps his preferences apart", async () => {
    await server.backend.services.logs.flush();
    const signIns = await get<Array<{ content: string; time: string }>>("/sys/account/signIns", teacher);
    expect(signIns.length).toBeGreaterThanOrEqual(1);
    expect(signIns.every((entry) => entry.content.includes("teacher_li"))).toBe(true);

    const defaults = await get<Preferences>("/sys/account/preferences", teacher);
    expect(defaults.custom.theme).toBe("light");
    expect(defaults.notify.systemMessage).toBe(true);
    expect((defaults as Preferences & { customSaved: boolean }).customSaved).toBe(false);
    const saved = await call(server.url, "PUT", "/sys/account/preferences", {
      token: teacher,
      body: { custom: { theme: "dark", layout: "topmenu", primaryColor: "#13C2C2", multipage: false, colorWeak: false, fixedHeader: true } },
    });
    expect(saved.json.success, saved.text).toBe(true);
    // Both tabs at once: each keeps its part.
    await Promise.all([
      call(server.url, "PUT", "/sys/account/preferences", { token: teacher, body: { notify: { systemMessage: false, announcementPopup: true, pendingTasks: true, emailCopy: true } } }),
      call(server.url, "PUT", "/sys/account/preferences", {
        token: teacher,
        body: { custom: { theme: "dark", layout: "topmenu", primaryColor: "#13C2C2", multipage: false, colorWeak: true, fixedHeader: true } },
      }),
    ]);
    const after = await get<Preferences>("/sys/account/preferences", teacher);
    expect(after.custom).toMatchObject({ theme: "dark", layout: "topmenu", colorWeak: true });
    expect((after as Preferences & { customSaved: boolean }).customSaved).toBe(true);
    expect(after.notify).toMatchObject({ systemMessage: false, emailCopy: true });
    expect((await get<Preferences>("/sys/account/preferences", principal)).custom.theme).toBe("light");
    const invalid = await call(server.url, "PUT", "/sys/account/preferences", { token: teacher, body: { custom: { theme: "pink" } } });
    expect(invalid.json.success).toBe(false);
  });

  it("answers the dashboards to their menu's holders only", async () => {
    for (const path of ["workplace", "chart", "task", "monitor"]) {
      const refused = await call(server.url, "GET", `/school/dashboard/${path}`, { token: teacher });
      expect(refused.json?.success, path).toBe(false);
      expect((await call(server.url, "GET", `/school/dashboard/${path}`, { token: admin })).json.success, path).toBe(true);
    }
  });

  it("scopes the dashboards' figures to the tenant", async () => {
    await rows(`insert into bill_voucher (id, tenant_id, voucher_no, voucher_date, summary, status) values
      ('ad-v1', 1, 'AD-V1', current_date, '待过账一', '1'), ('ad-v2', 2, 'AD-V2', current_date, '他校待过账', '1'),
      ('ad-v3', 2, 'AD-V3', current_date, '他校待过账二', '1')`);
    await rows(`insert into comm_mail (id, tenant_id, mail_to, subject, status) values ('ad-m1', 2, 'x@school.test', '失败', '2')`);
    await rows(`insert into school_student (id, tenant_id, student_no, name_cn, status, grade, enroll_date) values
      ('ad-s1', 1, 'AD01', '图表学生', '1', '3', current_date), ('ad-s2', 2, 'AD02', '他校图表学生', '1', '3', current_date)`);
    const count = async (text: string) => (await rows<{ count: number }>(text))[0]!.count;

    for (const tenant of [1, 2]) {
      const headers = { "tenant-id": String(tenant) };
      const work = await get<WorkplaceFigures>("/school/dashboard/workplace", admin, headers);
      expect(work.vouchersToPost).toBe(await count(`select count(*)::int as count from bill_voucher where tenant_id = ${tenant} and status = '1'`));
      expect(work.failedMails).toBe(await count(`select count(*)::int as count from comm_mail where tenant_id = ${tenant} and status = '2'`));
      expect(work.signupsToConfirm).toBe(await count(`select count(*)::int as count from act_signup where tenant_id = ${tenant} and status = '1'`));

      const tasks = await get<TaskColumn[]>("/school/dashboard/task", admin, headers);
      expect(tasks.find((column) => column.kind === "vouchersToPost")?.count).toBe(work.vouchersToPost);

      const chart = await get<ChartMonth[]>("/school/dashboard/chart", admin, headers);
      expect(chart).toHaveLength(12);
      const zone = server.backend.services.config.schoolTimeZone;
      expect(chart.at(-1)!.enrolled).toBe(
        await count(`select count(*)::int as count from school_student where tenant_id = ${tenant}
          and to_char(enroll_date, 'YYYY-MM') = to_char(now() at time zone '${zone}', 'YYYY-MM')`),
      );
    }
    const one = await get<WorkplaceFigures>("/school/dashboard/workplace", admin, { "tenant-id": "1" });
    const two = await get<WorkplaceFigures>("/school/dashboard/workplace", admin, { "tenant-id": "2" });
    expect(two.vouchersToPost).toBe(2);
    expect(one.vouchersToPost).not.toBe(two.vouchersToPost);

    // Who awaits what: finance_wang (财务 holds 过账) is listed for vouchers in tenant 1, not teachers.
    const tasks = await get<TaskColumn[]>("/school/dashboard/task", admin, { "tenant-id": "1" });
    const vouchers = tasks.find((column) => column.kind === "vouchersToPost")!;
    const [wang] = await rows<{ realname: string }>(`select realname from sys_user where username = 'finance_wang'`);
    expect(vouchers.assignees).toContain(wang!.realname);
    expect(vouchers.assignees).not.toContain("李新名");
  });

  it("shows only the caller's own pages of his menu as frequent pages", async () => {
    for (const path of ["/billing/voucher", "/billing/voucher", "/isystem/user", "/not/a/menu"]) {
      const answer = await call(server.url, "POST", "/sys/account/visit", { token: admin, body: { path } });
      expect(answer.json.success, answer.text).toBe(true);
    }
    await call(server.url, "POST", "/sys/account/visit", { token: teacher, body: { path: "/school/student" } });
    const work = await get<WorkplaceFigures>("/school/dashboard/workplace", admin);
    expect(work.frequentPages.map((page) => page.path)).toEqual(["/billing/voucher", "/isystem/user"]);
    expect(work.frequentPages[0]).toMatchObject({ title: "凭证", visits: 2 });
  });

  it("counts requests per minute per tenant, concurrent requests all counted", async () => {
    await requestMinutesOf(server.backend.services).flush();
    const before = await get<MonitorFigures>("/school/dashboard/monitor", admin, { "tenant-id": "2" });
    const sum = (figures: MonitorFigures) => figures.requestsPerMinute.reduce((total, minute) => total + minute.requests, 0);
    await Promise.all(Array.from({ length: 40 }, () => call(server.url, "GET", "/sys/account/profile", { token: admin, headers: { "tenant-id": "2" } })));
    await requestMinutesOf(server.backend.services).flush();
    const after = await get<MonitorFigures>("/school/dashboard/monitor", admin, { "tenant-id": "2" });
    expect(after.requestsPerMinute).toHaveLength(60);
    // The 40 calls and the first monitor call itself.
    expect(sum(after) - sum(before)).toBe(41);
    // Every session here was opened in tenant 1: tenant 2 has nobody online.
    expect(after.onlineUsers).toBe(0);
    const one = await get<MonitorFigures>("/school/dashboard/monitor", admin, { "tenant-id": "1" });
    expect(one.onlineUsers).toBeGreaterThanOrEqual(3);
  });
});
