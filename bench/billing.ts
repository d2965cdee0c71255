// Bill generation (issue #12 "Figures", part of the `school` section): a term's bills for 2,000
// active students × 6 projects, with allowances, on PGlite (the embedded default) and on a
// throw-away database of the local PostgreSQL server. Timed in-process through the backend's own
// service: the preview (read + plan) and the generation (one transaction: read again, number,
// write bills, items and receivables). Goal: preview + generation ≤ 3 s. Each backend runs three
// times on fresh databases and the median run is reported, with every run's total beside it.
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import type { Database } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { seedDatabase } from "../backend/seed";
import { generateBills, previewGeneration } from "../backend/modules/billing/bill/bill-generation";
import { freshPglite, freshPostgres, medianOfFreshRuns, type FreshDatabase } from "./fresh-runs";
import { round } from "./lib";

const STUDENTS = 2_000;
export const BILLING_GOALS = { generation2000x6Ms: 3000 } as const;

async function prepare(db: Database): Promise<void> {
  await migrate(db);
  await seedDatabase(db, { adminPassword: "Bench-Admin-2026" });
  // Only the bench's students (the demo school's issued records are never deleted: its students
  // leave instead); the six demo projects all billed each term.
  await db.rows(sql`update school_student set status = '4'`);
  await db.rows(sql`update bill_project set period = '3' where period = '1'`);
  await db.rows(sql`
    insert into school_student (id, tenant_id, student_no, name_cn, status, corp_id, create_by)
    select 'gen' || g, 1, 'G' || lpad(g::text, 6, '0'), '学生' || g, '1',
           case when g % 3 = 0 then null else (select id from school_corporation order by id offset (g % 20) limit 1) end, 'bench'
    from generate_series(1, ${STUDENTS}) g`);
  await db.rows(sql`
    insert into school_student_parent (id, tenant_id, student_id, parent_id, relation, is_payer)
    select 'genp' || g, 1, 'gen' || g, (select id from school_parent order by id offset (g % 100) limit 1), '1', true
    from generate_series(3, ${STUDENTS}, 3) g`);
}

async function timeGeneration(db: Database): Promise<Record<string, number>> {
  const request = { tenantId: 1, timeZone: "Asia/Shanghai", schoolYear: "2027-2028", term: "1", dueDate: null };
  const started = performance.now();
  const plan = await previewGeneration(db, request);
  const previewMs = performance.now() - started;
  const outcome = await generateBills(db, request, "bench");
  const totalMs = performance.now() - started;
  const [counts] = await db.rows<{ bills: number | string; items: number | string }>(
    sql`select (select count(*) from bill_bill where school_year = '2027-2028') as bills,
               (select count(*) from bill_bill_item i join bill_bill b on b.id = i.bill_id where b.school_year = '2027-2028') as items`,
  );
  if (outcome.created !== STUDENTS || Number(counts!.bills) !== STUDENTS) throw new Error(`expected ${STUDENTS} bills, created ${outcome.created}`);
  return {
    students: STUDENTS,
    projects: plan.bills[0]!.items.length,
    bills: Number(counts!.bills),
    items: Number(counts!.items),
    previewMs: round(previewMs, 0),
    generateMs: round(totalMs - previewMs, 0),
    totalMs: round(totalMs, 0),
  };
}

/** Runs per backend, each on a fresh database: the median run is the figure (a shared 2-core machine is noisy). */
const RUNS = 3;

const medianRun = (open: () => Promise<FreshDatabase>) => medianOfFreshRuns(open, prepare, timeGeneration, "totalMs", RUNS);

/** The generation on PGlite alone: the median of three fresh databases (section `billing`, issue #32). */
export function billGenerationOnPglite(): Promise<Record<string, unknown>> {
  return medianRun(freshPglite);
}

export async function benchBillGeneration(): Promise<Record<string, unknown>> {
  const start = round(loadavg()[0]!, 2);
  const onPglite = await billGenerationOnPglite();
  const onPostgres = await medianRun(freshPostgres("bench_billing"));
  return { pglite: onPglite, postgres: onPostgres, runs: RUNS, goals: BILLING_GOALS, loadAverage: { start, end: round(loadavg()[0]!, 2) } };
}

export function summarizeBillGeneration(result: Record<string, unknown> | undefined): string[] {
  const line = (name: string, figures?: Record<string, number | number[]>) =>
    `bill generation on ${name} (${figures?.students} students × ${figures?.projects} projects): preview ${figures?.previewMs} ms + generation ${figures?.generateMs} ms = ${figures?.totalMs} ms, median of ${String(figures?.runsTotalMs ?? "")} (goal ≤ 3000)`;
  const load = result?.loadAverage as { start: number; end: number } | undefined;
  return [
    ...(load ? [`load average ${load.start} → ${load.end}`] : []),
    line("PGlite", result?.pglite as Record<string, number | number[]>),
    line("PostgreSQL", result?.postgres as Record<string, number | number[]>),
  ];
}
