// The Vue 3 client's 部门管理, 分类字典 and 通知公告 / 我的消息 beyond the original contract (issue #31
// item 3, docs/decisions/124), asked as its depart.api.ts, category.api.ts, notice.api.ts and
// mynews.api.ts ask (tests/support/vue3-client.ts); another tenant's rows never appear or change.
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginToken, postgresReachable, startTestBackend, type TestBackend } from "../support/backend";
import { TEST_DEMO_PASSWORD } from "../support/constants";
import { vue3Client } from "../support/vue3-client";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("the Vue 3 client's department, category and notice extras on %s", (kind) => {
  let server: TestBackend;
  let token: string;
  let client: ReturnType<typeof vue3Client>;
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  async function sheet(url: string): Promise<unknown[][]> {
    const response = await fetch(`${server.url}${url}`, { headers: { "X-Access-Token": token, "X-Tenant-Id": "1" } });
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const first = workbook.worksheets[0]!;
    const lines: unknown[][] = [];
    for (let row = 1; row <= first.rowCount; row++) lines.push((first.getRow(row).values as unknown[]).slice(1));
    return lines;
  }

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    token = await loginToken(server.url);
    client = vue3Client(server.url, { token });
    await rows(`insert into sys_depart (id, depart_name, org_code, tenant_id) values ('other-dep', '他校部门', 'Z99', 2)`);
  });
  afterAll(async () => server?.close());

  it("sets and lists a department's heads, and answers the path up to the top", async () => {
    const [child] = await rows<{ id: string; parent_id: string; org_code: string }>(
      `select d.id, d.parent_id, d.org_code from sys_depart d where d.tenant_id = 1 and d.del_flag = '0' and coalesce(d.parent_id, '') <> ''
         and exists (select 1 from sys_user_depart ud where ud.dep_id = d.id) order by d.org_code limit 1`,
    );
    const [member] = await rows<{ user_id: string }>(`select user_id from sys_user_depart where dep_id = '${child!.id}' limit 1`);

    const none = await client.get("/sys/sysDepart/getDepartmentHead", { departId: child!.id, pageNo: "1", pageSize: "10" });
    expect(none.json).toMatchObject({ success: true, result: { records: [], total: 0 } });
    const made = await client.put("/sys/user/changeDepartChargePerson", { departId: child!.id, userId: member!.user_id, status: true });
    expect(made.json).toMatchObject({ success: true });
    const heads = await client.get("/sys/sysDepart/getDepartmentHead", { departId: child!.id, pageNo: "1", pageSize: "10" });
    expect(heads.json.result.records.map((user: { id: string }) => user.id)).toEqual([member!.user_id]);
    const info = await client.get("/sys/user/getUpdateDepartInfo", { id: child!.id });
    expect(info.json.result).toMatchObject({ departId: child!.id, parentId: child!.parent_id, chargePersonList: [member!.user_id] });
    expect((await client.put("/sys/user/changeDepartChargePerson", { departId: child!.id, userId: member!.user_id, status: false })).json).toMatchObject({
      success: true,
    });
    expect((await client.get("/sys/sysDepart/getDepartmentHead", { departId: child!.id })).json.result.records).toEqual([]);
    // Another tenant's department is unknown.
    expect((await client.get("/sys/sysDepart/getDepartmentHead", { departId: "other-dep" })).json).toMatchObject({ success: false });

    const path = await client.get("/sys/sysDepart/queryAllParentId", { departId: child!.id });
    expect(path.json.result[child!.id].parentIds).toEqual([child!.parent_id, child!.id]);
    expect(path.json.result[child!.id].parentMap[child!.parent_id]).toMatchObject({ id: child!.parent_id, departName: expect.any(String) });
    const byCode = await client.get("/sys/sysDepart/queryAllParentId", { orgCode: child!.org_code });
    expect(byCode.json.result[child!.org_code].parentIds).toEqual([child!.parent_id, child!.id]);
    expect((await client.get("/sys/sysDepart/queryAllParentId", { departId: "other-dep" })).json.result["other-dep"].parentIds).toEqual([]);

    expect((await client.get("/sys/sysDepart/getPositionByDepartId", { parentId: child!.parent_id, positionId: "" })).json).toMatchObject({ success: true, result: [] });
    expect((await client.put("/sys/sysDepart/updateChangeDepart", { dragId: child!.id, dropId: child!.parent_id, dropPosition: 0 })).json).toMatchObject({
      success: false,
    });
  });

  it("exports departments and categories, imports categories, refreshes open category rows", async () => {
    const departs = await sheet("/sys/sysDepart/exportXls");
    expect(departs.flat()).toContain("机构/部门名称");
    expect(departs.flat()).not.toContain("他校部门");

    const categories = await sheet("/sys/category/exportXls");
    expect(categories.flat()).toEqual(expect.arrayContaining(["父级节点", "类型名称", "类型编码"]));

    const workbook = new ExcelJS.Workbook();
    const added = workbook.addWorksheet("分类字典");
    added.addRow(["分类字典"]);
    added.addRow([""]);
    added.addRow(["父级节点", "类型名称", "类型编码"]);
    added.addRow(["0", `导入根${kind}`, `IMPV3${kind.toUpperCase()}`]);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "category.xlsx");
    const imported = await (await fetch(`${server.url}/sys/category/importExcel`, { method: "POST", headers: { "X-Access-Token": token }, body: form })).json();
    expect(imported).toMatchObject({ success: true });
    const [root] = await rows<{ id: string }>(`select id from sys_category where code = 'IMPV3${kind.toUpperCase()}'`);
    for (const name of ["甲", "乙"]) expect((await client.post("/sys/category/add", { pid: root!.id, name })).json).toMatchObject({ success: true });

    const batch = await client.get("/sys/category/getChildListBatch", { parentIds: root!.id });
    expect(batch.json).toMatchObject({ success: true, result: { total: 2 } });
    expect(batch.json.result.records.map((row: { name: string; pid: string }) => [row.name, row.pid])).toEqual([
      ["甲", root!.id],
      ["乙", root!.id],
    ]);
  });

  it("pins a notice, counts its visits, exports the tenant's notices and reads one of 我的消息", async () => {
    const added = await client.post("/sys/annountCement/add", { titile: `置顶公告${kind}`, msgContent: "<p>正文</p>", msgCategory: "1", msgType: "ALL", priority: "M" });
    expect(added.json).toMatchObject({ success: true });
    const [notice] = await rows<{ id: string }>(`select id from sys_announcement where titile = '置顶公告${kind}'`);
    expect((await client.post("/sys/annountCement/editIzTop", { id: notice!.id, izTop: 1 })).json).toMatchObject({ success: true });
    expect((await client.post("/sys/annountCement/editIzTop", { id: notice!.id, izTop: 5 })).json).toMatchObject({ success: false });
    expect((await client.get("/sys/annountCement/doReleaseData", { id: notice!.id })).json).toMatchObject({ success: true });

    expect((await client.get("/sys/annountCement/addVisitsNumber", { id: notice!.id })).json).toMatchObject({ success: true });
    expect(await rows(`select iz_top, visits_num from sys_announcement where id = '${notice!.id}'`)).toEqual([{ iz_top: 1, visits_num: 1 }]);

    const exported = await sheet(`/sys/annountCement/exportXls?titile=${encodeURIComponent(`置顶公告${kind}`)}`);
    expect(exported.flat()).toEqual(expect.arrayContaining([`置顶公告${kind}`, "是"]));

    const teacher = vue3Client(server.url, { token: await loginToken(server.url, "teacher_li", TEST_DEMO_PASSWORD) });
    const mine = await teacher.get("/sys/sysAnnouncementSend/getMyAnnouncementSend", { pageNo: "1", pageSize: "50" });
    const send = mine.json.result.records.find((row: { anntId: string }) => row.anntId === notice!.id);
    const one = await teacher.get("/sys/sysAnnouncementSend/getOne", { sendId: send.id });
    expect(one.json).toMatchObject({ success: true, result: { id: send.id, anntId: notice!.id, titile: `置顶公告${kind}`, izTop: 1 } });
    // Someone else's message is not the caller's.
    expect((await client.get("/sys/sysAnnouncementSend/getOne", { sendId: send.id })).json).toMatchObject({ success: false });
    // The teacher may visit it, not pin it.
    expect((await teacher.get("/sys/annountCement/addVisitsNumber", { id: notice!.id })).json).toMatchObject({ success: true });
    expect((await teacher.post("/sys/annountCement/editIzTop", { id: notice!.id, izTop: 0 })).json).toMatchObject({ success: false, code: 510 });
  });
});
