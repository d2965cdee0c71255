// Runs a checked report statement (./report-sql.ts) in a read-only transaction with a statement
// timeout: on the embedded database under the role school_report_reader, which reads only the
// views of schema `report`, each filtered to the report's tenant by the database (migration 0350,
// docs/decisions/078); on a data source (数据源管理) as its own user over a connection of its own
// (docs/decisions/057).
// Values come back as the database's text for dates and times, so both drivers answer alike.
import pg from "pg";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { ReportMessages } from "#contract/modules/online-report";
import type { Database } from "../../../db/client";
import { ApiError } from "../../../http/envelope";

export const REPORT_ROLE = "school_report_reader";

/** One query of a run. */
export interface ReportQuery {
  text: string;
  values: ReadonlyArray<unknown>;
}

export interface ReportField {
  name: string;
  dataTypeID: number;
}

export interface ReportAnswer {
  rows: Record<string, unknown>[];
  fields: ReportField[];
}

/** Where a report runs: the embedded database or a data source's connection settings. */
export type ReportTarget =
  | { kind: "embedded"; db: Database; tenantId: number }
  | { kind: "source"; host: string; port: number; database: string; user: string; password: string };

// date, time, timetz, timestamp, timestamptz, interval: kept as the database writes them.
const TEXT_TYPES = [1082, 1083, 1266, 1114, 1184, 1186];
const keepText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: string) => (TEXT_TYPES.includes(oid) ? keepText : pg.types.getTypeParser(oid, format as "text")),
};
const pgliteParsers = Object.fromEntries(TEXT_TYPES.map((oid) => [oid, keepText]));

/** JSON-safe values: bigints as numbers when exact, else text. */
function plain(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === "bigint") row[key] = Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
      else if (value instanceof Date) row[key] = value.toISOString();
    }
  }
  return rows;
}

/** A failure the user may read; the database's words go to the log only (contract §10). */
function reportFailure(error: unknown, log: (error: unknown) => void): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === "57014") return new ApiError(ReportMessages.timeout);
  if (code === "22023" || (code === "42704" && String((error as Error).message).includes(REPORT_ROLE))) return new ApiError(ReportMessages.noRole);
  log(error);
  if (code === "42501") return new ApiError(ReportMessages.failed);
  return new ApiError(ReportMessages.failed);
}

/**
 * The start of an embedded report's transaction: the tenant goes into report_context (a row of this
 * transaction only, rolled back with it), then the transaction turns read-only and the role and the
 * search path change, so that nothing the report runs can write that row or take another role.
 */
function embeddedPrologue(tenantId: number, timeout: number): { insert: string; settings: string } {
  if (!Number.isSafeInteger(tenantId)) throw new ApiError(ReportMessages.failed);
  return {
    insert: `INSERT INTO public.report_context (xid, tenant_id) VALUES (txid_current(), ${tenantId})`,
    // Row-level security hides the statistics from a report's own conditions (migration 0351): an
    // index that gives the order beats a sort the planner thinks small, and a sort stays in memory.
    settings: `SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${timeout}; SET LOCAL search_path = report; SET LOCAL enable_sort = off; SET LOCAL work_mem = '16MB'; SET LOCAL ROLE ${REPORT_ROLE};`,
  };
}

/**
 * Runs `queries` in one read-only transaction (the count and the page see the same snapshot) and
 * answers each one's rows and fields.
 */
export async function runReportQueries(
  target: ReportTarget,
  queries: readonly ReportQuery[],
  options: { timeoutMs: number; log: (error: unknown) => void },
): Promise<ReportAnswer[]> {
  const timeout = Math.max(1, Math.trunc(options.timeoutMs));
  try {
    if (target.kind === "embedded" && target.db.kind === "pglite") {
      // PGlite has one connection and no timer: statement_timeout is set but cannot fire (decision 057).
      const client = (target.db.orm as unknown as { $client: PGlite }).$client;
      return await client.transaction(async (tx: Transaction) => {
        const prologue = embeddedPrologue(target.tenantId, timeout);
        await tx.exec(`${prologue.insert}; ${prologue.settings}`);
        const answers: ReportAnswer[] = [];
        for (const query of queries) {
          const result = await tx.query<Record<string, unknown>>(query.text, [...query.values], { parsers: pgliteParsers });
          answers.push({ rows: plain(result.rows), fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) });
        }
        // Nothing to keep: end it without a commit.
        await tx.rollback();
        return answers;
      });
    }
    let client: pg.ClientBase;
    let release: () => Promise<void>;
    if (target.kind === "embedded") {
      const pool = (target.db.orm as unknown as { $client: pg.Pool }).$client;
      const connection = await pool.connect();
      client = connection;
      release = async () => connection.release();
    } else {
      const connection = new pg.Client({
        host: target.host,
        port: target.port,
        database: target.database,
        user: target.user,
        password: target.password,
        connectionTimeoutMillis: 5000,
      });
      connection.on("error", () => undefined);
      await connection.connect();
      client = connection;
      release = () => connection.end().catch(() => undefined);
    }
    try {
      if (target.kind === "embedded") {
        const prologue = embeddedPrologue(target.tenantId, timeout);
        await client.query("BEGIN");
        await client.query(prologue.insert);
        await client.query(prologue.settings);
      } else {
        await client.query("BEGIN READ ONLY");
        await client.query(`SET LOCAL statement_timeout = ${timeout}`);
      }
      const answers: ReportAnswer[] = [];
      for (const query of queries) {
        const result = await client.query({ text: query.text, values: [...query.values], types: pgTypes });
        answers.push({ rows: plain(result.rows as Record<string, unknown>[]), fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) });
      }
      await client.query("ROLLBACK");
      return answers;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      await release();
    }
  } catch (error) {
    throw reportFailure(error, options.log);
  }
}

/** field_type of a result column (onl_cgreport_item), from its PostgreSQL type. */
export function fieldTypeOf(dataTypeID: number): string {
  if (dataTypeID === 21 || dataTypeID === 23) return "Integer";
  if (dataTypeID === 20) return "Long";
  if (dataTypeID === 700 || dataTypeID === 701) return "Double";
  if (dataTypeID === 1700) return "BigDecimal";
  if (dataTypeID === 1082) return "Date";
  if (dataTypeID === 1114 || dataTypeID === 1184) return "Datetime";
  return "String";
}
