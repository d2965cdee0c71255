// The generic CRUD engine over real HTTP (api-contract.md §6), on PGlite and (when reachable)
// PostgreSQL: a plain entity's round trip (positions), its answers and validation, button
// permissions granted and revoked through sys_role_permission, row-level data rules, and the
// dictionary pages whose changes reach the dictionary cache.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { stableId } from "../../backend/db/ids";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const NO_PERMISSION = { success: false, code: 510, message: "没有权限，请联系管理员授权" };

describe.each(databases)("CRUD engine on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string, token = admin) => call(base, "GET", path, { token });
  const send = (method: string, path: string, body?: unknown, token = admin) => call(base, method, path, { token, body });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  describe("a plain entity (positions)", () => {
    it("adds, lists with _dictText, reads, edits and deletes with the contract's answers", async () => {
      const added = await send("POST", "/sys/position/add", { code: "qa_librarian", name: "图书管理员", postRank: "2", id: "chosen-id" });
      expect(added.json).toMatchObject({ success: true, code: 200, message: "添加成功！", result: "添加成功！" });
      const list = await get("/sys/position/list?code=qa_librarian");
      expect(list.json.result).toMatchObject({ total: 1, size: 10, current: 1, pages: 1, orders: [] });
      const [record] = list.json.result.records;
      expect(record).toMatchObject({ code: "qa_librarian", name: "图书管理员", postRank: "2", postRank_dictText: "助级", tenantId: 1, createBy: "admin" });
      expect(record.id).toMatch(/^\d{19}$/);
      expect(record.id).not.toBe("chosen-id");

      const byId = await get(`/sys/position/queryById?id=${record.id}`);
      expect(byId.json).toMatchObject({ success: true, result: { id: record.id, name: "图书管理员" } });
      const edited = await send("PUT", "/sys/position/edit", { id: record.id, name: "馆长", tenantId: 2, createBy: "x" });
      expect(edited.json).toMatchObject({ success: true, message: "编辑成功!" });
      const [row] = await rows<{ name: string; tenant_id: number; create_by: string; update_by: string; code: string }>(
        `SELECT name, tenant_id, create_by, update_by, code FROM sys_position WHERE id = '${record.id}'`,
      );
      // Only the sent, writable fields changed: the tenant and audit columns are the server's.
      expect(row).toMatchObject({ name: "馆长", tenant_id: 1, create_by: "admin", update_by: "admin", code: "qa_librarian" });

      const deleted = await call(base, "DELETE", `/sys/position/delete?id=${record.id}`, { token: admin });
      expect(deleted.json).toMatchObject({ success: true, message: "删除成功!" });
      expect(await rows(`SELECT id FROM sys_position WHERE id = '${record.id}'`)).toEqual([]);
      expect((await get(`/sys/position/queryById?id=${record.id}`)).json).toMatchObject({ success: false, code: 500, message: "未找到对应数据" });
      expect((await send("PUT", "/sys/position/edit", { id: record.id, name: "x" })).json.message).toBe("未找到对应数据");
      expect((await send("PUT", "/sys/position/edit", { name: "x" })).json.message).toBe("未找到对应数据");
    });

    it("deletes a batch, tolerating the trailing comma and unknown ids", async () => {
      for (const code of ["qa_batch_a", "qa_batch_b", "qa_batch_c"]) await send("POST", "/sys/position/add", { code, name: code });
      const found = await rows<{ id: string }>(`SELECT id FROM sys_position WHERE code IN ('qa_batch_a', 'qa_batch_b') ORDER BY code`);
      const ids = found.map((row) => row.id);
      const answer = await call(base, "DELETE", `/sys/position/deleteBatch?ids=${ids[0]},${ids[1]},unknown-id,`, { token: admin });
      expect(answer.json).toMatchObject({ success: true, message: "批量删除成功！", result: "批量删除成功！" });
      const left = await rows<{ code: string }>(`SELECT code FROM sys_position WHERE code LIKE 'qa_batch_%'`);
      expect(left.map((row) => row.code)).toEqual(["qa_batch_c"]);
      expect((await call(base, "DELETE", "/sys/position/deleteBatch?ids=", { token: admin })).json.message).toBe("参数不识别！");
      expect((await call(base, "DELETE", "/sys/position/deleteBatch?ids=nothing,here,", { token: admin })).json.message).toBe("未找到对应数据");
    });

    it("validates bodies from the entity: required, patterns, column sizes, types", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: "无编码" }, "请输入职务编码!"],
        [{ code: "qa_no_name" }, "请输入职务名称!"],
        [{ code: "有汉字", name: "x" }, "编码只能由字母、数字、下划线组成"],
        // The field's check rule (通用编码规则) applies to direct posts too, not only in the form.
        [{ code: "ab", name: "x" }, "最少输入3位数"],
        [{ code: "abcdefghijklm", name: "x" }, "最多输入12位数"],
        [{ code: "qa_long_name", name: "名".repeat(101) }, "职务名称长度不能超过100个字符"],
        [{ code: "qa_rank", name: "x", postRank: "123" }, "职级长度不能超过2个字符"],
        [{ code: "qa_object", name: { nested: true } }, "职务名称格式不正确"],
      ];
      for (const [body, message] of cases) {
        expect((await send("POST", "/sys/position/add", body)).json, message).toMatchObject({ success: false, code: 500, message });
      }
      const notJson = await call(base, "POST", "/sys/position/add", { token: admin, body: "{not json", headers: {} });
      expect(notJson.json.success).toBe(false);
      await send("POST", "/sys/position/add", { code: "qa_unique", name: "唯一" });
      expect((await send("POST", "/sys/position/add", { code: "qa_unique", name: "重复" })).json.message).toBe("数据库中已存在该记录");
    });

    it("sorts by a _dictText column and refuses unknown sort columns in plain words", async () => {
      const sorted = await get("/sys/position/list?column=postRank_dictText&order=asc&pageSize=100");
      const ranks = sorted.json.result.records.map((record: { postRank: string | null }) => record.postRank ?? "");
      // A dictionary column sorts in its dictionary's order (decision 115), not by its text.
      const items = (await get("/sys/dict/queryAllDictItems")).json.result.position_rank as { value: string }[];
      // Rows without a rank come last, as PostgreSQL puts NULLs last in ascending order.
      const place = (rank: string) => (rank === "" ? items.length : items.findIndex((item) => item.value === rank));
      expect(ranks.length).toBeGreaterThan(1);
      expect(ranks.map(place)).toEqual([...ranks.map(place)].sort((a, b) => a - b));
      const hostile = await get("/sys/position/list?column=name;drop%20table%20sys_user");
      expect(hostile.json).toMatchObject({ success: false, message: "不支持的排序字段" });
    });
  });

  describe("button and menu permissions", () => {
    let operator: string;
    let roleId: string;
    let granted: string[] = [];
    const menuId = stableId("menu", "/isystem/user");
    const button = (code: string) => stableId("button", code);

    async function grant(permissionIds: string[]) {
      const answer = await send("POST", "/sys/permission/saveRolePermission", {
        roleId,
        permissionIds: permissionIds.join(","),
        lastpermissionIds: granted.join(","),
      });
      expect(answer.json).toMatchObject({ success: true, message: "保存成功！" });
      granted = permissionIds;
    }

    beforeAll(async () => {
      expect((await send("POST", "/sys/role/add", { roleCode: "qa_user_operator", roleName: "用户操作员" })).json.success).toBe(true);
      [{ id: roleId }] = (await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'qa_user_operator'`)) as [{ id: string }];
      const added = await send("POST", "/sys/user/add", {
        username: "qa_operator",
        realname: "操作员",
        password: "Operator-2026!",
        selectedroles: roleId,
      });
      expect(added.json.success).toBe(true);
      operator = await loginTokenAfterChange(base, "qa_operator", "Operator-2026!");
    });

    it("needs the page's menu to list and read, and loses it when revoked", async () => {
      // Without the page, /sys/user/list answers only the picker's columns, as JeecgBoot answers
      // everyone (docs/decisions/135); phone and e-mail need the page.
      const records = async () => (await get("/sys/user/list", operator)).json.result.records as Record<string, unknown>[];
      expect((await records()).some((record) => "phone" in record)).toBe(false);
      await grant([menuId]);
      expect((await records()).every((record) => "phone" in record)).toBe(true);
      await grant([]);
      expect((await records()).some((record) => "phone" in record)).toBe(false);
      await grant([menuId]);
    });

    const cases: Array<[string, (ids: { target: string }) => [string, string, unknown]]> = [
      ["user:add", () => ["POST", "/sys/user/add", { username: "qa_by_operator", realname: "操作员建的", password: "Pass-2026!" }]],
      ["user:edit", ({ target }) => ["PUT", "/sys/user/edit", { id: target, realname: "改名" }]],
      ["user:delete", ({ target }) => ["DELETE", `/sys/user/delete?id=${target}`, undefined]],
      ["user:batch_delete", ({ target }) => ["DELETE", `/sys/user/deleteBatch?ids=${target},`, undefined]],
      ["user:freeze", ({ target }) => ["PUT", "/sys/user/frozenBatch", { ids: target, status: 2 }]],
      ["user:reset_password", () => ["PUT", "/sys/user/changePassword", { username: "qa_target", password: "Reset-2026!" }]],
    ];
    for (const [code, request] of cases) {
      it(`answers 510 without ${code}, and works once the role is granted it`, async () => {
        const created = await send("POST", "/sys/user/add", { username: "qa_target", realname: "目标", password: "Pass-2026!" });
        expect(created.json.success).toBe(true);
        const [{ id: target }] = (await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'qa_target'`)) as [{ id: string }];
        const [method, path, body] = request({ target });
        expect((await send(method, path, body, operator)).json).toMatchObject(NO_PERMISSION);
        await grant([menuId, button(code)]);
        const allowed = await send(method, path, body, operator);
        expect(allowed.json, code).toMatchObject({ success: true, code: 200 });
        await grant([menuId]);
        expect((await send(method, path, body, operator)).json).toMatchObject(NO_PERMISSION);
        await rows(`DELETE FROM sys_user WHERE username IN ('qa_target', 'qa_by_operator')`);
      });
    }

    describe("data rules of the page", () => {
      async function addRule(column: string, condition: string, value: string): Promise<string> {
        const id = `qa_rule_${Math.random().toString(36).slice(2, 10)}`;
        await rows(
          `INSERT INTO sys_permission_data_rule (id, permission_id, rule_name, rule_column, rule_conditions, rule_value, status)
           VALUES ('${id}', '${menuId}', 'qa', '${column}', '${condition}', '${value.replace(/'/g, "''")}', '1')`,
        );
        return id;
      }
      async function grantRules(ruleIds: string[]) {
        await rows(
          `UPDATE sys_role_permission SET data_rule_ids = '${ruleIds.join(",")}' WHERE role_id = '${roleId}' AND permission_id = '${menuId}'`,
        );
      }
      const usernames = async () =>
        (await get("/sys/user/list?pageSize=100", operator)).json.result.records.map((user: { username: string }) => user.username);

      it("ANDs a granted rule into the list, with variables, and leaves ungranted rules out", async () => {
        const everyone = await usernames();
        expect(everyone).toContain("teacher_li");
        const women = await addRule("sex", "=", "2");
        expect(await usernames()).toEqual(everyone);
        await grantRules([women]);
        const listed = await usernames();
        expect(listed.length).toBeGreaterThan(0);
        const sexes = await rows<{ username: string; sex: number }>(`SELECT username, sex FROM sys_user`);
        for (const name of listed) expect(sexes.find((row) => row.username === name)?.sex).toBe(2);

        const own = await addRule("createBy", "=", "#{sys_user_code}");
        await grantRules([women, own]);
        // Nobody was created by qa_operator yet; then one woman is.
        expect(await usernames()).toEqual([]);
        await grant([menuId, button("user:add")]);
        await send("POST", "/sys/user/add", { username: "qa_rule_woman", realname: "女", sex: 2, password: "Pass-2026!" }, operator);
        await send("POST", "/sys/user/add", { username: "qa_rule_man", realname: "男", sex: 1, password: "Pass-2026!" }, operator);
        expect(await usernames()).toEqual(["qa_rule_woman"]);
        // An inactive rule does not apply.
        await rows(`UPDATE sys_permission_data_rule SET status = '0' WHERE id = '${women}'`);
        expect((await usernames()).sort()).toEqual(["qa_rule_man", "qa_rule_woman"]);
        await grantRules([]);
      });

      it("applies IN and LIKE rules as bound values", async () => {
        const within = await addRule("username", "IN", "teacher_li,dean_liu");
        await grantRules([within]);
        expect((await usernames()).sort()).toEqual(["dean_liu", "teacher_li"]);
        const like = await addRule("username", "RIGHT_LIKE", "teacher");
        await grantRules([within, like]);
        expect(await usernames()).toEqual(["teacher_li"]);
        const hostile = await addRule("realname", "=", "' OR '1'='1");
        await grantRules([hostile]);
        expect(await usernames()).toEqual([]);
        await grantRules([]);
      });

      it("refuses USE_SQL_RULES (never runs raw SQL) and fails closed on unknown variables", async () => {
        const before = (await usernames()).length;
        const raw = await addRule("username", "USE_SQL_RULES", "1=1; DELETE FROM sys_user");
        await grantRules([raw]);
        expect((await usernames()).length).toBe(before);
        expect((await rows(`SELECT id FROM sys_user`)).length).toBeGreaterThan(0);
        const unknown = await addRule("username", "=", "#{no_such_variable}");
        await grantRules([unknown]);
        expect(await usernames()).toEqual([]);
        const otherEntity = await addRule("notAUserProperty", "=", "x");
        await grantRules([otherEntity]);
        expect((await usernames()).length).toBe(before);
        await grantRules([]);
      });
    });
  });

  describe("dictionary pages", () => {
    it("adds a dictionary and items, and the cache answers them at once", async () => {
      await get("/sys/dict/queryAllDictItems");
      expect((await send("POST", "/sys/dict/add", { dictName: "测试字典", dictCode: "qa_colour" })).json.message).toBe("添加成功！");
      const [{ id: dictId }] = (await rows<{ id: string }>(`SELECT id FROM sys_dict WHERE dict_code = 'qa_colour'`)) as [{ id: string }];
      for (const [value, text, order] of [["r", "红", 2], ["g", "绿", 1]] as const)
        expect((await send("POST", "/sys/dictItem/add", { dictId, itemValue: value, itemText: text, sortOrder: order })).json.success).toBe(true);
      expect((await send("POST", "/sys/dictItem/add", { dictId, itemValue: "r", itemText: "又红" })).json.message).toBe("该值不可用，系统中已存在！");
      expect((await send("POST", "/sys/dictItem/add", { dictId: "missing", itemValue: "x", itemText: "x" })).json.message).toBe("字典不存在");
      const all = await get("/sys/dict/queryAllDictItems");
      expect(all.json.result.qa_colour).toEqual([
        { value: "g", text: "绿", title: "绿" },
        { value: "r", text: "红", title: "红" },
      ]);
      const items = await get(`/sys/dictItem/list?dictId=${dictId}`);
      expect(items.json.result.records.map((item: { itemValue: string }) => item.itemValue)).toEqual(["g", "r"]);
      expect(items.json.result.records[0]).toMatchObject({ status: 1, status_dictText: "有效" });

      const green = items.json.result.records[0].id;
      expect((await send("PUT", "/sys/dictItem/edit", { id: green, itemText: "翠绿", status: 0 })).json.success).toBe(true);
      expect((await get("/sys/dict/queryAllDictItems")).json.result.qa_colour).toEqual([{ value: "r", text: "红", title: "红" }]);

      expect((await send("POST", "/sys/dict/add", { dictName: "坏", dictCode: "sys_user,realname,id" })).json.message).toBe(
        "字典编码只能包含字母、数字和下划线，且以字母开头",
      );
      // Dictionaries go to the recycle bin: the row stays, the items disappear from lookups.
      expect((await call(base, "DELETE", `/sys/dict/delete?id=${dictId}`, { token: admin })).json.message).toBe("删除成功!");
      expect(await rows(`SELECT del_flag FROM sys_dict WHERE id = '${dictId}'`)).toEqual([{ del_flag: 1 }]);
      expect((await get("/sys/dict/queryAllDictItems")).json.result.qa_colour).toBeUndefined();
      expect((await get("/sys/dict/list?dictCode=qa_colour")).json.result.total).toBe(0);
    });
  });
});
