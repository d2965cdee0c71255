// The original Vue 2 client saves every export as `name.xls` (issue #31, docs/decisions/158): told by
// its headers (axios's Accept), it gets a real BIFF8 .xls holding the same cells as the .xlsx our web
// app and the Vue 3 client keep getting, up to XLS_EXPORT_MAX_ROWS rows; above, the .xlsx. The files
// are read back with @e965/xlsx, on PGlite and (when reachable) on the local PostgreSQL server.
import * as XLSX from "@e965/xlsx";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoint, type Endpoint } from "../../backend/http/endpoint";
import { authEndpoints } from "../../backend/modules/system/auth/endpoints";
import { streamRowsXlsx, XLS_EXPORT_MAX_ROWS } from "../../backend/crud/excel/export";
import type { CellValue } from "../../backend/crud/excel/columns";
import { loginToken, postgresReachable, serveEndpoints, startTestBackend, type ServedEndpoints, type TestBackend } from "../support/backend";

const AXIOS_ACCEPT = "application/json, text/plain, */*";
const VUE2 = { Accept: AXIOS_ACCEPT, "tenant-id": "1" };
const VUE3 = { Accept: AXIOS_ACCEPT, "X-Version": "v3", "tenant-id": "1" };
const WEB = { Accept: "application/json", "tenant-id": "1" };

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A text longer than one BIFF record (8,224 bytes): its characters go on in CONTINUE records. */
const LONG_TEXT = `长文本😀${"学生家长缴费说明。".repeat(2500)}`;

/** Synthetic rows: `rows` of them, in pages of 1000, with Chinese text, numbers, money and booleans. */
function syntheticExport(rows: number): Endpoint["handle"] {
  return async (request) => {
    await streamRowsXlsx(request.res, {
      title: "合成导出",
      exporter: "管理员",
      columns: [
        { title: "编号", width: 10 },
        { title: "名称", width: 20 },
        { title: "金额", width: 12, money: true },
        { title: "数量", width: 8 },
        { title: "有效", width: 6 },
      ],
      count: async () => rows,
      page: async (index) => {
        const start = index * 1000;
        const length = Math.max(0, Math.min(1000, rows - start));
        return Array.from({ length }, (_, offset): CellValue[] => {
          const number = start + offset + 1;
          // Money as the engine gives it (exact decimal text), and once as a number.
          return [`N${number}`, number === 2 ? LONG_TEXT : `学生${number}`, number === 1 ? 1.25 : `${number}.05`, number * 1.5, number % 2 === 0];
        });
      },
    });
    return null;
  };
}

const testEndpoints: Endpoint[] = [
  endpoint("GET", "/test/xls/atBound", "user", syntheticExport(XLS_EXPORT_MAX_ROWS)),
  endpoint("GET", "/test/xls/overBound", "user", syntheticExport(XLS_EXPORT_MAX_ROWS + 1)),
];

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

