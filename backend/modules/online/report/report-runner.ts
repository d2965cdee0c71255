// Runs a checked report statement (./report-sql.ts) in a read-only transaction with a statement
// timeout, refused above a cost limit and taking turns (docs/decisions/142): on the embedded database under the role school_report_reader, which reads only the
// views of schema `report`, each filtered to the report's tenant by the database (migration 0350,
// docs/decisions/078); on a data source (数据源管理) as its own user over a connection of its own
// (docs/decisions/057).
// Values come back as the database's text for dates and times, so both drivers answer alike.
import type pg from "pg";
import { loadPg, type Pg } from "../../../db/drivers";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { ReportMessages } from "#contract/modules/online-report";
import { whenQuiet, type Database } from "../../../db/client";
import { ApiError } from "../../../http/envelope";
import { schoolClockZone } from "../../../clock";

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
const pgTypesOf = (pg: Pg) => ({
  getTypeParser: (oid: number, format?: string) => (TEXT_TYPES.includes(oid) ? keepText : pg.types.getTypeParser(oid, format as "text")),
});
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
 * Times with a zone are kept as the database writes them: written in the school's zone, like every
 * other time the product shows (docs/decisions/133), not in the server's session zone.
 */
function schoolZoneSetting(): string {
  return `SET LOCAL TIME ZONE '${schoolClockZone().replace(/'/g, "''")}';`;
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
    settings: `SET TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${timeout}; ${schoolZoneSetting()} SET LOCAL search_path = report; SET LOCAL enable_sort = off; SET LOCAL work_mem = '16MB'; SET LOCAL ROLE ${REPORT_ROLE};`,
  };
}

/** One report transaction's statements: each answers its rows and fields. */
interface ReportSession {
  query(text: string, values?: ReadonlyArray<unknown>): Promise<ReportAnswer>;
}

const answerOf = (result: { rows: unknown[]; fields: ReadonlyArray<{ name: string; dataTypeID: number }> }): ReportAnswer => ({
  rows: plain(result.rows as Record<string, unknown>[]),
  fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
});

/**
 * Runs `work` in one read-only report transaction on `target` (embedded: the tenant, the role and the
 * views of embeddedPrologue; a data source: its own user) and ends it without a commit.
 */
async function inReportTransaction<T>(target: ReportTarget, timeout: number, work: (session: ReportSession) => Promise<T>): Promise<T> {
  if (target.kind === "embedded" && target.db.kind === "pglite") {
    // PGlite has one connection and no timer: statement_timeout is set but cannot fire (decision 142).
    const client = (target.db.orm as unknown as { $client: PGlite }).$client;
    return client.transaction(async (tx: Transaction) => {
      const prologue = embeddedPrologue(target.tenantId, timeout);
      await tx.exec(`${prologue.insert}; ${prologue.settings}`);
      const result = await work({ query: async (text, values = []) => answerOf(await tx.query<Record<string, unknown>>(text, [...values], { parsers: pgliteParsers })) });
      await tx.rollback();
      return result;
    });
  }
  const pg = await loadPg();
  const pgTypes = pgTypesOf(pg);
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
      await client.query(`SET LOCAL statement_timeout = ${timeout}; ${schoolZoneSetting()}`);
    }
    const result = await work({ query: async (text, values = []) => answerOf(await client.query({ text, values: [...values], types: pgTypes })) });
    await client.query("ROLLBACK");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await release();
  }
}

// ---------------------------------------------------------------------------------------------
// A report can't stall the school (issue #27 item 2, docs/decisions/142).

/** EXPLAIN's total cost above which a run (its queries together) is refused, by database. */
export const DEFAULT_REPORT_COST_LIMIT = { pglite: 20_000, postgres: 5_000_000 } as const;
/** Reports running at once on one embedded database: PGlite has one connection, the pool ten. */
const REPORT_SLOTS = { pglite: 1, postgres: 2 } as const;
/** PostgreSQL 15-17 add this to a Sort's cost when enable_sort is off (18 marks the node instead). */
const DISABLE_COST = 1e10;
/**
 * On PGlite a report starts once no other statement was asked for this long (or after waiting the
 * timeout): the statements of a request follow each other closer, so a list request in progress
 * finishes before the report takes the one connection.
 */
const QUIET_MS = 30;
/** After a PGlite report ran past the timeout, the tenant's reports wait this long. */
export const REPORT_COOLING_MS = 10 * 60_000;

interface PlannedQuery {
  cost: number;
  /** `schema.table` of every table the plan reads. */
  tables: string[];
}

