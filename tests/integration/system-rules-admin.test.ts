// 校验规则 and 数据规则 (issue #16 part 1): the rule editor's items checked by the backend too, the
// rule code fixed once saved; a menu's data rules through our page's CRUD and the original
// client's calls, raw SQL refused, the menu's rule_flag kept in step.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { DataRuleAdminMessages } from "#contract/modules/data-rule";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, startTestBackend, type TestBackend } from "../support/backend";

describe("校验规则 and 数据规则", () => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string) => call(base, "GET", path, { token: admin });
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, { token: admin, body });
  const checkValue = (ruleCode: string, value: string) =>
    get(`/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`);

  beforeAll(async () => {
    server = await startTestBackend("pglite");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  describe("校验规则", () => {
    const items = (list: Array<[string, string, string]>) => JSON.stringify(list.map(([digits, pattern, message]) => ({ digits, pattern, message })));

    it("refuses items the editor refuses, naming the item", async () => {
      const badPattern = await send("POST", "/sys/checkRule/add", { ruleName: "坏正则", ruleCode: "qa_bad_regex", ruleJson: items([["*", "([a-z", "错"]]) });
      expect(badPattern.json).toMatchObject({ success: false, message: "第1条规则：规则不是有效的正则表达式" });
      const badDigits = await send("POST", "/sys/checkRule/add", { ruleName: "坏位数", ruleCode: "qa_bad_digits", ruleJson: items([["2", "[A-Z]{2}", "前两位大写"], ["x", ".*", "任意"]]) });
      expect(badDigits.json).toMatchObject({ success: false, message: "第2条规则：位数须为1到9999的整数或*" });
      expect((await get("/sys/checkRule/list?ruleCode=qa_bad*")).json.result.total).toBe(0);
    });

    it("saves a rule, tests values against it, and keeps its code on edit", async () => {
      const added = await send("POST", "/sys/checkRule/add", { ruleName: "班级编码", ruleCode: "qa_class", ruleJson: items([["2", "[A-Z]{2}", "前两位须为大写字母"], ["*", ".{4}", "须为4位"]]) });
      expect(added.json.success).toBe(true);
      expect((await checkValue("qa_class", "AB12")).json.success).toBe(true);
      expect((await checkValue("qa_class", "ab12")).json).toMatchObject({ success: false, message: "前两位须为大写字母" });
      const [rule] = (await get("/sys/checkRule/list?ruleCode=qa_class")).json.result.records;
      // The code is fixed once saved: a changed one is refused, the rest saves.
      const renamed = await send("PUT", "/sys/checkRule/edit", { ...rule, ruleCode: "qa_renamed", ruleJson: items([["*", ".{5}", "须为5位"]]) });
      expect(renamed.json.success).toBe(false);
      expect(renamed.json.message).toMatch(/不允许修改$/);
      const edited = await send("PUT", "/sys/checkRule/edit", { ...rule, ruleJson: items([["*", ".{5}", "须为5位"]]) });
      expect(edited.json.success).toBe(true);
      expect((await get(`/sys/checkRule/queryById?id=${rule.id}`)).json.result.ruleCode).toBe("qa_class");
      expect((await checkValue("qa_class", "AB12")).json).toMatchObject({ success: false, message: "须为5位" });
      const again = await send("POST", "/sys/checkRule/add", { ruleName: "重复", ruleCode: "qa_class", ruleJson: items([["*", ".*", "任意"]]) });
      expect(again.json.success).toBe(false);
    });
  });

  describe("数据规则", () => {
    const studentMenu = stableId("menu", "/school/student");
    const ruleFlag = async () => Number((await server.backend.db.rows<{ rule_flag: number }>(sql`SELECT rule_flag FROM sys_permission WHERE id = ${studentMenu}`))[0]!.rule_flag);

    it("adds a menu's rule on the page, lists it as the original's drawer does, and flags the menu", async () => {
      const added = await send("POST", "/sys/permissionDataRule/add", { permissionId: studentMenu, ruleName: "只看一年级", ruleColumn: "grade", ruleConditions: "=", ruleValue: "G1", status: "1" });
      expect(added.json.success).toBe(true);
      expect(await ruleFlag()).toBe(1);
      const page = await get(`/sys/permissionDataRule/list?permissionId=${studentMenu}`);
      expect(page.json.result.records[0]).toMatchObject({ ruleName: "只看一年级", permissionId_dictText: "学生", ruleConditions_dictText: "等于", status_dictText: "有效" });
      const drawer = await get(`/sys/permission/getPermRuleListByPermId?permissionId=${studentMenu}&ruleName=一年级`);
      expect(drawer.json).toMatchObject({ success: true, result: [{ ruleName: "只看一年级", ruleColumn: "grade", createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) }] });
      expect((await get(`/sys/permission/getPermRuleListByPermId?permissionId=${studentMenu}&ruleName=100%`)).json.result).toEqual([]);
    });

    it("refuses raw SQL rules, buttons as menus and rules without a column", async () => {
      const rawSql = await send("POST", "/sys/permissionDataRule/add", { permissionId: studentMenu, ruleName: "SQL", ruleColumn: "grade", ruleConditions: "USE_SQL_RULES", ruleValue: "1=1", status: "1" });
      expect(rawSql.json).toMatchObject({ success: false, message: DataRuleAdminMessages.noSql });
      const button = await send("POST", "/sys/permissionDataRule/add", { permissionId: stableId("button", "user:add"), ruleName: "按钮", ruleColumn: "grade", ruleConditions: "=", ruleValue: "1", status: "1" });
      expect(button.json).toMatchObject({ success: false, message: DataRuleAdminMessages.notMenu });
      const noColumn = await send("POST", "/sys/permissionDataRule/add", { permissionId: studentMenu, ruleName: "无字段", ruleConditions: "=", ruleValue: "1", status: "1" });
      expect(noColumn.json).toMatchObject({ success: false, message: DataRuleAdminMessages.columnRequired });
    });

    it("serves the original client's add, edit and delete, and clears the flag with the last rule", async () => {
      const added = await send("POST", "/sys/permission/addPermissionRule", { permissionId: studentMenu, ruleName: "本人创建", ruleColumn: "createBy", ruleConditions: "=", ruleValue: "#{sys_user_code}", status: "1" });
      expect(added.json).toMatchObject({ success: true, message: "添加成功!" });
      const rules = (await get(`/sys/permission/getPermRuleListByPermId?permissionId=${studentMenu}`)).json.result as Array<{ id: string; ruleName: string; updateTime: string | null }>;
      expect(rules.map((rule) => rule.ruleName)).toEqual(["只看一年级", "本人创建"]);
      const mine = rules[1]!;
      const edited = await send("PUT", "/sys/permission/editPermissionRule", { ...mine, ruleName: "本人创建的" });
      expect(edited.json).toMatchObject({ success: true, message: "修改成功!" });
      for (const rule of rules) expect((await send("DELETE", `/sys/permission/deletePermissionRule?id=${rule.id}`)).json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await ruleFlag()).toBe(0);
    });
  });
});
