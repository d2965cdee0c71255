// What a start no longer loads (docs/decisions/175) works on its first use in a fresh process: each
// test file runs in a process of its own, and nothing here uses these libraries before the test does.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { ReportMessages } from "#contract/modules/online-report";
import { cleanRichText } from "#contract/rich-text";
import { openDatabase } from "../../backend/db/client";
import { loadPg } from "../../backend/db/drivers";
import { loadExcelJs } from "../../backend/crud/excel/exceljs";
import { XlsWorkbookWriter } from "../../backend/crud/excel/xls-writer";
import { statementWorkbook } from "../../backend/modules/billing/statement/statement-endpoints";
import { checkReportSql } from "../../backend/modules/online/report/report-sql";
import { newRedis } from "../../backend/realtime/redis-client";

describe("libraries loaded on first use", () => {
  it("writes a statement workbook with exceljs on the first call", async () => {
    const workbook = await statementWorkbook({
      payerType: "parent",
      payerId: "1",
      payerName: "首次家长",
      hasEmail: false,
      from: "2026-01-01",
      to: "2026-01-31",
      opening: "0.00",
      charged: "100.00",
      received: "0.00",
      closing: "100.00",
      lines: [],
      unallocated: [],
    });
    expect(workbook.subarray(0, 2).toString("latin1")).toBe("PK");
    const ExcelJS = await loadExcelJs();
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(workbook as unknown as ArrayBuffer);
    expect(read.getWorksheet("对账单")).toBeDefined();
  });

  it("writes an .xls container with @e965/xlsx on the first call", () => {
    const writer = new XlsWorkbookWriter("首次", [{ width: 10 }]);
    writer.addRow(["你好"]);
    const file = writer.finish();
    // The OLE2 compound file's signature.
    expect(file.subarray(0, 4).toString("hex")).toBe("d0cf11e0");
  });

  it("cleans rich text with sanitize-html on the first call", () => {
    expect(cleanRichText('<p onclick="alert(1)">你好<script>alert(2)</script></p>')).toBe("<p>你好</p>");
  });

  it("checks a report's SQL with libpg-query on the first call", async () => {
    await expect(checkReportSql("select 1 as a; select 2 as b")).rejects.toThrow(ReportMessages.multipleStatements);
    await expect(checkReportSql("select 1 as a")).resolves.toBeUndefined();
  });

  it("loads node-postgres and ioredis when asked for them", async () => {
    const pg = await loadPg();
    expect(typeof pg.Pool).toBe("function");
    const redis = await newRedis("redis://127.0.0.1:1", { lazyConnect: true });
    expect(redis.status).toBe("wait");
    redis.disconnect();
  });

  it("opens PGlite with its smaller shared buffers", async () => {
    // From the suite's template (a copy loads in a few seconds), not an empty folder: initdb took
    // 33-55 s on a loaded machine, past the test's 30 s.
    const database = await openDatabase({ loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    try {
      const [row] = await database.rows<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(row?.shared_buffers).toBe("32MB");
    } finally {
      await database.close();
    }
    // A database start, as the other files' beforeAll do: their hook's 60 s, and room for a loaded machine.
  }, 120_000);
});
