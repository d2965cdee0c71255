// The statements of a user import (/sys/user/importExcel), on PGlite and (when reachable) on the
// local PostgreSQL server: the real user CRUD and the real import behind a router whose database
// counts what it is asked, inside the import's transaction and outside it. The work per file is
// bounded — the unique checks once per column, the tenant row locked once, one multi-row INSERT
// per chunk — however many rows the file holds (a per-row statement made 50,000 users take 16.8 s
// instead of 3.6 s: the import's transaction executor was not marked as one, so each user's
// beforeSave locked the tenant row again). Duplicates in the file and against the database are
// still reported row by row, with nothing written.
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { authEndpoints } from "../../backend/modules/system/auth/endpoints";
import { userCrud } from "../../backend/modules/system/user/user-crud";
import type { Database } from "../../backend/db/client";
import { loginToken, postgresReachable, serveEndpoints, startTestBackend, type ServedEndpoints, temporaryUploadDir, type TestBackend } from "../support/backend";

const databases = ["pglite", ...((await postgresReachable()) ? ["postgres"] : [])] as const;

type Answer = { success: boolean; code: number; message: string; result: any };

/** drizzle calls that send one statement each (a query builder is one statement when awaited). */
const STATEMENT_METHODS = new Set(["execute", "select", "selectDistinct", "insert", "update", "delete"]);

interface Counts {
  /** Statements inside transactions. */
  inTransaction: number;
  /** The statements of the transactions, as text, for the failure message. */
  texts: string[];
  /** The statements on the database itself (the checks before the transaction), as text. */
  outsideTexts: string[];
}

/** The database as it is, counting every statement sent through drizzle or `rows`. */
function countingDatabase(db: Database): { db: Database; counts: Counts } {
  const counts: Counts = { inTransaction: 0, texts: [], outsideTexts: [] };
  const counted = <T extends object>(target: T, where: "outside" | "inTransaction"): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== "function") return value;
        if (property === "transaction")
          return (work: (tx: object) => Promise<unknown>, config?: unknown) =>
            value.call(object, (tx: object) => work(counted(tx, "inTransaction")), config);
        if (typeof property === "string" && STATEMENT_METHODS.has(property))
          return (...args: unknown[]) => {
            if (where === "inTransaction") counts.inTransaction++;
            const query = args[0] as SQL | undefined;
            (where === "inTransaction" ? counts.texts : counts.outsideTexts).push(
              property === "execute" && query && "queryChunks" in query ? describeSql(query) : `${property} ${new Error().stack?.split("\n")[2]?.trim() ?? ""}`,
            );
            return value.apply(object, args);
          };
        return value.bind(object);
      },
    });
  const orm = counted(db.orm, "outside");
  return {
    counts,
    db: {
      ...db,
      orm,
      rows: <T>(query: SQL) => {
        counts.outsideTexts.push(describeSql(query));
        return db.rows<T>(query);
      },
    },
  };
}

/** The start of a raw statement's text (its literal chunks), enough to tell it in a message. */
function describeSql(query: SQL): string {
  return query.queryChunks
    .map((chunk) => (typeof chunk === "object" && chunk && "value" in chunk && Array.isArray(chunk.value) ? chunk.value.join("") : "?"))
    .join("")
    .slice(0, 80);
}

