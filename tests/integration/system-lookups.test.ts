// Dictionary lookups, the duplicate check, check rules, categories, the department tree and role
// authorisation (api-contract.md §4, §7) over real HTTP, on PGlite and (when reachable)
// PostgreSQL. Hostile identifiers in table dictionaries, loadTreeData and the duplicate check are
// refused in plain words that never carry SQL, and the tables stay intact (§10).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { computeSign, formatSignTimestamp } from "#contract/sign";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;
const SQL_WORDS = /\b(select|insert|update|delete|drop|table|syntax|where|from|union|relation|column|operator|pg_)\b/i;

describe.each(databases)("lookups on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const get = (path: string, token = admin) => call(base, "GET", path, { token });
  const send = (method: string, path: string, body?: unknown) => call(base, method, path, { token: admin, body });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  /** A GET signed as the client signs it (contract §3): path variable, then the params. */
  const signed = (path: string, params: Record<string, string> = {}, token = admin) => {
    const query = new URLSearchParams(params).toString();
    return call(base, "GET", `${path}${query ? `?${query}` : ""}`, {
      token,
      headers: { "X-Sign": computeSign(path, params), "X-TIMESTAMP": formatSignTimestamp() },
    });
  };
  const dictPath = (kind: string, code: string) => `/sys/dict/${kind}/${encodeURIComponent(code)}`;
  async function refusedPlainly(answer: { status: number; json: { success: boolean; message: string } }, message?: string) {
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(false);
    if (message) expect(answer.json.message).toBe(message);
    expect(answer.json.message).not.toMatch(SQL_WORDS);
  }
  const userCount = async () => (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM sys_user`))[0]!.n;

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
  });
  afterAll(async () => server?.close());

  describe("dictionaries", () => {
    it("answers plain and table dictionaries, signed, for any signed-in user", async () => {
      const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
      const plain = await signed(dictPath("getDictItems", "sex"), {}, teacher);
      expect(plain.json).toMatchObject({ success: true, code: 0, result: [{ value: "1", text: "男", title: "男" }, { value: "2", text: "女", title: "女" }] });
      const table = await signed(dictPath("getDictItems", "sys_position,name,code"), {}, teacher);
      expect(table.json.result).toContainEqual({ value: "teacher", text: "教师", title: "教师" });
      const unsigned = await get(dictPath("getDictItems", "sex"));
      expect(unsigned.json).toMatchObject({ success: false, message: "Sign签名校验失败，请求参数不完整！" });
    });

    it("searches a table dictionary with bound keywords and lists of values", async () => {
      const byText = await signed(dictPath("loadDict", "sys_user,realname,username"), { keyword: "李", pageSize: "10" });
      expect(byText.json.result).toEqual([{ value: "teacher_li", text: "李明", title: "李明" }]);
      const list = await signed(dictPath("loadDict", "sys_user,realname,username"), { keyword: "teacher_li,dean_liu" });
      expect(list.json.result.map((item: { value: string }) => item.value).sort()).toEqual(["dean_liu", "teacher_li"]);
      // `_` is a literal underscore, `%` a literal percent: no wildcard from the user.
      expect((await signed(dictPath("loadDict", "sys_user,realname,username"), { keyword: "%" })).json.result).toEqual([]);
      const underscore = await signed(dictPath("loadDict", "sys_user,realname,username"), { keyword: "_", pageSize: "100" });
      expect(underscore.json.result).toHaveLength(7);
      expect(underscore.json.result.map((item: { value: string }) => item.value)).not.toContain("admin");
      const paged = await signed(dictPath("loadDict", "sys_user,realname,username"), { keyword: "a", pageSize: "2" });
      expect(paged.json.result).toHaveLength(2);
      const plain = await signed(dictPath("loadDict", "sex"), { keyword: "女" });
      expect(plain.json.result).toEqual([{ value: "2", text: "女", title: "女" }]);
    });

    it("translates stored keys in order, dropping or keeping unknown ones", async () => {
      const path = dictPath("loadDictItem", "sys_user,realname,username");
      expect((await signed(path, { key: "teacher_li,nobody,dean_liu" })).json.result).toEqual(["李明", "刘芳"]);
      expect((await signed(path, { key: "teacher_li,nobody", delNotExist: "false" })).json.result).toEqual(["李明", "nobody"]);
      expect((await signed(dictPath("loadDictItem", "sex"), { key: "2,1" })).json.result).toEqual(["女", "男"]);
    });

    it("refuses malformed, unknown, secret and hostile table dictionaries in plain words", async () => {
      const before = await userCount();
      const cases: Array<[string, string]> = [
        ["sys_user,realname", "字典Code格式不正确！"],
        ["sys_user,realname,username,username!='admin'", "不支持带查询条件的表字典"],
        ["sys_user,password,username", "不支持的字典表或字段"],
        ["sys_user,realname,salt", "不支持的字典表或字段"],
        ["sys_session,token_hash,id", "不支持的字典表或字段"],
        ["pg_user,usename,usesysid", "不支持的字典表或字段"],
        ["sys_user;drop table sys_user,realname,id", "不支持的字典表或字段"],
        ["sys_user,realname,id) or (1=1", "不支持的字典表或字段"],
        ["sys_user,(select password from sys_user limit 1),id", "不支持的字典表或字段"],
        ["sys_user,realname as x,id", "不支持的字典表或字段"],
      ];
      for (const [code, message] of cases) {
        await refusedPlainly(await signed(dictPath("getDictItems", code)), message);
        await refusedPlainly(await signed(dictPath("loadDict", code), { keyword: "a" }), message);
        await refusedPlainly(await signed(dictPath("loadDictItem", code), { key: "a" }), message);
      }
      expect(await userCount()).toBe(before);
    });

    it("loads one level of an allow-listed tree, refusing hostile fields and conditions", async () => {
      const base = { pidField: "parent_id", tableName: "sys_depart", text: "depart_name", code: "id" };
      const roots = await signed("/sys/dict/loadTreeData", { ...base, pid: "" });
      expect(roots.json).toMatchObject({ success: true, code: 0 });
      expect(roots.json.result).toHaveLength(1);
      expect(roots.json.result[0]).toMatchObject({ title: "北京国际学校", leaf: false, parentId: null, value: null });
      const children = await signed("/sys/dict/loadTreeData", { ...base, pid: roots.json.result[0].key });
      const titles = children.json.result.map((node: { title: string }) => node.title);
      expect(titles).toEqual(["校长办公室", "教务处", "财务处", "后勤处", "招生办公室"]);
      expect(children.json.result.find((node: { title: string }) => node.title === "教务处").leaf).toBe(false);
      expect(children.json.result.find((node: { title: string }) => node.title === "财务处").leaf).toBe(true);
      const filtered = await signed("/sys/dict/loadTreeData", {
        ...base,
        pid: roots.json.result[0].key,
        condition: JSON.stringify({ depart_name: "财务处" }),
      });
      expect(filtered.json.result.map((node: { title: string }) => node.title)).toEqual(["财务处"]);
      const injected = await signed("/sys/dict/loadTreeData", { ...base, pid: roots.json.result[0].key, condition: JSON.stringify({ depart_name: "x' or '1'='1" }) });
      expect(injected.json.result).toEqual([]);

      const categories = await signed("/sys/dict/loadTreeData", { pid: "0", pidField: "pid", tableName: "sys_category", text: "name", code: "id", hasChildField: "has_child" });
      expect(categories.json.result.map((node: { title: string; leaf: boolean }) => [node.title, node.leaf])).toEqual([
        ["学科", false],
        ["活动类别", false],
        ["商品类别", false],
      ]);

      const before = await userCount();
      const hostile: Array<[Record<string, string>, string]> = [
        [{ ...base, tableName: "sys_user", pidField: "id" }, "不支持的字典表或字段"],
        [{ ...base, pidField: "parent_id or 1=1" }, "不支持的字典表或字段"],
        [{ ...base, pidField: "org_code" }, "不支持的字典表或字段"],
        [{ ...base, text: "depart_name,(select password from sys_user)" }, "不支持的字典表或字段"],
        [{ ...base, code: "id;drop table sys_user" }, "不支持的字典表或字段"],
        [{ ...base, hasChildField: "del_flag" }, "不支持的字典表或字段"],
        [{ ...base, tableName: "sys_depart where 1=1 --" }, "不支持的字典表或字段"],
        [{ ...base, condition: JSON.stringify({ "1=1 or depart_name": "x" }) }, "不支持的字典表或字段"],
        [{ ...base, condition: JSON.stringify({ no_such_column: "x" }) }, "不支持的字典表或字段"],
        [{ ...base, condition: "not json" }, "查询条件格式不正确，需要一个JSON对象"],
        [{ ...base, condition: "[1,2]" }, "查询条件格式不正确，需要一个JSON对象"],
        [{ ...base, condition: JSON.stringify({ depart_order: "abc" }) }, "查询条件的值格式不正确: departOrder"],
      ];
      for (const [params, message] of hostile) await refusedPlainly(await signed("/sys/dict/loadTreeData", params), message);
      expect(await userCount()).toBe(before);
    });
  });

  describe("duplicate check", () => {
    it("answers available or taken, excluding the row being edited", async () => {
      const check = (params: string) => get(`/sys/duplicate/check?${params}`);
      expect((await check("tableName=sys_user&fieldName=username&fieldVal=qa_free")).json).toMatchObject({ success: true, code: 200, message: "该值可用！" });
      expect((await check("tableName=sys_user&fieldName=username&fieldVal=admin")).json).toMatchObject({ success: false, message: "该值不可用，系统中已存在！" });
      const [li] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'teacher_li'`);
      expect((await check(`tableName=sys_user&fieldName=work_no&fieldVal=BIS0003&dataId=${li!.id}`)).json.success).toBe(true);
      expect((await check("tableName=sys_user&fieldName=workNo&fieldVal=BIS0003")).json.success).toBe(false);
      expect((await check("tableName=sys_user&fieldName=username&fieldVal=")).json).toMatchObject({ success: true, message: "数据为空,不作处理！" });
    });

    it("refuses tables and fields outside the allow-list without echoing them", async () => {
      const before = await userCount();
      for (const params of [
        "tableName=sys_user&fieldName=password&fieldVal=x",
        "tableName=sys_user&fieldName=salt&fieldVal=x",
        "tableName=sys_user&fieldName=realname&fieldVal=x",
        "tableName=sys_session&fieldName=token_hash&fieldVal=x",
        "tableName=pg_shadow&fieldName=usename&fieldVal=postgres",
        `tableName=${encodeURIComponent("sys_user where 1=1 --")}&fieldName=username&fieldVal=x`,
        `tableName=sys_user&fieldName=${encodeURIComponent("username or 1=1")}&fieldVal=x`,
        `tableName=sys_user&fieldName=${encodeURIComponent("username);delete from sys_user;--")}&fieldVal=x`,
      ]) {
        const answer = await get(`/sys/duplicate/check?${params}`);
        await refusedPlainly(answer, "不支持校验的表或字段");
      }
      const injected = await get(`/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=${encodeURIComponent("x' or '1'='1")}`);
      expect(injected.json).toMatchObject({ success: true, message: "该值可用！" });
      expect(await userCount()).toBe(before);
    });
  });

  describe("check rules", () => {
    const check = (ruleCode: string, value: string) =>
      get(`/sys/checkRule/checkByCode?ruleCode=${ruleCode}&value=${encodeURIComponent(encodeURIComponent(value))}`);

    it("passes and fails values digit by digit, answering the failing rule", async () => {
      expect((await check("work_no", "BIS0001")).json).toMatchObject({ success: true, code: 200 });
      expect((await check("work_no", "bis0001")).json).toMatchObject({
        success: false,
        message: "前三位必须是大写字母",
        result: { digits: "3", pattern: "[A-Z]{3}", message: "前三位必须是大写字母" },
      });
      expect((await check("work_no", "BISX001")).json.message).toBe("后四位必须是数字");
      expect((await check("work_no", "BIS00012")).json.message).toBe("工号必须是7位");
      expect((await check("common", "a b")).json.message).toBe("只能填写数字、大小写字母、下划线");
      expect((await check("mobile", "13912345678")).json.success).toBe(true);
      expect((await check("nope", "x")).json).toMatchObject({ success: false, message: "该编码不存在" });
    });

    it("manages rules on the rule page, refusing malformed rule JSON", async () => {
      const bad = await send("POST", "/sys/checkRule/add", { ruleName: "坏规则", ruleCode: "qa_bad", ruleJson: "{not json" });
      expect(bad.json.message).toBe("规则内容格式不正确");
      const rule = JSON.stringify([{ digits: "*", pattern: "\\d+", message: "只能是数字" }]);
      expect((await send("POST", "/sys/checkRule/add", { ruleName: "数字", ruleCode: "qa_digits", ruleJson: rule })).json.success).toBe(true);
      expect((await check("qa_digits", "12a")).json.message).toBe("只能是数字");
      expect((await get("/sys/checkRule/list?ruleCode=qa_digits")).json.result.total).toBe(1);
    });
  });

  describe("categories", () => {
    const idOf = async (code: string) => (await rows<{ id: string }>(`SELECT id FROM sys_category WHERE code = '${code}'`))[0]!.id;

    it("lists roots and children and answers the tree select", async () => {
      const roots = await get("/sys/category/rootList");
      expect(roots.json.result.records.map((row: { code: string }) => row.code)).toEqual(["A01", "A02", "A03"]);
      const subjects = await idOf("A01");
      const children = await get(`/sys/category/childList?pid=${subjects}`);
      expect(children.json.result.map((row: { name: string }) => row.name)).toEqual(["语文", "数学", "英语", "科学"]);
      const top = await get("/sys/category/loadTreeRoot?async=true&pcode=0");
      expect(top.json.result[0]).toMatchObject({ key: subjects, title: "学科", code: "A01", leaf: false, parentId: "0", children: null });
      const full = await get("/sys/category/loadTreeRoot?async=false&pcode=A01");
      expect(full.json.result.map((node: { code: string }) => node.code)).toEqual(["A01A01", "A01A02", "A01A03", "A01A04"]);
      expect((await get("/sys/category/loadTreeRoot?async=true&pcode=ZZZ")).json).toMatchObject({ success: false, message: "该编码【ZZZ】不存在，请核实!" });
      expect((await get(`/sys/category/loadTreeChildren?pid=${subjects}`)).json.result).toHaveLength(4);
      expect((await get("/sys/category/loadTreeData?pcode=A02")).json.result.map((node: { title: string }) => node.title)).toEqual(["体育", "艺术", "社会实践"]);
      expect((await get("/sys/category/loadTreeData")).json.message).toBe("加载分类字典树参数有误.[null]!");
      expect((await get("/sys/category/loadTreeData?pcode=NOPE")).json.message).toBe("加载分类字典树参数有误.[code]!");
      const math = await idOf("A01A02");
      expect((await get(`/sys/category/loadDictItem?ids=${math},missing,${subjects}`)).json.result).toEqual(["数学", "学科"]);
      expect((await get(`/sys/category/loadDictItem?ids=missing&delNotExist=false`)).json.result).toEqual(["missing"]);
      expect((await get(`/sys/category/checkCode?pid=${subjects}&code=B01`)).json.message).toBe('编码不符合规范,须以"A01"开头!');
      expect((await get(`/sys/category/checkCode?pid=${subjects}&code=A01A09`)).json.success).toBe(true);
    });

    it("generates hierarchical codes, keeps has_child right and deletes subtrees", async () => {
      const sport = await idOf("A02A01");
      expect((await send("POST", "/sys/category/add", { pid: sport, name: "足球" })).json.message).toBe("添加成功！");
      expect((await send("POST", "/sys/category/add", { pid: sport, name: "篮球" })).json.success).toBe(true);
      const codes = await rows<{ code: string; name: string }>(`SELECT code, name FROM sys_category WHERE pid = '${sport}' ORDER BY code`);
      expect(codes).toEqual([{ code: "A02A01A01", name: "足球" }, { code: "A02A01A02", name: "篮球" }]);
      expect(await rows(`SELECT has_child FROM sys_category WHERE id = '${sport}'`)).toEqual([{ has_child: "1" }]);
      expect((await send("POST", "/sys/category/add", { pid: sport, name: "乱码", code: "B99" })).json.message).toBe('编码不符合规范,须以"A02A01"开头!');
      expect((await send("POST", "/sys/category/add", { name: "新根" })).json.success).toBe(true);
      expect(await rows(`SELECT code FROM sys_category WHERE name = '新根'`)).toEqual([{ code: "A04" }]);
      expect((await send("PUT", "/sys/category/edit", { id: sport, pid: "0" })).json.message).toBe("不支持修改上级分类");

      const football = await idOf("A02A01A01");
      await send("POST", "/sys/category/add", { pid: football, name: "五人制" });
      const removed = await call(base, "DELETE", `/sys/category/delete?id=${football}`, { token: admin });
      expect(removed.json.message).toBe("删除成功!");
      expect(await rows(`SELECT code FROM sys_category WHERE code LIKE 'A02A01A01%'`)).toEqual([]);
      expect(await rows(`SELECT has_child FROM sys_category WHERE id = '${sport}'`)).toEqual([{ has_child: "1" }]);
      const basketball = await idOf("A02A01A02");
      await call(base, "DELETE", `/sys/category/delete?id=${basketball}`, { token: admin });
      expect(await rows(`SELECT has_child FROM sys_category WHERE id = '${sport}'`)).toEqual([{ has_child: "0" }]);
    });
  });

  describe("departments", () => {
    const idOf = async (orgCode: string) => (await rows<{ id: string }>(`SELECT id FROM sys_depart WHERE org_code = '${orgCode}'`))[0]!.id;

    it("answers the trees the pickers read", async () => {
      const tree = await get("/sys/sysDepart/queryTreeList");
      const [root] = tree.json.result;
      expect(root).toMatchObject({ key: root.id, value: root.id, title: "北京国际学校", departName: "北京国际学校", orgCode: "A01", isLeaf: false });
      const academic = root.children.find((node: { orgCode: string }) => node.orgCode === "A01A02");
      expect(academic.children.map((node: { title: string; isLeaf: boolean; children: null }) => [node.title, node.isLeaf, node.children])).toEqual([
        ["小学部", true, null],
        ["中学部", true, null],
      ]);
      const ids = await get(`/sys/sysDepart/queryTreeList?ids=${academic.id},${academic.children[0].id}`);
      expect(ids.json.result).toHaveLength(1);
      expect(ids.json.result[0].children).toHaveLength(1);
      const idTree = await get("/sys/sysDepart/queryIdTree");
      expect(Object.keys(idTree.json.result[0]).sort()).toEqual(["children", "key", "title", "value"]);
      const level = await get(`/sys/sysDepart/queryDepartTreeSync?pid=${root.id}`);
      expect(level.json.result.map((node: { orgCode: string; isLeaf: boolean }) => [node.orgCode, node.isLeaf])).toEqual([
        ["A01A01", true],
        ["A01A02", false],
        ["A01A03", true],
        ["A01A04", true],
        ["A01A05", true],
      ]);
      const found = await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent("学部")}`);
      expect(found.json.result.map((node: { departName: string }) => node.departName)).toEqual(["小学部", "中学部"]);
      const users = await get(`/sys/sysDepart/getUsersByDepartId?id=${await idOf("A01A03")}`);
      expect(users.json.result.map((user: { username: string }) => user.username)).toEqual(["cashier_zhao", "finance_wang"]);
    });

    it("generates org codes and deletes a department with its subtree and memberships", async () => {
      const root = await idOf("A01");
      expect((await send("POST", "/sys/sysDepart/add", { parentId: root, departName: "图书馆", orgCode: "HACK" })).json.message).toBe("添加成功！");
      const [library] = await rows<{ id: string; org_code: string; org_type: string; org_category: string; tenant_id: number }>(
        `SELECT id, org_code, org_type, org_category, tenant_id FROM sys_depart WHERE depart_name = '图书馆'`,
      );
      expect(library).toMatchObject({ org_code: "A01A06", org_type: "2", org_category: "2", tenant_id: 1 });
      await send("POST", "/sys/sysDepart/add", { parentId: library!.id, departName: "阅览室" });
      expect(await rows(`SELECT org_code FROM sys_depart WHERE depart_name = '阅览室'`)).toEqual([{ org_code: "A01A06A01" }]);
      await send("POST", "/sys/sysDepart/add", { departName: "新校区" });
      // Tenant 2's top level holds A02 already: codes are unique across tenants.
      expect(await rows(`SELECT org_code, org_type FROM sys_depart WHERE depart_name = '新校区'`)).toEqual([{ org_code: "A03", org_type: "1" }]);
      expect((await send("POST", "/sys/sysDepart/add", { parentId: root })).json.message).toBe("请输入机构/部门名称!");
      expect((await send("PUT", "/sys/sysDepart/edit", { id: library!.id, parentId: "" })).json.message).toBe("不支持修改上级部门");

      const reading = await idOf("A01A06A01");
      const [li] = await rows<{ id: string }>(`SELECT id FROM sys_user WHERE username = 'teacher_li'`);
      await rows(`INSERT INTO sys_user_depart (id, user_id, dep_id) VALUES ('qa_membership', '${li!.id}', '${reading}')`);
      expect((await call(base, "DELETE", `/sys/sysDepart/delete?id=${library!.id}`, { token: admin })).json.message).toBe("删除成功!");
      expect(await rows(`SELECT org_code, del_flag FROM sys_depart WHERE org_code LIKE 'A01A06%' ORDER BY org_code`)).toEqual([
        { org_code: "A01A06", del_flag: "1" },
        { org_code: "A01A06A01", del_flag: "1" },
      ]);
      expect(await rows(`SELECT id FROM sys_user_depart WHERE id = 'qa_membership'`)).toEqual([]);
      const tree = await get("/sys/sysDepart/queryTreeList");
      expect(JSON.stringify(tree.json.result)).not.toContain("图书馆");
    });
  });

  describe("roles", () => {
    it("answers the permission tree, a role's grants and role-code checks", async () => {
      const tree = await get("/sys/permission/queryTreeList");
      expect(tree.json.success).toBe(true);
      const { treeList, ids } = tree.json.result;
      expect(ids.length).toBeGreaterThan(50);
      const system = treeList.find((node: { title: string }) => node.title === "系统管理");
      expect(system).toMatchObject({ key: system.value, slotTitle: "系统管理", isLeaf: false });
      const users = system.children.find((node: { title: string }) => node.title === "用户管理");
      expect(users.children.map((node: { title: string }) => node.title)).toContain("冻结/解冻");
      const [teacher] = await rows<{ id: string }>(`SELECT id FROM sys_role WHERE role_code = 'teacher'`);
      const granted = await get(`/sys/permission/queryRolePermission?roleId=${teacher!.id}`);
      expect(granted.json.result.length).toBeGreaterThan(5);
      expect(granted.json.result).not.toContain(users.key);
      expect((await get("/sys/role/checkRoleCode?roleCode=teacher")).json).toMatchObject({ success: false, message: "角色编码已存在" });
      expect((await get(`/sys/role/checkRoleCode?roleCode=teacher&id=${teacher!.id}`)).json.success).toBe(true);
      expect((await get("/sys/role/checkRoleCode?roleCode=qa_new")).json.success).toBe(true);
      expect((await send("POST", "/sys/role/add", { roleCode: "中文编码", roleName: "xy" })).json.message).toBe("角色编码不可输入汉字!");
      expect((await send("POST", "/sys/permission/saveRolePermission", { roleId: teacher!.id, permissionIds: "no-such-permission", lastpermissionIds: "" })).json.message).toBe("所选权限不存在");
    });
  });
});
