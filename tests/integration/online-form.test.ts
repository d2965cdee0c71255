// 表单开发 (issue #18 part 1) over real HTTP on the full backend (PGlite, and PostgreSQL when
// reachable): a form defined through the definitions' endpoints, 同步数据库 creating then altering
// its table (unsafe names refused, changes that lose data refused unless confirmed), the generic
// data endpoints on the CRUD engine with the form's own permissions, tenant isolation, sub-tables,
// 加入菜单, and the races (synchronisations, 加入菜单 and one-to-one rows at once).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginToken, loginTokenAfterChange, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

type Answer = { success: boolean; code: number; message: string; result: any };

const BOOK_FIELDS = [
  { name: "book_name", label: "书名", dbType: "string", length: 50, required: true, showSearch: true },
  { name: "borrower", label: "借阅人", dbType: "string", length: 20 },
  { name: "state", label: "状态", dbType: "string", length: 2, dict: "yn", showSearch: true },
  { name: "days", label: "天数", dbType: "int" },
];

describe.each(databases)("online forms on %s", (kind) => {
  let server: TestBackend;
  let admin: string;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const api = async (method: "GET" | "POST" | "PUT" | "DELETE", path: string, options: { token?: string; body?: unknown; query?: Record<string, string> } = {}) => {
    const query = options.query ? `?${new URLSearchParams(options.query)}` : "";
    const answer = await call(server.url, method, `${path}${query}`, { token: options.token ?? admin, ...(options.body !== undefined ? { body: options.body } : {}) });
    return answer.json as Answer;
  };
  const define = async (head: Record<string, unknown>) => {
    const added = await api("POST", "/online/cgform/head/add", { body: { tableType: "1", ...head, fieldJson: JSON.stringify(head.fields ?? BOOK_FIELDS) } });
    expect(added.message).toBe("添加成功！");
    const [row] = await rows<{ id: string }>(`select id from onl_cgform_head where table_name = '${head.tableName}'`);
    return row!.id;
  };
  const edit = (id: string, fields: unknown[]) => api("PUT", "/online/cgform/head/edit", { body: { id, fieldJson: JSON.stringify(fields) } });
  const sync = (id: string, confirm = false) => api("POST", "/online/cgform/head/doDbSynch", { query: { id, ...(confirm ? { confirm: "1" } : {}) } });
  const columns = async (table: string) =>
    (await rows<{ column_name: string; data_type: string; character_maximum_length: number | null }>(
      `select column_name, data_type, character_maximum_length from information_schema.columns where table_schema = current_schema() and table_name = '${table}' order by ordinal_position`,
    )).map((column) => column.column_name);

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    admin = await loginToken(server.url);
  });
  afterAll(async () => server?.close());

  it("creates the table on the first 同步数据库, tenant-scoped, and serves it through the engine", async () => {
    const id = await define({ tableName: "book_loan", tableTxt: "图书借阅" });
    const [head] = await rows<{ is_db_synch: string }>(`select is_db_synch from onl_cgform_head where id = '${id}'`);
    expect(head!.is_db_synch).toBe("N");
    // Not synchronised yet: no pages.
    expect((await api("GET", "/online/cgform/api/getData/book_loan")).message).toBe("该表单尚未同步数据库");

    const synced = await sync(id);
    expect(synced.success).toBe(true);
    expect(synced.message).toBe("同步数据库成功!");
    expect(await columns("onlform_book_loan")).toEqual(["id", "tenant_id", "book_name", "borrower", "state", "days", "create_by", "create_time", "update_by", "update_time"]);
    expect((await sync(id)).message).toBe("数据库已是最新，无需同步");

    expect((await api("POST", "/online/cgform/api/form/book_loan", { body: { bookName: "西游记", borrower: "张三", state: "Y", days: "7" } })).message).toBe("添加成功！");
    expect((await api("POST", "/online/cgform/api/form/book_loan", { body: { borrower: "李四" } })).message).toBe("请输入书名!");
    expect((await api("POST", "/online/cgform/api/form/book_loan", { body: { bookName: "x".repeat(51) } })).success).toBe(false);
    // Another school's row in the same table.
    await rows(`insert into onlform_book_loan (id, tenant_id, book_name) values ('foreign1', 2, '别校的书')`);

    const page = await api("GET", "/online/cgform/api/getData/book_loan", { query: { pageNo: "1", pageSize: "10" } });
    expect(page.success).toBe(true);
    expect(page.result.total).toBe(1);
    expect(page.result.records[0]).toMatchObject({ bookName: "西游记", borrower: "张三", state: "Y", state_dictText: "是", days: 7 });
    const searched = await api("GET", "/online/cgform/api/getData/book_loan", { query: { bookName: "*游*" } });
    expect(searched.result.total).toBe(1);
    expect((await api("GET", "/online/cgform/api/getData/book_loan", { query: { bookName: "*红楼*" } })).result.total).toBe(0);

    // Tenant isolation: the foreign row cannot be read, changed or deleted.
    expect((await api("GET", "/online/cgform/api/form/book_loan/foreign1")).message).toBe("未找到对应数据");
    expect((await api("PUT", "/online/cgform/api/form/book_loan", { body: { id: "foreign1", bookName: "改" } })).message).toBe("未找到对应数据");
    expect((await api("DELETE", "/online/cgform/api/form/book_loan", { query: { id: "foreign1" } })).success).toBe(false);
    expect((await rows<{ book_name: string }>(`select book_name from onlform_book_loan where id = 'foreign1'`))[0]!.book_name).toBe("别校的书");

    const own = page.result.records[0].id as string;
    expect((await api("PUT", "/online/cgform/api/form/book_loan", { body: { id: own, bookName: "西游记（新版）" } })).message).toBe("编辑成功!");
    expect((await api("GET", `/online/cgform/api/form/book_loan/${own}`)).result.bookName).toBe("西游记（新版）");
  });

  it("refuses unsafe identifiers, on save and on 同步数据库", async () => {
    for (const tableName of ['x"; drop table sys_user; --', "Book", "a", "sys_user;"]) {
      const answer = await api("POST", "/online/cgform/head/add", { body: { tableName, tableTxt: "坏", tableType: "1", fieldJson: JSON.stringify(BOOK_FIELDS) } });
      expect(answer.success).toBe(false);
    }
    for (const name of ['a"b', "id", "tenant_id", "Name", "a__b", "x;drop"]) {
      const answer = await api("POST", "/online/cgform/head/add", {
        body: { tableName: "bad_fields", tableTxt: "坏", tableType: "1", fieldJson: JSON.stringify([{ name, label: "名", dbType: "string" }]) },
      });
      expect(answer.success).toBe(false);
    }
    const badType = await api("POST", "/online/cgform/head/add", {
      body: { tableName: "bad_fields", tableTxt: "坏", tableType: "1", fieldJson: JSON.stringify([{ name: "n", label: "名", dbType: "varchar(10); drop table x" }]) },
    });
    expect(badType.message).toBe("字段“n”的类型不正确");
    // A definition written around the endpoints (a hand-edited row) is checked again by 同步数据库.
    const id = await define({ tableName: "sneaky", tableTxt: "绕过" });
    await rows(`update onl_cgform_head set field_json = '[{"name":"a\\" text); drop table sys_user; --","label":"x","dbType":"string"}]' where id = '${id}'`);
    const refused = await sync(id);
    expect(refused.success).toBe(false);
    expect(refused.message).toContain("字段名");
    expect(await columns("onlform_sneaky")).toEqual([]);
    expect((await rows<{ n: string }>(`select count(*)::text n from sys_user`))[0]!.n).not.toBe("0");
  });

  it("alters the table: adds a column keeping the rows, refuses changes that lose data unless confirmed", async () => {
    const id = await define({ tableName: "loan_alter", tableTxt: "借阅变更" });
    expect((await sync(id)).success).toBe(true);
    for (const bookName of ["红楼梦", "三国演义全本"]) await api("POST", "/online/cgform/api/form/loan_alter", { body: { bookName, borrower: "王五" } });

    // Add a column: the rows stay.
    const withReturn = [...BOOK_FIELDS, { name: "return_date", label: "归还日期", dbType: "date" }];
    expect((await edit(id, withReturn)).message).toBe("编辑成功!");
    expect((await rows<{ is_db_synch: string }>(`select is_db_synch from onl_cgform_head where id = '${id}'`))[0]!.is_db_synch).toBe("N");
    // Until synchronised the pages keep the columns the table has.
    expect((await api("GET", "/online/cgform/api/getColumns/loan_alter")).result.fields.map((field: { name: string }) => field.name)).not.toContain("return_date");
    const added = await sync(id);
    expect(added.result).toEqual(["新增字段 return_date"]);
    expect((await api("GET", "/online/cgform/api/getData/loan_alter")).result.total).toBe(2);
    expect((await api("POST", "/online/cgform/api/form/loan_alter", { body: { bookName: "水浒传", returnDate: "2026-12-01" } })).success).toBe(true);

    // Narrow 书名 below its longest value: refused with what would be lost, then confirmed.
    const narrow = withReturn.map((field) => (field.name === "book_name" ? { ...field, length: 4 } : field));
    await edit(id, narrow);
    const refused = await sync(id);
    expect(refused.success).toBe(false);
    expect(refused.result).toEqual({ needConfirm: true, losses: ["字段“book_name”缩短到4位（1行超长）"] });
    expect(refused.message).toBe("同步将丢失数据，请确认后再同步：字段“book_name”缩短到4位（1行超长）");
    expect((await rows<{ n: string }>(`select max(char_length(book_name))::text n from onlform_loan_alter`))[0]!.n).toBe("6");
    expect((await sync(id, true)).success).toBe(true);
    expect((await rows<{ n: string }>(`select max(char_length(book_name))::text n from onlform_loan_alter`))[0]!.n).toBe("4");

    // Drop a column holding values: refused, then confirmed; an empty column goes without asking.
    const withoutBorrower = narrow.filter((field) => field.name !== "borrower" && field.name !== "days");
    await edit(id, withoutBorrower);
    const dropRefused = await sync(id);
    expect(dropRefused.result.losses).toEqual(["删除字段“borrower”（2行有值）"]);
    expect(await columns("onlform_loan_alter")).toContain("borrower");
    const dropped = await sync(id, true);
    expect(dropped.result).toEqual(expect.arrayContaining(["删除字段 borrower", "删除字段 days"]));
    expect(await columns("onlform_loan_alter")).not.toContain("borrower");
    expect((await api("GET", "/online/cgform/api/getData/loan_alter")).result.total).toBe(3);

    // A type change of a column with values that cannot convert: confirmed, still refused, nothing changed.
    await edit(id, withoutBorrower.map((field) => (field.name === "book_name" ? { ...field, dbType: "int" } : field)));
    expect((await sync(id)).result.needConfirm).toBe(true);
    expect((await sync(id, true)).message).toBe("同步失败：现有数据无法转换为新的字段类型");
    expect((await columns("onlform_loan_alter")).length).toBeGreaterThan(0);
    expect((await api("GET", "/online/cgform/api/getData/loan_alter")).result.total).toBe(3);
  });

  it("checks the form's own permissions: its page to read, its buttons to write", async () => {
    const id = await define({ tableName: "perm_book", tableTxt: "权限图书" });
    expect((await api("POST", "/online/cgform/head/addMenu", { query: { id } })).message).toBe("该表单尚未同步数据库");
    await sync(id);
    // 加入菜单 many times at once: one menu with its buttons, for the platform administrators.
    const answers = await Promise.all(Array.from({ length: 8 }, () => api("POST", "/online/cgform/head/addMenu", { query: { id } })));
    expect(answers.filter((answer) => answer.success)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.success).every((answer) => answer.message === "该表单已在菜单中")).toBe(true);
    const menus = await rows<{ id: string; component: string }>(`select id, component from sys_permission where url = '/online/cgformList/perm_book'`);
    expect(menus).toEqual([{ id: expect.any(String), component: "modules/online/cgform/auto/OnlCgformAutoList" }]);
    const buttons = await rows<{ id: string; perms: string }>(`select id, perms from sys_permission where parent_id = '${menus[0]!.id}' order by sort_no`);
    expect(buttons.map((button) => button.perms)).toEqual(["add", "edit", "delete", "batch_delete", "export", "import", "viewSensitive"].map((action) => `online:perm_book:${action}`));
    expect((await api("POST", "/online/cgform/api/form/perm_book", { body: { bookName: "管理员的书" } })).success).toBe(true);

    // A role with the page and only 添加.
    await api("POST", "/sys/role/add", { body: { roleCode: "online_clerk", roleName: "图书录入" } });
    const [{ id: roleId }] = await rows<{ id: string }>(`select id from sys_role where role_code = 'online_clerk'`);
    const add = buttons.find((button) => button.perms === "online:perm_book:add")!.id;
    const saved = await api("POST", "/sys/permission/saveRolePermission", { body: { roleId, permissionIds: [menus[0]!.id, add].join(","), lastpermissionIds: "" } });
    expect(saved.success).toBe(true);
    expect((await api("POST", "/sys/user/add", { body: { username: "online_clerk", realname: "图书录入员", password: "Clerk-2026!", selectedroles: roleId } })).success).toBe(true);
    const clerk = await loginTokenAfterChange(server.url, "online_clerk", "Clerk-2026!");

    expect((await api("GET", "/online/cgform/api/getData/perm_book", { token: clerk })).result.total).toBe(1);
    expect((await api("POST", "/online/cgform/api/form/perm_book", { token: clerk, body: { bookName: "录入的书" } })).message).toBe("添加成功！");
    const [record] = (await api("GET", "/online/cgform/api/getData/perm_book", { token: clerk })).result.records;
    for (const [method, path, options] of [
      ["PUT", "/online/cgform/api/form/perm_book", { body: { id: record.id, bookName: "改" } }],
      ["DELETE", "/online/cgform/api/form/perm_book", { query: { id: record.id } }],
      ["DELETE", "/online/cgform/api/form/perm_book", { query: { ids: `${record.id},` } }],
      ["GET", "/online/cgform/api/exportXls/perm_book", {}],
      ["POST", "/online/cgform/api/importXls/perm_book", {}],
      ["GET", "/online/cgform/api/perm_book/exportXls", {}],
      ["POST", "/online/cgform/api/perm_book/importExcel", {}],
    ] as const) {
      expect((await api(method, path, { token: clerk, ...options })).message, `${method} ${path}`).toBe("没有权限，请联系管理员授权");
    }
    // Another form's data and the definitions are not the clerk's.
    expect((await api("GET", "/online/cgform/api/getData/book_loan", { token: clerk })).message).toBe("没有权限，请联系管理员授权");
    expect((await api("GET", "/online/cgform/head/list", { token: clerk })).success).toBe(false);
    expect((await api("POST", "/online/cgform/head/doDbSynch", { token: clerk, query: { id } })).message).toBe("没有权限，请联系管理员授权");
  });

  it("keeps sub-tables with their main rows, one row for a one-to-one sub-table even under concurrent adds", async () => {
    const mainId = await define({ tableName: "loan_main", tableTxt: "借阅单", tableType: "2", themeTemplate: "erp", fields: [{ name: "reader", label: "读者", dbType: "string", length: 30, required: true }] });
    const subId = await define({ tableName: "loan_line", tableTxt: "借阅明细", tableType: "3", mainTable: "loan_main", relationType: "0", fields: [{ name: "title", label: "书名", dbType: "string", length: 50 }] });
    const cardId = await define({ tableName: "loan_card", tableTxt: "借书证", tableType: "3", mainTable: "loan_main", relationType: "1", fields: [{ name: "card_no", label: "证号", dbType: "string", length: 20 }] });
    expect((await sync(subId)).message).toBe("请先同步主表");
    for (const id of [mainId, subId, cardId]) expect((await sync(id)).success).toBe(true);
    expect(await columns("onlform_loan_line")).toContain("main_id");

    await api("POST", "/online/cgform/api/form/loan_main", { body: { reader: "赵六" } });
    const [main] = (await api("GET", "/online/cgform/api/getData/loan_main")).result.records;
    expect((await api("POST", "/online/cgform/api/form/loan_line", { body: { title: "无主" } })).message).toBe("请先选择主表记录");
    expect((await api("POST", "/online/cgform/api/form/loan_line", { body: { title: "别处", mainId: "nope" } })).message).toBe("请先选择主表记录");
    for (const title of ["论语", "孟子"]) expect((await api("POST", "/online/cgform/api/form/loan_line", { body: { title, mainId: main.id } })).success).toBe(true);
    expect((await api("GET", "/online/cgform/api/getData/loan_line", { query: { mainId: main.id } })).result.total).toBe(2);

    const cards = await Promise.all(Array.from({ length: 10 }, (_, index) => api("POST", "/online/cgform/api/form/loan_card", { body: { cardNo: `C${index}`, mainId: main.id } })));
    expect(cards.filter((answer) => answer.success)).toHaveLength(1);
    expect((await rows<{ n: string }>(`select count(*)::text n from onlform_loan_card`))[0]!.n).toBe("1");

    const columnsAnswer = await api("GET", "/online/cgform/api/getColumns/loan_main");
    expect(columnsAnswer.result.subTables.map((sub: { code: string }) => sub.code)).toEqual(["loan_card", "loan_line"]);

    expect((await api("DELETE", "/online/cgform/api/form/loan_main", { query: { id: main.id } })).message).toBe("删除成功!");
    expect((await rows<{ n: string }>(`select count(*)::text n from onlform_loan_line`))[0]!.n).toBe("0");
    expect((await rows<{ n: string }>(`select count(*)::text n from onlform_loan_card`))[0]!.n).toBe("0");
  });

  it("runs concurrent synchronisations of one form one after the other", async () => {
    const id = await define({ tableName: "loan_race", tableTxt: "并发同步" });
    const answers = await Promise.all(Array.from({ length: 8 }, () => sync(id)));
    expect(answers.every((answer) => answer.success)).toBe(true);
    expect(answers.filter((answer) => answer.message === "同步数据库成功!")).toHaveLength(1);
    await edit(id, [...BOOK_FIELDS, { name: "note", label: "备注", dbType: "text" }]);
    const again = await Promise.all(Array.from({ length: 8 }, () => sync(id)));
    expect(again.filter((answer) => answer.message === "同步数据库成功!")).toHaveLength(1);
    expect(await columns("onlform_loan_race")).toContain("note");
  });

  it("builds a tree form's rows under their parents", async () => {
    const id = await define({ tableName: "book_class", tableTxt: "图书分类", isTree: "Y", fields: [{ name: "class_name", label: "分类", dbType: "string", length: 30 }] });
    await sync(id);
    expect(await columns("onlform_book_class")).toContain("pid");
    await api("POST", "/online/cgform/api/form/book_class", { body: { className: "文学" } });
    const [root] = (await api("GET", "/online/cgform/api/getData/book_class", { query: { pid: "0" } })).result.records;
    await api("POST", "/online/cgform/api/form/book_class", { body: { className: "小说", pid: root.id } });
    expect((await api("GET", "/online/cgform/api/getData/book_class", { query: { pid: "0" } })).result.total).toBe(1);
    expect((await api("GET", "/online/cgform/api/getData/book_class", { query: { pid: root.id } })).result.records[0].className).toBe("小说");
    expect((await api("DELETE", "/online/cgform/api/form/book_class", { query: { id: root.id } })).message).toBe("该节点下有子节点，不能删除");
  });
});
