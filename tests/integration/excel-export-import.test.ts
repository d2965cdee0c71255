// Excel export and import of the CRUD engine (backend/crud/excel; contract §6 exportXls,
// importExcel, "Import with row errors") over real HTTP, on a throw-away table `excel_test`, on
// PGlite and (when reachable) on the local PostgreSQL server. The files are read back and written
// with exceljs, as a person's Excel would.
import path from "node:path";
import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { date, doublePrecision, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { endpoint, type Endpoint } from "../../backend/http/endpoint";
import { ApiError } from "../../backend/http/envelope";
import { authEndpoints } from "../../backend/modules/system/auth/endpoints";
import { fileEndpoints } from "../../backend/modules/system/files/endpoints";
import { defineEntity } from "../../backend/crud/entity";
import {
  exportEndpointHandler,
  importEndpointHandler,
  type ExcelEntityConfig,
  type ImportInserter,
  type ImportRecord,
} from "../../backend/crud/excel";
import { loginToken, postgresReachable, serveEndpoints, startTestBackend, type ServedEndpoints, temporaryUploadDir, type TestBackend } from "../support/backend";
import { BackendClient } from "~/services/api.server";
import type { AppContext } from "~/services/app-context.server";
import { routeArgs, testApp } from "../support/app-context";
import { exportFileLoader, forwardUpload, proxyDownload } from "~/services/download.server";

const excelTest = pgTable("excel_test", {
  id: varchar("id", { length: 32 }).primaryKey(),
  code: varchar("code", { length: 32 }).notNull().unique(),
  name: varchar("name", { length: 20 }),
  sex: integer("sex"),
  amount: doublePrecision("amount"),
  birthday: date("birthday", { mode: "string" }),
  createTime: timestamp("create_time", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

const entity = defineEntity(excelTest, { fields: { sex: { dictCode: "sex" } } });

const excel: ExcelEntityConfig = {
  entity,
  title: "学生测试",
  columns: [
    { property: "code", title: "编码", required: true },
    { property: "name", title: "姓名" },
    { property: "sex", title: "性别" },
    { property: "amount", title: "金额" },
    { property: "birthday", title: "生日" },
    { property: "createTime", title: "创建时间" },
  ],
};

const ROWS = 3000;

function rowValues(record: ImportRecord) {
  const values = record.values;
  return {
    code: String(values.code),
    name: (values.name as string | undefined) ?? null,
    sex: (values.sex as number | undefined) ?? null,
    amount: (values.amount as number | undefined) ?? null,
    birthday: (values.birthday as string | undefined) ?? null,
  };
}

/** The round trip's hook: rows are keyed by code, so an exported file updates what it lists and adds new codes. */
const upsert: ImportInserter = async (tx, records) => {
  for (let start = 0; start < records.length; start += 500) {
    const chunk = records.slice(start, start + 500);
    await tx.orm
      .insert(excelTest)
      .values(chunk.map((record) => ({ id: `imp-${String(record.values.code)}`, ...rowValues(record) })))
      .onConflictDoUpdate({
        target: excelTest.code,
        set: { name: sql`excluded.name`, sex: sql`excluded.sex`, amount: sql`excluded.amount`, birthday: sql`excluded.birthday` },
      });
  }
};

/** A plain insert: a code that exists already is a duplicate key. */
const insertOnly: ImportInserter = async (tx, records) => {
  await tx.orm.insert(excelTest).values(records.map((record) => ({ id: `new-${String(record.values.code)}`, ...rowValues(record) })));
};

/** Rows handed to afterCommit, per call. */
const committedBatches: number[] = [];

const testEndpoints: Endpoint[] = [
  endpoint("ALL", "/test/excel/exportBoys", "user", exportEndpointHandler({ ...excel, where: () => sql`"excel_test"."sex" = 1` })),
  endpoint("ALL", "/test/excel/exportXls", "user", exportEndpointHandler(excel)),
  endpoint("ALL", "/test/excel/exportSmallPages", "user", exportEndpointHandler({ ...excel, batchSize: 23 })),
  // As the engine declares it: NOT NULL columns bound the keyset pages' first key.
  endpoint("ALL", "/test/excel/exportSmallPagesNotNull", "user", exportEndpointHandler({ ...excel, batchSize: 23, notNull: ["id", "code", "createTime"] })),
  endpoint("ALL", "/test/excel/exportUntitled", "user", exportEndpointHandler({ ...excel, title: undefined })),
  endpoint(
    "POST",
    "/test/excel/importExcel",
    "user",
    importEndpointHandler({
      ...excel,
      insert: upsert,
      afterCommit: async (_inserted, records) => {
        committedBatches.push(records.length);
      },
      uniqueProperties: ["code"],
      validateRow: (record) => {
        // Both ways a validator may answer: field errors, or a thrown ApiError (the engine's body check).
        if (record.values.name === "抛出") throw new ApiError("整行不合法");
        return typeof record.values.name === "string" && record.values.name.includes("禁止") ? [{ property: "name", message: "姓名不能包含“禁止”" }] : [];
      },
    }),
  ),
  endpoint("POST", "/test/excel/importInsertOnly", "user", importEndpointHandler({ ...excel, insert: insertOnly })),
];

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("excel export and import on %s", (kind) => {
  let backend: TestBackend;
  let served: ServedEndpoints;
  let base: string;
  let token: string;
  temporaryUploadDir("excel-test");

  const rows = <T = Record<string, unknown>>(query: ReturnType<typeof sql>) => backend.backend.db.rows<T>(query);
  const count = async () => Number((await rows<{ n: unknown }>(sql`select count(*) as n from excel_test`))[0]!.n);

  beforeAll(async () => {
    backend = await startTestBackend(kind as "pglite" | "postgres");
    served = await serveEndpoints([...authEndpoints, ...fileEndpoints, ...testEndpoints], backend.backend.services);
    base = served.base;
    await backend.backend.db.exec(`
      create table excel_test (
        id varchar(32) primary key,
        code varchar(32) not null unique,
        name varchar(20),
        sex integer,
        amount double precision,
        birthday date,
        create_time timestamptz not null default now()
      );
      -- Ties on create_time (seven rows per minute) and NULLs in sex: the keyset pages must cope.
      insert into excel_test (id, code, name, sex, amount, birthday, create_time)
      select lpad(g::text, 19, '0'), 'C' || lpad(g::text, 5, '0'), '学生' || g,
             case when g % 3 = 0 then null else (g % 2) + 1 end, g / 4.0,
             date '2010-01-01' + (g % 365), timestamptz '2024-05-01 00:00:00+08' + ((g / 7) || ' minutes')::interval
      from generate_series(1, ${ROWS}) g;
    `);
    token = await loginToken(base);
  });
  afterAll(async () => {
    await served?.close();
    await backend?.close();
  });

  async function download(pathAndQuery: string) {
    const response = await fetch(`${base}${pathAndQuery}`, { headers: { "X-Access-Token": token } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes };
  }

  async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook.worksheets[0]!;
  }

  function cellTexts(sheet: ExcelJS.Worksheet, rowNumber: number): unknown[] {
    return (sheet.getRow(rowNumber).values as unknown[]).slice(1);
  }

  /** Codes of the exported data rows (column 1 from row 4 on). */
  function exportedCodes(sheet: ExcelJS.Worksheet): string[] {
    const codes: string[] = [];
    for (let row = 4; row <= sheet.rowCount; row++) codes.push(String(sheet.getRow(row).getCell(1).value));
    return codes;
  }

  async function importFile(bytes: Buffer | Uint8Array, fileName: string, route = "/test/excel/importExcel", field = "file") {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), fileName);
    const response = await fetch(`${base}${route}`, { method: "POST", headers: { "X-Access-Token": token }, body: form });
    return (await response.json()) as {
      success: boolean;
      code: number;
      message: string;
      result: { totalCount: number; errorCount: number; fileUrl: string; fileName: string; msg: string } | string | null;
    };
  }

  describe("export", () => {
    it("streams every row with the title, exporter and header rows, dictionary texts and the list's order", async () => {
      const { response, bytes } = await download("/test/excel/exportXls");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("学生测试")}.xlsx`);
      const sheet = await sheetOf(bytes);
      expect(sheet.name).toBe("学生测试");
      expect(sheet.getCell("A1").value).toBe("学生测试报表");
      expect(sheet.getCell("A2").value).toBe("导出人:管理员");
      expect(cellTexts(sheet, 3)).toEqual(["编码", "姓名", "性别", "金额", "生日", "创建时间"]);
      expect(sheet.rowCount).toBe(3 + ROWS);

      // Default sort of the list: createTime desc, then the primary key.
      const expected = await rows<{ code: string }>(sql`select code from excel_test order by create_time desc nulls last, id asc`);
      expect(exportedCodes(sheet)).toEqual(expected.map((row) => row.code));

      const byCode = new Map(exportedCodes(sheet).map((code, index) => [code, cellTexts(sheet, 4 + index)]));
      // g = 1: sex (1 % 2) + 1 = 2 → 女; g = 2 → 男; g = 3 → no value.
      expect(byCode.get("C00001")).toEqual(["C00001", "学生1", "女", 0.25, "2010-01-02", "2024-05-01 00:00:00"]);
      expect(byCode.get("C00002")).toEqual(["C00002", "学生2", "男", 0.5, "2010-01-03", "2024-05-01 00:00:00"]);
      expect(byCode.get("C00003")?.[2]).toBeUndefined();
      expect(byCode.get("C00014")?.[5]).toBe("2024-05-01 00:02:00");
    });

    // Sixteen exports of a thousand rows in small pages: 5-10 s on a quiet machine, past the 30 s
    // default on a loaded one (it failed so at load 15), hence its own bound.
    it("keeps the list's filters and sort, through pages small enough to split every tie", { timeout: 120_000 }, async () => {
      const cases: Array<[string, ReturnType<typeof sql>]> = [
        ["column=sex&order=asc", sql`order by sex asc nulls first, id asc`],
        ["column=sex_dictText&order=desc", sql`order by sex desc nulls last, id asc`],
        ["column=amount,name&order=desc", sql`order by amount desc nulls last, name desc nulls last, id asc`],
        ["column=id&order=desc", sql`order by id desc`],
        ["column=createTime,code&order=asc", sql`order by create_time asc nulls first, code asc nulls first, id asc`],
      ];
      cases.push(["", sql`order by create_time desc, id asc`], ["column=createTime&order=desc", sql`order by create_time desc, id asc`], ["column=code&order=desc", sql`order by code desc`]);
      for (const [query, orderBy] of cases) {
        const filtered = `${query}&name=${encodeURIComponent("*1*")}&sex_MultiString=1,2`;
        const expected = await rows<{ code: string }>(sql`select code from excel_test where name like '%1%' and sex in (1, 2) ${orderBy}`);
        expect(expected.length).toBeGreaterThan(500);
        for (const route of ["/test/excel/exportSmallPages", "/test/excel/exportSmallPagesNotNull"]) {
          const { bytes } = await download(`${route}?${filtered}`);
          expect(exportedCodes(await sheetOf(bytes)), `${route}?${query}`).toEqual(expected.map((row) => row.code));
        }
      }
    });

    it("takes the engine's WHERE when it is given (tenant, data rules, hook conditions)", async () => {
      const { bytes } = await download("/test/excel/exportBoys?name=*9*");
      const expected = await rows<{ code: string }>(sql`select code from excel_test where sex = 1 order by create_time desc, id`);
      // The engine's WHERE replaces the query-string filters: it already holds them.
      expect(exportedCodes(await sheetOf(bytes))).toEqual(expected.map((row) => row.code));
    });

    it("exports only the selected rows with selections=id1,id2", async () => {
      const ids = ["0000000000000000010", "0000000000000002500", "0000000000000000777"];
      const { bytes } = await download(`/test/excel/exportXls?selections=${ids.join(",")}&column=code&order=asc`);
      const sheet = await sheetOf(bytes);
      expect(exportedCodes(sheet)).toEqual(["C00010", "C00777", "C02500"]);
    });

    it("names the file 导出文件 without a title", async () => {
      const { response, bytes } = await download("/test/excel/exportUntitled?selections=0000000000000000001");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("导出文件")}.xlsx`);
      expect((await sheetOf(bytes)).getCell("A1").value).toBe("导出文件报表");
    });

    it("answers the JSON envelope when it fails before streaming (the client shows 文件导出失败)", async () => {
      const bad = await download("/test/excel/exportXls?column=password");
      expect(bad.response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(JSON.parse(bad.bytes.toString())).toMatchObject({ success: false, code: 500, message: "不支持的排序字段: password" });
      const badValue = await download("/test/excel/exportXls?amount=abc");
      expect(JSON.parse(badValue.bytes.toString())).toMatchObject({ success: false, message: "查询条件的值格式不正确: amount" });
      const anonymous = await fetch(`${base}/test/excel/exportXls`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ success: false, code: 401 });
    });
  });

  describe("import", () => {
    it("round-trips an export: changed cells update their rows, a new row is added", async () => {
      const { bytes } = await download("/test/excel/exportXls?selections=0000000000000000001,0000000000000000002,0000000000000000004&column=code&order=asc");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(exportedCodes(sheet)).toEqual(["C00001", "C00002", "C00004"]);
      sheet.getCell("B4").value = "改过的名字";
      sheet.getCell("C5").value = "女";
      sheet.getCell("D6").value = 99.5;
      sheet.addRow(["N00001", "新学生", "男", 12, new Date(Date.UTC(2011, 6, 8)), "2030-01-01 00:00:00"]);
      const edited = Buffer.from(await workbook.xlsx.writeBuffer());

      const before = await count();
      committedBatches.length = 0;
      const answer = await importFile(edited, "学生测试.xlsx");
      expect(committedBatches).toEqual([4]);
      expect(answer).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：4", result: "文件导入成功！数据行数：4" });
      expect(await count()).toBe(before + 1);
      const changed = await rows(sql`select code, name, sex, amount, to_char(birthday, 'YYYY-MM-DD') as birthday from excel_test where code in ('C00001', 'C00002', 'C00004', 'N00001') order by code`);
      expect(changed).toEqual([
        { code: "C00001", name: "改过的名字", sex: 2, amount: 0.25, birthday: "2010-01-02" },
        { code: "C00002", name: "学生2", sex: 2, amount: 0.5, birthday: "2010-01-03" },
        { code: "C00004", name: "学生4", sex: 1, amount: 99.5, birthday: "2010-01-05" },
        { code: "N00001", name: "新学生", sex: 1, amount: 12, birthday: "2011-07-08" },
      ]);
    });

    it("writes formula-like text so no spreadsheet evaluates it, and imports it back unchanged", async () => {
      const dangerous = ["=HYPERLINK(\"x.cn\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1+1", "'=already quoted", "'plain"];
      const codes = dangerous.map((_, index) => `C0000${index + 1}`);
      for (const [index, name] of dangerous.entries()) await rows(sql`update excel_test set name = ${name} where code = ${codes[index]}`);
      const { bytes } = await download(`/test/excel/exportXls?column=code&order=asc&selections=${codes.map((code) => `000000000000000000${code.slice(-1)}`).join(",")}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(exportedCodes(sheet)).toEqual(codes);
      const cells = codes.map((_, index) => sheet.getCell(`B${4 + index}`));
      expect(cells.map((cell) => cell.type)).toEqual(codes.map(() => ExcelJS.ValueType.String));
      expect(cells.map((cell) => cell.value)).toEqual([
        "'=HYPERLINK(\"x.cn\")",
        "'+1+1",
        "'-2+3",
        "'@SUM(A1)",
        "'\t=1+1",
        "''=already quoted",
        "'plain",
      ]);

      await rows(sql`update excel_test set name = 'overwritten' where code in (${sql.join(codes.map((code) => sql`${code}`), sql`, `)})`);
      const answer = await importFile(bytes, "学生测试.xlsx");
      expect(answer).toMatchObject({ success: true, code: 200 });
      const back = await rows<{ name: string }>(sql`select name from excel_test where code in (${sql.join(codes.map((code) => sql`${code}`), sql`, `)}) order by code`);
      expect(back.map((row) => row.name)).toEqual(dangerous);
    });

    it("accepts a sheet whose first row is the header, under any file field name", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("任意");
      sheet.addRow(["姓名", "编码", "备注（不导入）", "性别"]);
      sheet.addRow(["手写学生", "H00001", "随便写", "女"]);
      sheet.addRow([]);
      sheet.addRow(["手写学生二", "H00002", null, null]);
      const answer = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), "hand.xlsx", "/test/excel/importExcel", "files[]");
      expect(answer).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：2" });
      expect(await rows(sql`select code, name, sex from excel_test where code like 'H%' order by code`)).toEqual([
        { code: "H00001", name: "手写学生", sex: 2 },
        { code: "H00002", name: "手写学生二", sex: null },
      ]);
    });

    it("imports an .xls file (the original's format)", async () => {
      const sheet = XLSX.utils.aoa_to_sheet([["学生测试报表"], ["导出人:管理员"], ["编码", "姓名", "性别", "生日"], ["X00001", "旧系统学生", "男", "2012-03-04"]]);
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, "学生测试");
      const bytes = XLSX.write(book, { type: "buffer", bookType: "biff8" }) as Buffer;
      const answer = await importFile(bytes, "old.xls");
      expect(answer).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：1" });
      expect(await rows(sql`select name, sex, to_char(birthday, 'YYYY-MM-DD') as birthday from excel_test where code = 'X00001'`)).toEqual([
        { name: "旧系统学生", sex: 1, birthday: "2012-03-04" },
      ]);
    });

    it("imports nothing when a row is bad: code 201 and an error report listing row, column and reason", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("学生测试");
      sheet.addRow(["学生测试报表"]);
      sheet.addRow(["导出人:管理员"]);
      sheet.addRow(["编码", "姓名", "性别", "金额", "生日"]);
      sheet.addRow(["E00001", "好学生", "男", 1, "2010-01-01"]); // row 4: good
      sheet.addRow(["E00002", "坏学生", "未知", "很多", "2010-02-30"]); // row 5: three bad cells
      sheet.addRow([null, "没有编码", null, null, null]); // row 6: required
      sheet.addRow(["E00001", "重复编码", null, null, null]); // row 7: duplicate in the file
      sheet.addRow(["E00003", "禁止学生", null, null, null]); // row 8: the engine's validator
      sheet.addRow(["E00004", "名字太长名字太长名字太长名字太长名字太长名字太长", null, null, null]); // row 9: good until the database
      sheet.addRow(["E00005", "抛出", null, null, null]); // row 10: the validator throws
      const before = await count();
      committedBatches.length = 0;
      const answer = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), "bad.xlsx");
      expect(committedBatches).toEqual([]);
      expect(answer).toMatchObject({
        success: true,
        code: 201,
        message: "文件导入成功，但有错误。",
        result: {
          totalCount: 7,
          errorCount: 5,
          successCount: 0,
          msg: "总上传行数：7，已导入行数：0，错误行数：5",
          fileName: "学生测试_导入错误信息.xlsx",
        },
      });
      const result = answer.result as { fileUrl: string };
      expect(result.fileUrl).toMatch(/^\/sys\/common\/static\/import-errors\/\d{8}\/errors_\d+_[0-9a-f]{16}\.xlsx$/);
      expect(await count()).toBe(before);
      expect(await rows(sql`select code from excel_test where code like 'E%'`)).toEqual([]);

      // The report, through the public static route.
      const report = await fetch(`${base}${result.fileUrl}`);
      expect(report.status).toBe(200);
      expect(report.headers.get("content-disposition")).toMatch(/^attachment;/);
      const reportSheet = await sheetOf(Buffer.from(await report.arrayBuffer()));
      const lines: unknown[][] = [];
      reportSheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
      expect(lines).toEqual([
        ["行号", "列", "错误原因"],
        [5, "性别", "“未知”不是有效的选项"],
        [5, "金额", "不是数字"],
        [5, "生日", "日期格式不正确，应为yyyy-MM-dd"],
        [6, "编码", "必填"],
        [7, "编码", "与第4行重复"],
        [8, "姓名", "姓名不能包含“禁止”"],
        [10, undefined, "整行不合法"],
      ]);
    });

    it("rolls everything back on a duplicate key and says which value", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("学生测试");
      sheet.addRow(["编码", "姓名"]);
      sheet.addRow(["D00001", "新的一个"]);
      sheet.addRow(["C00005", "已存在的编码"]);
      const before = await count();
      const answer = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), "dup.xlsx", "/test/excel/importInsertOnly");
      expect(answer).toMatchObject({ success: false, code: 500, message: "文件导入失败:有重复数据！「编码」的值“C00005”已存在，未导入任何数据" });
      expect(await count()).toBe(before);
      expect(await rows(sql`select code from excel_test where code = 'D00001'`)).toEqual([]);
    });

    it("answers a plain message for a value too long for its column, with nothing imported", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("学生测试");
      sheet.addRow(["编码", "姓名"]);
      sheet.addRow(["L00001", "短名字"]);
      sheet.addRow(["L00002", "名字太长名字太长名字太长名字太长名字太长名字太长"]);
      const answer = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), "long.xlsx");
      expect(answer).toMatchObject({ success: false, message: "文件导入失败:字段太长,超出数据库字段的长度" });
      expect(await rows(sql`select code from excel_test where code like 'L%'`)).toEqual([]);
    });

    it("refuses a file that is not Excel, an oversized one, a missing file and a sheet without headers", async () => {
      expect(await importFile(Buffer.from("编码,姓名\nA,B\n"), "fake.xlsx")).toMatchObject({
        success: false,
        code: 500,
        message: "文件导入失败:文件不是有效的Excel文件，请上传.xls或.xlsx文件",
      });
      const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
      huge.write("PK\u0003\u0004");
      expect(await importFile(huge, "huge.xlsx")).toMatchObject({ success: false, message: "文件大小超出10MB限制, 请压缩或降低文件质量! " });

      const empty = await fetch(`${base}/test/excel/importExcel`, { method: "POST", headers: { "X-Access-Token": token }, body: new FormData() });
      expect(await empty.json()).toMatchObject({ success: false, message: "文件导入失败:请选择要导入的Excel文件" });

      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet("x").addRow(["完全", "不认识", "的表头"]);
      expect(await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), "x.xlsx")).toMatchObject({
        success: false,
        message: expect.stringMatching(/^文件导入失败:未找到表头/),
      });
    });

    it("needs a signed-in user", async () => {
      const response = await fetch(`${base}/test/excel/importExcel`, { method: "POST", body: new FormData() });
      expect(response.status).toBe(401);
    });
  });

  describe("web resource helpers (app/services/download.server.ts)", () => {
    let web: AppContext;
    beforeAll(() => {
      web = testApp(base);
    });

    it("streams an export to the browser with the backend's file headers", async () => {
      const response = await proxyDownload(new BackendClient(web, { token }), "/test/excel/exportXls", { query: { selections: "0000000000000000001" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("学生测试")}.xlsx`);
      expect(exportedCodes(await sheetOf(Buffer.from(await response.arrayBuffer())))).toEqual(["C00001"]);
    });

    it("answers {ok:false, message:文件导出失败} when the backend answers JSON or the session is gone", async () => {
      const refused = await proxyDownload(new BackendClient(web, { token }), "/test/excel/exportXls", { query: { column: "password" } });
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await refused.json()).toEqual({ ok: false, message: "文件导出失败", detail: "不支持的排序字段: password" });
      const anonymous = await proxyDownload(new BackendClient(web, {}), "/test/excel/exportXls");
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ ok: false, message: "文件导出失败", failure: { kind: "unauthorized" } });
      const exportUrl = new URL("http://web.test/api/export?url=/test/excel/exportXls");
      const signedOut = await exportFileLoader({ ...routeArgs(web, new Request(exportUrl)) });
      expect(signedOut.status).toBe(401);
      expect(await signedOut.json()).toMatchObject({ ok: false, code: 401, failure: { kind: "unauthorized" } });
    });

    it("forwards a multipart upload as it arrived and answers the backend's envelope", async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("学生测试");
      sheet.addRow(["编码", "姓名"]);
      sheet.addRow(["W00001", "网页导入"]);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "网页.xlsx");
      const request = new Request("http://web.test/api/import/x", { method: "POST", body: form });
      const response = await forwardUpload(request, new BackendClient(web, { token }), "/test/excel/importExcel");
      expect(await response.json()).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：1" });
      expect(await rows(sql`select name from excel_test where code = 'W00001'`)).toEqual([{ name: "网页导入" }]);

      const plain = new Request("http://web.test/api/import/x", { method: "POST", body: "x=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(await (await forwardUpload(plain, new BackendClient(web, { token }), "/test/excel/importExcel")).json()).toMatchObject({ success: false });
      const expired = await forwardUpload(
        new Request("http://web.test/api/import/x", { method: "POST", body: new FormData() }),
        new BackendClient(web, { token: "not-a-token" }),
        "/test/excel/importExcel",
      );
      expect(expired.status).toBe(401);
    });
  });
});