describe.each(databases)("statements of a user import on %s", (kind) => {
  let server: TestBackend;
  let app: ServedEndpoints;
  let base: string;
  let token: string;
  let counting: ReturnType<typeof countingDatabase>;
  temporaryUploadDir("excel-statements");
  const rows = <T>(text: string) => server.backend.db.rows<T>(sql.raw(text));

  beforeAll(async () => {
    server = await startTestBackend(kind as "pglite" | "postgres");
    counting = countingDatabase(server.backend.db);
    app = await serveEndpoints([...authEndpoints, ...userCrud.endpoints], { ...server.backend.services, db: counting.db });
    base = app.base;
    token = await loginToken(base);
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  /**
   * Users `prefix_1…prefix_count` in JeecgBoot's sheet, every unique column filled. Positions are
   * the tenant's own: tenant 1's 教师 is no option in another tenant.
   */
  function userLines(prefix: string, digit: number, count: number, positions = true): unknown[][] {
    const lines: unknown[][] = [];
    for (let index = 1; index <= count; index++)
      lines.push([
        `${prefix}_${index}`,
        `导入${index}`,
        `${prefix.toUpperCase()}${index}`,
        index % 2 === 0 ? "女" : "男",
        "1990-01-02",
        `${prefix}${index}@school.example`,
        `1${digit}${String(index).padStart(9, "0")}`,
        index % 5 === 0 ? "021-1234" : null,
        positions && index % 2 === 0 ? "教师" : null,
        "正常",
      ]);
    return lines;
  }

  async function importUsers(lines: unknown[][], tenantId?: string): Promise<{ answer: Answer; outside: number; inTransaction: number; texts: string[]; outsideTexts: string[] }> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("用户列表");
    sheet.addRow(["用户列表报表"]);
    sheet.addRow(["导出人:管理员"]);
    sheet.addRow(["登录账号", "真实姓名", "工号", "性别", "生日", "电子邮件", "手机号码", "座机", "职务", "状态"]);
    for (const line of lines) sheet.addRow(line);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), "users.xlsx");
    const before = { ...counting.counts, texts: [] };
    counting.counts.texts = [];
    counting.counts.outsideTexts = [];
    const response = await fetch(`${base}/sys/user/importExcel`, {
      method: "POST",
      headers: { "X-Access-Token": token, ...(tenantId ? { "tenant-id": tenantId } : {}) },
      body: form,
    });
    const answer = (await response.json()) as Answer;
    return {
      answer,
      // The request counter's periodic flush (sys_request_minute) runs on its own timer, whichever
      // request is under way: it is not the import's.
      outside: counting.counts.outsideTexts.filter((text) => !text.includes("sys_request_minute")).length,
      inTransaction: counting.counts.inTransaction - before.inTransaction,
      texts: counting.counts.texts,
      outsideTexts: counting.counts.outsideTexts,
    };
  }

  // Two imports, one of 3,000 rows: seconds on a quiet machine, past the 30 s default at load 10-15.
  it("sends as many statements for 3,000 users as for 20: the checks once per unique column, the tenant locked once, one INSERT", { timeout: 120_000 }, async () => {
    // A first import fills the caches (the 职务 dictionary) that the compared ones then share.
    expect((await importUsers(userLines("stmt_warm", 2, 1))).answer).toMatchObject({ success: true });
    const small = await importUsers(userLines("stmt_small", 3, 20));
    expect(small.answer).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：20" });
    const large = await importUsers(userLines("stmt_large", 4, 3_000));
    expect(large.answer).toMatchObject({ success: true, code: 200, message: "文件导入成功！数据行数：3000" });
    expect(await rows(`SELECT count(*)::int AS n, count(DISTINCT rel_tenant_ids)::int AS tenants FROM sys_user WHERE username LIKE 'stmt\\_large\\_%'`)).toEqual([
      { n: 3_000, tenants: 1 },
    ]);

    // In the transaction: the tenant row locked FOR SHARE once, one multi-row INSERT of the users and
    // one of their history (docs/decisions/070).
    expect(large.texts.filter((text) => text.includes("sys_tenant")), large.texts.join("\n")).toHaveLength(1);
    expect(large.texts.filter((text) => text.includes("sys_record_history")), large.texts.join("\n")).toHaveLength(1);
    expect(large.inTransaction, large.texts.join("\n")).toBe(3);
    expect(small.inTransaction).toBe(large.inTransaction);
    // Before it: one lookup per unique column (username, work number, e-mail, phone) and what the
    // request itself asks (session, permissions, dictionaries): the same for both files.
    expect(large.outside, `${large.outsideTexts.join("\n")}\n--- against ---\n${small.outsideTexts.join("\n")}`).toBe(small.outside);
    expect(large.outside).toBeLessThanOrEqual(20);

    // Into another tenant: that tenant's row is the one locked, still once.
    const other = await importUsers(userLines("stmt_other", 5, 500, false), "2");
    expect(other.answer, JSON.stringify(other.answer)).toMatchObject({ success: true, code: 200 });
    expect(other.inTransaction, other.texts.join("\n")).toBe(3);
    expect(await rows(`SELECT DISTINCT rel_tenant_ids FROM sys_user WHERE username LIKE 'stmt\\_other\\_%'`)).toEqual([{ rel_tenant_ids: "2" }]);
  });

  it("still reports duplicates in the file and against the database row by row, and writes nothing", async () => {
    const lines = userLines("stmt_dup", 6, 1_000);
    // Row 504 (line 501) repeats row 4's account; row 1004 takes an account, a work number, an
    // e-mail and a phone imported by the test above.
    lines[500]![0] = "stmt_dup_1";
    lines[999] = ["stmt_large_7", "重复", "STMT_LARGE7", "男", null, "stmt_large7@school.example", "14000000007", null, null, "正常"];
    const before = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM sys_user`);
    const result = await importUsers(lines);
    expect(result.answer).toMatchObject({
      success: true,
      code: 201,
      message: "文件导入成功，但有错误。",
      result: { totalCount: 1_000, errorCount: 2, successCount: 0, msg: "总上传行数：1000，已导入行数：0，错误行数：2" },
    });
    // Nothing reached a transaction, nothing was written.
    expect(result.inTransaction).toBe(0);
    expect(await rows(`SELECT count(*)::int AS n FROM sys_user`)).toEqual(before);

    // The report is a static file of the full backend.
    const report = await fetch(`${server.url}${result.answer.result.fileUrl}`);
    expect(report.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await report.arrayBuffer()) as ArrayBuffer);
    const reported: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => reported.push((row.values as unknown[]).slice(1)));
    expect(reported).toEqual([
      ["行号", "列", "错误原因"],
      [504, "登录账号", "与第4行重复"],
      [1003, "登录账号", "“stmt_large_7”已存在"],
      [1003, "工号", "“STMT_LARGE7”已存在"],
      [1003, "电子邮件", "“stmt_large7@school.example”已存在"],
      [1003, "手机号码", "“14000000007”已存在"],
    ]);
  });
});