describe.each(databases)("exports for the Vue 2 client as .xls on %s", (kind) => {
  let backend: TestBackend;
  let served: ServedEndpoints;
  let token: string;

  beforeAll(async () => {
    backend = await startTestBackend(kind as "pglite" | "postgres");
    served = await serveEndpoints([...authEndpoints, ...testEndpoints], backend.backend.services);
    token = await loginToken(backend.url);
  });
  afterAll(async () => {
    await served?.close();
    await backend?.close();
  });

  async function download(base: string, pathAndQuery: string, headers: Record<string, string>) {
    const response = await fetch(`${base}${pathAndQuery}`, { headers: { ...headers, "X-Access-Token": token } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { response, bytes };
  }

  /** Every row of the first sheet, as values (text, numbers, booleans; empty cells null). */
  function rowsOf(bytes: Buffer): { name: string; rows: unknown[][]; book: XLSX.WorkBook } {
    const book = XLSX.read(bytes, { type: "buffer", cellNF: true });
    const name = book.SheetNames[0]!;
    return { name, book, rows: XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[name]!, { header: 1, raw: true, defval: null }) };
  }

  it("gives the Vue 2 client a BIFF8 .xls with the .xlsx's cells: Chinese text, exact money, the layout", async () => {
    const path = "/billing/project/exportXls?column=code&order=asc";
    const xls = await download(backend.url, path, VUE2);
    expect(xls.response.status).toBe(200);
    expect(xls.response.headers.get("content-type")).toBe("application/vnd.ms-excel");
    expect(xls.response.headers.get("content-disposition")).toBe(`attachment; filename*=UTF-8''${encodeURIComponent("收费项目")}.xls`);
    expect(xls.bytes.subarray(0, 8)).toEqual(OLE2_MAGIC);
    // The compound file's Workbook stream opens with a BIFF8 BOF: record 0x0809, version 0x0600, globals.
    const container = XLSX.CFB.read(xls.bytes, { type: "buffer" });
    const workbook = XLSX.CFB.find(container, "Workbook") as { content: Uint8Array } | null;
    expect(Buffer.from(workbook!.content.subarray(0, 8))).toEqual(Buffer.from([0x09, 0x08, 0x10, 0x00, 0x00, 0x06, 0x05, 0x00]));

    const xlsx = await download(backend.url, path, WEB);
    expect(xlsx.response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.bytes.subarray(0, 4)).toEqual(ZIP_MAGIC);

    const fromXls = rowsOf(xls.bytes);
    const fromXlsx = rowsOf(xlsx.bytes);
    expect(fromXls.name).toBe("收费项目");
    expect(fromXls.rows).toEqual(fromXlsx.rows);
    expect(fromXls.rows[0]![0]).toBe("收费项目报表");
    expect(String(fromXls.rows[1]![0])).toMatch(/^导出人:/);
    const headers = fromXls.rows[2] as string[];
    expect(headers).toEqual(expect.arrayContaining(["项目编码", "项目名称", "单价"]));
    expect(fromXls.book.Sheets["收费项目"]!["!merges"]).toEqual([
      { s: { r: 0, c: 0 }, e: { r: 0, c: headers.length - 1 } },
      { s: { r: 1, c: 0 }, e: { r: 1, c: headers.length - 1 } },
    ]);

    // The rows are the database's, money as the exact decimal text the list answers.
    const projects = await backend.backend.db.rows<{ code: string; name: string; unit_price: string }>(
      sql`select code, name, unit_price::text as unit_price from bill_project where tenant_id = 1 order by code asc`,
    );
    expect(projects.length).toBeGreaterThan(0);
    const data = fromXls.rows.slice(3);
    expect(data).toHaveLength(projects.length);
    const at = (title: string) => headers.indexOf(title);
    const sheet = fromXls.book.Sheets["收费项目"]!;
    data.forEach((row, index) => {
      expect(row[at("项目编码")]).toBe(projects[index]!.code);
      expect(row[at("项目名称")]).toBe(projects[index]!.name);
      // As the .xlsx: the amount as a number (exactly the stored one) shown as #,##0.00.
      expect(String(row[at("单价")])).toBe(String(Number(projects[index]!.unit_price)));
      expect(sheet[XLSX.utils.encode_cell({ r: 3 + index, c: at("单价") })]?.z).toBe("#,##0.00");
    });
    expect(data.some((row) => /[\u4e00-\u9fff]/.test(String(row[at("项目名称")])))).toBe(true);
  });

  it("keeps the .xlsx for the Vue 3 client and our web app", async () => {
    for (const headers of [VUE3, WEB]) {
      const { response, bytes } = await download(backend.url, "/sys/user/exportXls", headers);
      expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(response.headers.get("content-disposition")).toMatch(/\.xlsx$/);
      expect(bytes.subarray(0, 4)).toEqual(ZIP_MAGIC);
    }
    const { response, bytes } = await download(backend.url, "/sys/user/exportXls", VUE2);
    expect(response.headers.get("content-type")).toBe("application/vnd.ms-excel");
    const users = rowsOf(bytes).rows.slice(3);
    expect(users.some((row) => row.includes("admin") && row.includes("管理员"))).toBe(true);
  });

  it("writes up to the bound as .xls (numbers, money format, booleans, a text longer than a record) and .xlsx above it", async () => {
    const atBound = await download(served.base, "/test/xls/atBound", VUE2);
    expect(atBound.response.headers.get("content-type")).toBe("application/vnd.ms-excel");
    const { rows, book } = rowsOf(atBound.bytes);
    expect(rows).toHaveLength(3 + XLS_EXPORT_MAX_ROWS);
    expect(rows[2]).toEqual(["编号", "名称", "金额", "数量", "有效"]);
    expect(rows[3]).toEqual(["N1", "学生1", 1.25, 1.5, false]);
    expect(rows[4]).toEqual(["N2", LONG_TEXT, "2.05", 3, true]);
    expect(rows[3 + XLS_EXPORT_MAX_ROWS - 1]).toEqual([`N${XLS_EXPORT_MAX_ROWS}`, `学生${XLS_EXPORT_MAX_ROWS}`, `${XLS_EXPORT_MAX_ROWS}.05`, XLS_EXPORT_MAX_ROWS * 1.5, true]);
    // A money column's numbers carry Excel's #,##0.00 (its text cells are shown as they are).
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet["C4"]?.z).toBe("#,##0.00");

    const overBound = await download(served.base, "/test/xls/overBound", VUE2);
    expect(overBound.response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(overBound.bytes.subarray(0, 4)).toEqual(ZIP_MAGIC);
    expect(rowsOf(overBound.bytes).rows).toHaveLength(3 + XLS_EXPORT_MAX_ROWS + 1);
  });
});
