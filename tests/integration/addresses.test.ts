// 地址 over real HTTP, on PGlite and (when reachable) PostgreSQL: the area's codes checked and
// completed by the server, one default per parent under concurrent requests (adds and 设为默认
// at once), the parent's detail naming its addresses, tenants apart, and the page's permission.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { AddressMessages } from "#contract/modules/address";
import { call, loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("addresses on %s", (kind) => {
  let server: TestBackend;
  let base: string;
  let admin: string;
  const send = (method: string, path: string, body?: unknown, token = admin, headers?: Record<string, string>) => call(base, method, path, { token, body, headers });
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));
  const defaults = async (parentId: string) =>
    (await rows<{ id: string }>(`select id from shop_address where parent_id = '${parentId}' and is_default = 'Y'`)).map((row) => row.id);
  const address = (parentId: string, extra: Record<string, unknown> = {}) => ({
    parentId,
    receiver: "王测试",
    phone: "13912345678",
    district: "110105",
    detail: "望京街1号",
    ...extra,
  });
  let parents: string[] = [];

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    base = server.url;
    admin = await loginToken(base);
    await rows(`delete from shop_address`);
    parents = (await rows<{ id: string }>(`select id from school_parent where tenant_id = 1 order by id limit 3`)).map((row) => row.id);
  });
  afterAll(async () => server?.close());

  it("stores the district's province and city, names the area, and refuses an unknown district", async () => {
    const added = await send("POST", "/shop/address/add", address(parents[0]!));
    expect(added.json).toMatchObject({ success: true });
    const [row] = await rows<Record<string, string>>(`select province, city, district, is_default from shop_address where parent_id = '${parents[0]}'`);
    // A parent's first address is the default.
    expect(row).toEqual({ province: "110000", city: "110100", district: "110105", is_default: "Y" });
    const list = await send("GET", `/shop/address/list?parentId=${parents[0]}`);
    expect(list.json.result.records[0]).toMatchObject({ areaText: "北京市/北京市/朝阳区", isDefault_dictText: "是" });

    for (const district of ["110100", "999999", "11010"]) {
      const refused = await send("POST", "/shop/address/add", address(parents[0]!, { district }));
      expect(refused.json, district).toMatchObject({ success: false, message: AddressMessages.badArea });
    }
    expect((await send("POST", "/shop/address/add", address(parents[0]!, { phone: "123" }))).json.message).toBe("请输入正确手机号");
    expect((await send("POST", "/shop/address/add", address("no-such-parent"))).json.message).toBe(AddressMessages.unknownParent);
  });

  it("keeps one default per parent when 20 adds and 20 设为默认 race", async () => {
    const parentId = parents[1]!;
    const seeded = await Promise.all(Array.from({ length: 5 }, (_, index) => send("POST", "/shop/address/add", address(parentId, { detail: `起始${index}号` }))));
    expect(seeded.every((answer) => answer.json.success)).toBe(true);
    const ids = (await rows<{ id: string }>(`select id from shop_address where parent_id = '${parentId}'`)).map((row) => row.id);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) => send("POST", "/shop/address/add", address(parentId, { detail: `并发${index}号`, isDefault: "Y" }))),
      ...Array.from({ length: 20 }, (_, index) => send("POST", "/shop/address/setDefault", { id: ids[index % ids.length] })),
    ]);
    expect(answers.map((answer) => answer.json.message).filter((_, index) => !answers[index]!.json.success)).toEqual([]);
    expect(await defaults(parentId)).toHaveLength(1);
    expect(Number((await rows<{ n: number }>(`select count(*) as n from shop_address where parent_id = '${parentId}'`))[0]!.n)).toBe(25);

    // 设为默认 moves it; an edit that makes another one default moves it again.
    await send("POST", "/shop/address/setDefault", { id: ids[0] });
    expect(await defaults(parentId)).toEqual([ids[0]]);
    const loaded = (await send("GET", `/shop/address/queryById?id=${ids[1]}`)).json.result;
    expect((await send("PUT", "/shop/address/edit", { ...loaded, isDefault: "Y" })).json).toMatchObject({ success: true });
    expect(await defaults(parentId)).toEqual([ids[1]]);
  });

  it("imports two defaults of one parent as the last one, never two", async () => {
    await rows(`insert into school_parent (id, tenant_id, name) values ('t-import', 1, '导入测试家长')`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("地址信息");
    sheet.addRow(["家长", "收货人", "手机号", "所在地区", "详细地址", "默认地址"]);
    sheet.addRow(["导入测试家长", "甲", "13912345678", "310115", "甲号", "是"]);
    sheet.addRow(["导入测试家长", "乙", "13912345679", "110101", "乙号", "是"]);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), "addresses.xlsx");
    const imported = await fetch(`${base}/shop/address/importExcel`, { method: "POST", headers: { "X-Access-Token": admin }, body: form });
    expect(await imported.json()).toMatchObject({ success: true, code: 200 });
    const stored = await rows<Record<string, string>>(`select detail, province, is_default from shop_address where parent_id = 't-import' order by detail`);
    expect(stored).toEqual([
      { detail: "乙号", province: "110000", is_default: "Y" },
      { detail: "甲号", province: "310000", is_default: "N" },
    ]);
  });

  it("shows a parent's addresses on its detail, keeps tenants apart, and refuses staff without the page", async () => {
    const detail = await send("GET", `/school/parent/queryById?id=${parents[0]}`);
    expect(detail.json.result.addresses).toEqual(["王测试 13912345678 北京市/北京市/朝阳区 望京街1号（默认）"]);
    expect((await send("GET", "/shop/address/list", undefined, admin, { "tenant-id": "2" })).json.result.total).toBe(0);
    await rows(`insert into school_parent (id, tenant_id, name) values ('t2-parent', 2, '二校家长')`);
    expect((await send("POST", "/shop/address/add", address("t2-parent"))).json.message).toBe(AddressMessages.unknownParent);

    const teacher = await loginToken(base, "teacher_li", TEST_DEMO_PASSWORD);
    expect((await send("POST", "/shop/address/add", address(parents[0]!), teacher)).json.success).toBe(false);
    const [one] = await rows<{ id: string }>(`select id from shop_address limit 1`);
    expect((await send("POST", "/shop/address/setDefault", { id: one!.id }, teacher)).json.success).toBe(false);
    const clerk = await loginToken(base, "clerk_sun", TEST_DEMO_PASSWORD);
    expect((await send("GET", "/shop/address/list", undefined, clerk)).json.success).toBe(true);
  });
});
