// What every school shares is changed only by the platform administrator; what each school keeps
// for itself is its own (issue #27 item 4, docs/decisions/144). A tenant-2 administrator — every
// menu and button granted in tenant 2, no platform administrator role — tries to change the fill
// rule, check rule, menu, data rule, dictionary, category and online form every school uses (our
// web app's URLs and the JeecgBoot clients' others), and tenant 1's template, report and job.
// Each is refused in words or touches only tenant 2's copy; nothing of tenant 1 changes, and no
// answer tells tenant 2 anything of tenant 1's rows. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { PlatformOwnedMessages } from "#contract/permission";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const TENANT_1 = { "tenant-id": "1" };
const TENANT_2 = { "tenant-id": "2" };
const PASSWORD = "Shared-Kinds-2026!";

describe.each(databases)("shared kinds across schools on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  let campus: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const one = async <T>(text: string) => (await rows<T>(text))[0]!;
  const as = (token: string, headers: Record<string, string>, method: string, path: string, body?: unknown) => call(server.url, method, path, { token, headers, body });
  /** tenant 2's administrator, working in tenant 2. */
  const t2 = (method: string, path: string, body?: unknown) => as(campus, TENANT_2, method, path, body);
  const refusal = (message: string) => ({ success: false, code: ResultCode.noPermission, message });

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
    // Tenant 2's administrator: a tenant-2 role holding every menu and button there is.
    expect((await as(admin, TENANT_2, "POST", "/sys/role/add", { roleCode: "school2_admin", roleName: "二校管理员" })).json.success).toBe(true);
    const role = await one<{ id: string }>("select id from sys_role where role_code = 'school2_admin' and tenant_id = 2");
    const everything = (await rows<{ id: string }>("select id from sys_permission where del_flag = 0")).map((row) => row.id);
    const granted = await as(admin, TENANT_2, "POST", "/sys/permission/saveRolePermission", { roleId: role.id, permissionIds: everything.join(","), lastpermissionIds: "" });
    expect(granted.json.success).toBe(true);
    const user = await as(admin, TENANT_2, "POST", "/sys/user/add", { username: "school2_admin", realname: "二校管理员", password: PASSWORD, selectedroles: role.id, relTenantIds: "2" });
    expect(user.json.success).toBe(true);
    campus = await loginTokenAfterChange(server.url, "school2_admin", PASSWORD);
    // Not a platform administrator, whatever he holds.
    expect(await rows("select 1 from sys_user_role ur join sys_role r on r.id = ur.role_id join sys_user u on u.id = ur.user_id where u.username = 'school2_admin' and r.platform_admin = 1")).toEqual([]);
  });
  afterAll(async () => server?.close());

  it("fill rules: refused to a school's administrator on every write; numbers still come", async () => {
    const rule = (await t2("GET", "/sys/fillRule/list?ruleCode=student_no")).json.result.records[0] as Record<string, unknown>;
    expect(rule).toMatchObject({ ruleCode: "student_no" });
    const before = await one<{ prefix: string }>("select prefix from sys_fill_rule where rule_code = 'student_no'");
    const refused = refusal(PlatformOwnedMessages.fillRule);
    expect((await t2("PUT", "/sys/fillRule/edit", { ...rule, prefix: "T2HACK" })).json).toMatchObject(refused);
    expect((await t2("POST", "/sys/fillRule/add", { ruleName: "二校", ruleCode: "school2_no", ruleClass: "serial", prefix: "S2", datePattern: "", seqDigits: 4, resetCycle: "never" })).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/fillRule/delete?id=${rule.id}`)).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/fillRule/deleteBatch?ids=${rule.id}`)).json).toMatchObject(refused);
    expect(await one("select prefix from sys_fill_rule where rule_code = 'student_no'")).toEqual(before);
    expect(await rows("select 1 from sys_fill_rule where rule_code = 'school2_no'")).toEqual([]);
    // Using a rule is every form's, in the school's own sequence: tenant 2's numbers neither move
    // nor tell tenant 1's.
    const counter = (tenant: number) => rows<{ value: string }>(`select value::text as value from sys_fill_rule_counter where tenant_id = ${tenant} and rule_code = 'student_no'`);
    const tenant1Counter = await counter(1);
    const numbers = await Promise.all(Array.from({ length: 8 }, () => t2("GET", "/sys/fillRule/executeRuleByCode/student_no")));
    expect(numbers.every((answer) => answer.json.success && String(answer.json.result).startsWith(before.prefix ?? ""))).toBe(true);
    expect(new Set(numbers.map((answer) => answer.json.result)).size).toBe(8);
    expect(await counter(1)).toEqual(tenant1Counter);
    const [ownCounter] = await counter(2);
    expect(Number(ownCounter!.value)).toBeGreaterThanOrEqual(8);
    // The platform administrator changes it, for every school.
    expect((await as(admin, TENANT_1, "PUT", "/sys/fillRule/edit", { ...rule, ruleName: `${String(rule.ruleName)}` })).json.success).toBe(true);
  });

  it("check rules: refused to a school's administrator; checking a value is everyone's", async () => {
    const rule = (await t2("GET", "/sys/checkRule/list?ruleCode=common")).json.result.records[0] as Record<string, unknown>;
    const before = await one<{ rule_json: string }>("select rule_json from sys_check_rule where rule_code = 'common'");
    const refused = refusal(PlatformOwnedMessages.checkRule);
    const loose = JSON.stringify([{ digits: "*", pattern: ".*", message: "任意" }]);
    expect((await t2("PUT", "/sys/checkRule/edit", { ...rule, ruleJson: loose })).json).toMatchObject(refused);
    expect((await t2("POST", "/sys/checkRule/add", { ruleName: "二校", ruleCode: "school2_rule", ruleJson: loose })).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/checkRule/delete?id=${rule.id}`)).json).toMatchObject(refused);
    expect(await one("select rule_json from sys_check_rule where rule_code = 'common'")).toEqual(before);
    expect((await t2("GET", "/sys/checkRule/checkByCode?ruleCode=common&value=1bad")).json.success).toBe(false);
  });

  it("menus, buttons and data rules: refused to a school's administrator at every URL", async () => {
    const menu = await one<{ id: string; name: string; parent_id: string | null; url: string; component: string }>(
      "select id, name, parent_id, url, component from sys_permission where name = '活动管理' and menu_type in (0, 1) and del_flag = 0 order by id limit 1",
    );
    const refused = refusal(PlatformOwnedMessages.menu);
    const node = (await t2("GET", `/sys/permission/queryById?id=${menu.id}`)).json.result as Record<string, unknown>;
    expect(node).toMatchObject({ id: menu.id });
    expect((await t2("PUT", "/sys/permission/edit", { ...node, name: "活动管理T2" })).json).toMatchObject(refused);
    // The Vue 3 client edits by POST.
    expect((await t2("POST", "/sys/permission/edit", { ...node, name: "活动管理T2" })).json).toMatchObject(refused);
    expect((await t2("POST", "/sys/permission/add", { name: "二校菜单", menuType: 1, parentId: menu.parent_id, url: "/activity/school2", component: "activity/School2" })).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/permission/delete?id=${menu.id}`)).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/permission/deleteBatch?ids=${menu.id}`)).json).toMatchObject(refused);
    expect(await one("select name from sys_permission where id = '" + menu.id + "'")).toEqual({ name: "活动管理" });
    expect(await rows("select 1 from sys_permission where name = '二校菜单'")).toEqual([]);
    // Every tenant's menu still says 活动管理.
    for (const [token, headers] of [[admin, TENANT_1], [campus, TENANT_2]] as const) {
      const answer = await as(token, headers, "GET", "/sys/permission/getUserPermissionByToken");
      expect(JSON.stringify(answer.json.result.menu)).toContain("活动管理");
      expect(JSON.stringify(answer.json.result.menu)).not.toContain("活动管理T2");
    }

    // The menu's data rules: our page's URLs and the original's.
    const dataRule = refusal(PlatformOwnedMessages.dataRule);
    const rule = { permissionId: menu.id, ruleName: "二校", ruleColumn: "createBy", ruleConditions: "=", ruleValue: "#{sys_user_code}", status: "1" };
    expect((await t2("POST", "/sys/permissionDataRule/add", rule)).json).toMatchObject(dataRule);
    expect((await t2("POST", "/sys/permission/addPermissionRule", rule)).json).toMatchObject(dataRule);
    expect(await rows(`select 1 from sys_permission_data_rule where rule_name = '二校'`)).toEqual([]);
    // The platform administrator adds one; the school's administrator can neither edit nor delete it.
    expect((await as(admin, TENANT_1, "POST", "/sys/permission/addPermissionRule", { ...rule, ruleName: "平台" })).json.success).toBe(true);
    const platformRule = await one<{ id: string }>("select id from sys_permission_data_rule where rule_name = '平台'");
    expect((await t2("PUT", "/sys/permission/editPermissionRule", { ...rule, id: platformRule.id, ruleValue: "x" })).json).toMatchObject(dataRule);
    expect((await t2("DELETE", `/sys/permission/deletePermissionRule?id=${platformRule.id}`)).json).toMatchObject(dataRule);
    expect((await t2("DELETE", `/sys/permissionDataRule/delete?id=${platformRule.id}`)).json).toMatchObject(dataRule);
    expect(await one(`select rule_value from sys_permission_data_rule where id = '${platformRule.id}'`)).toEqual({ rule_value: "#{sys_user_code}" });
    // Reading the tree stays the school's administrator's.
    expect((await t2("GET", "/sys/permission/list")).json.success).toBe(true);
  });

  it("dictionaries and categories: refused to a school's administrator, the recycle bin too", async () => {
    const dict = await one<{ id: string; dict_name: string }>("select id, dict_name from sys_dict where dict_code = 'sex'");
    const item = await one<{ id: string; item_text: string }>(`select id, item_text from sys_dict_item where dict_id = '${dict.id}' order by sort_order limit 1`);
    const refused = refusal(PlatformOwnedMessages.dict);
    expect((await t2("PUT", "/sys/dict/edit", { id: dict.id, dictName: "二校性别", dictCode: "sex" })).json).toMatchObject(refused);
    expect((await t2("POST", "/sys/dict/add", { dictName: "二校", dictCode: "school2_dict" })).json).toMatchObject(refused);
    expect((await t2("PUT", "/sys/dictItem/edit", { id: item.id, dictId: dict.id, itemText: "T2", itemValue: "1" })).json).toMatchObject(refused);
    expect((await t2("POST", "/sys/dictItem/add", { dictId: dict.id, itemText: "T2", itemValue: "t2" })).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/dict/delete?id=${dict.id}`)).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/dictItem/delete?id=${item.id}`)).json).toMatchObject(refused);
    // The recycle bin (a dictionary the platform administrator deleted).
    expect((await as(admin, TENANT_1, "POST", "/sys/dict/add", { dictName: "回收", dictCode: "recycled_dict" })).json.success).toBe(true);
    const recycled = await one<{ id: string }>("select id from sys_dict where dict_code = 'recycled_dict'");
    expect((await as(admin, TENANT_1, "DELETE", `/sys/dict/delete?id=${recycled.id}`)).json.success).toBe(true);
    expect((await t2("PUT", `/sys/dict/back/${recycled.id}`)).json).toMatchObject(refused);
    expect((await t2("PUT", "/sys/dict/putRecycleBin", { ids: recycled.id })).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/dict/deletePhysic/${recycled.id}`)).json).toMatchObject(refused);
    expect((await t2("DELETE", `/sys/dict/deleteRecycleBin?ids=${recycled.id}`)).json).toMatchObject(refused);
    expect(await one(`select del_flag from sys_dict where id = '${recycled.id}'`)).toEqual({ del_flag: 1 });
    expect(await one(`select dict_name from sys_dict where id = '${dict.id}'`)).toEqual({ dict_name: dict.dict_name });
    expect(await one(`select item_text from sys_dict_item where id = '${item.id}'`)).toEqual({ item_text: item.item_text });
    expect(await rows("select 1 from sys_dict where dict_code = 'school2_dict'")).toEqual([]);
    expect((await t2("POST", "/sys/dict/importExcel", {})).json).toMatchObject(refused);
    // Reading stays, an export too (the Vue clients post it).
    expect((await t2("GET", "/sys/dict/list")).json.success).toBe(true);
    const exported = await fetch(`${server.url}/sys/dict/exportXls`, { method: "POST", headers: { "X-Access-Token": campus, ...TENANT_2 } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("spreadsheet");
    await exported.arrayBuffer();
    expect((await t2("GET", "/sys/dict/queryAllDictItems")).json.result).toHaveProperty("sex");

    const category = await one<{ id: string; name: string; code: string }>("select id, name, code from sys_category where pid = '0' order by code limit 1");
    const categoryRefused = refusal(PlatformOwnedMessages.category);
    expect((await t2("PUT", "/sys/category/edit", { id: category.id, name: "二校分类", code: category.code })).json).toMatchObject(categoryRefused);
    expect((await t2("POST", "/sys/category/add", { name: "二校分类", pid: category.id })).json).toMatchObject(categoryRefused);
    expect((await t2("DELETE", `/sys/category/delete?id=${category.id}`)).json).toMatchObject(categoryRefused);
    expect(await one(`select name from sys_category where id = '${category.id}'`)).toEqual({ name: category.name });
    expect((await t2("GET", "/sys/category/rootList")).json.success).toBe(true);
  });

  it("message templates: each school edits its own copy; tenant 1's is out of reach and out of sight", async () => {
    const own = (await t2("GET", "/sys/message/sysMessageTemplate/list")).json.result.records as Array<Record<string, unknown>>;
    expect(own.map((row) => row.templateCode)).toEqual(["bill_reminder"]);
    const tenant1 = await one<{ id: string; template_name: string }>("select id, template_name from sys_sms_template where tenant_id = 1 and template_code = 'bill_reminder'");
    expect(own[0]!.id).not.toBe(tenant1.id);
    expect((await t2("PUT", "/sys/message/sysMessageTemplate/edit", { ...own[0], templateName: "二校的提醒" })).json.success).toBe(true);
    expect(await one("select template_name from sys_sms_template where tenant_id = 2 and template_code = 'bill_reminder'")).toEqual({ template_name: "二校的提醒" });
    // Tenant 1's by its id: as if it did not exist.
    const foreign = await t2("PUT", "/sys/message/sysMessageTemplate/edit", { ...own[0], id: tenant1.id, templateName: "T2HACK" });
    expect(foreign.json.success).toBe(false);
    expect((await t2("DELETE", `/sys/message/sysMessageTemplate/delete?id=${tenant1.id}`)).json.success).toBe(false);
    expect((await t2("GET", `/sys/message/sysMessageTemplate/queryById?id=${tenant1.id}`)).json.success).toBe(false);
    expect(await one(`select template_name from sys_sms_template where id = '${tenant1.id}'`)).toEqual({ template_name: tenant1.template_name });
    expect(JSON.stringify(foreign.json)).not.toContain(tenant1.template_name);
  });

  it("online forms: definitions and 同步数据库 are the platform's; tenant 1's rows survive a school's forced synchronisation", async () => {
    const fields = (names: string[]) => JSON.stringify(names.map((name) => ({ name, label: name, dbType: "string", length: 50 })));
    const refused = refusal(PlatformOwnedMessages.onlineForm);
    expect((await t2("POST", "/online/cgform/head/add", { tableName: "school2_form", tableTxt: "二校", tableType: "1", fieldJson: fields(["note"]) })).json).toMatchObject(refused);
    expect(await rows("select 1 from onl_cgform_head where table_name = 'school2_form'")).toEqual([]);

    // The platform's form, with a row in each school.
    expect((await as(admin, TENANT_1, "POST", "/online/cgform/head/add", { tableName: "shared_form", tableTxt: "共享", tableType: "1", fieldJson: fields(["note", "extra"]) })).json.success).toBe(true);
    const head = await one<{ id: string }>("select id from onl_cgform_head where table_name = 'shared_form'");
    expect((await as(admin, TENANT_1, "POST", `/online/cgform/head/doDbSynch?id=${head.id}`)).json.success).toBe(true);
    await server.backend.db.exec(`INSERT INTO onlform_shared_form (id, tenant_id, note, extra) VALUES ('sharedform1', 1, 'n1', 'KEEP_T1'), ('sharedform1b', 1, 'n1b', 'KEEP_T1B'), ('sharedform2', 2, 'n2', 'x2')`);

    // Tenant 2's administrator edits the definition to drop `extra` and forces the synchronisation.
    const record = (await t2("GET", `/online/cgform/head/queryById?id=${head.id}`)).json.result as Record<string, unknown>;
    expect((await t2("PUT", "/online/cgform/head/edit", { ...record, fieldJson: fields(["note"]) })).json).toMatchObject(refused);
    const synced = await t2("POST", `/online/cgform/head/doDbSynch?id=${head.id}&confirm=1`);
    expect(synced.json).toMatchObject(refused);
    expect(JSON.stringify([synced.json.message, synced.json.result])).not.toMatch(/\d/);
    expect((await t2("POST", `/online/cgform/head/addMenu?id=${head.id}`)).json).toMatchObject(refused);
    expect((await t2("DELETE", `/online/cgform/head/delete?id=${head.id}`)).json).toMatchObject(refused);
    expect(await rows("select id, extra from onlform_shared_form where tenant_id = 1 order by id")).toEqual([
      { id: "sharedform1", extra: "KEEP_T1" },
      { id: "sharedform1b", extra: "KEEP_T1B" },
    ]);
    expect(await rows(`select 1 from sys_permission where url = '/online/cgformList/shared_form'`)).toEqual([]);
  });

  it("reports and jobs: each school's own; tenant 1's cannot be reached by id; 生成菜单 is the platform's", async () => {
    const report = { code: "school1_report", name: "一校报表", cgrSql: "select id, name_cn from school_student", items: [{ fieldName: "id" }, { fieldName: "name_cn" }], params: [] };
    expect((await as(admin, TENANT_1, "POST", "/online/cgreport/head/add", report)).json.success).toBe(true);
    const tenant1Report = await one<{ id: string }>("select id from onl_cgreport_head where code = 'school1_report' and tenant_id = 1");
    expect((await t2("GET", "/online/cgreport/head/list")).json.result.records.map((row: { code: string }) => row.code)).not.toContain("school1_report");
    expect((await t2("PUT", "/online/cgreport/head/edit", { ...report, id: tenant1Report.id, name: "T2HACK" })).json.success).toBe(false);
    expect((await t2("DELETE", `/online/cgreport/head/delete?id=${tenant1Report.id}`)).json.success).toBe(false);
    expect((await t2("GET", `/online/cgreport/head/details?id=${tenant1Report.id}`)).json.success).toBe(false);
    expect(await one(`select name from onl_cgreport_head where id = '${tenant1Report.id}'`)).toEqual({ name: "一校报表" });
    // Its own report: the school writes it; its menu row is the platform's to make.
    expect((await t2("POST", "/online/cgreport/head/add", { ...report, code: "school2_report", name: "二校报表" })).json.success).toBe(true);
    const tenant2Report = await one<{ id: string }>("select id from onl_cgreport_head where code = 'school2_report' and tenant_id = 2");
    expect((await t2("POST", "/online/cgreport/head/addMenu", { id: tenant2Report.id })).json).toMatchObject(refusal(PlatformOwnedMessages.reportMenu));
    expect(await rows(`select 1 from sys_permission where url = '/online/cgreport/${tenant2Report.id}'`)).toEqual([]);

    // Jobs: tenant 2 sees and runs its own copies of the defaults, never tenant 1's.
    const jobs = (await t2("GET", "/sys/quartzJob/list")).json.result.records as Array<Record<string, unknown>>;
    expect(jobs.map((job) => job.jobClassName).sort()).toEqual([
      "org.jeecg.modules.quartz.job.ChargeLateFeeJob",
      "org.jeecg.modules.quartz.job.PurgeExpiredJob",
      "org.jeecg.modules.quartz.job.RemindUnpaidBillJob",
      "org.jeecg.modules.quartz.job.RetryFailedComposeJob",
      "org.jeecg.modules.quartz.job.RetryFailedMailJob",
    ]);
    const tenant1Job = await one<{ id: string; cron_expression: string }>("select id, cron_expression from sys_quartz_job where tenant_id = 1 and job_class_name like '%PurgeExpiredJob' limit 1");
    expect((await t2("PUT", "/sys/quartzJob/edit", { ...jobs[0], id: tenant1Job.id, cronExpression: "0/1 * * * * ?" })).json.success).toBe(false);
    expect((await t2("GET", `/sys/quartzJob/pause?id=${tenant1Job.id}`)).json.success).toBe(false);
    expect(await one(`select cron_expression from sys_quartz_job where id = '${tenant1Job.id}'`)).toEqual({ cron_expression: tenant1Job.cron_expression });
    // The school's purge tells nothing of the installation's sessions or captchas.
    const purge = jobs.find((job) => String(job.jobClassName).endsWith("PurgeExpiredJob"))!;
    expect((await t2("GET", `/sys/quartzJob/execute?id=${purge.id}`)).json.success).toBe(true);
    await expect
      .poll(async () => (await t2("GET", `/sys/quartzJob/runs?jobId=${purge.id}`)).json.result?.records?.[0]?.outcome, { timeout: 15_000 })
      .toBe("success");
    const run = (await t2("GET", `/sys/quartzJob/runs?jobId=${purge.id}`)).json.result.records[0] as { message: string };
    expect(run.message).toContain("运行日志");
    expect(run.message).not.toContain("会话");
    expect(run.message).not.toContain("验证码");
  });

  it("a school added by the platform administrator starts with its own copies of the default templates and jobs", async () => {
    const added = await as(admin, TENANT_1, "POST", "/sys/tenant/add", { name: "三校", status: 1 });
    expect(added.json.success).toBe(true);
    const tenant = await one<{ id: number }>("select id from sys_tenant where name = '三校'");
    expect(await rows(`select template_code from sys_sms_template where tenant_id = ${tenant.id}`)).toEqual([{ template_code: "bill_reminder" }]);
    expect((await rows<{ job_class_name: string }>(`select job_class_name from sys_quartz_job where tenant_id = ${tenant.id} order by job_class_name`)).map((row) => row.job_class_name)).toEqual([
      "org.jeecg.modules.quartz.job.ChargeLateFeeJob",
      "org.jeecg.modules.quartz.job.PurgeExpiredJob",
      "org.jeecg.modules.quartz.job.RemindUnpaidBillJob",
      "org.jeecg.modules.quartz.job.RetryFailedComposeJob",
      "org.jeecg.modules.quartz.job.RetryFailedMailJob",
    ]);
    // Tenant 2's own edit did not travel: the new school has the platform's wording.
    expect(await one(`select template_name from sys_sms_template where tenant_id = ${tenant.id}`)).toEqual({ template_name: "缴费提醒：${billCount} 张账单逾期未缴清" });
  });
});