/** The planner's estimate of a query (without the penalty of sorts that enable_sort = off adds). */
async function planned(session: ReportSession, query: ReportQuery): Promise<PlannedQuery> {
  const { rows } = await session.query(`EXPLAIN (FORMAT JSON, VERBOSE) ${query.text}`, query.values);
  const raw = Object.values(rows[0] ?? {})[0];
  const document = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const root = document[0]!.Plan;
  let sorts = 0;
  const tables = new Set<string>();
  const walk = (node: PlanNode) => {
    if (node["Node Type"] === "Sort") sorts += 1;
    if (node["Relation Name"] && node.Schema) tables.add(`${node.Schema}.${node["Relation Name"]}`);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  const total = Number(root["Total Cost"]) || 0;
  return { cost: total - DISABLE_COST * Math.min(sorts, Math.floor(total / DISABLE_COST)), tables: [...tables] };
}

interface PlanNode {
  "Node Type"?: string;
  "Total Cost"?: number;
  "Relation Name"?: string;
  Schema?: string;
  Plans?: PlanNode[];
}

/** Tables the planner knows nothing of (never analysed: PGlite has no autovacuum). */
async function unanalysed(session: ReportSession, tables: readonly string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = await session.query(
    "SELECT n.nspname || '.' || c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND c.reltuples < 0 AND n.nspname || '.' || c.relname = ANY($1::text[])",
    [tables],
  );
  return rows.map((row) => String(row.name));
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** ANALYZE, one table a statement with a small sample (so a list request waits for one table at most). */
async function analyse(db: Database, tables: readonly string[], timeout: number) {
  for (const table of tables) {
    const [schema, name] = table.split(".") as [string, string];
    await whenQuiet(db, QUIET_MS, performance.now() + timeout);
    await db.execInTransaction(`SET LOCAL default_statistics_target = 10; ANALYZE ${quoteIdentifier(schema)}.${quoteIdentifier(name)}`);
  }
}

/** A counted set of places: take one (waiting at most `waitMs`), give it back. */
class Slots {
  private used = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly size: number) {}
  async take(waitMs: number): Promise<() => void> {
    if (this.used >= this.size) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(turn), 1);
          reject(new ApiError(ReportMessages.busy));
        }, waitMs);
        this.waiting.push(turn);
      });
    } else this.used += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.used -= 1;
    };
  }
}

const slotsByDatabase = new WeakMap<Database, Slots>();
const coolingByDatabase = new WeakMap<Database, Map<number, number>>();

/**
 * Runs `queries` in one read-only transaction (the count and the page see the same snapshot) and
 * answers each one's rows and fields. Before they run, EXPLAIN estimates them: above the cost limit
 * the run is refused (PGlite cannot stop a statement once it runs); tables never analysed are
 * analysed first so that the estimate means something. On the embedded database reports run one
 * (PGlite) or two (PostgreSQL) at a time, so that a list request always finds the connection soon.
 */
export async function runReportQueries(
  target: ReportTarget,
  queries: readonly ReportQuery[],
  options: { timeoutMs: number; costLimit?: number; log: (error: unknown) => void },
): Promise<ReportAnswer[]> {
  const timeout = Math.max(1, Math.trunc(options.timeoutMs));
  const kind = target.kind === "embedded" ? target.db.kind : "postgres";
  const costLimit = options.costLimit ?? DEFAULT_REPORT_COST_LIMIT[kind];
  let release = () => undefined as void;
  try {
    let cooling: Map<number, number> | undefined;
    if (target.kind === "embedded") {
      cooling = coolingByDatabase.get(target.db) ?? new Map<number, number>();
      coolingByDatabase.set(target.db, cooling);
      if ((cooling.get(target.tenantId) ?? 0) > Date.now()) throw new ApiError(ReportMessages.cooling);
      const slots = slotsByDatabase.get(target.db) ?? new Slots(REPORT_SLOTS[target.db.kind]);
      slotsByDatabase.set(target.db, slots);
      release = await slots.take(timeout);
    }
    type Outcome = { missing: string[]; answers?: undefined } | { answers: ReportAnswer[]; missing?: undefined };
    const run = (mayAnalyse: boolean) =>
      inReportTransaction(target, timeout, async (session): Promise<Outcome> => {
        const plans: PlannedQuery[] = [];
        for (const query of queries) plans.push(await planned(session, query));
        if (mayAnalyse) {
          const missing = await unanalysed(session, [...new Set(plans.flatMap((plan) => plan.tables))]);
          if (missing.length > 0) return { missing };
        }
        const cost = plans.reduce((sum, plan) => sum + plan.cost, 0);
        if (cost > costLimit) {
          options.log(new Error(`[report] refused: estimated cost ${Math.round(cost)} above ${costLimit}`));
          throw new ApiError(ReportMessages.tooCostly);
        }
        const answers: ReportAnswer[] = [];
        for (const query of queries) answers.push(await session.query(query.text, query.values));
        return { answers };
      });
    const quiet = async () => {
      if (target.kind === "embedded") await whenQuiet(target.db, QUIET_MS, performance.now() + timeout);
    };
    await quiet();
    const started = Date.now();
    let outcome = await run(target.kind === "embedded");
    if (outcome.missing && target.kind === "embedded") {
      await analyse(target.db, outcome.missing, timeout);
      await quiet();
      outcome = await run(false);
    }
    if (target.kind === "embedded" && target.db.kind === "pglite" && Date.now() - started > timeout) {
      // It could not be stopped: the school's next reports wait, and the estimate that let it through is logged.
      cooling?.set(target.tenantId, Date.now() + REPORT_COOLING_MS);
      options.log(new Error(`[report] ran ${Date.now() - started} ms on PGlite, past REPORT_TIMEOUT_MS ${timeout}; tenant ${target.tenantId} waits ${REPORT_COOLING_MS / 60_000} min`));
    }
    if (!outcome.answers) throw new ApiError(ReportMessages.failed);
    return outcome.answers;
  } catch (error) {
    throw reportFailure(error, options.log);
  } finally {
    release();
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
